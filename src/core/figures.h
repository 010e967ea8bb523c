/* figures.h - made by scripts/shape-figures.sh from data/shape-figures.csv:
 * edit the table and run the script, never this file. Each registry entry's
 * figures by shape, as designated initialisers of its mz_algo record
 * (MZ_FIGURES_NAME, NAME the entry with _ for -). Not part of the API. */
#ifndef MZ_CORE_FIGURES_H
#define MZ_CORE_FIGURES_H

#define MZ_FIGURES_dfs \
    .bytes_per_cell = {[MZ_SHAPE_HEX] = 1.125, [MZ_SHAPE_TRI] = 1.125, [MZ_SHAPE_POLAR] = 1.125, [MZ_SHAPE_CUBE] = 1.125, [MZ_SHAPE_WEAVE] = 1.125, [MZ_SHAPE_TORUS] = 1.125}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 2.5, [MZ_SHAPE_TRI] = 2.5, [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 2.5, [MZ_SHAPE_WEAVE] = 2.5, [MZ_SHAPE_TORUS] = 2.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {1, 0, 0, 0}, [MZ_SHAPE_HEX] = {1, 0, 0, 0}, [MZ_SHAPE_TRI] = {1, 0, 0, 0}, [MZ_SHAPE_POLAR] = {1, 0, 0, 0}, [MZ_SHAPE_CUBE] = {1, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {1, 0, 0, 0}, [MZ_SHAPE_TORUS] = {1, 0, 0, 0}}

#define MZ_FIGURES_frontier \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 6.125, [MZ_SHAPE_HEX] = 4.75, [MZ_SHAPE_TRI] = 3.375, [MZ_SHAPE_POLAR] = 1.875, [MZ_SHAPE_CUBE] = 7.75, [MZ_SHAPE_WEAVE] = 6.375, [MZ_SHAPE_TORUS] = 6.375}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25, [MZ_SHAPE_TORUS] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {2, 0, 0, 0}, [MZ_SHAPE_HEX] = {2, 0, 0, 0}, [MZ_SHAPE_TRI] = {2, 0, 0, 0}, [MZ_SHAPE_POLAR] = {2, 0, 0, 0}, [MZ_SHAPE_CUBE] = {2, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {2, 0, 0, 0}, [MZ_SHAPE_TORUS] = {2, 0, 0, 0}}

#define MZ_FIGURES_kruskal \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 16.5, [MZ_SHAPE_HEX] = 45, [MZ_SHAPE_TRI] = 28.875, [MZ_SHAPE_POLAR] = 33, [MZ_SHAPE_CUBE] = 41.75, [MZ_SHAPE_WEAVE] = 57.5, [MZ_SHAPE_TORUS] = 33}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 4, [MZ_SHAPE_TRI] = 2, [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 3.5, [MZ_SHAPE_WEAVE] = 5, [MZ_SHAPE_TORUS] = 2.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {2, 0, 0, 0}, [MZ_SHAPE_HEX] = {3, 0, 0, 0}, [MZ_SHAPE_TRI] = {1.5, 0, 0, 0}, [MZ_SHAPE_POLAR] = {2, 0, 0, 0}, [MZ_SHAPE_CUBE] = {2.75, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {4, 0, 0, 0}, [MZ_SHAPE_TORUS] = {2, 0, 0, 0}}

#define MZ_FIGURES_treasure \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.375}, \
    .bytes_fixed = {[MZ_SHAPE_ORTHO] = 98304}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 0.5, [MZ_SHAPE_HEX] = 0.5, [MZ_SHAPE_TRI] = 0.5, [MZ_SHAPE_POLAR] = 0.5, [MZ_SHAPE_CUBE] = 0.5, [MZ_SHAPE_WEAVE] = 0.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {7.12, -0.335, 0, 0}}

#define MZ_FIGURES_mainpath \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 17.625}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {[MZ_SHAPE_ORTHO] = 48}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {5, 0, 0, 0.62}}

#define MZ_FIGURES_pacman \
    .bytes_per_cell = {0}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 0.25, [MZ_SHAPE_HEX] = 0.25, [MZ_SHAPE_TRI] = 0.25, [MZ_SHAPE_POLAR] = 0.25, [MZ_SHAPE_CUBE] = 0.25, [MZ_SHAPE_WEAVE] = 0.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.0783, 0, 0, 0}}

