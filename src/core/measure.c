/*
 * measure.c - the one timing engine (see mazebench.h, "Measurement").
 *
 * Like zstd's benchfn, the clock knows nothing of the work: a run is
 * prepared (grid allocated and first-touched, a warm-up run that fills the
 * pool with every block the run needs), then timed, and only then checked
 * and measured. The pool is the allocator of the grid and of the solution,
 * so a timed run gets its blocks back from the warm-up instead of from the
 * system: no allocation and no fresh page inside the clock, which the pool's
 * counters confirm (timed_fresh_bytes).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* syscall(), for perf_event_open */
#include "internal.h"
#include "../mazebench_bench.h"
#include "../util/util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#if defined(MZ_HAVE_CALLGRIND)
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>
#endif
#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/perf_event.h>)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#define MZ_HAVE_PERF 1
#endif
#endif

uint64_t mz_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

uint64_t mz_thread_cpu_ns(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
#endif
    return 0;
}

mz_status mz_bench_init(mz_bench *b)
{
    if (!b)
        return MZ_EINVAL;
    memset(b, 0, sizeof *b);
    b->pool = mz_pool_new();
    if (!b->pool)
        return MZ_ENOMEM;
    b->grid.mem = mz_pool_allocator(b->pool);
    b->sol.mem = b->grid.mem;
    return MZ_OK;
}

void mz_bench_free(mz_bench *b)
{
    if (!b)
        return;
    mz_meter_close(b->meter);
    mz_grid_free(&b->grid);
    mz_solution_free(&b->sol);
    mz_pool_free(b->pool);
    memset(b, 0, sizeof *b);
}

/* ---- meters: instruction counts of the timed call ---- */

struct mz_meter {
    mz_counter kind;
    char *cg_out;      /* Callgrind's --callgrind-out-file */
    int fd[2];         /* perf: instructions (group leader), cache misses */
    char about[512];
};

bool mz_callgrind_built(void)
{
#if defined(MZ_HAVE_CALLGRIND)
    return true;
#else
    return false;
#endif
}

bool mz_under_valgrind(void)
{
#if defined(MZ_HAVE_CALLGRIND)
    return RUNNING_ON_VALGRIND != 0;
#else
    return false;
#endif
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static mz_status why_fail(mz_status s, char *why, size_t len, const char *fmt, ...)
{
    if (why && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return s;
}

#if defined(MZ_HAVE_CALLGRIND)
/* Callgrind numbers its dumps OUT.1, OUT.2, ... for the whole process. */
static unsigned cg_dumps;

/* One dump's figures: instructions and last-level misses, from its
 * "events:" and "totals:" (or "summary:") lines; missing trailing events
 * are 0. about (may be NULL) gets the creator and cache lines. */
typedef struct cg_dump {
    uint64_t ir, llc;
    bool have_ir, have_llc;
} cg_dump;

static int cg_read(const char *path, cg_dump *d, char *about, size_t aboutlen)
{
    memset(d, 0, sizeof *d);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024], events[1024] = "";
    uint64_t val[16] = {0};
    bool have_totals = false;
    size_t alen = 0;
    if (about && aboutlen)
        about[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "events: ", 8) == 0) {
            snprintf(events, sizeof events, "%s", line + 8);
        } else if (strncmp(line, "totals: ", 8) == 0 ||
                   (!have_totals && strncmp(line, "summary: ", 9) == 0)) {
            have_totals = line[0] == 't';
            memset(val, 0, sizeof val);
            const char *p = strchr(line, ':') + 1;
            for (int k = 0; k < 16; k++) {
                uint64_t v;
                while (*p == ' ' || *p == '\t')
                    p++;
                if (mzu_scan_u64(&p, 0, UINT64_MAX, 0, &v) != MZU_INT_OK)
                    break;
                val[k] = v;
            }
        } else if (about && (strncmp(line, "creator: callgrind-", 19) == 0 ||
                             strncmp(line, "desc: I1 cache: ", 16) == 0 ||
                             strncmp(line, "desc: D1 cache: ", 16) == 0 ||
                             strncmp(line, "desc: LL cache: ", 16) == 0)) {
            const char *v = line[0] == 'c' ? line + 19 : line + 6;
            int n = snprintf(about + alen, aboutlen - alen, "%s%s%s", alen ? "; " : "",
                             line[0] == 'c' ? "valgrind " : "", v);
            if (n > 0 && (size_t)n < aboutlen - alen)
                alen += (size_t)n;
        }
    }
    fclose(f);
    /* Which position is which event. */
    int k = 0;
    for (char *e = strtok(events, " "); e && k < 16; e = strtok(NULL, " "), k++) {
        if (strcmp(e, "Ir") == 0) {
            d->ir = val[k];
            d->have_ir = true;
        } else if (strcmp(e, "ILmr") == 0 || strcmp(e, "DLmr") == 0 || strcmp(e, "DLmw") == 0) {
            d->llc += val[k];
            d->have_llc = true;
        }
    }
    return d->have_ir ? 0 : -1;
}

