/*
 * run.c - running a sweep: the worker pool, the reorder buffer and the
 * stop flag (the row checks behind --resume and merge are in resume.c).
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
#include "../mazebench_bench.h"
#include "../mazebench_plugin.h"
#include "out/out.h"
#include "internal.h"
#include "outside/outside.h"

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

void sw_request_stop(int sig) { atomic_store(&stop_sig, sig ? sig : -1); }
int sw_stop_signal(void) { return atomic_load(&stop_sig); }

static void on_signal(int sig)
{
    int was = atomic_exchange(&stop_sig, sig);
    if (was > 0) {
        /* The second signal: stop now. The rows written so far are in
         * FILE.partial already (the target is left as it was); --resume
         * drops a partial last task or row. Outside programs under way
         * go too. */
        mzx_kill_all();
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
static const char col_gen_cpu[] = "gen_cpu_ns";
static const char col_solve_cpu[] = "solve_cpu_ns";

int sw_columns(mz_cols *cols)
{
    /* The built-in entries' columns, then those of entries added at run
     * time (outside programs, plugins): without any, the same header. */
    size_t nb = mz_registry_count(), na = 0;
    const mz_algo *const *added = mz_registry_added(&na);
    const mz_algo **both = NULL;
    if (na) {
        both = malloc((nb + na) * sizeof *both);
        if (!both)
            return -1;
        memcpy(both, mz_registry, nb * sizeof *both);
        memcpy(both + nb, added, na * sizeof *both);
    }
    mz_row_columns(cols, true, true, true, both ? both : (const mz_algo **)mz_registry, nb + na);
    free(both);
    if (cols->n + 10 > MZ_MAX_COLS)
        return -1;
    cols->name[cols->n++] = col_gen_setup;
    cols->name[cols->n++] = col_solve_setup;
    cols->name[cols->n++] = col_gen_heap;
    cols->name[cols->n++] = col_solve_heap;
    cols->name[cols->n++] = col_gen_instr;
    cols->name[cols->n++] = col_solve_instr;
    cols->name[cols->n++] = col_gen_llc;
    cols->name[cols->n++] = col_solve_llc;
    cols->name[cols->n++] = col_gen_cpu;
    cols->name[cols->n++] = col_solve_cpu;
    return 0;
}

void sw_write_header(FILE *f, const mz_cols *cols)
{
    for (unsigned k = 0; k < cols->n; k++) {
        if (k)
            fputc(',', f);
        fputs(cols->name[k], f);
    }
    fputc('\n', f);
}

bool sw_is_recipe_col(const char *c)
{
    return strcmp(c, "gen") == 0 || strcmp(c, "seed") == 0 || strcmp(c, "rng") == 0 ||
           strcmp(c, "topology") == 0 ||
           strcmp(c, "rows") == 0 || strcmp(c, "cols") == 0 || strcmp(c, "rep") == 0 ||
           strcmp(c, "solver") == 0;
}

bool sw_own_source(const mz_spec *spec)
{
    for (unsigned k = 0; k < spec->n; k++)
        if (!mzx_is_outside(spec->stage[k].algo))
            return false;
    return spec->n > 0;
}

bool sw_own_source_col(const mz_spec *spec, const char *col)
{
    return (strcmp(col, "rng") == 0 || strcmp(col, "draws") == 0) && sw_own_source(spec);
}

bool sw_is_timing_col(const char *c)
{
    size_t n = strlen(c);
    return n > 3 && (strcmp(c + n - 3, "_ns") == 0 || strcmp(c + n - 3, "_kb") == 0);
}

struct row_extra {
    bool gen_ok, solve_ok;
    /* An outside program that failed (MZ_EOUTSIDE): its entry's columns
     * (outside_status...) are written though the figures are not. */
    const char *const *failed_cols;
    mz_shape shape; /* the topology column */
    uint64_t levels;
    const char *solver;
    const mz_timing *gt, *st;
    /* An outside solver that failed (MZ_EOUTSIDE): the columns it set
     * (solve_outside_status...) are written, its other figures are not. */
    const mz_solution *failed_sol;
    const mz_spec *spec; /* sw_own_source_col's columns are left empty */
};

