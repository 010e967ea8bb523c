/*
 * test_twins.c - the square fast path against the ports path.
 *
 * Every generator and solver that runs on other shapes has two paths: one
 * for square cells and one through the ports of any shape. A square grid
 * RxC and the 3d grid 1xRxC are the same graph (one level: ports N E S W
 * are the square's, UP and DOWN lead nowhere), so the two paths must give
 * the same results on them:
 *   - generators and post-processors (every entry that runs on 3d grids,
 *     every documented value of its parameters): the walls N E S W of
 *     every cell (and UP and DOWN closed on the 3d one), entrance and exit, the draws taken, the
 *     figures (mz_metrics_compute but the digest and the wall count, whose
 *     definitions differ by shape; mz_maze_stats_compute), the extra
 *     columns and the trace, step by step;
 *   - solvers (every entry that runs on 3d grids, every documented value
 *     of its parameters), on one maze copied into both grids: status,
 *     found, the path's cells in order, path_steps, closed, steps,
 *     forward, turns, the extra columns and the trace.
 * Seeds 1, 464 and 465 under both random sources and 2^32+5 under
 * splitmix64; sizes 1x1, 1x7, 7x1, 2x2, 9x13 and 31x31.
 *
 * An entry whose two paths differ by design (a random walk that walks the
 * graph in another order) declares MZ_F_TWINS_DIFFER; its mazes are not
 * compared, and the test fails when such an entry in fact never differs.
 * twins_known_to_differ lists entries that differ without declaring it,
 * twins_trace_known_to_differ those whose results agree but whose traces
 * differ: known defects, reported and not failed, and the test fails once
 * one of them agrees again so that the lists only shrink.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "mazebench.h"
#include "recipes.h"
#include "trace_rec.h"

/* Entries that differ without declaring MZ_F_TWINS_DIFFER: defects to fix,
 * then remove from this list. */
static const char *const twins_known_to_differ[] = {
    NULL,
};

/* Entries whose results agree but whose traces (the order of their steps)
 * differ: the same, for the traces alone. */
static const char *const twins_trace_known_to_differ[] = {
    "deadend-fill",
    NULL,
};

static const struct {
    uint64_t rows, cols;
} sizes[] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {9, 13}, {31, 31}};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static const struct {
    mz_rng_kind kind;
    uint64_t seed;
} seeds[] = {
    {MZ_RNG_MULBERRY32, 464}, {MZ_RNG_MULBERRY32, 465},
    {MZ_RNG_MULBERRY32, 1},   {MZ_RNG_SPLITMIX64, 464},
    {MZ_RNG_SPLITMIX64, 465}, {MZ_RNG_SPLITMIX64, 1},
    {MZ_RNG_SPLITMIX64, (UINT64_C(1) << 32) + 5},
};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

static const char *kind_name(mz_rng_kind k)
{
    return k == MZ_RNG_MULBERRY32 ? "mulberry32" : "splitmix64";
}

static bool listed(const char *const *list, const mz_algo *a)
{
    for (const char *const *n = list; *n; n++)
        if (strcmp(*n, a->name) == 0)
            return true;
    return false;
}

static bool known_to_differ(const mz_algo *a)
{
    return listed(twins_known_to_differ, a);
}

#define MAX_VARIANTS 32

static mz_dims twin_geom(uint64_t rows, uint64_t cols)
{
    mz_dims geo = {MZ_SHAPE_CUBE, 1, rows, cols};
    return geo;
}

/* What one entry's comparisons found: the first difference, if any. */
struct finding {
    bool differs;
    char first[512];
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void note(struct finding *f, const char *fmt, ...)
{
    if (f->differs)
        return;
    f->differs = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->first, sizeof f->first, fmt, ap);
    va_end(ap);
}

static bool same_extra(const mz_extra *a, const mz_extra *b, char *what, size_t len)
{
    if (a->n != b->n) {
        snprintf(what, len, "extra columns: %u vs %u", a->n, b->n);
        return false;
    }
    for (unsigned k = 0; k < a->n; k++) {
        const mz_value *v = &a->v[k];
        const mz_value *w = mz_extra_get(b, v->name);
        if (!w || w->type != v->type || w->i != v->i ||
            memcmp(&w->d, &v->d, sizeof v->d) != 0) {
            snprintf(what, len, "extra '%s': %" PRId64 "/%g vs %" PRId64 "/%g", v->name, v->i,
                     v->d, w ? w->i : 0, w ? w->d : 0.0);
            return false;
        }
    }
    return true;
}

