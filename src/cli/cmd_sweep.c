/*
 * cmd_sweep.c - the sweep command: every generator of a plan at every size,
 * seed and repetition, each maze solved by every solver of the plan, one CSV
 * row per (generator, size, seed, rep, solver).
 *
 * How it runs (see sweep.h for why tasks write a fixed number of rows):
 *   1. Build the plan (the embedded default, a plan file, command-line
 *      overrides) and expand it into tasks in plan order: generator, size,
 *      seed, rep. A MZ_F_FIXED_SIZE generator gets one size. --shard I/N
 *      keeps the tasks whose index mod N is I-1.
 *   2. Open the output: a fresh file starts with '#' provenance lines and
 *      the header; --resume checks the existing file's plan and header,
 *      drops a partial tail and skips the tasks already written.
 *   3. --jobs worker threads take task indices from an atomic counter, run
 *      the task (generate, metrics, each solver, timed apart) and leave its
 *      rows, formatted, in the task's slot of a reorder buffer.
 *   4. The main thread writes slots in task order as soon as each next one
 *      is ready, flushing after every task, and draws progress when stderr
 *      is a terminal. So the file's rows do not depend on --jobs, and an
 *      interruption (SIGINT, SIGTERM) leaves only whole, in-order tasks.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef MZ_COMPILER
#define MZ_COMPILER "unknown"
#endif
#ifndef MZ_CFLAGS
#define MZ_CFLAGS "unknown"
#endif
#ifndef MZ_GIT_COMMIT
#define MZ_GIT_COMMIT "unknown"
#endif

#define DEFAULT_OUT "results/sweep.csv"

static const char sweep_help[] =
    "usage: mazebench sweep [PLAN] [--gen SPECS] [--solve SOLVERS] [--seeds LIST]\n"
    "                       [--sizes LIST] [--reps N] [--jobs N] [--out FILE]\n"
    "                       [--resume] [--shard I/N]\n\n"
    "Run every generator of a plan at every size, seed and repetition, solve each\n"
    "maze with every solver of the plan, and write one CSV row per (generator,\n"
    "size, seed, rep, solver), in plan order whatever --jobs is.\n\n"
    "  PLAN            a plan file ('-' for stdin); without it, the default plan:\n"
    "                  every registered generator and solver plus the article's\n"
    "                  variants, seeds 464..473, sizes 31, 101, 317, 1001\n"
    "  --gen SPECS     generator specs, comma-separated, replacing the plan's\n"
    "                  ('all' = every registered generator)\n"
    "  --solve SOLVERS solver specs, comma-separated ('all' = every solver)\n"
    "  --seeds LIST    e.g. 464..473 or 1,5,9..12\n"
    "  --sizes LIST    e.g. 31,101,31x61 (N means N x N)\n"
    "  --reps N        repetitions of each maze (for timing spread), default 1\n"
    "  --jobs N        worker threads, default 1\n"
    "  --out FILE      output CSV, default " DEFAULT_OUT " ('-' for stdout)\n"
    "  --resume        carry on an interrupted --out FILE of the same plan\n"
    "  --shard I/N     run only part I of N (tasks whose index mod N is I-1);\n"
    "                  'mazebench merge' joins the parts\n"
    "  --print-plan    print the default plan text and exit\n\n"
    "Plan file lines: 'gen SPEC', 'gen? SPEC' (skipped with a note when not\n"
    "registered), 'gen all', the same for 'solve', 'seeds LIST', 'sizes LIST',\n"
    "'reps N', '# comments'. See README.md, section Sweeps.\n";

/* Set by SIGINT/SIGTERM: take no new task. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig) { stop_signal = sig; }

struct task {
    size_t gen, size;
    uint32_t seed;
    uint64_t rep;
};

struct sweep {
    sw_plan plan;
    mz_cols cols;
    struct task *task; /* this shard's tasks, in plan order */
    size_t ntask, total, per_task;
    unsigned long shard, nshard;
    size_t start; /* first task to run (after --resume) */

    atomic_size_t next; /* next task to take */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    char **slot; /* formatted rows of a finished task, NULL until then */
    size_t *slot_len;
    unsigned alive; /* workers still running */
    int fatal;      /* a task failed: stop */
    char fatal_msg[512];
};

