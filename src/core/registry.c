/*
 * registry.c - every algorithm the harness knows, in one table.
 *
 * To add an algorithm, follow docs/extending.md: one file under src/gen/
 * or src/solve/ (numbered steps in its header, the trace idiom, the solver
 * prologue, memory through g->mem, an mz_algo entry with its trace ops and
 * declared refusals), then declare it below and add it to mz_registry in
 * its kind's group, regenerate the golden rows and docs/registry.md. The
 * CLI, the tests, the sweep, scale and the benchmarks iterate this table:
 * nothing else needs to change. (Sources are globbed by CMake.)
 */
#include "../mazebench.h"

#include <string.h>

extern const mz_algo mz_algo_dfs;
extern const mz_algo mz_algo_frontier;
extern const mz_algo mz_algo_kruskal;
extern const mz_algo mz_algo_treasure;
extern const mz_algo mz_algo_mainpath;
extern const mz_algo mz_algo_pacman;
extern const mz_algo mz_algo_wilson;
extern const mz_algo mz_algo_aldous_broder;
extern const mz_algo mz_algo_sidewinder;
extern const mz_algo mz_algo_binary_tree;
extern const mz_algo mz_algo_hunt_and_kill;
extern const mz_algo mz_algo_prim;
extern const mz_algo mz_algo_growing_tree;
extern const mz_algo mz_algo_recursive_division;
extern const mz_algo mz_algo_eller;
extern const mz_algo mz_algo_braid;
extern const mz_algo mz_algo_bfs;
extern const mz_algo mz_algo_wall;
extern const mz_algo mz_algo_valley;
extern const mz_algo mz_algo_flood;
extern const mz_algo mz_algo_astar;
extern const mz_algo mz_algo_deadend_fill;
extern const mz_algo mz_algo_tremaux;
extern const mz_algo mz_algo_pledge;
extern const mz_algo mz_algo_bibfs;
extern const mz_algo mz_algo_collision;

const mz_algo *const mz_registry[] = {
    /* generators */
    &mz_algo_dfs,
    &mz_algo_frontier,
    &mz_algo_kruskal,
    &mz_algo_treasure,
    &mz_algo_mainpath,
    &mz_algo_pacman,
    &mz_algo_wilson,
    &mz_algo_aldous_broder,
    &mz_algo_sidewinder,
    &mz_algo_binary_tree,
    &mz_algo_hunt_and_kill,
    &mz_algo_prim,
    &mz_algo_growing_tree,
    &mz_algo_recursive_division,
    &mz_algo_eller,
    /* post-processors */
    &mz_algo_braid,
    /* solvers */
    &mz_algo_bfs,
    &mz_algo_wall,
    &mz_algo_valley,
    &mz_algo_flood,
    &mz_algo_astar,
    &mz_algo_deadend_fill,
    &mz_algo_tremaux,
    &mz_algo_pledge,
    &mz_algo_bibfs,
    &mz_algo_collision,
    NULL,
};

/* FNV-1a over the registry's shape: names, kinds, flags, each parameter's
 * name, type, default, range and choices, and the extra columns. Numbers
 * are fed as fixed-width little-endian words (doubles by their IEEE bits),
 * so the hash is the same on every machine. */
static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++) {
        *h ^= b[k];
        *h *= UINT64_C(0x100000001b3);
    }
}

static void hash_u64(uint64_t *h, uint64_t v)
{
    unsigned char b[8];
    for (int k = 0; k < 8; k++)
        b[k] = (unsigned char)(v >> (8 * k));
    hash_bytes(h, b, 8);
}

static void hash_str(uint64_t *h, const char *s)
{
    if (!s) {
        hash_u64(h, UINT64_MAX);
        return;
    }
    size_t n = 0;
    while (s[n])
        n++;
    hash_u64(h, n);
    hash_bytes(h, s, n);
}

static void hash_real(uint64_t *h, double d)
{
    /* Copied as a whole word, the IEEE bits read as the same integer on
     * either byte order (doubles and integers share it on every target). */
    uint64_t bits;
    if (d == 0)
        d = 0; /* -0 and +0 alike */
    memcpy(&bits, &d, sizeof bits);
    hash_u64(h, bits);
}

uint64_t mz_registry_hash(void)
{
    return mz_registry_hash_on(MZ_SHAPES_ALL);
}

uint64_t mz_registry_hash_on(unsigned shapes)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        hash_str(&h, (*a)->name);
        hash_u64(&h, (uint64_t)(*a)->kind);
        /* MZ_F_TWINS_DIFFER says how the tests compare an entry, nothing
         * about the rows it writes: left out. */
        hash_u64(&h, (*a)->flags & ~(unsigned)MZ_F_TWINS_DIFFER);
        hash_u64(&h, (*a)->nparams);
        for (unsigned k = 0; k < (*a)->nparams; k++) {
            const mz_param_def *p = &(*a)->params[k];
            hash_str(&h, p->name);
            hash_u64(&h, (uint64_t)p->type);
            hash_real(&h, p->def);
            hash_real(&h, p->min);
            hash_real(&h, p->max);
            hash_str(&h, p->choices);
        }
        for (const char *const *c = (*a)->columns; c && *c; c++)
            hash_str(&h, *c);
        /* Only the shapes asked about: an entry that gains or loses
         * another shape leaves the hash over these unchanged. Square-only
         * entries hash as before shapes existed. */
        unsigned on = (*a)->shapes & shapes;
        if (on)
            hash_u64(&h, UINT64_C(0x5348415045000000) | on);
        hash_u64(&h, UINT64_MAX); /* end of entry */
    }
    return h;
}
