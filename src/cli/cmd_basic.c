/* cmd_basic.c - the list, gen and solve commands (list's writers:
 * src/report/list_out.c). */
#include "cli.h"
#include "opts.h"
#include "../plugin/plugin.h"
#include "../mazebench_render.h"
#include "../mazebench_bench.h"
#include "../mazebench_plugin.h"
#include "out/out.h"
#include "sweep.h"
#include "outside/solver.h"
#include "report/list_out.h"
#include "tools/tools.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cmd_list(int argc, char **argv)
{
    const char *fmt = "text";
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_list, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id >= 0 && strcmp(a.cmd->opts[id].name, "--format") == 0) {
            if (strcmp(a.value, "text") != 0 && strcmp(a.value, "csv") != 0 &&
                strcmp(a.value, "json") != 0) {
                mzc_error("list: unknown format '%s' (valid: text, csv, json)", a.value);
                return MZC_USAGE;
            }
            fmt = a.value;
            continue;
        }
        mzc_error("list: unexpected argument '%s'", a.value);
        return MZC_USAGE;
    }
    mzr_list_write(stdout, fmt, mzp_plugin_of);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        mzc_error("list: cannot write output");
        return MZC_FAIL;
    }
    return MZC_OK;
}

enum format { FMT_CSV, FMT_JSON, FMT_ASCII };

/* Options shared by gen and solve. */
struct run_opts {
    const char *spec, *solver, *trace, *size, *seed_text, *fmt_text, *threads_text, *rng_text;
    const char *grid_opt; /* --grid, or its older name --size */
    const char *save, *save_format; /* gen --save FILE [--save-format F] */
    const char *save_path;          /* solve --save-path FILE */
    bool have_seed, force;
    uint64_t seed;
    mz_rng_kind rng;
    unsigned threads; /* 0: every online core */
    enum format fmt;
};

static int parse_run_opts(int argc, char **argv, bool solve, struct run_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rng = MZ_RNG_AUTO;
    mzc_args a;
    mzc_args_init(&a, solve ? &mzc_cmd_solve : &mzc_cmd_gen, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return 1;
        if (id == MZC_ARGS_ERROR)
            return -1;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench %s --help')", v, argv[0]);
            return -1;
        }
        if (id == MZC_ARGS_OPERAND) {
            const char **slot = solve ? &o->solver : &o->spec;
            if (*slot) {
                mzc_error("unexpected argument '%s'", v);
                return -1;
            }
            *slot = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            o->force = true;
        } else if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &o->seed) != 0)
                return -1;
            o->seed_text = v;
            o->have_seed = true;
        } else if (strcmp(name, "--rng") == 0) {
            if (mzc_parse_rng(argv[0], v, &o->rng) != 0)
                return -1;
            o->rng_text = v;
        } else if (strcmp(name, "--grid") == 0) {
            o->size = v;
            o->grid_opt = a.used;
        } else if (strcmp(name, "--trace") == 0) {
            o->trace = v;
        } else if (strcmp(name, "--threads") == 0) {
            uint64_t n;
            if (mzc_parse_u64("threads", v, 1, MZ_MAX_THREADS, &n) != 0)
                return -1;
            o->threads_text = v;
            o->threads = (unsigned)n;
        } else if (strcmp(name, "--format") == 0) {
            o->fmt_text = v;
            if (strcmp(v, "csv") == 0) o->fmt = FMT_CSV;
            else if (strcmp(v, "json") == 0) o->fmt = FMT_JSON;
            else if (strcmp(v, "ascii") == 0) o->fmt = FMT_ASCII;
            else {
                mzc_error("unknown format '%s' (valid: csv, json, ascii)", v);
                return -1;
            }
        } else if (strcmp(name, "--gen") == 0) {
            o->spec = v;
        } else if (strcmp(name, "--save-path") == 0) {
            o->save_path = v;
        } else if (strcmp(name, "--save") == 0) {
            o->save = v;
        } else if (strcmp(name, "--save-format") == 0) {
            o->save_format = v;
        } else { /* a row of the table this loop does not know */
            mzc_error("%s: option '%s' is not handled", argv[0], name);
            return -1;
        }
    }
    if (solve && !o->solver) {
        mzc_error("solve: missing SOLVER (see 'mazebench solve --help')");
        return -1;
    }
    if (!o->spec) {
        mzc_error("%s: missing %s (see 'mazebench %s --help')", argv[0], solve ? "--gen SPEC" : "SPEC", argv[0]);
        return -1;
    }
    if (!o->have_seed) {
        mzc_error("%s: missing --seed N", argv[0]);
        return -1;
    }
    if (!o->size) {
        mzc_error("%s: missing --grid GRID (or --size RxC)", argv[0]);
        return -1;
    }
    if (o->save_format && !o->save) {
        mzc_error("%s: --save-format without --save", argv[0]);
        return -1;
    }
    return 0;
}

