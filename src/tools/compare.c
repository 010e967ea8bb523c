/*
 * compare.c - the library side of 'mazebench compare' (docs/compare.md):
 * two sweep CSVs read once each, their rows paired by recipe (gen, seed,
 * rng, topology, rows, cols, solver) with the determinism check of every
 * column before gen_ns, and the analysis: per recipe and per algorithm the
 * ratio, its interval, the p-value, Holm's adjustment and the verdict
 * (the statistics are src/sweep/stats_ab.c).
 *
 * Every row of a recipe is one sample (a file without an rng column drew
 * from mulberry32; a maze of another source is another recipe), whatever
 * its rep. gen_ns belongs to the maze, so it is taken once per maze
 * occurrence (consecutive rows of one gen, seed, rng, size and rep) for
 * the generator recipe; solve_ns of each row goes to its solver recipe.
 * Recipes group into algorithms: a generator spec, source and size over
 * its seeds, a solver spec, source and size over every maze of that size.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools.h"
#include "stats_ab.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oom(mzt_err *err)
{
    return mzt_fail(err, MZT_FAIL, NULL, 0, "out of memory");
}

/* Append x to an array of doubles: 0, or -1 when memory runs out. */
static int push(mzu_vec *v, double x)
{
    return mzu_vec_append(v, &x) == MZ_OK ? 0 : -1;
}

/* A new last element of the mzu_vec vec, zeroed; view and n (its data and
 * length, as the structures show them) refreshed. 0, or -1 when memory runs
 * out (vec, view and n as they were). */
#define PUSH(vec, view, n)                                                                  \
    (mzu_vec_push(&(vec)) ? ((view) = (vec).data, (n) = (vec).len,                          \
                             memset(&(view)[(n) - 1], 0, sizeof *(view)), 0)                \
                          : -1)

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* A grid as 'gen --grid' reads it: RxC for square cells, hex:RxC, and a
 * 3d grid (topology 3d:L) 3d:LxRxC. */
void mzt_grid_text(const char *topo, const char *rows, const char *cols, char *buf, size_t len)
{
    if (!*topo || !strcmp(topo, "ortho"))
        snprintf(buf, len, "%sx%s", rows, cols);
    else
        snprintf(buf, len, "%s%s%sx%s", topo, strncmp(topo, "3d:", 3) ? ":" : "x", rows, cols);
}

/* ", rng NAME" for a source other than mulberry32 (the default, left
 * unsaid as a spec leaves its defaults), else "". */
void mzt_rng_text(const char *rng, char *buf, size_t len)
{
    if (!*rng || !strcmp(rng, "mulberry32"))
        buf[0] = '\0';
    else
        snprintf(buf, len, ", rng %s", rng);
}

/* A recipe (with_seed) or the algorithm of recipe r: a generator and a
 * size, or a solver and a size (over every maze of that size); its source
 * when not mulberry32. */
void mzt_cmp_describe(const mzt_recipe *r, bool with_seed, char *buf, size_t len)
{
    const bool solver = r->kind == MZT_KIND_SOLVE;
    char grid[512], rng[96];
    mzt_grid_text(r->topo, r->rows, r->cols, grid, sizeof grid);
    mzt_rng_text(r->rng, rng, sizeof rng);
    if (with_seed)
        snprintf(buf, len, "%s, seed %s%s, %s%s%s", r->gen, r->seed, rng, grid,
                 solver ? ", " : "", solver ? r->solver : "");
    else
        snprintf(buf, len, "%s, %s%s", solver ? r->solver : r->gen, grid, rng);
}

double mzt_cmp_threshold(const mzt_compare *c, unsigned outside)
{
    return outside && c->outside_threshold > c->threshold ? c->outside_threshold : c->threshold;
}

void mzt_cmp_init(mzt_compare *c)
{
    memset(c, 0, sizeof *c);
    c->alpha = 0.05;
    c->threshold = 0.05;
    c->outside_threshold = 0.10;
    mzu_vec_init(&c->recv, sizeof(mzt_recipe), NULL);
    mzu_vec_init(&c->algv, sizeof(mzt_algo), NULL);
    mzu_vec_init(&c->refv, sizeof(char **), NULL);
    mzu_vec_init(&c->diffv, sizeof(char *), NULL);
    mzu_vec_init(&c->cdfv, sizeof(struct mzt_cdf), NULL);
}

/* ---- reading ---- */

