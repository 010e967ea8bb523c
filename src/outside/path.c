/* Path files (solver.h, docs/outside-solvers.md): what an outside solver
 * prints, one cell a line, read into cell indices, and the same written.
 *
 * The reader walks the text once, line by line, never past len, and keeps
 * no more cells than MZX_PATH_FACTOR times the grid's (the text of a
 * program that runs wild is refused, not held). Each line is blank, a
 * comment, the optional header (first), or one to three numbers. */
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static const char *const form_names[] = {"any", "index", "rc"};

const char *mzx_path_form_name(mzx_path_form f)
{
    return (unsigned)f < sizeof form_names / sizeof *form_names ? form_names[f] : NULL;
}

mz_status mzx_path_form_parse(const char *name, mzx_path_form *f)
{
    for (unsigned k = 0; k < sizeof form_names / sizeof *form_names; k++)
        if (name && strcmp(name, form_names[k]) == 0) {
            *f = (mzx_path_form)k;
            return MZ_OK;
        }
    return MZ_ENOTFOUND;
}

#define HEADER "mazebench-path"

/* Numbers a coordinate line holds on g: 3 on 3d cells, else 2. */
static unsigned coords_of(const mz_grid *g) { return g->shape == MZ_SHAPE_CUBE ? 3 : 2; }

/* The index of coordinates x[0..k) on g, MZ_NONE past the grid. */
static mz_idx index_of(const mz_grid *g, const uint64_t *x)
{
    /* 3d cells: level, row, column; polar: ring, position; every other
     * shape numbers its cells row by row */
    if (g->shape == MZ_SHAPE_CUBE) {
        if (x[0] >= g->levels || x[1] >= g->rows || x[2] >= g->cols)
            return MZ_NONE;
        return (x[0] * g->rows + x[1]) * g->cols + x[2];
    }
    if (g->shape == MZ_SHAPE_POLAR) {
        if (x[0] >= g->rows || x[1] >= mz_polar_ring_cells(x[0]))
            return MZ_NONE;
        return mz_polar_ring_first(x[0]) + x[1];
    }
    if (x[0] >= g->rows || x[1] >= g->cols)
        return MZ_NONE;
    return x[0] * g->cols + x[1];
}