/* ---- one task ---- */

/* The sweep's own columns, after the library's timing columns. */
static const char col_gen_heap[] = "gen_peak_bytes";
static const char col_solve_heap[] = "solve_peak_bytes";

struct row_extra {
    bool gen_ok, solve_ok;
    const char *solver; /* shown even when the solver could not run */
    int64_t gen_heap, solve_heap;
};

static void write_row(FILE *f, const mz_cols *cols, const mz_row *row, const struct row_extra *x)
{
    char buf[512];
    for (unsigned k = 0; k < cols->n; k++) {
        const char *c = cols->name[k];
        buf[0] = '\0';
        if (k)
            fputc(',', f);
        if (c == col_gen_heap) {
            if (x->gen_ok && x->gen_heap >= 0)
                snprintf(buf, sizeof buf, "%lld", (long long)x->gen_heap);
        } else if (c == col_solve_heap) {
            if (x->solve_ok && x->solve_heap >= 0)
                snprintf(buf, sizeof buf, "%lld", (long long)x->solve_heap);
        } else if (strcmp(c, "solver") == 0) {
            snprintf(buf, sizeof buf, "%s", x->solver ? x->solver : "");
        } else if (x->gen_ok || strcmp(c, "gen") == 0 || strcmp(c, "seed") == 0 ||
                   strcmp(c, "rows") == 0 || strcmp(c, "cols") == 0 || strcmp(c, "rep") == 0) {
            mz_row_field(row, c, buf, sizeof buf);
        }
        mzc_csv_string(f, buf);
    }
    fputc('\n', f);
}

/* Run task t, writing its rows to out. 0, or -1 with msg set on a failure
 * that must stop the sweep. MZ_EUNSUPPORTED (a size or maze an algorithm
 * cannot handle) is a result, not a failure: its row keeps the recipe and
 * leaves the figures empty. */
static int run_task(const struct sweep *sw, const struct task *t, mz_grid *g, mz_solution *sol,
                    FILE *out, char *msg, size_t msglen)
{
    const sw_plan *p = &sw->plan;
    const mz_spec *spec = &p->gspec[t->gen];
    sw_size z = p->size[t->size];
    mz_extra gx;
    mz_metrics m;
    memset(&gx, 0, sizeof gx);
    memset(&m, 0, sizeof m);

    /* The grid is allocated inside the heap window (it is the maze's
     * memory) but before the clock (setup, not generation). */
    mz_grid_free(g);
    int64_t base = sw_heap_begin();
    mz_status s = mz_grid_init(g, z.rows, z.cols);
    uint64_t t0 = mzc_now_ns();
    if (s == MZ_OK)
        s = mz_generate(spec, t->seed, z.rows, z.cols, g, NULL, &gx);
    uint64_t gen_ns = mzc_now_ns() - t0;
    int64_t gen_heap = sw_heap_rise(base);
    if (s == MZ_OK)
        s = mz_metrics_compute(g, &m);
    bool gen_ok = s == MZ_OK;
    if (!gen_ok && s != MZ_EUNSUPPORTED) {
        snprintf(msg, msglen, "sweep: %s seed %lu size %llux%llu failed: %s", p->gen[t->gen],
                 (unsigned long)t->seed, (unsigned long long)z.rows, (unsigned long long)z.cols,
                 mz_status_str(s));
        return -1;
    }
    if (!gen_ok && t->seed == p->seed[0] && t->rep == 1)
        fprintf(stderr, "mazebench: sweep: note: %s cannot make a %llux%llu maze (%s): its "
                "rows keep the figures empty\n", p->gen[t->gen], (unsigned long long)z.rows,
                (unsigned long long)z.cols, mz_status_str(s));

    mz_row row = {p->gen[t->gen], t->seed, gen_ok ? g->rows : z.rows, gen_ok ? g->cols : z.cols,
                  t->rep, &m, &gx, NULL, NULL, true, gen_ns, 0, 0};
    struct row_extra x = {gen_ok, false, NULL, gen_heap, -1};
    if (p->nsolv == 0) {
        row.peak_rss_kb = mzc_peak_rss_kb();
        write_row(out, &sw->cols, &row, &x);
        return 0;
    }
    for (size_t j = 0; j < p->nsolv; j++) {
        const mz_stage *st = &p->sstage[j];
        x.solver = p->solv[j];
        x.solve_ok = false;
        row.solver = NULL;
        row.sol = NULL;
        row.solve_ns = 0;
        if (gen_ok) {
            mz_solution_clear(sol);
            base = sw_heap_begin();
            t0 = mzc_now_ns();
            s = st->algo->solve(g, &st->args, NULL, sol);
            row.solve_ns = mzc_now_ns() - t0;
            x.solve_heap = sw_heap_rise(base);
            if (s == MZ_OK) {
                x.solve_ok = true;
                row.solver = p->solv[j];
                row.sol = sol;
            } else if (s != MZ_EUNSUPPORTED) {
                snprintf(msg, msglen, "sweep: %s on %s seed %lu size %llux%llu failed: %s",
                         p->solv[j], p->gen[t->gen], (unsigned long)t->seed,
                         (unsigned long long)g->rows, (unsigned long long)g->cols,
                         mz_status_str(s));
                return -1;
            }
        }
        row.peak_rss_kb = mzc_peak_rss_kb();
        write_row(out, &sw->cols, &row, &x);
    }
    return 0;
}

