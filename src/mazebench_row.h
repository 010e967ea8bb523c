/*
 * mazebench_row.h - part of the public C API of the mazebench library:
 * the result rows, their CSV columns and fields (docs/sweeps.md).
 * Not included by mazebench.h: a program that uses them includes this
 * header after mazebench.h.
 */
#ifndef MAZEBENCH_ROW_H
#define MAZEBENCH_ROW_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Result rows                                                         */
/* ------------------------------------------------------------------ */

/* One result row: a generated maze, and optionally a solver's result. */
typedef struct mz_row {
    const char *gen;   /* canonical spec */
    uint64_t seed;
    uint64_t rows, cols;
    uint64_t rep;
    const mz_metrics *m;
    const mz_extra *gx; /* generator columns */
    const char *solver; /* canonical solver spec, NULL for a gen row */
    const mz_solution *sol;
    bool timed;
    uint64_t gen_ns, solve_ns, peak_rss_kb;
    mz_rng_kind rng;   /* the source of its seed (the rng column) */
} mz_row;

#define MZ_MAX_COLS 96

typedef struct mz_cols {
    unsigned n;
    const char *name[MZ_MAX_COLS];
} mz_cols;

/* Column sets: gen, seed, topology, rows, cols and the maze's figures;
 * with_solver adds the solver columns; algos (may be NULL)
 * contribute their extra columns, generators' before solvers', once each;
 * with_rep and timed add the rep column and the timing columns last. */
MZ_API void mz_row_columns(mz_cols *cols, bool with_solver, bool with_rep, bool timed,
                        const mz_algo *const *algos, size_t nalgos);

/* The topology column: the shape's name (mz_shape_name), and for a 3d grid
 * its levels too, "3d:LEVELS" (levels 0 reads as 1). Returns the length
 * needed (snprintf semantics). */
MZ_API size_t mz_shape_column_format(mz_shape shape, uint64_t levels, char *buf, size_t len);
/* Read a topology column back: a shape name or alias (mz_shape_parse), a 3d
 * one as "3d:LEVELS" with LEVELS from 1 to 2^32; the empty text (a file
 * written before the column existed) is square cells. MZ_EINVAL otherwise. */
MZ_API mz_status mz_shape_column_parse(const char *text, mz_shape *shape, uint64_t *levels);
/* The geometry of a row's grid from its topology, rows and cols columns
 * (POLAR: rows rings; cols must be the outer ring's cell count they make).
 * MZ_EINVAL when they do not make a grid. */
MZ_API mz_status mz_row_dims(mz_shape shape, uint64_t levels, uint64_t rows, uint64_t cols,
                             mz_dims *g);

/* Format one field of a row of a maze of the given shape (empty when it
 * does not apply): the topology column from shape and levels (CUBE; 1
 * otherwise), the rest from the row. rows and cols keep their meaning on
 * every shape (POLAR: the rings and the outer ring's cells; CUBE: a
 * level's rows and columns). */
MZ_API void mz_row_field(const mz_row *row, mz_shape shape, uint64_t levels, const char *col,
                         char *buf, size_t len);
/* Is the column numeric (JSON prints it bare)? */
MZ_API bool mz_col_numeric(const char *col);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_ROW_H */
