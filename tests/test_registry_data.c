/*
 * test_registry_data.c - the registry's trace data matches what the code
 * emits: every op an entry's steps carry is declared in its trace_ops,
 * and an entry that emits steps declares its ops and what size means.
 * docs/registry.md is generated from that data (scripts/gen-docs.sh), so
 * this keeps the page honest; a new entry is checked with no edit here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mazebench.h"

struct seen {
    const mz_algo *a;
    const mz_algo *base; /* a post-processor's generator, whose steps come first, or NULL */
    uint64_t steps;
    const char *undeclared; /* the first op not in a->trace_ops, or NULL */
};

static int record(void *user, const mz_step *s)
{
    struct seen *r = user;
    r->steps++;
    if (r->undeclared)
        return 0;
    bool found = false, base = false;
    for (const mz_trace_op *o = r->a->trace_ops; o && o->op; o++)
        found = found || strcmp(o->op, s->op) == 0;
    for (const mz_trace_op *o = r->base ? r->base->trace_ops : NULL; o && o->op; o++)
        base = base || strcmp(o->op, s->op) == 0;
    if (base && !found)
        r->steps--; /* the generator's step, not the post-processor's */
    else if (!found)
        r->undeclared = s->op;
    return 0;
}

static void check_seen(const struct seen *r)
{
    if (r->undeclared) {
        print_error("'%s' emits op '%s', which its trace_ops do not declare\n", r->a->name,
                    r->undeclared);
        fail();
    }
    if (r->steps && (!r->a->trace_ops || !r->a->trace_size)) {
        print_error("'%s' emits steps but declares no trace_ops or trace_size\n", r->a->name);
        fail();
    }
}

/* A few small mazes of every generator and post-processor, traced. */
static void test_generators_declare_their_ops(void **state)
{
    (void)state;
    static const uint64_t sizes[][2] = {{9, 13}, {16, 16}, {1, 7}, {7, 1}};
    const mz_algo *dfs = mz_find(MZ_GEN, "dfs");
    assert_non_null(dfs);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind == MZ_SOLVER)
            continue;
        struct seen r = {*a, (*a)->kind == MZ_POST ? dfs : NULL, 0, NULL};
        mz_trace t = {record, &r, 0};
        mz_spec spec;
        memset(&spec, 0, sizeof spec);
        if ((*a)->kind == MZ_GEN) {
            spec.n = 1;
            spec.stage[0].algo = *a;
            mz_args_default(*a, &spec.stage[0].args);
        } else {
            spec.n = 2;
            spec.stage[0].algo = dfs;
            spec.stage[1].algo = *a;
            mz_args_default(*a, &spec.stage[1].args);
        }
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            if (mz_refuses(*a, MZ_SQUARE(sizes[k][0], sizes[k][1])))
                continue;
            for (uint32_t seed = 1; seed <= 3; seed++) {
                mz_grid g;
                memset(&g, 0, sizeof g);
                mz_extra x;
                memset(&x, 0, sizeof x);
                mz_status s = mz_generate(&spec, seed, MZ_SQUARE(sizes[k][0], sizes[k][1]), &g,
                                          MZ_GEN_OPTS(1, &t, &x));
                mz_grid_free(&g);
                if (s == MZ_EUNSUPPORTED)
                    continue; /* test_invariants checks refusals */
                assert_int_equal(s, MZ_OK);
            }
        }
        check_seen(&r);
    }
}

/* Every solver on a perfect and a braided maze, traced. */
static void test_solvers_declare_their_ops(void **state)
{
    (void)state;
    static const char *const gens[] = {"dfs", "dfs+braid:keep=0.3"};
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_SOLVER)
            continue;
        struct seen r = {*a, NULL, 0, NULL};
        mz_trace t = {record, &r, 0};
        for (size_t k = 0; k < sizeof gens / sizeof gens[0]; k++) {
            mz_spec spec;
            char err[256];
            assert_int_equal(mz_spec_parse(gens[k], &spec, err, sizeof err), MZ_OK);
            mz_grid g;
            memset(&g, 0, sizeof g);
            mz_extra x;
            memset(&x, 0, sizeof x);
            assert_int_equal(mz_generate(&spec, 464, MZ_SQUARE(15, 17), &g,
                                         MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
            mz_stage st;
            memset(&st, 0, sizeof st);
            st.algo = *a;
            mz_args_default(*a, &st.args);
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            mz_status s = mz_solve(&st, &g, &t, &sol);
            mz_solution_free(&sol);
            mz_grid_free(&g);
            if (s != MZ_EUNSUPPORTED)
                assert_int_equal(s, MZ_OK);
        }
        check_seen(&r);
    }
}

/* Declared ops are well formed: named, explained, no name twice. */
static void test_declared_ops_well_formed(void **state)
{
    (void)state;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if (!(*a)->trace_ops)
            continue;
        assert_non_null((*a)->trace_size);
        assert_true((*a)->trace_size[0] != '\0');
        for (const mz_trace_op *o = (*a)->trace_ops; o->op; o++) {
            assert_non_null(o->meaning);
            assert_true(o->meaning[0] != '\0');
            for (const mz_trace_op *p = o + 1; p->op; p++)
                if (strcmp(o->op, p->op) == 0) {
                    print_error("'%s' declares op '%s' twice\n", (*a)->name, o->op);
                    fail();
                }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators_declare_their_ops),
        cmocka_unit_test(test_solvers_declare_their_ops),
        cmocka_unit_test(test_declared_ops_well_formed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