int mzt_cmp_read_side(mzt_compare *c, int sd, const char *path, mzt_err *err)
{
    mzt_cmp_side *s = &c->side[sd];
    s->path = path;
    int rc = mzt_sweep_read(&s->f, path, c->any_registry, err);
    if (rc != MZT_OK)
        return rc;
    const mzt_sweep *f = &s->f;
    s->at_gen = mzt_sweep_col(f, "gen");
    s->at_seed = mzt_sweep_col(f, "seed");
    s->at_rows = mzt_sweep_col(f, "rows");
    s->at_cols = mzt_sweep_col(f, "cols");
    s->at_topo = mzt_sweep_col(f, "topology");
    s->at_rng = mzt_sweep_col(f, "rng");
    s->at_rep = mzt_sweep_col(f, "rep");
    s->at_solver = mzt_sweep_col(f, "solver");
    s->at_gns = mzt_sweep_col(f, "gen_ns");
    s->at_sns = mzt_sweep_col(f, "solve_ns");
    s->at_gin = mzt_sweep_col(f, "gen_instr");
    s->at_sin = mzt_sweep_col(f, "solve_instr");
    if (s->at_gen == SIZE_MAX || s->at_seed == SIZE_MAX || s->at_rows == SIZE_MAX ||
        s->at_cols == SIZE_MAX)
        return mzt_fail(err, MZT_BAD, path, 0,
                    "'%s' lacks a recipe column (gen, seed, rows and cols are needed)", path);
    if (s->at_gns == SIZE_MAX)
        return mzt_fail(err, MZT_BAD, path, 0,
                        "'%s' has no gen_ns column: not a timed sweep", path);
    s->at_gt = c->cpu ? mzt_sweep_col(f, "gen_cpu_ns") : s->at_gns;
    s->at_st = c->cpu ? mzt_sweep_col(f, "solve_cpu_ns") : s->at_sns;
    if (s->at_gt == SIZE_MAX)
        return mzt_fail(err, MZT_BAD, path, 0,
                    "'%s' has no gen_cpu_ns column (a build without CPU times): "
                    "compare wall times (--time wall)", path);
    /* Wall times of an outside program's rows: its own figure when it
     * reports one, else its whole process (gen_ns adds mazebench's reading
     * and checking of the maze to it). CPU times already add the child's. */
    s->at_gown = c->cpu ? SIZE_MAX : mzt_sweep_col(f, "own_ns");
    s->at_gproc = c->cpu ? SIZE_MAX : mzt_sweep_col(f, "process_ns");
    s->at_sown = c->cpu ? SIZE_MAX : mzt_sweep_col(f, "solve_own_ns");
    s->at_sproc = c->cpu ? SIZE_MAX : mzt_sweep_col(f, "solve_process_ns");
    return MZT_OK;
}

/* An outside program's times and memory (process_ns, startup_ns, own_ns,
 * child_cpu_ns, child_maxrss_kb, and a solver's solve_process_ns ...)
 * stand before gen_ns among its columns but vary from run to run: no
 * figure of the registry ends in _ns or _kb. */
static bool timing_col(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && (strcmp(name + n - 3, "_ns") == 0 || strcmp(name + n - 3, "_kb") == 0);
}

/* The compared columns: those before gen_ns in both files, recipe columns
 * and outside programs' times aside. */
int mzt_cmp_columns(mzt_compare *c, mzt_err *err)
{
    const mzt_cmp_side *b = &c->side[0], *n = &c->side[1];
    if (!c->any_registry && strcmp(b->f.registry, n->f.registry) != 0)
        return mzt_fail(err, MZT_BAD, NULL, 0,
                    "different registries: '%s' has '%s', '%s' has '%s' (--any-registry "
                    "compares them anyway)",
                    b->path, *b->f.registry ? b->f.registry + 12 : "none", n->path,
                    *n->f.registry ? n->f.registry + 12 : "none");
    c->cmp = calloc(b->f.ncols ? b->f.ncols : 1, sizeof *c->cmp);
    if (!c->cmp)
        return oom(err);
    for (size_t k = 0; k < b->at_gns; k++) {
        const char *name = b->f.header[k];
        size_t j = mzt_sweep_col(&n->f, name);
        if (sw_is_recipe_col(name) || timing_col(name) || j == SIZE_MAX || j >= n->at_gns)
            continue;
        c->cmp_at[0][c->ncmp] = k;
        c->cmp_at[1][c->ncmp] = j;
        c->cmp[c->ncmp++] = b->f.header[k];
    }
    for (int s = 0; s < 2; s++)
        c->instr[s] = c->side[s].at_gin != SIZE_MAX || c->side[s].at_sin != SIZE_MAX;
    return MZT_OK;
}

/* Parse a time or a count: empty -> NAN (no figure); *bad when not a
 * non-negative number. 0 counts as 1 (the clock's floor): logs stay finite. */
static double parse_value(const char *t, bool *bad)
{
    if (!*t)
        return NAN;
    char *end;
    double v = strtod(t, &end);
    if (*end || !(v >= 0) || !isfinite(v)) {
        *bad = true;
        return NAN;
    }
    return v < 1 ? 1 : v;
}

