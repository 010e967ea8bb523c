/*
 * wall.c - wall follower, left or right hand. Recipe: docs/algorithms.md, board 07.
 *
 *   1. Start at the entrance heading east (1).
 *   2. Each step until the exit: side = left turn for the left hand (right
 *      turn for the right), other = the opposite turn; count the step.
 *      Side wall open: turn to it (a turn) and move one cell (a forward
 *      move). Else the wall ahead open: move forward. Else turn to other in
 *      place (a turn).
 *   3. The walker is deterministic, so a (cell, heading) state it has been
 *      in before means it will never arrive (an island in a braided maze,
 *      an exit it cannot touch): it stops and says so. One bit a state,
 *      half a byte a cell, bounds the walk at 4 * cells steps.
 */
#include "../core/internal.h"
#include "../core/figures.h"

enum { P_HAND };

/* What a walk reports, the same for both walks. */
static void walk_result(mz_solution *sol, bool found, bool looped, int64_t steps, int64_t forward,
                        int64_t turns)
{
    sol->found = found;
    sol->steps = steps;
    sol->forward = forward;
    sol->turns = turns;
    sol->path_steps = found ? forward : -1;
    mz_extra_bool(&sol->extra, "looped", looped);
}

MZ_INLINE mz_status walk(const mz_grid *g, bool fast, unsigned hand, uint8_t *seen, mz_trace *t,
                         const bool tracing, mz_solution *sol)
{
    const uint8_t *c = g->c;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const unsigned side_turn = hand == 0 ? 3 : 1, other_turn = hand == 0 ? 1 : 3;
    mz_idx cur = g->entrance;
    unsigned h = MZ_E;
    int64_t steps = 0, forward = 0, turns = 0;
    mz_status s = MZ_OK;
    bool found = cur == g->exit, looped = false;
    if (sol->want_path)
        s = mz_solution_push(sol, cur);
    seen[cur >> 1] |= (uint8_t)(1u << ((cur & 1) * 4 + h));
    while (!found && s == MZ_OK) {
        unsigned side = (h + side_turn) & 3;
        steps++;
        const unsigned v = c[cur];
        if (!(v & (1u << side))) {
            h = side;
            turns++;
            cur = mz_dir_step(g, fast, delta, cur, h);
            forward++;
            if (tracing && mz_trace_emit(t, "turn", cur, (int)h, (uint64_t)forward))
                return MZ_EIO;
        } else if (!(v & (1u << h))) {
            cur = mz_dir_step(g, fast, delta, cur, h);
            forward++;
            if (tracing && mz_trace_emit(t, "move", cur, (int)h, (uint64_t)forward))
                return MZ_EIO;
        } else {
            h = (h + other_turn) & 3;
            turns++;
            if (tracing && mz_trace_emit(t, "turn", cur, (int)h, (uint64_t)forward))
                return MZ_EIO;
        }
        /* A turn-and-move also ends in a cell; both record that cell. */
        if (sol->want_path && sol->path[sol->path_len - 1] != cur)
            s = mz_solution_push(sol, cur);
        uint8_t bit = (uint8_t)(1u << ((cur & 1) * 4 + h));
        if (seen[cur >> 1] & bit) {
            looped = true;
            break;
        }
        seen[cur >> 1] |= bit;
        found = cur == g->exit;
    }
    walk_result(sol, found, looped, steps, forward, turns);
    return s;
}

/* The untraced walk without a path, on a grid whose open walls all lead
 * into it: each step is one lookup by (walls, heading) in two small tables
 * built for the hand, giving the new heading, whether it moved and turned,
 * and the index step, with no data-dependent branch (which way a walker
 * goes is as good as random to a branch predictor). Same steps, same
 * counts as walk(). */
static void walk_fast(const mz_grid *g, unsigned hand, uint8_t *seen, mz_solution *sol)
{
    const unsigned side_turn = hand == 0 ? 3 : 1, other_turn = hand == 0 ? 1 : 3;
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    uint8_t next[16 * 4];  /* new heading | moved << 2 | turned << 3 */
    int64_t jump[16 * 4];  /* index step */
    for (unsigned v = 0; v < 16; v++) {
        for (unsigned h = 0; h < 4; h++) {
            unsigned side = (h + side_turn) & 3, nh, moved, turned;
            if (!(v & (1u << side)))
                nh = side, moved = 1, turned = 1;
            else if (!(v & (1u << h)))
                nh = h, moved = 1, turned = 0;
            else
                nh = (h + other_turn) & 3, moved = 0, turned = 1;
            next[v * 4 + h] = (uint8_t)(nh | moved << 2 | turned << 3);
            jump[v * 4 + h] = moved ? delta[nh] : 0;
        }
    }
    const uint8_t *c = g->c;
    const mz_idx exit = g->exit;
    mz_idx cur = g->entrance;
    unsigned h = MZ_E;
    int64_t steps = 0, forward = 0, turns = 0;
    bool found = cur == exit, looped = false;
    seen[cur >> 1] |= (uint8_t)(1u << ((cur & 1) * 4 + h));
    while (!found) {
        const unsigned k = (c[cur] & MZ_WALLS) * 4 + h;
        const unsigned e = next[k];
        cur = (mz_idx)((int64_t)cur + jump[k]);
        h = e & 3;
        steps++;
        forward += (e >> 2) & 1;
        turns += e >> 3;
        uint8_t bit = (uint8_t)(1u << ((cur & 1) * 4 + h));
        if (MZ_UNLIKELY(seen[cur >> 1] & bit)) {
            looped = true;
            break;
        }
        seen[cur >> 1] |= bit;
        found = cur == exit;
    }
    walk_result(sol, found, looped, steps, forward, turns);
}

static mz_status wall_solve(const mz_grid *g, const mz_args *args, mz_trace *t, mz_solution *sol)
{
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    uint8_t *seen = mz_mem_calloc(g->mem, g->cells / 2 + 1, 1);
    if (!seen)
        return MZ_ENOMEM;
    unsigned hand = (unsigned)args->v[P_HAND];
    const bool fast = mz_grid_border_closed(g);
    mz_status s = MZ_OK;
    if (t)
        s = walk(g, fast, hand, seen, t, true, sol);
    else if (fast && !sol->want_path)
        walk_fast(g, hand, seen, sol);
    else
        s = walk(g, fast, hand, seen, NULL, false, sol);
    mz_mem_free(g->mem, seen);
    return s;
}

static const mz_param_def wall_params[] = {
    {"hand", MZ_P_ENUM, 0.0, 0, 0, "left|right", "which hand stays on the wall"},
};

static const char *const wall_columns[] = {"looped", NULL};

static const mz_trace_op wall_trace_ops[] = {
    {"move", "a step forward", MZ_DRAW_WALK},
    {"turn", "a turn; a turn that also moves records the cell it moves into", MZ_DRAW_WALK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_wall = {
    .name = "wall",
    .kind = MZ_SOLVER,
    .summary = "wall follower, left or right hand, stops on a repeated state (board 07)",
    .flags = MZ_F_PATH,
    .params = wall_params,
    .nparams = 1,
    .columns = wall_columns,
    MZ_FIGURES_wall, /* data/shape-figures.csv */
    .solve = wall_solve,
    .trace_ops = wall_trace_ops,
    .trace_size = "forward moves so far",
};
