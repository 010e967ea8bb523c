/*
 * spec.c - generator and solver specs: "name[:k=v,...][+post[:k=v,...]]".
 *
 * A spec is the one string that names a maze recipe everywhere: on the
 * command line, in the CSV's gen column and in the golden data. Parsing
 * checks every name and value against the registry, so a bad spec is
 * refused with a reason before any work starts.
 */
#include "internal.h"
#include "../mazebench_plugin.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

/* The entries added at run time: a NULL-terminated array that grows by
 * doubling. Process-wide by design (a registry is), and never random. */
static const mz_algo **added;
static size_t nadded, capadded;
static const mz_algo *const no_added[1] = {NULL};

static const mz_algo *find_in(const mz_algo *const *list, mz_kind kind, const char *name)
{
    for (const mz_algo *const *a = list; *a; a++)
        if ((*a)->kind == kind && strcmp((*a)->name, name) == 0)
            return *a;
    return NULL;
}

const mz_algo *mz_lib_find(mz_kind kind, const char *name)
{
    if (!name)
        return NULL;
    const mz_algo *a = find_in(mz_registry, kind, name);
    return a ? a : find_in(mz_registry_added(NULL), kind, name);
}

mz_status mz_registry_add(const mz_algo *a)
{
    if (!a)
        return MZ_EINVAL;
    if (mz_algo_check(a, NULL, 0) != MZ_OK) /* the one check of what an entry declares */
        return MZ_EINVAL;
    if (mz_find(a->kind, a->name))
        return MZ_EINVAL;
    if (nadded + 1 >= capadded) {
        size_t cap = capadded ? capadded * 2 : 8;
        const mz_algo **p = realloc(added, cap * sizeof *p);
        if (!p)
            return MZ_ENOMEM;
        added = p;
        capadded = cap;
    }
    added[nadded++] = a;
    added[nadded] = NULL;
    return MZ_OK;
}

const mz_algo *const *mz_registry_added(size_t *n)
{
    if (n)
        *n = nadded;
    return nadded ? (const mz_algo *const *)added : no_added;
}

void mz_registry_drop_added(void)
{
    free(added);
    added = NULL;
    nadded = capadded = 0;
}

size_t mz_registry_count(void)
{
    size_t n = 0;
    while (mz_registry[n])
        n++;
    return n;
}

void mz_args_default(const mz_algo *a, mz_args *args)
{
    if (!args)
        return;
    memset(args, 0, sizeof *args);
    if (!a)
        return;
    for (unsigned k = 0; k < a->nparams; k++)
        args->v[k] = a->params[k].def;
}

/* The k-th choice of "a|b|c" into buf; false past the end. */
static bool choice_at(const char *choices, unsigned k, char *buf, size_t len)
{
    const char *p = choices;
    for (unsigned j = 0; j < k; j++) {
        p = strchr(p, '|');
        if (!p)
            return false;
        p++;
    }
    size_t n = strcspn(p, "|");
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return true;
}

static bool parse_number(const char *text, double *out)
{
    if (*text == '\0' || isspace((unsigned char)*text))
        return false;
    char *end;
    double v = strtod(text, &end);
    if (*end != '\0' || !isfinite(v))
        return false;
    *out = v;
    return true;
}

mz_status mz_param_parse(const mz_param_def *p, const char *text, double *out)
{
    if (!p || !text || !out)
        return MZ_EINVAL;
    double v;
    switch (p->type) {
    case MZ_P_REAL:
        if (!parse_number(text, &v) || v < p->min || v > p->max)
            return MZ_EPARAM;
        *out = v;
        return MZ_OK;
    case MZ_P_INT:
        if (!parse_number(text, &v) || v != floor(v) || v < p->min || v > p->max)
            return MZ_EPARAM;
        if (strpbrk(text, ".eExX")) /* integers are written as integers */
            return MZ_EPARAM;
        *out = v;
        return MZ_OK;
    case MZ_P_ENUM: {
        char buf[64];
        for (unsigned k = 0; choice_at(p->choices, k, buf, sizeof buf); k++) {
            if (strcmp(buf, text) == 0) {
                *out = k;
                return MZ_OK;
            }
        }
        return MZ_EPARAM;
    }
    case MZ_P_CELL:
        if (strcmp(text, "entrance") == 0) {
            *out = MZ_CELL_ENTRANCE;
        } else if (strcmp(text, "exit") == 0) {
            *out = MZ_CELL_EXIT;
        } else if (strcmp(text, "centre") == 0 || strcmp(text, "center") == 0) {
            *out = MZ_CELL_CENTRE;
        } else {
            if (!isdigit((unsigned char)text[0]) || strpbrk(text, ".eExX") ||
                !parse_number(text, &v) || v > 9007199254740992.0)
                return MZ_EPARAM;
            *out = v;
        }
        return MZ_OK;
    }
    return MZ_EPARAM;
}

