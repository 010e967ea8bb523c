/*
 * tremaux.c - Tremaux's algorithm: a walker that marks the passages it
 * walks and never walks one a third time. docs/catalogue-solvers.md.
 *
 * Each passage (an open wall between two cells) carries 0, 1 or 2 marks;
 * every move through it adds one.
 *   1. Start at the entrance.
 *   2. In a cell reached through a passage that now has one mark, when the
 *      cell had been visited before (another of its passages is marked):
 *      turn round and walk back through the same passage.
 *   3. Otherwise take the open passage with the fewest marks, fewer than
 *      two; ties go to the lowest direction (0..3). None left: the walker
 *      is back at the entrance with every passage of its component marked
 *      twice, and the exit is unreachable.
 *   4. At the exit, the passages marked once form a walk from the entrance
 *      to the exit (the walker's depth-first stack): that is the route.
 * A depth-first walk, so the route is a route, not a shortest one (on a
 * braided maze it can be far longer): the entry is not flagged shortest.
 *
 * Reports: steps (moves), visited (distinct cells entered, the entrance
 * included), marks and marked_twice. marks counts chalk marks as a person
 * would draw them: one at each end of a move that lies in a junction
 * (three or more open sides), since corridors and dead ends need none;
 * marked_twice counts passages walked both ways.
 * Trace: one step a move, op `move` when the passage now has one mark and
 * `back` when it has two; cell = the cell reached, dir = the direction
 * moved, size = moves so far.
 *
 * Memory: one byte a cell, the two mark bits of each side, kept equal on
 * both sides of a passage. Complexity: at most two moves a passage.
 * Runs on every cell shape, one body for all (tremaux_solve_on): on other
 * shapes the walker goes through the ports (mz_port_nbr), ties go to the
 * lowest port, the way back is mz_port_back, a junction is a cell with
 * three or more open ports, and a step's dir is the port moved through. Up
 * to eight ports a cell, so the marks take two bytes a cell there.
 */
#include "ports.h"
#include "../core/figures.h"

/* A cell's marks, two bits a side: one byte a cell on square cells (four
 * sides), two bytes on the other shapes (up to eight ports). */
MZ_INLINE unsigned marks_get(const bool any, const void *m, mz_idx i)
{
    return any ? ((const uint16_t *)m)[i] : ((const uint8_t *)m)[i];
}

MZ_INLINE void marks_add(const bool any, void *m, mz_idx i, unsigned v)
{
    if (any)
        ((uint16_t *)m)[i] = (uint16_t)(((uint16_t *)m)[i] + v);
    else
        ((uint8_t *)m)[i] = (uint8_t)(((uint8_t *)m)[i] + v);
}

MZ_INLINE unsigned mark_of(const bool any, const void *m, mz_idx i, unsigned d)
{
    return (marks_get(any, m, i) >> (2 * d)) & 3u;
}

/* Open sides of i that lead to a cell of the grid (fast: the border is
 * closed, so every open side does). */
MZ_INLINE unsigned open_sides(const bool any, const mz_grid *g, bool fast, mz_idx i)
{
    unsigned open = mz_side_open(g, any, g->c[i]), out = open;
    if (!fast) {
        while (open) {
            unsigned d = (unsigned)__builtin_ctz(open);
            open &= open - 1;
            if ((any ? mz_port_nbr(g, i, d) : mz_sq_neighbour(g, i, d)) == MZ_NONE)
                out &= ~(1u << d);
        }
    }
    return out;
}

MZ_INLINE unsigned count_bits(unsigned x) { return (unsigned)__builtin_popcount(x); }

