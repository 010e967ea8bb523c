/*
 * file_int.h - what the readers and writers of maze files share: a
 * cursor over the text with error positions, the size check made before
 * a grid is allocated, the walls made consistent after a read, and a
 * buffered sink for the writers.
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

/* The readers: r->pos at the start of the text; g to be resized. */
mz_status mzf_read_mzb(mzf_reader *r, mz_grid *g);
mz_status mzf_read_json(mzf_reader *r, mz_grid *g);
mz_status mzf_read_ascii(mzf_reader *r, mz_grid *g);
mz_status mzf_read_blocks(mzf_reader *r, mz_grid *g);

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

/* The writers: the format holds the grid (checked by the caller for the
 * square-only formats). */
mz_status mzf_write_mzb(const mz_grid *g, mzf_out *w);
mz_status mzf_write_json(const mz_grid *g, mzf_out *w);
mz_status mzf_write_ascii(const mz_grid *g, mzf_out *w);
mz_status mzf_write_blocks(const mz_grid *g, const mz_file_opts *o, mzf_out *w);

/* Can cells of shape s carry MZ_BLOCKED (shapes of at most four ports)? */
static inline bool mzf_blockable(mz_shape s) { return mz_shape_ports(s) <= 4; }

/* The bits a cell byte of g's shape may hold. */
static inline unsigned mzf_cell_mask(mz_shape s)
{
    return mz_shape_walls(s) | (mzf_blockable(s) ? MZ_BLOCKED : 0u);
}

#endif /* MZ_FILE_INT_H */