mz_idx mz_cell_resolve(const mz_grid *g, double v)
{
    if (!g)
        return MZ_NONE;
    if (v == MZ_CELL_ENTRANCE)
        return g->entrance;
    if (v == MZ_CELL_EXIT)
        return g->exit;
    if (v == MZ_CELL_CENTRE)
        return mz_shape_table[g->shape]->centre(g);
    if (v < 0 || v >= (double)g->cells)
        return MZ_NONE;
    return (mz_idx)v;
}

static void list_names(mz_kind kind, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != kind)
            continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", (*a)->name);
        if (n < 0 || (size_t)n >= len - used)
            return;
        used += (size_t)n;
    }
}

static const char *kind_word(mz_kind k)
{
    return k == MZ_GEN ? "generator" : k == MZ_POST ? "post-processor" : "solver";
}

static void describe_param(const mz_param_def *p, char *buf, size_t len)
{
    switch (p->type) {
    case MZ_P_REAL: snprintf(buf, len, "a number in [%g, %g]", p->min, p->max); break;
    case MZ_P_INT: snprintf(buf, len, "an integer in [%.0f, %.0f]", p->min, p->max); break;
    case MZ_P_ENUM: snprintf(buf, len, "one of %s", p->choices); break;
    case MZ_P_CELL: snprintf(buf, len, "a cell index or entrance|exit|centre"); break;
    }
}

/* Parse one stage "name[:k=v,...]" of the given kind from text[0..len). */
static mz_status parse_stage_text(const char *text, size_t len, mz_kind kind, mz_stage *st,
                                  char *err, size_t errlen)
{
    char buf[512];
    if (len >= sizeof buf) {
        snprintf(err, errlen, "spec too long");
        return MZ_EPARAM;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = '\0';
    const mz_algo *a = mz_find(kind, buf);
    if (!a) {
        char names[512];
        list_names(kind, names, sizeof names);
        if (buf[0] == '\0')
            snprintf(err, errlen, "missing %s name (valid: %s)", kind_word(kind), names);
        else
            snprintf(err, errlen, "unknown %s '%s' (valid: %s; an outside program's or a "
                     "plugin's entry is known once declared: docs/outside.md, docs/plugins.md)",
                     kind_word(kind), buf, names);
        return MZ_ENOTFOUND;
    }
    st->algo = a;
    mz_args_default(a, &st->args);
    if (!colon)
        return MZ_OK;
    bool given[MZ_MAX_PARAMS] = {false};
    char *p = colon + 1;
    if (*p == '\0') {
        snprintf(err, errlen, "empty parameter list after '%s:'", a->name);
        return MZ_EPARAM;
    }
    while (p) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(p, '=');
        if (!eq || eq == p) {
            snprintf(err, errlen, "malformed parameter '%s' of '%s' (want key=value)", p, a->name);
            return MZ_EPARAM;
        }
        *eq = '\0';
        unsigned k = 0;
        while (k < a->nparams && strcmp(a->params[k].name, p) != 0)
            k++;
        if (k == a->nparams) {
            char names[256] = "";
            size_t used = 0;
            for (unsigned j = 0; j < a->nparams; j++) {
                int n = snprintf(names + used, sizeof names - used, "%s%s", j ? ", " : "",
                                 a->params[j].name);
                if (n > 0 && (size_t)n < sizeof names - used)
                    used += (size_t)n;
            }
            snprintf(err, errlen, "unknown parameter '%s' of '%s' (valid: %s)", p, a->name,
                     a->nparams ? names : "none");
            return MZ_EPARAM;
        }
        if (given[k]) {
            snprintf(err, errlen, "parameter '%s' of '%s' given twice", p, a->name);
            return MZ_EPARAM;
        }
        given[k] = true;
        if (mz_param_parse(&a->params[k], eq + 1, &st->args.v[k]) != MZ_OK) {
            char want[128];
            describe_param(&a->params[k], want, sizeof want);
            snprintf(err, errlen, "bad value '%s' for '%s' of '%s' (want %s)", eq + 1, p,
                     a->name, want);
            return MZ_EPARAM;
        }
        p = comma ? comma + 1 : NULL;
    }
    return MZ_OK;
}

/* As parse_stage_text; a reason quotes the input, so control characters
 * in it (a newline, a tab) become '?': a reason stays one printable line. */
static mz_status parse_stage(const char *text, size_t len, mz_kind kind, mz_stage *st, char *err,
                             size_t errlen)
{
    mz_status s = parse_stage_text(text, len, kind, st, err, errlen);
    if (s != MZ_OK && err)
        for (size_t i = 0; i < errlen && err[i]; i++)
            if ((unsigned char)err[i] < 0x20 || err[i] == 0x7f)
                err[i] = '?';
    return s;
}

