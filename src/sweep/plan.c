/*
 * plan.c - sweep plans: the default plan, the plan text format, command-line
 * overrides, checks before any work, and task k computed from k.
 *
 * Duplicates are dropped, whatever the list: a generator or solver given
 * twice (compared in canonical form, so 'gen all' then 'gen
 * frontier:pick=random' runs frontier once), a seed inside an earlier range
 * ('1..3,2' is 1, 2, 3), a size given twice ('5,5,5x5' is one 5x5). Each
 * keeps its first place.
 *
 * Seeds are kept as ranges, never expanded; task k is found by arithmetic
 * on prefix counts (sw_plan_task): a plan's memory does not grow with its
 * seed count.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"
#include "../mazebench_bench.h"
#include "internal.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

const char sw_default_plan[] =
    "# The default sweep: every registered generator against every registered\n"
    "# solver, plus the article's variants (skipped when not registered).\n"
    "gen all\n"
    "gen? dfs+braid\n"
    "gen? dfs+braid:keep=0.4,offset=99\n"
    "gen? frontier:pick=random\n"
    "gen? frontier:pick=newest\n"
    "gen? frontier:pick=oldest\n"
    "solve all\n"
    "solve? wall:hand=right\n"
    "solve? astar:k=0\n"
    "solve? astar:k=0.5\n"
    "solve? astar:k=1\n"
    "solve? astar:k=1.5\n"
    "solve? astar:k=2.2\n"
    "solve? astar:k=3\n"
    "seeds 464..473\n"
    "sizes 31x31,101x101,317x317,1001x1001\n"
    "reps 1\n";

#define MAX_TASKS (UINT64_C(1) << 62)

int sw_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return rc;
}

static void note(const sw_plan *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void note(const sw_plan *p, const char *fmt, ...)
{
    if (!p->note)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    p->note(p->note_user, msg);
}

/* Room for n + 1 elements in a plan's list of n (the kit's bare-array
 * growth, from the C library: the lists are freed with free). */
static int grow(void *pp, size_t n, size_t size)
{
    size_t cap = n;
    return mzu_array_reserve(NULL, pp, &cap, n + 1, size) == MZ_OK ? 0 : -1;
}

#define OOM(err, errlen) sw_fail(err, errlen, SW_FAIL, "out of memory")

void sw_plan_init(sw_plan *p, sw_note_fn note_fn, void *user)
{
    memset(p, 0, sizeof *p);
    p->reps = 1;
    p->rng = MZ_RNG_AUTO;
    p->note = note_fn;
    p->note_user = user;
}

static void clear_derived(sw_plan *p)
{
    free(p->seed_first);
    free(p->nelig);
    free(p->elig);
    free(p->fixed);
    free(p->gen_first);
    free(p->rngk);
    p->rngk = NULL;
    p->seed_first = NULL;
    p->nelig = NULL;
    p->elig = NULL;
    p->fixed = NULL;
    p->gen_first = NULL;
    p->ntask = 0;
}

static void clear_gens(sw_plan *p)
{
    for (size_t k = 0; k < p->ngen; k++)
        free(p->gen[k]);
    p->ngen = 0;
}

static void clear_solvers(sw_plan *p)
{
    for (size_t k = 0; k < p->nsolv; k++)
        free(p->solv[k]);
    p->nsolv = 0;
}

void sw_plan_free(sw_plan *p)
{
    clear_gens(p);
    clear_solvers(p);
    clear_derived(p);
    free(p->gen);
    free(p->gspec);
    free(p->solv);
    free(p->sstage);
    free(p->range);
    free(p->size);
    for (size_t k = 0; k < p->nlimit; k++)
        free(p->limit_name[k]);
    free(p->limit_name);
    free(p->limit_cells);
    sw_note_fn n = p->note;
    void *u = p->note_user;
    memset(p, 0, sizeof *p);
    p->note = n;
    p->note_user = u;
}

/* ---- values ---- */

static int parse_u64(const char *what, const char *text, uint64_t min, uint64_t max,
                     uint64_t *out, const char *where, char *err, size_t errlen)
{
    switch (mzu_parse_u64(text, min, max, 0, out)) {
    case MZU_INT_OK:
        return SW_OK;
    case MZU_INT_OVERFLOW:
    case MZU_INT_RANGE:
        return sw_fail(err, errlen, SW_BAD, "%s%s '%s' is out of range [%llu, %llu]", where, what,
                    text, (unsigned long long)min, (unsigned long long)max);
    case MZU_INT_EMPTY:
    case MZU_INT_SIGN:
    case MZU_INT_NOT_DIGIT:
    case MZU_INT_JUNK:
        break;
    }
    return sw_fail(err, errlen, SW_BAD, "%s%s '%s' is not a non-negative integer", where, what,
                   text);
}

/* ---- grids ---- */

mz_dims sw_size_dims(sw_size z)
{
    mz_dims g = {z.shape, mz_shape_layered(z.shape) && z.levels ? z.levels : 1, z.rows, z.cols};
    return g;
}

uint64_t sw_size_cells(sw_size z)
{
    mz_dims g = sw_size_dims(z);
    return mz_dims_cells(&g);
}

void sw_size_format(sw_size z, char *buf, size_t len)
{
    mz_dims g = sw_size_dims(z);
    mz_dims_format(&g, buf, len);
}

