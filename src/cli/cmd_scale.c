/*
 * cmd_scale.c - the scale command: how time and memory a cell grow with
 * the grid. Doubles the cell count from 10^3 up to --max-cells, one
 * near-square grid a size, and records per size the generator's and the
 * solver's time a cell, their heap a cell and the peak resident memory a
 * cell.
 *
 * The measuring is src/tools/scale.c: each size in a forked child (its
 * peak memory its own), timed by the library's engine (mz_bench_gen,
 * mz_bench_solve; docs/measurement.md). The resident figure is the whole
 * process (code, libc, the grid, every array, the pool's cached blocks), so
 * tiny sizes show the process's floor rather than the algorithm's bytes a
 * cell; the heap columns are the engine's exact figures.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "cli.h"
#include "../mazebench_bench.h"
#include "opts.h"
#include "sweep.h"
#include "tools/scale.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The progress line of one size, complete, to stderr. */
static void progress_line(const mz_dims *geo, const uint64_t r[MZT_SC_FIELDS], uint64_t rss_kb,
                          bool solve)
{
    const double cells = (double)r[MZT_SC_CELLS];
    char sol[64] = "", grid[128];
    mz_dims made = {geo->shape, r[MZT_SC_LEVELS],
                    geo->shape == MZ_SHAPE_POLAR ? geo->rows : r[MZT_SC_ROWS], r[MZT_SC_COLS]};
    mz_dims_format(&made, grid, sizeof grid);
    if (solve)
        snprintf(sol, sizeof sol, ", solve %.2f ns/cell", (double)r[MZT_SC_SOLVE_MEDIAN] / cells);
    fprintf(stderr, "scale: %s (%llu cells): gen %.2f ns/cell%s, %.2f bytes/cell\n", grid,
            (unsigned long long)r[MZT_SC_CELLS], (double)r[MZT_SC_GEN_MEDIAN] / cells, sol,
            (double)rss_kb * 1024.0 / cells);
}

static const char *gen_name_of(const mz_spec *spec)
{
    static char buf[512];
    mz_spec_format(spec, buf, sizeof buf);
    return buf;
}

static const char *solver_name_of(const mz_stage *st)
{
    static char buf[256];
    mz_stage_format(st, buf, sizeof buf);
    return buf;
}

