/*
 * mzb.c - mazebench's own maze file: lossless for every shape.
 *
 *   mazebench-maze 1 DIMS entrance=E exit=X flags=F tiles=T
 *   then the cells' bytes in hex, two digits a cell, 64 cells a line,
 *   then (tiles=1) the tile kinds the same way.
 *
 * DIMS as mz_dims_format writes them ("RxC", "hex:RxC", "3d:LxRxC"...).
 * Reading takes the keys in any order (each at most once; missing ones
 * take the defaults of a new grid) and any white space between the hex
 * digit pairs.
 */
#include "file_int.h"
#include "../util/util.h"

#include <string.h>

#define MAGIC "mazebench-maze"
#define PER_LINE 64

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Read n bytes of hex into out (bytes checked by ok: its reason or NULL). */
static mz_status read_hex(mzf_reader *r, uint8_t *out, uint64_t n, const char *what,
                          const char *(*ok)(const mz_grid *, unsigned), const mz_grid *g)
{
    const char *t = r->t;
    size_t pos = r->pos, len = r->len;
    for (uint64_t k = 0; k < n; k++) {
        size_t last = pos; /* just after the last byte */
        while (pos < len && is_space(t[pos]))
            pos++;
        if (pos >= len)
            return mzf_fail(r, last, "the %s end after %llu of %llu bytes", what,
                            (unsigned long long)k, (unsigned long long)n);
        int hi = hexval(t[pos]);
        if (hi < 0) {
            unsigned char c = (unsigned char)t[pos];
            if (c >= 0x20 && c < 0x7f)
                return mzf_fail(r, pos, "'%c' is not a hex digit", c);
            return mzf_fail(r, pos, "byte 0x%02x is not a hex digit", c);
        }
        if (pos + 1 >= len || hexval(t[pos + 1]) < 0)
            return mzf_fail(r, pos + 1, "a byte of the %s needs two hex digits", what);
        unsigned v = (unsigned)(hi << 4 | hexval(t[pos + 1]));
        const char *why = ok(g, v);
        if (why)
            return mzf_fail(r, pos, "%s byte %02x: %s", what, v, why);
        out[k] = (uint8_t)v;
        pos += 2;
    }
    r->pos = pos;
    return MZ_OK;
}

static const char *cell_ok(const mz_grid *g, unsigned v)
{
    return (v & ~mzf_cell_mask(g->shape)) ? "bits the shape has no use for" : NULL;
}

static const char *tile_ok(const mz_grid *g, unsigned v)
{
    (void)g;
    return v > MZ_TILE_HOUSE ? "no such tile kind" : NULL;
}

/* The next word of the header line: [*b, *e). False at the line's end. */
static bool word(mzf_reader *r, size_t *b, size_t *e)
{
    while (r->pos < r->len && (r->t[r->pos] == ' ' || r->t[r->pos] == '\t'))
        r->pos++;
    if (r->pos >= r->len || r->t[r->pos] == '\n' || r->t[r->pos] == '\r')
        return false;
    *b = r->pos;
    while (r->pos < r->len && !is_space(r->t[r->pos]))
        r->pos++;
    *e = r->pos;
    return true;
}

static mz_status header_u64(mzf_reader *r, size_t b, size_t e, uint64_t max, uint64_t *out)
{
    char buf[32];
    if (e - b >= sizeof buf)
        return mzf_fail(r, b, "a number too long");
    memcpy(buf, r->t + b, e - b);
    buf[e - b] = '\0';
    mzu_int_status s = mzu_parse_u64(buf, 0, max, 0, out);
    if (s != MZU_INT_OK)
        return mzf_fail(r, b, "'%s': %s", buf, mzu_int_status_str(s));
    return MZ_OK;
}