static bool same_size(sw_size a, sw_size b)
{
    mz_dims x = sw_size_dims(a), y = sw_size_dims(b);
    return x.shape == y.shape && x.levels == y.levels && x.rows == y.rows && x.cols == y.cols;
}

void sw_shapes_text(const mz_algo *a, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        if (!mz_runs_on(a, (mz_shape)k))
            continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                         mz_shape_name((mz_shape)k));
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

static bool algo_refuses(const mz_algo *a, sw_size z, char *why, size_t whylen)
{
    mz_dims g = sw_size_dims(z);
    if (!mz_refuses(a, &g))
        return false;
    if (why && whylen) {
        char shapes[128], grid[96];
        if (!mz_runs_on(a, z.shape)) {
            sw_shapes_text(a, shapes, sizeof shapes);
            snprintf(why, whylen, "%s does not run on %s grids (it runs on: %s)", a->name,
                     mz_shape_name(z.shape), shapes);
        } else {
            sw_size_format(z, grid, sizeof grid);
            snprintf(why, whylen, "%s refuses a %s grid (it declares so)", a->name, grid);
        }
    }
    return true;
}

bool sw_refuses(const mz_spec *spec, const mz_stage *st, sw_size z, char *why, size_t whylen)
{
    if (!spec)
        return algo_refuses(st->algo, z, why, whylen);
    for (unsigned k = 0; k < spec->n; k++)
        if (algo_refuses(spec->stage[k].algo, z, why, whylen))
            return true;
    return false;
}

/* A grid: "RxC", "N", or "SHAPE:DIMS" (mz_dims_parse). */
static int parse_size(const char *text, sw_size *z, const char *where, char *err,
                      size_t errlen)
{
    mz_dims g;
    mz_status s = mz_dims_parse(text, &g);
    if (s == MZ_ETOOBIG)
        return sw_fail(err, errlen, SW_BAD, "%ssize '%s' is too large (at most 2^40 cells, 2^20 "
                       "polar rings)", where, text);
    if (s == MZ_ENOTFOUND) {
        char names[128];
        return sw_fail(err, errlen, SW_BAD, "%ssize '%s': unknown shape (known: %s)", where, text,
                       mz_shape_names(names, sizeof names));
    }
    if (s != MZ_OK) {
        char sizes[512];
        return sw_fail(err, errlen, SW_BAD, "%ssize '%s' is not %s, each number from 1 to "
                       "4294967296", where, text, mz_shape_syntaxes(sizes, sizeof sizes));
    }
    mz_dims_cells(&g);
    z->rows = g.rows;
    z->cols = g.cols;
    z->shape = g.shape;
    z->levels = mz_shape_layered(g.shape) ? g.levels : 1;
    return SW_OK;
}

/* ---- lists ---- */

static int add_gen(sw_plan *p, const mz_spec *spec, char *err, size_t errlen)
{
    char name[1024];
    mz_spec_format(spec, name, sizeof name);
    for (size_t k = 0; k < p->ngen; k++)
        if (strcmp(p->gen[k], name) == 0)
            return SW_OK;
    char *d = strdup(name);
    if (!d || grow(&p->gen, p->ngen, sizeof *p->gen) || grow(&p->gspec, p->ngen, sizeof *p->gspec)) {
        free(d);
        return OOM(err, errlen);
    }
    p->gen[p->ngen] = d;
    p->gspec[p->ngen] = *spec;
    p->ngen++;
    return SW_OK;
}

static int add_solver(sw_plan *p, const mz_stage *st, char *err, size_t errlen)
{
    char name[1024];
    mz_stage_format(st, name, sizeof name);
    for (size_t k = 0; k < p->nsolv; k++)
        if (strcmp(p->solv[k], name) == 0)
            return SW_OK;
    char *d = strdup(name);
    if (!d || grow(&p->solv, p->nsolv, sizeof *p->solv) ||
        grow(&p->sstage, p->nsolv, sizeof *p->sstage)) {
        free(d);
        return OOM(err, errlen);
    }
    p->solv[p->nsolv] = d;
    p->sstage[p->nsolv] = *st;
    p->nsolv++;
    return SW_OK;
}

static int add_entry(sw_plan *p, bool solver, const char *text, bool optional,
                     const char *where, char *err, size_t errlen)
{
    char why[1024];
    if (strcmp(text, "all") == 0) {
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != (solver ? MZ_SOLVER : MZ_GEN))
                continue;
            mz_stage st = {*a, {{0}}};
            mz_args_default(*a, &st.args);
            int rc;
            if (solver) {
                rc = add_solver(p, &st, err, errlen);
            } else {
                mz_spec spec;
                memset(&spec, 0, sizeof spec);
                spec.n = 1;
                spec.stage[0] = st;
                rc = add_gen(p, &spec, err, errlen);
            }
            if (rc)
                return rc;
        }
        return SW_OK;
    }
    mz_status s;
    int rc = SW_OK;
    if (solver) {
        mz_stage st;
        s = mz_solver_parse(text, &st, why, sizeof why);
        if (s == MZ_OK)
            rc = add_solver(p, &st, err, errlen);
    } else {
        mz_spec spec;
        s = mz_spec_parse(text, &spec, why, sizeof why);
        if (s == MZ_OK)
            rc = add_gen(p, &spec, err, errlen);
    }
    if (s == MZ_OK)
        return rc;
    if (optional) {
        note(p, "skipping %s '%s': %s", solver ? "solver" : "generator", text, why);
        return SW_OK;
    }
    return sw_fail(err, errlen, SW_BAD, "%s%s", where, why);
}

