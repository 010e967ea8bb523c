/*
 * file_int.h - what the readers and writers of maze files share: a
 * cursor over the text with error positions, the size check made before
 * a grid is allocated, the walls made consistent after a read, a
 * buffered sink for the writers, and the record every format is.
 */
#ifndef MZ_FILE_INT_H
#define MZ_FILE_INT_H

#include "../mazebench.h"
#include "../mazebench_file.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A read in progress: the text, the options (defaults filled in) and the
 * caller's info (never NULL here: the entry point supplies a local one). */
typedef struct mzf_reader {
    const char *t;
    size_t len;
    size_t pos;
    const mz_file_opts *o;
    mz_file_info *info;
    uint64_t max; /* most bytes the grid (and a reader's own tables) may take */
} mzf_reader;

/* Fail at byte offset at of the text: info's line and col from it, the
 * reason formatted into info->err. Returns MZ_EFORMAT. */
mz_status mzf_fail(mzf_reader *r, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Fail without a text position (line and col 0), with status s. */
mz_status mzf_fail_at_none(mzf_reader *r, mz_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* May a grid of dims (and its tiles when tiles) be allocated under the
 * options' budget? MZ_ETOOBIG with a reason in info when not, MZ_EFORMAT
 * for dims no grid can take (at: where they were read). */
mz_status mzf_size_ok(mzf_reader *r, const mz_dims *d, bool tiles, size_t at);

/* Make every pair of ports agree: a wall open on one side and closed on
 * the other is closed, and so is every open port of a blocked cell (on
 * the shapes whose cells can be blocked); each counted in
 * info->inconsistent. */
void mzf_settle(mz_grid *g, mz_file_info *info);

/* A buffered sink. */
typedef struct mzf_out {
    mz_file_put put;
    void *user;
    size_t n;
    bool failed;
    char buf[4096];
} mzf_out;

void mzf_out_init(mzf_out *w, mz_file_put put, void *user);
void mzf_out_bytes(mzf_out *w, const char *s, size_t n);
void mzf_out_str(mzf_out *w, const char *s);
void mzf_out_char(mzf_out *w, char c);
void mzf_out_u64(mzf_out *w, uint64_t v);
/* Flush what is buffered: MZ_EIO when the sink failed at any point. */
mz_status mzf_out_end(mzf_out *w);

/* Does the south border of g (square cells) have a gap? The drawings'
 * readers take one for a drawing cut short, so their writers refuse it. */
bool mzf_south_gap(const mz_grid *g);

/* ---- the format table ----
 *
 * A format is one record, defined at the end of its own file (ascii.c,
 * blocks.c, json.c, mzb.c), and mzf_formats (file.c) holds one record per
 * mz_file_format value but AUTO. Everything the entry points, the names,
 * the extensions, detection and the public questions about a format
 * (mz_file_format_shapes, _lossless, _holds, _names) come from the
 * records; no switch over mz_file_format is left in src/file/.
 * docs/extending.md, "Adding a maze file format", gives the steps. */
typedef struct mzf_format {
    /* Its name (mz_file_format_name, --format, the format column) and the
     * extension a file name of it ends in (".txt"; case ignored when read,
     * mz_file_format_from_path). */
    const char *name;
    const char *ext;
    /* The shapes it holds, as MZ_SHAPE_BIT bits (a write of another shape
     * is MZ_EUNSUPPORTED before any byte). */
    unsigned shapes;
    /* True when a grid written and read back is the same grid: its bytes,
     * entrance, exit, flags and tiles. False: the walls and blocked cells
     * only (the digest); a read then takes the ends from the border's
     * gaps (file.c, find_ends). */
    bool lossless;
    /* How surely text[0..len) (after a byte order mark) is of this format:
     * 0 not, 1 anything may be (the one fallback), 2 its syntax starts so,
     * 3 its magic word. MZ_FILE_AUTO reads the highest; a tie goes to the
     * first record. */
    int (*detect)(const char *text, size_t len);
    /* Read r's text from r->pos into g (to be resized); fail through
     * mzf_fail with a position, or mzf_fail_at_none. */
    mz_status (*read)(mzf_reader *r, mz_grid *g);
    /* Can write take g (of a shape in shapes) with options o? MZ_OK,
     * MZ_EUNSUPPORTED or MZ_EINVAL, before any byte is written. NULL:
     * every grid of its shapes. */
    mz_status (*holds)(const mz_grid *g, const mz_file_opts *o);
    /* Write g (holds said yes) through w. */
    mz_status (*write)(const mz_grid *g, const mz_file_opts *o, mzf_out *w);
} mzf_format;

extern const mzf_format mzf_format_ascii;
extern const mzf_format mzf_format_blocks;
extern const mzf_format mzf_format_json;
extern const mzf_format mzf_format_mzb;

/* One record per format, indexed by mz_file_format; [MZ_FILE_AUTO] is
 * NULL (file.c, where an assertion holds it to MZ_FILE_FORMAT_COUNT
 * lines). */
extern const mzf_format *const mzf_formats[];

/* The record of f, or NULL for AUTO and a value out of range. */
static inline const mzf_format *mzf_format_of(mz_file_format f)
{
    return (unsigned)f < MZ_FILE_FORMAT_COUNT ? mzf_formats[f] : NULL;
}

/* Can cells of shape s carry MZ_BLOCKED (shapes of at most four ports)? */
static inline bool mzf_blockable(mz_shape s) { return mz_shape_ports(s) <= 4; }

/* The bits a cell byte of g's shape may hold. */
static inline unsigned mzf_cell_mask(mz_shape s)
{
    return mz_shape_walls(s) | (mzf_blockable(s) ? MZ_BLOCKED : 0u);
}

#endif /* MZ_FILE_INT_H */
