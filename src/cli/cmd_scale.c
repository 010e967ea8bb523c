/*
 * cmd_scale.c - the scale command: how time and memory a cell grow with
 * the grid. Doubles the cell count from 10^3 up to --max-cells, one
 * near-square grid a size, and records per size the generator's and the
 * solver's time a cell, their heap a cell and the peak resident memory a
 * cell.
 *
 * Timing is the library's engine (mz_bench_gen, mz_bench_solve; the
 * "Measurement" comment in mazebench.h and docs/measurement.md): this file
 * has no clock of its own around an algorithm.
 *
 * Each size runs in a forked child, so its peak memory is its own: the
 * parent reads the child's ru_maxrss from wait4, and the child sends its
 * figures back through a pipe as an array of 64-bit fields (no struct, so
 * no padding bytes cross the pipe). The resident figure is the whole
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
#include "outside.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What a child sends back: fixed 64-bit fields, in this order. */
enum {
    R_STATUS, /* mz_status */
    R_ROWS,
    R_COLS, /* the maze's real size */
    R_CELLS,
    R_LEVELS,
    R_DIGEST,
    R_GEN_MIN,
    R_GEN_MEDIAN,
    R_GEN_MAX,
    R_GEN_HEAP,
    R_SOLVE_MIN,
    R_SOLVE_MEDIAN,
    R_SOLVE_MAX,
    R_SOLVE_HEAP,
    R_SOLVE_CLOSED, /* cells the solver closed, as int64; -1 when not a search */
    R_RNG,          /* mz_rng_kind the generation drew from */
    R_DRAWS,        /* draws it took */
    R_OUTSIDE,      /* bit 0: every generator stage an outside program (its own
                     * source: rng and draws empty); bits 0 and 1: the
                     * generator's and the solver's heap is not theirs (empty) */
    R_FIELDS
};

static void run_child(int fd, const mz_spec *spec, const mz_stage *solver, uint64_t seed,
                      const mz_dims *geo, unsigned reps)
{
    uint64_t r[R_FIELDS] = {0};
    mz_bench b;
    mz_timing t;
    mz_status s = mz_bench_init(&b);
    if (s == MZ_OK)
        s = mz_bench_gen(&b, spec, seed, geo, NULL, reps, &t);
    if (s == MZ_OK) {
        r[R_ROWS] = b.grid.rows;
        r[R_COLS] = b.grid.cols;
        r[R_CELLS] = b.grid.cells;
        r[R_LEVELS] = b.grid.levels;
        r[R_DIGEST] = mz_digest(&b.grid);
        r[R_GEN_MIN] = t.min_ns;
        r[R_GEN_MEDIAN] = t.median_ns;
        r[R_GEN_MAX] = t.max_ns;
        r[R_GEN_HEAP] = t.heap_peak;
        r[R_RNG] = (uint64_t)b.grid.rng;
        r[R_DRAWS] = b.grid.draws;
    }
    r[R_OUTSIDE] = (sw_own_source(spec) ? 1u : 0u) |
                   (solver && mzx_is_outside(solver->algo) ? 2u : 0u);
    if (s == MZ_OK && solver) {
        s = mz_bench_solve(&b, solver, NULL, reps, &t);
        r[R_SOLVE_MIN] = t.min_ns;
        r[R_SOLVE_MEDIAN] = t.median_ns;
        r[R_SOLVE_MAX] = t.max_ns;
        r[R_SOLVE_HEAP] = t.heap_peak;
        r[R_SOLVE_CLOSED] = (uint64_t)b.sol.closed;
    }
    r[R_STATUS] = (uint64_t)s;
    mz_bench_free(&b);
    ssize_t w = write(fd, r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
}

/* Run one size in a child; fills r and the child's peak RSS in KiB. */
static int run_size(const mz_spec *spec, const mz_stage *solver, uint64_t seed,
                    const mz_dims *geo, unsigned reps, uint64_t r[R_FIELDS], uint64_t *rss_kb)
{
    int fds[2];
    if (pipe(fds) != 0) {
        mzc_error("scale: cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        mzc_error("scale: cannot fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(fds[1], spec, solver, seed, geo, reps);
    }
    close(fds[1]);
    const size_t want = sizeof(uint64_t) * R_FIELDS;
    size_t got = 0;
    while (got < want) {
        ssize_t n = read(fds[0], (char *)r + got, want - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fds[0]);
    int wstatus = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &wstatus, 0, &ru) < 0) {
        if (errno != EINTR) {
            mzc_error("scale: wait for child: %s", strerror(errno));
            return -1;
        }
    }
    if (got != want || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
        char grid[128];
        mz_dims_format(geo, grid, sizeof grid);
        mzc_error("scale: the run at %s died (%s)", grid,
                  WIFSIGNALED(wstatus) ? strsignal(WTERMSIG(wstatus)) : "no result");
        return -1;
    }
    *rss_kb = (uint64_t)ru.ru_maxrss;
    return 0;
}

/* The charts of --out FILE: FILE's .png and .svg, drawn by gnuplot with
 * scripts/scale.gp. They are outputs like the CSV (committed with it, or
 * none of them): can they be drawn here? Otherwise why not, for a note. */
static bool chart_possible(const char *out, char *why, size_t len)
{
    if (access("scripts/scale.gp", R_OK) != 0) {
        snprintf(why, len, "scripts/scale.gp is not under the working directory (from the source "
                 "tree: gnuplot -e \"infile='%s'; outbase='NAME'\" scripts/scale.gp)", out);
        return false;
    }
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        snprintf(why, len, "gnuplot not found");
        return false;
    }
    return true;
}

