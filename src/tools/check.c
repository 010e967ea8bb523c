/*
 * check.c - the library side of 'mazebench check' (docs/check.md): a sweep
 * CSV read once, every row's recipe parsed, its rows placed in the plans the
 * file carries (rows missing, extra or out of order), and the re-run of every
 * maze and solver with each deterministic column compared with what the file
 * holds. A row's differences and its recipe's failure are lines kept with the
 * row; the command prints them and the summary.
 *
 * A sweep row names its maze and solver in its recipe columns (gen, seed,
 * rows, cols, rep, solver, topology, rng); everything else before gen_ns is a
 * figure that the same recipe must reproduce bit for bit. Consecutive rows of
 * one maze share it (a group). When the file carries its plan ('# plan:'
 * lines, with a '# shard:' line in a sweep's file, and '# solvers plan:'
 * lines in the registry's golden files), its rows must be exactly the plan's,
 * in order (sw_plan_find).
 */
#define _POSIX_C_SOURCE 200809L
#include "tools.h"
#include "../mazebench_plugin.h"
#include "outside/outside.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(mzt_check *c, size_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* What is wrong with the file, into c->err: the message, the file, the line. */
static void say(mzt_check *c, size_t line, const char *fmt, ...)
{
    c->err->path = c->path;
    c->err->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
    va_end(ap);
}

/* Append one formatted line to r->diff: a difference, or with fail a
 * recipe's failure. */
