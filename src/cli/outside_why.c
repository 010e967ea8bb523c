/*
 * outside_why.c - what an outside program's failure (MZ_EOUTSIDE) was, for
 * the one line a command prints: the solver's last failure when the solver
 * is an outside one that failed, else the last outside generator failure
 * of this thread, else the status's own text.
 */
#include "cli.h"
#include "../outside/outside.h"
#include "../outside/solver.h"

#include <stdio.h>

const char *mzc_outside_why(const mz_algo *solver)
{
    static char why[800];
    if (mzx_solver_failure(solver, why, sizeof why, NULL))
        return why;
    const char *g = mzx_last_error();
    return g && g[0] ? g : mz_status_str(MZ_EOUTSIDE);
}