static void *worker(void *arg)
{
    struct sweep *sw = arg;
    mz_grid g;
    mz_solution sol;
    memset(&g, 0, sizeof g);
    memset(&sol, 0, sizeof sol);
    char msg[512];
    for (;;) {
        if (stop_signal)
            break;
        pthread_mutex_lock(&sw->mu);
        int fatal = sw->fatal;
        pthread_mutex_unlock(&sw->mu);
        if (fatal)
            break;
        size_t k = atomic_fetch_add(&sw->next, 1);
        if (k >= sw->ntask)
            break;
        char *buf = NULL;
        size_t len = 0;
        FILE *mf = open_memstream(&buf, &len);
        int rc = -1;
        if (mf) {
            rc = run_task(sw, &sw->task[k], &g, &sol, mf, msg, sizeof msg);
            if (fclose(mf) != 0 && rc == 0) {
                rc = -1;
                snprintf(msg, sizeof msg, "sweep: out of memory");
            }
        } else {
            snprintf(msg, sizeof msg, "sweep: out of memory");
        }
        pthread_mutex_lock(&sw->mu);
        if (rc == 0) {
            sw->slot[k] = buf;
            sw->slot_len[k] = len;
        } else {
            free(buf);
            if (!sw->fatal) {
                sw->fatal = 1;
                snprintf(sw->fatal_msg, sizeof sw->fatal_msg, "%s", msg);
            }
        }
        pthread_cond_broadcast(&sw->cv);
        pthread_mutex_unlock(&sw->mu);
        if (rc != 0)
            break;
    }
    mz_solution_free(&sol);
    mz_grid_free(&g);
    pthread_mutex_lock(&sw->mu);
    sw->alive--;
    pthread_cond_broadcast(&sw->cv);
    pthread_mutex_unlock(&sw->mu);
    return NULL;
}

/* ---- provenance ---- */

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v++;
                while (*v == ' ' || *v == '\t')
                    v++;
                v[strcspn(v, "\n")] = '\0';
                snprintf(buf, len, "%s", v);
                break;
            }
        }
    }
    fclose(f);
}

static void write_plan_and_shard(FILE *f, const struct sweep *sw)
{
    fprintf(f, "# shard: %lu/%lu, tasks %zu, rows per task %zu\n", sw->shard, sw->nshard,
            sw->total, sw->per_task);
    sw_plan_write(f, &sw->plan);
}

static void write_provenance(FILE *f, const struct sweep *sw, int argc, char **argv,
                             unsigned jobs)
{
    char cpu[256], date[64];
    cpu_model(cpu, sizeof cpu);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    fprintf(f, "# mazebench %s sweep\n", MZ_VERSION);
    fprintf(f, "# commit: %s\n", MZ_GIT_COMMIT);
    fprintf(f, "# compiler: %s\n", MZ_COMPILER);
    const char *cflags = MZ_CFLAGS;
    while (*cflags == ' ')
        cflags++;
    fprintf(f, "# cflags: %s\n", cflags);
    fprintf(f, "# cpu: %s (%ld online)\n", cpu, ncpu);
    fprintf(f, "# date: %s\n", date);
    fputs("# command: mazebench", f);
    for (int k = 0; k < argc; k++)
        fprintf(f, " %s", argv[k]);
    fprintf(f, "\n# jobs: %u\n", jobs);
    fputs("# columns: figures up to the last before gen_ns are deterministic; gen_ns and "
          "solve_ns are monotonic-clock ns; peak_rss_kb is the whole process's high-water "
          "mark; gen_peak_bytes and solve_peak_bytes are this row's heap peaks (README)\n",
          f);
    write_plan_and_shard(f, sw);
}