/* FILE without its .csv: the charts' base name. */
static void chart_base(const char *out, char *base, size_t len)
{
    size_t n = strlen(out);
    snprintf(base, len, "%s", out);
    if (n > 4 && n < len && strcmp(base + n - 4, ".csv") == 0)
        base[n - 4] = '\0';
}

/* A name gnuplot can open for the output o (an unnamed file through
 * /proc; a named temporary file by its name); false for neither. */
static bool reach(const mzo_out *o, char *buf, size_t len)
{
    if (o->unnamed)
        snprintf(buf, len, "/proc/%ld/fd/%d", (long)getpid(), fileno(o->f));
    else if (o->tmp)
        snprintf(buf, len, "%s", o->tmp);
    else
        return false;
    return !strchr(buf, '\'') && !strchr(buf, '"') && !strchr(buf, '\\') &&
           !strchr(buf, '`') && !strchr(buf, '$');
}

/* Draw the CSV (written, flushed) into the two chart files; 0, or -1
 * after one line. */
static int draw_chart(const mzo_out *csv, const mzo_out *png, const mzo_out *svg)
{
    char in[4300], pf[4300], sf[4300];
    if (!reach(csv, in, sizeof in) || !reach(png, pf, sizeof pf) || !reach(svg, sf, sizeof sf)) {
        mzc_error("scale: cannot draw the charts: their file names hold quote characters");
        return -1;
    }
    char cmd[14000];
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"infile='%s'; pngfile='%s'; svgfile='%s'\" scripts/scale.gp "
             "2>/dev/null",
             in, pf, sf);
    if (system(cmd) != 0) {
        mzc_error("scale: gnuplot failed drawing the charts with scripts/scale.gp: nothing "
                  "written (--no-chart writes the CSV alone)");
        return -1;
    }
    return 0;
}

/* (max - min) / median in percent: how far apart the timed runs were. */
static double spread_pct(uint64_t min, uint64_t median, uint64_t max)
{
    return median ? 100.0 * (double)(max - min) / (double)median : 0.0;
}