MZ_INLINE mz_status walk(const bool any, const mz_grid *g, bool fast, void *m, mz_trace *t,
                         const bool tracing, bool *found_out, uint64_t out[4])
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const unsigned sides = any ? mz_shape_ports(g->shape) : 4;
    mz_idx cur = g->entrance;
    int arr = -1; /* the side of cur the walker came in by */
    uint64_t steps = 0, marks = 0, twice = 0, visited = 1;
    bool found = cur == g->exit;
    unsigned open_cur = open_sides(any, g, fast, cur);
    while (!found) {
        unsigned d = sides;
        const unsigned here = marks_get(any, m, cur);
        if (arr >= 0 && ((here >> (2 * arr)) & 3u) == 1 &&
            (here & ~(3u << (2 * arr))) != 0) {
            d = (unsigned)arr; /* a new passage into an old cell: go back */
        } else {
            unsigned best = 2;
            for (unsigned k = 0; k < sides; k++) {
                if (!(open_cur & (1u << k)))
                    continue;
                unsigned mk = (here >> (2 * k)) & 3u;
                if (mk < best) {
                    best = mk;
                    d = k;
                }
            }
            if (d == sides)
                break; /* every passage walked twice */
        }
        mz_idx n = mz_side_step(g, any, fast, delta, cur, d);
        unsigned od = mz_side_back(g, any, cur, d);
        bool new_cell = marks_get(any, m, n) == 0;
        marks_add(any, m, cur, 1u << (2 * d));
        marks_add(any, m, n, 1u << (2 * od));
        unsigned after = mark_of(any, m, cur, d);
        twice += after == 2;
        steps++;
        visited += new_cell && n != g->entrance;
        unsigned open_n = open_sides(any, g, fast, n);
        marks += (count_bits(open_cur) >= 3) + (count_bits(open_n) >= 3);
        if (tracing && mz_trace_emit(t, after == 1 ? "move" : "back", n, (int)d, steps))
            return MZ_EIO;
        cur = n;
        arr = (int)od;
        open_cur = open_n;
        found = cur == g->exit;
    }
    *found_out = found;
    out[0] = steps;
    out[1] = visited;
    out[2] = marks;
    out[3] = twice;
    return MZ_OK;
}

/* Follow the passages marked once from the entrance to the exit. Out of
 * line: it runs once a solve, and the walk's loop compiles best alone. */
static mz_status route(const bool any, const mz_grid *g, bool fast, const void *m,
                       mz_solution *sol)
{
    int64_t delta[4];
    mz_dir_deltas(g, delta);
    const unsigned sides = any ? mz_shape_ports(g->shape) : 4;
    mz_status s = MZ_OK;
    mz_idx cur = g->entrance;
    int back = -1;
    int64_t steps = 0;
    if (sol->want_path)
        s = mz_solution_push(sol, cur);
    while (cur != g->exit && s == MZ_OK) {
        unsigned d = sides;
        for (unsigned k = 0; k < sides && d == sides; k++)
            if ((int)k != back && mark_of(any, m, cur, k) == 1)
                d = k;
        if (d == sides || (uint64_t)steps >= g->cells)
            return MZ_EINVAL; /* walls that disagree: no walk to follow */
        mz_idx n = mz_side_step(g, any, fast, delta, cur, d);
        back = (int)mz_side_back(g, any, cur, d);
        cur = n;
        steps++;
        if (sol->want_path)
            s = mz_solution_push(sol, cur);
    }
    sol->path_steps = steps;
    return s;
}

MZ_INLINE mz_status tremaux_solve_on(const bool any, const mz_grid *g, const mz_args *args,
                                     mz_trace *t, mz_solution *sol)
{
    (void)args;
    mz_status s0 = mz_solve_begin(g, sol);
    if (s0 != MZ_OK)
        return s0;
    void *m = mz_mem_calloc(g->mem, g->cells, any ? sizeof(uint16_t) : 1);
    if (!m)
        return MZ_ENOMEM;
    const bool fast = !any && mz_grid_border_closed(g);
    bool found = false;
    uint64_t out[4] = {0, 0, 0, 0};
    mz_status s = t ? walk(any, g, fast, m, t, true, &found, out)
                    : walk(any, g, fast, m, NULL, false, &found, out);
    if (s == MZ_OK && found)
        s = route(any, g, fast, m, sol);
    mz_mem_free(g->mem, m);
    if (s != MZ_OK)
        return s;
    sol->found = found;
    sol->steps = (int64_t)out[0];
    mz_extra_int(&sol->extra, "visited", (int64_t)out[1]);
    mz_extra_int(&sol->extra, "marks", (int64_t)out[2]);
    mz_extra_int(&sol->extra, "marked_twice", (int64_t)out[3]);
    return MZ_OK;
}

MZ_SOLVE_BY_SHAPE(tremaux)

static const char *const tremaux_columns[] = {"visited", "marks", "marked_twice", NULL};

static const mz_trace_op tremaux_trace_ops[] = {
    {"move", "a step through a passage, marking it", MZ_DRAW_WALK},
    {"back", "a step back through a passage marked before", MZ_DRAW_WALK},
    {NULL, NULL, MZ_DRAW_UNSET},
};

const mz_algo mz_algo_tremaux = {
    .name = "tremaux",
    .kind = MZ_SOLVER,
    .summary = "Tremaux's marking walker: each passage at most twice, route = passages marked once",
    .flags = MZ_F_PATH,
    .params = NULL,
    .nparams = 0,
    .columns = tremaux_columns,
    MZ_FIGURES_tremaux, /* data/shape-figures.csv */
    .solve = tremaux_solve,
    .trace_ops = tremaux_trace_ops,
    .trace_size = "steps so far",
    .shapes = MZ_SHAPES_ALL,
};
