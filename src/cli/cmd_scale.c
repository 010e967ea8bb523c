/*
 * cmd_scale.c - the scale command: how time and memory a cell grow with
 * the grid. Doubles the cell count from 10^3 up to --max-cells, one
 * near-square grid a size, and records per size the generator's and the
 * solver's time a cell and the peak resident memory a cell.
 *
 * Each size runs in a forked child, so its peak memory is its own: the
 * parent reads the child's ru_maxrss from wait4, and the child sends its
 * timings and the maze's digest back through a pipe. That figure is the
 * whole process (code, libc, the grid, every array), so tiny sizes show
 * the process's floor rather than the algorithm's bytes a cell.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static const char scale_help[] =
    "usage: mazebench scale --gen SPEC [--solve SOLVER] [--max-cells N] [--seed N]\n"
    "                       [--out FILE] [--no-chart]\n\n"
    "Double the grid from 1000 cells up to N (default 100000000), near-square\n"
    "sizes of at most that many cells (10^8 is 10000x10000); for each size run\n"
    "the generator (and the solver) once in a child process and write one CSV row:\n"
    "rows, cols, cells, generator and solver time a cell in ns, the child's peak\n"
    "resident memory in KiB and a cell in bytes, and the maze's digest.\n\n"
    "  --gen SPEC      generator spec, as for 'mazebench gen'\n"
    "  --solve SOLVER  also time this solver on each maze\n"
    "  --max-cells N   largest cell count (at least 1000)\n"
    "  --seed N        seed of the random source (default 464)\n"
    "  --out FILE      CSV file (default results/scale.csv)\n"
    "  --no-chart      do not run gnuplot; otherwise, when gnuplot and\n"
    "                  scripts/scale.gp are found, FILE's .png and .svg charts\n"
    "                  are drawn next to it (log-log, time and memory a cell)\n\n"
    "A size whose estimated memory does not fit in this machine is refused with\n"
    "a message, and the command stops there with exit status 1. Progress goes to\n"
    "stderr when it is a terminal.\n";

/* What a child sends back. */
struct child_result {
    int status; /* mz_status */
    uint64_t gen_ns, solve_ns, digest;
};

static void run_child(int fd, const mz_spec *spec, const mz_stage *solver, uint32_t seed,
                      uint64_t rows, uint64_t cols)
{
    struct child_result r = {MZ_OK, 0, 0, 0};
    mz_grid g;
    mz_extra gx;
    mz_solution sol;
    memset(&g, 0, sizeof g);
    memset(&gx, 0, sizeof gx);
    memset(&sol, 0, sizeof sol);
    uint64_t t0 = mzc_now_ns();
    mz_status s = mz_generate(spec, seed, rows, cols, &g, NULL, &gx);
    r.gen_ns = mzc_now_ns() - t0;
    if (s == MZ_OK && solver) {
        t0 = mzc_now_ns();
        s = solver->algo->solve(&g, &solver->args, NULL, &sol);
        r.solve_ns = mzc_now_ns() - t0;
    }
    if (s == MZ_OK)
        r.digest = mz_digest(&g);
    r.status = (int)s;
    ssize_t w = write(fd, &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
}

/* Run one size in a child; fills r and the child's peak RSS in KiB. */
static int run_size(const mz_spec *spec, const mz_stage *solver, uint32_t seed, uint64_t rows,
                    uint64_t cols, struct child_result *r, uint64_t *rss_kb)
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
        run_child(fds[1], spec, solver, seed, rows, cols);
    }
    close(fds[1]);
    ssize_t got = 0;
    while (got < (ssize_t)sizeof *r) {
        ssize_t n = read(fds[0], (char *)r + got, sizeof *r - (size_t)got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
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
    if (got != (ssize_t)sizeof *r || !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
        mzc_error("scale: the run at %llux%llu died (%s)", (unsigned long long)rows,
                  (unsigned long long)cols,
                  WIFSIGNALED(wstatus) ? strsignal(WTERMSIG(wstatus)) : "no result");
        return -1;
    }
    *rss_kb = (uint64_t)ru.ru_maxrss;
    return 0;
}

/* Make the parent directories of path (like mkdir -p of its dirname). */
static void make_parents(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf)
        return;
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            mkdir(buf, 0777);
            *p = '/';
        }
    }
}