/* A list of specs as it is split (each_spec). */
typedef struct spec_list {
    sw_plan *p;
    bool solver;
    const char *list, *where;
    char *cur; /* the spec being gathered */
    char *err;
    size_t errlen;
} spec_list;

static int spec_piece(char *piece, bool last, void *user)
{
    spec_list *l = user;
    size_t first = strcspn(piece, "=:+");
    if (piece[first] == '=' && l->cur[0]) {
        strcat(l->cur, ",");
        strcat(l->cur, piece);
    } else {
        int rc;
        if (l->cur[0] &&
            (rc = add_entry(l->p, l->solver, l->cur, false, l->where, l->err, l->errlen)) != 0)
            return rc;
        if (piece[0] == '\0' && (!last || l->cur[0]))
            return sw_fail(l->err, l->errlen, SW_BAD, "%san empty entry in the list '%s'", l->where,
                           l->list);
        strcpy(l->cur, piece);
    }
    return SW_OK;
}

/* Split a comma-separated list of specs: a piece whose first of '=', ':'
 * and '+' is '=' continues the previous spec's parameters. */
static int each_spec(sw_plan *p, bool solver, const char *list, const char *where, char *err,
                     size_t errlen)
{
    spec_list l = {p, solver, list, where, malloc(strlen(list) + 1), err, errlen};
    if (!l.cur)
        return OOM(err, errlen);
    l.cur[0] = '\0';
    int rc = mzu_each_piece(list, ',', spec_piece, &l);
    if (rc == MZU_LIST_NOMEM)
        rc = OOM(err, errlen);
    if (rc == SW_OK && l.cur[0])
        rc = add_entry(p, solver, l.cur, false, where, err, errlen);
    free(l.cur);
    return rc;
}

/* Add seeds lo..hi minus every seed already in the plan. */
static int add_range(sw_plan *p, uint64_t lo, uint64_t hi, size_t from, char *err,
                     size_t errlen)
{
    for (size_t k = from; k < p->nrange; k++) {
        sw_range r = p->range[k];
        if (hi < r.lo || lo > r.hi)
            continue;
        int rc = SW_OK;
        if (lo < r.lo)
            rc = add_range(p, lo, r.lo - 1, k + 1, err, errlen);
        if (rc == SW_OK && hi > r.hi)
            rc = add_range(p, r.hi + 1, hi, k + 1, err, errlen);
        return rc;
    }
    if (p->nrange && p->range[p->nrange - 1].hi != UINT64_MAX &&
        p->range[p->nrange - 1].hi + 1 == lo) {
        p->range[p->nrange - 1].hi = hi;
        return SW_OK;
    }
    if (p->nrange >= 65536)
        return sw_fail(err, errlen, SW_BAD, "more than 65536 separate seed ranges: use A..B ranges");
    if (grow(&p->range, p->nrange, sizeof *p->range))
        return OOM(err, errlen);
    p->range[p->nrange++] = (sw_range){lo, hi};
    return SW_OK;
}

/* A list of seeds or sizes as it is split (add_seeds, add_sizes). */
typedef struct plan_list {
    sw_plan *p;
    const char *where;
    char *err;
    size_t errlen;
} plan_list;

static int seed_piece(char *piece, bool last, void *user)
{
    (void)last;
    plan_list *l = user;
    char *dots = strstr(piece, "..");
    uint64_t a, b;
    int rc;
    if (dots)
        *dots = '\0';
    if ((rc = parse_u64("seed", piece, 0, UINT64_MAX, &a, l->where, l->err, l->errlen)) != 0 ||
        (dots &&
         (rc = parse_u64("seed", dots + 2, 0, UINT64_MAX, &b, l->where, l->err, l->errlen)) != 0))
        return rc;
    if (!dots)
        b = a;
    if (b < a)
        return sw_fail(l->err, l->errlen, SW_BAD, "%sseed range '%s..%s' runs backwards", l->where,
                       piece, dots + 2);
    if (b - a >= (UINT64_C(1) << 62))
        return sw_fail(l->err, l->errlen, SW_BAD, "%sseed range '%s..%s' holds more than 2^62 seeds",
                       l->where, piece, dots + 2);
    return add_range(l->p, a, b, 0, l->err, l->errlen);
}

static int size_piece(char *piece, bool last, void *user)
{
    (void)last;
    plan_list *l = user;
    sw_plan *p = l->p;
    sw_size z;
    int rc;
    if ((rc = parse_size(piece, &z, l->where, l->err, l->errlen)) != 0)
        return rc;
    for (size_t k = 0; k < p->nsize; k++)
        if (same_size(p->size[k], z))
            return SW_OK;
    if (grow(&p->size, p->nsize, sizeof *p->size))
        return OOM(l->err, l->errlen);
    p->size[p->nsize++] = z;
    return SW_OK;
}

/* The pieces of a comma-separated list through fn. */
static int each_piece(sw_plan *p, const char *list, mzu_piece_fn fn, const char *where, char *err,
                      size_t errlen)
{
    plan_list l = {p, where, err, errlen};
    int rc = mzu_each_piece(list, ',', fn, &l);
    return rc == MZU_LIST_NOMEM ? OOM(err, errlen) : rc;
}