/* Dump Callgrind's costs and read the dump back (then remove it). */
static int cg_dump_read(mz_meter *m, cg_dump *d, char *about, size_t aboutlen)
{
    CALLGRIND_DUMP_STATS_AT("mazebench");
    char path[4096];
    snprintf(path, sizeof path, "%s.%u", m->cg_out, ++cg_dumps);
    int rc = cg_read(path, d, about, aboutlen);
    remove(path);
    return rc;
}
#endif

#if defined(MZ_HAVE_PERF)
static int perf_open(uint64_t config, int group)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_HARDWARE;
    a.config = config;
    a.disabled = group < 0;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    a.read_format = PERF_FORMAT_GROUP;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}
#endif

mz_status mz_meter_open(mz_meter **out, mz_counter kind, const char *cg_out, char *why,
                        size_t whylen)
{
    if (why && whylen)
        why[0] = '\0';
    if (!out) {
        if (why && whylen)
            snprintf(why, whylen, "no meter to open (NULL)");
        return MZ_EINVAL;
    }
    *out = NULL;
    mz_meter *m = calloc(1, sizeof *m);
    if (!m)
        return MZ_ENOMEM;
    m->kind = kind;
    m->fd[0] = m->fd[1] = -1;
    mz_status s = MZ_OK;
    if ((unsigned)kind > MZ_COUNTER_PERF)
        kind = MZ_COUNTER_NONE; /* no such counter either */
    switch (kind) {
    case MZ_COUNTER_CALLGRIND: {
#if defined(MZ_HAVE_CALLGRIND)
        if (!RUNNING_ON_VALGRIND) {
            s = why_fail(MZ_EUNSUPPORTED, why, whylen, "not running under valgrind");
            break;
        }
        if (!cg_out || !cg_out[0]) {
            s = why_fail(MZ_EINVAL, why, whylen, "Callgrind's --callgrind-out-file is not "
                         "known");
            break;
        }
        m->cg_out = malloc(strlen(cg_out) + 1);
        if (!m->cg_out) {
            s = MZ_ENOMEM;
            break;
        }
        strcpy(m->cg_out, cg_out);
        /* The probe: nothing collected between a zero and a dump, and the
         * dump where we look for it. */
        cg_dump d;
        char about[400];
        CALLGRIND_ZERO_STATS;
        if (cg_dump_read(m, &d, about, sizeof about) != 0) {
            s = why_fail(MZ_EUNSUPPORTED, why, whylen, "no Callgrind dump appeared at '%s.N' "
                         "(not running under Callgrind, or another --callgrind-out-file)",
                         cg_out);
            break;
        }
        if (d.ir != 0) {
            s = why_fail(MZ_EINVAL, why, whylen, "Callgrind collects from the start: run it "
                         "with --collect-atstart=no");
            break;
        }
        snprintf(m->about, sizeof m->about, "callgrind (%s%s)", about,
                 d.have_llc ? "" : "; no cache simulation");
#else
        (void)cg_out;
        s = why_fail(MZ_EUNSUPPORTED, why, whylen, "this build has no Callgrind client "
                     "requests (valgrind/callgrind.h was missing: install valgrind and "
                     "rebuild)");
#endif
        break;
    }
    case MZ_COUNTER_PERF: {
#if defined(MZ_HAVE_PERF)
        m->fd[0] = perf_open(PERF_COUNT_HW_INSTRUCTIONS, -1);
        if (m->fd[0] < 0) {
            int e = errno;
            s = why_fail(MZ_EUNSUPPORTED, why, whylen,
                         e == EACCES || e == EPERM
                             ? "perf_event_open refused the instruction counter (%s): "
                               "lower /proc/sys/kernel/perf_event_paranoid"
                             : "the kernel offers no hardware instruction counter "
                               "(perf_event_open: %s; a virtual machine often has none)",
                         strerror(e));
            break;
        }
        m->fd[1] = perf_open(PERF_COUNT_HW_CACHE_MISSES, m->fd[0]);
        snprintf(m->about, sizeof m->about, "perf (hardware counters: user-space "
                 "instructions%s)", m->fd[1] >= 0 ? ", cache misses" : "; no cache-miss counter");
#else
        s = why_fail(MZ_EUNSUPPORTED, why, whylen, "hardware counters need Linux's "
                     "perf_event_open");
#endif
        break;
    }
    case MZ_COUNTER_NONE:
        s = why_fail(MZ_EINVAL, why, whylen, "no such counter");
        break;
    }
    if (s != MZ_OK) {
        mz_meter_close(m);
        return s;
    }
    *out = m;
    return MZ_OK;
}

