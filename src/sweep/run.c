/*
 * run.c - running a sweep: the worker pool, the reorder buffer, the stop
 * flag, and the row checks behind --resume and merge.
 *
 *   1. Workers take this shard's task numbers from an atomic counter, run
 *      the task through the timing engine (one mz_bench each: gen_ns and
 *      solve_ns are mz_bench_gen's and mz_bench_solve's, heap columns their
 *      pool's peak) and leave its rows, formatted, in the task's slot of a
 *      ring of slots.
 *   2. The caller's thread writes slots in task order as each next one is
 *      ready and flushes after every task. A worker does not start a task
 *      more than a ring's length ahead of the writer, so memory stays
 *      bounded whatever the plan's length.
 *   3. sw_request_stop (from a signal handler, or a failure) sets the stop
 *      flag: no new task starts, running ones finish and are written when
 *      they are next in order, so a file always ends on a whole task.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"
#include "escape.h"
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>


/* ---- the stop flag and signals ---- */

static atomic_int stop_sig;
/* A sweep's temporary output and its target, for the second signal. */
static const char *volatile sig_tmp, *volatile sig_path;

void sw_request_stop(int sig) { atomic_store(&stop_sig, sig ? sig : -1); }
int sw_stop_signal(void) { return atomic_load(&stop_sig); }

static void on_signal(int sig)
{
    int was = atomic_exchange(&stop_sig, sig);
    if (was > 0) {
        /* The second signal: stop now. The file gets its name so that
         * --resume finds it; resume drops a partial last task. */
        if (sig_tmp && sig_path)
            rename(sig_tmp, sig_path);
        _exit(128 + sig);
    }
}

void sw_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* ---- columns and rows ---- */

static const char col_gen_setup[] = "gen_setup_ns";
static const char col_solve_setup[] = "solve_setup_ns";
static const char col_gen_heap[] = "gen_peak_bytes";
static const char col_solve_heap[] = "solve_peak_bytes";
/* Instruction counts of the timed calls (--count): empty when not counted. */
static const char col_gen_instr[] = "gen_instr";
static const char col_solve_instr[] = "solve_instr";
static const char col_gen_llc[] = "gen_llc_miss";
static const char col_solve_llc[] = "solve_llc_miss";

int sw_columns(mz_cols *cols)
{
    mz_row_columns(cols, true, true, true, mz_registry, mz_registry_count());
    if (cols->n + 8 > MZ_MAX_COLS)
        return -1;
    cols->name[cols->n++] = col_gen_setup;
    cols->name[cols->n++] = col_solve_setup;
    cols->name[cols->n++] = col_gen_heap;
    cols->name[cols->n++] = col_solve_heap;
    cols->name[cols->n++] = col_gen_instr;
    cols->name[cols->n++] = col_solve_instr;
    cols->name[cols->n++] = col_gen_llc;
    cols->name[cols->n++] = col_solve_llc;
    return 0;
}

static void write_header(FILE *f, const mz_cols *cols)
{
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        fputs(cols->name[k], f);
    }
    fputc('\n', f);
}

struct row_extra {
    bool gen_ok, solve_ok;
    const char *solver;
    const mz_timing *gt, *st;
};

static bool is_recipe(const char *c)
{
    return strcmp(c, "gen") == 0 || strcmp(c, "seed") == 0 || strcmp(c, "rows") == 0 ||
           strcmp(c, "cols") == 0 || strcmp(c, "rep") == 0;
}

