/* test_api_null.c - NULL arguments across the whole public API, from one
 * table: a row for every function the public headers (src/mazebench*.h)
 * declare. A row is a call with one required pointer argument NULL and
 * what the call must give then: MZ_EINVAL for a function that returns a
 * status, its documented failure value (NULL, 0, MZ_NONE, ...) for one
 * that returns something else, nothing at all for a function that returns
 * nothing (a *_free of NULL is a no-op). A function with no pointer
 * argument has a row that says so (NONE). Each call runs in a child
 * process, so a crash names its row and the rows after it still run.
 *
 * test_every_function_has_a_row reads the public headers and fails naming
 * any function they declare that the table has no row for, and any row
 * whose function they no longer declare. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mazebench.h"
#include "mazebench_file.h"
#include "mazebench_render.h"
#include "mazebench_row.h"
#include "mazebench_bench.h"
#include "mazebench_plugin.h"
#include "mazebench_stats.h"

/* What the calls are handed for their other arguments: valid objects. */
static struct {
    mz_grid g, g2;
    mz_dims d;
    mz_spec spec;
    mz_stage st;
    mz_solution sol;
    mz_extra x;
    mz_pool *pool;
    mz_pool_stats ps;
    mz_summary sum;
    mz_welch_test w;
    mz_metrics m;
    mz_maze_stats ms;
    mz_powfit pf;
    mz_path_verdict pv;
    mz_idx cells[2];
    mz_idx *pathp;
    mz_args args;
    const mz_algo *gen, *solver;
    char buf[64];
    mz_rng rng;
    mz_file_opts fo;
    mz_file_info fi;
    mz_pic_opts po;
    mz_anim_opts ao;
    mz_pic_estimate pe;
    mz_cols cols;
    mz_row row;
    mz_bench bench;
    mz_timing tm;
    mz_stream_stats ss;
    mz_meter *meter;
    uint64_t u1, u2;
    double r1, r2, xs[3], ys[3];
    mz_shape sh;
    mz_rng_kind rk;
    mz_file_format ff;
    unsigned bits;
    bool sw;
} F;

static int put_nothing(void *user, const char *buf, size_t n)
{
    (void)user, (void)buf, (void)n;
    return 0;
}

static int write_nothing(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)user, (void)part, (void)data, (void)len;
    return 0;
}

/* The table. S: a status call, MZ_EINVAL expected. V: a call whose value
 * must equal the expected one. P: a call that must return NULL. N: a call
 * that returns nothing and must simply return. NONE: a function with no
 * pointer argument (or only optional ones, named in its row's comment);
 * its row says so. Each call names the argument that is NULL. */