/* The sink of a path file (--save-path). */
static int put_path(void *user, const char *buf, size_t n)
{
    return fwrite(buf, 1, n, user) == n ? 0 : 1;
}

static int run(int argc, char **argv, bool solve)
{
    struct run_opts o;
    int r = parse_run_opts(argc, argv, solve, &o);
    if (r != 0)
        return r > 0 ? MZC_OK : MZC_USAGE;

    mz_spec spec;
    mz_stage solver;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t nalgos = 0;
    if (mzc_parse_recipe(o.spec, solve ? o.solver : NULL, &spec, &solver, algos, &nalgos) != 0)
        return MZC_USAGE;
    mz_dims geo;
    if (mzc_parse_grid(o.size, &geo) != 0)
        return MZC_USAGE;
    mz_dims_cells(&geo);
    mz_file_format save_fmt = MZ_FILE_AUTO;
    if (o.save && mzc_save_format(argv[0], o.save, o.save_format, &save_fmt) != 0)
        return MZC_USAGE;
    if (o.save && !(mz_file_format_shapes(save_fmt) & MZ_SHAPE_BIT(geo.shape))) {
        char why[300];
        mzc_format_refusal(why, sizeof why, save_fmt, geo.shape);
        mzc_error("%s: --save: %s", argv[0], why);
        return MZC_USAGE;
    }
    if (mzc_check_runs_on(&spec, NULL, &geo) != 0 ||
        (solve && mzc_check_runs_on(NULL, &solver, &geo) != 0))
        return MZC_USAGE;
    /* A fixed-size generator's own size first (its source then follows from
     * the maze it makes, not the size asked for). */
    char rng_note[512];
    if (mzc_rng_seed_check(argv[0], o.rng, o.seed) != 0)
        return MZC_USAGE;
    spec.rng = mzc_rng_for_seed(o.rng, o.seed);
    if (geo.shape == MZ_SHAPE_ORTHO && mzc_fixed_size(&spec, o.seed, &geo.rows, &geo.cols) < 0)
        return MZC_FAIL;
    mz_dims_cells(&geo);
    if (mzc_resolve_rng_note(argv[0], o.rng, &spec, &geo, o.seed, rng_note, sizeof rng_note) != 0)
        return MZC_USAGE;
    if (solve && mzc_check_cells(&solver, &geo) != 0)
        return MZC_USAGE;
    if (mzc_check_estimate(&geo, algos, nalgos,
                           MZ_EST_FIGURES | (solve && (o.fmt == FMT_ASCII || o.save_path) ? MZ_EST_PATH : 0)) != 0)
        return MZC_FAIL;

    /* A trace file is written beside its name and renamed at the end; an
     * existing one is kept unless --force. */
    FILE *tf = NULL;
    mzo_out tout;
    memset(&tout, 0, sizeof tout);
    mz_trace trace = {mzc_trace_csv, NULL, 0};
    if (o.trace) {
        if (strcmp(o.trace, "-") == 0) {
            tf = stdout;
        } else {
            char err[1024];
            int r = mzo_out_open(&tout, o.trace, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
            if (r != SW_OK) {
                mzc_error("%s: trace: %s", argv[0], err);
                return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            }
            tf = tout.f;
        }
        trace.user = tf;
        fputs("step,op,cell,dir,size\n", tf);
    }
    /* The --save file the same way, opened before the maze is made. */
    mzo_out sout;
    memset(&sout, 0, sizeof sout);
    if (o.save) {
        char err[1024];
        int r = strcmp(o.save, "-") == 0 ? SW_BAD
                : mzo_out_open(&sout, o.save, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            if (strcmp(o.save, "-") == 0)
                snprintf(err, sizeof err, "'-': stdout carries the figures; give a file name");
            mzc_error("%s: --save: %s", argv[0], err);
            if (tout.f)
                mzo_out_abort(&tout);
            return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        }
    }

    /* The --save-path file likewise. */
    mzo_out pout;
    memset(&pout, 0, sizeof pout);
    if (o.save_path) {
        char err[1024];
        int r = strcmp(o.save_path, "-") == 0
                    ? SW_BAD
                    : mzo_out_open(&pout, o.save_path, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            if (strcmp(o.save_path, "-") == 0)
                snprintf(err, sizeof err, "'-': stdout carries the figures; give a file name");
            mzc_error("%s: --save-path: %s", argv[0], err);
            if (tout.f)
                mzo_out_abort(&tout);
            if (sout.f)
                mzo_out_abort(&sout);
            return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        }
    }

    fputs(rng_note, stderr);
    int rc = MZC_OK;
    mz_grid g = {0};
    mz_extra gx = {0};
    mz_metrics m;
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    sol.want_path = solve && (o.fmt == FMT_ASCII || o.save_path);
    mz_status s = mz_generate(&spec, o.seed, &geo, &g,
                              MZ_GEN_OPTS(o.threads, (tf && !solve) ? &trace : NULL, &gx));
    if (s == MZ_OK)
        s = mzt_figures_and_solve(&g, o.threads, &m, solve ? &solver : NULL, tf ? &trace : NULL,
                                  &sol);
    if (tout.f && s == MZ_OK && (fflush(tout.f) != 0 || ferror(tout.f)))
        s = MZ_EIO;
    if (s != MZ_OK) {
        if (s == MZ_EIO && tout.f)
            mzc_error("%s: trace: cannot write '%s': %s", argv[0], o.trace, strerror(errno));
        else if (s == MZ_EOUTSIDE)
            mzc_error("%s failed: %s", solve ? "solve" : "gen",
                      mzc_outside_why(solve ? solver.algo : NULL));
        else
            mzc_error("%s failed: %s", solve ? "solve" : "gen", mz_status_str(s));
        rc = MZC_FAIL;
    } else {
        char gen_name[512], solver_name[256];
        mz_spec_format(&spec, gen_name, sizeof gen_name);
        if (solve)
            mz_stage_format(&solver, solver_name, sizeof solver_name);
        mz_row row = {gen_name, o.seed, g.rows, g.cols, 0, &m, &gx,
                       solve ? solver_name : NULL, solve ? &sol : NULL, false, 0, 0, 0, spec.rng};
        mz_cols colset;
        mz_row_columns(&colset, solve, false, false, algos, nalgos);
        mz_dims made = mz_grid_dims(&g);
        if (o.fmt == FMT_ASCII) {
            char *art = g.shape == MZ_SHAPE_ORTHO
                            ? mz_render_ascii(&g, sol.path, sol.path_len, UINT64_C(1) << 20)
                            : NULL;
            if (g.shape != MZ_SHAPE_ORTHO) {
                fprintf(stderr, "mazebench: note: a %s maze is not drawn as ASCII ('mazebench "
                        "render' draws every shape); its figures follow\n", mz_shape_name(g.shape));
            } else if (art) {
                fputs(art, stdout);
                free(art);
            } else {
                fprintf(stdout, "(maze of %llu cells not drawn: larger than 2^20 cells)\n",
                        (unsigned long long)g.cells);
            }
            char buf[512];
            for (unsigned k = 0; k < colset.n; k++) {
                mz_row_field(&row, made.shape, made.levels, colset.name[k], buf, sizeof buf);
                if (buf[0])
                    printf("%s: %s\n", colset.name[k], buf);
            }
        } else if (o.fmt == FMT_JSON) {
            mzo_json_row(stdout, &colset, &row, &made);
        } else {
            mzo_csv_header(stdout, &colset);
            mzo_csv_row(stdout, &colset, &row, &made);
        }
        if (fflush(stdout) != 0 || ferror(stdout)) {
            mzc_error("%s: cannot write to stdout: %s", argv[0], strerror(errno));
            rc = MZC_FAIL;
        }
    }
    if (pout.f) {
        char err[1024];
        if (rc == MZC_OK && (mzx_path_write(&g, sol.path, sol.path_len, MZX_PATH_RC, put_path,
                                            pout.f) != MZ_OK ||
                             fflush(pout.f) != 0 || ferror(pout.f))) {
            mzc_error("%s: --save-path: cannot write '%s': %s", argv[0], o.save_path,
                      strerror(errno));
            rc = MZC_FAIL;
        }
        if (rc != MZC_OK)
            mzo_out_abort(&pout);
        else if (mzo_out_commit(&pout, err, sizeof err) != SW_OK) {
            mzc_error("%s: --save-path: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    if (sout.f) {
        char err[1024];
        if (rc == MZC_OK)
            rc = mzc_save_maze(argv[0], sout.f, o.save, save_fmt, &g);
        if (rc != MZC_OK)
            mzo_out_abort(&sout);
        else if (mzo_out_commit(&sout, err, sizeof err) != SW_OK) {
            mzc_error("%s: --save: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    /* The trace file is committed only when the whole command succeeded. */
    if (tout.f) {
        char err[1024];
        if (rc != MZC_OK)
            mzo_out_abort(&tout);
        else if (mzo_out_commit(&tout, err, sizeof err) != SW_OK) {
            mzc_error("%s: trace: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    mz_solution_free(&sol);
    mz_grid_free(&g);
    return rc;
}

int cmd_gen(int argc, char **argv) { return run(argc, argv, false); }
int cmd_solve(int argc, char **argv) { return run(argc, argv, true); }
