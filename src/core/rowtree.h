/*
 * rowtree.h - the route and the longest path of a perfect maze fed one row
 * at a time, in memory proportional to the width. Not part of the API;
 * rowtree.c explains the method.
 */
#ifndef MZ_ROWTREE_H
#define MZ_ROWTREE_H

#include "internal.h"

typedef struct mz_rt_node mz_rt_node;
typedef struct mz_rt_edge mz_rt_edge;

typedef struct mz_rowtree {
    const mz_allocator *mem;
    uint64_t cols, rows; /* rows fed so far */
    mz_rt_node *node;    /* kept cells off the front */
    mz_rt_edge *edge;    /* chains between kept cells */
    uint32_t ncap, ecap;   /* pool sizes */
    uint32_t nfree, efree; /* free lists (UINT32_MAX: empty) */
    uint32_t nlive, elive; /* in use now */
    uint32_t npeak;        /* most nodes at once, the front's cells included */
    uint32_t entrance;     /* the node of the first cell once it left the front */
    uint32_t *up;          /* each front cell's chain upward (UINT32_MAX: none) */
    uint64_t *hang;        /* how far the cells folded into each front cell reach */
    uint8_t *walls;        /* the front row's cells as fed, and a closed one after */
    uint32_t *emap;        /* the edges' new numbers while they are renumbered */
    uint32_t *nmap;        /* the nodes' */
    uint64_t best;         /* the longest path among the pieces folded away */
    bool bad;              /* the rows are not a tree (a loop, a cut-off piece) */
} mz_rowtree;

/* cols >= 1 and below 2^31 (the pools count nodes in 32 bits). */
mz_status mz_rowtree_init(mz_rowtree *t, const mz_allocator *mem, uint64_t cols);

/* Feed the next row: cells[0..cols) with their wall bits (MZ_WALL_*); the
 * N bits link to the previous row, the W bits link each cell to its west
 * neighbour (the first row's N bits and the first cell's W bit are not
 * read). MZ_ENOMEM, or MZ_EINVAL once the rows are seen not to be a tree. */
mz_status mz_rowtree_row(mz_rowtree *t, const uint8_t *cells);

/* After the last row: the steps from the first cell of the first row to the
 * last cell of the last row, and the longest path (the tree's diameter, in
 * steps). MZ_EINVAL when the rows were not a spanning tree of the grid
 * (route and longest then unset), MZ_ENOMEM. */
mz_status mz_rowtree_finish(mz_rowtree *t, int64_t *route, uint64_t *longest);

void mz_rowtree_free(mz_rowtree *t);

#endif