#define CALLS(S, V, P, N, NONE)                                                                    \
    NONE(mz_status_str)                                                                            \
    NONE(mz_version)                                                                               \
    NONE(mz_abi_version)                                                                           \
    N(mz_rng_init, "r", mz_rng_init(NULL, MZ_RNG_MULBERRY32, 1))                                   \
    V(mz_rng_u32, "r", mz_rng_u32(NULL), 0)                                                        \
    V(mz_rng_unit, "r", mz_rng_unit(NULL), 0)                                                      \
    V(mz_rng_pick, "r", mz_rng_pick(NULL, 10), 0)                                                  \
    V(mz_rng_draws, "r", mz_rng_draws(NULL), 0)                                                    \
    NONE(mz_rng_name)                                                                              \
    S(mz_rng_parse, "name", mz_rng_parse(NULL, &F.rk))                                             \
    S(mz_rng_parse, "kind", mz_rng_parse("splitmix64", NULL))                                      \
    NONE(mz_pool_new)                                                                              \
    N(mz_pool_free, "p", mz_pool_free(NULL))                                                       \
    P(mz_pool_allocator, "p", mz_pool_allocator(NULL))                                             \
    N(mz_pool_mark, "p", mz_pool_mark(NULL))                                                       \
    N(mz_pool_get_stats, "p", mz_pool_get_stats(NULL, &F.ps))                                      \
    N(mz_pool_get_stats, "st", mz_pool_get_stats(F.pool, NULL))                                    \
    N(mz_pool_trim, "p", mz_pool_trim(NULL))                                                       \
    NONE(mz_grid_bytes)                                                                            \
    N(mz_grid_reset, "g", mz_grid_reset(NULL))                                                     \
    N(mz_grid_free, "g", mz_grid_free(NULL))                                                       \
    S(mz_grid_alloc_tiles, "g", mz_grid_alloc_tiles(NULL))                                         \
    S(mz_grid_copy, "dst", mz_grid_copy(NULL, &F.g))                                               \
    S(mz_grid_copy, "src", mz_grid_copy(&F.g2, NULL))                                              \
    NONE(mz_shape_name)                                                                            \
    S(mz_shape_parse, "name", mz_shape_parse(NULL, &F.sh))                                         \
    S(mz_shape_parse, "s", mz_shape_parse("hex", NULL))                                            \
    P(mz_shape_names, "buf", mz_shape_names(NULL, 10))                                             \
    NONE(mz_shape_syntax)                                                                          \
    P(mz_shape_syntaxes, "buf", mz_shape_syntaxes(NULL, 10))                                       \
    V(mz_shape_grids, "out (optional: counts)", mz_shape_grids(MZ_SHAPE_HEX, 1u, NULL, 0), 2)      \
    NONE(mz_shape_ports)                                                                           \
    NONE(mz_shape_max_degree)                                                                      \
    NONE(mz_shape_walls)                                                                           \
    S(mz_dims_parse, "s", mz_dims_parse(NULL, &F.d))                                               \
    S(mz_dims_parse, "g", mz_dims_parse("8x8", NULL))                                              \
    V(mz_dims_format, "g", mz_dims_format(NULL, F.buf, sizeof F.buf), 0)                           \
    V(mz_dims_format, "buf (optional: the length needed)", mz_dims_format(&F.d, NULL, 10), 3)      \
    V(mz_dims_cells, "g", mz_dims_cells(NULL), 0)                                                  \
    V(mz_dims_connected, "g", mz_dims_connected(NULL), false)                                      \
    V(mz_grid_dims, "g", mz_grid_dims(NULL).rows, 0)                                               \
    NONE(mz_dims_near)                                                                             \
    NONE(mz_dims_side)                                                                             \
    NONE(mz_shape_layered)                                                                         \
    S(mz_grid_init, "g", mz_grid_init(NULL, &F.d, NULL))                                           \
    S(mz_grid_init, "dims", mz_grid_init(&F.g2, NULL, NULL))                                       \
    S(mz_grid_resize, "g", mz_grid_resize(NULL, &F.d))                                             \
    S(mz_grid_resize, "dims", mz_grid_resize(&F.g2, NULL))                                         \
    V(mz_port_nbr, "g", mz_port_nbr(NULL, 0, 1), MZ_NONE)                                          \
    V(mz_port_back, "g", mz_port_back(NULL, 0, 1), 0)                                              \
    V(mz_port_can_open, "g", mz_port_can_open(NULL, 0, 1), false)                                  \
    N(mz_port_knock, "g", mz_port_knock(NULL, 0, 1))                                               \
    N(mz_port_close, "g", mz_port_close(NULL, 0, 1))                                               \
    V(mz_port_degree, "g", mz_port_degree(NULL, 0), 0)                                             \
    V(mz_port_across, "g", mz_port_across(NULL, 0, 1), -1)                                         \
    V(mz_shape_distance, "g", mz_shape_distance(NULL, 0, 1), 0)                                    \
    NONE(mz_polar_ring_cells)                                                                      \
    NONE(mz_polar_ring_first)                                                                      \
    N(mz_polar_locate, "ring (optional)", mz_polar_locate(9, NULL, &F.u2))                         \
    N(mz_polar_locate, "pos (optional)", mz_polar_locate(9, &F.u1, NULL))                          \
    N(mz_extra_init, "x", mz_extra_init(NULL))                                                     \
    N(mz_extra_int, "x", mz_extra_int(NULL, "a", 1))                                               \
    N(mz_extra_int, "name", mz_extra_int(&F.x, NULL, 1))                                           \
    N(mz_extra_real, "x", mz_extra_real(NULL, "a", 1.0))                                           \
    N(mz_extra_real, "name", mz_extra_real(&F.x, NULL, 1.0))                                       \
    N(mz_extra_bool, "x", mz_extra_bool(NULL, "a", true))                                          \
    N(mz_extra_bool, "name", mz_extra_bool(&F.x, NULL, true))                                      \
    N(mz_extra_text, "x", mz_extra_text(NULL, "a", "t"))                                           \
    N(mz_extra_text, "name", mz_extra_text(&F.x, NULL, "t"))                                       \
    N(mz_extra_text, "text", mz_extra_text(&F.x, "a", NULL))                                       \
    P(mz_extra_get, "x", mz_extra_get(NULL, "a"))                                                  \
    P(mz_extra_get, "name", mz_extra_get(&F.x, NULL))                                              \
    S(mz_metrics_compute, "g", mz_metrics_compute(NULL, 1, &F.m))                                  \
    S(mz_metrics_compute, "m", mz_metrics_compute(&F.g, 1, NULL))                                  \
    NONE(mz_cpu_count)                                                                             \
    V(mz_digest, "g", mz_digest(NULL), 0)                                                          \
    V(mz_route, "g", mz_route(NULL, 0, 1), -1)                                                     \
    S(mz_maze_stats_compute, "g", mz_maze_stats_compute(NULL, 0, &F.ms))                           \
    S(mz_maze_stats_compute, "s", mz_maze_stats_compute(&F.g, 0, NULL))                            \
    N(mz_summarise, "out", mz_summarise(F.xs, 3, NULL))                                            \
    V(mz_summarise, "x (n > 0: as n = 0)", (mz_summarise(NULL, 3, &F.sum), F.sum.n), 0)            \
    NONE(mz_t95)                                                                                   \
    NONE(mz_normal_cdf)                                                                            \
    NONE(mz_normal_quantile)                                                                       \
    NONE(mz_beta_inc)                                                                              \
    NONE(mz_t_cdf)                                                                                 \
    NONE(mz_t_p2)                                                                                  \
    NONE(mz_t_quantile)                                                                            \
    S(mz_welch, "a", mz_welch(NULL, &F.sum, &F.w))                                                 \
    S(mz_welch, "b", mz_welch(&F.sum, NULL, &F.w))                                                 \
    S(mz_welch, "w", mz_welch(&F.sum, &F.sum, NULL))                                               \
    S(mz_t_test_one, "s", mz_t_test_one(NULL, 0, 0, &F.r1, &F.r2))                                 \
    S(mz_t_test_one, "t", mz_t_test_one(&F.sum, 0, 0, NULL, &F.r2))                                \
    S(mz_t_test_one, "p", mz_t_test_one(&F.sum, 0, 0, &F.r1, NULL))                                \
    S(mz_powfit_compute, "x", mz_powfit_compute(NULL, F.ys, 3, &F.pf))                             \
    S(mz_powfit_compute, "y", mz_powfit_compute(F.xs, NULL, 3, &F.pf))                             \
    S(mz_powfit_compute, "out", mz_powfit_compute(F.xs, F.ys, 3, NULL))                            \
    N(mz_solution_init, "s", mz_solution_init(NULL, true, NULL))                                   \
    N(mz_solution_clear, "s", mz_solution_clear(NULL))                                             \
    N(mz_solution_free, "s", mz_solution_free(NULL))                                               \
    S(mz_solution_push, "s", mz_solution_push(NULL, 0))                                            \
    NONE(mz_path_fault_name)                                                                       \
    S(mz_path_check, "g", mz_path_check(NULL, F.cells, 2, &F.pv))                                  \
    S(mz_path_check, "cells", mz_path_check(&F.g, NULL, 2, &F.pv))                                 \
    S(mz_path_check, "v", mz_path_check(&F.g, F.cells, 2, NULL))                                   \
    V(mz_algo_bytes_per_cell, "a", mz_algo_bytes_per_cell(NULL, MZ_SHAPE_ORTHO), 0)                \
    V(mz_estimate_bytes, "algos", mz_estimate_bytes(NULL, 1, &F.d, 0), UINT64_MAX)                 \
    V(mz_estimate_bytes, "geo", mz_estimate_bytes(&F.gen, 1, NULL, 0), UINT64_MAX)                 \
    V(mz_trace_steps_bound, "algos", mz_trace_steps_bound(NULL, 1, &F.d), UINT64_MAX)              \
    V(mz_trace_steps_bound, "geo", mz_trace_steps_bound(&F.gen, 1, NULL), UINT64_MAX)              \
    P(mz_lib_find, "name", mz_find(MZ_GEN, NULL))                                                  \
    S(mz_registry_add, "a", mz_registry_add(NULL))                                                 \
    S(mz_algo_check, "a", mz_algo_check(NULL, F.buf, sizeof F.buf))                                \
    S(mz_text_check, "s", mz_text_check(NULL, F.buf, sizeof F.buf))                                \
    V(mz_registry_added, "n (optional)", mz_registry_added(NULL) != NULL, true)                    \
    NONE(mz_registry_drop_added)                                                                   \
    NONE(mz_registry_count)                                                                        \
    NONE(mz_registry_hash)                                                                         \
    S(mz_lib_spec_parse, "text", mz_spec_parse(NULL, &F.spec, F.buf, sizeof F.buf))                \
    S(mz_lib_spec_parse, "spec", mz_spec_parse("dfs", NULL, F.buf, sizeof F.buf))                  \
    S(mz_lib_solver_parse, "text", mz_solver_parse(NULL, &F.st, F.buf, sizeof F.buf))              \
    S(mz_lib_solver_parse, "st", mz_solver_parse("bfs", NULL, F.buf, sizeof F.buf))                \
    NONE(mz_abi_check) /* err is optional */                                                       \
    V(mz_stage_format, "st", mz_stage_format(NULL, F.buf, sizeof F.buf), 0)                        \
    V(mz_stage_format, "buf (optional: the length needed)", mz_stage_format(&F.st, NULL, 10), 3)   \
    V(mz_draws_estimate, "spec", mz_draws_estimate(NULL, &F.d), 0)                                 \
    V(mz_draws_estimate, "geo", mz_draws_estimate(&F.spec, NULL), 0)                               \
    V(mz_algo_draws, "a", mz_algo_draws(NULL, MZ_SHAPE_ORTHO, 100), 0)                             \
    S(mz_rng_resolve, "spec",                                                                      \
      mz_rng_resolve(NULL, &F.d, 1, MZ_RNG_AUTO, &F.sw, F.buf, sizeof F.buf))                      \
    S(mz_rng_resolve, "geo",                                                                       \
      mz_rng_resolve(&F.spec, NULL, 1, MZ_RNG_AUTO, &F.sw, F.buf, sizeof F.buf))                   \
    V(mz_spec_format, "spec", mz_spec_format(NULL, F.buf, sizeof F.buf), 0)                        \
    V(mz_spec_format, "buf (optional: the length needed)", mz_spec_format(&F.spec, NULL, 10), 3)   \
    S(mz_param_parse, "p", mz_param_parse(NULL, "1", &F.r1))                                       \
    S(mz_param_parse, "text", mz_param_parse(&F.solver->params[0], NULL, &F.r1))                   \
    S(mz_param_parse, "out", mz_param_parse(&F.solver->params[0], "1", NULL))                      \
    N(mz_args_default, "a", mz_args_default(NULL, &F.args))                                        \
    N(mz_args_default, "args", mz_args_default(F.gen, NULL))                                       \
    S(mz_generate, "spec", mz_generate(NULL, 1, &F.d, &F.g2, NULL))                                \
    S(mz_generate, "dims", mz_generate(&F.spec, 1, NULL, &F.g2, NULL))                             \
    S(mz_generate, "g", mz_generate(&F.spec, 1, &F.d, NULL, NULL))                                 \
    S(mz_eller_stream, "st",                                                                       \
      mz_eller_stream(4, 4, MZ_RNG_MULBERRY32, 1, NULL, NULL, NULL, NULL))                         \
    V(mz_cell_resolve, "g", mz_cell_resolve(NULL, 0), MZ_NONE)                                     \
    S(mz_cell_parse, "g", mz_cell_parse(NULL, "0", F.cells, F.buf, sizeof F.buf))                  \
    S(mz_cell_parse, "text", mz_cell_parse(&F.g, NULL, F.cells, F.buf, sizeof F.buf))              \
    S(mz_cell_parse, "cell", mz_cell_parse(&F.g, "0", NULL, F.buf, sizeof F.buf))                  \
    S(mz_solver_fits, "st", mz_solver_fits(NULL, &F.d, F.buf, sizeof F.buf))                       \
    S(mz_solver_fits, "dims", mz_solver_fits(&F.st, NULL, F.buf, sizeof F.buf))                    \
    S(mz_solve, "st", mz_solve(NULL, &F.g, NULL, &F.sol))                                          \
    S(mz_solve, "g", mz_solve(&F.st, NULL, NULL, &F.sol))                                          \
    S(mz_solve, "sol", mz_solve(&F.st, &F.g, NULL, NULL))                                          \
    NONE(mz_clock_ns)                                                                              \
    NONE(mz_thread_cpu_ns)                                                                         \
    S(mz_meter_open, "m", mz_meter_open(NULL, MZ_COUNTER_PERF, NULL, F.buf, sizeof F.buf))         \
    N(mz_meter_close, "m", mz_meter_close(NULL))                                                   \
    V(mz_meter_about, "m (optional: \"none\")", strcmp(mz_meter_about(NULL), "none"), 0)           \
    NONE(mz_callgrind_built)                                                                       \
    NONE(mz_under_valgrind)                                                                        \
    S(mz_bench_init, "b", mz_bench_init(NULL))                                                     \
    N(mz_bench_free, "b", mz_bench_free(NULL))                                                     \
    S(mz_bench_gen, "b", mz_bench_gen(NULL, &F.spec, 1, &F.d, NULL, 1, &F.tm))                     \
    S(mz_bench_gen, "spec", mz_bench_gen(&F.bench, NULL, 1, &F.d, NULL, 1, &F.tm))                 \
    S(mz_bench_gen, "dims", mz_bench_gen(&F.bench, &F.spec, 1, NULL, NULL, 1, &F.tm))              \
    S(mz_bench_gen, "t", mz_bench_gen(&F.bench, &F.spec, 1, &F.d, NULL, 1, NULL))                  \
    S(mz_bench_solve, "b", mz_bench_solve(NULL, &F.st, NULL, 1, &F.tm))                            \
    S(mz_bench_solve, "st", mz_bench_solve(&F.bench, NULL, NULL, 1, &F.tm))                        \
    S(mz_bench_solve, "t", mz_bench_solve(&F.bench, &F.st, NULL, 1, NULL))                         \
    S(mz_file_read, "text", mz_file_read(NULL, 10, NULL, &F.g2, &F.fi))                            \
    S(mz_file_read, "g", mz_file_read("x", 1, NULL, NULL, &F.fi))                                  \
    S(mz_file_write, "g", mz_file_write(NULL, MZ_FILE_MZB, NULL, put_nothing, NULL))               \
    S(mz_file_write, "put", mz_file_write(&F.g, MZ_FILE_MZB, NULL, NULL, NULL))                    \
    NONE(mz_file_format_name)                                                                      \
    S(mz_file_format_parse, "name", mz_file_format_parse(NULL, &F.ff))                             \
    S(mz_file_format_parse, "f", mz_file_format_parse("mzb", NULL))                                \
    S(mz_file_format_holds, "g", mz_file_format_holds(NULL, MZ_FILE_MZB, NULL))                    \
    NONE(mz_file_format_ext)                                                                       \
    S(mz_file_format_from_path, "path", mz_file_format_from_path(NULL, &F.ff))                     \
    S(mz_file_format_from_path, "f", mz_file_format_from_path("x.mzb", NULL))                      \
    NONE(mz_file_format_shapes)                                                                    \
    NONE(mz_file_format_lossless)                                                                  \
    V(mz_file_format_names, "buf (optional)", mz_file_format_names(NULL, 9, 0, "", "") > 0, true)  \
    P(mz_render_ascii, "g", mz_render_ascii(NULL, NULL, 0, 100))                                   \
    P(mz_render_ascii, "path (with path_len > 0)", mz_render_ascii(&F.g, NULL, 2, 100))            \
    P(mz_render_hedge_svg, "g", mz_render_hedge_svg(NULL, 0, 100))                                 \
    N(mz_pic_defaults, "o", mz_pic_defaults(NULL))                                                 \
    NONE(mz_pic_supported)                                                                         \
    NONE(mz_pic_package)                                                                           \
    S(mz_pic_overlays_parse, "list", mz_pic_overlays_parse(NULL, &F.bits, F.buf, sizeof F.buf))    \
    S(mz_pic_overlays_parse, "bits", mz_pic_overlays_parse("route", NULL, F.buf, sizeof F.buf))    \
    NONE(mz_pic_overlay_name)                                                                      \
    V(mz_pic_overlay_applies, "gen (optional)", mz_pic_overlay_applies(MZ_OV_ROUTE, NULL), true)   \
    S(mz_pic_size, "dims", mz_pic_size(NULL, &F.po, MZ_PIC_SVG, &F.u1, &F.u2))                     \
    S(mz_pic_size, "o", mz_pic_size(&F.d, NULL, MZ_PIC_SVG, &F.u1, &F.u2))                         \
    S(mz_pic_size, "width", mz_pic_size(&F.d, &F.po, MZ_PIC_SVG, NULL, &F.u2))                     \
    S(mz_pic_size, "height", mz_pic_size(&F.d, &F.po, MZ_PIC_SVG, &F.u1, NULL))                    \
    V(mz_pic_max_side, "o", mz_pic_max_side(NULL, MZ_PIC_SVG), 0)                                  \
    S(mz_pic_still_estimate, "geo", mz_pic_still_estimate(NULL, &F.po, MZ_PIC_SVG, &F.pe))         \
    S(mz_pic_still_estimate, "o", mz_pic_still_estimate(&F.d, NULL, MZ_PIC_SVG, &F.pe))            \
    S(mz_pic_still_estimate, "e", mz_pic_still_estimate(&F.d, &F.po, MZ_PIC_SVG, NULL))            \
    S(mz_anim_estimate, "geo", mz_anim_estimate(NULL, &F.po, MZ_PIC_GIF, 1, &F.pe))                \
    S(mz_anim_estimate, "o", mz_anim_estimate(&F.d, NULL, MZ_PIC_GIF, 1, &F.pe))                   \
    S(mz_anim_estimate, "e", mz_anim_estimate(&F.d, &F.po, MZ_PIC_GIF, 1, NULL))                   \
    NONE(mz_pic_overlays_for)                                                                      \
    S(mz_pic_render, "g", mz_pic_render(NULL, &F.po, MZ_PIC_SVG, write_nothing, NULL))             \
    S(mz_pic_render, "o", mz_pic_render(&F.g, NULL, MZ_PIC_SVG, write_nothing, NULL))              \
    S(mz_pic_render, "write", mz_pic_render(&F.g, &F.po, MZ_PIC_SVG, NULL, NULL))                  \
    S(mz_anim_render, "spec", mz_anim_render(NULL, 1, &F.d, NULL, &F.po, &F.ao, MZ_PIC_GIF,        \
                                             write_nothing, NULL, &F.u1))                          \
    S(mz_anim_render, "dims", mz_anim_render(&F.spec, 1, NULL, NULL, &F.po, &F.ao, MZ_PIC_GIF,     \
                                             write_nothing, NULL, &F.u1))                          \
    S(mz_anim_render, "o", mz_anim_render(&F.spec, 1, &F.d, NULL, NULL, &F.ao, MZ_PIC_GIF,         \
                                          write_nothing, NULL, &F.u1))                             \
    S(mz_anim_render, "write",                                                                     \
      mz_anim_render(&F.spec, 1, &F.d, NULL, &F.po, &F.ao, MZ_PIC_GIF, NULL, NULL, &F.u1))         \
    S(mz_anim_render, "frames", mz_anim_render(&F.spec, 1, &F.d, NULL, &F.po, &F.ao, MZ_PIC_GIF,   \
                                               write_nothing, NULL, NULL))                         \
    V(mz_anim_trace_bytes, "spec", mz_anim_trace_bytes(NULL, NULL, &F.d, &F.ao, &F.u1), UINT64_MAX) \
    V(mz_anim_trace_bytes, "geo", mz_anim_trace_bytes(&F.spec, NULL, NULL, &F.ao, &F.u1),          \
      UINT64_MAX)                                                                                  \
    V(mz_anim_trace_bytes, "a (optional: the defaults)",                                           \
      mz_anim_trace_bytes(&F.spec, NULL, &F.d, NULL, &F.u1) < UINT64_MAX, true)                    \
    N(mz_row_columns, "cols", mz_row_columns(NULL, true, false, false, NULL, 0))                   \
    V(mz_row_columns, "algos (with nalgos > 0: as 0)",                                             \
      (mz_row_columns(&F.cols, false, false, false, NULL, 3), F.cols.n > 0), true)                 \
    V(mz_shape_column_format, "buf (optional: the length needed)",                                 \
      mz_shape_column_format(MZ_SHAPE_HEX, 1, NULL, 10), 3)                                        \
    S(mz_shape_column_parse, "text", mz_shape_column_parse(NULL, &F.sh, &F.u1))                    \
    S(mz_shape_column_parse, "shape", mz_shape_column_parse("hex", NULL, &F.u1))                   \
    S(mz_shape_column_parse, "levels", mz_shape_column_parse("hex", &F.sh, NULL))                  \
    S(mz_row_dims, "g", mz_row_dims(MZ_SHAPE_ORTHO, 1, 4, 4, NULL))                                \
    V(mz_row_field, "row (an empty field)",                                                        \
      (mz_row_field(NULL, MZ_SHAPE_ORTHO, 1, "seed", F.buf, sizeof F.buf), F.buf[0]), 0)           \
    V(mz_row_field, "col (an empty field)",                                                        \
      (mz_row_field(&F.row, MZ_SHAPE_ORTHO, 1, NULL, F.buf, sizeof F.buf), F.buf[0]), 0)           \
    N(mz_row_field, "buf", mz_row_field(&F.row, MZ_SHAPE_ORTHO, 1, "seed", NULL, 10))              \
    V(mz_col_numeric, "col", mz_col_numeric(NULL), false)