/* ---- options ---- */

struct opts {
    const char *plan_path, *gens, *solvers, *seeds, *sizes, *reps, *out;
    unsigned jobs;
    bool resume, print_plan;
    unsigned long shard, nshard;
};

static int parse_shard(const char *v, unsigned long *i, unsigned long *n)
{
    char tail;
    if (sscanf(v, "%lu/%lu%c", i, n, &tail) != 2 || *n < 1 || *i < 1 || *i > *n ||
        *n > 1000000 || v[0] == '-' || v[0] == '+') {
        mzc_error("shard '%s' is not I/N with 1 <= I <= N", v);
        return -1;
    }
    return 0;
}

static int parse_opts(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    o->shard = o->nshard = 1;
    for (int k = 1; k < argc; k++) {
        const char *v;
        int r;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(sweep_help, stdout);
            return 1;
        }
        if (mzc_flag(argv[k], "--resume", NULL)) {
            o->resume = true;
        } else if (mzc_flag(argv[k], "--print-plan", NULL)) {
            o->print_plan = true;
        } else if ((r = mzc_opt(argc, argv, &k, "--gen", &v)) != 0) {
            if (r < 0)
                return -1;
            o->gens = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--solve", &v)) != 0) {
            if (r < 0)
                return -1;
            o->solvers = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--seeds", &v)) != 0) {
            if (r < 0)
                return -1;
            o->seeds = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--sizes", &v)) != 0) {
            if (r < 0)
                return -1;
            o->sizes = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--reps", &v)) != 0) {
            if (r < 0)
                return -1;
            o->reps = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--out", &v)) != 0) {
            if (r < 0)
                return -1;
            o->out = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--jobs", &v)) != 0) {
            uint64_t j;
            if (r < 0 || mzc_parse_u64("jobs", v, 1, 256, &j) != 0)
                return -1;
            o->jobs = (unsigned)j;
        } else if ((r = mzc_opt(argc, argv, &k, "--shard", &v)) != 0) {
            if (r < 0 || parse_shard(v, &o->shard, &o->nshard) != 0)
                return -1;
        } else if (argv[k][0] == '-' && argv[k][1] != '\0') {
            mzc_error("sweep: unknown option '%s' (see 'mazebench sweep --help')", argv[k]);
            return -1;
        } else if (!o->plan_path) {
            o->plan_path = argv[k];
        } else {
            mzc_error("sweep: unexpected argument '%s' (one PLAN at most)", argv[k]);
            return -1;
        }
    }
    if (!o->out)
        o->out = DEFAULT_OUT;
    if (o->resume && strcmp(o->out, "-") == 0) {
        mzc_error("sweep: --resume needs --out FILE, not stdout");
        return -1;
    }
    return 0;
}