/* Compare the square maze sq with its twin tw; a difference is noted in f
 * under the case's name. */
static void compare_mazes(const mz_grid *sq, const mz_grid *tw, const char *name,
                          struct finding *f)
{
    const uint8_t mask = 0x0f;
    for (mz_idx i = 0; i < sq->cells; i++)
        if ((sq->c[i] & mask) != (tw->c[i] & mask)) {
            note(f, "%s: cell %" PRIu64 " (row %" PRIu64 ", col %" PRIu64
                    "): square 0x%x, 3d 0x%x (walls N1 E2 S4 W8)",
                 name, (uint64_t)i, (uint64_t)i / sq->cols, (uint64_t)i % sq->cols,
                 sq->c[i] & mask, tw->c[i] & mask);
            return;
        }
    for (mz_idx i = 0; i < tw->cells; i++)
        if ((tw->c[i] & 0x30) != 0x30) {
            note(f, "%s: the 3d maze opened UP or DOWN of cell %" PRIu64, name, (uint64_t)i);
            return;
        }
    if (sq->entrance != tw->entrance || sq->exit != tw->exit) {
        note(f, "%s: entrance/exit %" PRIu64 "/%" PRIu64 " vs %" PRIu64 "/%" PRIu64, name,
             (uint64_t)sq->entrance, (uint64_t)sq->exit, (uint64_t)tw->entrance,
             (uint64_t)tw->exit);
        return;
    }
    if (sq->draws != tw->draws) {
        note(f, "%s: draws %" PRIu64 " vs %" PRIu64, name, sq->draws, tw->draws);
        return;
    }
    mz_metrics ms, mt;
    expect_ok(mz_metrics_compute(sq, 1, &ms), "%s: square metrics", name);
    expect_ok(mz_metrics_compute(tw, 1, &mt), "%s: 3d metrics", name);
    if (ms.cells != mt.cells || ms.passages != mt.passages || ms.dead_ends != mt.dead_ends ||
        ms.loops != mt.loops || ms.components != mt.components || ms.route != mt.route) {
        note(f, "%s: metrics cells %" PRIu64 "/%" PRIu64 " passages %" PRIu64 "/%" PRIu64
                " dead ends %" PRIu64 "/%" PRIu64 " components %" PRIu64 "/%" PRIu64
                " route %" PRId64 "/%" PRId64,
             name, ms.cells, mt.cells, ms.passages, mt.passages, ms.dead_ends, mt.dead_ends,
             ms.components, mt.components, ms.route, mt.route);
        return;
    }
    mz_maze_stats ss, st;
    expect_ok(mz_maze_stats_compute(sq, 0, &ss), "%s: square stats", name);
    expect_ok(mz_maze_stats_compute(tw, 0, &st), "%s: 3d stats", name);
    bool deg = true;
    for (int k = 0; k < 9; k++)
        deg = deg && ss.degree[k] == st.degree[k];
    if (!deg || ss.cells != st.cells || ss.straight != st.straight || ss.turn != st.turn ||
        ss.route != st.route || ss.longest != st.longest ||
        ss.longest_exact != st.longest_exact || ss.inner_cells != st.inner_cells ||
        ss.inner_dead_ends != st.inner_dead_ends)
        note(f, "%s: figures dead ends %" PRIu64 "/%" PRIu64 " straight %" PRIu64 "/%" PRIu64
                " turn %" PRIu64 "/%" PRIu64 " route %" PRId64 "/%" PRId64 " longest %" PRIu64
                "/%" PRIu64,
             name, ss.degree[1], st.degree[1], ss.straight, st.straight, ss.turn, st.turn,
             ss.route, st.route, ss.longest, st.longest);
}

/* Run spec on both grids; false when the square path refuses the size
 * (declared refusals: nothing to compare). */
static bool twin_generate(const mz_spec *spec, uint64_t seed, uint64_t rows, uint64_t cols,
                          mz_grid *sq, mz_grid *tw, mz_extra *xs, mz_extra *xt, rec *rs,
                          rec *rt, const char *name)
{
    mz_dims gs = *MZ_SQUARE(rows, cols), gt = twin_geom(rows, cols);
    memset(xs, 0, sizeof *xs);
    memset(xt, 0, sizeof *xt);
    rs->n = rt->n = 0;
    mz_trace ts = {record, rs, 0}, tt = {record, rt, 0};
    mz_status s = mz_generate(spec, seed, &gs, sq, MZ_GEN_OPTS(1, &ts, xs));
    if (s == MZ_EUNSUPPORTED)
        return false;
    expect_ok(s, "%s: square", name);
    expect_ok(mz_generate(spec, seed, &gt, tw, MZ_GEN_OPTS(1, &tt, xt)), "%s: 3d", name);
    return true;
}

