/*
 * pledge.c - the Pledge algorithm: a wall follower with a turn counter,
 * which gets off an island that a plain wall follower circles forever.
 * docs/catalogue-solvers.md.
 *
 *   1. Start at the cell `from` (the entrance by default) facing the
 *      preferred heading (param heading, east by default), counter 0.
 *   2. Counter 0: walk straight on in the preferred heading while the way
 *      ahead is open. Blocked: turn away from the hand (counter - 1) and
 *      start following the wall.
 *   3. Counter not 0: one wall-follower step exactly as `wall`: the hand's
 *      side open, turn to it (counter + 1) and move; else ahead open, move;
 *      else turn away from the hand in place (counter - 1). When the
 *      counter comes back to 0 the walker faces the preferred heading
 *      again and lets go of the wall (step 2).
 *   4. Stop at the exit.
 * The counter is the walker's total turning in quarter turns, so it lets
 * go only when it has unwound every turn it made: going round an island
 * adds a whole turn, and a walker that keeps circling can never come back
 * to 0 on the island's side. From any start cell it reaches an exit in the
 * outer border (the classic guarantee, for the exit cell in the border),
 * where `wall` started inside a loop of a braided maze circles forever.
 *
 * It stops without the exit ("trapped") in two cases, both exact:
 *   - a counter-0 state repeats (a cell at counter 0 faces the preferred
 *     heading, so the cell alone is the state): the walk is periodic;
 *   - a wall-following run lasts more than 8 * cells + 8 steps. While the
 *     counter is not 0 the next (cell, heading) depends on those two
 *     alone, and the wall-follower step is reversible, so the run is
 *     periodic with period at most 4 * cells; a period's turning is a
 *     multiple of 4, and a run starts at -1, so either the first period
 *     crosses 0 or no later one will.
 * An exit inside the maze (not in the border) may be missed; then it
 * stops trapped.
 *
 * Not shortest (a wall follower's walk, revisiting cells). path_steps =
 * forward moves. The path is the walk itself when it starts at the
 * entrance; from any other cell it is not a route from the entrance, so
 * none is returned (the trace's moves give the walk).
 * Reports: steps, forward, turns (as wall), trapped, wall_runs (times it
 * took hold of a wall) and max_turn (the largest |counter|).
 * Trace: `turn` and `move` steps as wall (cell, the new heading, size =
 * forward moves so far).
 * Memory: one bit a cell (counter-0 states) plus the path.
 */
#include "../core/internal.h"
#include "../core/figures.h"

enum { P_FROM, P_HAND, P_HEADING };

typedef struct pledge_out {
    bool found, trapped;
    int64_t steps, forward, turns, runs, max_turn;
} pledge_out;

