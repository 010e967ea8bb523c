/*
 * json.c - mazes as JSON: an array of cells, flat or as an array of rows
 * (the shape the npm package generate-maze makes), each cell an object
 *   {"x": column, "y": row, "top": bool, "left": bool, "bottom": bool,
 *    "right": bool}
 * true meaning a wall. Square cells only. Other keys are skipped, but
 * "blocked": true marks a blocked cell. In the array-of-rows form x and
 * y may be left out: a cell's place in its row and its row's place.
 * Every cell of the rows x cols rectangle must be given once; a wall left
 * out is closed; 1 and 0 read as true and false.
 */
#include "file_int.h"
#include "../util/util.h"

#include <string.h>

#define MAX_DEPTH 64
#define MAX_SIDE (UINT64_C(1) << 32)

typedef struct jcell {
    uint64_t x, y;
    size_t at;      /* where its object starts */
    uint8_t bits;   /* walls | MZ_BLOCKED */
} jcell;

static void ws(mzf_reader *r)
{
    while (r->pos < r->len) {
        char c = r->t[r->pos];
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            break;
        r->pos++;
    }
}

static int peek(mzf_reader *r)
{
    ws(r);
    return r->pos < r->len ? (unsigned char)r->t[r->pos] : -1;
}

static mz_status unexpected(mzf_reader *r, const char *want)
{
    if (r->pos >= r->len)
        return mzf_fail(r, r->pos, "the text ends where %s should be", want);
    unsigned char c = (unsigned char)r->t[r->pos];
    if (c >= 0x20 && c < 0x7f)
        return mzf_fail(r, r->pos, "'%c' where %s should be", c, want);
    return mzf_fail(r, r->pos, "byte 0x%02x where %s should be", c, want);
}

static mz_status expect(mzf_reader *r, char c, const char *want)
{
    if (peek(r) != (unsigned char)c)
        return unexpected(r, want);
    r->pos++;
    return MZ_OK;
}

/* A string: its raw bytes between the quotes into [*b, *e) (escapes left
 * as they are; they are checked, not decoded: the keys this reads have
 * none). */
static mz_status string(mzf_reader *r, size_t *b, size_t *e)
{
    if (peek(r) != '"')
        return unexpected(r, "a string");
    size_t p = ++r->pos;
    *b = p;
    while (p < r->len && r->t[p] != '"') {
        unsigned char c = (unsigned char)r->t[p];
        if (c < 0x20)
            return mzf_fail(r, p, "a control character in a string");
        if (c == '\\') {
            p++;
            if (p >= r->len)
                break;
            if (r->t[p] == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (p + (size_t)k >= r->len || !strchr("0123456789abcdefABCDEF", r->t[p + (size_t)k]) ||
                        r->t[p + (size_t)k] == '\0')
                        return mzf_fail(r, p, "a bad \\u escape");
                p += 4;
            } else if (!strchr("\"\\/bfnrt", r->t[p]) || r->t[p] == '\0') {
                return mzf_fail(r, p, "a bad escape in a string");
            }
        }
        p++;
    }
    if (p >= r->len)
        return mzf_fail(r, *b - 1, "a string that does not end");
    *e = p;
    r->pos = p + 1;
    return MZ_OK;
}

static bool word_at(mzf_reader *r, const char *w)
{
    size_t n = strlen(w);
    return r->len - r->pos >= n && memcmp(r->t + r->pos, w, n) == 0;
}

/* A number (JSON's grammar); when out is given it must be an integer
 * below MAX_SIDE. */
static mz_status number(mzf_reader *r, uint64_t *out)
{
    size_t p = r->pos, start = p;
    const char *t = r->t;
    if (p < r->len && t[p] == '-')
        p++;
    if (p >= r->len || t[p] < '0' || t[p] > '9')
        return unexpected(r, "a value");
    uint64_t v = 0;
    bool big = false;
    if (t[p] == '0')
        p++;
    else
        while (p < r->len && t[p] >= '0' && t[p] <= '9') {
            v = v * 10 + (uint64_t)(t[p] - '0');
            if (v >= MAX_SIDE)
                big = true, v = MAX_SIDE;
            p++;
        }
    bool integer = true;
    if (p < r->len && t[p] == '.') {
        integer = false;
        p++;
        if (p >= r->len || t[p] < '0' || t[p] > '9')
            return mzf_fail(r, p, "a number with no digit after its point");
        while (p < r->len && t[p] >= '0' && t[p] <= '9')
            p++;
    }
    if (p < r->len && (t[p] == 'e' || t[p] == 'E')) {
        integer = false;
        p++;
        if (p < r->len && (t[p] == '+' || t[p] == '-'))
            p++;
        if (p >= r->len || t[p] < '0' || t[p] > '9')
            return mzf_fail(r, p, "a number with no digit in its exponent");
        while (p < r->len && t[p] >= '0' && t[p] <= '9')
            p++;
    }
    if (out) {
        if (!integer || t[start] == '-')
            return mzf_fail(r, start, "a cell's coordinate must be a whole number from 0");
        if (big)
            return mzf_fail(r, start, "a coordinate of 2^32 or more");
        *out = v;
    }
    r->pos = p;
    return MZ_OK;
}