static mz_status fail_at(char *err, size_t errlen, uint64_t line, uint64_t col, const char *why)
{
    if (err && errlen)
        snprintf(err, errlen, "%llu:%llu: %s", (unsigned long long)line,
                 (unsigned long long)col, why);
    return MZ_EFORMAT;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

mz_status mzx_path_read(const char *text, size_t len, const mz_grid *g, mzx_path_form form,
                        mz_idx **cells, uint64_t *n, char *err, size_t errlen)
{
    *cells = NULL;
    *n = 0;
    if (err && errlen)
        err[0] = '\0';
    const uint64_t cap = g->cells > (UINT64_MAX - 1) / MZX_PATH_FACTOR
                             ? UINT64_MAX
                             : g->cells * MZX_PATH_FACTOR + 1;
    const unsigned want = coords_of(g);
    mzu_vec v = MZU_VEC_INIT(mz_idx, NULL);
    char why[160];
    bool first = true;
    uint64_t line = 0;
    size_t at = 0;
    mz_status s = MZ_OK;
    while (at < len && s == MZ_OK) {
        line++;
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        const char *b = text + at, *e = text + end;
        at = end + 1;
        /* the line without its comment and trailing blanks */
        const char *hash = memchr(b, '#', (size_t)(e - b));
        if (hash)
            e = hash;
        while (e > b && blank(e[-1]))
            e--;
        const char *p = b;
        while (p < e && blank(*p))
            p++;
        if (p == e)
            continue;
        const bool was_first = first;
        first = false;
        if (was_first && (size_t)(e - p) >= sizeof HEADER - 1 &&
            memcmp(p, HEADER, sizeof HEADER - 1) == 0) {
            const char *q = p + sizeof HEADER - 1;
            while (q < e && blank(*q))
                q++;
            if (e - q != 1 || *q != '1') {
                s = fail_at(err, errlen, line, (uint64_t)(q - b) + 1,
                            "the header is 'mazebench-path 1' (version 1)");
                break;
            }
            continue;
        }
        /* up to three numbers, blanks or one comma between */
        const char *const start = p;
        uint64_t x[3];
        unsigned k = 0;
        while (p < e) {
            if (k == 3) {
                s = fail_at(err, errlen, line, (uint64_t)(p - b) + 1,
                            "more than three numbers on a line");
                break;
            }
            if (*p < '0' || *p > '9') {
                snprintf(why, sizeof why, "expected a cell (a number), found '%c'",
                         (*p >= 32 && *p < 127) ? *p : '?');
                s = fail_at(err, errlen, line, (uint64_t)(p - b) + 1, why);
                break;
            }
            /* the digits end at e at the latest: copy them out, the text
             * need not be NUL-terminated */
            char digits[32];
            size_t d = 0;
            while (p + d < e && p[d] >= '0' && p[d] <= '9')
                d++;
            if (d >= sizeof digits) {
                s = fail_at(err, errlen, line, (uint64_t)(p - b) + 1, "a number past 2^64 - 1");
                break;
            }
            memcpy(digits, p, d);
            digits[d] = '\0';
            if (mzu_parse_u64(digits, 0, UINT64_MAX, 0, &x[k]) != MZU_INT_OK) {
                s = fail_at(err, errlen, line, (uint64_t)(p - b) + 1, "a number past 2^64 - 1");
                break;
            }
            k++;
            p += d;
            while (p < e && blank(*p))
                p++;
            if (p < e && *p == ',') {
                p++;
                while (p < e && blank(*p))
                    p++;
                if (p == e) {
                    s = fail_at(err, errlen, line, (uint64_t)(p - b) + 1,
                                "a comma with no number after it");
                    break;
                }
            }
        }
        if (s != MZ_OK)
            break;
        mz_idx cell;
        if (k == 1 && form != MZX_PATH_RC) {
            cell = x[0];
        } else if (k == want && form != MZX_PATH_INDEX) {
            cell = index_of(g, x);
        } else {
            if (form == MZX_PATH_INDEX)
                snprintf(why, sizeof why, "%u numbers; this solver prints one index a line", k);
            else if (form == MZX_PATH_RC)
                snprintf(why, sizeof why, "%u numbers; this solver prints %s a line", k,
                         want == 3 ? "LEVEL ROW COL" : "ROW COL");
            else
                snprintf(why, sizeof why, "%u numbers; a cell is an index or %s", k,
                         want == 3 ? "LEVEL ROW COL" : "ROW COL");
            s = fail_at(err, errlen, line, (uint64_t)(start - b) + 1, why);
            break;
        }
        if ((uint64_t)v.len >= cap) {
            if (err && errlen)
                snprintf(err, errlen,
                         "more than %llu cells (%d times the maze's %llu): output refused",
                         (unsigned long long)cap, MZX_PATH_FACTOR,
                         (unsigned long long)g->cells);
            s = MZ_ETOOBIG;
            break;
        }
        s = mzu_vec_push_u64(&v, cell);
        if (s != MZ_OK)
            s = MZ_ENOMEM;
    }
    if (s != MZ_OK) {
        mzu_vec_free(&v);
        return s;
    }
    size_t got = 0;
    *cells = mzu_vec_take(&v, &got);
    *n = got;
    return MZ_OK;
}

/* The cell's text in form into buf (room for three numbers). */
static int cell_text(const mz_grid *g, mz_idx i, mzx_path_form form, char *buf, size_t cap)
{
    if (form != MZX_PATH_RC)
        return snprintf(buf, cap, "%llu\n", (unsigned long long)i);
    if (g->shape == MZ_SHAPE_CUBE) {
        const uint64_t q = i / g->cols;
        return snprintf(buf, cap, "%llu %llu %llu\n", (unsigned long long)(q / g->rows),
                        (unsigned long long)(q % g->rows), (unsigned long long)(i % g->cols));
    }
    if (g->shape == MZ_SHAPE_POLAR) {
        uint64_t ring, pos;
        mz_polar_locate(i, &ring, &pos);
        return snprintf(buf, cap, "%llu %llu\n", (unsigned long long)ring,
                        (unsigned long long)pos);
    }
    return snprintf(buf, cap, "%llu %llu\n", (unsigned long long)(i / g->cols),
                    (unsigned long long)(i % g->cols));
}

mz_status mzx_path_write(const mz_grid *g, const mz_idx *cells, uint64_t n, mzx_path_form form,
                         int (*put)(void *user, const char *buf, size_t len), void *user)
{
    if (!g || !put || (n && !cells))
        return MZ_EINVAL;
    char buf[4096];
    size_t used = (size_t)snprintf(buf, sizeof buf, "%s 1\n", HEADER);
    for (uint64_t k = 0; k < n; k++) {
        if (cells[k] >= g->cells)
            return MZ_EINVAL;
        if (used + 80 > sizeof buf) {
            if (put(user, buf, used) != 0)
                return MZ_EIO;
            used = 0;
        }
        used += (size_t)cell_text(g, cells[k], form, buf + used, sizeof buf - used);
    }
    if (used && put(user, buf, used) != 0)
        return MZ_EIO;
    return MZ_OK;
}
