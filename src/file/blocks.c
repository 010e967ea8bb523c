/*
 * blocks.c - mazes drawn in blocks of characters, each block cell_w
 * characters across and cell_h lines down (1x1 by default), a block a
 * wall when its first (top-left) character is one of the wall characters.
 * Characters are UTF-8 sequences (a byte that starts none is a character
 * of its own).
 *
 * Layout ROOMS: a page of (2R+1) x (2C+1) blocks; the rooms (cells) on
 * odd rows and columns (a wall block there: a blocked cell), the blocks
 * between two rooms a passage when open, the border blocks the border's
 * walls, the corners ignored.
 * Layout CELLS: every block a cell; a wall block a blocked cell, two open
 * blocks side by side joined.
 * Every line is as wide as the first (longer only by trailing white
 * space), the lines are whole rows of blocks, and the rooms layout's south
 * border is closed: a page cut short is refused, never read as a smaller
 * maze.
 */
#include "lines.h"

#include <string.h>

/* The length of the UTF-8 character at t[0..n), at least 1. */
static size_t u8len(const char *t, size_t n)
{
    unsigned char c = (unsigned char)t[0];
    size_t want = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF8 ? 4 : 1;
    if (want > n)
        return 1;
    for (size_t k = 1; k < want; k++)
        if (((unsigned char)t[k] & 0xC0) != 0x80)
            return 1;
    return want;
}

/* Characters of [t, t + n). */
static size_t u8count(const char *t, size_t n)
{
    size_t k = 0, m = 0;
    while (k < n) {
        k += u8len(t + k, n - k);
        m++;
    }
    return m;
}

static const char default_walls[] = "#X1\xE2\x96\x88"; /* # X 1 U+2588 */

/* The wall characters: one-byte ones in a table, longer ones listed. */
typedef struct wallset {
    bool byte[256];
    const char *walls; /* the whole list, for the longer ones */
    bool multi;        /* any longer one */
} wallset;

static void wallset_init(wallset *w, const char *walls)
{
    memset(w, 0, sizeof *w);
    w->walls = walls;
    size_t len = strlen(walls);
    for (size_t k = 0; k < len;) {
        size_t m = u8len(walls + k, len - k);
        if (m == 1)
            w->byte[(unsigned char)walls[k]] = true;
        else
            w->multi = true;
        k += m;
    }
}

static bool is_wall(const wallset *w, const char *c, size_t n)
{
    if (n == 1)
        return w->byte[(unsigned char)c[0]];
    if (!w->multi)
        return false;
    size_t len = strlen(w->walls);
    for (size_t k = 0; k < len;) {
        size_t m = u8len(w->walls + k, len - k);
        if (m == n && memcmp(w->walls + k, c, n) == 0)
            return true;
        k += m;
    }
    return false;
}

static inline bool bit(const uint64_t *b, uint64_t i) { return (b[i >> 6] >> (i & 63)) & 1; }