#define MZ_FIGURES_wilson \
    .bytes_per_cell = {[MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_TORUS] = 1.25}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_HEX] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_TRI] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_POLAR] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_CUBE] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_WEAVE] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_TORUS] = MZ_TRACE_UNBOUNDED}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.02, 0.035, 0, 0}, [MZ_SHAPE_HEX] = {2.11, 0.371, 0, 0}, [MZ_SHAPE_TRI] = {6.45, 0.359, 0, 0}, [MZ_SHAPE_POLAR] = {0.35, 0.577, 0, 0}, [MZ_SHAPE_CUBE] = {3.33, 0.067, 0, 0}, [MZ_SHAPE_TORUS] = {0.4, 0.417, 0, 0}}

#define MZ_FIGURES_aldous_broder \
    .bytes_per_cell = {[MZ_SHAPE_HEX] = 0.25, [MZ_SHAPE_TRI] = 0.25, [MZ_SHAPE_POLAR] = 0.25, [MZ_SHAPE_CUBE] = 0.25, [MZ_SHAPE_TORUS] = 0.25}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_HEX] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_TRI] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_POLAR] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_CUBE] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_WEAVE] = MZ_TRACE_UNBOUNDED, [MZ_SHAPE_TORUS] = MZ_TRACE_UNBOUNDED}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {-0.565, 0.167, 0.00517, 0}, [MZ_SHAPE_HEX] = {12.18, 0, 0.1456, 0}, [MZ_SHAPE_TRI] = {-5.51, 0, 0.3136, 0}, [MZ_SHAPE_POLAR] = {5.05, 0, 0.1817, 0}, [MZ_SHAPE_CUBE] = {4.42, 0, 0.0936, 0}, [MZ_SHAPE_TORUS] = {2.15, 0, 0.15, 0}}

#define MZ_FIGURES_sidewinder \
    .bytes_per_cell = {0}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.53125, 0, 0, 0}, [MZ_SHAPE_POLAR] = {0.53, 0, 0, 0}}

#define MZ_FIGURES_binary_tree \
    .bytes_per_cell = {0}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.03125, 0, 0, 0}, [MZ_SHAPE_POLAR] = {0.03125, 0, 0, 0}}

#define MZ_FIGURES_hunt_and_kill \
    .bytes_per_cell = {[MZ_SHAPE_HEX] = 0.25, [MZ_SHAPE_TRI] = 0.25, [MZ_SHAPE_POLAR] = 0.25, [MZ_SHAPE_CUBE] = 0.25, [MZ_SHAPE_WEAVE] = 0.25, [MZ_SHAPE_TORUS] = 0.25}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25, [MZ_SHAPE_TORUS] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {1, 0, 0, 0}, [MZ_SHAPE_HEX] = {1, 0, 0, 0}, [MZ_SHAPE_TRI] = {1, 0, 0, 0}, [MZ_SHAPE_POLAR] = {1, 0, 0, 0}, [MZ_SHAPE_CUBE] = {1, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {1, 0, 0, 0}, [MZ_SHAPE_TORUS] = {1, 0, 0, 0}}

#define MZ_FIGURES_prim \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 9.625, [MZ_SHAPE_HEX] = 21.625, [MZ_SHAPE_TRI] = 5.875, [MZ_SHAPE_POLAR] = 9.75, [MZ_SHAPE_CUBE] = 22.375, [MZ_SHAPE_WEAVE] = 11.25, [MZ_SHAPE_TORUS] = 11.25}, \
    .bytes_fixed = {[MZ_SHAPE_ORTHO] = 1040384, [MZ_SHAPE_HEX] = 1298432, [MZ_SHAPE_TRI] = 745472, [MZ_SHAPE_POLAR] = 1064960, [MZ_SHAPE_CUBE] = 1355776, [MZ_SHAPE_WEAVE] = 1040384, [MZ_SHAPE_TORUS] = 1040384}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25, [MZ_SHAPE_TORUS] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {2, 0, 0, 0}, [MZ_SHAPE_HEX] = {3, 0, 0, 0}, [MZ_SHAPE_TRI] = {1.5, 0, 0, 0}, [MZ_SHAPE_POLAR] = {2, 0, 0, 0}, [MZ_SHAPE_CUBE] = {2.75, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {2.06, 0, 0, 0}, [MZ_SHAPE_TORUS] = {2, 0, 0, 0}}