enum kind { K_STATUS, K_VALUE, K_NULL, K_NOTHING, K_NONE };

typedef struct row {
    const char *fn;  /* the function */
    const char *arg; /* the argument that is NULL; NULL for a NONE row */
    enum kind kind;
    long long want;  /* K_VALUE: the value the call must give */
} row;

#define ROW_S(fn, arg, call) {#fn, arg, K_STATUS, MZ_EINVAL},
#define ROW_V(fn, arg, call, want) {#fn, arg, K_VALUE, (long long)(want)},
#define ROW_P(fn, arg, call) {#fn, arg, K_NULL, 0},
#define ROW_N(fn, arg, call) {#fn, arg, K_NOTHING, 0},
#define ROW_NONE(fn) {#fn, NULL, K_NONE, 0},
static const row rows[] = {CALLS(ROW_S, ROW_V, ROW_P, ROW_N, ROW_NONE)};
#define NROWS (sizeof rows / sizeof rows[0])

/* The value of row k's call (in the child). */
#define RUN_S(fn, arg, call) if (k == i++) return (long long)(call);
#define RUN_V(fn, arg, call, want) if (k == i++) return (long long)(call);
#define RUN_P(fn, arg, call) if (k == i++) return (call) != NULL;
#define RUN_N(fn, arg, call) if (k == i++) return (call), 0;
#define RUN_NONE(fn) i++;
static long long run(size_t k)
{
    size_t i = 0;
    CALLS(RUN_S, RUN_V, RUN_P, RUN_N, RUN_NONE)
    return LLONG_MIN;
}

