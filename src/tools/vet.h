/*
 * vet.h - the built-in checks for any registry entry (`mazebench vet`,
 * docs/plugins.md): what tests/test_invariants.c, tests/test_twins.c and
 * tests/test_measure.c check for the built-in entries, run on an entry
 * given at run time (a plugin's, an outside program's, or a built-in one).
 * Nothing here prints: each check's verdict goes to a callback.
 */
#ifndef MZT_VET_H
#define MZT_VET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebench.h"

typedef enum mzt_verdict { MZT_VET_OK = 0, MZT_VET_FAIL, MZT_VET_SKIP } mzt_verdict;

/* One check's verdict on entry a: check is its name ("runs", "walls",
 * ...), why the first failure (a whole sentence naming the spec, seed and
 * grid), or why it does not apply; "" for ok. */
typedef void (*mzt_vet_fn)(void *user, const mz_algo *a, const char *check, mzt_verdict v,
                           const char *why);

/* The checks, in the order they are reported:
 *   runs       status MZ_OK, or MZ_EUNSUPPORTED exactly where the entry
 *              declares a refusal (mz_refuses), on every sample grid of
 *              every shape it runs on, several seeds under both sources;
 *   walls      the two sides of every wall agree, no port off the grid is
 *              open, blocked cells are sealed, entrance and exit are open
 *              cells of the grid (generators and post-processors);
 *   scratch    no scratch bit (square cells) or bit beyond the shape's
 *              ports is left set;
 *   perfect    MZ_F_PERFECT: one component, cells - 1 passages, no loop;
 *   same-seed  the same seed gives the same maze (mz_digest), or the same
 *              solution;
 *   path       a solver's path is a walk through open walls from its start
 *              to its end, its steps its length; a solver that says found
 *              gives path_steps, and a path (vet always asks for one:
 *              want_path) as it declares: with MZ_F_PATH on every run that
 *              finds the exit from the entrance, without it never;
 *   shortest   MZ_F_SHORTEST: found exactly when the exit is reachable,
 *              and the route is breadth-first's;
 *   trace      tracing changes nothing, every op emitted is declared in
 *              trace_ops (when the entry declares any), and a sink that
 *              says stop gets MZ_EIO with nothing leaked;
 *   alloc      every allocation from g->mem (and sol->mem) fails in turn:
 *              MZ_ENOMEM each time and no block left (skipped for an
 *              entry with a ctx: an outside program's memory is its own).
 * A crash or a hang inside an entry is the caller's to catch (the command
 * runs each entry in a child process). Returns the number of checks that
 * failed. */
unsigned mzt_vet(const mz_algo *a, mzt_vet_fn fn, void *user);

/* What a caller may add to the checks. */
typedef struct mzt_vet_opts {
    /* Where, before each call into the entry, vet writes what it is about
     * to run, "CHECK: SPEC seed S (SOURCE) GRID" (NULL: nowhere): a caller
     * that runs the checks in a child process reads it (shared memory)
     * when the child ends before its verdicts. */
    char *doing;
    size_t doing_len;
    /* The account of the last outside failure (MZ_EOUTSIDE) of entry a,
     * one line (NULL: none; then the outside_status column's value is
     * given alone). */
    const char *(*outside_why)(const mz_algo *a);
} mzt_vet_opts;

/* mzt_vet with opts (NULL: as mzt_vet). A generator's MZ_EOUTSIDE is a
 * runs failure that gives the program's outside_status and the account;
 * a not-perfect status is a perfect failure too. */
unsigned mzt_vet_with(const mz_algo *a, mzt_vet_fn fn, void *user, const mzt_vet_opts *opts);

/* The check names, in order, NULL-terminated (for help texts). */
extern const char *const mzt_vet_checks[];

#endif /* MZT_VET_H */