static char *read_all(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        mzc_error("sweep: cannot read plan '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        cap *= 2;
        char *b = realloc(buf, cap);
        if (!b)
            free(buf);
        buf = b;
    }
    if (f != stdin)
        fclose(f);
    if (!buf) {
        mzc_error("sweep: out of memory");
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

static int build_plan(const struct opts *o, sw_plan *p)
{
    int rc;
    if (o->plan_path) {
        char *text = read_all(o->plan_path);
        if (!text)
            return -1;
        rc = sw_plan_parse(p, text, o->plan_path);
        free(text);
    } else {
        rc = sw_plan_parse(p, sw_default_plan, "default plan");
    }
    if (rc == 0 && o->gens)
        rc = sw_plan_set_gens(p, o->gens);
    if (rc == 0 && o->solvers)
        rc = sw_plan_set_solvers(p, o->solvers);
    if (rc == 0 && o->seeds)
        rc = sw_plan_set_seeds(p, o->seeds);
    if (rc == 0 && o->sizes)
        rc = sw_plan_set_sizes(p, o->sizes);
    if (rc == 0 && o->reps)
        rc = sw_plan_set_reps(p, o->reps);
    if (rc != 0)
        return -1;
    const char *missing = p->ngen == 0 ? "generator" : p->nseed == 0 ? "seed"
                          : p->nsize == 0 ? "size" : NULL;
    if (missing) {
        mzc_error("sweep: the plan has no %s", missing);
        return -1;
    }
    return 0;
}

/* Refuse a plan whose largest maze would not fit in memory. */
static int check_memory(const sw_plan *p)
{
    size_t big = 0;
    for (size_t k = 1; k < p->nsize; k++)
        if (p->size[k].rows * p->size[k].cols > p->size[big].rows * p->size[big].cols)
            big = k;
    const mz_algo *hungry = NULL;
    for (size_t j = 0; j < p->nsolv; j++)
        if (!hungry || p->sstage[j].algo->bytes_per_cell > hungry->bytes_per_cell)
            hungry = p->sstage[j].algo;
    for (size_t k = 0; k < p->ngen; k++) {
        if (sw_fixed_size(&p->gspec[k]))
            continue;
        const mz_algo *algos[MZ_MAX_CHAIN + 1];
        size_t n = 0;
        for (unsigned s = 0; s < p->gspec[k].n; s++)
            algos[n++] = p->gspec[k].stage[s].algo;
        if (hungry)
            algos[n++] = hungry;
        if (mzc_check_memory(p->size[big].rows, p->size[big].cols, algos, n) != 0)
            return -1;
    }
    return 0;
}

static int expand_tasks(struct sweep *sw)
{
    const sw_plan *p = &sw->plan;
    size_t total = 0;
    for (size_t g = 0; g < p->ngen; g++)
        total += (sw_fixed_size(&p->gspec[g]) ? 1 : p->nsize) * p->nseed * p->reps;
    sw->task = malloc((total / sw->nshard + 1) * sizeof *sw->task);
    if (!sw->task) {
        mzc_error("sweep: out of memory");
        return -1;
    }
    size_t idx = 0;
    for (size_t g = 0; g < p->ngen; g++) {
        size_t nsize = sw_fixed_size(&p->gspec[g]) ? 1 : p->nsize;
        for (size_t z = 0; z < nsize; z++) {
            if (!sw_fixed_size(&p->gspec[g]) && sw_limited(p, g, p->size[z])) {
                fprintf(stderr, "mazebench: sweep: note: the plan limits %s: no %llux%llu "
                        "mazes\n", p->gen[g], (unsigned long long)p->size[z].rows,
                        (unsigned long long)p->size[z].cols);
                continue;
            }
            for (size_t e = 0; e < p->nseed; e++)
                for (uint64_t r = 1; r <= p->reps; r++, idx++)
                    if (idx % sw->nshard == sw->shard - 1)
                        sw->task[sw->ntask++] = (struct task){g, z, p->seed[e], r};
        }
    }
    sw->total = idx;
    sw->per_task = p->nsolv ? p->nsolv : 1;
    return 0;
}

static char *plan_text(const struct sweep *sw)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    write_plan_and_shard(f, sw);
    fclose(f);
    return buf;
}

static char *header_text(const mz_cols *cols)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    mzc_csv_header(f, cols);
    fclose(f);
    return buf;
}