static void add_line(mzt_check_row *r, bool fail, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Append line and a newline to *buf (left as it was when memory runs
 * out: the caller's counts still tell). */
static void append(char **buf, const char *line)
{
    size_t old = *buf ? strlen(*buf) : 0, add = strlen(line);
    char *d = realloc(*buf, old + add + 2);
    if (!d)
        return;
    memcpy(d + old, line, add);
    d[old + add] = '\n';
    d[old + add + 1] = '\0';
    *buf = d;
}

static void add_line(mzt_check_row *r, bool fail, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (fail)
        r->nfail++;
    else
        r->ndiff++;
    append(&r->diff, line);
}

/* Append one formatted line to c->plan_diff. */
static void add_plan_line(mzt_check *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void add_plan_line(mzt_check *c, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    append(&c->plan_diff, line);
}

void mzt_check_describe(const mzt_check_row *r, bool with_solver, char *buf, size_t len)
{
    with_solver = with_solver && r->has_solver;
    char rep[32] = "";
    if (r->rep != 1)
        snprintf(rep, sizeof rep, ", rep %" PRIu64, r->rep);
    char topo[48] = "";
    if (r->shape != MZ_SHAPE_ORTHO) {
        mz_shape_column_format(r->shape, r->levels, topo, sizeof topo - 1);
        strcat(topo, " ");
    }
    char src[32] = "";
    if (r->spec.rng != MZ_RNG_MULBERRY32)
        snprintf(src, sizeof src, " (%s)", mz_rng_name(r->spec.rng));
    snprintf(buf, len, "%s, seed %" PRIu64 "%s, %s%" PRIu64 "x%" PRIu64 "%s%s%s", r->gen_text,
             r->seed, src, topo, r->rows, r->cols, rep, with_solver ? ", " : "",
             with_solver ? r->solv_text : "");
}

/* Compare one row's columns with a regenerated row, as the sweep writes it:
 * the recipe always, the solver's spec always, the figures only when the
 * maze could be made. With record false nothing is written: the count of
 * differing columns only. */
static size_t compare_row(const mzt_check *c, mzt_check_row *r, const mz_row *row, bool gen_ok,
                          const char *solver, const mz_solution *failed_sol, bool record)
{
    char got[512], what[512];
    size_t n = 0;
    for (size_t k = 0; k < c->ncmp; k++) {
        const char *col = c->cmp[k];
        got[0] = '\0';
        if (strcmp(col, "solver") == 0)
            snprintf(got, sizeof got, "%s", solver);
        else if (sw_own_source_col(&r->spec, col))
            ; /* an outside program's own source: left empty, as the sweep does */
        else if (failed_sol && mz_extra_get(&failed_sol->extra, col)) {
            /* a failed outside solver's columns (its status), as the sweep
             * writes them */
            mz_row r2 = *row;
            r2.solver = solver;
            r2.sol = failed_sol;
            mz_row_field(&r2, r->shape, r->levels, col, got, sizeof got);
        } else if (gen_ok || sw_is_recipe_col(col) || (row->gx && mz_extra_get(row->gx, col)))
            mz_row_field(row, r->shape, r->levels, col, got, sizeof got);
        if (strcmp(got, r->want[k]) != 0) {
            n++;
            if (!record)
                continue;
            mzt_check_describe(r, true, what, sizeof what);
            add_line(r, false, "%s:%zu: row %zu (%s): column '%s': expected '%s', got '%s'",
                     c->path, r->line, r->index, what, col, r->want[k], got);
        }
    }
    return n;
}

/* Rows [first, first + n) were not compared: their recipe failed, as
 * "STAGE failed: STATUS". One line, on the first row. */
static void fail_rows(const mzt_check *c, mzt_check_row *r, size_t n, bool with_solver,
                      const char *stage, mz_status s)
{
    char what[512], why[256];
    mzt_check_describe(r, with_solver, what, sizeof what);
    snprintf(why, sizeof why, "%s failed: %s", stage, mz_status_str(s));
    if (with_solver)
        add_line(r, true, "%s:%zu: row %zu (%s): %s (row not compared)", c->path, r->line,
                 r->index, what, why);
    else
        add_line(r, true, "%s:%zu: row %zu (%s): %s (%zu row%s of this maze not compared)",
                 c->path, r->line, r->index, what, why, n, n == 1 ? "" : "s");
    for (size_t k = 0; k < n; k++) {
        free(r[k].why);
        r[k].why = strdup(why);
    }
}

static void run_group(const mzt_check *c, const mzt_check_group *gp, mz_grid *g,
                      mz_solution *sol)
{
    mzt_check_row *r0 = &c->row[gp->first];
    char gen_canon[512], solv_canon[512];
    mz_extra gx;
    mz_metrics m;
    memset(&gx, 0, sizeof gx);
    memset(&m, 0, sizeof m);
    /* The row's grid: its topology, rows and cols (a fixed-size generator
     * ignores it and makes its own). */
    mz_dims geo;
    mz_status s = MZ_OK;
    if (r0->shape == MZ_SHAPE_ORTHO)
        geo = *MZ_SQUARE(r0->rows, r0->cols);
    else
        s = mz_row_dims(r0->shape, r0->levels, r0->rows, r0->cols, &geo);
    const char *stage = "the grid";
    if (s == MZ_OK) {
        s = mz_generate(&r0->spec, r0->seed, &geo, g, MZ_GEN_OPTS(1, NULL, &gx));
        stage = "generator";
    }
    if (s == MZ_OK) {
        s = mz_metrics_compute(g, 1, &m);
        stage = "the maze's figures";
    }
    const bool gen_ok = s == MZ_OK;
    mz_spec_format(&r0->spec, gen_canon, sizeof gen_canon);
    /* A refusal (MZ_EUNSUPPORTED) the file recorded, every figure empty as
     * the sweep writes it, matches: a first pass only counts; so does an
     * outside program's failure (MZ_EOUTSIDE, a generator's or a solver's)
     * where the file has one. Any
     * other status, or a refusal where the file has figures, fails the maze. */
    for (int pass = gen_ok ? 1 : 0; pass < 2; pass++) {
        size_t moved = 0;
        for (size_t k = 0; k < gp->n; k++) {
            mzt_check_row *r = &c->row[gp->first + k];
            mz_row row = {gen_canon, r->seed, gen_ok ? g->rows : r->rows,
                          gen_ok ? g->cols : r->cols, r->rep, &m, &gx, NULL, NULL, false, 0, 0, 0,
                          r0->spec.rng};
            solv_canon[0] = '\0';
            const mz_solution *failed = NULL;
            if (r->has_solver) {
                mz_stage_format(&r->st, solv_canon, sizeof solv_canon);
                if (gen_ok) {
                    mz_status ss = mz_solve(&r->st, g, NULL, sol);
                    if (ss == MZ_OK) {
                        row.solver = solv_canon;
                        row.sol = sol;
                    } else if (ss == MZ_EOUTSIDE)
                        failed = sol;
                    if (ss != MZ_OK &&
                        ((ss != MZ_EUNSUPPORTED && ss != MZ_EOUTSIDE) ||
                         compare_row(c, r, &row, true, solv_canon, failed, false))) {
                        fail_rows(c, r, 1, true, "solver", ss);
                        continue;
                    }
                }
            }
            /* A solver that refused (or a maze that could not be made)
             * keeps its spec in the solver column and its figures empty. */
            moved += compare_row(c, r, &row, gen_ok, solv_canon, failed, pass == 1);
        }
        if (pass == 0 && ((s != MZ_EUNSUPPORTED && s != MZ_EOUTSIDE) || moved)) {
            fail_rows(c, r0, gp->n, false, stage, s);
            return;
        }
    }
}

static void *worker(void *arg)
{
    mzt_check *c = arg;
    mz_grid g;
    mz_solution sol;
    memset(&g, 0, sizeof g);
    memset(&sol, 0, sizeof sol);
    for (;;) {
        size_t k = atomic_fetch_add(&c->next, 1);
        if (k >= c->ngrp)
            break;
        run_group(c, &c->grp[k], &g, &sol);
    }
    mz_solution_free(&sol);
    mz_grid_free(&g);
    return NULL;
}

/* ---- reading the file ---- */

static char *field_text(const sw_csv_field *f)
{
    return mzu_field_text(f->p, f->len); /* a trailing CR dropped */
}

static size_t line_of(const sw_file *f, size_t off)
{
    size_t line = 1;
    for (size_t k = 0; k < off && k < f->len; k++)
        line += f->text[k] == '\n';
    return line;
}

static bool in_cols(const mz_cols *c, const char *name, size_t upto)
{
    for (size_t k = 0; k < upto && k < c->n; k++)
        if (strcmp(c->name[k], name) == 0)
            return true;
    return false;
}

/* Parse an unsigned decimal number of at most max. */
static bool parse_num(const char *s, uint64_t max, uint64_t *out)
{
    if (!*s)
        return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (max - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

/* ---- the rows against the plans the file carries ---- */

static const char *const sect_prefix[2] = {"# plan: ", "# solvers plan: "};
static const char *const sect_name[2] = {"plan", "solvers plan"};

/* Does f have a provenance line starting with prefix? -1: out of memory. */
static int has_lines(const sw_file *f, const char *prefix)
{
    char *t = sw_file_lines(f, prefix);
    if (!t)
        return -1;
    int has = t[0] != '\0';
    free(t);
    return has;
}

/* "the plan", "the plan's shard 2/3", "the solvers plan". */
static void sect_title(const mzt_check_sect *s, char *buf, size_t len)
{
    if (s->nshard > 1)
        snprintf(buf, len, "the %s's shard %u/%u", s->name, s->shard, s->nshard);
    else
        snprintf(buf, len, "the %s", s->name);
}

/* Read the plans the file says it holds (c->nsect 0 when it says none):
 * its '# plan:' lines, with its '# shard:' line when it has one, then its
 * '# solvers plan:' lines. Lines that do not make a plan this build runs,
 * or a '# shard:' line that is not that plan's, leave a file that cannot
 * be vouched for: MZT_BAD. */
static int read_plans(mzt_check *c, const sw_file *f)
{
    int shard = has_lines(f, "# shard: ");
    for (size_t k = 0; k < 2 && shard >= 0; k++) {
        int has = has_lines(f, sect_prefix[k]);
        if (has < 0) {
            shard = -1; /* out of memory */
            break;
        }
        if (!has && k == 0 && (shard || has_lines(f, sect_prefix[1]) != 0)) {
            say(c, 0, "'%s' has '# %s:' lines but no '# plan:' lines", c->path,
                      shard ? "shard" : "solvers plan");
            return MZT_BAD;
        }
        if (!has)
            continue;
        mzt_check_sect *s = &c->sect[c->nsect++];
        sw_plan_init(&s->plan, NULL, NULL);
        s->name = sect_name[k];
        s->shard = s->nshard = 1;
        char why[512];
        int r = sw_file_plan(f, sect_prefix[k], sect_name[k], &s->plan, why, sizeof why);
        if (r != SW_OK) {
            say(c, 0, "'%s': its '%.*s' lines are not a plan this build runs: %s", c->path,
                      (int)strlen(sect_prefix[k]) - 1, sect_prefix[k], why);
            return r == SW_BAD ? MZT_BAD : MZT_FAIL;
        }
        const sw_plan *p = &s->plan;
        if (k == 0 && shard) {
            uint64_t v[4];
            if (sw_file_shard(f, v) != 0 || v[1] < 1 || v[1] > UINT32_MAX || v[0] < 1 ||
                v[0] > v[1]) {
                say(c, 0, "'%s' has no valid '# shard: I/N, tasks T, rows per task K' "
                          "line", c->path);
                return MZT_BAD;
            }
            if (v[2] != p->ntask || v[3] != p->per_task) {
                say(c, 0, "'%s': its '# shard:' line says %" PRIu64 " tasks of %" PRIu64
                          " rows, its '# plan:' lines make %" PRIu64 " of %zu", c->path, v[2],
                          v[3], p->ntask, p->per_task);
                return MZT_BAD;
            }
            s->shard = (unsigned)v[0];
            s->nshard = (unsigned)v[1];
        }
        uint64_t tasks = sw_shard_tasks(p, s->shard, s->nshard);
        if (tasks > UINT64_MAX / p->per_task) {
            say(c, 0, "'%s': its '%.*s' lines make more than 2^64 rows", c->path,
                      (int)strlen(sect_prefix[k]) - 1, sect_prefix[k]);
            return MZT_BAD;
        }
        s->nrow = tasks * p->per_task;
    }
    if (shard < 0) {
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    return MZT_OK;
}

/* Row pos of s's rows as "GEN, seed S, RxC[, rep N][, SOLVER]". */
static void plan_row(const mzt_check_sect *s, uint64_t pos, char *buf, size_t len)
{
    const sw_plan *p = &s->plan;
    sw_task t;
    sw_plan_task(p, (uint64_t)(s->shard - 1) + pos / p->per_task * s->nshard, &t);
    const char *solver = p->nsolv ? p->solv[pos % p->per_task] : "";
    char rep[32] = "";
    if (t.rep != 1)
        snprintf(rep, sizeof rep, ", rep %" PRIu64, t.rep);
    char topo[48] = "";
    if (t.size.shape != MZ_SHAPE_ORTHO) {
        mz_shape_column_format(t.size.shape, t.size.levels, topo, sizeof topo - 1);
        strcat(topo, " ");
    }
    char src[32] = "";
    if (t.rng != MZ_RNG_MULBERRY32)
        snprintf(src, sizeof src, " (%s)", mz_rng_name(t.rng));
    snprintf(buf, len, "%s, seed %" PRIu64 "%s, %s%" PRIu64 "x%" PRIu64 "%s%s%s", p->gen[t.gen],
             t.seed, src, topo, t.size.rows, t.size.cols, rep, solver[0] ? ", " : "", solver);
}

/* Is row r one of s's rows? Its place among them in *pos. */
static bool find_row(const mzt_check_sect *s, const mzt_check_row *r, uint64_t *pos)
{
    const sw_plan *p = &s->plan;
    uint64_t k;
    sw_size z = {r->rows, r->cols, r->shape, r->levels};
    if (!sw_plan_find(p, r->gen_canon, r->seed, z, r->rep, &k) ||
        k % s->nshard != s->shard - 1)
        return false;
    sw_task t;
    sw_plan_task(p, k, &t);
    if (t.rng != r->spec.rng) /* the plan draws it from the other source */
        return false;
    size_t j = 0;
    if (p->nsolv) {
        while (j < p->nsolv && strcmp(p->solv[j], r->solv_canon) != 0)
            j++;
        if (j == p->nsolv)
            return false;
    } else if (r->solv_canon[0]) {
        return false;
    }
    *pos = k / s->nshard * p->per_task + j;
    return true;
}

/* Give every row its plan and place in it (sect -1: in none), in file
 * order: a row stays in the current plan while it moves forward there,
 * else goes to the next plan that has it (a recipe may be in two plans).
 * A row in no plan is extra; one behind an earlier row of its plan, or a
 * row of the first plan after rows of the second, is out of order. */
static int place_rows(mzt_check *c)
{
    size_t cur = 0;
    uint64_t last[2] = {0, 0};
    bool any[2] = {false, false};
    char what[512], title[64];
    for (size_t k = 0; k < c->nrows; k++) {
        mzt_check_row *r = &c->row[k];
        uint64_t pos[2] = {0, 0};
        bool in[2] = {false, false};
        r->sect = -1;
        for (size_t s = 0; s < c->nsect; s++)
            in[s] = find_row(&c->sect[s], r, &pos[s]);
        size_t to = SIZE_MAX;
        if (c->nsect && in[cur] && (!any[cur] || pos[cur] > last[cur]))
            to = cur;
        for (size_t s = cur + 1; to == SIZE_MAX && s < c->nsect; s++)
            if (in[s])
                to = s;
        if (to == SIZE_MAX && c->nsect && in[cur])
            to = cur;
        for (size_t s = 0; to == SIZE_MAX && s < cur; s++)
            if (in[s])
                to = s;
        if (to == SIZE_MAX) {
            if (!c->nsect)
                continue;
            c->nextra++;
            mzt_check_describe(r, true, what, sizeof what);
            if (c->nsect > 1)
                snprintf(title, sizeof title, "any of its plans");
            else
                sect_title(&c->sect[0], title, sizeof title);
            add_plan_line(c, "%s:%zu: row %zu (%s): not in %s (an extra row)", c->path, r->line,
                          r->index, what, title);
            continue;
        }
        r->sect = (int)to;
        r->pos = pos[to];
        if (to < cur || (any[to] && pos[to] <= last[to])) {
            c->norder++;
            mzt_check_describe(r, true, what, sizeof what);
            sect_title(&c->sect[to], title, sizeof title);
            if (to < cur)
                add_plan_line(c, "%s:%zu: row %zu (%s): out of order: row %" PRIu64 " of %s, "
                              "after rows of the %s", c->path, r->line, r->index, what,
                              pos[to] + 1, title, c->sect[cur].name);
            else
                add_plan_line(c, "%s:%zu: row %zu (%s): out of order: row %" PRIu64 " of %s, "
                              "after its row %" PRIu64, c->path, r->line, r->index, what,
                              pos[to] + 1, title, last[to] + 1);
        }
        if (to > cur)
            cur = to;
        if (!any[to] || pos[to] > last[to])
            last[to] = pos[to];
        any[to] = true;
    }
    return MZT_OK;
}

/* Rows by plan, recipe (canonical), then place in the file. */
static int by_recipe(const void *a, const void *b)
{
    const mzt_check_row *x = *(const mzt_check_row *const *)a, *y = *(const mzt_check_row *const *)b;
    int d;
    if (x->sect != y->sect)
        return x->sect < y->sect ? -1 : 1;
    if ((d = strcmp(x->gen_canon, y->gen_canon)) != 0)
        return d;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    if (x->spec.rng != y->spec.rng)
        return x->spec.rng < y->spec.rng ? -1 : 1;
    if (x->shape != y->shape)
        return x->shape < y->shape ? -1 : 1;
    if (x->levels != y->levels)
        return x->levels < y->levels ? -1 : 1;
    if (x->rows != y->rows)
        return x->rows < y->rows ? -1 : 1;
    if (x->cols != y->cols)
        return x->cols < y->cols ? -1 : 1;
    if (x->rep != y->rep)
        return x->rep < y->rep ? -1 : 1;
    if ((d = strcmp(x->solv_canon, y->solv_canon)) != 0)
        return d;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* A recipe given twice (in one plan: a file of two plans may hold a recipe
 * once in each) is refused, naming the first repeat's two lines. */
static int refuse_repeats(mzt_check *c)
{
    if (c->nrows < 2)
        return MZT_OK;
    mzt_check_row **v = malloc(c->nrows * sizeof *v);
    if (!v) {
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    for (size_t k = 0; k < c->nrows; k++)
        v[k] = &c->row[k];
    qsort(v, c->nrows, sizeof *v, by_recipe);
    const mzt_check_row *a = NULL, *b = NULL;
    for (size_t k = 1; k < c->nrows; k++) {
        const mzt_check_row *x = v[k - 1], *y = v[k];
        if (x->sect == y->sect && strcmp(x->gen_canon, y->gen_canon) == 0 &&
            x->seed == y->seed && x->spec.rng == y->spec.rng && x->shape == y->shape &&
            x->levels == y->levels &&
            x->rows == y->rows && x->cols == y->cols && x->rep == y->rep &&
            strcmp(x->solv_canon, y->solv_canon) == 0 && (!b || y->index < b->index)) {
            a = x;
            b = y;
        }
    }
    free(v);
    if (!b)
        return MZT_OK;
    char what[512];
    mzt_check_describe(b, true, what, sizeof what);
    say(c, b->line, "'%s' lines %zu and %zu: rows %zu and %zu are the same recipe (%s): a row "
              "repeated", c->path, a->line, b->line, a->index, b->index, what);
    return MZT_BAD;
}

static int by_place(const void *a, const void *b)
{
    const mzt_check_row *x = *(const mzt_check_row *const *)a, *y = *(const mzt_check_row *const *)b;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Each run of a plan's rows the file lacks: one line. */
static int missing_rows(mzt_check *c)
{
    if (!c->nsect)
        return MZT_OK;
    mzt_check_row **v = malloc((c->nrows ? c->nrows : 1) * sizeof *v);
    if (!v) {
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    for (size_t s = 0; s < c->nsect; s++) {
        const mzt_check_sect *sp = &c->sect[s];
        size_t n = 0;
        for (size_t k = 0; k < c->nrows; k++)
            if (c->row[k].sect == (int)s)
                v[n++] = &c->row[k];
        qsort(v, n, sizeof *v, by_place);
        uint64_t want = 0; /* the first plan row not yet seen */
        for (size_t k = 0; k <= n; k++) {
            uint64_t next = k < n ? v[k]->pos : sp->nrow;
            if (next > want) {
                uint64_t miss = next - want;
                char where[64], title[64], first[600];
                c->nmissing += miss;
                if (k > 0)
                    snprintf(where, sizeof where, "after row %zu", v[k - 1]->index);
                else if (n > 0)
                    snprintf(where, sizeof where, "before row %zu", v[0]->index);
                else if (c->nrows > 0)
                    snprintf(where, sizeof where, "after row %zu", c->nrows);
                else
                    snprintf(where, sizeof where, "after the header");
                sect_title(sp, title, sizeof title);
                plan_row(sp, want, first, sizeof first);
                add_plan_line(c, "%s: %" PRIu64 " row%s missing %s (%s has %" PRIu64 " row%s, "
                              "the file %zu): first missing: %s", c->path, miss,
                              miss == 1 ? "" : "s", where, title, sp->nrow,
                              sp->nrow == 1 ? "" : "s", n, first);
            }
            want = next + 1;
        }
    }
    free(v);
    return MZT_OK;
}

/* The registry that wrote the file: its '# registry:' line against this
 * build's hash over the shapes of the file's grids (mz_registry_hash),
 * those of the plans it carries (sw_plan_shapes, as the sweep that wrote
 * it), or without plans its rows' topology column. MZT_OK or MZT_BAD after
 * a message. */
static int check_registry(mzt_check *c, const sw_file *f)
{
    if (c->any_registry)
        return MZT_OK;
    char *reg = sw_file_lines(f, "# registry: ");
    if (!reg) {
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    unsigned shapes = 0;
    for (size_t s = 0; s < c->nsect; s++)
        shapes |= sw_plan_shapes(&c->sect[s].plan);
    for (size_t k = 0; !c->nsect && k < c->nrows; k++)
        shapes |= MZ_SHAPE_BIT(c->row[k].shape);
    int rc = MZT_OK;
    unsigned long long h = 0;
    char tail = 0;
    uint64_t mine = mz_registry_hash(shapes);
    if (*reg && (sscanf(reg, "# registry: %llx%c", &h, &tail) < 1 || (uint64_t)h != mine)) {
        reg[strcspn(reg, "\n")] = '\0';
        say(c, 0, "'%s' was written by another registry ('%s', this build has "
                  "%016" PRIx64 "): regenerate it with this build",
                  c->path, reg + 12, mine);
        rc = MZT_BAD;
    }
    free(reg);
    return rc;
}

/* Load and parse everything; MZT_OK, or MZT_BAD / MZT_FAIL after a message. */
static int load(mzt_check *c, sw_file *f)
{
    char err[512];
    int r = sw_file_read(c->path, f, err, sizeof err);
    if (r < 0) {
        say(c, 0, "cannot read '%s': no such file", c->path);
        return MZT_BAD;
    }
    if (r != SW_OK) { /* SW_BAD: a directory, a NUL byte, a column named twice */
        say(c, 0, "%s", err);
        return r == SW_BAD ? MZT_BAD : MZT_FAIL;
    }
    if (f->header_at == SIZE_MAX) {
        say(c, 0, "'%s' has no header line: not a sweep CSV", c->path);
        return MZT_BAD;
    }
    size_t end = f->nrows ? f->row_end[f->nrows - 1] : f->rows_at;
    if (end != f->len) {
        say(c, line_of(f, end), "'%s' line %zu is not a complete row of %zu fields", c->path,
                  line_of(f, end), f->ncols);
        return MZT_BAD;
    }

    /* Columns: every one must be known; the deterministic ones are compared. */
    mz_cols all, det;
    if (sw_columns(&all) != 0) {
        say(c, 0, "too many columns in this build");
        return MZT_FAIL;
    }
    /* The deterministic columns: those before gen_ns, built-in entries'
     * and added ones' (an outside program's status, a plugin's figures),
     * but the timings among them (sw_is_timing_col) */
    {
        size_t nadd = 0;
        const mz_algo *const *added = mz_registry_added(&nadd);
        const size_t nb = mz_registry_count(); /* the built-in entries */
        const mz_algo **algos = malloc((nb + nadd + 1) * sizeof *algos);
        if (!algos) {
            say(c, 0, "out of memory");
            return MZT_FAIL;
        }
        for (size_t k = 0; k < nb; k++)
            algos[k] = mz_registry[k];
        for (size_t k = 0; k < nadd; k++)
            algos[nb + k] = added[k];
        mz_row_columns(&det, true, true, false, algos, nb + nadd);
        free(algos);
        unsigned kept = 0;
        for (unsigned k = 0; k < det.n; k++)
            if (!sw_is_timing_col(det.name[k]))
                det.name[kept++] = det.name[k];
        det.n = kept;
    }
    sw_csv_field hf[MZ_MAX_COLS + 1];
    size_t off = f->header_at, nh;
    sw_csv_read_row(f->text, f->len, &off, hf, MZ_MAX_COLS + 1, &nh);
    if (nh > MZ_MAX_COLS) {
        say(c, 0, "'%s' has %zu columns, more than any sweep writes", c->path, nh);
        return MZT_BAD;
    }
    size_t *at = calloc(nh, sizeof *at);
    c->cmp = calloc(nh, sizeof *c->cmp);
    if (!at || !c->cmp) {
        free(at);
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    size_t col_gen = SIZE_MAX, col_seed = SIZE_MAX, col_rows = SIZE_MAX, col_cols = SIZE_MAX,
           col_rep = SIZE_MAX, col_solv = SIZE_MAX, col_topo = SIZE_MAX, col_rng = SIZE_MAX;
    for (size_t k = 0; k < nh; k++) {
        char name[128];
        size_t nl = sw_csv_value(&hf[k], name, sizeof name);
        if (nl && nl < sizeof name && name[nl - 1] == '\r')
            name[nl - 1] = '\0';
        if (!in_cols(&all, name, all.n)) {
            bool outside = false;
            for (const char *const *oc = mzx_columns; *oc && !outside; oc++)
                outside = strcmp(*oc, name) == 0;
            if (outside)
                say(c, 0, "'%s' has column '%s': its rows come from outside programs, and "
                          "check runs none that is not declared on its command line: declare "
                          "them with --programs FILE (docs/outside.md)", c->path, name);
            else
                say(c, 0, "'%s' has column '%s', which this build does not write (a file "
                          "from another version?)", c->path, name);
            free(at);
            return MZT_BAD;
        }
        for (size_t j = 0; j < det.n; j++)
            if (strcmp(det.name[j], name) == 0) {
                at[c->ncmp] = k;
                c->cmp[c->ncmp++] = det.name[j];
            }
        const char *const known[] = {"gen", "seed", "rows", "cols", "rep", "solver", "topology",
                                     "rng"};
        size_t *slot[] = {&col_gen, &col_seed, &col_rows, &col_cols, &col_rep, &col_solv,
                          &col_topo, &col_rng};
        for (size_t j = 0; j < 8; j++)
            if (strcmp(name, known[j]) == 0)
                *slot[j] = k;
    }
    /* The recipe columns; rep may be left out (every row is then rep 1). */
    static const char *const need[] = {"gen", "seed", "rows", "cols", "solver"};
    if (sw_file_need(f, need, sizeof need / sizeof *need, err, sizeof err) != SW_OK) {
        say(c, 0, "'%s': %s (gen, seed, rows, cols and solver are needed)", c->path, err);
        free(at);
        return MZT_BAD;
    }

    /* Rows. */
    c->nrows = f->nrows;
    c->row = calloc(f->nrows ? f->nrows : 1, sizeof *c->row);
    c->grp = calloc(f->nrows ? f->nrows : 1, sizeof *c->grp);
    if (!c->row || !c->grp) {
        free(at);
        say(c, 0, "out of memory");
        return MZT_FAIL;
    }
    off = f->rows_at;
    size_t line = line_of(f, off);
    int rc = MZT_OK;
    for (size_t k = 0; k < f->nrows && rc == MZT_OK; k++) {
        sw_csv_field fl[MZ_MAX_COLS + 1];
        size_t n;
        sw_csv_read_row(f->text, f->len, &off, fl, MZ_MAX_COLS + 1, &n);
        mzt_check_row *r = &c->row[k];
        r->line = line;
        r->index = k + 1;
        for (size_t j = 0; j < n; j++) /* a quoted field may span lines */
            for (size_t q = 0; q < fl[j].len; q++)
                line += fl[j].p[q] == '\n';
        line++;
        r->want = calloc(c->ncmp ? c->ncmp : 1, sizeof *r->want);
        r->gen_text = field_text(&fl[col_gen]);
        r->solv_text = field_text(&fl[col_solv]);
        char *seed = field_text(&fl[col_seed]), *rows = field_text(&fl[col_rows]),
             *cols = field_text(&fl[col_cols]),
             *rep = col_rep == SIZE_MAX ? NULL : field_text(&fl[col_rep]),
             *topo = col_topo == SIZE_MAX ? NULL : field_text(&fl[col_topo]),
             *rng = col_rng == SIZE_MAX ? NULL : field_text(&fl[col_rng]);
        for (size_t j = 0; r->want && j < c->ncmp; j++)
            r->want[j] = field_text(&fl[at[j]]);
        bool mem = r->want && r->gen_text && r->solv_text && seed && rows && cols &&
                   (col_rep == SIZE_MAX || rep) && (col_topo == SIZE_MAX || topo) &&
                   (col_rng == SIZE_MAX || rng);
        for (size_t j = 0; mem && j < c->ncmp; j++)
            mem = r->want[j] != NULL;
        char reason[512];
        uint64_t v;
        mz_status ps;
        mz_rng_kind kind = MZ_RNG_MULBERRY32;
        r->rep = 1;
        r->shape = MZ_SHAPE_ORTHO;
        r->levels = 1;
        if (!mem) {
            say(c, 0, "out of memory");
            rc = MZT_FAIL;
        } else if (!parse_num(seed, UINT64_MAX, &v)) {
            say(c, r->line, "'%s' line %zu: seed '%s' is not a 64-bit unsigned number",
                      c->path, r->line, seed);
            rc = MZT_BAD;
        } else if (rng && *rng && mz_rng_parse(rng, &kind) != MZ_OK) {
            say(c, r->line, "'%s' line %zu: rng '%s' is not a random source (mulberry32, "
                      "splitmix64)", c->path, r->line, rng);
            rc = MZT_BAD;
        } else if ((r->seed = v) > UINT32_MAX && kind == MZ_RNG_MULBERRY32 && !(rng && !*rng)) {
            say(c, r->line, "'%s' line %zu: seed '%s' is past mulberry32's 32 bits", c->path,
                      r->line, seed);
            rc = MZT_BAD;
        } else if (!parse_num(rows, UINT32_MAX, &r->rows) ||
                   !parse_num(cols, UINT32_MAX, &r->cols) || r->rows == 0 || r->cols == 0) {
            say(c, r->line, "'%s' line %zu: size '%sx%s' is not a grid size", c->path,
                      r->line, rows, cols);
            rc = MZT_BAD;
        } else if (topo && mz_shape_column_parse(topo, &r->shape, &r->levels) != MZ_OK) {
            say(c, r->line, "'%s' line %zu: topology '%s' is not a shape (ortho, hex, tri, "
                      "polar, weave, or 3d:LEVELS)", c->path, r->line, topo);
            rc = MZT_BAD;
        } else if (rep && !parse_num(rep, UINT64_MAX, &r->rep)) {
            say(c, r->line, "'%s' line %zu: rep '%s' is not a number", c->path, r->line, rep);
            rc = MZT_BAD;
        } else if ((ps = mz_spec_parse(r->gen_text, &r->spec, reason, sizeof reason)) != MZ_OK) {
            say(c, r->line, "'%s' line %zu: %s (a file from another version%s?)", c->path,
                      r->line, reason, ps == MZ_ENOTFOUND ? ", or an outside program to "
                      "declare with --programs FILE" : "");
            rc = MZT_BAD;
        } else if ((r->has_solver = r->solv_text[0] != '\0') &&
                   mz_solver_parse(r->solv_text, &r->st, reason, sizeof reason) != MZ_OK) {
            say(c, r->line, "'%s' line %zu: %s (a file from another version?)", c->path,
                      r->line, reason);
            rc = MZT_BAD;
        } else {
            /* An empty rng is an outside program's row (its own source):
             * the source the sweep gave it, splitmix64 past 32 bits. */
            if (rng && !*rng && r->seed > UINT32_MAX)
                kind = MZ_RNG_SPLITMIX64;
            r->spec.rng = kind;
            char canon[512];
            mz_spec_format(&r->spec, canon, sizeof canon);
            r->gen_canon = strdup(canon);
            canon[0] = '\0';
            if (r->has_solver)
                mz_stage_format(&r->st, canon, sizeof canon);
            r->solv_canon = strdup(canon);
            if (!r->gen_canon || !r->solv_canon) {
                say(c, 0, "out of memory");
                rc = MZT_FAIL;
            }
        }
        free(seed);
        free(rows);
        free(cols);
        free(rep);
        free(topo);
        free(rng);
        /* Consecutive rows of one maze form a group. */
        if (rc == MZT_OK) {
            mzt_check_row *p = k ? &c->row[k - 1] : NULL;
            if (p && strcmp(p->gen_text, r->gen_text) == 0 && p->seed == r->seed &&
                p->spec.rng == r->spec.rng &&
                p->shape == r->shape && p->levels == r->levels && p->rows == r->rows &&
                p->cols == r->cols && p->rep == r->rep) {
                c->grp[c->ngrp - 1].n++;
            } else {
                c->grp[c->ngrp].first = k;
                c->grp[c->ngrp].n = 1;
                c->ngrp++;
            }
        }
    }
    free(at);
    if (rc == MZT_OK)
        rc = read_plans(c, f);
    if (rc == MZT_OK && c->nrows == 0 && c->nsect == 0) {
        say(c, 0, "'%s' has a header but no rows: nothing to check", c->path);
        rc = MZT_BAD;
    }
    if (rc == MZT_OK)
        rc = check_registry(c, f);
    if (rc == MZT_OK)
        rc = place_rows(c);
    if (rc == MZT_OK)
        rc = refuse_repeats(c);
    if (rc == MZT_OK)
        rc = missing_rows(c);
    return rc;
}

void mzt_check_free(mzt_check *c)
{
    for (size_t k = 0; c->row && k < c->nrows; k++) {
        mzt_check_row *r = &c->row[k];
        for (size_t j = 0; r->want && j < c->ncmp; j++)
            free(r->want[j]);
        free(r->want);
        free(r->gen_text);
        free(r->solv_text);
        free(r->gen_canon);
        free(r->solv_canon);
        free(r->diff);
        free(r->why);
    }
    free(c->row);
    free(c->grp);
    free(c->cmp);
    for (size_t k = 0; k < c->nsect; k++)
        sw_plan_free(&c->sect[k].plan);
    free(c->plan_diff);
}

bool mzt_check_completeness(const mzt_check *c, char *buf, size_t len)
{
    if (!c->nsect) {
        snprintf(buf, len, "completeness not checked (no '# plan:' lines)");
        return true;
    }
    uint64_t n = 0;
    for (size_t s = 0; s < c->nsect; s++)
        n += c->sect[s].nrow;
    char title[64];
    if (c->nsect > 1)
        snprintf(title, sizeof title, "its plans");
    else if (c->sect[0].nshard > 1)
        snprintf(title, sizeof title, "its plan's shard %u/%u", c->sect[0].shard,
                 c->sect[0].nshard);
    else
        snprintf(title, sizeof title, "its plan");
    if (!c->nmissing && !c->nextra && !c->norder) {
        snprintf(buf, len, "all %" PRIu64 " row%s of %s, in order", n, n == 1 ? "" : "s", title);
        return true;
    }
    size_t used = (size_t)snprintf(buf, len, "against %s (%" PRIu64 " row%s):", title, n,
                                   n == 1 ? "" : "s");
    const uint64_t count[3] = {c->nmissing, c->nextra, c->norder};
    const char *const what[3] = {"missing", "extra", "out of order"};
    const char *sep = " ";
    for (size_t k = 0; k < 3 && used < len; k++)
        if (count[k]) {
            used += (size_t)snprintf(buf + used, len - used, "%s%" PRIu64 " %s", sep, count[k],
                                     what[k]);
            sep = ", ";
        }
    return false;
}


int mzt_check_load(mzt_check *c, const char *path, bool any_registry, mzt_err *err)
{
    memset(c, 0, sizeof *c);
    c->path = path;
    c->any_registry = any_registry;
    c->err = err;
    atomic_init(&c->next, 0);
    sw_file f;
    memset(&f, 0, sizeof f);
    int rc = load(c, &f);
    sw_file_free(&f);
    return rc;
}

void mzt_check_run(mzt_check *c, size_t jobs)
{
    if (jobs > c->ngrp)
        jobs = c->ngrp ? c->ngrp : 1;
    atomic_store(&c->next, 0);
    /* jobs - 1 threads and the caller's; fewer threads (the system's
     * limit) only make it slower: every group is still taken. */
    sw_workers w;
    sw_workers_start(&w, (unsigned)(jobs - 1), worker, c);
    worker(c);
    sw_workers_join(&w);
}