static mz_status skip_value(mzf_reader *r, unsigned depth)
{
    if (depth > MAX_DEPTH)
        return mzf_fail(r, r->pos, "values nested more than %d deep", MAX_DEPTH);
    int c = peek(r);
    size_t b, e;
    mz_status s;
    switch (c) {
    case '"': return string(r, &b, &e);
    case '{':
        r->pos++;
        if (peek(r) == '}') {
            r->pos++;
            return MZ_OK;
        }
        for (;;) {
            if ((s = string(r, &b, &e)) != MZ_OK || (s = expect(r, ':', "':'")) != MZ_OK ||
                (s = skip_value(r, depth + 1)) != MZ_OK)
                return s;
            if (peek(r) == ',') {
                r->pos++;
                continue;
            }
            return expect(r, '}', "',' or '}'");
        }
    case '[':
        r->pos++;
        if (peek(r) == ']') {
            r->pos++;
            return MZ_OK;
        }
        for (;;) {
            if ((s = skip_value(r, depth + 1)) != MZ_OK)
                return s;
            if (peek(r) == ',') {
                r->pos++;
                continue;
            }
            return expect(r, ']', "',' or ']'");
        }
    default:
        if (word_at(r, "true")) {
            r->pos += 4;
            return MZ_OK;
        }
        if (word_at(r, "false")) {
            r->pos += 5;
            return MZ_OK;
        }
        if (word_at(r, "null")) {
            r->pos += 4;
            return MZ_OK;
        }
        return number(r, NULL);
    }
}

/* true/false or 1/0 into *v. */
static mz_status boolean(mzf_reader *r, bool *v)
{
    peek(r);
    if (word_at(r, "true") || word_at(r, "1")) {
        r->pos += r->t[r->pos] == '1' ? 1 : 4;
        *v = true;
    } else if (word_at(r, "false") || word_at(r, "0")) {
        r->pos += r->t[r->pos] == '0' ? 1 : 5;
        *v = false;
    } else {
        return unexpected(r, "true or false");
    }
    if (r->pos < r->len && ((r->t[r->pos] >= '0' && r->t[r->pos] <= '9') || r->t[r->pos] == '.' ||
                            r->t[r->pos] == 'e' || r->t[r->pos] == 'E'))
        return unexpected(r, "true or false");
    return MZ_OK;
}

static bool key_is(mzf_reader *r, size_t b, size_t e, const char *k)
{
    return e - b == strlen(k) && memcmp(r->t + b, k, e - b) == 0;
}

/* One cell object; x and y default to dx and dy (MZ_NONE: required). */
static mz_status cell(mzf_reader *r, uint64_t dx, uint64_t dy, mzu_vec *cells)
{
    jcell c = {dx, dy, r->pos, MZ_WALLS};
    size_t b, e;
    mz_status s;
    if ((s = expect(r, '{', "a cell's '{'")) != MZ_OK)
        return s;
    c.at = r->pos - 1;
    if (peek(r) != '}')
        for (;;) {
            if ((s = string(r, &b, &e)) != MZ_OK || (s = expect(r, ':', "':'")) != MZ_OK)
                return s;
            peek(r);
            static const char *const walls[4] = {"top", "right", "bottom", "left"};
            unsigned w = 4;
            for (unsigned k = 0; k < 4; k++)
                if (key_is(r, b, e, walls[k]))
                    w = k;
            bool v;
            if (key_is(r, b, e, "x")) {
                s = number(r, &c.x);
            } else if (key_is(r, b, e, "y")) {
                s = number(r, &c.y);
            } else if (w < 4) {
                if ((s = boolean(r, &v)) == MZ_OK)
                    c.bits = (uint8_t)(v ? c.bits | (1u << w) : c.bits & ~(1u << w));
            } else if (key_is(r, b, e, "blocked")) {
                if ((s = boolean(r, &v)) == MZ_OK)
                    c.bits = (uint8_t)(v ? c.bits | MZ_BLOCKED : c.bits & ~MZ_BLOCKED);
            } else {
                s = skip_value(r, 2);
            }
            if (s != MZ_OK)
                return s;
            if (peek(r) == ',') {
                r->pos++;
                continue;
            }
            break;
        }
    if ((s = expect(r, '}', "',' or '}'")) != MZ_OK)
        return s;
    if (c.x == MZ_NONE || c.y == MZ_NONE)
        return mzf_fail(r, c.at, "a cell without %s", c.x == MZ_NONE ? "\"x\"" : "\"y\"");
    if ((uint64_t)(cells->len + 1) > r->max / sizeof(jcell))
        return mzf_fail_at_none(r, MZ_ETOOBIG, "more cells than the %llu bytes allowed can hold",
                                (unsigned long long)r->max);
    return mzu_vec_append(cells, &c);
}

