/*
 * scale.c - the measurements behind 'mazebench scale' (scale.h): one size
 * run in a forked child (its peak memory its own), the CSV row of its
 * figures, the charts drawn by gnuplot, and the check of a file to resume.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "scale.h"

#include "outside.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>


static void run_child(int fd, const mz_spec *spec, const mz_stage *solver, uint64_t seed,
                      const mz_dims *geo, unsigned reps)
{
    uint64_t r[MZT_SC_FIELDS] = {0};
    mz_bench b;
    mz_timing t;
    mz_status s = mz_bench_init(&b);
    if (s == MZ_OK)
        s = mz_bench_gen(&b, spec, seed, geo, NULL, reps, &t);
    if (s == MZ_OK) {
        r[MZT_SC_ROWS] = b.grid.rows;
        r[MZT_SC_COLS] = b.grid.cols;
        r[MZT_SC_CELLS] = b.grid.cells;
        r[MZT_SC_LEVELS] = b.grid.levels;
        r[MZT_SC_DIGEST] = mz_digest(&b.grid);
        r[MZT_SC_GEN_MIN] = t.min_ns;
        r[MZT_SC_GEN_MEDIAN] = t.median_ns;
        r[MZT_SC_GEN_MAX] = t.max_ns;
        r[MZT_SC_GEN_HEAP] = t.heap_peak;
        r[MZT_SC_RNG] = (uint64_t)b.grid.rng;
        r[MZT_SC_DRAWS] = b.grid.draws;
    }
    r[MZT_SC_OUTSIDE] = (sw_own_source(spec) ? 1u : 0u) |
                   (solver && mzx_is_outside(solver->algo) ? 2u : 0u);
    if (s == MZ_OK && solver) {
        s = mz_bench_solve(&b, solver, NULL, reps, &t);
        r[MZT_SC_SOLVE_MIN] = t.min_ns;
        r[MZT_SC_SOLVE_MEDIAN] = t.median_ns;
        r[MZT_SC_SOLVE_MAX] = t.max_ns;
        r[MZT_SC_SOLVE_HEAP] = t.heap_peak;
        r[MZT_SC_SOLVE_CLOSED] = (uint64_t)b.sol.closed;
    }
    r[MZT_SC_STATUS] = (uint64_t)s;
    mz_bench_free(&b);
    ssize_t w = write(fd, r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
}

/* Run one size in a child; fills r and the child's peak RSS in KiB. */
int mzt_scale_run(const mz_spec *spec, const mz_stage *solver, uint64_t seed, const mz_dims *geo,
                  unsigned reps, uint64_t r[MZT_SC_FIELDS], uint64_t *rss_kb, mzt_err *err)
{
    int fds[2];
    if (pipe(fds) != 0) {
        return mzt_fail(err, MZT_FAIL, NULL, 0, "cannot create a pipe: %s", strerror(errno));
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        return mzt_fail(err, MZT_FAIL, NULL, 0, "cannot fork: %s", strerror(e));
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(fds[1], spec, solver, seed, geo, reps);
    }
    close(fds[1]);
    const size_t want = sizeof(uint64_t) * MZT_SC_FIELDS;
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
            return mzt_fail(err, MZT_FAIL, NULL, 0, "wait for child: %s", strerror(errno));
        }
    }
    if (got != want || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
        char grid[128];
        mz_dims_format(geo, grid, sizeof grid);
        return mzt_fail(err, MZT_FAIL, NULL, 0, "the run at %s died (%s)", grid,
                        WIFSIGNALED(wstatus) ? strsignal(WTERMSIG(wstatus)) : "no result");
    }
    *rss_kb = (uint64_t)ru.ru_maxrss;
    return MZT_OK;
}

/* The charts of --out FILE: FILE's .png and .svg, drawn by gnuplot with
 * scripts/scale.gp. They are outputs like the CSV (committed with it, or
 * none of them): can they be drawn here? Otherwise why not, for a note. */
bool mzt_scale_chart_possible(const char *out, char *why, size_t len)
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
void mzt_scale_chart_base(const char *out, char *base, size_t len)
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
int mzt_scale_draw_chart(const mzo_out *csv, const mzo_out *png, const mzo_out *svg,
                         mzt_err *err)
{
    char in[4300], pf[4300], sf[4300];
    if (!reach(csv, in, sizeof in) || !reach(png, pf, sizeof pf) || !reach(svg, sf, sizeof sf)) {
        return mzt_fail(err, MZT_FAIL, NULL, 0,
                        "cannot draw the charts: their file names hold quote characters");
    }
    char cmd[14000];
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"infile='%s'; pngfile='%s'; svgfile='%s'\" scripts/scale.gp "
             "2>/dev/null",
             in, pf, sf);
    if (system(cmd) != 0) {
        return mzt_fail(err, MZT_FAIL, NULL, 0,
                        "gnuplot failed drawing the charts with scripts/scale.gp: nothing "
                        "written (--no-chart writes the CSV alone)");
    }
    return MZT_OK;
}

/* (max - min) / median in percent: how far apart the timed runs were. */
static double spread_pct(uint64_t min, uint64_t median, uint64_t max)
{
    return median ? 100.0 * (double)(max - min) / (double)median : 0.0;
}

