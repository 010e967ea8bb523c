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
 *   BAD_NOPATH a solver, bad-solve, that says found and gives no route
 *              (path_steps left at -1, no path);
 *   BAD_EXIT   a generator that ends the process, exit(0), on its first run;
 *   BAD_OLDABI ABI 1, whose entry list had no count (refused at load);
 *   BAD_MANY   nalgos 256, more entries than the list holds (refused at load);
 *   BAD_COMMA  a column named "bad,col" (refused at load);
 *   BAD_NEWLINE a column named "new\nline" (refused at load);
 *   BAD_CHOICE an enum parameter whose choices are "plain|a,b" (refused at load);
 *   BAD_EQUALS a parameter named "k=v" (refused at load);
 *   BAD_ESC    a summary with an ESC sequence (refused at load);
 *   BAD_PNAME  a plugin name with an ESC sequence (refused at load);
 *   none       a correct plugin (the control).
 * Every build's entry list has no NULL end (nalgos counts it: the loader
 * reads nothing past it, and a sanitized build would catch a read beyond).
 * The generator, bad-gen, is the binary tree on square cells (each cell
 * but the north-east corner knocks north or east), with a scratch block
 * from g->mem that the fault plays with.
 */
#include <stdlib.h>

#include "mazebench_plugin.h"

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
#ifdef BAD_EXIT
    exit(0); /* the end of the process vet must see through */
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

#if defined(BAD_COMMA)
static const char *const bad_columns[] = {"bad,col", NULL};
#elif defined(BAD_NEWLINE)
static const char *const bad_columns[] = {"new\nline", NULL};
#else
static const char *const bad_columns[] = {"bad_count", NULL};
#endif

#if defined(BAD_CHOICE)
#define CHOICES "plain|a,b"
#else
#define CHOICES "plain|fancy"
#endif
#if defined(BAD_EQUALS)
#define PNAME "k=v"
#else
#define PNAME "style"
#endif
static const mz_param_def bad_params[] = {
    {PNAME, MZ_P_ENUM, 0, 0, 0, CHOICES, "a choice the generator ignores"},
};

/* unused by the solver builds only */
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
#ifdef BAD_ESC
    .summary = "a test plugin's \x1b[31mred\x1b[0m binary tree",
#else
    .summary = "a test plugin's binary tree",
#endif
    .flags = MZ_F_PERFECT,
    .params = bad_params,
    .nparams = 1,
    .columns = bad_columns,
    .gen = bad_gen,
    .trace_ops = bad_ops,
    .trace_size = "cells done",
};

#if defined(BAD_PATH) || defined(BAD_NOPATH)
/* bad-solve: the path is the entrance and the exit, whatever lies between
 * (BAD_NOPATH: found, and no path at all) */
static mz_status bad_solve(const mz_grid *g, const mz_args *a, mz_trace *t, mz_solution *sol)
{
    (void)a;
    (void)t;
    mz_solution_clear(sol);
    sol->found = true;
#ifdef BAD_NOPATH
    (void)g;
    return MZ_OK;
#else
    sol->path_steps = g->entrance == g->exit ? 0 : 1;
    mz_status s = mz_solution_push(sol, g->entrance);
    if (s == MZ_OK && g->exit != g->entrance)
        s = mz_solution_push(sol, g->exit);
    return s;
#endif
}

static const mz_algo bad_solver = {
    .name = "bad-solve",
    .kind = MZ_SOLVER,
    .summary = "a test plugin's solver that jumps to the exit",
    .flags = MZ_F_PATH,
    .solve = bad_solve,
};

static const mz_algo *const entries[] = {&bad_solver};
#else
static const mz_algo *const entries[] = {&bad}; /* no NULL end: nalgos counts them */
#endif
#if defined(BAD_MANY)
#define COUNT 256
#else
#define COUNT (sizeof entries / sizeof entries[0])
#endif

#if defined(BAD_ABI)
#define ABI (MZ_PLUGIN_ABI + 97)
#elif defined(BAD_OLDABI)
#define ABI 1
#else
#define ABI MZ_PLUGIN_ABI
#endif
#ifdef BAD_SIZE
#define SIZE (sizeof(mz_algo) + 8)
#else
#define SIZE sizeof(mz_algo)
#endif
#ifdef BAD_PNAME
#define NAME "bad\x1b]0;owned\x07"
#else
#define NAME "bad"
#endif
static const mz_plugin description = {ABI, SIZE, entries, COUNT, NAME};

#ifdef BAD_NOSYM
#define mazebench_plugin mazebench_plugin_misspelt
#endif
const mz_plugin *mazebench_plugin(void);
const mz_plugin *mazebench_plugin(void) { return &description; }