static int add_diff(mzt_compare *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int add_diff(mzt_compare *c, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (PUSH(c->diffv, c->diff, c->ndiff) != 0)
        return -1;
    return (c->diff[c->ndiff - 1] = dupstr(line)) ? 0 : -1;
}
/* The recipe of kind with these names (created when new): f[0..4] gen,
 * seed, rows, cols, solver, f[10] the topology, f[11] the source. */
static int recipe_of(mzt_compare *c, int kind, char *const *f, size_t *out)
{
    char key[2048];
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", kind, f[0], f[1],
             f[11], f[10], f[2], f[3], kind == MZT_KIND_SOLVE ? f[4] : "");
    size_t idx;
    if (mzt_map_get(&c->rmap, key, true, c->nrec, &idx) != 0)
        return -1;
    if (idx < c->nrec) {
        *out = idx;
        return 0;
    }
    if (PUSH(c->recv, c->rec, c->nrec) != 0)
        return -1;
    mzt_recipe *r = &c->rec[c->nrec - 1];
    for (int sd = 0; sd < 2; sd++) {
        mzu_vec_init(&r->t[sd], sizeof(double), NULL);
        mzu_vec_init(&r->in[sd], sizeof(double), NULL);
        mzu_vec_init(&r->rd[sd], sizeof(double), NULL);
    }
    r->kind = kind;
    r->gen = dupstr(f[0]);
    r->seed = dupstr(f[1]);
    r->topo = dupstr(f[10]);
    r->rows = dupstr(f[2]);
    r->cols = dupstr(f[3]);
    r->solver = dupstr(kind == MZT_KIND_SOLVE ? f[4] : "");
    r->rng = dupstr(f[11]);
    if (!r->gen || !r->seed || !r->topo || !r->rows || !r->cols || !r->solver || !r->rng)
        return -1;
    /* Its algorithm: a generator spec and size over its seeds; a solver
     * spec and size over every maze (generator and seed) of that size;
     * each of one source. */
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", kind,
             kind == MZT_KIND_SOLVE ? "" : f[0], f[11], f[10], f[2], f[3],
             kind == MZT_KIND_SOLVE ? f[4] : "");
    if (mzt_map_get(&c->amap, key, true, c->nalg, &r->algo) != 0)
        return -1;
    if (r->algo == c->nalg) {
        if (PUSH(c->algv, c->alg, c->nalg) != 0)
            return -1;
        mzt_algo *a = &c->alg[c->nalg - 1];
        mzu_vec_init(&a->recv, sizeof(size_t), NULL);
        a->kind = kind;
        a->first = c->nrec - 1;
    }
    mzt_algo *a = &c->alg[r->algo];
    if (PUSH(a->recv, a->rec, a->nrec) != 0)
        return -1;
    a->rec[a->nrec - 1] = c->nrec - 1;
    *out = c->nrec - 1;
    return 0;
}

/* Compare a row's values with its recipe's reference row (the first row of
 * BASE with that gen, seed, source, size and solver), one line per recipe,
 * column and file. */
static int check_row(mzt_compare *c, int sd, size_t line, size_t index, char *const *f,
                     char **val)
{
    char key[2048];
    snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", f[0], f[1], f[11], f[10],
             f[2], f[3], f[4]);
    size_t idx;
    if (mzt_map_get(&c->refmap, key, true, c->nref, &idx) != 0)
        return -1;
    if (idx == c->nref) { /* the first: the reference */
        if (PUSH(c->refv, c->ref, c->nref) != 0 ||
            !(c->ref[c->nref - 1] = calloc(c->ncmp ? c->ncmp : 1, sizeof(char *))))
            return -1;
        for (size_t k = 0; k < c->ncmp; k++)
            if (!(c->ref[c->nref - 1][k] = dupstr(val[k])))
                return -1;
        return 0;
    }
    char **want = c->ref[idx];
    for (size_t k = 0; k < c->ncmp; k++) {
        if (strcmp(want[k], val[k]) == 0)
            continue;
        c->ndiff_rows++;
        char dkey[2100];
        snprintf(dkey, sizeof dkey, "%zu\x1f%zu\x1f%d", idx, k, sd);
        size_t before = c->diffseen.n, seen;
        if (mzt_map_get(&c->diffseen, dkey, true, before, &seen) != 0)
            return -1;
        if (seen != before)
            continue; /* this recipe, column and file already reported */
        char what[1024], grid[512], rng[96];
        const bool solver = f[4][0] != '\0';
        mzt_grid_text(f[10], f[2], f[3], grid, sizeof grid);
        mzt_rng_text(f[11], rng, sizeof rng);
        snprintf(what, sizeof what, "%s, seed %s%s, %s%s%s", f[0], f[1], rng, grid,
                 solver ? ", " : "", solver ? f[4] : "");
        if (add_diff(c, "%s:%zu: row %zu (%s): column '%s': expected '%s', got '%s'",
                     c->side[sd].path, line, index, what, c->cmp[k], want[k], val[k]) != 0)
            return -1;
    }
    return 0;
}

/* ---- pairing ---- */

/* Side sd's rows into recipes, in file order: a new maze whenever gen,
 * seed, size, rep or source change, a solver is met again (the next round
 * of one maze) or a round starts. */