static mz_status parse(mzf_reader *r, mzu_vec *cells)
{
    mz_status s;
    if ((s = expect(r, '[', "'['")) != MZ_OK)
        return s;
    if (peek(r) == ']')
        return mzf_fail(r, r->pos, "no cells");
    for (uint64_t row = 0;; row++) {
        if (peek(r) == '[') {
            r->pos++;
            if (peek(r) != ']')
                for (uint64_t col = 0;; col++) {
                    if ((s = cell(r, col, row, cells)) != MZ_OK)
                        return s;
                    if (peek(r) == ',') {
                        r->pos++;
                        continue;
                    }
                    break;
                }
            if ((s = expect(r, ']', "',' or ']'")) != MZ_OK)
                return s;
        } else if ((s = cell(r, MZ_NONE, MZ_NONE, cells)) != MZ_OK) {
            return s;
        }
        if (peek(r) == ',') {
            r->pos++;
            continue;
        }
        break;
    }
    if ((s = expect(r, ']', "',' or ']'")) != MZ_OK)
        return s;
    if (peek(r) != -1)
        return mzf_fail(r, r->pos, "more after the array of cells");
    return MZ_OK;
}

#define SEEN 0x20u

static mz_status read_json(mzf_reader *r, mz_grid *g)
{
    mzu_vec v;
    mzu_vec_init(&v, sizeof(jcell), NULL);
    mz_status s = parse(r, &v);
    if (s != MZ_OK)
        goto done;
    const jcell *c = v.data;
    if (v.len == 0) {
        s = mzf_fail(r, 0, "no cells");
        goto done;
    }
    uint64_t rows = 0, cols = 0;
    for (size_t k = 0; k < v.len; k++) {
        if (c[k].y + 1 > rows)
            rows = c[k].y + 1;
        if (c[k].x + 1 > cols)
            cols = c[k].x + 1;
    }
    mz_dims d = *MZ_SQUARE(rows, cols);
    if ((s = mzf_size_ok(r, &d, false, 0)) != MZ_OK)
        goto done;
    if ((uint64_t)v.len < rows * cols) {
        s = mzf_fail_at_none(r, MZ_EFORMAT, "%llu cells given for a %llux%llu maze",
                             (unsigned long long)v.len, (unsigned long long)rows,
                             (unsigned long long)cols);
        goto done;
    }
    if ((s = mz_grid_resize(g, &d)) != MZ_OK)
        goto done;
    for (size_t k = 0; k < v.len; k++) {
        mz_idx i = c[k].y * cols + c[k].x;
        if (g->c[i] & SEEN) {
            s = mzf_fail(r, c[k].at, "cell x=%llu y=%llu given twice", (unsigned long long)c[k].x,
                         (unsigned long long)c[k].y);
            goto done;
        }
        g->c[i] = (uint8_t)(c[k].bits | SEEN);
    }
    /* As many cells as the rectangle and none twice: each is there. */
    for (mz_idx i = 0; i < g->cells; i++)
        g->c[i] &= (uint8_t)~SEEN;
    mzf_settle(g, r->info);
done:
    mzu_vec_free(&v);
    return s;
}

static void wbool(mzf_out *w, const char *key, bool v)
{
    mzf_out_str(w, key);
    mzf_out_str(w, v ? "true" : "false");
}

static mz_status write_json(const mz_grid *g, const mz_file_opts *o, mzf_out *w)
{
    (void)o;
    mzf_out_str(w, "[\n");
    for (uint64_t y = 0; y < g->rows; y++) {
        mzf_out_char(w, '[');
        for (uint64_t x = 0; x < g->cols; x++) {
            unsigned b = g->c[y * g->cols + x];
            mzf_out_str(w, x ? ",{\"x\":" : "{\"x\":");
            mzf_out_u64(w, x);
            mzf_out_str(w, ",\"y\":");
            mzf_out_u64(w, y);
            wbool(w, ",\"top\":", b & MZ_WALL_N);
            wbool(w, ",\"left\":", b & MZ_WALL_W);
            wbool(w, ",\"bottom\":", b & MZ_WALL_S);
            wbool(w, ",\"right\":", b & MZ_WALL_E);
            if (b & MZ_BLOCKED)
                mzf_out_str(w, ",\"blocked\":true");
            mzf_out_char(w, '}');
        }
        mzf_out_str(w, y + 1 < g->rows ? "],\n" : "]\n");
    }
    mzf_out_str(w, "]\n");
    return MZ_OK;
}

/* ---- the record ---- */

/* An array: '[' the first character that is not white space. */
static int detect_json(const char *t, size_t len)
{
    size_t s = 0;
    while (s < len && (t[s] == ' ' || t[s] == '\t' || t[s] == '\r' || t[s] == '\n'))
        s++;
    return s < len && t[s] == '[' ? 2 : 0;
}

const mzf_format mzf_format_json = {
    .name = "json",
    .ext = ".json",
    .shapes = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO),
    .lossless = false,
    .detect = detect_json,
    .read = read_json,
    .holds = NULL,
    .write = write_json,
};