/* Open --out for writing: fresh, or resumed. Sets sw->start. */
static FILE *open_output(struct sweep *sw, const struct opts *o, int argc, char **argv)
{
    if (strcmp(o->out, "-") == 0) {
        write_provenance(stdout, sw, argc, argv, o->jobs);
        mzc_csv_header(stdout, &sw->cols);
        return stdout;
    }
    if (o->resume) {
        sw_file f;
        int r = sw_file_read(o->out, &f);
        if (r < 0)
            return NULL;
        if (r == 0 && f.header_at != SIZE_MAX) {
            char *want_plan = plan_text(sw), *want_header = header_text(&sw->cols);
            char *have_shard = sw_file_lines(&f, "# shard: ");
            char *have_plan = sw_file_lines(&f, "# plan: ");
            size_t hlen = f.rows_at - f.header_at;
            bool same = want_plan && want_header && have_shard && have_plan;
            if (same) {
                size_t slen = strlen(have_shard);
                same = strncmp(want_plan, have_shard, slen) == 0 &&
                       strcmp(want_plan + slen, have_plan) == 0 &&
                       strlen(want_header) == hlen &&
                       memcmp(want_header, f.text + f.header_at, hlen) == 0;
            }
            free(want_plan);
            free(want_header);
            free(have_shard);
            free(have_plan);
            if (!same) {
                mzc_error("sweep: cannot resume '%s': it was written for another plan, shard "
                          "or registry (its '# plan:'/'# shard:' lines or header differ)",
                          o->out);
                sw_file_free(&f);
                return NULL;
            }
            size_t done = f.nrows / sw->per_task;
            if (done > sw->ntask) {
                mzc_error("sweep: cannot resume '%s': it has more rows than the plan", o->out);
                sw_file_free(&f);
                return NULL;
            }
            size_t keep = done ? f.row_end[done * sw->per_task - 1] : f.rows_at;
            if (keep < f.len)
                fprintf(stderr, "mazebench: sweep: note: dropping %zu bytes after the last "
                        "complete task of '%s'\n", f.len - keep, o->out);
            fprintf(stderr, "mazebench: sweep: resuming '%s' after %zu of %zu tasks\n", o->out,
                    done, sw->ntask);
            sw_file_free(&f);
            if (truncate(o->out, (off_t)keep) != 0) {
                mzc_error("sweep: cannot truncate '%s': %s", o->out, strerror(errno));
                return NULL;
            }
            sw->start = done;
            FILE *out = fopen(o->out, "a");
            if (!out)
                mzc_error("sweep: cannot write '%s': %s", o->out, strerror(errno));
            return out;
        }
        if (r == 0)
            sw_file_free(&f);
        fprintf(stderr, "mazebench: sweep: note: '%s' has no header yet: starting afresh\n",
                o->out);
    }
    if (strcmp(o->out, DEFAULT_OUT) == 0)
        mkdir("results", 0777); /* EEXIST is fine; fopen reports the rest */
    FILE *out = fopen(o->out, "w");
    if (!out) {
        mzc_error("sweep: cannot write '%s': %s", o->out, strerror(errno));
        return NULL;
    }
    write_provenance(out, sw, argc, argv, o->jobs);
    mzc_csv_header(out, &sw->cols);
    fflush(out);
    return out;
}

static void progress(const struct sweep *sw, size_t done, uint64_t t_start, bool final)
{
    double secs = (double)(mzc_now_ns() - t_start) / 1e9;
    size_t ran = done - sw->start, left = sw->ntask - done;
    double rate = secs > 0 ? (double)ran / secs : 0;
    fprintf(stderr, "\rsweep: %zu/%zu mazes (%3.0f%%), %.1f/s", done, sw->ntask,
            sw->ntask ? 100.0 * (double)done / (double)sw->ntask : 100.0, rate);
    if (final) {
        fprintf(stderr, ", %.0f s in all        \n", secs);
    } else if (rate > 0) {
        double eta = (double)left / rate;
        fprintf(stderr, ", %d:%02d left   ", (int)eta / 60, (int)eta % 60);
    }
    fflush(stderr);
}