int cmd_scale(int argc, char **argv)
{
    const char *gen = NULL, *solve = NULL, *out = NULL, *shape_text = NULL, *rng_text = NULL;
    mz_rng_kind want_rng = MZ_RNG_AUTO;
    uint64_t max_cells = 100000000, seed64 = 464, reps64 = 3;
    bool chart = true, force = false, resume = false;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_scale, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id < 0) { /* an operand, or an option of no row */
            mzc_error("scale: unexpected argument '%s' (see 'mazebench scale --help')", v);
            return MZC_USAGE;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--no-chart") == 0) {
            chart = false;
        } else if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--resume") == 0) {
            resume = true;
        } else if (strcmp(name, "--gen") == 0) {
            gen = v;
        } else if (strcmp(name, "--solve") == 0) {
            solve = v;
        } else if (strcmp(name, "--shape") == 0) {
            shape_text = v;
        } else if (strcmp(name, "--out") == 0) {
            if (!*v) {
                mzc_error("scale: empty --out (a file name, or '-' for stdout)");
                return MZC_USAGE;
            }
            out = v;
        } else if (strcmp(name, "--max-cells") == 0) {
            if (mzc_parse_u64("max-cells", v, 1000, MZ_MAX_CELLS, &max_cells) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &seed64) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--rng") == 0) {
            rng_text = v;
            if (mzc_parse_rng("scale", rng_text, &want_rng) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--reps") == 0) {
            if (mzc_parse_u64("reps", v, 1, MZ_MAX_REPS, &reps64) != 0)
                return MZC_USAGE;
        } else {
            mzc_error("scale: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (!gen) {
        mzc_error("scale: missing --gen SPEC (see 'mazebench scale --help')");
        return MZC_USAGE;
    }
    mz_spec spec;
    mz_stage solver;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t nalgos = 0;
    if (mzc_parse_recipe(gen, solve, &spec, &solver, algos, &nalgos) != 0)
        return MZC_USAGE;
    mz_shape shape = MZ_SHAPE_ORTHO;
    if (shape_text && mz_shape_parse(shape_text, &shape) != MZ_OK) {
        char names[128];
        mzc_error("scale: unknown shape '%s' (known: %s)", shape_text,
                  mz_shape_names(names, sizeof names));
        return MZC_USAGE;
    }
    {
        mz_dims probe = mz_dims_near(shape, 1000);
        if (mzc_check_runs_on(&spec, NULL, &probe) != 0 ||
            (solve && mzc_check_runs_on(NULL, &solver, &probe) != 0))
            return MZC_USAGE;
    }
    const unsigned reps = (unsigned)reps64;
    const bool fixed = (spec.stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    /* The source of every size, chosen before anything runs (a size that
     * mulberry32, asked for by name, cannot serve is refused now, exit 2).
     * The estimate grows with the cells, so under 'auto' the sizes switch
     * to splitmix64 from one size on: the note names that first one, and
     * each row's rng column its own. */
    mz_rng_kind size_rng[64];
    size_t nsizes = 0, note_size = SIZE_MAX;
    char rng_note[512] = "";
    for (uint64_t t = 1000; nsizes < sizeof size_rng / sizeof *size_rng;) {
        mz_dims geo = mz_dims_near(shape, t);
        mz_spec sp = spec;
        char note[512];
        if (mzc_resolve_rng_note("scale", want_rng, &sp, &geo, seed64, note, sizeof note) != 0)
            return MZC_USAGE; /* a refusal, exit 2 */
        if (note[0] && note_size == SIZE_MAX) {
            /* the first switch's note, printed when that size runs (after
             * its memory check) */
            note_size = nsizes;
            snprintf(rng_note, sizeof rng_note, "%s", note);
        }
        size_rng[nsizes++] = sp.rng;
        if (fixed || t >= max_cells)
            break;
        t = t * 2 > max_cells ? max_cells : t * 2;
    }

    /* Output: stdout by default (a run never lands on the reference
     * results by accident). A file is replaced atomically (written beside
     * it, renamed at the end), only with --force when it exists; a device
     * or a pipe is written in place (mzo_out_open). */
    const bool to_stdout = !out || strcmp(out, "-") == 0;
    mzo_out atomic;
    memset(&atomic, 0, sizeof atomic);
    char err[1024];
    FILE *f = stdout;
    /* FILE.partial holds the sizes of a run that stopped at a size: kept
     * until --force, so that it never sits stale beside a newer FILE. */
    char partial[4200] = "";
    if (resume && (to_stdout || force)) {
        mzc_error("scale: --resume needs --out FILE%s", force ? ", not --force" : ", not stdout");
        return MZC_USAGE;
    }
    bool have_partial = false;
    if (!to_stdout) {
        snprintf(partial, sizeof partial, "%s.partial", out);
        struct stat pst;
        have_partial = lstat(partial, &pst) == 0;
        if (!force && !resume && have_partial) {
            mzc_error("scale: '%s' holds the sizes of a run that stopped: give --resume to "
                      "carry it on, or --force to start afresh",
                      partial);
            return MZC_USAGE;
        }
    }
    /* --resume: the sizes already measured, in FILE.partial (or FILE),
     * checked to be whole and made by this command and this build. */
    sw_file old;
    memset(&old, 0, sizeof old);
    size_t kept = 0;
    bool have_old = false;
    if (resume) {
        const char *from = have_partial ? partial : out;
        mzt_err terr;
        int r = mzt_scale_resume_check(from, &old, gen_name_of(&spec),
                                       solve ? solver_name_of(&solver) : "", seed64, size_rng,
                                       nsizes, sw_own_source(&spec), (unsigned)reps64, shape,
                                       max_cells, fixed, &kept, &terr);
        if (r != MZT_OK && r != -1) {
            mzc_error("scale: %s", terr.msg);
            return r == MZT_BAD ? MZC_USAGE : MZC_FAIL;
        }
        have_old = r == MZT_OK;
        if (!have_old)
            fprintf(stderr, "mazebench: scale: note: '%s' does not exist: starting afresh\n", out);
    }
    /* The charts are outputs too (FILE's .png and .svg), opened now and
     * committed with FILE: all three, or none. */
    mzo_out png, svg;
    memset(&png, 0, sizeof png);
    memset(&svg, 0, sizeof svg);
    if (!to_stdout && chart) {
        char why[4600];
        if (!mzt_scale_chart_possible(out, why, sizeof why)) {
            mzc_error("scale: note: charts not drawn: %s", why);
            chart = false;
        }
    }
    if (!to_stdout) {
        int r = mzo_out_open(&atomic, out, (force || resume) ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r == SW_OK && !atomic.tmp && !atomic.unnamed)
            chart = false; /* a device or a pipe: no chart beside it */
        if (r == SW_OK && chart) {
            char base[4200], name[4300];
            mzt_scale_chart_base(out, base, sizeof base);
            snprintf(name, sizeof name, "%s.png", base);
            r = mzo_out_open(&png, name, (force || resume) ? MZO_OUT_FORCE : 0, err, sizeof err);
            snprintf(name, sizeof name, "%s.svg", base);
            if (r == SW_OK)
                r = mzo_out_open(&svg, name, (force || resume) ? MZO_OUT_FORCE : 0, err,
                                sizeof err);
        }
        if (r != SW_OK) {
            mzc_error("scale: %s", err);
            mzo_out_abort(&atomic);
            mzo_out_abort(&png);
            sw_file_free(&old);
            return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        }
        f = atomic.f;
    }
    char gen_name[512], solver_name[256] = "";
    mz_spec_format(&spec, gen_name, sizeof gen_name);
    if (solve)
        mz_stage_format(&solver, solver_name, sizeof solver_name);
    int rc = MZC_OK;
    bool write_failed = false;
    if (have_old) {
        /* The file so far: its provenance, a '# resumed:' line, its header
         * and the sizes kept. */
        char date[64];
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
        fwrite(old.text, 1, old.prov_end, f);
        fprintf(f, "# resumed: %s after %zu size%s, commit %s, command: mazebench", date, kept,
                kept == 1 ? "" : "s", sw_build_commit());
        for (int k = 0; k < argc; k++) {
            fputc(' ', f);
            for (const char *c = argv[k]; *c; c++)
                fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
        }
        fputc('\n', f);
        size_t keep = kept ? old.row_end[kept - 1] : old.rows_at;
        fwrite(old.text + old.header_at, 1, keep - old.header_at, f);
        if (fflush(f) != 0 || ferror(f))
            rc = MZC_FAIL;
        sw_file_free(&old);
    } else {
    if (sw_provenance_write(f, "scale", MZ_SHAPE_BIT(shape), argc, argv, 0) != 0)
        rc = MZC_FAIL;
    if (fprintf(f, "# timing: the library's engine, median and minimum of %u timed runs after "
                   "a warm-up (docs/measurement.md)\n",
                reps) < 0)
        rc = MZC_FAIL;
    /* Wall-clock times include time the process waits for a core: a busy
     * machine inflates them, the longer runs most. Say how busy it was. */
    double load[3];
    if (getloadavg(load, 3) == 3 &&
        fprintf(f, "# load: %.2f %.2f %.2f (1, 5, 15 min) on %ld online cores at the start\n",
                load[0], load[1], load[2], sysconf(_SC_NPROCESSORS_ONLN)) < 0)
        rc = MZC_FAIL;
    if (fixed && fprintf(f, "# note: '%s' makes a fixed-size maze whatever the size asked; "
                            "measured once, at its own size\n",
                         spec.stage[0].algo->name) < 0)
        rc = MZC_FAIL;
    if (fputs(mzt_scale_header, f) == EOF || fflush(f) != 0)
        rc = MZC_FAIL;
    }
    if (rc != MZC_OK) {
        mzc_error("scale: cannot write '%s': %s", to_stdout ? "stdout" : out, strerror(errno));
        write_failed = true;
    }
    /* From here on the sizes measured survive any end of the process: the
     * file is FILE.partial until the commit renames it. */
    if (rc == MZC_OK && (atomic.tmp || atomic.unnamed) &&
        mzo_out_publish(&atomic, partial, err, sizeof err) != SW_OK) {
        mzc_error("scale: %s", err);
        rc = MZC_FAIL;
        write_failed = true;
    }
    const bool progress = isatty(STDERR_FILENO);
    bool chart_failed = false;
    unsigned measured = 0;
    uint64_t target = 1000;
    /* A size that fails says why and what became of FILE on one line. */
    mzc_error_hold();
    while (rc == MZC_OK) {
        mz_dims geo = mz_dims_near(shape, target);
        char grid[128];
        if (measured < kept) { /* resumed: measured before */
            measured++;
            if (fixed || target >= max_cells)
                break;
            target = target * 2 > max_cells ? max_cells : target * 2;
            continue;
        }
        mz_dims_format(&geo, grid, sizeof grid);
        /* the chain and the solver share the engine's pool, which keeps
         * what each frees: their memory adds up */
        if (mzc_check_estimate(&geo, algos, nalgos, MZ_EST_POOL) != 0) { /* it names the size */
            rc = MZC_FAIL;
            break;
        }
        if (solve && mzc_check_cells(&solver, &geo) != 0) {
            rc = MZC_USAGE;
            break;
        }
        uint64_t r[MZT_SC_FIELDS];
        uint64_t rss_kb = 0;
        spec.rng = size_rng[measured < nsizes ? measured : nsizes - 1];
        if (measured == note_size)
            fputs(rng_note, stderr);
        mzt_err terr;
        if (mzt_scale_run(&spec, solve ? &solver : NULL, seed64, &geo, reps, r, &rss_kb, &terr) !=
            MZT_OK) {
            mzc_error("scale: %s", terr.msg);
            rc = MZC_FAIL;
            break;
        }
        if (r[MZT_SC_STATUS] != MZ_OK) {
            mzc_error("scale: %s failed: %s", grid, mz_status_str((mz_status)r[MZT_SC_STATUS]));
            rc = MZC_FAIL;
            break;
        }
        if (mzt_scale_write_row(f, gen_name, solver_name, seed64, reps,
                                fixed ? MZ_SHAPE_ORTHO : shape, r, rss_kb, solve != NULL) != 0) {
            mzc_error("scale: cannot write '%s': %s", to_stdout ? "stdout" : out, strerror(errno));
            rc = MZC_FAIL;
            write_failed = true;
            break;
        }
        measured++;
        if (progress)
            progress_line(&geo, r, rss_kb, solve != NULL);
        if (fixed || target >= max_cells)
            break;
        target = target * 2 > max_cells ? max_cells : target * 2;
    }
    if (to_stdout) {
        mzc_error_release(NULL);
        if (fflush(stdout) != 0 && !write_failed) {
            mzc_error("scale: cannot write to stdout: %s", strerror(errno));
            rc = MZC_FAIL;
        }
        return rc;
    }
    mzt_err cerr = {0};
    if (rc == MZC_OK && chart && atomic.path &&
        (fflush(atomic.f) != 0 || mzt_scale_draw_chart(&atomic, &png, &svg, &cerr) != MZT_OK)) {
        if (cerr.msg[0])
            mzc_error("scale: %s", cerr.msg);
        rc = MZC_FAIL; /* a chart that failed: none of the three */
        write_failed = chart_failed = true; /* and no partial: the CSV was whole */
    }
    mzo_out *charts[2] = {&png, &svg};
    if (rc != MZC_OK || write_failed)
        for (int k = 0; k < 2; k++)
            mzo_out_abort(charts[k]);
    if (rc != MZC_OK && !write_failed && measured && atomic.path) {
        /* A size that failed (memory, a dead child): FILE is committed only
         * by a whole run, but the rows measured before are valid and kept
         * beside it, in FILE.partial. */
        if (mzo_out_publish(&atomic, partial, err, sizeof err) == SW_OK) {
            char note[10240];
            snprintf(note, sizeof note, "'%s' left as it was, the %u size%s measured in '%s'",
                     out, measured, measured == 1 ? "" : "s", partial);
            if (!mzc_error_release(note))
                mzc_error("scale: %s", note);
        }
        mzo_out_abort(&atomic);
    } else if (write_failed || rc != MZC_OK) {
        const bool published = atomic.partial;
        mzo_out_abort(&atomic);
        if (published && (chart_failed || measured == 0))
            unlink(partial); /* nothing measured to keep, or the CSV was whole */
    } else {
        /* The CSV and its charts together (mzo_outs_commit); a partial of
         * an earlier run goes. */
        mzo_out *all[3] = {&atomic};
        size_t nall = 1;
        for (int k = 0; k < 2; k++)
            if (charts[k]->f)
                all[nall++] = charts[k];
        if (mzo_outs_commit(all, nall, err, sizeof err) != SW_OK) {
            mzc_error("scale: %s", err);
            rc = MZC_FAIL;
        }
        if (rc == MZC_OK)
            unlink(partial);
        mzo_out_abort(&atomic);
        for (int k = 0; k < 2; k++)
            mzo_out_abort(charts[k]);
        if (rc == MZC_OK && chart && isatty(STDERR_FILENO))
            fprintf(stderr, "scale: wrote %s and its .png and .svg charts\n", out);
    }
    mzc_error_release(NULL);
    return rc;
}