#define MZ_FIGURES_growing_tree \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 2.75, [MZ_SHAPE_HEX] = 4, [MZ_SHAPE_TRI] = 2.25, [MZ_SHAPE_POLAR] = 5.125, [MZ_SHAPE_CUBE] = 6, [MZ_SHAPE_WEAVE] = 4.125, [MZ_SHAPE_TORUS] = 4.125}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 2.5, [MZ_SHAPE_TRI] = 2.5, [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 2.5, [MZ_SHAPE_WEAVE] = 2.5, [MZ_SHAPE_TORUS] = 2.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {4.5, 0, 0, 0}, [MZ_SHAPE_HEX] = {4.5, 0, 0, 0}, [MZ_SHAPE_TRI] = {4.5, 0, 0, 0}, [MZ_SHAPE_POLAR] = {4.5, 0, 0, 0}, [MZ_SHAPE_CUBE] = {4.5, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {4.5, 0, 0, 0}, [MZ_SHAPE_TORUS] = {4.5, 0, 0, 0}}

#define MZ_FIGURES_recursive_division \
    .bytes_per_cell = {0}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1, [MZ_SHAPE_HEX] = 1, [MZ_SHAPE_TRI] = 1, [MZ_SHAPE_POLAR] = 1, [MZ_SHAPE_CUBE] = 1, [MZ_SHAPE_WEAVE] = 1}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.92, 0, 0, 0}}

#define MZ_FIGURES_eller \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.125}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {[MZ_SHAPE_ORTHO] = 8}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.05, 0, 0, 0}}

#define MZ_FIGURES_braid \
    .bytes_per_cell = {0}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 0.5, [MZ_SHAPE_HEX] = 0.5, [MZ_SHAPE_TRI] = 0.5, [MZ_SHAPE_POLAR] = 0.5, [MZ_SHAPE_CUBE] = 0.5, [MZ_SHAPE_WEAVE] = 0.5, [MZ_SHAPE_TORUS] = 0.5}, \
    .draws_per_cell = {[MZ_SHAPE_ORTHO] = {0.2, 0, 0, 0}, [MZ_SHAPE_HEX] = {0.2, 0, 0, 0}, [MZ_SHAPE_TRI] = {0.2, 0, 0, 0}, [MZ_SHAPE_POLAR] = {0.2, 0, 0, 0}, [MZ_SHAPE_CUBE] = {0.17, 0, 0, 0}, [MZ_SHAPE_WEAVE] = {0.16, 0, 0, 0}, [MZ_SHAPE_TORUS] = {0.2, 0, 0, 0}}