static void write_row(FILE *f, const mz_cols *cols, const mz_row *row, const struct row_extra *x)
{
    char buf[512];
    for (unsigned k = 0; k < cols->n; k++) {
        const char *c = cols->name[k];
        buf[0] = '\0';
        if (k)
            fputc(',', f);
        if (c == col_gen_setup) {
            if (x->gen_ok)
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->gt->setup_ns);
        } else if (c == col_gen_heap) {
            if (x->gen_ok)
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->gt->heap_peak);
        } else if (c == col_solve_setup) {
            if (x->solve_ok)
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->st->setup_ns);
        } else if (c == col_solve_heap) {
            if (x->solve_ok)
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->st->heap_peak);
        } else if (c == col_gen_instr || c == col_gen_llc) {
            const mz_timing *t = x->gt;
            if (x->gen_ok && (c == col_gen_instr ? t->counted : t->llc_counted))
                snprintf(buf, sizeof buf, "%llu",
                         (unsigned long long)(c == col_gen_instr ? t->instr : t->llc_miss));
        } else if (c == col_solve_instr || c == col_solve_llc) {
            const mz_timing *t = x->st;
            if (x->solve_ok && (c == col_solve_instr ? t->counted : t->llc_counted))
                snprintf(buf, sizeof buf, "%llu",
                         (unsigned long long)(c == col_solve_instr ? t->instr : t->llc_miss));
        } else if (strcmp(c, "solver") == 0) {
            snprintf(buf, sizeof buf, "%s", x->solver ? x->solver : "");
        } else if (x->gen_ok || is_recipe(c)) {
            mz_row_field(row, c, buf, sizeof buf);
        }
        sw_csv_string(f, buf);
    }
    fputc('\n', f);
}

static uint64_t peak_rss_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (uint64_t)ru.ru_maxrss;
}

struct pool {
    sw_run *run;
    mz_cols cols;
    atomic_uint_fast64_t next; /* next shard task to take */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t ring;     /* slots */
    char **slot;     /* formatted rows of a finished task, NULL until then */
    size_t *slot_len;
    uint64_t written; /* shard tasks written */
    unsigned alive;
    int fatal;
    char fatal_msg[512];
};

static uint64_t global_index(const sw_run *r, uint64_t i)
{
    return (uint64_t)(r->shard - 1) + i * r->nshard;
}

/* Run one task, its rows to out. -1 with msg on a failure that stops the
 * sweep; MZ_EUNSUPPORTED is a result (recipe kept, figures empty). */
static int run_task(struct pool *pl, mz_bench *b, const sw_task *t, FILE *out, char *msg,
                    size_t msglen)
{
    const sw_plan *p = pl->run->plan;
    const mz_spec *spec = &p->gspec[t->gen];
    mz_timing gt, st;
    mz_metrics m;
    memset(&m, 0, sizeof m);
    memset(&st, 0, sizeof st);
    mz_status s = mz_bench_gen(b, spec, t->seed, t->size.rows, t->size.cols, NULL, 1, &gt);
    if (s == MZ_OK)
        s = mz_metrics_compute(&b->grid, &m);
    bool gen_ok = s == MZ_OK;
    if (!gen_ok && s != MZ_EUNSUPPORTED) {
        snprintf(msg, msglen, "%s seed %lu size %llux%llu failed: %s", p->gen[t->gen],
                 (unsigned long)t->seed, (unsigned long long)t->size.rows,
                 (unsigned long long)t->size.cols, mz_status_str(s));
        return -1;
    }
    if (!gen_ok && t->seed == p->range[0].lo && t->rep == 1 && p->note) {
        char n[512];
        snprintf(n, sizeof n, "%s cannot make a %llux%llu maze (%s): its rows keep the "
                 "figures empty", p->gen[t->gen], (unsigned long long)t->size.rows,
                 (unsigned long long)t->size.cols, mz_status_str(s));
        p->note(p->note_user, n);
    }
    mz_row row = {p->gen[t->gen], t->seed, gen_ok ? b->grid.rows : t->size.rows,
                  gen_ok ? b->grid.cols : t->size.cols, t->rep, &m, &b->gx, NULL, NULL, true,
                  gen_ok ? gt.ns : 0, 0, 0};
    struct row_extra x = {gen_ok, false, NULL, &gt, &st};
    if (p->nsolv == 0) {
        row.peak_rss_kb = peak_rss_kb();
        write_row(out, &pl->cols, &row, &x);
        return 0;
    }
    for (size_t j = 0; j < p->nsolv; j++) {
        x.solver = p->solv[j];
        x.solve_ok = false;
        row.solver = NULL;
        row.sol = NULL;
        row.solve_ns = 0;
        if (gen_ok) {
            s = mz_bench_solve(b, &p->sstage[j], NULL, 1, &st);
            if (s == MZ_OK) {
                x.solve_ok = true;
                row.solver = p->solv[j];
                row.sol = &b->sol;
                row.solve_ns = st.ns;
            } else if (s != MZ_EUNSUPPORTED) {
                snprintf(msg, msglen, "%s on %s seed %lu size %llux%llu failed: %s",
                         p->solv[j], p->gen[t->gen], (unsigned long)t->seed,
                         (unsigned long long)b->grid.rows, (unsigned long long)b->grid.cols,
                         mz_status_str(s));
                return -1;
            }
        }
        row.peak_rss_kb = peak_rss_kb();
        write_row(out, &pl->cols, &row, &x);
    }
    return 0;
}

