/*
 * ascii.c - the "+--+" drawing of a maze of square cells: a line of posts
 * and walls above each row of cells, a line of west walls and cell bodies
 * for it, and the line of the south border last:
 *
 *   +--+--+--+
 *   |     |  |
 *   +--+  +  +
 *   |        |
 *   +--+--+--+
 *
 * Reading: the width of a cell is what lies between the first two posts
 * of the first line (one character or more), its height the lines down to
 * the next line that starts with '+'. Every line of walls is as long as
 * the first, the drawing ends with one and the south border is closed: a
 * drawing cut short is refused, never read as a smaller maze. A wall
 * segment is open when it is all spaces (or past the end of a short row
 * line), closed otherwise; a cell whose
 * body is all '#' is blocked; other characters in a body (a path's dots,
 * letters) are left alone. Text after the drawing, from a line that
 * starts with another character than '+', '|' or a space just after a
 * line of walls, is not read (the figures `gen --format ascii` prints
 * below its drawing). Writing: the drawing `gen --format ascii` prints,
 * two characters a cell, "##" for a blocked cell.
 */
#include "lines.h"

#include <string.h>

/* Is [at, at + n) of line l all spaces (or past its end)? */
static bool blank(const mzf_reader *r, const mzf_line *l, size_t at, size_t n)
{
    for (size_t k = at; k < at + n && k < l->len; k++)
        if (r->t[l->at + k] != ' ')
            return false;
    return true;
}

static bool all_hash(const mzf_reader *r, const mzf_line *l, size_t at, size_t n)
{
    for (size_t k = at; k < at + n; k++)
        if (k >= l->len || r->t[l->at + k] != '#')
            return false;
    return true;
}

static mz_status read_ascii(mzf_reader *r, mz_grid *g)
{
    mzf_line *l = NULL;
    size_t n = 0;
    mz_status s = mzf_lines(r, &l, &n);
    if (s != MZ_OK)
        return s;
    const char *t = r->t;
    /* Text after the drawing (the figures gen --format ascii prints below
     * it): from the first line that starts with neither '+', '|' nor a
     * space, when a line of walls comes just before it. */
    for (size_t k = 2; k < n; k++) {
        char c = l[k].len ? t[l[k].at] : ' ';
        if (c != '+' && c != '|' && c != ' ') {
            if (l[k - 1].len && t[l[k - 1].at] == '+')
                n = k;
            break;
        }
    }
    const mzf_line *first = &l[0];
    if (first->len == 0 || t[first->at] != '+') {
        s = mzf_fail(r, first->at, "an ascii maze starts with '+'");
        goto done;
    }
    size_t line_len = first->len;
    while (line_len > 1 && t[first->at + line_len - 1] == ' ')
        line_len--;
    const char *post = line_len > 1 ? memchr(t + first->at + 1, '+', line_len - 1) : NULL;
    if (!post) {
        s = mzf_fail(r, first->at + line_len, "the first line has one post '+': no cell");
        goto done;
    }
    size_t w = (size_t)(post - (t + first->at)) - 1, step = w + 1;
    if (w == 0) {
        s = mzf_fail(r, first->at + 1, "two posts '+' side by side: a cell has no width");
        goto done;
    }
    if ((line_len - 1) % step != 0) {
        s = mzf_fail(r, first->at + line_len - 1,
                     "the first line is %zu characters: not %zu a cell and a post more", line_len,
                     step);
        goto done;
    }
    uint64_t cols = (line_len - 1) / step;
    size_t h = 1;
    while (h < n && !(l[h].len && t[l[h].at] == '+'))
        h++;
    if (h >= n) {
        s = mzf_fail(r, l[n - 1].at + l[n - 1].len, "no line of walls closes the first row");
        goto done;
    }
    h--; /* lines of a row of cells */
    if (h == 0) {
        s = mzf_fail(r, l[1].at, "two lines of walls one after the other: a row has no height");
        goto done;
    }
    if ((n - 1) % (h + 1) != 0) {
        if (!(l[n - 1].len && t[l[n - 1].at] == '+'))
            s = mzf_fail(r, l[n - 1].at, "the drawing is cut inside a row of cells: no line of "
                         "walls closes it");
        else
            s = mzf_fail(r, l[n - 1].at, "%zu lines: not %zu a row and a line of walls more", n,
                         h + 1);
        goto done;
    }
    uint64_t rows = (n - 1) / (h + 1);
    for (size_t k = 0; k < n; k++) {
        bool wall_line = k % (h + 1) == 0;
        if (wall_line != (l[k].len && t[l[k].at] == '+')) {
            s = mzf_fail(r, l[k].at, wall_line ? "a line of walls should start with '+' here"
                                               : "a row of cells should not start with '+' here");
            goto done;
        }
        if (wall_line && l[k].len < line_len) {
            s = mzf_fail(r, l[k].at + l[k].len,
                         k + 1 == n ? "the drawing is cut: its last line of walls ends after %zu "
                                      "characters, the first after %zu"
                                    : "the line of walls ends after %zu characters, the first "
                                      "after %zu",
                         l[k].len, line_len);
            goto done;
        }
        if (!blank(r, &l[k], line_len, SIZE_MAX - line_len)) {
            size_t at = line_len;
            while (t[l[k].at + at] == ' ')
                at++;
            s = mzf_fail(r, l[k].at + at, "the line is longer than the first");
            goto done;
        }
    }
    /* The south border closed: a drawing cut just after a line of walls
     * inside the maze would otherwise read as a smaller maze open to the
     * south. */
    for (uint64_t x = 0; x < cols; x++)
        if (blank(r, &l[n - 1], (size_t)x * step + 1, w)) {
            s = mzf_fail(r, l[n - 1].at + (size_t)x * step + 1,
                         "a gap in the south border: the drawing is cut after a line of walls "
                         "(an exit drawn as a gap goes in the north, west or east border)");
            goto done;
        }
    mz_dims d = *MZ_SQUARE(rows, cols);
    if ((s = mzf_size_ok(r, &d, false, 0)) != MZ_OK || (s = mz_grid_resize(g, &d)) != MZ_OK)
        goto done;
    for (uint64_t y = 0; y < rows; y++) {
        const mzf_line *top = &l[y * (h + 1)], *mid = top + 1, *bot = top + h + 1;
        for (uint64_t x = 0; x < cols; x++) {
            size_t at = (size_t)x * step;
            unsigned b = 0;
            if (!blank(r, top, at + 1, w))
                b |= MZ_WALL_N;
            if (!blank(r, bot, at + 1, w))
                b |= MZ_WALL_S;
            if (!blank(r, mid, at, 1))
                b |= MZ_WALL_W;
            if (!blank(r, mid, at + step, 1))
                b |= MZ_WALL_E;
            if (all_hash(r, mid, at + 1, w))
                b |= MZ_BLOCKED;
            g->c[y * cols + x] = (uint8_t)b;
        }
    }
    mzf_settle(g, r->info);
done:
    free(l);
    return s;
}

