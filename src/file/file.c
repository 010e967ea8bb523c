/*
 * file.c - maze files: the format table, the entry points, the names and
 * other questions about a format, detection of the format of a text, and
 * what every reader and writer shares.
 */
#include "file_int.h"
#include "../util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the format table ---- */

/* One record per format (file_int.h), in the order of mz_file_format. A
 * new format's value comes last, before MZ_FILE_FORMAT_COUNT: its line
 * missing here leaves the array one short, and the assertion below stops
 * the build; tests/test_file_formats.c checks every record is whole. */
const mzf_format *const mzf_formats[] = {
    [MZ_FILE_AUTO] = NULL,
    [MZ_FILE_ASCII] = &mzf_format_ascii,
    [MZ_FILE_BLOCKS] = &mzf_format_blocks,
    [MZ_FILE_JSON] = &mzf_format_json,
    [MZ_FILE_MZB] = &mzf_format_mzb,
};
_Static_assert(sizeof mzf_formats / sizeof mzf_formats[0] == MZ_FILE_FORMAT_COUNT,
               "a new maze file format: add its record to mzf_formats (src/file/file.c)");

const char *mz_file_format_name(mz_file_format f)
{
    if (f == MZ_FILE_AUTO)
        return "auto";
    const mzf_format *r = mzf_format_of(f);
    return r ? r->name : NULL;
}

mz_status mz_file_format_parse(const char *name, mz_file_format *f)
{
    if (!name || !f)
        return MZ_EINVAL;
    if (strcmp(name, "auto") == 0) {
        *f = MZ_FILE_AUTO;
        return MZ_OK;
    }
    for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++)
        if (mzf_formats[k] && strcmp(name, mzf_formats[k]->name) == 0) {
            *f = (mz_file_format)k;
            return MZ_OK;
        }
    return MZ_ENOTFOUND;
}

const char *mz_file_format_ext(mz_file_format f)
{
    const mzf_format *r = mzf_format_of(f);
    return r ? r->ext : NULL;
}

mz_status mz_file_format_from_path(const char *path, mz_file_format *f)
{
    if (!path || !f)
        return MZ_EINVAL;
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return MZ_ENOTFOUND;
    for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++)
        if (mzf_formats[k] && strcasecmp(dot, mzf_formats[k]->ext) == 0) {
            *f = (mz_file_format)k;
            return MZ_OK;
        }
    return MZ_ENOTFOUND;
}

unsigned mz_file_format_shapes(mz_file_format f)
{
    const mzf_format *r = mzf_format_of(f);
    return r ? r->shapes : 0;
}

bool mz_file_format_lossless(mz_file_format f)
{
    const mzf_format *r = mzf_format_of(f);
    return r && r->lossless;
}

/* Append s to buf[0..len) at *n (kept terminated), counting every byte. */
static void join_put(char *buf, size_t len, size_t *n, const char *s)
{
    size_t k = strlen(s);
    if (buf && len && *n < len - 1) {
        size_t room = len - 1 - *n;
        memcpy(buf + *n, s, k < room ? k : room);
    }
    *n += k;
}

size_t mz_file_format_names(char *buf, size_t len, unsigned shapes, const char *sep,
                            const char *last)
{
    if (!sep)
        sep = ", ";
    if (!last)
        last = sep;
    unsigned total = 0;
    for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++)
        total += mzf_formats[k] && (mzf_formats[k]->shapes & shapes) == shapes;
    size_t n = 0;
    unsigned i = 0;
    for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++) {
        const mzf_format *r = mzf_formats[k];
        if (!r || (r->shapes & shapes) != shapes)
            continue;
        if (i)
            join_put(buf, len, &n, i + 1 == total ? last : sep);
        join_put(buf, len, &n, r->name);
        i++;
    }
    if (buf && len)
        buf[n < len ? n : len - 1] = '\0';
    return n;
}

/* ---- errors ---- */

static void vset_err(mz_file_info *info, const char *fmt, va_list ap)
{
    vsnprintf(info->err, sizeof info->err, fmt, ap);
    for (char *p = info->err; *p; p++) /* one line, no control character */
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
}