static void *worker(void *arg)
{
    struct pool *pl = arg;
    sw_run *r = pl->run;
    mz_bench b;
    char msg[512];
    int rc = mz_bench_init(&b) == MZ_OK ? 0 : -1;
    if (rc)
        snprintf(msg, sizeof msg, "out of memory");
    char why[400];
    if (rc == 0 && r->count != MZ_COUNTER_NONE &&
        mz_meter_open(&b.meter, r->count, r->count_out, why, sizeof why) != MZ_OK) {
        snprintf(msg, sizeof msg, "cannot count instructions: %s", why);
        rc = -1;
    }
    while (rc == 0 && !sw_stop_signal()) {
        uint64_t i = atomic_fetch_add(&pl->next, 1);
        if (i >= r->ntask)
            break;
        pthread_mutex_lock(&pl->mu);
        while (i >= pl->written + pl->ring && !pl->fatal && !sw_stop_signal())
            pthread_cond_wait(&pl->cv, &pl->mu);
        bool go = !pl->fatal && !sw_stop_signal();
        pthread_mutex_unlock(&pl->mu);
        if (!go)
            break;
        sw_task t;
        sw_plan_task(r->plan, global_index(r, i), &t);
        char *buf = NULL;
        size_t len = 0;
        FILE *mf = open_memstream(&buf, &len);
        if (!mf) {
            snprintf(msg, sizeof msg, "out of memory");
            rc = -1;
            break;
        }
        rc = run_task(pl, &b, &t, mf, msg, sizeof msg);
        if (fclose(mf) != 0 && rc == 0) {
            snprintf(msg, sizeof msg, "out of memory");
            rc = -1;
        }
        pthread_mutex_lock(&pl->mu);
        if (rc == 0) {
            pl->slot[i % pl->ring] = buf;
            pl->slot_len[i % pl->ring] = len;
        } else {
            free(buf);
        }
        pthread_cond_broadcast(&pl->cv);
        pthread_mutex_unlock(&pl->mu);
    }
    mz_bench_free(&b);
    pthread_mutex_lock(&pl->mu);
    if (rc != 0 && !pl->fatal) {
        pl->fatal = 1;
        snprintf(pl->fatal_msg, sizeof pl->fatal_msg, "%s", msg);
    }
    pl->alive--;
    pthread_cond_broadcast(&pl->cv);
    pthread_mutex_unlock(&pl->mu);
    return NULL;
}

uint64_t sw_shard_tasks(const sw_plan *p, unsigned shard, unsigned nshard)
{
    return p->ntask / nshard + ((uint64_t)(shard - 1) < p->ntask % nshard);
}