static void fixture(void)
{
    char err[128];
    memset(&F, 0, sizeof F);
    F.d = *MZ_SQUARE(5, 5);
    assert_int_equal(mz_spec_parse("dfs", &F.spec, err, sizeof err), MZ_OK);
    assert_int_equal(mz_solver_parse("bfs", &F.st, err, sizeof err), MZ_OK);
    assert_int_equal(mz_grid_init(&F.g, &F.d, NULL), MZ_OK);
    assert_int_equal(mz_generate(&F.spec, 1, &F.d, &F.g, NULL), MZ_OK);
    mz_solution_init(&F.sol, true, NULL);
    mz_extra_init(&F.x);
    F.pool = mz_pool_new();
    assert_non_null(F.pool);
    F.sum = (mz_summary){3, 1.0, 0.5, 0.3, 0.2, 1.8};
    F.xs[0] = 1, F.xs[1] = 2, F.xs[2] = 4;
    F.ys[0] = 1, F.ys[1] = 4, F.ys[2] = 16;
    F.cells[0] = 0, F.cells[1] = 1;
    F.gen = mz_find(MZ_GEN, "dfs");
    F.solver = mz_find(MZ_SOLVER, "astar"); /* it has parameters (mz_param_parse) */
    assert_non_null(F.gen);
    assert_non_null(F.solver);
    assert_true(F.solver->nparams > 0);
    mz_pic_defaults(&F.po);
    assert_int_equal(mz_bench_init(&F.bench), MZ_OK);
    F.row.gen = "dfs";
    F.row.m = &F.m;
    F.row.gx = &F.x;
}