static int add_seeds(sw_plan *p, const char *list, const char *where, char *err, size_t errlen)
{
    return each_piece(p, list, seed_piece, where, err, errlen);
}

static int add_sizes(sw_plan *p, const char *list, const char *where, char *err, size_t errlen)
{
    return each_piece(p, list, size_piece, where, err, errlen);
}

/* "limit NAME SIZE" or "limit NAME N cells": NAME a registered generator. */
static int add_limit(sw_plan *p, char *arg, const char *where, char *err, size_t errlen)
{
    char *rest = arg + strcspn(arg, " \t");
    if (*rest)
        *rest++ = '\0';
    rest += strspn(rest, " \t");
    if (*rest == '\0')
        return sw_fail(err, errlen, SW_BAD, "%s'limit' needs a generator name and a size", where);
    if (!mz_find(MZ_GEN, arg)) {
        char names[512] = "";
        size_t used = 0;
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != MZ_GEN)
                continue;
            int k = snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
                             (*a)->name);
            if (k > 0 && (size_t)k < sizeof names - used)
                used += (size_t)k;
        }
        return sw_fail(err, errlen, SW_BAD, "%s'limit' names unknown generator '%s' (valid: %s)",
                    where, arg, names);
    }
    uint64_t cells;
    char *sp = strpbrk(rest, " \t");
    if (sp) {
        *sp++ = '\0';
        sp += strspn(sp, " \t");
        if (strcmp(sp, "cells") != 0)
            return sw_fail(err, errlen, SW_BAD, "%s'limit %s' wants SIZE or 'N cells', not '%s %s'",
                        where, arg, rest, sp);
        int rc = parse_u64("cell count", rest, 1, MZ_MAX_CELLS, &cells, where, err, errlen);
        if (rc)
            return rc;
    } else {
        sw_size z;
        int rc = parse_size(rest, &z, where, err, errlen);
        if (rc)
            return rc;
        cells = sw_size_cells(z);
    }
    char *d = strdup(arg);
    if (!d || grow(&p->limit_name, p->nlimit, sizeof *p->limit_name) ||
        grow(&p->limit_cells, p->nlimit, sizeof *p->limit_cells)) {
        free(d);
        return OOM(err, errlen);
    }
    p->limit_name[p->nlimit] = d;
    p->limit_cells[p->nlimit] = cells;
    p->nlimit++;
    return SW_OK;
}

int sw_plan_set_gens(sw_plan *p, const char *list, char *err, size_t errlen)
{
    clear_gens(p);
    if (list[0] == '\0')
        return sw_fail(err, errlen, SW_BAD, "an empty generator list");
    return each_spec(p, false, list, "", err, errlen);
}

int sw_plan_set_solvers(sw_plan *p, const char *list, char *err, size_t errlen)
{
    clear_solvers(p);
    return each_spec(p, true, list, "", err, errlen);
}

int sw_plan_set_seeds(sw_plan *p, const char *list, char *err, size_t errlen)
{
    p->nrange = 0;
    return add_seeds(p, list, "", err, errlen);
}

int sw_plan_set_sizes(sw_plan *p, const char *list, char *err, size_t errlen)
{
    p->nsize = 0;
    return add_sizes(p, list, "", err, errlen);
}

int sw_plan_set_rng_at(sw_plan *p, const char *name, const char *where, char *err,
                       size_t errlen)
{
    mz_rng_kind k;
    if (strcmp(name, "auto") == 0)
        k = MZ_RNG_AUTO;
    else if (mz_rng_parse(name, &k) != MZ_OK)
        return sw_fail(err, errlen, SW_BAD, "%sunknown random source '%.40s' (valid: auto, "
                       "mulberry32, splitmix64)", where, name);
    p->rng = k;
    return SW_OK;
}

int sw_plan_set_rng(sw_plan *p, const char *name, char *err, size_t errlen)
{
    return sw_plan_set_rng_at(p, name, "", err, errlen);
}

int sw_plan_set_reps(sw_plan *p, const char *text, char *err, size_t errlen)
{
    return parse_u64("reps", text, 1, 1000000, &p->reps, "", err, errlen);
}

/* ---- plan text ---- */