/* One CSV row; -1 when a write fails. */
static int write_row(FILE *f, const char *gen_name, const char *solver_name, uint64_t seed,
                     unsigned reps, mz_shape shape, const uint64_t r[R_FIELDS], uint64_t rss_kb,
                     bool solve)
{
    const uint64_t rows = r[R_ROWS], cols = r[R_COLS];
    const double cells = (double)r[R_CELLS];
    char topo[48];
    mz_shape_column_format(shape, r[R_LEVELS], topo, sizeof topo);
    mzo_csv_string(f, gen_name);
    fputc(',', f);
    mzo_csv_string(f, solver_name);
    /* One timed run has no spread: its field is empty, not 0. */
    char gspread[32] = "", sspread[32] = "";
    if (reps > 1) {
        snprintf(gspread, sizeof gspread, "%.1f",
                 spread_pct(r[R_GEN_MIN], r[R_GEN_MEDIAN], r[R_GEN_MAX]));
        snprintf(sspread, sizeof sspread, "%.1f",
                 spread_pct(r[R_SOLVE_MIN], r[R_SOLVE_MEDIAN], r[R_SOLVE_MAX]));
    }
    /* An outside program's heap is not mazebench's to count (its memory is
     * in peak_rss_kb: wait4 reports the largest resident set of the child
     * and of everything it waited for), nor its source and draws. */
    const bool own = r[R_OUTSIDE] & 1u, gout = own, sout = r[R_OUTSIDE] & 2u;
    const char *rng = own ? "" : mz_rng_name((mz_rng_kind)r[R_RNG]);
    char gheap[32] = "", sheap[32] = "", draws[24] = "";
    if (!gout)
        snprintf(gheap, sizeof gheap, "%.3f", (double)r[R_GEN_HEAP] / cells);
    if (!sout)
        snprintf(sheap, sizeof sheap, "%.3f", (double)r[R_SOLVE_HEAP] / cells);
    if (!own)
        snprintf(draws, sizeof draws, "%llu", (unsigned long long)r[R_DRAWS]);
    if (fprintf(f, ",%llu,%s,%u,%s,%llu,%llu,%llu,%.3f,%.3f,%s,%s,", (unsigned long long)seed,
                rng ? rng : "", reps, topo, (unsigned long long)rows, (unsigned long long)cols,
                (unsigned long long)r[R_CELLS], (double)r[R_GEN_MEDIAN] / cells,
                (double)r[R_GEN_MIN] / cells, gspread, gheap) < 0)
        return -1;
    if (solve && fprintf(f, "%.3f,%.3f,%s,%s,", (double)r[R_SOLVE_MEDIAN] / cells,
                         (double)r[R_SOLVE_MIN] / cells, sspread, sheap) < 0)
        return -1;
    if (solve && (int64_t)r[R_SOLVE_CLOSED] >= 0 &&
        fprintf(f, "%lld", (long long)(int64_t)r[R_SOLVE_CLOSED]) < 0)
        return -1;
    if (!solve && fputs(",,,,", f) == EOF)
        return -1;
    if (fprintf(f, ",%llu,%.3f,%016llx,%s\n", (unsigned long long)rss_kb,
                (double)rss_kb * 1024.0 / cells, (unsigned long long)r[R_DIGEST], draws) < 0)
        return -1;
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

/* The progress line of one size, complete, to stderr. */
static void progress_line(const mz_dims *geo, const uint64_t r[R_FIELDS], uint64_t rss_kb,
                          bool solve)
{
    const double cells = (double)r[R_CELLS];
    char sol[64] = "", grid[128];
    mz_dims made = {geo->shape, r[R_LEVELS], geo->shape == MZ_SHAPE_POLAR ? geo->rows : r[R_ROWS],
                    r[R_COLS]};
    mz_dims_format(&made, grid, sizeof grid);
    if (solve)
        snprintf(sol, sizeof sol, ", solve %.2f ns/cell", (double)r[R_SOLVE_MEDIAN] / cells);
    fprintf(stderr, "scale: %s (%llu cells): gen %.2f ns/cell%s, %.2f bytes/cell\n", grid,
            (unsigned long long)r[R_CELLS], (double)r[R_GEN_MEDIAN] / cells, sol,
            (double)rss_kb * 1024.0 / cells);
}

static const char scale_header[] =
    "gen,solver,seed,rng,reps,topology,rows,cols,cells,gen_ns_per_cell,gen_min_ns_per_cell,"
    "gen_spread_pct,gen_heap_bytes_per_cell,solve_ns_per_cell,solve_min_ns_per_cell,"
    "solve_spread_pct,solve_heap_bytes_per_cell,solve_closed,peak_rss_kb,bytes_per_cell,"
    "digest,draws\n";

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

/* --resume: read path (FILE.partial or FILE) into f and check that it is
 * whole and was made by this command: a scale file of this build and
 * registry, its header, and row k the k-th size of this command's
 * doubling (gen, solver, seed, its source rng[k] (nrng sizes), reps, the
 * grid's topology and cells). *kept
 * gets its rows (a row cut short at the end, an interrupted write, is
 * dropped). MZC_OK; -1 when path does not exist; MZC_USAGE or MZC_FAIL
 * after one line. */
static int resume_check(const char *path, sw_file *f, const char *gen, const char *solver,
                        uint64_t seed, const mz_rng_kind *rng, size_t nrng, bool own_rng,
                        unsigned reps,
                        mz_shape shape, uint64_t max_cells, bool fixed, size_t *kept)
{
    char err[1024];
    int r = sw_file_read(path, f, err, sizeof err);
    if (r < 0)
        return -1;
    if (r != SW_OK) {
        mzc_error("scale: cannot resume: %s", err);
        return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
    }
    const char *why = NULL;
    char buf[1024];
    char *first = sw_file_lines(f, "# mazebench ");
    char *reg = sw_file_lines(f, "# registry: ");
    char mine[64];
    snprintf(mine, sizeof mine, "# registry: %016llx\n",
             (unsigned long long)mz_registry_hash(MZ_SHAPE_BIT(shape)));
    size_t hlen = f->header_at == SIZE_MAX ? 0 : f->rows_at - f->header_at;
    if (!first || !reg) {
        why = "out of memory";
    } else if (!strstr(first, " scale\n") || f->header_at == SIZE_MAX ||
               hlen != strlen(scale_header) ||
               memcmp(f->text + f->header_at, scale_header, hlen) != 0) {
        why = "it is not a file of 'mazebench scale' (its first line or its header)";
    } else if (strcmp(reg, mine) != 0) {
        why = "it was written with another registry (its '# registry:' line)";
    } else if (sw_check_build(f, buf, sizeof buf) != SW_OK) {
        why = buf;
    }
    free(first);
    free(reg);
    /* Row k: the k-th size of this command. */
    static const char *const col[] = {"gen",  "solver",   "seed", "rng",
                                      "reps", "topology", "cells"};
    size_t at[7];
    for (int c = 0; c < 7 && !why; c++)
        at[c] = sw_file_column(f, col[c]);
    uint64_t target = 1000;
    char row_why[1024];
    for (size_t k = 0; k < f->nrows && !why; k++) {
        mz_dims geo = mz_dims_near(shape, target);
        char want[7][96];
        snprintf(want[0], sizeof want[0], "%.95s", gen);
        snprintf(want[1], sizeof want[1], "%.95s", solver);
        snprintf(want[2], sizeof want[2], "%llu", (unsigned long long)seed);
        snprintf(want[3], sizeof want[3], "%s",
                 own_rng ? "" : mz_rng_name(rng[k < nrng ? k : nrng - 1]));
        snprintf(want[4], sizeof want[4], "%u", reps);
        mz_shape_column_format(shape, geo.levels, want[5], sizeof want[5]);
        snprintf(want[6], sizeof want[6], "%llu", (unsigned long long)mz_dims_cells(&geo));
        sw_csv_field fld[32];
        size_t n, off = k ? f->row_end[k - 1] : f->rows_at;
        sw_csv_read_row(f->text, f->len, &off, fld, 32, &n);
        /* a fixed-size generator's one row holds the size it makes */
        for (int c = 0; c < (fixed ? 5 : 7); c++) {
            if (n > at[c] && sw_csv_equals(&fld[at[c]], want[c]))
                continue;
            char have[96] = "";
            if (n > at[c])
                sw_csv_value(&fld[at[c]], have, sizeof have);
            /* the same shape, other cells: a size its --max-cells capped */
            snprintf(row_why, sizeof row_why, "its row %zu has %s '%s', this command's size %zu "
                     "wants '%s' (%s)",
                     k + 1, col[c], have, k + 1, want[c],
                     c == 6 ? "another --max-cells: a size capped by a smaller --max-cells is "
                              "not one of a larger one's"
                            : "another --gen, --solve, --seed, --rng, --reps or --shape");
            why = row_why;
            break;
        }
        if ((fixed || target >= max_cells) && k + 1 < f->nrows && !why) {
            snprintf(row_why, sizeof row_why, "it has %zu sizes, more than --max-cells %llu "
                     "gives", f->nrows, (unsigned long long)max_cells);
            why = row_why;
        }
        target = target * 2 > max_cells ? max_cells : target * 2;
    }
    size_t end = f->nrows ? f->row_end[f->nrows - 1] : f->rows_at;
    if (!why && end < f->len && memchr(f->text + end, '\n', f->len - end))
        why = "a line after its last row is not a row of its header: the file was edited or "
              "damaged";
    if (why) {
        mzc_error("scale: cannot resume '%s': %s", path, why);
        sw_file_free(f);
        return strcmp(why, "out of memory") == 0 ? MZC_FAIL : MZC_USAGE;
    }
    *kept = f->nrows;
    return MZC_OK;
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
        int r = resume_check(from, &old, gen_name_of(&spec), solve ? solver_name_of(&solver) : "",
                             seed64, size_rng, nsizes, sw_own_source(&spec), (unsigned)reps64,
                             shape, max_cells, fixed,
                             &kept);
        if (r != MZC_OK && r != -1)
            return r;
        have_old = r == MZC_OK;
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
        if (!chart_possible(out, why, sizeof why)) {
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
            chart_base(out, base, sizeof base);
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
    if (fputs(scale_header, f) == EOF || fflush(f) != 0)
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
        uint64_t r[R_FIELDS];
        uint64_t rss_kb = 0;
        spec.rng = size_rng[measured < nsizes ? measured : nsizes - 1];
        if (measured == note_size)
            fputs(rng_note, stderr);
        if (run_size(&spec, solve ? &solver : NULL, seed64, &geo, reps, r, &rss_kb) != 0) {
            rc = MZC_FAIL;
            break;
        }
        if (r[R_STATUS] != MZ_OK) {
            mzc_error("scale: %s failed: %s", grid, mz_status_str((mz_status)r[R_STATUS]));
            rc = MZC_FAIL;
            break;
        }
        if (write_row(f, gen_name, solver_name, seed64, reps, fixed ? MZ_SHAPE_ORTHO : shape, r,
                      rss_kb, solve != NULL) != 0) {
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
    if (rc == MZC_OK && chart && atomic.path &&
        (fflush(atomic.f) != 0 || draw_chart(&atomic, &png, &svg) != 0)) {
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