void mz_meter_close(mz_meter *m)
{
    if (!m)
        return;
    for (int k = 0; k < 2; k++)
        if (m->fd[k] >= 0)
            close(m->fd[k]);
    free(m->cg_out);
    free(m);
}

const char *mz_meter_about(const mz_meter *m)
{
    return m ? m->about : "none";
}

/* Start counting: the last thing before the clock's first read. */
static void meter_begin(mz_meter *m)
{
#if defined(MZ_HAVE_CALLGRIND)
    if (m->kind == MZ_COUNTER_CALLGRIND) {
        CALLGRIND_ZERO_STATS;
        CALLGRIND_TOGGLE_COLLECT;
        return;
    }
#endif
#if defined(MZ_HAVE_PERF)
    if (m->kind == MZ_COUNTER_PERF) {
        ioctl(m->fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
        ioctl(m->fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
    }
#endif
    (void)m;
}

/* Stop counting (the first thing after the clock's second read) and store
 * the count in t. */
static mz_status meter_end(mz_meter *m, mz_timing *t)
{
#if defined(MZ_HAVE_CALLGRIND)
    if (m->kind == MZ_COUNTER_CALLGRIND) {
        CALLGRIND_TOGGLE_COLLECT;
        cg_dump d;
        if (cg_dump_read(m, &d, NULL, 0) != 0)
            return MZ_EIO;
        t->instr = d.ir;
        t->llc_miss = d.llc;
        t->counted = true;
        t->llc_counted = d.have_llc;
        return MZ_OK;
    }
#endif
#if defined(MZ_HAVE_PERF)
    if (m->kind == MZ_COUNTER_PERF) {
        ioctl(m->fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
        uint64_t v[3] = {0, 0, 0}; /* nr, instructions, misses */
        ssize_t n = read(m->fd[0], v, sizeof v);
        if (n < (ssize_t)(2 * sizeof v[0]))
            return MZ_EIO;
        t->instr = v[1];
        t->counted = true;
        if (v[0] > 1) {
            t->llc_miss = v[2];
            t->llc_counted = true;
        }
        return MZ_OK;
    }
#endif
    (void)m;
    (void)t;
    return MZ_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Fill min, median and max from the timed runs in ns[0..reps). */
static void summarise(mz_timing *t, uint64_t *ns, unsigned reps)
{
    t->reps = reps;
    t->ns = ns[0];
    qsort(ns, reps, sizeof *ns, cmp_u64);
    t->min_ns = ns[0];
    t->max_ns = ns[reps - 1];
    t->median_ns = reps % 2 ? ns[reps / 2] : ns[reps / 2 - 1] + (ns[reps / 2] - ns[reps / 2 - 1]) / 2;
}

/* What brackets the clock on the first timed run (r == 0), outermost
 * first: the thread's CPU clock, then the meter, so that neither the count
 * nor the time sees the CPU clock's system call. first_run_begin returns
 * the CPU clock's reading (0 for a later run, or without such a clock);
 * first_run_end stops the meter (collection off, whatever s is), records
 * cpu_ns and returns s, or the meter's failure when s was MZ_OK. */
static uint64_t first_run_begin(const mz_bench *b, unsigned r)
{
    if (r != 0)
        return 0;
    uint64_t u0 = mz_thread_cpu_ns();
    if (b->meter)
        meter_begin(b->meter);
    return u0;
}

static mz_status first_run_end(const mz_bench *b, unsigned r, uint64_t u0, mz_status s,
                               mz_timing *t)
{
    if (r != 0)
        return s;
    if (b->meter) {
        mz_status ms = meter_end(b->meter, t);
        if (s == MZ_OK)
            s = ms;
    }
    if (u0)
        t->cpu_ns = mz_thread_cpu_ns() - u0;
    return s;
}

mz_status mz_bench_gen(mz_bench *b, const mz_spec *spec, uint64_t seed, const mz_dims *geo,
                       mz_trace *trace, unsigned reps, mz_timing *t)
{
    if (!t)
        return MZ_EINVAL;
    memset(t, 0, sizeof *t);
    if (!b || !spec || !geo)
        return MZ_EINVAL;
    if (reps < 1 || reps > MZ_MAX_REPS || spec->n == 0 || spec->stage[0].algo->kind != MZ_GEN)
        return MZ_EINVAL;
    uint64_t ns[MZ_MAX_REPS];
    mz_pool_stats st;

    /* Setup: the grid (allocation and first touch), then a warm-up run. */
    uint64_t t0 = mz_clock_ns();
    mz_solution_clear(&b->sol); /* an old path goes back to the pool */
    mz_status s = mz_grid_resize(&b->grid, geo);
    if (s != MZ_OK)
        return s;
    /* The grid is now the only block in use: the peak counts it. */
    mz_pool_mark(b->pool);
    memset(&b->gx, 0, sizeof b->gx);
    s = mz_generate_on(spec, seed, &b->grid, NULL, &b->gx);
    if (s != MZ_OK)
        return s;
    mz_pool_get_stats(b->pool, &st);
    t->heap_peak = st.peak;
    uint64_t want = mz_digest(&b->grid);

    for (unsigned r = 0; r < reps; r++) {
        s = mz_grid_resize(&b->grid, geo);
        if (s != MZ_OK)
            return s;
        memset(&b->gx, 0, sizeof b->gx);
        mz_pool_mark(b->pool);
        if (r == 0)
            t->setup_ns = mz_clock_ns() - t0;
        uint64_t u0 = first_run_begin(b, r);
        /* --- the clock --- */
        uint64_t c0 = mz_clock_ns();
        s = mz_generate_on(spec, seed, &b->grid, r == 0 ? trace : NULL, &b->gx);
        ns[r] = mz_clock_ns() - c0;
        /* ---------------- */
        s = first_run_end(b, r, u0, s, t);
        if (s != MZ_OK)
            return s;
        mz_pool_get_stats(b->pool, &st);
        t->timed_fresh_bytes += st.fresh_bytes;
        if (mz_digest(&b->grid) != want)
            return MZ_EINVAL; /* a generator that depends on more than its seed */
    }
    summarise(t, ns, reps);
    return MZ_OK;
}

mz_status mz_bench_solve(mz_bench *b, const mz_stage *st, mz_trace *trace, unsigned reps,
                         mz_timing *t)
{
    if (!t)
        return MZ_EINVAL;
    memset(t, 0, sizeof *t);
    if (!b || !st)
        return MZ_EINVAL;
    if (reps < 1 || reps > MZ_MAX_REPS)
        return MZ_EINVAL;
    if (!b->grid.c)
        return MZ_EINVAL;
    uint64_t ns[MZ_MAX_REPS];
    mz_pool_stats ps;

    uint64_t t0 = mz_clock_ns();
    mz_solution_clear(&b->sol);
    mz_pool_mark(b->pool);
    mz_pool_get_stats(b->pool, &ps);
    uint64_t base = ps.live;
    mz_status s = mz_solve(st, &b->grid, NULL, &b->sol);
    if (s != MZ_OK)
        return s;
    mz_pool_get_stats(b->pool, &ps);
    t->heap_peak = ps.peak - base;
    int64_t want_steps = b->sol.path_steps;
    bool want_found = b->sol.found;

    for (unsigned r = 0; r < reps; r++) {
        mz_solution_clear(&b->sol);
        mz_pool_mark(b->pool);
        if (r == 0)
            t->setup_ns = mz_clock_ns() - t0;
        uint64_t u0 = first_run_begin(b, r);
        uint64_t c0 = mz_clock_ns();
        s = mz_solve(st, &b->grid, r == 0 ? trace : NULL, &b->sol);
        ns[r] = mz_clock_ns() - c0;
        s = first_run_end(b, r, u0, s, t);
        if (s != MZ_OK)
            return s;
        mz_pool_get_stats(b->pool, &ps);
        t->timed_fresh_bytes += ps.fresh_bytes;
        if (b->sol.path_steps != want_steps || b->sol.found != want_found)
            return MZ_EINVAL;
    }
    summarise(t, ns, reps);
    return MZ_OK;
}