/* The two traces step by step: op, cell, dir and size. */
static void compare_traces(const rec *a, const rec *b, const char *name, struct finding *f)
{
    for (uint64_t k = 0; k < a->n && k < b->n; k++) {
        const mz_step *x = &a->s[k], *y = &b->s[k];
        if (strcmp(x->op, y->op) != 0 || x->cell != y->cell || x->dir != y->dir ||
            x->size != y->size) {
            note(f, "%s: trace step %" PRIu64 ": square %s cell %" PRIu64 " dir %d size %" PRIu64
                    ", 3d %s cell %" PRIu64 " dir %d size %" PRIu64,
                 name, k + 1, x->op, (uint64_t)x->cell, x->dir, x->size, y->op,
                 (uint64_t)y->cell, y->dir, y->size);
            return;
        }
    }
    if (a->n != b->n)
        note(f, "%s: trace of %" PRIu64 " steps on square cells, %" PRIu64 " on 3d", name, a->n,
             b->n);
}

static void case_name(char *buf, size_t len, const mz_spec *spec, size_t k, size_t z)
{
    char text[128];
    mz_spec_format(spec, text, sizeof text);
    snprintf(buf, len, "%s %s seed %" PRIu64 " %" PRIu64 "x%" PRIu64, text,
             kind_name(seeds[k].kind), seeds[k].seed, sizes[z].rows, sizes[z].cols);
}

/* The base maze a post-processor runs on, and solvers on: a perfect
 * generator without parameters whose twins agree. */
static const mz_algo *base_generator(void)
{
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN && ((*a)->flags & MZ_F_PERFECT) && (*a)->nparams == 0 &&
            mz_runs_on(*a, MZ_SHAPE_CUBE) && !((*a)->flags & MZ_F_TWINS_DIFFER) &&
            !known_to_differ(*a))
            return *a;
    return NULL;
}

/* Report what each entry's comparisons found (f: results, ft: traces);
 * fail on an undeclared difference not listed as known, and on a
 * declaration or a listing that no comparison bears out. */
static void judge(const mz_algo *a, const struct finding *f, const struct finding *ft,
                  bool compared, bool *failed)
{
    bool declared = (a->flags & MZ_F_TWINS_DIFFER) != 0;
    if (!compared)
        return;
    if (declared) {
        if (!f->differs && !ft->differs) {
            print_error("%s declares MZ_F_TWINS_DIFFER but its twins agree everywhere\n",
                        a->name);
            *failed = true;
        }
        return;
    }
    const struct {
        const struct finding *f;
        const char *const *known;
        const char *what, *list;
    } part[2] = {{f, twins_known_to_differ, "results", "twins_known_to_differ"},
                 {ft, twins_trace_known_to_differ, "traces", "twins_trace_known_to_differ"}};
    for (int k = 0; k < 2; k++) {
        bool known = listed(part[k].known, a);
        if (part[k].f->differs && !known) {
            print_error("%s: the %s of the square and 3d:1xRxC paths differ: %s\n", a->name,
                        part[k].what, part[k].f->first);
            *failed = true;
        } else if (part[k].f->differs) {
            print_message("%s (%s known to differ): %s\n", a->name, part[k].what,
                          part[k].f->first);
        } else if (known) {
            print_error("%s is in %s but its %s agree: remove it\n", a->name, part[k].list,
                        part[k].what);
            *failed = true;
        }
    }
}