int sw_plan_parse_text(sw_plan *p, const char *buf, size_t len, const char *what, char *err,
                       size_t errlen)
{
    const char *nul = memchr(buf, '\0', len);
    if (nul) {
        size_t line = 1;
        for (const char *c = buf; c < nul; c++)
            line += *c == '\n';
        return sw_fail(err, errlen, SW_BAD, "%s:%zu: not a plan: a NUL byte (binary data)", what,
                    line);
    }
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
        buf += 3;
        len -= 3;
    }
    char *text = malloc(len + 1);
    if (!text)
        return OOM(err, errlen);
    memcpy(text, buf, len);
    text[len] = '\0';
    int rc = SW_OK;
    size_t lineno = 0;
    for (char *line = text; line && rc == SW_OK;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *s = line;
        line = nl ? nl + 1 : NULL;
        s[strcspn(s, "#")] = '\0'; /* a comment, whole-line or trailing */
        while (isspace((unsigned char)*s))
            s++;
        size_t n = strlen(s);
        while (n && isspace((unsigned char)s[n - 1]))
            s[--n] = '\0';
        if (*s == '\0')
            continue;
        char *arg = s + strcspn(s, " \t");
        if (*arg)
            *arg++ = '\0';
        while (isspace((unsigned char)*arg))
            arg++;
        char where[512];
        snprintf(where, sizeof where, "%s:%zu: ", what, lineno);
        bool printable = true;
        for (const char *c = s; *c; c++)
            printable &= isprint((unsigned char)*c) != 0;
        if (!printable) {
            rc = sw_fail(err, errlen, SW_BAD, "%snot a plan: a line of binary data", where);
        } else if (strcmp(s, "gen") != 0 && strcmp(s, "gen?") != 0 && strcmp(s, "solve") != 0 &&
                   strcmp(s, "solve?") != 0 && strcmp(s, "seeds") != 0 &&
                   strcmp(s, "sizes") != 0 && strcmp(s, "grids") != 0 &&
                   strcmp(s, "reps") != 0 && strcmp(s, "limit") != 0 &&
                   strcmp(s, "skip") != 0 && strcmp(s, "rng") != 0) {
            rc = sw_fail(err, errlen, SW_BAD,
                      "%sunknown plan line '%.40s' (valid: gen, gen?, solve, solve?, seeds, "
                      "sizes, grids, reps, limit, skip, rng)", where, s);
        } else if (*arg == '\0') {
            rc = sw_fail(err, errlen, SW_BAD, "%s'%s' needs a value", where, s);
        } else if (strcmp(s, "gen") == 0 || strcmp(s, "gen?") == 0) {
            rc = add_entry(p, false, arg, s[3] == '?', where, err, errlen);
        } else if (strcmp(s, "solve") == 0 || strcmp(s, "solve?") == 0) {
            rc = add_entry(p, true, arg, s[5] == '?', where, err, errlen);
        } else if (strcmp(s, "seeds") == 0) {
            rc = add_seeds(p, arg, where, err, errlen);
        } else if (strcmp(s, "sizes") == 0 || strcmp(s, "grids") == 0) {
            rc = add_sizes(p, arg, where, err, errlen);
        } else if (strcmp(s, "rng") == 0) {
            rc = sw_plan_set_rng_at(p, arg, where, err, errlen);
        } else if (strcmp(s, "skip") == 0) {
            if (strcmp(arg, "unsupported") != 0)
                rc = sw_fail(err, errlen, SW_BAD, "%s'skip' takes 'unsupported', not '%.40s'",
                             where, arg);
            p->skip_unsupported = true;
        } else if (strcmp(s, "reps") == 0) {
            if (p->reps_set)
                rc = sw_fail(err, errlen, SW_BAD, "%s'reps' given twice", where);
            else
                rc = parse_u64("reps", arg, 1, 1000000, &p->reps, where, err, errlen);
            p->reps_set = true;
        } else {
            rc = add_limit(p, arg, where, err, errlen);
        }
    }
    free(text);
    return rc;
}

void sw_plan_write_rng(FILE *f, const sw_plan *p)
{
    if (p->rng != MZ_RNG_AUTO || !p->rngk)
        return;
    for (size_t g = 0; g < p->ngen; g++)
        for (size_t e = 0; e < p->nelig[g]; e++) {
            if (p->rngk[g * p->nsize + e] != MZ_RNG_SPLITMIX64)
                continue;
            sw_size z = p->fixed[g].rows ? p->fixed[g] : p->size[p->elig[g * p->nsize + e]];
            char grid[128];
            sw_size_format(z, grid, sizeof grid);
            fprintf(f, "# rng: %s at %s draws from splitmix64 (its estimated draws are past "
                    "mulberry32's budget of 2^28)\n", p->gen[g], grid);
        }
}

int sw_plan_write(FILE *f, const sw_plan *p, const char *prefix)
{
    for (size_t k = 0; k < p->ngen; k++)
        fprintf(f, "%sgen %s\n", prefix, p->gen[k]);
    for (size_t k = 0; k < p->nsolv; k++)
        fprintf(f, "%ssolve %s\n", prefix, p->solv[k]);
    fprintf(f, "%sseeds ", prefix);
    for (size_t k = 0; k < p->nrange; k++) {
        fprintf(f, "%s%llu", k ? "," : "", (unsigned long long)p->range[k].lo);
        if (p->range[k].hi > p->range[k].lo)
            fprintf(f, "..%llu", (unsigned long long)p->range[k].hi);
    }
    fprintf(f, "\n%ssizes ", prefix);
    for (size_t k = 0; k < p->nsize; k++) {
        char grid[128];
        sw_size_format(p->size[k], grid, sizeof grid);
        fprintf(f, "%s%s", k ? "," : "", grid);
    }
    fprintf(f, "\n%sreps %llu\n", prefix, (unsigned long long)p->reps);
    if (p->rng != MZ_RNG_AUTO)
        fprintf(f, "%srng %s\n", prefix, mz_rng_name(p->rng));
    if (p->skip_unsupported)
        fprintf(f, "%sskip unsupported\n", prefix);
    for (size_t k = 0; k < p->nlimit; k++)
        fprintf(f, "%slimit %s %llu cells\n", prefix, p->limit_name[k],
                (unsigned long long)p->limit_cells[k]);
    return ferror(f) ? -1 : 0;
}

/* ---- checks and tasks ---- */