int sw_write_plan_lines(FILE *f, const sw_plan *p, unsigned shard, unsigned nshard)
{
    fprintf(f, "# shard: %u/%u, tasks %llu, rows per task %zu\n", shard, nshard,
            (unsigned long long)p->ntask, p->per_task);
    return sw_plan_write(f, p, "# plan: ");
}

int sw_run_tasks(sw_run *r, char *err, size_t errlen)
{
    struct pool pl;
    memset(&pl, 0, sizeof pl);
    pl.run = r;
    if (sw_columns(&pl.cols) != 0)
        return sw_fail(err, errlen, SW_FAIL, "more than %d columns", MZ_MAX_COLS);
    r->ntask = sw_shard_tasks(r->plan, r->shard, r->nshard);
    r->done = r->start;
    if (r->start >= r->ntask)
        return SW_OK;
    unsigned jobs = r->jobs ? r->jobs : 1;
    if (jobs > r->ntask - r->start)
        jobs = (unsigned)(r->ntask - r->start);
    pl.ring = 4 * (size_t)jobs + 4;
    pl.slot = calloc(pl.ring, sizeof *pl.slot);
    pl.slot_len = calloc(pl.ring, sizeof *pl.slot_len);
    pthread_t *th = calloc(jobs, sizeof *th);
    if (!pl.slot || !pl.slot_len || !th) {
        free(pl.slot);
        free(pl.slot_len);
        free(th);
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    }
    atomic_init(&pl.next, r->start);
    pl.written = r->start;
    pthread_mutex_init(&pl.mu, NULL);
    pthread_cond_init(&pl.cv, NULL);
    sig_tmp = r->out_tmp;
    sig_path = r->out_path;
    unsigned started = 0;
    for (; started < jobs; started++) {
        pthread_mutex_lock(&pl.mu);
        pl.alive++;
        pthread_mutex_unlock(&pl.mu);
        if (pthread_create(&th[started], NULL, worker, &pl) != 0) {
            pthread_mutex_lock(&pl.mu);
            pl.alive--;
            if (!pl.fatal) {
                pl.fatal = 1;
                snprintf(pl.fatal_msg, sizeof pl.fatal_msg, "cannot start worker thread %u",
                         started + 1);
            }
            pthread_mutex_unlock(&pl.mu);
            break;
        }
    }
    uint64_t t0 = mz_clock_ns(), t_said = t0;
    /* A shard's share of the cells, near enough (tasks are dealt in turn). */
    double cells_all = r->plan->cells * (double)r->ntask / (double)r->plan->ntask, cells_done = 0;
    for (uint64_t k = 0; k < r->start && k < 4096; k++) {
        sw_task t;
        sw_plan_task(r->plan, global_index(r, k), &t);
        cells_done += (double)t.size.rows * (double)t.size.cols;
    }
    if (r->start > 4096)
        cells_done = cells_all * (double)r->start / (double)r->ntask;
    cells_all -= cells_done; /* the work of this run */
    cells_done = 0;
    bool write_failed = false;
    int write_errno = 0;
    pthread_mutex_lock(&pl.mu);
    for (;;) {
        size_t s = (size_t)(pl.written % pl.ring);
        while (pl.written < r->ntask && pl.slot[s]) {
            char *buf = pl.slot[s];
            size_t len = pl.slot_len[s];
            pl.slot[s] = NULL;
            pthread_mutex_unlock(&pl.mu);
            if (!write_failed && (fwrite(buf, 1, len, r->out) != len || fflush(r->out) != 0)) {
                write_failed = true;
                write_errno = errno;
            }
            free(buf);
            pthread_mutex_lock(&pl.mu);
            if (write_failed) {
                pl.fatal = 1;
                pthread_cond_broadcast(&pl.cv);
                break;
            }
            sw_task t;
            sw_plan_task(r->plan, global_index(r, pl.written), &t);
            cells_done += (double)t.size.rows * (double)t.size.cols;
            pl.written++;
            s = (size_t)(pl.written % pl.ring);
            pthread_cond_broadcast(&pl.cv);
        }
        if (pl.written == r->ntask || pl.alive == 0 || write_failed)
            break;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&pl.cv, &pl.mu, &until);
        if (sw_stop_signal())
            pthread_cond_broadcast(&pl.cv); /* wake workers waiting for room */
        uint64_t now = mz_clock_ns();
        if (r->progress && now - t_said >= r->progress_ns) {
            uint64_t w = pl.written;
            double work = cells_all > 0 ? cells_done / cells_all : 1;
            pthread_mutex_unlock(&pl.mu);
            r->progress(r->progress_user, w, r->ntask, work > 1 ? 1 : work, now - t0, false);
            pthread_mutex_lock(&pl.mu);
            t_said = now;
        }
    }
    if (write_failed)
        sw_request_stop(0);
    pthread_cond_broadcast(&pl.cv);
    pthread_mutex_unlock(&pl.mu);
    for (unsigned k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    free(th);
    for (size_t k = 0; k < pl.ring; k++)
        free(pl.slot[k]); /* tasks finished past a gap: not written */
    free(pl.slot);
    free(pl.slot_len);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cv);
    sig_tmp = sig_path = NULL;
    r->done = pl.written;
    if (r->progress)
        r->progress(r->progress_user, pl.written, r->ntask, 1, mz_clock_ns() - t0, true);
    if (write_failed)
        return sw_fail(err, errlen, SW_FAIL, "cannot write '%s': %s",
                    r->out_path ? r->out_path : "output", strerror(write_errno));
    if (pl.fatal)
        return sw_fail(err, errlen, SW_FAIL, "%s", pl.fatal_msg);
    return SW_OK;
}

