/*
 * mazebench_file.h - part of the public C API of the mazebench library:
 * maze files, read and written (docs/maze-files.md).
 * Not included by mazebench.h: a program that uses them includes this
 * header after mazebench.h.
 *
 * Four formats (the table of src/file/file.c, one record a format; the
 * functions at the end of this header answer from it):
 *   ascii   the "+--+" drawing most maze programs print (and `gen
 *           --format ascii` writes): square cells only;
 *   blocks  one character (or cell_w x cell_h characters) a block, walls
 *           and passages as blocks: square cells only;
 *   json    an array of cells {"x","y","top","left","bottom","right"}
 *           (true = wall), flat or as an array of rows: square cells only;
 *   mzb     mazebench's own text format: a header line and the cell
 *           bytes in hex, lossless for every shape (entrance, exit, flags
 *           and tiles included).
 * Reading never crashes and never allocates before the size it reads is
 * checked against the text (which must hold that many cells), the size
 * expected (mz_file_opts.expect) and the budget. The formats but mzb give no entrance and
 * exit: a read takes the first and the last cell with a gap in the border
 * when two cells have one, else the first open cell and the last.
 */
#ifndef MAZEBENCH_FILE_H
#define MAZEBENCH_FILE_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mz_file_format {
    MZ_FILE_AUTO = 0, /* reading: detected from the text */
    MZ_FILE_ASCII,
    MZ_FILE_BLOCKS,
    MZ_FILE_JSON,
    MZ_FILE_MZB,
    MZ_FILE_FORMAT_COUNT
} mz_file_format;

/* Block layouts (mz_file_opts.layout). */
enum {
    MZ_BLOCKS_ROOMS = 0, /* a (2R+1) x (2C+1) page: rooms on odd rows and
                          * columns, the blocks between them walls or passages */
    MZ_BLOCKS_CELLS = 1  /* every block a cell: wall blocks are MZ_BLOCKED
                          * cells, open neighbours are joined */
};

/* Options of a read or a write; NULL means all defaults (a zeroed struct
 * is the defaults too). */
typedef struct mz_file_opts {
    mz_file_format format;   /* reading: AUTO detects it from the text */
    const char *wall_chars;  /* blocks: the characters (UTF-8 sequences) that
                              * are wall; NULL: "#", "X", "1" and U+2588 (a
                              * full block); every other character is open.
                              * Writing: the first character is the wall */
    unsigned cell_w, cell_h; /* blocks: characters a block takes across and
                              * down the page; 0: 1 */
    int layout;              /* blocks: MZ_BLOCKS_ROOMS or MZ_BLOCKS_CELLS */
    uint64_t max_bytes;      /* most bytes the grid may take; 0: the memory
                              * budget (mzu_mem_budget) */
    mz_dims expect;          /* reading: the only size (shape, levels, rows,
                              * cols) the text may give, checked before
                              * anything is allocated; rows 0: any size */
} mz_file_opts;

/* What a read found. */
typedef struct mz_file_info {
    mz_file_format format; /* the format read */
    uint64_t inconsistent; /* walls open on one side and closed on the other
                            * (a blocked cell's open side counts too): made
                            * closed, counted here */
    uint64_t line, col;    /* where a read failed (1-based; col counts
                            * bytes), 0 when not a text position */
    char err[200];         /* why, one line, no newline; "" on success */
} mz_file_info;

/* Read a maze from text[0..len) into g (initialised by mz_grid_init or
 * zeroed; resized here, its allocator kept). The text need not be
 * NUL-terminated. Optional: o, info.
 * MZ_EFORMAT: the text is not a maze of the format (info says where and
 * why), a drawing cut short or a header that claims more cells than the
 * text holds included; MZ_ETOOBIG: the size the text gives is refused
 * before anything is allocated: it is not o->expect (when set), or it
 * passes max_bytes or MZ_MAX_CELLS (info->err says which); MZ_EINVAL: bad
 * options; MZ_ENOMEM. On an error g may have been resized. */
MZ_API mz_status mz_file_read(const char *text, size_t len, const mz_file_opts *o, mz_grid *g,
                              mz_file_info *info);

/* The writer's sink: 0 to go on, non-zero stops the write with MZ_EIO. */
typedef int (*mz_file_put)(void *user, const char *buf, size_t n);

/* Write g in format f (not AUTO) through put. MZ_EUNSUPPORTED when the
 * format cannot hold the grid (ascii, blocks and json hold square cells
 * only; blocks of the rooms layout no blocked cells; ascii and blocks of
 * the rooms layout no gap in the south border, which their readers take
 * for a drawing cut short), before any byte is written; MZ_EINVAL for a bad
 * format or options, MZ_EIO when put fails, MZ_ENOMEM. Optional: o. */
MZ_API mz_status mz_file_write(const mz_grid *g, mz_file_format f, const mz_file_opts *o,
                               mz_file_put put, void *user);

/* Can mz_file_write(g, f, o, ...) write g? MZ_OK, or what the write
 * would return before any byte: MZ_EUNSUPPORTED (the format does not hold
 * the grid), MZ_EINVAL (no grid, AUTO or a bad format, bad options).
 * Optional: o. */
MZ_API mz_status mz_file_format_holds(const mz_grid *g, mz_file_format f, const mz_file_opts *o);

/* ---- The formats ----
 * Every list of formats a program shows (its help, its errors) is best
 * made from these, so that a format added to the library is in it. */

/* "auto", "ascii", "blocks", "json", "mzb"; NULL for a value out of range. */
MZ_API const char *mz_file_format_name(mz_file_format f);
/* The format of a name above; MZ_ENOTFOUND for another one. */
MZ_API mz_status mz_file_format_parse(const char *name, mz_file_format *f);
/* The extension a file of format f is named with: ".txt" (ascii),
 * ".blocks", ".json", ".mzb"; NULL for AUTO and a value out of range. */
MZ_API const char *mz_file_format_ext(mz_file_format f);
/* The format whose extension path ends in (case ignored); MZ_ENOTFOUND
 * for another ending or none. */
MZ_API mz_status mz_file_format_from_path(const char *path, mz_file_format *f);
/* The shapes format f holds, as MZ_SHAPE_BIT bits (MZ_SHAPES_ALL: every
 * shape); 0 for AUTO and a value out of range. */
MZ_API unsigned mz_file_format_shapes(mz_file_format f);
/* Does a grid written in f read back the same grid: its cells, entrance,
 * exit, flags and tiles (mzb)? The others keep the walls and blocked
 * cells (the digest); their reader finds the ends as said at the top. */
MZ_API bool mz_file_format_lossless(mz_file_format f);
/* The names of the formats (AUTO not among them) that hold every shape of
 * shapes (MZ_SHAPE_BIT bits; 0: every format), in the order of
 * mz_file_format, parted by sep and the last two by last (NULL: ", " and
 * sep): "ascii, blocks, json or mzb" from ", " and " or ". Written into
 * buf[0..len) as snprintf does (cut short but terminated; buf may be NULL
 * when len is 0); returns the length of the whole list. */
MZ_API size_t mz_file_format_names(char *buf, size_t len, unsigned shapes, const char *sep,
                                   const char *last);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_FILE_H */