MZ_INLINE mz_status walk(const mz_grid *g, bool fast, mz_idx start, unsigned hand, unsigned pref,
                         uint64_t *seen, mz_trace *t, const bool tracing, mz_solution *sol,
                         pledge_out *o)
{
    const uint8_t *c = g->c;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const unsigned side_turn = hand == 0 ? 3 : 1, other_turn = hand == 0 ? 1 : 3;
    const uint64_t run_limit = 8 * g->cells + 8;
    mz_idx cur = start;
    unsigned h = pref;
    int64_t counter = 0, steps = 0, forward = 0, turns = 0, runs = 0, max_turn = 0;
    uint64_t run = 0;
    mz_status s = MZ_OK;
    bool found = cur == g->exit, trapped = false;
    const bool want_path = sol->want_path && start == g->entrance;
    if (want_path)
        s = mz_solution_push(sol, cur);
    while (!found && s == MZ_OK) {
        const unsigned v = c[cur];
        const char *op;
        bool moved;
        steps++;
        if (counter == 0) {
            if (mz_bit_get(seen, cur)) {
                trapped = true;
                steps--;
                break;
            }
            mz_bit_set(seen, cur);
            run = 0;
            if (!(v & (1u << h))) {
                moved = true, op = "move";
            } else {
                h = (h + other_turn) & 3;
                counter = -1;
                turns++;
                runs++;
                moved = false, op = "turn";
            }
        } else {
            if (++run > run_limit) {
                trapped = true;
                steps--;
                break;
            }
            unsigned side = (h + side_turn) & 3;
            if (!(v & (1u << side))) {
                h = side;
                counter++;
                turns++;
                moved = true, op = "turn";
            } else if (!(v & (1u << h))) {
                moved = true, op = "move";
            } else {
                h = (h + other_turn) & 3;
                counter--;
                turns++;
                moved = false, op = "turn";
            }
        }
        if (moved) {
            mz_idx n = mz_dir_step(g, fast, delta, cur, h);
            if (n == MZ_NONE)
                return MZ_EINVAL; /* an open wall off the grid */
            cur = n;
            forward++;
        }
        int64_t mag = counter < 0 ? -counter : counter;
        if (mag > max_turn)
            max_turn = mag;
        if (tracing && mz_trace_emit(t, op, cur, (int)h, (uint64_t)forward))
            return MZ_EIO;
        if (moved && want_path)
            s = mz_solution_push(sol, cur);
        found = cur == g->exit;
    }
    o->found = found;
    o->trapped = trapped;
    o->steps = steps;
    o->forward = forward;
    o->turns = turns;
    o->runs = runs;
    o->max_turn = max_turn;
    return s;
}

static mz_status pledge_solve(const mz_grid *g, const mz_args *args, mz_trace *t,
                              mz_solution *sol)
{
    mz_idx start;
    mz_status s0 = mz_solve_begin_from(g, sol, args->v[P_FROM], &start);
    if (s0 != MZ_OK)
        return s0;
    uint64_t *seen = mz_bits_new(g->mem, g->cells);
    if (!seen)
        return MZ_ENOMEM;
    const unsigned hand = (unsigned)args->v[P_HAND], pref = (unsigned)args->v[P_HEADING] & 3;
    const bool fast = mz_grid_border_closed(g);
    pledge_out o;
    memset(&o, 0, sizeof o);
    mz_status s = t ? walk(g, fast, start, hand, pref, seen, t, true, sol, &o)
                    : walk(g, fast, start, hand, pref, seen, NULL, false, sol, &o);
    mz_mem_free(g->mem, seen);
    if (s != MZ_OK)
        return s;
    sol->found = o.found;
    sol->steps = o.steps;
    sol->forward = o.forward;
    sol->turns = o.turns;
    sol->path_steps = o.found ? o.forward : -1;
    mz_extra_bool(&sol->extra, "trapped", o.trapped);
    mz_extra_int(&sol->extra, "wall_runs", o.runs);
    mz_extra_int(&sol->extra, "max_turn", o.max_turn);
    return MZ_OK;
}

static const mz_param_def pledge_params[] = {
    {"from", MZ_P_CELL, MZ_CELL_ENTRANCE, 0, 0, NULL, "the cell the walker starts from"},
    {"hand", MZ_P_ENUM, 0.0, 0, 0, "left|right", "which hand follows a wall"},
    {"heading", MZ_P_ENUM, 1.0, 0, 0, "north|east|south|west", "the preferred heading"},
};

static const char *const pledge_columns[] = {"trapped", "wall_runs", "max_turn", NULL};

static const mz_trace_op pledge_trace_ops[] = {
    {"move", "a step forward", MZ_DRAW_WALK},
    {"turn", "a turn; a turn that also moves records the cell it moves into", MZ_DRAW_WALK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_pledge = {
    .name = "pledge",
    .kind = MZ_SOLVER,
    .summary = "Pledge: wall follower with a turn counter, gets off islands to a border exit",
    .flags = MZ_F_PATH,
    .params = pledge_params,
    .nparams = 3,
    .columns = pledge_columns,
    MZ_FIGURES_pledge, /* data/shape-figures.csv */
    .solve = pledge_solve,
    .trace_ops = pledge_trace_ops,
    .trace_size = "forward moves so far",
};