mz_status mzf_fail(mzf_reader *r, size_t at, const char *fmt, ...)
{
    if (at > r->len)
        at = r->len;
    uint64_t line = 1, col = 1;
    for (size_t k = 0; k < at; k++) {
        if (r->t[k] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    r->info->line = line;
    r->info->col = col;
    va_list ap;
    va_start(ap, fmt);
    vset_err(r->info, fmt, ap);
    va_end(ap);
    return MZ_EFORMAT;
}

mz_status mzf_fail_at_none(mzf_reader *r, mz_status s, const char *fmt, ...)
{
    r->info->line = 0;
    r->info->col = 0;
    va_list ap;
    va_start(ap, fmt);
    vset_err(r->info, fmt, ap);
    va_end(ap);
    return s;
}

mz_status mzf_size_ok(mzf_reader *r, const mz_dims *d, bool tiles, size_t at)
{
    mz_dims v = *d;
    uint64_t cells = mz_dims_cells(&v);
    if (cells == 0) {
        /* Too many cells, or dims no grid takes (a zero side, a tri grid
         * of one column): tell them apart by the product. */
        uint64_t lv = d->levels ? d->levels : 1;
        if (d->rows && d->cols && d->rows <= MZ_MAX_CELLS / d->cols &&
            d->rows * d->cols <= MZ_MAX_CELLS / lv)
            return mzf_fail(r, at, "no grid has these dims");
        return mzf_fail_at_none(r, MZ_ETOOBIG, "the maze's size passes %llu cells",
                                (unsigned long long)MZ_MAX_CELLS);
    }
    if (!mz_dims_connected(&v))
        return mzf_fail(r, at, "no grid has these dims");
    if (r->o->expect.rows) {
        mz_dims e = r->o->expect; /* checked by mz_file_read: it has cells */
        mz_dims_cells(&e);
        if (e.shape != v.shape || e.levels != v.levels || e.rows != v.rows || e.cols != v.cols) {
            char got[96], want[96];
            mz_dims_format(&v, got, sizeof got);
            mz_dims_format(&e, want, sizeof want);
            return mzf_fail_at_none(r, MZ_ETOOBIG, "the file is %s, %s was asked for", got, want);
        }
    }
    uint64_t need = tiles ? cells * 2 : cells;
    uint64_t max = r->max;
    if (need > max || need > SIZE_MAX)
        return mzf_fail_at_none(r, MZ_ETOOBIG,
                                "the maze's %llu cells need %llu bytes, more than the %llu allowed",
                                (unsigned long long)cells, (unsigned long long)need,
                                (unsigned long long)max);
    return MZ_OK;
}

/* ---- consistent walls ---- */

/* The square grid's pairs, by index steps (no teleport pair). */
static void settle_square(mz_grid *g, mz_file_info *info)
{
    uint8_t *c = g->c;
    const uint64_t rows = g->rows, cols = g->cols;
    for (uint64_t y = 0; y < rows; y++)
        for (uint64_t x = 0; x < cols; x++) {
            mz_idx i = y * cols + x;
            if (x + 1 < cols) {
                unsigned a = c[i], b = c[i + 1];
                bool open_a = !(a & MZ_WALL_E), open_b = !(b & MZ_WALL_W);
                if ((open_a || open_b) &&
                    (open_a != open_b || ((a | b) & MZ_BLOCKED))) {
                    c[i] = (uint8_t)(a | MZ_WALL_E);
                    c[i + 1] = (uint8_t)(b | MZ_WALL_W);
                    info->inconsistent++;
                }
            }
            if (y + 1 < rows) {
                unsigned a = c[i], b = c[i + cols];
                bool open_a = !(a & MZ_WALL_S), open_b = !(b & MZ_WALL_N);
                if ((open_a || open_b) &&
                    (open_a != open_b || ((a | b) & MZ_BLOCKED))) {
                    c[i] = (uint8_t)(a | MZ_WALL_S);
                    c[i + cols] = (uint8_t)(b | MZ_WALL_N);
                    info->inconsistent++;
                }
            }
        }
    /* A blocked cell's sides to the outside. */
    for (mz_idx i = 0; i < g->cells; i++)
        if ((c[i] & MZ_BLOCKED) && (c[i] & MZ_WALLS) != MZ_WALLS) {
            c[i] |= MZ_WALLS;
            info->inconsistent++;
        }
}

void mzf_settle(mz_grid *g, mz_file_info *info)
{
    if (g->shape == MZ_SHAPE_ORTHO && !(g->flags & MZ_GRID_WRAP_EW)) {
        settle_square(g, info);
        return;
    }
    const unsigned ports = mz_shape_ports(g->shape);
    const bool blockable = mzf_blockable(g->shape);
    for (mz_idx i = 0; i < g->cells; i++) {
        bool blocked = blockable && (g->c[i] & MZ_BLOCKED);
        for (unsigned p = 0; p < ports; p++) {
            mz_idx n = mz_port_nbr(g, i, p);
            if (n == MZ_NONE || n >= g->cells)
                continue;
            unsigned b = mz_port_back(g, i, p);
            bool open_i = !(g->c[i] & (1u << p));
            bool open_n = !(g->c[n] & (1u << b));
            bool blocked_n = blockable && (g->c[n] & MZ_BLOCKED);
            if ((open_i || open_n) && (open_i != open_n || blocked || blocked_n)) {
                g->c[i] |= (uint8_t)(1u << p);
                g->c[n] |= (uint8_t)(1u << b);
                info->inconsistent++;
            }
        }
        if (blocked) {
            /* Ports to the outside too: a blocked cell is closed all round. */
            unsigned walls = mz_shape_walls(g->shape);
            if ((g->c[i] & walls) != walls) {
                g->c[i] |= (uint8_t)walls;
                info->inconsistent++;
            }
        }
    }
}

/* ---- reading ---- */

/* Does open cell i have a gap in the border? */
static bool border_gap(const mz_grid *g, mz_idx i)
{
    unsigned c = g->c[i];
    if (c & MZ_BLOCKED)
        return false;
    uint64_t y = i / g->cols, x = i % g->cols;
    return (y == 0 && !(c & MZ_WALL_N)) || (y + 1 == g->rows && !(c & MZ_WALL_S)) ||
           (x == 0 && !(c & MZ_WALL_W)) || (x + 1 == g->cols && !(c & MZ_WALL_E));
}

/* The ends of a maze the file gives none for (a format not lossless): the
 * first and the last cell with a gap in the border when two cells have
 * one (a drawn entrance and exit), else the first open cell and the
 * last. */
static void find_ends(mz_grid *g)
{
    mz_idx a = 0, b = g->cells - 1;
    if (!(g->flags & MZ_GRID_WRAP_EW)) {
        mz_idx ga = MZ_NONE, gb = MZ_NONE;
        /* Only border cells can have a gap: walk the border. */
        for (mz_idx i = 0; i < g->cells; i++) {
            uint64_t y = i / g->cols, x = i % g->cols;
            if (y != 0 && y + 1 != g->rows && x != 0 && x + 1 != g->cols) {
                i += g->cols - 3; /* to the row's last cell */
                continue;
            }
            if (border_gap(g, i)) {
                if (ga == MZ_NONE)
                    ga = i;
                gb = i;
            }
        }
        if (ga != MZ_NONE && gb != ga) {
            g->entrance = ga;
            g->exit = gb;
            return;
        }
    }
    while (a < b && (g->c[a] & MZ_BLOCKED))
        a++;
    while (b > a && (g->c[b] & MZ_BLOCKED))
        b--;
    g->entrance = a;
    g->exit = b;
}

/* The format whose record is surest of the text (file_int.h: detect);
 * AUTO when none claims it. */
static mz_file_format detect(const char *t, size_t len)
{
    size_t k = 0;
    /* A UTF-8 byte order mark is skipped. */
    if (len >= 3 && (unsigned char)t[0] == 0xEF && (unsigned char)t[1] == 0xBB &&
        (unsigned char)t[2] == 0xBF)
        k = 3;
    mz_file_format best = MZ_FILE_AUTO;
    int sure = 0;
    for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++) {
        const mzf_format *r = mzf_formats[f];
        int d = r ? r->detect(t + k, len - k) : 0;
        if (d > sure) {
            sure = d;
            best = (mz_file_format)f;
        }
    }
    return best;
}

mz_status mz_file_read(const char *text, size_t len, const mz_file_opts *o, mz_grid *g,
                       mz_file_info *info)
{
    mz_file_info local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    static const mz_file_opts defaults;
    if (!o)
        o = &defaults;
    mzf_reader r = {text, len, 0, o, info, o->max_bytes};
    if (r.max == 0) {
        mzu_budget b;
        mzu_mem_budget(&b);
        r.max = b.bytes >= 1.8e19 ? UINT64_MAX : (uint64_t)b.bytes;
    }
    if (!text && len)
        return mzf_fail_at_none(&r, MZ_EINVAL, "no text");
    if (!g)
        return mzf_fail_at_none(&r, MZ_EINVAL, "no grid");
    if ((unsigned)o->format >= MZ_FILE_FORMAT_COUNT)
        return mzf_fail_at_none(&r, MZ_EINVAL, "unknown format %d", (int)o->format);
    if (o->layout != MZ_BLOCKS_ROOMS && o->layout != MZ_BLOCKS_CELLS)
        return mzf_fail_at_none(&r, MZ_EINVAL, "unknown blocks layout %d", o->layout);
    if (o->cell_w > 64 || o->cell_h > 64)
        return mzf_fail_at_none(&r, MZ_EINVAL, "a block of %ux%u characters is too large",
                                o->cell_w, o->cell_h);
    if (o->expect.rows) {
        mz_dims e = o->expect;
        if (mz_dims_cells(&e) == 0)
            return mzf_fail_at_none(&r, MZ_EINVAL, "the size expected is no grid's");
    }
    mz_file_format f = o->format == MZ_FILE_AUTO ? detect(text, len) : o->format;
    info->format = f;
    /* A UTF-8 byte order mark is skipped (positions still count it). */
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        r.pos = 3;
    const mzf_format *rec = mzf_format_of(f);
    if (!rec)
        return f == MZ_FILE_AUTO ? mzf_fail(&r, r.pos, "the text is of no maze file format")
                                 : mzf_fail_at_none(&r, MZ_EINVAL, "format %d has no record",
                                                    (int)f);
    mz_status s = rec->read(&r, g);
    if (s == MZ_ENOMEM && !info->err[0])
        mzf_fail_at_none(&r, MZ_ENOMEM, "out of memory");
    if (s == MZ_OK && !rec->lossless && g->shape == MZ_SHAPE_ORTHO)
        find_ends(g);
    if (s == MZ_OK)
        info->err[0] = '\0';
    return s;
}

/* ---- writing ---- */

void mzf_out_init(mzf_out *w, mz_file_put put, void *user)
{
    w->put = put;
    w->user = user;
    w->n = 0;
    w->failed = false;
}

static void flush(mzf_out *w)
{
    if (w->n && !w->failed && w->put(w->user, w->buf, w->n) != 0)
        w->failed = true;
    w->n = 0;
}

void mzf_out_bytes(mzf_out *w, const char *s, size_t n)
{
    while (n) {
        if (w->n == sizeof w->buf)
            flush(w);
        size_t k = sizeof w->buf - w->n;
        if (k > n)
            k = n;
        memcpy(w->buf + w->n, s, k);
        w->n += k;
        s += k;
        n -= k;
    }
}

void mzf_out_str(mzf_out *w, const char *s) { mzf_out_bytes(w, s, strlen(s)); }

void mzf_out_char(mzf_out *w, char c)
{
    if (w->n == sizeof w->buf)
        flush(w);
    w->buf[w->n++] = c;
}

void mzf_out_u64(mzf_out *w, uint64_t v)
{
    char b[24];
    int n = snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    mzf_out_bytes(w, b, (size_t)n);
}

mz_status mzf_out_end(mzf_out *w)
{
    flush(w);
    return w->failed ? MZ_EIO : MZ_OK;
}

bool mzf_south_gap(const mz_grid *g)
{
    for (uint64_t x = 0; x < g->cols; x++)
        if (!(g->c[(g->rows - 1) * g->cols + x] & MZ_WALL_S))
            return true;
    return false;
}

mz_status mz_file_format_holds(const mz_grid *g, mz_file_format f, const mz_file_opts *o)
{
    static const mz_file_opts defaults;
    if (!o)
        o = &defaults;
    const mzf_format *r = mzf_format_of(f);
    if (!g || !g->c || !r)
        return MZ_EINVAL;
    if (!(r->shapes & MZ_SHAPE_BIT(g->shape)))
        return MZ_EUNSUPPORTED;
    if (o->layout != MZ_BLOCKS_ROOMS && o->layout != MZ_BLOCKS_CELLS)
        return MZ_EINVAL;
    if (o->cell_w > 64 || o->cell_h > 64)
        return MZ_EINVAL;
    return r->holds ? r->holds(g, o) : MZ_OK;
}

mz_status mz_file_write(const mz_grid *g, mz_file_format f, const mz_file_opts *o, mz_file_put put,
                        void *user)
{
    static const mz_file_opts defaults;
    if (!o)
        o = &defaults;
    if (!g || !g->c || !put)
        return MZ_EINVAL;
    mz_status s = mz_file_format_holds(g, f, o);
    if (s != MZ_OK)
        return s;
    mzf_out *w = malloc(sizeof *w);
    if (!w)
        return MZ_ENOMEM;
    mzf_out_init(w, put, user);
    s = mzf_formats[f]->write(g, o, w);
    mz_status e = mzf_out_end(w);
    free(w);
    return s != MZ_OK ? s : e;
}