/* ---- checks against the plan ---- */

static char *header_text(void)
{
    mz_cols cols;
    if (sw_columns(&cols) != 0)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    write_header(f, &cols);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The recipe columns' indices in the header. */
enum { R_GEN, R_SEED, R_ROWS, R_COLS, R_REP, R_SOLVER, R_N };
static const char *const recipe_cols[R_N] = {"gen", "seed", "rows", "cols", "rep", "solver"};

static void describe(char *buf, size_t len, const char *gen, const char *seed, const char *rows,
                     const char *cols, const char *rep, const char *solver)
{
    snprintf(buf, len, "%.200s seed %.24s %.24sx%.24s rep %.24s%s%.200s", gen, seed, rows, cols,
             rep, solver[0] ? " solver " : "", solver);
}

int sw_check_rows(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                  uint64_t *whole, char *err, size_t errlen)
{
    *whole = 0;
    if (f->header_at == SIZE_MAX)
        return sw_fail(err, errlen, SW_BAD, "it has no header line");
    char *want = header_text();
    if (!want)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    size_t hlen = f->rows_at - f->header_at;
    bool same = strlen(want) == hlen && memcmp(want, f->text + f->header_at, hlen) == 0;
    free(want);
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "its header differs from this build's (another "
                    "registry or version)");
    size_t at[R_N];
    for (int c = 0; c < R_N; c++)
        if ((at[c] = sw_file_column(f, recipe_cols[c])) == SIZE_MAX)
            return sw_fail(err, errlen, SW_BAD, "its header has no '%s' column", recipe_cols[c]);
    uint64_t ntask = sw_shard_tasks(p, shard, nshard);
    size_t maxf = f->ncols;
    sw_csv_field *fld = malloc(maxf * sizeof *fld);
    if (!fld)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    int rc = SW_OK;
    for (size_t r = 0; r < f->nrows; r++) {
        uint64_t i = r / p->per_task;
        size_t j = r % p->per_task;
        if (i >= ntask) {
            rc = sw_fail(err, errlen, SW_BAD, "row %zu is past the plan's last task (%llu tasks of "
                      "%zu rows)", r + 1, (unsigned long long)ntask, p->per_task);
            break;
        }
        sw_task t;
        sw_plan_task(p, (uint64_t)(shard - 1) + i * nshard, &t);
        char seed[24], rows[24], cols[24], rep[24];
        snprintf(seed, sizeof seed, "%lu", (unsigned long)t.seed);
        snprintf(rows, sizeof rows, "%llu", (unsigned long long)t.size.rows);
        snprintf(cols, sizeof cols, "%llu", (unsigned long long)t.size.cols);
        snprintf(rep, sizeof rep, "%llu", (unsigned long long)t.rep);
        const char *solver = p->nsolv ? p->solv[j] : "";
        size_t off = r ? f->row_end[r - 1] : f->rows_at, n;
        sw_csv_read_row(f->text, f->len, &off, fld, maxf, &n);
        bool ok = sw_csv_equals(&fld[at[R_GEN]], p->gen[t.gen]) &&
                  sw_csv_equals(&fld[at[R_SEED]], seed) && sw_csv_equals(&fld[at[R_REP]], rep) &&
                  sw_csv_equals(&fld[at[R_SOLVER]], solver) &&
                  sw_csv_equals(&fld[at[R_ROWS]], rows) && sw_csv_equals(&fld[at[R_COLS]], cols);
        if (!ok) {
            char v[R_N][128], have[640], wanted[640];
            for (int c = 0; c < R_N; c++)
                sw_csv_value(&fld[at[c]], v[c], sizeof v[c]);
            describe(have, sizeof have, v[R_GEN], v[R_SEED], v[R_ROWS], v[R_COLS], v[R_REP],
                     v[R_SOLVER]);
            describe(wanted, sizeof wanted, p->gen[t.gen], seed, rows, cols, rep, solver);
            rc = sw_fail(err, errlen, SW_BAD, "row %zu is %s, but the plan's task %llu wants %s "
                      "(a row missing, moved or repeated)", r + 1, have,
                      (unsigned long long)t.index + 1, wanted);
            break;
        }
    }
    free(fld);
    if (rc == SW_OK)
        *whole = f->nrows / p->per_task;
    return rc;
}