static mz_status read_blocks(mzf_reader *r, mz_grid *g)
{
    const mz_file_opts *o = r->o;
    wallset ws;
    wallset_init(&ws, o->wall_chars && o->wall_chars[0] ? o->wall_chars : default_walls);
    const size_t cw = o->cell_w ? o->cell_w : 1, ch = o->cell_h ? o->cell_h : 1;
    mzf_line *l = NULL;
    size_t n = 0;
    uint64_t *page = NULL;
    mz_status s = mzf_lines(r, &l, &n);
    if (s != MZ_OK)
        return s;
    const char *t = r->t;
    /* The page is as wide as its first line (in characters); no line is
     * shorter (a page cut mid-line, or lines of several widths, is no
     * page), and a longer one only by trailing white space. So the page,
     * and the grid, are no larger than the text. */
    const size_t width = u8count(t + l[0].at, l[0].len);
    if (width == 0) {
        s = mzf_fail(r, l[0].at, "no maze: the first line is empty");
        goto done;
    }
    for (size_t k = 1; k < n; k++) {
        const char *p = t + l[k].at;
        size_t left = l[k].len, m = 0;
        while (left && m < width) {
            size_t u = u8len(p, left);
            p += u;
            left -= u;
            m++;
        }
        if (m < width) {
            s = mzf_fail(r, l[k].at + l[k].len,
                         k + 1 == n ? "the page is cut: its last line is %zu characters, the "
                                      "first %zu"
                                    : "the line is %zu characters, the first %zu: a page's "
                                      "lines are all as wide (pad short ones with spaces)",
                         m, width);
            goto done;
        }
        while (left && (*p == ' ' || *p == '\t'))
            p++, left--;
        if (left) {
            s = mzf_fail(r, (size_t)(p - t), "the line is longer than the first");
            goto done;
        }
    }
    if (n % ch != 0) {
        s = mzf_fail(r, l[n - 1].at + l[n - 1].len,
                     "the page is cut: %zu lines, not a multiple of the %zu lines of a block", n,
                     ch);
        goto done;
    }
    const uint64_t bw = (width + cw - 1) / cw, bh = n / ch; /* the page in blocks */
    mz_dims d;
    if (o->layout == MZ_BLOCKS_ROOMS) {
        if (bw % 2 == 0 || bh % 2 == 0 || bw < 3 || bh < 3) {
            /* Where: the last line when the rows are wrong (a page cut
             * after a line), else the first line's end. */
            bool rows_bad = bh % 2 == 0 || bh < 3;
            s = mzf_fail(r, rows_bad ? l[n - 1].at + l[n - 1].len : l[0].at + l[0].len,
                         "a page of %llux%llu blocks: the rooms layout takes 2R+1 x 2C+1 "
                         "blocks, R and C from 1%s",
                         (unsigned long long)bh, (unsigned long long)bw,
                         rows_bad ? " (a page cut short?)" : "");
            goto done;
        }
        d = *MZ_SQUARE((bh - 1) / 2, (bw - 1) / 2);
    } else {
        d = *MZ_SQUARE(bh, bw);
    }
    if ((s = mzf_size_ok(r, &d, false, 0)) != MZ_OK)
        goto done;
    /* The page's wall blocks, one bit a block (no larger than the grid). */
    page = calloc((size_t)((bw * bh + 63) / 64), sizeof *page);
    if (!page) {
        s = MZ_ENOMEM;
        goto done;
    }
    for (size_t k = 0; k < n; k += ch) {
        const char *p = t + l[k].at;
        size_t left = l[k].len;
        for (uint64_t x = 0; left; x++) {
            size_t m = u8len(p, left);
            if (x % cw == 0 && is_wall(&ws, p, m)) {
                uint64_t i = (k / ch) * bw + x / cw;
                page[i >> 6] |= UINT64_C(1) << (i & 63);
            }
            p += m;
            left -= m;
        }
    }
    if (o->layout == MZ_BLOCKS_ROOMS)
        /* The south border closed: a page cut just after a row of walls
         * inside the maze would otherwise read as a smaller maze open to
         * the south. */
        for (uint64_t px = 1; px < bw; px += 2)
            if (!bit(page, (bh - 1) * bw + px)) {
                size_t k = (size_t)(bh - 1) * ch, at = 0;
                for (uint64_t c = 0; c < px * cw; c++)
                    at += u8len(t + l[k].at + at, l[k].len - at);
                s = mzf_fail(r, l[k].at + at,
                             "a gap in the south border: the page is cut after a row of walls "
                             "(an exit drawn as a gap goes in the north, west or east border)");
                goto done;
            }
    if ((s = mz_grid_resize(g, &d)) != MZ_OK)
        goto done;
    const uint64_t rows = g->rows, cols = g->cols;
    for (uint64_t y = 0; y < rows; y++)
        for (uint64_t x = 0; x < cols; x++) {
            unsigned b = 0;
            if (o->layout == MZ_BLOCKS_ROOMS) {
                uint64_t py = 2 * y + 1, px = 2 * x + 1;
                b |= bit(page, (py - 1) * bw + px) ? MZ_WALL_N : 0;
                b |= bit(page, (py + 1) * bw + px) ? MZ_WALL_S : 0;
                b |= bit(page, py * bw + px - 1) ? MZ_WALL_W : 0;
                b |= bit(page, py * bw + px + 1) ? MZ_WALL_E : 0;
                b |= bit(page, py * bw + px) ? MZ_BLOCKED : 0;
            } else if (bit(page, y * bw + x)) {
                b = MZ_WALLS | MZ_BLOCKED;
            } else {
                b = MZ_WALLS;
                if (y > 0 && !bit(page, (y - 1) * bw + x))
                    b &= ~(unsigned)MZ_WALL_N;
                if (y + 1 < rows && !bit(page, (y + 1) * bw + x))
                    b &= ~(unsigned)MZ_WALL_S;
                if (x > 0 && !bit(page, y * bw + x - 1))
                    b &= ~(unsigned)MZ_WALL_W;
                if (x + 1 < cols && !bit(page, y * bw + x + 1))
                    b &= ~(unsigned)MZ_WALL_E;
            }
            g->c[y * cols + x] = (uint8_t)b;
        }
    mzf_settle(g, r->info);
done:
    free(page);
    free(l);
    return s;
}

/* One line of the page: n blocks, each wall or not by at(k), each cw
 * characters wide. */
static void page_line(mzf_out *w, const char *wall, size_t wall_len, size_t cw, uint64_t n,
                      bool (*at)(const mz_grid *, uint64_t, uint64_t), const mz_grid *g, uint64_t py)
{
    for (uint64_t px = 0; px < n; px++) {
        bool shut = at(g, py, px);
        for (size_t k = 0; k < cw; k++) {
            if (shut)
                mzf_out_bytes(w, wall, wall_len);
            else
                mzf_out_char(w, ' ');
        }
    }
    mzf_out_char(w, '\n');
}