#define MZ_FIGURES_bfs \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.375, [MZ_SHAPE_HEX] = 0.375, [MZ_SHAPE_TRI] = 0.375, [MZ_SHAPE_POLAR] = 0.375, [MZ_SHAPE_CUBE] = 0.375, [MZ_SHAPE_WEAVE] = 0.375, [MZ_SHAPE_TORUS] = 0.375}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5, [MZ_SHAPE_TORUS] = 1.5}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_wall \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.625}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 4, [MZ_SHAPE_HEX] = 4, [MZ_SHAPE_TRI] = 4, [MZ_SHAPE_POLAR] = 4, [MZ_SHAPE_CUBE] = 4, [MZ_SHAPE_WEAVE] = 4}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_valley \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 8.375, [MZ_SHAPE_HEX] = 8.375, [MZ_SHAPE_TRI] = 8.375, [MZ_SHAPE_POLAR] = 8.375, [MZ_SHAPE_CUBE] = 8.375, [MZ_SHAPE_WEAVE] = 8.375, [MZ_SHAPE_TORUS] = 8.375}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.25, [MZ_SHAPE_HEX] = 1.25, [MZ_SHAPE_TRI] = 1.25, [MZ_SHAPE_POLAR] = 1.25, [MZ_SHAPE_CUBE] = 1.25, [MZ_SHAPE_WEAVE] = 1.25, [MZ_SHAPE_TORUS] = 1.25}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_flood \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.25, [MZ_SHAPE_HEX] = 0.25, [MZ_SHAPE_TRI] = 0.25, [MZ_SHAPE_POLAR] = 0.25, [MZ_SHAPE_CUBE] = 0.25, [MZ_SHAPE_WEAVE] = 0.25, [MZ_SHAPE_TORUS] = 0.25}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 2.5, [MZ_SHAPE_TRI] = 2.5, [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 2.5, [MZ_SHAPE_WEAVE] = 2.5, [MZ_SHAPE_TORUS] = 2.5}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_astar \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 5, [MZ_SHAPE_HEX] = 4.875, [MZ_SHAPE_TRI] = 7.5, [MZ_SHAPE_POLAR] = 5, [MZ_SHAPE_CUBE] = 5.125, [MZ_SHAPE_WEAVE] = 4.875, [MZ_SHAPE_TORUS] = 5.125}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5, [MZ_SHAPE_TORUS] = 1.5}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_deadend_fill \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 1.125, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5, [MZ_SHAPE_TORUS] = 1.5}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5, [MZ_SHAPE_TORUS] = 1.5}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_tremaux \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 1.125, [MZ_SHAPE_HEX] = 2.125, [MZ_SHAPE_TRI] = 2.125, [MZ_SHAPE_POLAR] = 2.125, [MZ_SHAPE_CUBE] = 2.125, [MZ_SHAPE_WEAVE] = 2.125, [MZ_SHAPE_TORUS] = 2.125}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 4, [MZ_SHAPE_HEX] = 4, [MZ_SHAPE_TRI] = 4, [MZ_SHAPE_POLAR] = 4, [MZ_SHAPE_CUBE] = 4, [MZ_SHAPE_WEAVE] = 4, [MZ_SHAPE_TORUS] = 4}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_pledge \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.25}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 8, [MZ_SHAPE_HEX] = 8, [MZ_SHAPE_TRI] = 8, [MZ_SHAPE_POLAR] = 8, [MZ_SHAPE_CUBE] = 8, [MZ_SHAPE_WEAVE] = 8}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_bibfs \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.75, [MZ_SHAPE_HEX] = 0.75, [MZ_SHAPE_TRI] = 0.75, [MZ_SHAPE_POLAR] = 0.75, [MZ_SHAPE_CUBE] = 0.75, [MZ_SHAPE_WEAVE] = 0.75, [MZ_SHAPE_TORUS] = 0.75}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 1.5, [MZ_SHAPE_HEX] = 1.5, [MZ_SHAPE_TRI] = 1.5, [MZ_SHAPE_POLAR] = 1.5, [MZ_SHAPE_CUBE] = 1.5, [MZ_SHAPE_WEAVE] = 1.5, [MZ_SHAPE_TORUS] = 1.5}, \
    .draws_per_cell = {{0}}

#define MZ_FIGURES_collision \
    .bytes_per_cell = {[MZ_SHAPE_ORTHO] = 0.625, [MZ_SHAPE_HEX] = 0.625, [MZ_SHAPE_TRI] = 0.625, [MZ_SHAPE_POLAR] = 0.625, [MZ_SHAPE_CUBE] = 0.625, [MZ_SHAPE_WEAVE] = 0.625, [MZ_SHAPE_TORUS] = 0.625}, \
    .bytes_fixed = {0}, \
    .bytes_per_col = {0}, \
    .trace_steps_per_cell = {[MZ_SHAPE_ORTHO] = 2.5, [MZ_SHAPE_HEX] = 2.5, [MZ_SHAPE_TRI] = 2.5, [MZ_SHAPE_POLAR] = 2.5, [MZ_SHAPE_CUBE] = 2.5, [MZ_SHAPE_WEAVE] = 2.5, [MZ_SHAPE_TORUS] = 2.5}, \
    .draws_per_cell = {{0}}

#endif /* MZ_CORE_FIGURES_H */
