/* The refuses key (refuse.h, docs/outside.md): terms [SHAPE:]FIELD OP N,
 * any of which refuses a grid. They say what a built-in entry's refuses
 * function says, a predicate on a grid's shape and size (mz_dims), and
 * reach every place that honours one through mz_refuses. */
#include "refuse.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fields[] = {"rows", "cols", "levels", "cells"};
static const char *const ops[] = {"<=", ">=", "<", ">"}; /* longest first */
static const unsigned op_code[] = {1, 3, 0, 2};

static mz_status bad(char *msg, size_t cap, const mzx_file *f, unsigned line, const char *fmt,
                     ...)
{
    char what[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(msg, cap, "%s:%u: refuses: %s", f->path, line, what);
    return MZ_EFORMAT;
}

mz_status mzx_section_refuses(const mzx_file *f, const mzx_section *s, mzx_refusal *r,
                              char *msg, size_t cap)
{
    memset(r, 0, sizeof *r);
    unsigned line = 0;
    const char *t = mzx_section_get(s, "refuses", &line);
    if (!t)
        return MZ_OK;
    const char *want = "a term [SHAPE:]FIELD OP N: FIELD rows, cols, levels or cells, OP < <= > "
                       ">=, e.g. rows<3 cols<3";
    for (const char *p = t; *p;) {
        p += strspn(p, " \t,");
        if (!*p)
            break;
        size_t n = strcspn(p, " \t,");
        char word[64];
        if (n >= sizeof word)
            return bad(msg, cap, f, line, "'%.40s...' is not %s", p, want);
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        p += n;
        if (r->n == MZX_REFUSE_MAX)
            return bad(msg, cap, f, line, "more than %d terms", MZX_REFUSE_MAX);
        mzx_refuse_term *tm = &r->term[r->n];
        tm->any_shape = true;
        char *w = word;
        char *colon = strchr(w, ':');
        if (colon) {
            *colon = '\0';
            if (mz_shape_parse(w, &tm->shape) != MZ_OK) {
                char names[200];
                return bad(msg, cap, f, line, "unknown shape '%s' (known: %s)", w,
                           mz_shape_names(names, sizeof names));
            }
            tm->any_shape = false;
            w = colon + 1;
        }
        size_t k;
        for (k = 0; k < 4; k++)
            if (!strncmp(w, fields[k], strlen(fields[k])))
                break;
        if (k == 4)
            return bad(msg, cap, f, line, "'%s' is not %s", word, want);
        tm->field = (unsigned)k;
        w += strlen(fields[k]);
        size_t o;
        for (o = 0; o < 4; o++)
            if (!strncmp(w, ops[o], strlen(ops[o])))
                break;
        if (o == 4)
            return bad(msg, cap, f, line, "'%s' is not %s", word, want);
        tm->op = op_code[o];
        w += strlen(ops[o]);
        char *e = NULL;
        errno = 0;
        unsigned long long v = (*w >= '0' && *w <= '9') ? strtoull(w, &e, 10) : 0;
        if (!e || *e || errno)
            return bad(msg, cap, f, line, "'%s' is not %s", word, want);
        tm->n = (uint64_t)v;
        r->n++;
    }
    if (r->n == 0)
        return bad(msg, cap, f, line, "no term: %s", want);
    return MZ_OK;
}

bool mzx_refusal_holds(const mzx_refusal *r, const mz_dims *g)
{
    mz_dims d = *g;
    uint64_t cells = 0;
    bool counted = false;
    for (unsigned k = 0; k < r->n; k++) {
        const mzx_refuse_term *t = &r->term[k];
        if (!t->any_shape && t->shape != g->shape)
            continue;
        uint64_t x;
        if (t->field == 3) {
            if (!counted)
                cells = mz_dims_cells(&d), counted = true;
            x = cells;
        } else
            x = t->field == 0 ? g->rows : t->field == 1 ? g->cols : g->levels;
        bool holds = t->op == 0 ? x < t->n : t->op == 1 ? x <= t->n : t->op == 2 ? x > t->n
                                                                                 : x >= t->n;
        if (holds)
            return true;
    }
    return false;
}

bool mzx_refusal_smallest(const mzx_refusal *r, mz_shape shape, mz_dims *d)
{
    for (uint64_t n = 2; n <= 4096; n++) {
        *d = (mz_dims){shape, n, n, n};
        if (shape != MZ_SHAPE_CUBE)
            d->levels = 1;
        if (mz_dims_cells(d) == 0)
            continue;
        if (!mzx_refusal_holds(r, d))
            return true;
    }
    return false;
}