/* One CSV row; -1 when a write fails. */
int mzt_scale_write_row(FILE *f, const char *gen_name, const char *solver_name, uint64_t seed,
                        unsigned reps, mz_shape shape, const uint64_t r[MZT_SC_FIELDS],
                        uint64_t rss_kb, bool solve)
{
    const uint64_t rows = r[MZT_SC_ROWS], cols = r[MZT_SC_COLS];
    const double cells = (double)r[MZT_SC_CELLS];
    char topo[48];
    mz_shape_column_format(shape, r[MZT_SC_LEVELS], topo, sizeof topo);
    mzo_csv_string(f, gen_name);
    fputc(',', f);
    mzo_csv_string(f, solver_name);
    /* One timed run has no spread: its field is empty, not 0. */
    char gspread[32] = "", sspread[32] = "";
    if (reps > 1) {
        snprintf(gspread, sizeof gspread, "%.1f",
                 spread_pct(r[MZT_SC_GEN_MIN], r[MZT_SC_GEN_MEDIAN], r[MZT_SC_GEN_MAX]));
        snprintf(sspread, sizeof sspread, "%.1f",
                 spread_pct(r[MZT_SC_SOLVE_MIN], r[MZT_SC_SOLVE_MEDIAN], r[MZT_SC_SOLVE_MAX]));
    }
    /* An outside program's heap is not mazebench's to count (its memory is
     * in peak_rss_kb: wait4 reports the largest resident set of the child
     * and of everything it waited for), nor its source and draws. */
    const bool own = r[MZT_SC_OUTSIDE] & 1u, solver_outside = r[MZT_SC_OUTSIDE] & 2u;
    const char *rng = own ? "" : mz_rng_name((mz_rng_kind)r[MZT_SC_RNG]);
    char gheap[32] = "", sheap[32] = "", draws[24] = "";
    if (!own) {
        snprintf(gheap, sizeof gheap, "%.3f", (double)r[MZT_SC_GEN_HEAP] / cells);
        snprintf(draws, sizeof draws, "%llu", (unsigned long long)r[MZT_SC_DRAWS]);
    }
    if (!solver_outside)
        snprintf(sheap, sizeof sheap, "%.3f", (double)r[MZT_SC_SOLVE_HEAP] / cells);
    if (fprintf(f, ",%llu,%s,%u,%s,%llu,%llu,%llu,%.3f,%.3f,%s,%s,", (unsigned long long)seed,
                rng ? rng : "", reps, topo, (unsigned long long)rows, (unsigned long long)cols,
                (unsigned long long)r[MZT_SC_CELLS], (double)r[MZT_SC_GEN_MEDIAN] / cells,
                (double)r[MZT_SC_GEN_MIN] / cells, gspread, gheap) < 0)
        return -1;
    if (solve && fprintf(f, "%.3f,%.3f,%s,%s,", (double)r[MZT_SC_SOLVE_MEDIAN] / cells,
                         (double)r[MZT_SC_SOLVE_MIN] / cells, sspread, sheap) < 0)
        return -1;
    if (solve && (int64_t)r[MZT_SC_SOLVE_CLOSED] >= 0 &&
        fprintf(f, "%lld", (long long)(int64_t)r[MZT_SC_SOLVE_CLOSED]) < 0)
        return -1;
    if (!solve && fputs(",,,,", f) == EOF)
        return -1;
    if (fprintf(f, ",%llu,%.3f,%016llx,%s\n", (unsigned long long)rss_kb,
                (double)rss_kb * 1024.0 / cells, (unsigned long long)r[MZT_SC_DIGEST], draws) < 0)
        return -1;
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

const char mzt_scale_header[] =
    "gen,solver,seed,rng,reps,topology,rows,cols,cells,gen_ns_per_cell,gen_min_ns_per_cell,"
    "gen_spread_pct,gen_heap_bytes_per_cell,solve_ns_per_cell,solve_min_ns_per_cell,"
    "solve_spread_pct,solve_heap_bytes_per_cell,solve_closed,peak_rss_kb,bytes_per_cell,"
    "digest,draws\n";

/* --resume: read path (FILE.partial or FILE) into f and check that it is
 * whole and was made by this command: a scale file of this build and
 * registry, its header, and row k the k-th size of this command's
 * doubling (gen, solver, seed, its source rng[k] (nrng sizes), reps, the
 * grid's topology and cells). *kept
 * gets its rows (a row cut short at the end, an interrupted write, is
 * dropped). MZT_OK; -1 when path does not exist; MZT_BAD or MZT_FAIL
 * after one line. */
int mzt_scale_resume_check(const char *path, sw_file *f, const char *gen, const char *solver,
                           uint64_t seed, const mz_rng_kind *rng, size_t nrng, bool own_rng,
                           unsigned reps, mz_shape shape, uint64_t max_cells, bool fixed,
                           size_t *kept, mzt_err *err)
{
    char msg[1024];
    int r = sw_file_read(path, f, msg, sizeof msg);
    if (r < 0)
        return -1;
    if (r != SW_OK)
        return mzt_fail(err, r == SW_BAD ? MZT_BAD : MZT_FAIL, NULL, 0, "cannot resume: %s", msg);
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
               hlen != strlen(mzt_scale_header) ||
               memcmp(f->text + f->header_at, mzt_scale_header, hlen) != 0) {
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
        int rc = mzt_fail(err, strcmp(why, "out of memory") == 0 ? MZT_FAIL : MZT_BAD, NULL, 0,
                          "cannot resume '%s': %s", path, why);
        sw_file_free(f);
        return rc;
    }
    *kept = f->nrows;
    return MZT_OK;
}