int cmd_sweep(int argc, char **argv)
{
    struct opts o;
    int r = parse_opts(argc, argv, &o);
    if (r != 0)
        return r > 0 ? MZC_OK : MZC_USAGE;
    if (o.print_plan) {
        fputs(sw_default_plan, stdout);
        return MZC_OK;
    }
    struct sweep sw;
    memset(&sw, 0, sizeof sw);
    sw.shard = o.shard;
    sw.nshard = o.nshard;
    if (build_plan(&o, &sw.plan) != 0) {
        sw_plan_free(&sw.plan);
        return MZC_USAGE;
    }
    int rc = MZC_OK;
    FILE *out = NULL;
    if (check_memory(&sw.plan) != 0 || expand_tasks(&sw) != 0) {
        rc = MZC_FAIL;
        goto done;
    }
    /* The header is fixed for a registry: the columns of every entry. */
    mz_row_columns(&sw.cols, true, true, true, mz_registry, mz_registry_count());
    if (sw.cols.n + 2 > MZ_MAX_COLS) {
        mzc_error("sweep: more than %d columns", MZ_MAX_COLS);
        rc = MZC_FAIL;
        goto done;
    }
    sw.cols.name[sw.cols.n++] = col_gen_heap;
    sw.cols.name[sw.cols.n++] = col_solve_heap;

    out = open_output(&sw, &o, argc, argv);
    if (!out) {
        rc = MZC_FAIL;
        goto done;
    }
    sw.slot = calloc(sw.ntask + 1, sizeof *sw.slot);
    sw.slot_len = calloc(sw.ntask + 1, sizeof *sw.slot_len);
    if (!sw.slot || !sw.slot_len) {
        mzc_error("sweep: out of memory");
        rc = MZC_FAIL;
        goto done;
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    /* A second signal has its default effect: it stops a long task at
     * once, and the file still ends on a whole task (each is flushed). */
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    pthread_mutex_init(&sw.mu, NULL);
    pthread_cond_init(&sw.cv, NULL);
    atomic_init(&sw.next, sw.start);
    unsigned jobs = o.jobs;
    if (jobs > sw.ntask - sw.start)
        jobs = sw.ntask - sw.start > 0 ? (unsigned)(sw.ntask - sw.start) : 0;
    pthread_t *th = calloc(jobs + 1, sizeof *th);
    if (!th) {
        mzc_error("sweep: out of memory");
        rc = MZC_FAIL;
        goto done;
    }
    for (unsigned k = 0; k < jobs; k++) {
        if (pthread_create(&th[k], NULL, worker, &sw) != 0) {
            mzc_error("sweep: cannot start worker thread %u", k + 1);
            stop_signal = -1;
            jobs = k;
            break;
        }
        sw.alive++;
    }

    bool tty = isatty(STDERR_FILENO);
    uint64_t t_start = mzc_now_ns(), t_drawn = 0;
    size_t w = sw.start;
    bool write_failed = false;
    pthread_mutex_lock(&sw.mu);
    for (;;) {
        while (w < sw.ntask && sw.slot[w]) {
            char *buf = sw.slot[w];
            size_t len = sw.slot_len[w];
            sw.slot[w] = NULL;
            pthread_mutex_unlock(&sw.mu);
            if (!write_failed &&
                (fwrite(buf, 1, len, out) != len || fflush(out) != 0)) {
                write_failed = true;
                stop_signal = -1;
            }
            free(buf);
            w++;
            pthread_mutex_lock(&sw.mu);
        }
        if (w == sw.ntask || sw.alive == 0)
            break;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 200000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&sw.cv, &sw.mu, &until);
        if (tty && mzc_now_ns() - t_drawn > 250000000u) {
            progress(&sw, w, t_start, false);
            t_drawn = mzc_now_ns();
        }
    }
    pthread_mutex_unlock(&sw.mu);
    for (unsigned k = 0; k < jobs; k++)
        pthread_join(th[k], NULL);
    free(th);
    for (size_t k = 0; k < sw.ntask; k++)
        free(sw.slot[k]); /* tasks finished past a gap: not written */
    if (tty)
        progress(&sw, w, t_start, true);

    if (write_failed) {
        mzc_error("sweep: cannot write '%s': %s", o.out, strerror(errno));
        rc = MZC_FAIL;
    } else if (sw.fatal) {
        mzc_error("%s", sw.fatal_msg);
        rc = MZC_FAIL;
    } else if (w < sw.ntask) {
        mzc_error("sweep: interrupted after %zu of %zu mazes; '%s' holds every finished one: "
                  "run the same command with --resume to carry on", w, sw.ntask, o.out);
        rc = stop_signal > 0 ? 128 + stop_signal : MZC_FAIL;
    }
    pthread_mutex_destroy(&sw.mu);
    pthread_cond_destroy(&sw.cv);
done:
    if (out && out != stdout && fclose(out) != 0 && rc == MZC_OK) {
        mzc_error("sweep: cannot write '%s'", o.out);
        rc = MZC_FAIL;
    }
    free(sw.slot);
    free(sw.slot_len);
    free(sw.task);
    sw_plan_free(&sw.plan);
    return rc;
}
