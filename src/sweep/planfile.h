/*
 * planfile.h - the plan a sweep command runs (docs/sweeps.md): its plan
 * file ("-" for stdin) or the default plan, with the command's options
 * over it, checked whole; and the text of a dry run (--print-plan). Like
 * the rest of the sweep engine: nothing prints to the terminal or exits;
 * a call returns SW_OK, SW_BAD (the plan or an option is wrong) or
 * SW_FAIL with the reason in err.
 */
#ifndef SW_PLANFILE_H
#define SW_PLANFILE_H

#include "sweep.h"

#include <stdbool.h>
#include <stdio.h>

/* The command's plan file (NULL: the default plan) and the options that
 * replace its lists (NULL: the file's). */
typedef struct sw_plan_args {
    const char *plan_path, *gens, *solvers, *seeds, *sizes, *reps, *rng;
    bool skip_unsupported;
} sw_plan_args;

/* Parse, override and finish p (sw_plan_init'ed). A plan file that cannot
 * be read, a directory or one over 64 MiB is SW_BAD. */
int sw_plan_build(sw_plan *p, const sw_plan_args *a, char *err, size_t errlen);

/* The dry run: the plan as a plan file, its tasks and rows (shard of
 * nshard), and the estimate of its work and memory with jobs workers. */
int sw_plan_dry_run(FILE *f, const sw_plan *p, unsigned shard, unsigned nshard, unsigned jobs,
                    char *err, size_t errlen);

#endif /* SW_PLANFILE_H */