static void draw_chart(const char *out)
{
    if (access("scripts/scale.gp", R_OK) != 0) {
        fprintf(stderr, "scale: scripts/scale.gp not found here; chart not drawn "
                        "(run 'sh scripts/scale.sh %s' from the source tree)\n", out);
        return;
    }
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        fprintf(stderr, "scale: gnuplot not found; chart not drawn\n");
        return;
    }
    char base[4096];
    size_t n = strlen(out);
    if (n >= sizeof base - 8 || strchr(out, '\'') || strchr(out, '"'))
        return;
    memcpy(base, out, n + 1);
    if (n > 4 && strcmp(base + n - 4, ".csv") == 0)
        base[n - 4] = '\0';
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "gnuplot -e \"infile='%s'; outbase='%s'\" scripts/scale.gp", out,
             base);
    if (system(cmd) != 0)
        fprintf(stderr, "scale: gnuplot failed; chart not drawn\n");
    else if (isatty(STDERR_FILENO))
        fprintf(stderr, "scale: wrote %s.png and %s.svg\n", base, base);
}

int cmd_scale(int argc, char **argv)
{
    const char *gen = NULL, *solve = NULL, *out = "results/scale.csv";
    uint64_t max_cells = 100000000, seed64 = 464;
    bool chart = true;
    for (int k = 1; k < argc; k++) {
        const char *v;
        int r;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(scale_help, stdout);
            return MZC_OK;
        }
        if (mzc_flag(argv[k], "--no-chart", NULL)) {
            chart = false;
        } else if ((r = mzc_opt(argc, argv, &k, "--gen", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            gen = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--solve", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            solve = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--out", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            out = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--max-cells", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("max-cells", v, 1000, MZ_MAX_CELLS, &max_cells) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--seed", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("seed", v, 0, UINT32_MAX, &seed64) != 0)
                return MZC_USAGE;
        } else {
            mzc_error("scale: unexpected argument '%s' (see 'mazebench scale --help')", argv[k]);
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

    make_parents(out);
    FILE *f = fopen(out, "w");
    if (!f) {
        mzc_error("scale: cannot write '%s': %s", out, strerror(errno));
        return MZC_FAIL;
    }
    char gen_name[512], solver_name[256] = "";
    mz_spec_format(&spec, gen_name, sizeof gen_name);
    if (solve)
        mz_stage_format(&solver, solver_name, sizeof solver_name);
    fputs("gen,solver,seed,rows,cols,cells,gen_ns_per_cell,solve_ns_per_cell,peak_rss_kb,"
          "bytes_per_cell,digest\n",
          f);
    const bool progress = isatty(STDERR_FILENO);
    int rc = MZC_OK;
    uint64_t target = 1000;
    for (;;) {
        uint64_t rows = (uint64_t)sqrt((double)target);
        while (rows * rows > target)
            rows--;
        while ((rows + 1) * (rows + 1) <= target)
            rows++;
        uint64_t cols = target / rows; /* never past the target */
        if (mzc_check_memory(rows, cols, algos, nalgos) != 0) {
            mzc_error("scale: stopping before %llux%llu", (unsigned long long)rows,
                      (unsigned long long)cols);
            rc = MZC_FAIL;
            break;
        }
        if (progress)
            fprintf(stderr, "scale: %llux%llu (%llu cells)...", (unsigned long long)rows,
                    (unsigned long long)cols, (unsigned long long)(rows * cols));
        struct child_result r;
        uint64_t rss_kb = 0;
        if (run_size(&spec, solve ? &solver : NULL, (uint32_t)seed64, rows, cols, &r, &rss_kb) != 0) {
            rc = MZC_FAIL;
            break;
        }
        if (r.status != MZ_OK) {
            if (progress)
                fputc('\n', stderr);
            mzc_error("scale: %llux%llu failed: %s", (unsigned long long)rows,
                      (unsigned long long)cols, mz_status_str((mz_status)r.status));
            rc = MZC_FAIL;
            break;
        }
        const double cells = (double)(rows * cols);
        fprintf(f, "%s,%s,%llu,%llu,%llu,%llu,%.3f,", gen_name, solver_name,
                (unsigned long long)seed64, (unsigned long long)rows, (unsigned long long)cols,
                (unsigned long long)(rows * cols), (double)r.gen_ns / cells);
        if (solve)
            fprintf(f, "%.3f", (double)r.solve_ns / cells);
        fprintf(f, ",%llu,%.3f,%016llx\n", (unsigned long long)rss_kb,
                (double)rss_kb * 1024.0 / cells, (unsigned long long)r.digest);
        fflush(f);
        if (progress)
            fprintf(stderr, " gen %.2f ns/cell%s%.2f%s, %.2f bytes/cell\n",
                    (double)r.gen_ns / cells, solve ? ", solve " : "",
                    solve ? (double)r.solve_ns / cells : 0.0, solve ? " ns/cell" : "",
                    (double)rss_kb * 1024.0 / cells);
        if (target >= max_cells)
            break;
        target = target * 2 > max_cells ? max_cells : target * 2;
    }
    if (fclose(f) != 0) {
        mzc_error("scale: cannot write '%s'", out);
        return MZC_FAIL;
    }
    if (chart)
        draw_chart(out);
    return rc;
}