static mz_status write_ascii(const mz_grid *g, const mz_file_opts *o, mzf_out *w)
{
    (void)o;
    const uint8_t *c = g->c;
    const uint64_t rows = g->rows, cols = g->cols;
    for (uint64_t y = 0; y <= rows; y++) {
        /* The line of north walls (the south border last). */
        for (uint64_t x = 0; x < cols; x++) {
            bool shut = y < rows ? (c[y * cols + x] & MZ_WALL_N) != 0
                                 : (c[(rows - 1) * cols + x] & MZ_WALL_S) != 0;
            mzf_out_str(w, shut ? "+--" : "+  ");
        }
        mzf_out_str(w, "+\n");
        if (y == rows)
            break;
        /* The line of west walls and cell bodies. */
        for (uint64_t x = 0; x < cols; x++) {
            unsigned b = c[y * cols + x];
            mzf_out_char(w, (b & MZ_WALL_W) ? '|' : ' ');
            mzf_out_str(w, (b & MZ_BLOCKED) ? "##" : "  ");
        }
        mzf_out_str(w, (c[y * cols + cols - 1] & MZ_WALL_E) ? "|\n" : " \n");
    }
    return MZ_OK;
}

/* ---- the record ---- */

/* A drawing starts with a post. */
static int detect_ascii(const char *t, size_t len) { return len && t[0] == '+' ? 2 : 0; }

static mz_status holds_ascii(const mz_grid *g, const mz_file_opts *o)
{
    (void)o;
    return mzf_south_gap(g) ? MZ_EUNSUPPORTED : MZ_OK;
}

const mzf_format mzf_format_ascii = {
    .name = "ascii",
    .ext = ".txt",
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO),
    .lossless = false,
    .detect = detect_ascii,
    .read = read_ascii,
    .holds = holds_ascii,
    .write = write_ascii,
};