/* Strict "# shard: I/N, tasks T, rows per task K" (no sign, no overflow). */
static int read_u64(const char **s, uint64_t *v)
{
    const char *c = *s;
    if (*c < '0' || *c > '9')
        return -1;
    uint64_t x = 0;
    for (; *c >= '0' && *c <= '9'; c++) {
        if (x > (UINT64_MAX - (uint64_t)(*c - '0')) / 10)
            return -1;
        x = x * 10 + (uint64_t)(*c - '0');
    }
    *v = x;
    *s = c;
    return 0;
}

static int lit(const char **s, const char *t)
{
    size_t n = strlen(t);
    if (strncmp(*s, t, n) != 0)
        return -1;
    *s += n;
    return 0;
}

static int parse_shard_line(const sw_file *f, uint64_t v[4])
{
    char *line = sw_file_lines(f, "# shard: ");
    if (!line)
        return -1;
    const char *s = line;
    int bad = lit(&s, "# shard: ") || read_u64(&s, &v[0]) || lit(&s, "/") ||
              read_u64(&s, &v[1]) || lit(&s, ", tasks ") || read_u64(&s, &v[2]) ||
              lit(&s, ", rows per task ") || read_u64(&s, &v[3]) || lit(&s, "\n") || *s;
    free(line);
    return bad ? -1 : 0;
}

/* Does f's provenance say it is a sweep of plan p, shard I/N, with this
 * registry? Returns SW_OK or SW_BAD with why. */