static bool fixed_size(const mz_spec *s)
{
    return s->n > 0 && (s->stage[0].algo->flags & MZ_F_FIXED_SIZE);
}

static bool limited(const sw_plan *p, size_t g, sw_size z)
{
    for (size_t j = 0; j < p->nlimit; j++)
        if (strcmp(p->limit_name[j], p->gspec[g].stage[0].algo->name) == 0 &&
            sw_size_cells(z) > p->limit_cells[j])
            return true;
    return false;
}

/* Estimated peak bytes of generator g at size z with the hungriest solver
 * on its shape (mz_estimate_bytes: the grid, the chain, the figures and
 * the solver, held together in the engine's pool). */
static double maze_bytes(const sw_plan *p, size_t g, sw_size z)
{
    const mz_dims geo = sw_size_dims(z);
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t n = 0;
    for (unsigned s = 0; s < p->gspec[g].n; s++)
        algos[n++] = p->gspec[g].stage[s].algo;
    const mz_algo *hungry = NULL;
    for (size_t j = 0; j < p->nsolv; j++)
        if (!hungry || mz_algo_bytes_per_cell(p->sstage[j].algo, geo.shape) >
                           mz_algo_bytes_per_cell(hungry, geo.shape))
            hungry = p->sstage[j].algo;
    algos[n++] = hungry;
    /* a worker's engine keeps every block in its pool: the parts add up */
    return (double)mz_estimate_bytes(algos, n, &geo, MZ_EST_FIGURES | MZ_EST_POOL);
}

uint64_t sw_plan_jobs_bytes(const sw_plan *p, unsigned jobs)
{
    double sum = 0;
    uint64_t left = jobs ? jobs : 1;
    /* the largest remaining (generator, size), taken as many times as it
     * has tasks, until every worker has one; a plan has few of them */
    double last = INFINITY;
    size_t last_g = SIZE_MAX, last_e = SIZE_MAX;
    while (left > 0) {
        double best = -1;
        size_t bg = SIZE_MAX, be = SIZE_MAX;
        for (size_t g = 0; g < p->ngen; g++) {
            const size_t *el = p->elig + g * p->nsize;
            bool fixed = fixed_size(&p->gspec[g]);
            for (size_t e = 0; e < p->nelig[g]; e++) {
                double need = maze_bytes(p, g, fixed ? p->fixed[g] : p->size[el[e]]);
                /* strictly after the last one taken, in (bytes, g, e) order */
                bool after = need < last ||
                             (need == last && (g > last_g || (g == last_g && e > last_e)));
                if (after && (need > best || (need == best && (g < bg || (g == bg && e < be))))) {
                    best = need;
                    bg = g;
                    be = e;
                }
            }
        }
        if (bg == SIZE_MAX)
            break;
        uint64_t tasks = p->nseed * p->reps;
        uint64_t take = tasks < left ? tasks : left;
        sum += best * (double)take;
        left -= take;
        last = best;
        last_g = bg;
        last_e = be;
    }
    return sum >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)sum;
}

