/*
 * fuzz_recipe.c - a whole recipe as the CLI takes it: four lines, a
 * generator spec, a solver spec (empty: none), a size and a seed. A recipe
 * that parses is generated (at most 1024 cells, so a run stays short) and
 * solved, traced when the seed is odd. Properties: nothing crashes or
 * leaks; a generated grid has a closed border and walls that agree on both
 * sides; a found path starts at the entrance and ends at the exit.
 */
#include "fuzz.h"

#include "mazebench.h"
#include "core/internal.h"

#include <errno.h>

static int count_step(void *user, const mz_step *s)
{
    (void)s;
    ++*(uint64_t *)user;
    return 0;
}

static char *next_line(char **p)
{
    char *s = *p, *nl = strchr(s, '\n');
    if (nl) {
        *nl = '\0';
        *p = nl + 1;
    } else {
        *p = s + strlen(s);
    }
    return s;
}

static void check_grid(const mz_grid *g, const char *gen)
{
    if (g->flags) /* wrapping grids (pacman's tunnels) have open borders */
        return;
    for (mz_idx i = 0; i < g->cells; i++) {
        uint64_t r = i / g->cols, c = i % g->cols;
        for (unsigned d = 0; d < 4; d++) {
            mz_idx n = mz_sq_neighbour(g, i, d);
            bool open = !(g->c[i] & (1u << d));
            if (n == MZ_NONE)
                FZ_CHECK(!open, "%s: cell %llu,%llu open to the outside (dir %u)", gen,
                         (unsigned long long)r, (unsigned long long)c, d);
            else
                FZ_CHECK(open == !(g->c[n] & (1u << ((d + 2) & 3))),
                         "%s: walls disagree at %llu,%llu dir %u", gen, (unsigned long long)r,
                         (unsigned long long)c, d);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_string(data, size), *p = text;
    char *gen = next_line(&p), *solver = next_line(&p), *sz = next_line(&p), *seed_text = next_line(&p);
    mz_spec spec;
    mz_stage st;
    char err[256];
    mz_dims dims = {MZ_SHAPE_ORTHO, 1, 0, 0};
    bool have_solver = solver[0] != '\0';
    if (mz_spec_parse(gen, &spec, err, sizeof err) != MZ_OK ||
        (have_solver && mz_solver_parse(solver, &st, err, sizeof err) != MZ_OK) ||
        strchr(sz, ':') || mz_dims_parse(sz, &dims) != MZ_OK || dims.rows * dims.cols > 1024) {
        free(text);
        return 0;
    }
    errno = 0;
    char *end;
    unsigned long long seed = strtoull(seed_text, &end, 10);
    if (seed_text[0] == '\0' || *end != '\0' || errno || seed > UINT32_MAX)
        seed = 464;
    uint64_t steps = 0;
    mz_trace t = {count_step, &steps, 0};
    mz_trace *tp = (seed & 1) ? &t : NULL;
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    mz_status s = mz_generate(&spec, (uint32_t)seed, &dims, &g,
                              MZ_GEN_OPTS(1, tp, &x));
    if (s == MZ_OK) {
        check_grid(&g, gen);
        if (have_solver) {
            mz_solution sol;
            memset(&sol, 0, sizeof sol);
            sol.want_path = true;
            s = mz_solve(&st, &g, tp, &sol);
            bool from_cell = false; /* a solver started elsewhere (flood:from=) */
            for (unsigned k = 0; k < st.algo->nparams; k++)
                from_cell |= st.algo->params[k].type == MZ_P_CELL;
            if (s == MZ_OK && sol.found && sol.path_len > 0 && !from_cell) {
                FZ_CHECK(sol.path[0] == g.entrance && sol.path[sol.path_len - 1] == g.exit,
                         "%s / %s: path from %llu to %llu", gen, solver,
                         (unsigned long long)sol.path[0],
                         (unsigned long long)sol.path[sol.path_len - 1]);
            }
            mz_solution_free(&sol);
        }
    }
    mz_grid_free(&g);
    free(text);
    return 0;
}