/* Length of the stage starting at p: up to the next '+' that starts a
 * post-processor. A '+' right after '=' or in a number's exponent ("1e+5")
 * is part of a value, so "offset=+1" is reported as the value '+1'. */
static size_t stage_len(const char *p)
{
    size_t k = 0;
    for (; p[k]; k++) {
        if (p[k] != '+')
            continue;
        if (k > 0 && p[k - 1] == '=')
            continue;
        if (k > 1 && (p[k - 1] == 'e' || p[k - 1] == 'E') &&
            ((p[k - 2] >= '0' && p[k - 2] <= '9') || p[k - 2] == '.'))
            continue;
        break;
    }
    return k;
}

mz_status mz_lib_spec_parse(const char *text, mz_spec *spec, char *err, size_t errlen)
{
    if (!text || !spec) {
        if (err && errlen)
            snprintf(err, errlen, "no %s given", !text ? "spec" : "spec to fill");
        return MZ_EINVAL;
    }
    memset(spec, 0, sizeof *spec);
    const char *p = text;
    for (;;) {
        size_t len = stage_len(p);
        if (spec->n == MZ_MAX_CHAIN) {
            snprintf(err, errlen, "too many post-processors (at most %d)", MZ_MAX_CHAIN - 1);
            return MZ_EPARAM;
        }
        mz_kind kind = spec->n == 0 ? MZ_GEN : MZ_POST;
        mz_status s = parse_stage(p, len, kind, &spec->stage[spec->n], err, errlen);
        if (s != MZ_OK)
            return s;
        spec->n++;
        if (p[len] == '\0')
            return MZ_OK;
        p += len + 1;
    }
}

mz_status mz_lib_solver_parse(const char *text, mz_stage *st, char *err, size_t errlen)
{
    if (!text || !st) {
        if (err && errlen)
            snprintf(err, errlen, "no %s given", !text ? "solver" : "stage to fill");
        return MZ_EINVAL;
    }
    return parse_stage(text, strlen(text), MZ_SOLVER, st, err, errlen);
}

static size_t format_value(const mz_param_def *p, double v, char *buf, size_t len)
{
    char c[64];
    switch (p->type) {
    case MZ_P_ENUM:
        if (!choice_at(p->choices, (unsigned)v, c, sizeof c))
            c[0] = '\0';
        return (size_t)snprintf(buf, len, "%s", c);
    case MZ_P_CELL:
        if (v == MZ_CELL_ENTRANCE)
            return (size_t)snprintf(buf, len, "entrance");
        if (v == MZ_CELL_EXIT)
            return (size_t)snprintf(buf, len, "exit");
        if (v == MZ_CELL_CENTRE)
            return (size_t)snprintf(buf, len, "centre");
        return (size_t)snprintf(buf, len, "%.0f", v);
    case MZ_P_INT:
        return (size_t)snprintf(buf, len, "%.0f", v);
    case MZ_P_REAL:
        break;
    }
    /* The shortest form that reads back as the same double. */
    for (int prec = 1; prec < 17; prec++) {
        snprintf(c, sizeof c, "%.*g", prec, v);
        if (strtod(c, NULL) == v)
            break;
    }
    if (strtod(c, NULL) != v)
        snprintf(c, sizeof c, "%.17g", v);
    return (size_t)snprintf(buf, len, "%s", c);
}

size_t mz_stage_format(const mz_stage *st, char *buf, size_t len)
{
    if (!buf)
        len = 0;
    if (!st || !st->algo) {
        if (len)
            buf[0] = '\0';
        return 0;
    }
    size_t used = (size_t)snprintf(buf, len, "%s", st->algo->name);
    char sep = ':';
    for (unsigned k = 0; k < st->algo->nparams; k++) {
        const mz_param_def *p = &st->algo->params[k];
        if (st->args.v[k] == p->def)
            continue;
        char val[64];
        format_value(p, st->args.v[k], val, sizeof val);
        used += (size_t)snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
                                 "%c%s=%s", sep, p->name, val);
        sep = ',';
    }
    return used;
}

size_t mz_spec_format(const mz_spec *spec, char *buf, size_t len)
{
    size_t used = 0;
    if (!buf)
        len = 0;
    if (len)
        buf[0] = '\0';
    if (!spec)
        return 0;
    for (unsigned k = 0; k < spec->n; k++) {
        if (k) {
            if (used + 1 < len) {
                buf[used] = '+';
                buf[used + 1] = '\0';
            }
            used++;
        }
        used += mz_stage_format(&spec->stage[k], used < len ? buf + used : NULL,
                                used < len ? len - used : 0);
    }
    return used;
}

static mz_status generate_on(const mz_spec *spec, uint64_t seed, unsigned threads, mz_grid *g,
                             mz_trace *trace, mz_extra *extra);