/* An outside program's own CPU time and memory (child_cpu_ns and
 * child_maxrss_kb, or the solver's solve_child_ ones) when the row has
 * them: its CPU time is added to the thread's, and the heap peak, which is
 * mazebench's own, is left empty (docs/outside.md). */
static const mz_value *child_figure(const mz_extra *x, const char *name)
{
    const mz_value *v = x ? mz_extra_get(x, name) : NULL;
    return v && v->type == MZ_V_INT && v->i >= 0 ? v : NULL;
}

static bool in_list(const char *const *list, const char *c)
{
    for (; list && *list; list++)
        if (strcmp(*list, c) == 0)
            return true;
    return false;
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
            if (x->gen_ok && !child_figure(row->gx, "child_maxrss_kb"))
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->gt->heap_peak);
        } else if (c == col_solve_setup) {
            if (x->solve_ok)
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->st->setup_ns);
        } else if (c == col_solve_heap) {
            if (x->solve_ok &&
                !child_figure(row->sol ? &row->sol->extra : NULL, "solve_child_maxrss_kb"))
                snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->st->heap_peak);
        } else if (c == col_gen_cpu) {
            const mz_value *cv = child_figure(row->gx, "child_cpu_ns");
            if (x->gen_ok && x->gt->cpu_ns)
                snprintf(buf, sizeof buf, "%llu",
                         (unsigned long long)x->gt->cpu_ns + (cv ? (unsigned long long)cv->i : 0));
        } else if (c == col_solve_cpu) {
            const mz_value *cv = child_figure(row->sol ? &row->sol->extra : NULL, "solve_child_cpu_ns");
            if (x->solve_ok && x->st->cpu_ns)
                snprintf(buf, sizeof buf, "%llu",
                         (unsigned long long)x->st->cpu_ns + (cv ? (unsigned long long)cv->i : 0));
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
        } else if (sw_own_source_col(x->spec, c)) {
            /* left empty */
        } else if (x->failed_sol && mz_extra_get(&x->failed_sol->extra, c)) {
            mz_row r2 = *row;
            r2.solver = x->solver;
            r2.sol = x->failed_sol;
            mz_row_field(&r2, x->shape, x->levels, c, buf, sizeof buf);
        } else if (x->gen_ok || sw_is_recipe_col(c) || in_list(x->failed_cols, c)) {
            mz_row_field(row, x->shape, x->levels, c, buf, sizeof buf);
        }
        mzo_csv_string(f, buf);
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
    unsigned threads; /* each task's figures */
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
 * sweep; MZ_EUNSUPPORTED is a result (recipe kept, figures empty), and so
 * is MZ_EOUTSIDE, an outside program that failed (its columns say how). */