static void test_generators(void **state)
{
    (void)state;
    const mz_algo *base = base_generator();
    assert_non_null(base);
    mz_grid sq, tw;
    memset(&sq, 0, sizeof sq);
    memset(&tw, 0, sizeof tw);
    mz_extra xs, xt;
    rec rs = {0}, rt = {0};
    bool failed = false;
    size_t tried = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_SOLVER || !mz_runs_on(*a, MZ_SHAPE_CUBE))
            continue;
        tried++;
        struct finding f = {0}, ft = {0};
        bool compared = false;
        mz_stage v[MAX_VARIANTS];
        size_t nv = stage_variants(*a, v, MAX_VARIANTS);
        for (size_t j = 0; j < nv; j++) {
            mz_spec spec;
            memset(&spec, 0, sizeof spec);
            if ((*a)->kind == MZ_GEN) {
                spec.n = 1;
                spec.stage[0] = v[j];
            } else {
                spec.n = 2;
                spec.stage[0].algo = base;
                mz_args_default(base, &spec.stage[0].args);
                spec.stage[1] = v[j];
            }
            for (size_t k = 0; k < NSEEDS; k++)
                for (size_t z = 0; z < NSIZES; z++) {
                    spec.rng = seeds[k].kind;
                    char name[512];
                    case_name(name, sizeof name, &spec, k, z);
                    if (!twin_generate(&spec, seeds[k].seed, sizes[z].rows, sizes[z].cols, &sq,
                                       &tw, &xs, &xt, &rs, &rt, name))
                        continue;
                    compared = true;
                    compare_mazes(&sq, &tw, name, &f);
                    compare_traces(&rs, &rt, name, &ft);
                    char what[256];
                    if (!same_extra(&xs, &xt, what, sizeof what))
                        note(&f, "%s: %s", name, what);
                }
        }
        judge(*a, &f, &ft, compared, &failed);
    }
    mz_grid_free(&sq);
    mz_grid_free(&tw);
    free(rs.s);
    free(rt.s);
    assert_true(tried > 0);
    if (failed)
        fail_msg("entries whose square and ports paths differ (above)");
}

/* The twin of a square maze: its cells' walls N E S W copied into a 3d
 * grid of one level, entrance and exit kept. */
static void make_twin(const mz_grid *sq, mz_grid *tw)
{
    mz_dims gt = twin_geom(sq->rows, sq->cols);
    expect_ok(mz_grid_resize(tw, &gt), "3d twin");
    for (mz_idx i = 0; i < sq->cells; i++) {
        tw->c[i] &= (uint8_t)~0x0f;
        tw->c[i] |= sq->c[i] & 0x0f;
    }
    tw->entrance = sq->entrance;
    tw->exit = sq->exit;
}

static void compare_solutions(const mz_solution *a, const mz_solution *b, const char *name,
                              struct finding *f)
{
    if (a->found != b->found || a->path_steps != b->path_steps || a->closed != b->closed ||
        a->steps != b->steps || a->forward != b->forward || a->turns != b->turns ||
        a->path_len != b->path_len) {
        note(f, "%s: found %d/%d path_steps %" PRId64 "/%" PRId64 " closed %" PRId64 "/%" PRId64
                " steps %" PRId64 "/%" PRId64 " forward %" PRId64 "/%" PRId64 " turns %" PRId64
                "/%" PRId64 " path cells %" PRIu64 "/%" PRIu64,
             name, a->found, b->found, a->path_steps, b->path_steps, a->closed, b->closed,
             a->steps, b->steps, a->forward, b->forward, a->turns, b->turns, a->path_len,
             b->path_len);
        return;
    }
    for (uint64_t k = 0; k < a->path_len; k++)
        if (a->path[k] != b->path[k]) {
            note(f, "%s: path cell %" PRIu64 ": %" PRIu64 " vs %" PRIu64, name, k,
                 (uint64_t)a->path[k], (uint64_t)b->path[k]);
            return;
        }
    char what[256];
    if (!same_extra(&a->extra, &b->extra, what, sizeof what))
        note(f, "%s: %s", name, what);
}