static int check_prov(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                      char *err, size_t errlen)
{
    uint64_t v[4];
    if (parse_shard_line(f, v) != 0)
        return sw_fail(err, errlen, SW_BAD, "it has no valid '# shard: I/N, tasks T, rows per task "
                    "K' line (not a sweep file)");
    if (v[0] != shard || v[1] != nshard)
        return sw_fail(err, errlen, SW_BAD, "it is shard %llu/%llu, not %u/%u",
                    (unsigned long long)v[0], (unsigned long long)v[1], shard, nshard);
    if (v[2] != p->ntask || v[3] != p->per_task)
        return sw_fail(err, errlen, SW_BAD, "its '# shard:' line says %llu tasks of %llu rows, the "
                    "plan has %llu of %zu", (unsigned long long)v[2], (unsigned long long)v[3],
                    (unsigned long long)p->ntask, p->per_task);
    char *have = sw_file_lines(f, "# plan: "), *want = NULL;
    size_t wlen = 0;
    FILE *m = open_memstream(&want, &wlen);
    if (m) {
        sw_plan_write(m, p, "# plan: ");
        fclose(m);
    }
    bool same = have && want && strcmp(have, want) == 0;
    free(have);
    free(want);
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "it was written for another plan (its '# plan:' lines "
                    "differ)");
    char *reg = sw_file_lines(f, "# registry: ");
    char mine[64];
    snprintf(mine, sizeof mine, "# registry: %016llx\n", (unsigned long long)mz_registry_hash());
    same = reg && (reg[0] == '\0' || strcmp(reg, mine) == 0);
    free(reg);
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "it was written with another registry (its '# "
                    "registry:' line differs from %.16s)", mine + 12);
    return SW_OK;
}

int sw_resume_copy(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                   int argc, char *const *argv, FILE *out, uint64_t *done, char *err,
                   size_t errlen)
{
    int rc = check_prov(p, f, shard, nshard, err, errlen);
    if (rc == SW_OK)
        rc = sw_check_rows(p, f, shard, nshard, done, err, errlen);
    if (rc != SW_OK)
        return rc;
    fwrite(f->text, 1, f->prov_end, out);
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(out, "# resumed: %s after %llu of %llu tasks, commit %s, cflags %s, command: "
            "mazebench", date, (unsigned long long)*done,
            (unsigned long long)sw_shard_tasks(p, shard, nshard), sw_build_commit(),
            sw_build_cflags());
    for (int k = 0; k < argc; k++) {
        fputc(' ', out);
        for (const char *s = argv[k]; *s; s++)
            fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
    }
    fputc('\n', out);
    size_t keep = *done ? f->row_end[*done * p->per_task - 1] : f->rows_at;
    fwrite(f->text + f->header_at, 1, keep - f->header_at, out);
    if (ferror(out))
        return sw_fail(err, errlen, SW_FAIL, "write error");
    return SW_OK;
}

