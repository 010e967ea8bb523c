/* The refuses key of an outside program's section (docs/outside.md,
 * "Grids a program refuses"): the grids it declares it refuses, as data
 * the entry's mz_algo.refuses_ctx asks (refuse.c). */
#ifndef MZX_REFUSE_H
#define MZX_REFUSE_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebench.h"
#include "outside.h"

#define MZX_REFUSE_MAX 16

/* One term: FIELD OP N, on every shape or on one. */
typedef struct mzx_refuse_term {
    bool any_shape;   /* false: only on shape */
    mz_shape shape;
    unsigned field;   /* 0 rows, 1 cols, 2 levels, 3 cells */
    unsigned op;      /* 0 <, 1 <=, 2 >, 3 >= */
    uint64_t n;
} mzx_refuse_term;

/* A program's refusals: a grid is refused when any term holds of it. */
typedef struct mzx_refusal {
    unsigned n;
    mzx_refuse_term term[MZX_REFUSE_MAX];
} mzx_refusal;

/* The key refuses of s into *r (r->n 0 when the key is absent): terms
 * [SHAPE:]FIELD OP N separated by blanks or commas, FIELD one of rows,
 * cols, levels, cells, OP one of < <= > >=, N a whole number; at most
 * MZX_REFUSE_MAX terms. MZ_EFORMAT with "FILE:LINE: ..." in msg for
 * anything else. */
mz_status mzx_section_refuses(const mzx_file *f, const mzx_section *s, mzx_refusal *r,
                              char *msg, size_t cap);

/* Does r refuse a grid of dims g? Cannot fail. */
bool mzx_refusal_holds(const mzx_refusal *r, const mz_dims *g);

/* The least square grid (n x n, n levels of 3d; n rings of polar) of shape
 * from 2 up that r does not refuse and mz_dims_cells takes, into *d:
 * false when there is none up to 4096. Cannot fail. */
bool mzx_refusal_smallest(const mzx_refusal *r, mz_shape shape, mz_dims *d);

#endif