int sw_plan_finish(sw_plan *p, char *err, size_t errlen)
{
    clear_derived(p);
    p->cells = 0;
    const char *missing = p->ngen == 0 ? "generator" : p->nrange == 0 ? "seed"
                          : p->nsize == 0 ? "size" : NULL;
    if (missing)
        return sw_fail(err, errlen, SW_BAD, "the plan has no %s", missing);
    p->seed_first = calloc(p->nrange + 1, sizeof *p->seed_first);
    p->nelig = calloc(p->ngen, sizeof *p->nelig);
    p->elig = calloc(p->ngen * p->nsize, sizeof *p->elig);
    p->fixed = calloc(p->ngen, sizeof *p->fixed);
    p->gen_first = calloc(p->ngen + 1, sizeof *p->gen_first);
    p->rngk = calloc(p->ngen * p->nsize, sizeof *p->rngk);
    if (!p->seed_first || !p->nelig || !p->elig || !p->fixed || !p->gen_first || !p->rngk)
        return OOM(err, errlen);
    for (size_t k = 0; k < p->nrange; k++) {
        uint64_t n = p->range[k].hi - p->range[k].lo + 1;
        if (p->seed_first[k] > MAX_TASKS - n)
            return sw_fail(err, errlen, SW_BAD, "the plan has more than 2^62 seeds");
        p->seed_first[k + 1] = p->seed_first[k] + n;
    }
    p->nseed = p->seed_first[p->nrange];
    uint64_t top_seed = 0;
    for (size_t k = 0; k < p->nrange; k++)
        top_seed = p->range[k].hi > top_seed ? p->range[k].hi : top_seed;
    if (top_seed > UINT32_MAX && p->rng == MZ_RNG_MULBERRY32)
        return sw_fail(err, errlen, SW_BAD, "seed %llu is past mulberry32's 32 bits: 'rng "
                       "splitmix64' in the plan (--rng splitmix64) draws from a source with "
                       "64-bit seeds", (unsigned long long)top_seed);
    if (top_seed > UINT32_MAX && p->rng == MZ_RNG_AUTO)
        note(p, "seeds past 4294967295 draw from splitmix64 (mulberry32's seeds have 32 bits)");
    p->per_task = p->nsolv ? p->nsolv : 1;

    mzu_budget budget;
    mzu_mem_budget(&budget);
    uint64_t total = 0;
    for (size_t g = 0; g < p->ngen; g++) {
        size_t *el = p->elig + g * p->nsize;
        size_t runs_on = 0; /* grids of the plan on which it runs */
        char why[512] = "";
        for (size_t z = 0; z < p->nsize; z++)
            runs_on += !sw_refuses(&p->gspec[g], NULL, p->size[z], why, sizeof why);
        if (fixed_size(&p->gspec[g]) && runs_on == 0) {
            /* A fixed-size generator makes its own grid, once a seed,
             * provided the plan has a grid of a shape it runs on. */
            if (!p->skip_unsupported)
                return sw_fail(err, errlen, SW_BAD, "%s; 'skip unsupported' in the plan "
                               "(--skip-unsupported) drops such grids", why);
            note(p, "%s: no '%s' mazes", why, p->gen[g]);
        } else if (fixed_size(&p->gspec[g])) {
            /* It makes its own size: learn it from one run. */
            mz_grid grid;
            memset(&grid, 0, sizeof grid);
            mz_extra gx;
            memset(&gx, 0, sizeof gx);
            mz_spec sp = p->gspec[g]; /* a source its first seed can feed */
            sp.rng = p->rng == MZ_RNG_SPLITMIX64 || p->range[0].lo > UINT32_MAX
                         ? MZ_RNG_SPLITMIX64
                         : MZ_RNG_MULBERRY32;
            mz_status s = mz_generate(&sp, p->range[0].lo, MZ_SQUARE(1, 1), &grid,
                                      MZ_GEN_OPTS(1, NULL, &gx));
            p->fixed[g] = (sw_size){grid.rows, grid.cols, MZ_SHAPE_ORTHO, 1};
            mz_grid_free(&grid);
            if (s != MZ_OK)
                return sw_fail(err, errlen, SW_FAIL, "fixed-size generator '%s' failed: %s",
                            p->gen[g], mz_status_str(s));
            el[0] = 0;
            p->nelig[g] = 1;
        } else {
            for (size_t z = 0; z < p->nsize; z++) {
                char grid[128], why[512];
                sw_size_format(p->size[z], grid, sizeof grid);
                if (sw_refuses(&p->gspec[g], NULL, p->size[z], why, sizeof why)) {
                    /* A grid a stage refuses (its shape, or a size it
                     * declares): the plan is refused, unless it says to
                     * skip such grids. */
                    if (!p->skip_unsupported)
                        return sw_fail(err, errlen, SW_BAD, "%s; 'skip unsupported' in the plan "
                                       "(--skip-unsupported) drops such grids", why);
                    note(p, "%s: no %s '%s' mazes", why, grid, p->gen[g]);
                    continue;
                }
                if (limited(p, g, p->size[z])) {
                    note(p, "the plan limits %s: no %s mazes", p->gen[g], grid);
                    continue;
                }
                el[p->nelig[g]++] = z;
            }
        }
        /* Every solver on every size this generator makes. */
        for (size_t e = 0; e < p->nelig[g]; e++) {
            sw_size z = fixed_size(&p->gspec[g]) ? p->fixed[g] : p->size[el[e]];
            char grid[128];
            sw_size_format(z, grid, sizeof grid);
            /* The source of its mazes of this size: one decision for
             * every seed below 2^32 (docs/random.md). */
            {
                mz_spec sp = p->gspec[g];
                const mz_dims zg = sw_size_dims(z);
                bool switched;
                char why[400];
                if (mz_rng_resolve(&sp, &zg, 0, p->rng, &switched, why, sizeof why) != MZ_OK)
                    return sw_fail(err, errlen, SW_BAD, "%s ('rng splitmix64' in the plan, "
                                   "--rng splitmix64)", why);
                if (switched)
                    note(p, "%s", why);
                p->rngk[g * p->nsize + e] = (unsigned char)sp.rng;
            }
            for (size_t j = 0; j < p->nsolv; j++) {
                char why[512];
                /* A solver that does not run on the grid keeps its rows
                 * (a task writes a row a solver), figures empty, when the
                 * plan skips unsupported grids; otherwise the plan is
                 * refused. */
                if (sw_refuses(NULL, &p->sstage[j], z, why, sizeof why)) {
                    if (!p->skip_unsupported)
                        return sw_fail(err, errlen, SW_BAD, "%s; 'skip unsupported' in the plan "
                                       "(--skip-unsupported) keeps its rows, figures empty",
                                       why);
                    continue;
                }
                const mz_dims zg = sw_size_dims(z);
                if (mz_solver_fits(&p->sstage[j], &zg, why, sizeof why) != MZ_OK)
                    return sw_fail(err, errlen, SW_BAD, "solver '%s' does not fit size %s: %s",
                                p->solv[j], grid, why);
            }
            double need = maze_bytes(p, g, z);
            mzu_fit fit = mzu_budget_fits(&budget, need);
            if (fit == MZU_PAST_MACHINE)
                return sw_fail(err, errlen, SW_FAIL,
                            "a %s '%s' maze needs about %.1f GiB, more than this "
                            "machine's %.1f GiB", grid, p->gen[g], need / 1073741824.0,
                            (double)budget.machine / 1073741824.0);
            if (fit == MZU_PAST_LIMIT)
                return sw_fail(err, errlen, SW_FAIL,
                            "a %s '%s' maze needs about %.1f MiB, more than the %.1f MiB the "
                            "address-space limit (ulimit -v) leaves", grid, p->gen[g],
                            need / 1048576.0, (double)budget.as_left / 1048576.0);
        }
        uint64_t n = p->nelig[g];
        if (n && (p->nseed > MAX_TASKS / n || p->reps > MAX_TASKS / (n * p->nseed) ||
                  n * p->nseed * p->reps > MAX_TASKS - total))
            return sw_fail(err, errlen, SW_BAD, "the plan has more than 2^62 tasks");
        total += n * p->nseed * p->reps;
        p->gen_first[g + 1] = total;
        for (size_t e = 0; e < p->nelig[g]; e++) {
            sw_size z = fixed_size(&p->gspec[g]) ? p->fixed[g] : p->size[el[e]];
            p->cells += (double)sw_size_cells(z) * (double)p->nseed * (double)p->reps;
        }
    }
    p->ntask = total;
    if (total == 0)
        return sw_fail(err, errlen, SW_BAD, "the plan has no task (its limits and the grids its generators skip leave none)");
    return SW_OK;
}