int sw_merge(sw_file *parts, const char *const *names, size_t n, FILE *out, char *err,
             size_t errlen)
{
    char why[768];
    /* The plan, read back from the first part. */
    uint64_t v0[4];
    if (parse_shard_line(&parts[0], v0) != 0 || parts[0].header_at == SIZE_MAX)
        return sw_fail(err, errlen, SW_BAD, "'%s' is not a sweep file (no valid '# shard:' line "
                    "or no header)", names[0]);
    if (v0[1] != n)
        return sw_fail(err, errlen, SW_BAD, "'%s' is part %llu of %llu, but %zu file%s given",
                    names[0], (unsigned long long)v0[0], (unsigned long long)v0[1], n,
                    n == 1 ? " was" : "s were");
    char *text = sw_file_lines(&parts[0], "# plan: ");
    if (!text)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    /* Strip the prefixes in place. */
    size_t w = 0;
    for (size_t r = 0; text[r];) {
        if (strncmp(text + r, "# plan: ", 8) == 0)
            r += 8;
        while (text[r] && text[r] != '\n')
            text[w++] = text[r++];
        if (text[r] == '\n')
            text[w++] = text[r++];
    }
    text[w] = '\0';
    sw_plan p;
    sw_plan_init(&p, NULL, NULL);
    int rc = sw_plan_parse_text(&p, text, w, "plan", why, sizeof why);
    free(text);
    if (rc == SW_OK)
        rc = sw_plan_finish(&p, why, sizeof why);
    if (rc != SW_OK) {
        sw_plan_free(&p);
        return sw_fail(err, errlen, SW_BAD, "'%s': its plan does not run with this build: %s",
                    names[0], why);
    }
    sw_file **by = calloc(n, sizeof *by);
    if (!by) {
        sw_plan_free(&p);
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    }
    for (size_t k = 0; k < n && rc == SW_OK; k++) {
        uint64_t v[4];
        if (parse_shard_line(&parts[k], v) != 0 || v[1] != n || v[0] < 1 || v[0] > n) {
            rc = sw_fail(err, errlen, SW_BAD, "'%s' is not part I/%zu of a sweep (its '# shard:' "
                      "line)", names[k], n);
            break;
        }
        if (by[v[0] - 1]) {
            size_t other = (size_t)(by[v[0] - 1] - parts);
            rc = sw_fail(err, errlen, SW_BAD, "'%s' and '%s' are both part %llu/%zu", names[other],
                      names[k], (unsigned long long)v[0], n);
            break;
        }
        by[v[0] - 1] = &parts[k];
        unsigned shard = (unsigned)v[0];
        uint64_t whole;
        if ((rc = check_prov(&p, &parts[k], shard, (unsigned)n, why, sizeof why)) != SW_OK ||
            (rc = sw_check_rows(&p, &parts[k], shard, (unsigned)n, &whole, why,
                                sizeof why)) != SW_OK) {
            rc = sw_fail(err, errlen, rc, "'%s': %s", names[k], why);
            break;
        }
        uint64_t mine = sw_shard_tasks(&p, shard, (unsigned)n);
        size_t end = parts[k].nrows ? parts[k].row_end[parts[k].nrows - 1] : parts[k].rows_at;
        if (whole != mine || parts[k].nrows % p.per_task || end != parts[k].len) {
            rc = sw_fail(err, errlen, SW_BAD, "'%s' is incomplete (%llu of %llu tasks): finish it "
                      "with 'mazebench sweep --resume --shard %u/%zu --out %s'", names[k],
                      (unsigned long long)whole, (unsigned long long)mine, shard, n, names[k]);
            break;
        }
    }
    if (rc == SW_OK) {
        const sw_file *f0 = &parts[0];
        for (size_t off = 0; off < f0->prov_end;) {
            const char *nl = memchr(f0->text + off, '\n', f0->prov_end - off);
            size_t end = (size_t)(nl - f0->text) + 1;
            if (strncmp(f0->text + off, "# shard: ", 9) == 0) {
                fprintf(out, "# shard: 1/1, tasks %llu, rows per task %zu\n",
                        (unsigned long long)p.ntask, p.per_task);
                fputs("# merged:", out);
                for (size_t k = 0; k < n; k++)
                    fprintf(out, " %s", names[by[k] - parts]);
                fputs(" (the lines above are the first file's)\n", out);
            } else {
                fwrite(f0->text + off, 1, end - off, out);
            }
            off = end;
        }
        fwrite(f0->text + f0->header_at, 1, f0->rows_at - f0->header_at, out);
        for (uint64_t t = 0; t < p.ntask; t++) {
            const sw_file *f = by[t % n];
            size_t first = (size_t)(t / n) * p.per_task;
            size_t from = first ? f->row_end[first - 1] : f->rows_at;
            size_t to = f->row_end[first + p.per_task - 1];
            fwrite(f->text + from, 1, to - from, out);
        }
        if (fflush(out) != 0 || ferror(out))
            rc = sw_fail(err, errlen, SW_FAIL, "cannot write the merged file: %s", strerror(errno));
    }
    free(by);
    sw_plan_free(&p);
    return rc;
}