static int run_task(struct pool *pl, mz_bench *b, const sw_task *t, FILE *out, char *msg,
                    size_t msglen)
{
    const sw_plan *p = pl->run->plan;
    mz_spec task_spec = p->gspec[t->gen];
    task_spec.rng = t->rng;
    const mz_spec *spec = &task_spec;
    mz_timing gt, st;
    mz_metrics m;
    memset(&m, 0, sizeof m);
    memset(&st, 0, sizeof st);
    mz_dims geo = sw_size_dims(t->size);
    char grid[128];
    sw_size_format(t->size, grid, sizeof grid);
    mz_status s = mz_bench_gen(b, spec, t->seed, &geo, NULL, 1, &gt);
    if (s == MZ_OK)
        s = mz_metrics_compute(&b->grid, pl->threads, &m);
    bool gen_ok = s == MZ_OK;
    bool outside_failed = s == MZ_EOUTSIDE;
    if (!gen_ok && s != MZ_EUNSUPPORTED && !outside_failed) {
        snprintf(msg, msglen, "%s seed %llu grid %s failed: %s", p->gen[t->gen],
                 (unsigned long long)t->seed, grid, mz_status_str(s));
        return -1;
    }
    if (!gen_ok && !outside_failed && t->seed == p->range[0].lo && t->rep == 1 && p->note) {
        char n[512];
        snprintf(n, sizeof n, "%s cannot make a %s maze (%s): its rows keep the "
                 "figures empty", p->gen[t->gen], grid, mz_status_str(s));
        p->note(p->note_user, n);
    }
    mz_row row = {p->gen[t->gen], t->seed, gen_ok ? b->grid.rows : t->size.rows,
                  gen_ok ? b->grid.cols : t->size.cols, t->rep, &m, &b->gx, NULL, NULL, true,
                  gen_ok ? gt.ns : 0, 0, 0, t->rng};
    struct row_extra x = {gen_ok, false, outside_failed ? spec->stage[0].algo->columns : NULL,
                          gen_ok ? b->grid.shape : t->size.shape,
                          gen_ok ? b->grid.levels : t->size.levels, NULL, &gt, &st, NULL,
                          spec};
    if (p->nsolv == 0) {
        row.peak_rss_kb = peak_rss_kb();
        write_row(out, &pl->cols, &row, &x);
        return 0;
    }
    for (size_t j = 0; j < p->nsolv; j++) {
        x.solver = p->solv[j];
        x.solve_ok = false;
        x.failed_sol = NULL;
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
            } else if (s == MZ_EOUTSIDE) {
                x.failed_sol = &b->sol; /* a result: its columns say how it failed */
            } else if (s != MZ_EUNSUPPORTED) {
                snprintf(msg, msglen, "%s on %s seed %llu grid %s failed: %s",
                         p->solv[j], p->gen[t->gen], (unsigned long long)t->seed, grid,
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
    pl.threads = r->threads ? r->threads : mz_cpu_count() / jobs;
    if (pl.threads == 0)
        pl.threads = 1;
    pl.slot = calloc(pl.ring, sizeof *pl.slot);
    pl.slot_len = calloc(pl.ring, sizeof *pl.slot_len);
    if (!pl.slot || !pl.slot_len) {
        free(pl.slot);
        free(pl.slot_len);
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    }
    atomic_init(&pl.next, r->start);
    pl.written = r->start;
    pthread_mutex_init(&pl.mu, NULL);
    pthread_cond_init(&pl.cv, NULL);
    /* Every worker counts as alive from the start; those that could not
     * be started are taken off again (a worker decrements alive as it
     * leaves). */
    pl.alive = jobs;
    sw_workers w;
    unsigned started = sw_workers_start(&w, jobs, worker, &pl);
    if (started < jobs) {
        pthread_mutex_lock(&pl.mu);
        pl.alive -= jobs - started;
        if (!pl.fatal) {
            pl.fatal = 1;
            snprintf(pl.fatal_msg, sizeof pl.fatal_msg, "cannot start worker thread %u",
                     started + 1);
        }
        pthread_cond_broadcast(&pl.cv);
        pthread_mutex_unlock(&pl.mu);
    }
    uint64_t t0 = mz_clock_ns(), t_said = t0;
    /* A shard's share of the cells, near enough (tasks are dealt in turn). */
    double cells_all = r->plan->cells * (double)r->ntask / (double)r->plan->ntask, cells_done = 0;
    for (uint64_t k = 0; k < r->start && k < 4096; k++) {
        sw_task t;
        sw_plan_task(r->plan, global_index(r, k), &t);
        cells_done += (double)sw_size_cells(t.size);
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
            cells_done += (double)sw_size_cells(t.size);
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
    sw_workers_join(&w);
    for (size_t k = 0; k < pl.ring; k++)
        free(pl.slot[k]); /* tasks finished past a gap: not written */
    free(pl.slot);
    free(pl.slot_len);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cv);
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