static void test_solvers(void **state)
{
    (void)state;
    const mz_algo *base = base_generator();
    const mz_algo *braid = mz_find(MZ_POST, "braid");
    assert_non_null(base);
    assert_non_null(braid);
    /* A perfect maze, one braided whole and one braided by half. */
    mz_spec mazes[3];
    memset(mazes, 0, sizeof mazes);
    for (int m = 0; m < 3; m++) {
        mazes[m].n = m == 0 ? 1 : 2;
        mazes[m].stage[0].algo = base;
        mz_args_default(base, &mazes[m].stage[0].args);
        mazes[m].stage[1].algo = braid;
        mz_args_default(braid, &mazes[m].stage[1].args);
    }
    mazes[2].stage[1].args.v[0] = 0.5; /* keep half the dead ends */

    struct finding f[64], ft[64];
    bool ran[64];
    memset(f, 0, sizeof f);
    memset(ft, 0, sizeof ft);
    memset(ran, 0, sizeof ran);
    mz_grid sq, tw;
    memset(&sq, 0, sizeof sq);
    memset(&tw, 0, sizeof tw);
    mz_solution ss, st;
    memset(&ss, 0, sizeof ss);
    memset(&st, 0, sizeof st);
    ss.want_path = st.want_path = true;
    rec trs = {0}, trt = {0};
    size_t tried = 0;
    for (size_t m = 0; m < 3; m++)
        for (size_t k = 0; k < NSEEDS; k++)
            for (size_t z = 0; z < NSIZES; z++) {
                mazes[m].rng = seeds[k].kind;
                mz_dims gs = *MZ_SQUARE(sizes[z].rows, sizes[z].cols);
                expect_ok(mz_generate(&mazes[m], seeds[k].seed, &gs, &sq, NULL),
                          "solvers' maze");
                make_twin(&sq, &tw);
                for (size_t e = 0; mz_registry[e]; e++) {
                    const mz_algo *a = mz_registry[e];
                    if (a->kind != MZ_SOLVER || !mz_runs_on(a, MZ_SHAPE_CUBE))
                        continue;
                    assert_true(e < 64);
                    tried++;
                    mz_stage v[MAX_VARIANTS];
                    size_t nv = stage_variants(a, v, MAX_VARIANTS);
                    for (size_t j = 0; j < nv; j++) {
                        char maze[512], solver[128], name[768];
                        case_name(maze, sizeof maze, &mazes[m], k, z);
                        mz_stage_format(&v[j], solver, sizeof solver);
                        snprintf(name, sizeof name, "%s on %s", solver, maze);
                        trs.n = trt.n = 0;
                        mz_trace ts = {record, &trs, 0}, tt = {record, &trt, 0};
                        mz_status rs = mz_solve(&v[j], &sq, &ts, &ss);
                        mz_status rt = mz_solve(&v[j], &tw, &tt, &st);
                        if (rs == MZ_EUNSUPPORTED || rs == MZ_EPARAM)
                            continue;
                        ran[e] = true;
                        if (rs != rt)
                            note(&f[e], "%s: status %s vs %s", name, mz_status_str(rs),
                                 mz_status_str(rt));
                        else
                            compare_solutions(&ss, &st, name, &f[e]);
                        compare_traces(&trs, &trt, name, &ft[e]);
                    }
                }
            }
    bool failed = false;
    for (size_t e = 0; mz_registry[e]; e++)
        if (e < 64)
            judge(mz_registry[e], &f[e], &ft[e], ran[e], &failed);
    mz_solution_free(&ss);
    mz_solution_free(&st);
    free(trs.s);
    free(trt.s);
    mz_grid_free(&sq);
    mz_grid_free(&tw);
    assert_true(tried > 0);
    if (failed)
        fail_msg("solvers whose square and ports paths differ (above)");
}

/* The twin is what the test takes it for: a 3d grid of one level whose
 * cells are the square grid's, index for index, with the same neighbours
 * through N E S W and none through UP and DOWN. */
static void test_twin_is_the_same_graph(void **state)
{
    (void)state;
    for (size_t z = 0; z < NSIZES; z++) {
        mz_grid sq, tw;
        memset(&sq, 0, sizeof sq);
        memset(&tw, 0, sizeof tw);
        mz_dims gs = *MZ_SQUARE(sizes[z].rows, sizes[z].cols);
        mz_dims gt = twin_geom(sizes[z].rows, sizes[z].cols);
        assert_int_equal(mz_grid_init(&sq, &gs, NULL), MZ_OK);
        assert_int_equal(mz_grid_init(&tw, &gt, NULL), MZ_OK);
        assert_int_equal(sq.cells, tw.cells);
        assert_int_equal(sq.entrance, tw.entrance);
        assert_int_equal(sq.exit, tw.exit);
        for (mz_idx i = 0; i < sq.cells; i++) {
            for (unsigned p = 0; p < 4; p++)
                assert_int_equal(mz_port_nbr(&sq, i, p), mz_port_nbr(&tw, i, p));
            assert_int_equal(mz_port_nbr(&tw, i, 4), MZ_NONE);
            assert_int_equal(mz_port_nbr(&tw, i, 5), MZ_NONE);
        }
        mz_grid_free(&sq);
        mz_grid_free(&tw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twin_is_the_same_graph),
        cmocka_unit_test(test_generators),
        cmocka_unit_test(test_solvers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
