/*
 * plugin_bad.c - test-only plugins that break one promise each, for
 * tests/vet_cli.sh: built several times, one fault a build (BAD_*):
 *   BAD_WALL   a wall whose two sides disagree;
 *   BAD_SEED   another maze for the same seed (a counter that survives
 *              from run to run);
 *   BAD_LEAK   a block left behind when an allocation fails;
 *   BAD_CRASH  a write through NULL when an allocation fails;
 *   BAD_OP     a trace op that trace_ops does not declare;
 *   BAD_HANG   a run that never ends on a grid of more than one cell;
 *   BAD_ABI    another ABI number (refused at load);
 *   BAD_CLASH  an entry named as a built-in one (refused at load);
 *   BAD_KIND   an entry of a kind out of range (refused at load);
 *   BAD_SIZE   another sizeof(mz_algo) (refused at load);
 *   BAD_NOSYM  no mazebench_plugin function (refused at load);
 *   BAD_PATH   a solver, bad-solve, whose path jumps over a wall;
 *   none       a correct plugin (the control).
 * The generator, bad-gen, is the binary tree on square cells (each cell
 * but the north-east corner knocks north or east), with a scratch block
 * from g->mem that the fault plays with.
 */
#include <stdlib.h>

#include "mazebench.h"

#ifdef BAD_SEED
static unsigned runs; /* the global state no entry may keep */
#endif

static mz_status bad_gen(mz_grid *g, const mz_args *a, mz_run *run)
{
    (void)a;
    const mz_allocator *m = g->mem;
    unsigned char *one = m ? m->alloc(m->opaque, 16) : malloc(16);
    if (!one)
        return MZ_ENOMEM;
    unsigned char *two = m ? m->alloc(m->opaque, 16) : malloc(16);
    if (!two) {
#if defined(BAD_CRASH)
        two[0] = 1; /* the crash vet must survive */
#endif
#if !defined(BAD_LEAK)
        if (m)
            m->free(m->opaque, one);
        else
            free(one);
#endif
        return MZ_ENOMEM;
    }
#ifdef BAD_SEED
    runs++;
#endif
#ifdef BAD_HANG
    static volatile int forever = 1;
    while (forever && g->cells > 1)
        ;
#endif
    for (mz_idx i = 0; i < g->cells; i++) {
        const uint64_t r = i / g->cols, c = i % g->cols;
        unsigned d;
        if (r == 0 && c + 1 == g->cols)
            continue;
        if (r == 0)
            d = MZ_E;
        else if (c + 1 == g->cols)
            d = MZ_N;
        else
            d = mz_rng_u32(run->rng) & 1u ? MZ_N : MZ_E;
#ifdef BAD_SEED
        if (r > 0 && c + 1 < g->cols && (runs & 1u))
            d = d == MZ_N ? MZ_E : MZ_N; /* every other run, the other way */
#endif
        mz_port_knock(g, i, d);
#ifdef BAD_OP
        const char *op = "knock";
#else
        const char *op = "carve";
#endif
        if (run->trace && mz_trace_emit(run->trace, op, i, (int)d, i + 1)) {
            if (m) {
                m->free(m->opaque, one);
                m->free(m->opaque, two);
            } else {
                free(one);
                free(two);
            }
            return MZ_EIO;
        }
    }
#ifdef BAD_WALL
    if (g->cells > 1)
        g->c[1] &= (uint8_t)~(1u << MZ_W); /* opened from one side only */
    if (g->cells > 1 && g->cols > 1)
        g->c[0] |= (uint8_t)(1u << MZ_E);
#endif
    if (m) {
        m->free(m->opaque, one);
        m->free(m->opaque, two);
    } else {
        free(one);
        free(two);
    }
    return MZ_OK;
}

static const mz_trace_op bad_ops[] = {
    {"carve", "a cell knocks its north or east wall", MZ_DRAW_CARVE},
    {NULL, NULL, MZ_DRAW_UNSET},
};

/* unused by the BAD_PATH build only */
#if defined(__GNUC__)
__attribute__((unused))
#endif
static const mz_algo bad = {
#ifdef BAD_CLASH
    .name = "dfs",
#else
    .name = "bad-gen",
#endif
#ifdef BAD_KIND
    .kind = (mz_kind)7,
#else
    .kind = MZ_GEN,
#endif
    .summary = "a test plugin's binary tree",
    .flags = MZ_F_PERFECT,
    .gen = bad_gen,
    .trace_ops = bad_ops,
    .trace_size = "cells done",
};

#ifdef BAD_PATH
/* bad-solve: the path is the entrance and the exit, whatever lies between */
static mz_status bad_solve(const mz_grid *g, const mz_args *a, mz_trace *t, mz_solution *sol)
{
    (void)a;
    (void)t;
    mz_solution_clear(sol);
    sol->found = true;
    sol->path_steps = g->entrance == g->exit ? 0 : 1;
    mz_status s = mz_solution_push(sol, g->entrance);
    if (s == MZ_OK && g->exit != g->entrance)
        s = mz_solution_push(sol, g->exit);
    return s;
}

static const mz_algo bad_solver = {
    .name = "bad-solve",
    .kind = MZ_SOLVER,
    .summary = "a test plugin's solver that jumps to the exit",
    .solve = bad_solve,
};

static const mz_algo *const entries[] = {&bad_solver, NULL};
#else
static const mz_algo *const entries[] = {&bad, NULL};
#endif

#ifdef BAD_ABI
#define ABI (MZ_PLUGIN_ABI + 98)
#else
#define ABI MZ_PLUGIN_ABI
#endif
#ifdef BAD_SIZE
#define SIZE (sizeof(mz_algo) + 8)
#else
#define SIZE sizeof(mz_algo)
#endif
static const mz_plugin description = {ABI, SIZE, entries, "bad"};

#ifdef BAD_NOSYM
#define mazebench_plugin mazebench_plugin_misspelt
#endif
const mz_plugin *mazebench_plugin(void);
const mz_plugin *mazebench_plugin(void) { return &description; }