/* Is page block (py, px) of the rooms layout a wall? */
static bool rooms_at(const mz_grid *g, uint64_t py, uint64_t px)
{
    const uint64_t rows = g->rows, cols = g->cols;
    if (py % 2 && px % 2) /* a room */
        return (g->c[(py / 2) * cols + px / 2] & MZ_BLOCKED) != 0;
    if (py % 2) { /* between rooms side by side, or the west/east border */
        uint64_t y = py / 2;
        return px / 2 < cols ? (g->c[y * cols + px / 2] & MZ_WALL_W) != 0
                             : (g->c[y * cols + cols - 1] & MZ_WALL_E) != 0;
    }
    if (px % 2) { /* between rooms one above the other, or the north/south border */
        uint64_t x = px / 2;
        return py / 2 < rows ? (g->c[(py / 2) * cols + x] & MZ_WALL_N) != 0
                             : (g->c[(rows - 1) * cols + x] & MZ_WALL_S) != 0;
    }
    /* A corner: open only when every wall segment that meets it is. */
    if (py > 0 && rooms_at(g, py - 1, px))
        return true;
    if (py < 2 * rows && rooms_at(g, py + 1, px))
        return true;
    if (px > 0 && rooms_at(g, py, px - 1))
        return true;
    if (px < 2 * cols && rooms_at(g, py, px + 1))
        return true;
    return false;
}

static bool cells_at(const mz_grid *g, uint64_t py, uint64_t px)
{
    return (g->c[py * g->cols + px] & MZ_BLOCKED) != 0;
}

/* The wall character a write draws (the first of o->wall_chars). */
static const char *write_walls(const mz_file_opts *o)
{
    return o->wall_chars && o->wall_chars[0] ? o->wall_chars : "#";
}

static mz_status holds_blocks(const mz_grid *g, const mz_file_opts *o)
{
    if (o->layout == MZ_BLOCKS_ROOMS && mzf_south_gap(g))
        return MZ_EUNSUPPORTED;
    const char *walls = write_walls(o);
    if (walls[0] == ' ' || walls[0] == '\n' || walls[0] == '\r')
        return MZ_EINVAL;
    if (o->layout == MZ_BLOCKS_CELLS) {
        /* Only a maze whose open cells are joined to every open
         * neighbour, closed to the outside, is a page of cells. */
        for (uint64_t y = 0; y < g->rows; y++)
            for (uint64_t x = 0; x < g->cols; x++) {
                unsigned b = g->c[y * g->cols + x];
                if (b & MZ_BLOCKED)
                    continue;
                bool n = y > 0 && !(g->c[(y - 1) * g->cols + x] & MZ_BLOCKED);
                bool s = y + 1 < g->rows && !(g->c[(y + 1) * g->cols + x] & MZ_BLOCKED);
                bool wv = x > 0 && !(g->c[y * g->cols + x - 1] & MZ_BLOCKED);
                bool e = x + 1 < g->cols && !(g->c[y * g->cols + x + 1] & MZ_BLOCKED);
                if (n == !!(b & MZ_WALL_N) || s == !!(b & MZ_WALL_S) || wv == !!(b & MZ_WALL_W) ||
                    e == !!(b & MZ_WALL_E))
                    return MZ_EUNSUPPORTED;
            }
    }
    return MZ_OK;
}

static mz_status write_blocks(const mz_grid *g, const mz_file_opts *o, mzf_out *w)
{
    const char *walls = write_walls(o);
    const size_t wl = u8len(walls, strlen(walls));
    const size_t cw = o->cell_w ? o->cell_w : 1, ch = o->cell_h ? o->cell_h : 1;
    if (o->layout == MZ_BLOCKS_CELLS) {
        for (uint64_t py = 0; py < g->rows; py++)
            for (size_t k = 0; k < ch; k++)
                page_line(w, walls, wl, cw, g->cols, cells_at, g, py);
        return MZ_OK;
    }
    for (uint64_t py = 0; py <= 2 * g->rows; py++)
        for (size_t k = 0; k < ch; k++)
            page_line(w, walls, wl, cw, 2 * g->cols + 1, rooms_at, g, py);
    return MZ_OK;
}

/* ---- the record ---- */

/* Any text may be a page of blocks: the fallback. */
static int detect_blocks(const char *t, size_t len)
{
    (void)t;
    (void)len;
    return 1;
}

const mzf_format mzf_format_blocks = {
    .name = "blocks",
    .ext = ".blocks",
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO),
    .lossless = false,
    .detect = detect_blocks,
    .read = read_blocks,
    .holds = holds_blocks,
    .write = write_blocks,
};