static void fixture_free(void)
{
    mz_bench_free(&F.bench);
    mz_pool_free(F.pool);
    mz_solution_free(&F.sol);
    mz_grid_free(&F.g);
    mz_grid_free(&F.g2);
}

static const char *kind_name(enum kind k)
{
    switch (k) {
    case K_STATUS: return "MZ_EINVAL";
    case K_VALUE: return "its failure value";
    case K_NULL: return "NULL";
    case K_NOTHING: return "to return";
    case K_NONE: return "nothing";
    }
    return "?";
}

/* Every row's call in a child of its own: exit 0 when the call gave what
 * the row expects, 3 when it gave something else; a crash is a signal (or
 * a sanitizer's exit). */
static void test_table(void **state)
{
    (void)state;
    fixture();
    unsigned failed = 0, calls = 0;
    for (size_t k = 0; k < NROWS; k++) {
        if (rows[k].kind == K_NONE)
            continue;
        calls++;
        fflush(stdout);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            /* cmocka's handlers would carry on with the test in the child */
            const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
            for (size_t j = 0; j < sizeof sigs / sizeof sigs[0]; j++)
                signal(sigs[j], SIG_DFL);
            long long got = run(k);
            bool ok;
            switch (rows[k].kind) {
            case K_STATUS: ok = got == MZ_EINVAL; break;
            case K_VALUE: ok = got == rows[k].want; break;
            case K_NULL: ok = got == 0; break;
            case K_NOTHING: ok = true; break;
            case K_NONE: ok = true; break;
            default: ok = false; break;
            }
            if (!ok)
                printf("  %s with %s NULL: expected %s, got %lld\n", rows[k].fn, rows[k].arg,
                       kind_name(rows[k].kind), got);
            fflush(stdout);
            _exit(ok ? 0 : 3);
        }
        int st = 0;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        if (WIFSIGNALED(st) || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            failed++;
            if (WIFSIGNALED(st))
                printf("  %s with %s NULL: crashed (signal %d)\n", rows[k].fn, rows[k].arg,
                       WTERMSIG(st));
            else if (WIFEXITED(st) && WEXITSTATUS(st) != 3)
                printf("  %s with %s NULL: the child exited %d (a sanitizer's report above)\n",
                       rows[k].fn, rows[k].arg, WEXITSTATUS(st));
        }
    }
    size_t fns = 0;
    for (size_t k = 0; k < NROWS; k++)
        if (k == 0 || strcmp(rows[k].fn, rows[k - 1].fn) != 0)
            fns++;
    printf("  the table: %zu functions, %u calls with a NULL argument, %u failed\n", fns, calls,
           failed);
    fixture_free();
    assert_int_equal(failed, 0);
}