int mzt_cmp_load(mzt_compare *c, int sd, mzt_err *err)
{
    mzt_cmp_side *s = &c->side[sd];
    const bool instr = c->instr[0] && c->instr[1];
    mzt_rows it;
    mzt_rows_begin(&it, &s->f);
    mzt_row *row = malloc(sizeof *row);
    char *val[MZ_MAX_COLS + 8];
    /* gen, seed, rows, cols, rep and source of this maze */
    char *occ[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    char **occ_solv = NULL; /* the solvers of this maze met so far (occv) */
    size_t nocc_solv = 0;
    mzu_vec occv;
    mzu_vec_init(&occv, sizeof(char *), NULL);
    int rc = row ? MZT_OK : oom(err);
    while (rc == MZT_OK) {
        bool got;
        rc = mzt_rows_next(&it, row, &got, err);
        if (rc != MZT_OK || !got)
            break;
        if (row->new_round) /* a new maze follows */
            for (size_t k = 0; k < 6; k++) {
                free(occ[k]);
                occ[k] = NULL;
            }
        const size_t line = row->line;
        const double round = (double)row->round;
        char *t[16] = {NULL};
        const size_t at[16] = {s->at_gen,   s->at_seed,  s->at_rows,  s->at_cols,
                               s->at_solver, s->at_rep,  s->at_gt,    s->at_st,
                               s->at_gin,   s->at_sin,   s->at_topo,  s->at_rng,
                               s->at_gown,  s->at_gproc, s->at_sown,  s->at_sproc};
        bool mem = true;
        for (size_t k = 0; k < 16; k++) {
            t[k] = at[k] == SIZE_MAX ? dupstr("") : mzt_field_text(&row->f[at[k]]);
            mem = mem && t[k];
        }
        size_t nv = 0;
        for (; mem && nv < c->ncmp; nv++)
            if (!(val[nv] = mzt_field_text(&row->f[c->cmp_at[sd][nv]])))
                mem = false;
        /* The topology is part of the recipe; a file written before the
         * column has square cells. */
        if (mem && !*t[10]) {
            free(t[10]);
            mem = (t[10] = dupstr("ortho")) != NULL;
        }
        /* So is the source; a file written before the column drew from
         * mulberry32. */
        if (mem && !*t[11]) {
            free(t[11]);
            mem = (t[11] = dupstr("mulberry32")) != NULL;
        }
        if (mem) {
            mz_rng_kind rk;
            s->rng_seen |= mz_rng_parse(t[11], &rk) == MZ_OK ? 1u << rk : 4u;
        }
        if (!mem) {
            rc = oom(err);
        } else {
            bool bad = false;
            /* An outside program's row (process_ns filled): own_ns when
             * it reports one, else process_ns. */
            const unsigned gout = *t[13] ? (*t[12] ? 1u : 2u) : 0u;
            const unsigned sout = *t[15] ? (*t[14] ? 1u : 2u) : 0u;
            double gns = parse_value(gout ? t[gout == 1 ? 12 : 13] : t[6], &bad);
            double sns = parse_value(sout ? t[sout == 1 ? 14 : 15] : t[7], &bad);
            double gin = instr ? parse_value(t[8], &bad) : NAN;
            double sin_ = instr ? parse_value(t[9], &bad) : NAN;
            if (bad) {
                rc = mzt_fail(err, MZT_BAD, s->path, line,
                          "'%s' line %zu: a timing or count that is not a number", s->path, line);
            } else if (check_row(c, sd, line, row->index, t, val) != 0) {
                rc = oom(err);
            } else {
                /* A new maze: another gen, seed, size, rep or source, or a
                 * solver met again (the next round of one maze). */
                bool same = occ[0] != NULL;
                for (size_t k = 0; same && k < 4; k++)
                    same = !strcmp(occ[k], t[k]);
                same = same && !strcmp(occ[4], t[5]) && !strcmp(occ[5], t[11]);
                for (size_t k = 0; same && k < nocc_solv; k++)
                    same = strcmp(occ_solv[k], t[4]) != 0;
                size_t ri;
                if (!same) {
                    for (size_t k = 0; k < 6; k++) {
                        free(occ[k]);
                        occ[k] = dupstr(t[k < 4 ? k : k == 4 ? 5 : 11]);
                    }
                    for (size_t k = 0; k < nocc_solv; k++)
                        free(occ_solv[k]);
                    nocc_solv = occv.len = 0;
                    if (!isnan(gns) || !isnan(gin)) {
                        if (recipe_of(c, MZT_KIND_GEN, t, &ri) != 0 ||
                            (!isnan(gns) && (push(&c->rec[ri].t[sd], gns) != 0 ||
                                             push(&c->rec[ri].rd[sd], round) != 0)) ||
                            (!isnan(gin) && push(&c->rec[ri].in[sd], gin) != 0))
                            rc = MZT_FAIL;
                        else if (!isnan(gns))
                            c->rec[ri].outside |= gout;
                    }
                }
                if (rc == MZT_OK && (PUSH(occv, occ_solv, nocc_solv) != 0 ||
                                     !(occ_solv[nocc_solv - 1] = dupstr(t[4]))))
                    rc = MZT_FAIL;
                if (rc == MZT_OK && t[4][0] && (!isnan(sns) || !isnan(sin_))) {
                    if (recipe_of(c, MZT_KIND_SOLVE, t, &ri) != 0 ||
                        (!isnan(sns) && (push(&c->rec[ri].t[sd], sns) != 0 ||
                                         push(&c->rec[ri].rd[sd], round) != 0)) ||
                        (!isnan(sin_) && push(&c->rec[ri].in[sd], sin_) != 0))
                        rc = MZT_FAIL;
                    else if (!isnan(sns))
                        c->rec[ri].outside |= sout;
                }
                if (rc == MZT_FAIL)
                    oom(err);
            }
        }
        for (size_t k = 0; k < 16; k++)
            free(t[k]);
        for (size_t k = 0; k < nv; k++)
            free(val[k]);
    }
    s->nrows = it.index;
    s->rounds = mzt_rows_rounds(&it);
    mzt_rows_end(&it);
    for (size_t k = 0; k < 6; k++)
        free(occ[k]);
    for (size_t k = 0; k < nocc_solv; k++)
        free(occ_solv[k]);
    mzu_vec_free(&occv);
    free(row);
    return rc;
}

void mzt_cmp_design(mzt_compare *c)
{
    /* As many rounds a side, two or more: round r of BASE ran next to
     * round r of NEW, so they pair. */
    if (c->side[0].rounds == c->side[1].rounds && c->side[0].rounds >= 2) {
        c->paired = true;
        c->rounds = c->side[0].rounds;
    }
}

int mzt_cmp_read(mzt_compare *c, const char *const paths[2], mzt_err *err)
{
    int rc = MZT_OK;
    for (int s = 0; s < 2 && rc == MZT_OK; s++)
        rc = mzt_cmp_read_side(c, s, paths[s], err);
    if (rc == MZT_OK)
        rc = mzt_cmp_columns(c, err);
    for (int s = 0; s < 2 && rc == MZT_OK; s++)
        rc = mzt_cmp_load(c, s, err);
    if (rc == MZT_OK)
        mzt_cmp_design(c);
    return rc;
}

/* ---- the statistics ---- */

static int cdf_for(mzt_compare *c, size_t m, size_t n, const double **out)
{
    *out = NULL;
    if (m > SW_AB_EXACT_MAX || n > SW_AB_EXACT_MAX || !m || !n)
        return 0;
    if (m > n) { /* U's distribution is the same for (m, n) and (n, m) */
        size_t t = m;
        m = n;
        n = t;
    }
    for (size_t k = 0; k < c->ncdf; k++)
        if (c->cdf[k].m == m && c->cdf[k].n == n) {
            *out = c->cdf[k].cdf;
            return 0;
        }
    double *cdf = malloc((m * n + 1) * sizeof *cdf);
    if (!cdf || sw_ab_u_cdf(m, n, cdf) != 0 || PUSH(c->cdfv, c->cdf, c->ncdf) != 0) {
        free(cdf);
        return -1;
    }
    c->cdf[c->ncdf - 1] = (struct mzt_cdf){m, n, cdf};
    *out = cdf;
    return 0;
}

static double median_of(const mzu_vec *v)
{
    double *x = malloc(v->len * sizeof *x);
    if (!x)
        return NAN;
    memcpy(x, v->data, v->len * sizeof *x);
    double m = sw_ab_median(x, v->len);
    free(x);
    return m;
}

/* The smallest samples a side (equal sides) at which some test could reach
 * significance, given the family sizes; 0 when none up to 1000, SIZE_MAX
 * when memory runs out. */
static size_t samples_needed(mzt_compare *c, size_t nrec, size_t nalg, size_t maxseeds)
{
    for (size_t n = 2; n <= 1000; n++) {
        const double *cdf;
        if (cdf_for(c, n, n, &cdf) != 0)
            return SIZE_MAX;
        if (nrec && (double)nrec * sw_ab_mw_pmin(n, n, cdf) < c->alpha)
            return n;
        if (nalg && maxseeds) {
            sw_ab_stratum st = {NULL, NULL, n, n}; /* maxseeds strata alike */
            sw_ab_stratum *s = malloc(maxseeds * sizeof *s);
            if (!s)
                return SIZE_MAX;
            for (size_t k = 0; k < maxseeds; k++)
                s[k] = st;
            double p = sw_ab_ve_pmin(s, maxseeds);
            free(s);
            if ((double)nalg * p < c->alpha)
                return n;
        }
    }
    return 0;
}

/* The smallest paired rounds at which some signed-rank test could reach
 * significance, given the family sizes; 0 when none up to 1000. */
static size_t rounds_needed(const mzt_compare *c, size_t nrec, size_t nalg)
{
    size_t fam = nalg && nalg < nrec ? nalg : nrec; /* the smaller family decides */
    for (size_t n = 1; n <= 1000; n++)
        if ((double)fam * sw_ab_sr_pmin(n) < c->alpha)
            return n;
    return 0;
}

/* Paired: the recipe's median time of each side in each round, and d_r =
 * log(new) - log(base) for the rounds timed on both sides (NAN
 * otherwise); *dv gets those d_r in round order, r->pairs their number. */
static int recipe_rounds(mzt_compare *c, mzt_recipe *r, double *dv, double *med,
                         double *tmp)
{
    const size_t R = c->rounds;
    if (!(r->d = malloc(R * sizeof *r->d)))
        return -1;
    for (int s = 0; s < 2; s++) {
        double *m = med + (size_t)s * R;
        for (size_t k = 0; k < R; k++)
            m[k] = NAN;
        /* The rounds of one side's times never go down (file order). */
        const double *t = mzt_doubles(&r->t[s]), *rd = mzt_doubles(&r->rd[s]);
        const size_t nt = r->t[s].len;
        for (size_t i = 0; i < nt;) {
            size_t j = i;
            while (j < nt && rd[j] == rd[i])
                j++;
            memcpy(tmp, t + i, (j - i) * sizeof *tmp);
            size_t round = (size_t)rd[i];
            if (round < R)
                m[round] = sw_ab_median(tmp, j - i);
            i = j;
        }
    }
    r->pairs = 0;
    for (size_t k = 0; k < R; k++) {
        r->d[k] = NAN;
        if (!isnan(med[k]) && !isnan(med[R + k]))
            dv[r->pairs++] = r->d[k] = log(med[R + k]) - log(med[k]);
    }
    return 0;
}

/* Why a figure is undefined for its sample (the CSV's and JSON's note). */
const char MZT_NOTE_ROUNDS[] = "fewer than 6 paired rounds: no 95% interval";
const char MZT_NOTE_SAMPLES[] = "too few samples for a 95% interval";
const char MZT_NOTE_SPREAD[] = "no spread (every sample the same): no interval, no p-value";
const char MZT_NOTE_TIED[] = "tied samples: an interval of zero width, so none";
const char MZT_NOTE_STRATA_SPREAD[] =
    "every recipe's ratio the same: no spread between recipes, no interval";
const char MZT_NOTE_ONE_ROUND[] = "one round";
const char MZT_NOTE_ONE_RECIPE[] = "one recipe";
const char MZT_NOTE_SAME_ROUNDS[] = "every round the same, no spread";
const char MZT_NOTE_SAME_RECIPES[] = "every recipe's ratio the same, no spread";

/* An interval that is not one: undefined (NAN) when it has no width, with
 * why in *note, or when missing, with size_note. */
static void interval_or_note(double *lo, double *hi, const char **note, const char *size_note,
                             const char *spread_note)
{
    if (isnan(*lo) || isnan(*hi)) {
        *lo = *hi = NAN;
        if (!*note)
            *note = size_note;
    } else if (!(*lo < *hi)) {
        *lo = *hi = NAN;
        if (!*note)
            *note = spread_note;
    }
}

/* Every sample of both sides the same value: no rank test is defined. */
static bool no_spread(const mzu_vec *va, const mzu_vec *vb)
{
    const double *a = mzt_doubles(va), *b = mzt_doubles(vb);
    double v = va->len ? a[0] : b[0];
    for (size_t k = 0; k < va->len; k++)
        if (a[k] != v)
            return false;
    for (size_t k = 0; k < vb->len; k++)
        if (b[k] != v)
            return false;
    return true;
}

int mzt_cmp_analyse(mzt_compare *c, mzt_err *err)
{
    const bool paired = c->paired;
    const size_t R = c->rounds;
    size_t most = 1; /* the most samples of a recipe on one side */
    for (size_t k = 0; k < c->nrec; k++)
        for (int s = 0; s < 2; s++)
            if (c->rec[k].t[s].len > most)
                most = c->rec[k].t[s].len;
    size_t nbuf = c->nrec + c->nalg + R + 1;
    double *p = calloc(nbuf, sizeof *p);
    size_t *idx = malloc(nbuf * sizeof *idx);
    double *dv = malloc((R + 1) * sizeof *dv), *med = malloc((2 * R + 1) * sizeof *med);
    double *tmp = malloc(most * sizeof *tmp);
    int rc = MZT_FAIL; /* until the end */
    if (!p || !idx || !dv || !med || !tmp)
        goto out;

    /* Recipes. */
    size_t np = 0, maxside = 0, maxpairs = 0;
    double best_rec = 1, best_alg = 1;
    for (size_t k = 0; k < c->nrec; k++) {
        mzt_recipe *r = &c->rec[k];
        r->ratio = r->lo = r->hi = r->p = r->padj = r->instr = NAN;
        r->med[0] = r->med[1] = NAN;
        if (r->in[0].len && r->in[1].len) {
            double b = median_of(&r->in[0]), n = median_of(&r->in[1]);
            if (isnan(b) || isnan(n))
                goto out;
            r->instr = n / b;
        }
        if (!r->t[0].len || !r->t[1].len) {
            if (r->t[0].len || r->t[1].len)
                c->only[r->t[1].len ? 1 : 0]++;
            continue;
        }
        r->med[0] = median_of(&r->t[0]);
        r->med[1] = median_of(&r->t[1]);
        if (isnan(r->med[0]) || isnan(r->med[1]))
            goto out;
        if (paired) {
            /* Rounds paired: the signed-rank test of the per-round log
             * ratios, the Hodges-Lehmann estimate and its interval. */
            if (recipe_rounds(c, r, dv, med, tmp) != 0)
                goto out;
            if (!r->pairs) { /* no round has both sides' times: nothing to pair */
                c->no_pair++;
                continue;
            }
            sw_ab_sr sr;
            if (sw_ab_signed_rank(dv, r->pairs, &sr) != 0)
                goto out;
            r->p = sr.p;
            r->exact = sr.exact;
            r->ratio = exp(sr.shift);
            r->lo = exp(sr.shift_lo);
            r->hi = exp(sr.shift_hi);
            if (!sr.n) { /* every d_r 0: no signed rank to test */
                r->p = NAN;
                r->note = MZT_NOTE_SPREAD;
            }
            interval_or_note(&r->lo, &r->hi, &r->note, MZT_NOTE_ROUNDS, MZT_NOTE_TIED);
            r->pmin = sw_ab_sr_pmin(r->pairs);
            if (r->pairs > maxpairs)
                maxpairs = r->pairs;
        } else {
            const double *cdf;
            sw_ab_mw mw;
            if (cdf_for(c, r->t[0].len, r->t[1].len, &cdf) != 0 ||
                sw_ab_mann_whitney(mzt_doubles(&r->t[0]), r->t[0].len, mzt_doubles(&r->t[1]),
                                   r->t[1].len, cdf, &mw) != 0)
                goto out;
            r->p = mw.p;
            r->exact = mw.exact;
            /* The ratio is the point of the interval's own estimate (the
             * median of the m x n log differences), so it always lies
             * inside it; a ratio of medians need not, on clock-quantised
             * times. */
            r->ratio = exp(mw.shift);
            r->lo = exp(mw.shift_lo);
            r->hi = exp(mw.shift_hi);
            if (no_spread(&r->t[0], &r->t[1])) { /* U's variance is 0 */
                r->p = NAN;
                r->note = MZT_NOTE_SPREAD;
            }
            interval_or_note(&r->lo, &r->hi, &r->note, MZT_NOTE_SAMPLES, MZT_NOTE_TIED);
            r->pmin = sw_ab_mw_pmin(r->t[0].len, r->t[1].len, cdf);
        }
        r->tested = true;
        if (r->pmin < best_rec)
            best_rec = r->pmin;
        size_t side = r->t[0].len < r->t[1].len ? r->t[0].len : r->t[1].len;
        if (side > maxside)
            maxside = side;
        idx[np] = k;
        p[np++] = isnan(r->p) ? 1 : r->p;
    }
    if (sw_ab_holm(p, np, p) != 0)
        goto out;
    c->tested[0] = np;
    for (size_t k = 0; k < np; k++) {
        mzt_recipe *r = &c->rec[idx[k]];
        r->padj = isnan(r->p) ? NAN : p[k];
        r->verdict = sw_ab_verdict(r->ratio, r->padj, c->alpha, mzt_cmp_threshold(c, r->outside));
        c->count[0][r->verdict]++;
    }

    /* Algorithms: paired, the mean of the strata's log ratios in each
     * round, tested over the rounds; unpaired, the per-stratum ratios and
     * van Elteren's test stratified by recipe. */
    size_t na = 0, maxstrata = 0;
    for (size_t a = 0; a < c->nalg; a++) {
        mzt_algo *al = &c->alg[a];
        al->ratio = al->lo = al->hi = al->p = al->padj = al->z = NAN;
        sw_ab_stratum *st = malloc((al->nrec ? al->nrec : 1) * sizeof *st);
        double *ratio = malloc((al->nrec ? al->nrec : 1) * sizeof *ratio);
        if (!st || !ratio) {
            free(st);
            free(ratio);
            goto out;
        }
        size_t ns = 0;
        const mzt_recipe *only = NULL;
        for (size_t k = 0; k < al->nrec; k++) {
            const mzt_recipe *r = &c->rec[al->rec[k]];
            if (!r->tested)
                continue;
            al->outside |= r->outside;
            st[ns] = (sw_ab_stratum){mzt_doubles(&r->t[0]), mzt_doubles(&r->t[1]), r->t[0].len,
                                     r->t[1].len};
            ratio[ns++] = r->ratio;
            al->n[0] += r->t[0].len;
            al->n[1] += r->t[1].len;
            only = r;
        }
        al->strata = ns;
        if (ns && paired) {
            size_t nd = 0;
            for (size_t round = 0; round < R; round++) {
                double sum = 0;
                size_t n = 0;
                for (size_t k = 0; k < al->nrec; k++) {
                    const mzt_recipe *r = &c->rec[al->rec[k]];
                    if (r->tested && !isnan(r->d[round])) {
                        sum += r->d[round];
                        n++;
                    }
                }
                if (n)
                    dv[nd++] = sum / (double)n;
            }
            sw_ab_sr sr;
            if (sw_ab_signed_rank(dv, nd, &sr) != 0) {
                free(st);
                free(ratio);
                goto out;
            }
            al->pairs = nd;
            al->p = sr.p;
            al->exact = sr.exact;
            al->ratio = exp(sr.shift);
            al->lo = exp(sr.shift_lo);
            al->hi = exp(sr.shift_hi);
            if (!sr.n) {
                al->p = NAN;
                al->note = MZT_NOTE_SPREAD;
            }
            interval_or_note(&al->lo, &al->hi, &al->note, MZT_NOTE_ROUNDS, MZT_NOTE_TIED);
            al->pmin = sw_ab_sr_pmin(nd);
        } else if (ns) {
            if (sw_ab_geomean(ratio, ns, &al->ratio, &al->lo, &al->hi) != 0 ||
                sw_ab_van_elteren(st, ns, &al->z, &al->p) != 0) {
                free(st);
                free(ratio);
                goto out;
            }
            if (ns == 1) { /* one stratum: that recipe's own interval */
                al->lo = only->lo;
                al->hi = only->hi;
                al->note = only->note;
            }
            if (isnan(al->p))
                al->note = MZT_NOTE_SPREAD;
            interval_or_note(&al->lo, &al->hi, &al->note, MZT_NOTE_SAMPLES, MZT_NOTE_STRATA_SPREAD);
            al->pmin = sw_ab_ve_pmin(st, ns);
        }
        if (ns) {
            al->tested = true;
            if (al->pmin < best_alg)
                best_alg = al->pmin;
            if (ns > maxstrata)
                maxstrata = ns;
            idx[na] = a;
            p[na++] = isnan(al->p) ? 1 : al->p;
        }
        free(st);
        free(ratio);
    }
    if (sw_ab_holm(p, na, p) != 0)
        goto out;
    c->tested[1] = na;
    for (size_t k = 0; k < na; k++) {
        mzt_algo *al = &c->alg[idx[k]];
        al->padj = isnan(al->p) ? NAN : p[k];
        al->verdict = sw_ab_verdict(al->ratio, al->padj, c->alpha, mzt_cmp_threshold(c, al->outside));
        c->count[1][al->verdict]++;
    }

    /* The summary, by kind: paired, the geometric mean over rounds of each
     * round's mean log ratio of all recipes, with a t-interval over the
     * rounds; unpaired, the geometric mean of the recipe ratios with a
     * t-interval over recipes. */
    for (int kind = 0; kind < 2; kind++) {
        size_t n = 0;
        if (paired) {
            for (size_t round = 0; round < R; round++) {
                double sum = 0;
                size_t m = 0;
                for (size_t k = 0; k < c->nrec; k++) {
                    const mzt_recipe *r = &c->rec[k];
                    if (r->tested && r->kind == kind && !isnan(r->d[round])) {
                        sum += r->d[round];
                        m++;
                    }
                }
                if (m)
                    p[n++] = exp(sum / (double)m);
            }
        } else {
            for (size_t k = 0; k < c->nrec; k++)
                if (c->rec[k].tested && c->rec[k].kind == kind)
                    p[n++] = c->rec[k].ratio;
        }
        if (sw_ab_geomean(p, n, &c->gm[kind], &c->gm_lo[kind], &c->gm_hi[kind]) != 0)
            goto out;
        if (n)
            interval_or_note(&c->gm_lo[kind], &c->gm_hi[kind], &c->gm_note[kind],
                             paired ? MZT_NOTE_ONE_ROUND : MZT_NOTE_ONE_RECIPE,
                             paired ? MZT_NOTE_SAME_ROUNDS : MZT_NOTE_SAME_RECIPES);
    }

    rc = MZT_BAD;
    if (np == 0) {
        /* rows of different sources are not one recipe: say so when that
         * is why */
        char why[160] = "";
        const unsigned b = c->side[0].rng_seen, n = c->side[1].rng_seen;
        if (b && n && !(b & n) && !((b | n) & 4u))
            snprintf(why, sizeof why, " (their rows were drawn from different random sources, "
                     "%s and %s: the rng column)", mz_rng_name(b & 1u ? MZ_RNG_MULBERRY32
                                                                        : MZ_RNG_SPLITMIX64),
                     mz_rng_name(n & 1u ? MZ_RNG_MULBERRY32 : MZ_RNG_SPLITMIX64));
        mzt_fail(err, MZT_BAD, NULL, 0, "'%s' and '%s' have no timed recipe in common%s%s",
             c->side[0].path, c->side[1].path, paired ? " in the same round" : "", why);
        goto out;
    }
    /* Could any test flag anything? Holm multiplies the smallest p by the
     * family's size. */
    if (!((double)np * best_rec < c->alpha) && !((double)na * best_alg < c->alpha)) {
        if (paired) {
            size_t need = rounds_needed(c, np, na);
            char needs[96] = "more are";
            if (need)
                snprintf(needs, sizeof needs, "at least %zu are", need);
            mzt_fail(err, MZT_BAD, NULL, 0,
                     "too few rounds to test: %zu paired rounds, %s needed for %zu "
                      "recipes (%zu algorithms) at alpha %g (scripts/ab.sh --rounds %zu)",
                      maxpairs, needs, np, na, c->alpha, need ? need : 2 * R);
        } else {
            size_t need = samples_needed(c, np, na, maxstrata);
            if (need == SIZE_MAX) {
                rc = MZT_FAIL;
                goto out;
            }
            char needs[64] = "more";
            if (need)
                snprintf(needs, sizeof needs, "at least %zu", need);
            mzt_fail(err, MZT_BAD, NULL, 0,
                     "too few samples to test: %zu a side at most, %s a side needed for "
                      "%zu recipes (%zu algorithms) at alpha %g (run the sweep with more --reps, "
                      "or more rounds)",
                      maxside, needs, np, na, c->alpha);
        }
        goto out;
    }
    rc = MZT_OK;
out:
    if (rc == MZT_FAIL)
        oom(err);
    free(p);
    free(idx);
    free(dv);
    free(med);
    free(tmp);
    return rc;
}


void mzt_cmp_free(mzt_compare *c)
{
    for (int s = 0; s < 2; s++)
        mzt_sweep_free(&c->side[s].f);
    for (size_t k = 0; k < c->nrec; k++) {
        mzt_recipe *r = &c->rec[k];
        free(r->gen);
        free(r->seed);
        free(r->topo);
        free(r->rows);
        free(r->cols);
        free(r->solver);
        free(r->rng);
        for (int s = 0; s < 2; s++) {
            mzu_vec_free(&r->t[s]);
            mzu_vec_free(&r->in[s]);
            mzu_vec_free(&r->rd[s]);
        }
        free(r->d);
    }
    mzu_vec_free(&c->recv);
    for (size_t k = 0; k < c->nalg; k++)
        mzu_vec_free(&c->alg[k].recv);
    mzu_vec_free(&c->algv);
    for (size_t k = 0; k < c->nref; k++) {
        for (size_t j = 0; j < c->ncmp; j++)
            free(c->ref[k][j]);
        free(c->ref[k]);
    }
    mzu_vec_free(&c->refv);
    for (size_t k = 0; k < c->ndiff; k++)
        free(c->diff[k]);
    mzu_vec_free(&c->diffv);
    for (size_t k = 0; k < c->ncdf; k++)
        free(c->cdf[k].cdf);
    mzu_vec_free(&c->cdfv);
    free(c->cmp);
    mzt_map_free(&c->rmap);
    mzt_map_free(&c->amap);
    mzt_map_free(&c->refmap);
    mzt_map_free(&c->diffseen);
}
