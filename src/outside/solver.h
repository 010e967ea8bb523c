/* Outside solvers (docs/outside-solvers.md): a solver program in any
 * language gets the maze as a file, prints the path it found one cell a
 * line, and mazebench checks the path (mz_path_check) and times the run.
 *
 *   path.c    path files: the cells a solver printed, read and written
 *   solve.c   [solver NAME] sections as registry entries (MZ_SOLVER)
 *
 * Nothing here prints or exits. */
#ifndef MZ_OUTSIDE_SOLVER_H
#define MZ_OUTSIDE_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebench.h"

struct mzx_file;    /* outside.h */
struct mzx_section; /* outside.h */

/* ------------------------------------------------------------------ */
/* Path files                                                          */
/* ------------------------------------------------------------------ */

/* How a path file names cells. A line holds one cell:
 *   INDEX             the cell's index (every shape);
 *   ROW COL           square, hex, tri, weave and torus cells (row-major:
 *                     the index is ROW * cols + COL); polar: RING POS (the
 *                     centre is ring 0, position 0);
 *   LEVEL ROW COL     3d cells;
 * the numbers separated by blanks or one comma. Blank lines and '#'
 * comments (to the end of the line) are skipped; the first line may be the
 * header "mazebench-path 1". */
typedef enum mzx_path_form {
    MZX_PATH_ANY = 0, /* reading: each line either form */
    MZX_PATH_INDEX,   /* one index a line */
    MZX_PATH_RC       /* coordinates: ROW COL, RING POS or LEVEL ROW COL */
} mzx_path_form;

/* "any", "index", "rc"; NULL out of range. */
const char *mzx_path_form_name(mzx_path_form f);
/* A form from its name ("index" or "rc"; "any" too); MZ_ENOTFOUND for
 * another one. */
mz_status mzx_path_form_parse(const char *name, mzx_path_form *f);

/* A path longer than this many times the grid's cells (plus one) is
 * refused: no walk worth checking is, and output beyond it is garbage. */
#define MZX_PATH_FACTOR 8

/* Read the path in text[0..len) (not necessarily NUL-terminated) on grid
 * g into *cells (from malloc, the caller frees; NULL for no cell) and *n.
 * A coordinate past the grid's rows, columns, levels or a ring's cells
 * reads as MZ_NONE, an index as itself: both are off the grid, which
 * mz_path_check reports. MZ_EFORMAT: a line that does not read in form
 * (err gets "LINE:COL: why"); MZ_ETOOBIG: more cells than
 * MZX_PATH_FACTOR * cells + 1 (err says so); MZ_ENOMEM. Optional: err. */
mz_status mzx_path_read(const char *text, size_t len, const mz_grid *g, mzx_path_form form,
                        mz_idx **cells, uint64_t *n, char *err, size_t errlen);

/* Write cells[0..n) of g as a path file in form (INDEX or RC; ANY writes
 * indices): the header line, then one cell a line. put as for
 * mz_file_write: non-zero stops with MZ_EIO. A cell off the grid is
 * MZ_EINVAL (nothing more written). */
mz_status mzx_path_write(const mz_grid *g, const mz_idx *cells, uint64_t n, mzx_path_form form,
                         int (*put)(void *user, const char *buf, size_t len), void *user);

/* ------------------------------------------------------------------ */
/* The solver entries                                                  */
/* ------------------------------------------------------------------ */

/* What became of a run of an outside solver: the values of its
 * solve_outside_status column (as the index; mzx_solver_status_name). */
typedef enum mzx_solve_status {
    MZX_SOLVE_OK = 0,       /* "ok": a valid path, or none where there is no route */
    MZX_SOLVE_EXIT,         /* "exit": exited non-zero (and a route exists) */
    MZX_SOLVE_SIGNAL,       /* "signal": killed by a signal */
    MZX_SOLVE_TIMEOUT,      /* "timeout": past its time or CPU limit */
    MZX_SOLVE_OUTPUT_LIMIT, /* "output-limit": more output than its limit, or a path
                             * longer than MZX_PATH_FACTOR times the cells */
    MZX_SOLVE_CANNOT_START, /* "cannot-start": not found, not executable; or the
                             * maze could not be written for it */
    MZX_SOLVE_BAD_OUTPUT,   /* "bad-output": its output does not read as a path */
    MZX_SOLVE_INVALID_PATH, /* "invalid-path": a path that is no walk from the
                             * entrance to the exit (mz_path_check) */
    MZX_SOLVE_STATUS_COUNT
} mzx_solve_status;

/* The status's name; "?" out of range. Cannot fail. */
const char *mzx_solver_status_name(mzx_solve_status s);

/* The handler of [solver NAME] sections (mzx_load): keys command, format
 * (a name of mz_file_format_parse but auto: the maze file it reads; json
 * by default),
 * path (index, rc or any: how it prints cells; any by default), shapes
 * (names or "all"; ortho by default; other shapes need a format that
 * holds them, mz_file_format_shapes),
 * shortest (yes: its paths are shortest ones, MZ_F_SHORTEST), summary, and
 * the limits (time-limit, cpu-limit, memory-limit,
 * output-limit). Placeholders of the command: {in} (the maze file; without
 * it the maze is the program's standard input), {out} (a file for the path;
 * without it the path is read from standard output), {dir} (the programs
 * file's directory), {rows} {cols} {levels} {cells} {shape} {entrance}
 * {exit} {format}. The entry's solver runs the program on each maze;
 * MZ_EOUTSIDE when the run fails (mzx_solver_failure says how). */
mz_status mzx_solve_section(const struct mzx_file *f, const struct mzx_section *s, char *msg,
                            size_t cap);

/* Is a an entry made by mzx_solve_section? Cannot fail. */
bool mzx_is_outside_solver(const mz_algo *a);

/* The last failure of outside solver a: a one-line account ("NAME:
 * timeout: ...") into buf and its status into *st (optional). False when a
 * is not an outside solver or none of its runs has failed. */
bool mzx_solver_failure(const mz_algo *a, char *buf, size_t cap, mzx_solve_status *st);

#endif