mz_status mz_generate(const mz_spec *spec, uint64_t seed, const mz_dims *dims, mz_grid *g,
                      const mz_gen_opts *opts)
{
    if (!spec || !dims || !g)
        return MZ_EINVAL;
    if (spec->n == 0 || spec->stage[0].algo->kind != MZ_GEN)
        return MZ_EINVAL;
    mz_status s = mz_grid_resize(g, dims);
    if (s != MZ_OK)
        return s;
    if (!opts)
        return generate_on(spec, seed, 1, g, NULL, NULL);
    return generate_on(spec, seed, mz_threads_resolve(opts->threads), g, opts->trace, opts->extra);
}

mz_status mz_generate_on(const mz_spec *spec, uint64_t seed, mz_grid *g, mz_trace *trace,
                         mz_extra *extra)
{
    return generate_on(spec, seed, 1, g, trace, extra);
}

static mz_status generate_on(const mz_spec *spec, uint64_t seed, unsigned threads, mz_grid *g,
                             mz_trace *trace, mz_extra *extra)
{
    for (unsigned k = 0; k < spec->n; k++)
        if (!mz_runs_on(spec->stage[k].algo, g->shape))
            return MZ_EUNSUPPORTED;
    if ((unsigned)spec->rng >= MZ_RNG_KIND_COUNT ||
        (spec->rng == MZ_RNG_MULBERRY32 && seed > UINT32_MAX))
        return MZ_EINVAL;
    mz_extra own; /* extra is optional: its columns then go nowhere */
    if (!extra) {
        memset(&own, 0, sizeof own);
        extra = &own;
    }
    mz_rng rng;
    mz_rng_init(&rng, spec->rng, seed);
    mz_run run = {seed, &rng, trace, extra, threads, 0, NULL};
    for (unsigned k = 0; k < spec->n; k++) {
        const mz_algo *a = spec->stage[k].algo;
        if (a->refuses_ctx) {
            /* a refusal declared as data: the function is not called */
            const mz_dims d = mz_grid_dims(g);
            if (a->refuses_ctx(a->ctx, &d))
                return MZ_EUNSUPPORTED;
        }
        run.ctx = a->ctx;
        mz_status s = a->gen(g, &spec->stage[k].args, &run);
        if (s != MZ_OK)
            return s;
    }
    g->rng = spec->rng;
    g->draws = mz_rng_draws(&rng) + run.draws;
    return MZ_OK;
}

mz_status mz_solver_fits(const mz_stage *st, const mz_dims *geo, char *err, size_t errlen)
{
    if (!st || !geo) {
        if (err && errlen)
            snprintf(err, errlen, "no %s given", !st ? "solver" : "grid");
        return MZ_EINVAL;
    }
    if (!st->algo || st->algo->kind != MZ_SOLVER) {
        if (err && errlen)
            snprintf(err, errlen, "not a solver");
        return MZ_EINVAL;
    }
    mz_dims v = *geo;
    uint64_t cells = mz_dims_cells(&v);
    for (unsigned k = 0; k < st->algo->nparams; k++) {
        const mz_param_def *p = &st->algo->params[k];
        double x = st->args.v[k];
        if (p->type == MZ_P_CELL && x >= 0 && (cells == 0 || x >= (double)cells)) {
            if (err && errlen) {
                char grid[96];
                mz_dims_format(&v, grid, sizeof grid);
                if (cells)
                    snprintf(err, errlen, "cell %.0f for '%s' of '%s' is off the %s grid "
                             "(cells 0..%llu)", x, p->name, st->algo->name, grid,
                             (unsigned long long)(cells - 1));
                else
                    snprintf(err, errlen, "cell %.0f for '%s' of '%s' is off the %s grid", x,
                             p->name, st->algo->name, grid);
            }
            return MZ_EPARAM;
        }
    }
    return MZ_OK;
}

mz_status mz_solve(const mz_stage *st, const mz_grid *g, mz_trace *trace, mz_solution *sol)
{
    if (!st || !g || !sol || !st->algo || st->algo->kind != MZ_SOLVER)
        return MZ_EINVAL;
    if (!mz_runs_on(st->algo, g->shape))
        return MZ_EUNSUPPORTED;
    mz_dims geo = mz_grid_dims(g);
    if (st->algo->refuses_ctx && st->algo->refuses_ctx(st->algo->ctx, &geo))
        return MZ_EUNSUPPORTED;
    mz_status s = mz_solver_fits(st, &geo, NULL, 0);
    if (s != MZ_OK)
        return s;
    mz_solution_clear(sol);
    if (st->algo->solve)
        return st->algo->solve(g, &st->args, trace, sol);
    if (st->algo->solve_ctx)
        return st->algo->solve_ctx(st->algo->ctx, g, &st->args, trace, sol);
    return MZ_EINVAL;
}