void sw_plan_task(const sw_plan *p, uint64_t k, sw_task *t)
{
    size_t lo = 0, hi = p->ngen; /* gen_first[lo] <= k < gen_first[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->gen_first[mid] <= k)
            lo = mid;
        else
            hi = mid;
    }
    uint64_t local = k - p->gen_first[lo];
    uint64_t block = p->nseed * p->reps;
    size_t e = (size_t)(local / block);
    uint64_t rem = local % block;
    uint64_t si = rem / p->reps;
    t->index = k;
    t->gen = lo;
    /* A fixed-size generator is asked for the size it makes (asking for a
     * plan size would allocate a grid it ignores). */
    t->size = p->fixed[lo].rows ? p->fixed[lo] : p->size[p->elig[lo * p->nsize + e]];
    t->rep = rem % p->reps + 1;
    size_t a = 0, b = p->nrange;
    while (b - a > 1) {
        size_t mid = a + (b - a) / 2;
        if (p->seed_first[mid] <= si)
            a = mid;
        else
            b = mid;
    }
    t->seed = p->range[a].lo + (si - p->seed_first[a]);
    t->rng = t->seed > UINT32_MAX ? MZ_RNG_SPLITMIX64
                                  : (mz_rng_kind)p->rngk[lo * p->nsize + e];
}

bool sw_plan_find(const sw_plan *p, const char *gen, uint64_t seed, sw_size size, uint64_t rep,
                  uint64_t *k)
{
    size_t g = 0;
    while (g < p->ngen && strcmp(p->gen[g], gen) != 0)
        g++;
    if (g == p->ngen || rep < 1 || rep > p->reps)
        return false;
    /* The size's place among the generator's sizes (e). */
    size_t e = 0;
    if (p->fixed[g].rows) {
        if (!same_size(p->fixed[g], size))
            return false;
    } else {
        const size_t *el = p->elig + g * p->nsize;
        while (e < p->nelig[g] && !same_size(p->size[el[e]], size))
            e++;
        if (e == p->nelig[g])
            return false;
    }
    /* The seed's place among the plan's seeds (si): ranges are disjoint. */
    size_t a = 0;
    while (a < p->nrange && (seed < p->range[a].lo || seed > p->range[a].hi))
        a++;
    if (a == p->nrange)
        return false;
    uint64_t si = p->seed_first[a] + (seed - p->range[a].lo);
    *k = p->gen_first[g] + (uint64_t)e * (p->nseed * p->reps) + si * p->reps + (rep - 1);
    return true;
}

/* ---- estimates ---- */

int sw_plan_estimate(const sw_plan *p, uint64_t *bytes, double *seconds, char *err,
                     size_t errlen)
{
    mz_bench b;
    if (mz_bench_init(&b) != MZ_OK)
        return OOM(err, errlen);
    double secs = 0, peak = 0;
    for (size_t g = 0; g < p->ngen; g++) {
        const size_t *el = p->elig + g * p->nsize;
        bool fixed = fixed_size(&p->gspec[g]);
        double cells = 0; /* cells of all this generator's mazes */
        for (size_t e = 0; e < p->nelig[g]; e++) {
            sw_size z = fixed ? p->fixed[g] : p->size[el[e]];
            cells += (double)sw_size_cells(z);
            double need = maze_bytes(p, g, z);
            if (need > peak)
                peak = need;
        }
        cells *= (double)p->nseed * (double)p->reps;
        if (p->nelig[g] == 0)
            continue;
        double per_cell;
        if (!sw_calibrate(&b, p, g, fixed, &per_cell))
            continue;
        secs += cells * per_cell / 1e9;
    }
    mz_bench_free(&b);
    *bytes = (uint64_t)peak;
    *seconds = secs;
    return SW_OK;
}

unsigned sw_plan_shapes(const sw_plan *p)
{
    unsigned shapes = 0;
    for (size_t g = 0; g < p->ngen; g++) {
        const size_t *el = p->elig + g * p->nsize;
        for (size_t e = 0; e < p->nelig[g]; e++) {
            sw_size z = p->fixed[g].rows ? p->fixed[g] : p->size[el[e]];
            shapes |= MZ_SHAPE_BIT(z.shape);
        }
    }
    return shapes;
}