/* ---- the functions the public headers declare ---- */

/* Text with comments, preprocessor lines and the extern "C" guards blanked
 * out (newlines kept). */
static void strip(char *t)
{
    for (char *p = t; *p; p++) {
        if (p[0] == '/' && p[1] == '*') {
            char *e = strstr(p + 2, "*/");
            char *end = e ? e + 2 : p + strlen(p);
            for (char *q = p; q < end; q++)
                if (*q != '\n')
                    *q = ' ';
            p = end - 1;
        } else if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                *p++ = ' ';
            p--;
        }
    }
    /* Preprocessor lines, with their continuations. */
    char *line = t;
    while (*line) {
        char *q = line;
        while (*q == ' ' || *q == '\t')
            q++;
        char *nl = strchr(line, '\n');
        if (*q == '#') {
            for (;;) {
                char *e = strchr(q, '\n');
                if (!e)
                    e = q + strlen(q);
                bool cont = e > q && e[-1] == '\\';
                for (char *r = q; r < e; r++)
                    *r = ' ';
                if (!cont || !*e)
                    break;
                q = e + 1;
                nl = strchr(q, '\n');
            }
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    /* extern "C" { ... } of C++: only under __cplusplus, now blanked. */
    for (char *p = t; (p = strstr(p, "extern \"C\"")) != NULL;) {
        char *b = strchr(p, '{');
        memset(p, ' ', (size_t)(b - p + 1));
    }
}

/* Every function name declared at file scope outside typedefs and static
 * inline definitions, into names[] (returns the count). A stray closing
 * brace of the extern "C" guard is taken as depth 0 again. */
static size_t declared(char *t, char names[][64], size_t max)
{
    size_t n = 0;
    int depth = 0;
    char *start = t;
    for (char *p = t;; p++) {
        char c = *p;
        if (c == '{' || c == ';' || c == '\0') {
            if (depth == 0) {
                char save = *p;
                *p = '\0';
                bool skip = strstr(start, "typedef") || strstr(start, "static");
                for (char *q = start; !skip && (q = strstr(q, "mz_")) != NULL; q++) {
                    if (q > start && (isalnum((unsigned char)q[-1]) || q[-1] == '_'))
                        continue;
                    char *e = q;
                    while (isalnum((unsigned char)*e) || *e == '_')
                        e++;
                    char *f = e;
                    while (isspace((unsigned char)*f))
                        f++;
                    if (*f == '(' && n < max && (size_t)(e - q) < 64) {
                        memcpy(names[n], q, (size_t)(e - q));
                        names[n][e - q] = '\0';
                        n++;
                        break;
                    }
                }
                *p = save;
            }
            if (c == '\0')
                break;
            if (c == '{')
                depth++;
            start = p + 1;
        } else if (c == '}') {
            if (depth > 0)
                depth--;
            start = p + 1;
        }
    }
    return n;
}

static void test_every_function_has_a_row(void **state)
{
    (void)state;
    static char names[1024][64];
    size_t n = 0;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/src", MZ_SOURCE_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *de;
    unsigned headers = 0;
    while ((de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        if (strncmp(de->d_name, "mazebench", 9) != 0 || len < 3 ||
            strcmp(de->d_name + len - 2, ".h") != 0)
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        static char text[1 << 20];
        size_t got = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[got] = '\0';
        strip(text);
        n += declared(text, names + n, 1024 - n);
        headers++;
    }
    closedir(d);
    assert_true(headers >= 4);
    assert_true(n >= 100); /* the scan found the declarations */
    unsigned missing = 0, stale = 0;
    for (size_t k = 0; k < n; k++) {
        bool has = false;
        for (size_t r = 0; r < NROWS && !has; r++)
            has = strcmp(rows[r].fn, names[k]) == 0;
        if (!has) {
            printf("  %s: declared in a public header, no row in the table of "
                   "tests/test_api_null.c\n", names[k]);
            missing++;
        }
    }
    for (size_t r = 0; r < NROWS; r++) {
        if (r > 0 && strcmp(rows[r].fn, rows[r - 1].fn) == 0)
            continue;
        bool has = false;
        for (size_t k = 0; k < n && !has; k++)
            has = strcmp(rows[r].fn, names[k]) == 0;
        if (!has) {
            printf("  %s: a row in the table, not declared in any public header\n", rows[r].fn);
            stale++;
        }
    }
    printf("  %zu functions declared in the public headers\n", n);
    assert_int_equal(missing, 0);
    assert_int_equal(stale, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_function_has_a_row),
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