static mz_status read_mzb(mzf_reader *r, mz_grid *g)
{
    size_t b = r->pos, e;
    if (!word(r, &b, &e) || e - b != sizeof MAGIC - 1 || memcmp(r->t + b, MAGIC, e - b) != 0)
        return mzf_fail(r, b, "not a mazebench maze file (no '" MAGIC "' first)");
    if (!word(r, &b, &e))
        return mzf_fail(r, r->pos, "no version after '" MAGIC "'");
    if (e - b != 1 || r->t[b] != '1')
        return mzf_fail(r, b, "version '%.*s' unknown (this reads version 1)",
                        (int)(e - b > 20 ? 20 : e - b), r->t + b);
    if (!word(r, &b, &e))
        return mzf_fail(r, r->pos, "no dims after the version");
    char dbuf[96];
    if (e - b >= sizeof dbuf)
        return mzf_fail(r, b, "dims too long");
    memcpy(dbuf, r->t + b, e - b);
    dbuf[e - b] = '\0';
    mz_dims d;
    mz_status s = mz_dims_parse(dbuf, &d);
    if (s == MZ_ETOOBIG)
        return mzf_fail_at_none(r, MZ_ETOOBIG, "the maze's size %s passes %llu cells", dbuf,
                                (unsigned long long)MZ_MAX_CELLS);
    if (s != MZ_OK)
        return mzf_fail(r, b, "'%s' is not a maze's dims", dbuf);
    size_t dims_at = b;

    uint64_t entrance = MZ_NONE, exit = MZ_NONE, flags = 0, tiles = 0;
    bool seen[4] = {false, false, false, false};
    static const char *const keys[4] = {"entrance", "exit", "flags", "tiles"};
    size_t at[4] = {0, 0, 0, 0};
    while (word(r, &b, &e)) {
        const char *eq = memchr(r->t + b, '=', e - b);
        unsigned k = 4;
        if (eq)
            for (k = 0; k < 4; k++)
                if ((size_t)(eq - (r->t + b)) == strlen(keys[k]) &&
                    memcmp(r->t + b, keys[k], strlen(keys[k])) == 0)
                    break;
        if (k == 4)
            return mzf_fail(r, b, "'%.*s' is not entrance=, exit=, flags= or tiles=",
                            (int)(e - b > 40 ? 40 : e - b), r->t + b);
        if (seen[k])
            return mzf_fail(r, b, "%s given twice", keys[k]);
        seen[k] = true;
        size_t vb = (size_t)(eq - r->t) + 1;
        at[k] = vb;
        uint64_t *dst = k == 0 ? &entrance : k == 1 ? &exit : k == 2 ? &flags : &tiles;
        if ((s = header_u64(r, vb, e, k == 3 ? 1 : UINT64_MAX, dst)) != MZ_OK)
            return s;
    }
    /* The header line's end. */
    if (r->pos < r->len && r->t[r->pos] == '\r')
        r->pos++;
    if (r->pos >= r->len || r->t[r->pos] != '\n')
        return mzf_fail(r, r->pos, "the header line does not end");
    r->pos++;

    if ((s = mzf_size_ok(r, &d, tiles != 0, dims_at)) != MZ_OK)
        return s;
    /* The text must hold two hex digits a byte before a byte is allocated
     * (a short header claiming a huge maze costs nothing). */
    uint64_t bytes = mz_dims_cells(&d) * (tiles ? 2 : 1); /* at most 2^41 */
    if ((uint64_t)(r->len - r->pos) / 2 < bytes) {
        size_t end = r->len;
        while (end > r->pos && is_space(r->t[end - 1]))
            end--;
        return mzf_fail(r, end,
                        "the text ends %llu bytes after the header: %s needs %llu hex digits "
                        "(two a %s)",
                        (unsigned long long)(r->len - r->pos), dbuf,
                        (unsigned long long)(bytes * 2), tiles ? "cell and two a tile" : "cell");
    }
    if (flags & ~(uint64_t)MZ_GRID_WRAP_EW)
        return mzf_fail(r, at[2], "flags %llu: unknown bits", (unsigned long long)flags);
    if (flags && d.shape != MZ_SHAPE_ORTHO)
        return mzf_fail(r, at[2], "flags on a grid that is not of square cells");
    s = mz_grid_resize(g, &d);
    if (s != MZ_OK)
        return s == MZ_EINVAL ? mzf_fail(r, dims_at, "no grid has these dims") : s;
    if (seen[0] && entrance >= g->cells)
        return mzf_fail(r, at[0], "entrance %llu: the maze has %llu cells",
                        (unsigned long long)entrance, (unsigned long long)g->cells);
    if (seen[1] && exit >= g->cells)
        return mzf_fail(r, at[1], "exit %llu: the maze has %llu cells", (unsigned long long)exit,
                        (unsigned long long)g->cells);
    if (seen[0])
        g->entrance = entrance;
    if (seen[1])
        g->exit = exit;
    g->flags = (unsigned)flags;
    if ((s = read_hex(r, g->c, g->cells, "cells", cell_ok, g)) != MZ_OK)
        return s;
    if (tiles) {
        if ((s = mz_grid_alloc_tiles(g)) != MZ_OK)
            return s;
        if ((s = read_hex(r, g->tiles, g->cells, "tiles", tile_ok, g)) != MZ_OK)
            return s;
    }
    while (r->pos < r->len && is_space(r->t[r->pos]))
        r->pos++;
    if (r->pos < r->len)
        return mzf_fail(r, r->pos, "more after the %s", tiles ? "tiles" : "cells");
    mzf_settle(g, r->info);
    return MZ_OK;
}

static void write_hex(mzf_out *w, const uint8_t *b, uint64_t n)
{
    static const char digits[] = "0123456789abcdef";
    char line[PER_LINE * 2 + 1];
    for (uint64_t k = 0; k < n;) {
        size_t m = 0;
        for (unsigned j = 0; j < PER_LINE && k < n; j++, k++) {
            line[m++] = digits[b[k] >> 4];
            line[m++] = digits[b[k] & 15];
        }
        line[m++] = '\n';
        mzf_out_bytes(w, line, m);
    }
}

static mz_status write_mzb(const mz_grid *g, const mz_file_opts *o, mzf_out *w)
{
    (void)o;
    mz_dims d = mz_grid_dims(g);
    char dims[96];
    mz_dims_format(&d, dims, sizeof dims);
    mzf_out_str(w, MAGIC " 1 ");
    mzf_out_str(w, dims);
    mzf_out_str(w, " entrance=");
    mzf_out_u64(w, g->entrance);
    mzf_out_str(w, " exit=");
    mzf_out_u64(w, g->exit);
    mzf_out_str(w, " flags=");
    mzf_out_u64(w, g->flags);
    mzf_out_str(w, g->tiles ? " tiles=1\n" : " tiles=0\n");
    write_hex(w, g->c, g->cells);
    if (g->tiles)
        write_hex(w, g->tiles, g->cells);
    return MZ_OK;
}

/* ---- the record ---- */

static int detect_mzb(const char *t, size_t len)
{
    return len >= sizeof MAGIC - 1 && memcmp(t, MAGIC, sizeof MAGIC - 1) == 0 ? 3 : 0;
}

const mzf_format mzf_format_mzb = {
    .name = "mzb",
    .ext = ".mzb",
    .shapes = MZ_SHAPES_ALL,
    .lossless = true,
    .detect = detect_mzb,
    .read = read_mzb,
    .holds = NULL,
    .write = write_mzb,
};
