/* Outside generators (outside.h, docs/outside.md): each [generator NAME]
 * section becomes a registry entry whose generator function runs the
 * program for the grid it is handed, reads the maze it prints (or writes
 * to {out}) with mz_file_read, checks it and copies it into the grid.
 *
 * Checks, in order, each with its status (the outside_status column): the
 * process (exit, signal, timeout, output-limit, cannot-start), the text
 * (bad-output), the size and shape asked for (wrong-size), the perfect
 * claim (not-perfect), and the same maze again for the same seed
 * (not-reproducible: with deterministic = yes the program runs twice; and
 * whenever a thread runs an entry twice in a row on the same seed and
 * size, as the sweep's timing does, the two mazes are compared). Walls
 * open on one side only are closed by the reader and counted in
 * inconsistent_walls. */
#define _XOPEN_SOURCE 700 /* openat, strdup */
#include "outside.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebench_file.h"
#include "mazebench_plugin.h"
#include "refuse.h"

const char *const mzx_columns[] = {"outside_status", "process_ns", "startup_ns", "own_ns",
                                   "inconsistent_walls", "child_cpu_ns", "child_maxrss_kb",
                                   NULL};

#define WARM_RUNS 5
/* The name of {out} in its run's folder. */
#define OUT_NAME "maze"

typedef struct mzx_gen {
    mz_algo algo;
    char *name, *summary;
    mzx_command cmd;
    const mzx_file *file;
    mz_file_format format;
    bool perfect, deterministic, use_out;
    char *claims; /* claims = NAME: the built-in generator it says it matches, or NULL */
    mzx_limits lim;
    pthread_mutex_t mu;
    bool warmed;
    unsigned noted;     /* statuses already told through the note */
    bool noted_startup; /* a run shorter than the start-up was told */
    int64_t startup_ns; /* -1: not measured (every warm-up run failed) */
    mzx_refusal refuse; /* the grids it declares it refuses (refuses = ...) */
} mzx_gen;

static bool gen_refuses(const void *ctx, const mz_dims *g)
{
    return mzx_refusal_holds(&((const mzx_gen *)ctx)->refuse, g);
}

static void (*note_fn)(void *, const char *);
static void *note_user;
static bool fail_notes = true;

void mzx_set_fail_notes(bool on)
{
    fail_notes = on;
}

void mzx_set_note(void (*fn)(void *user, const char *line), void *user)
{
    note_fn = fn;
    note_user = user;
}

void mzx_note(const char *line)
{
    if (note_fn)
        note_fn(note_user, line);
}

void mzx_note_startup(pthread_mutex_t *mu, bool *noted, const char *kind, const char *name,
                      const char *what, int64_t startup_ns, int64_t process_ns)
{
    if (startup_ns < 0 || process_ns >= startup_ns)
        return;
    /* Said once an entry: the rest of a sweep's rows are like it. */
    pthread_mutex_lock(mu);
    bool say = !*noted;
    *noted = true;
    pthread_mutex_unlock(mu);
    if (!say)
        return;
    char line[400];
    snprintf(line, sizeof line, "outside %s %s: its start-up (%.1f ms) is longer than this run "
             "(%.1f ms): the net time is noise; give it a larger %s or report mazebench-own-ns",
             kind, name, (double)startup_ns / 1e6, (double)process_ns / 1e6, what);
    mzx_note(line);
}

static _Thread_local char last_error[600];

const char *mzx_last_error(void)
{
    return last_error;
}

/* The last maze each thread made, to compare a rerun of the same seed. */
static _Thread_local struct {
    const mzx_gen *x;
    uint64_t seed, digest;
    mz_dims dims;
} last_run;

static mz_status gen_fn(mz_grid *g, const mz_args *a, mz_run *run);

bool mzx_is_outside(const mz_algo *a)
{
    return a && a->kind == MZ_GEN && a->gen == gen_fn;
}

/* ---- one run of the program ---- */

typedef struct outcome {
    mzx_status status;
    mz_status err;        /* MZ_ENOMEM when that stopped it, else MZ_OK */
    uint64_t process_ns;
    int64_t own_ns;       /* -1: not reported */
    int64_t cpu_ns;       /* the process's user + system time; -1: not known */
    int64_t maxrss_kb;    /* its peak resident memory; -1: not known */
    int64_t inconsistent; /* -1: nothing read */
    char why[500];
} outcome;

static bool same_dims(const mz_dims *a, const mz_dims *b)
{
    return a->shape == b->shape && a->levels == b->levels && a->rows == b->rows &&
           a->cols == b->cols;
}

/* Run x's program for dims and seed; on MZX_OK the maze is in out. When
 * want_maze is false only the process counts (the warm-up). */
static void run_once(const mzx_gen *x, const mz_dims *dims, uint64_t seed, bool want_maze,
                     mz_grid *out, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->own_ns = o->cpu_ns = o->maxrss_kb = -1;
    o->inconsistent = -1;
    char rows[32], cols[32], sd[32], dm[128], tmp[4200] = "";
    mzx_rundir rd = {.fd = -1};
    snprintf(rows, sizeof rows, "%" PRIu64, dims->rows);
    snprintf(cols, sizeof cols, "%" PRIu64, dims->cols);
    snprintf(sd, sizeof sd, "%" PRIu64, seed);
    mz_dims_format(dims, dm, sizeof dm);
    const char *shape = mz_shape_name(dims->shape);
    if (x->use_out) {
        /* {out}: a fresh empty file in a private folder of the run's own,
         * removed with all that is in it after the run. */
        int fd = -1;
        if (mzx_rundir_make(&rd, "mazebench-outside") == 0 &&
            mzx_rundir_file(&rd, OUT_NAME, tmp, sizeof tmp) == 0)
            fd = openat(rd.fd, OUT_NAME, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            const char *dir = getenv("TMPDIR");
            o->status = MZX_CANNOT_START;
            snprintf(o->why, sizeof o->why, "cannot make a folder for {out} in %s: %s",
                     dir && *dir ? dir : "/tmp", strerror(errno));
            mzx_rundir_remove(&rd);
            return;
        }
        close(fd);
    }
    mzx_subst subs[] = {{"rows", rows}, {"cols", cols}, {"seed", sd},   {"shape", shape},
                        {"dims", dm},   {"dir", x->file->dir}, {"out", tmp}};
    char **argv = mzx_command_expand(&x->cmd, subs, sizeof subs / sizeof subs[0]);
    if (!argv) {
        o->err = MZ_ENOMEM;
        mzx_rundir_remove(&rd);
        return;
    }
    mzx_result res;
    o->status = mzx_run(&x->lim, argv, NULL, &res);
    mzx_argv_free(argv);
    o->process_ns = res.wall_ns;
    o->own_ns = mzx_own_ns(&res);
    if (res.usage) {
        o->cpu_ns = (int64_t)res.child_cpu_ns;
        o->maxrss_kb = (int64_t)res.child_maxrss_kb;
    }
    if (o->status != MZX_OK) {
        mzx_describe(&res, o->why, sizeof o->why);
        if (o->status == MZX_CANNOT_START && res.err == ENOMEM)
            o->err = MZ_ENOMEM;
    } else if (want_maze) {
        char *text = res.out;
        size_t len = res.out_len;
        char *filetext = NULL;
        if (x->use_out) {
            o->status = mzx_read_file(&rd, OUT_NAME, "{out}", x->lim.out_bytes, &filetext, &len,
                                      o->why, sizeof o->why);
            if (o->status == MZX_CANNOT_START) /* out of memory */
                o->status = MZX_OK, o->err = MZ_ENOMEM;
            text = filetext;
        }
        if (o->status == MZX_OK && o->err == MZ_OK) {
            mz_file_opts fo;
            memset(&fo, 0, sizeof fo);
            fo.format = x->format;
            fo.expect = *dims; /* another size is refused before anything is allocated */
            mz_file_info info;
            memset(&info, 0, sizeof info);
            mz_status s = mz_file_read(text ? text : "", len, &fo, out, &info);
            mz_dims got = mz_grid_dims(out);
            if (s == MZ_ENOMEM)
                o->err = MZ_ENOMEM;
            else if (s == MZ_ETOOBIG) {
                o->status = MZX_WRONG_SIZE;
                snprintf(o->why, sizeof o->why, "gave a maze of a size refused: %s", info.err);
            } else if (s != MZ_OK) {
                o->status = MZX_BAD_OUTPUT;
                if (info.line)
                    snprintf(o->why, sizeof o->why, "printed no maze that reads (%s, line %" PRIu64
                             "): %s", mz_file_format_name(x->format), info.line, info.err);
                else
                    snprintf(o->why, sizeof o->why, "printed no maze that reads (%s): %s",
                             mz_file_format_name(x->format), info.err);
            } else if (!same_dims(&got, dims)) {
                char gd[128];
                mz_dims_format(&got, gd, sizeof gd);
                o->status = MZX_WRONG_SIZE;
                snprintf(o->why, sizeof o->why, "gave a %s maze for a %s grid", gd, dm);
                o->inconsistent = (int64_t)info.inconsistent;
            } else {
                o->inconsistent = (int64_t)info.inconsistent;
                if (x->perfect) {
                    mz_metrics m;
                    s = mz_metrics_compute(out, 1, &m);
                    if (s == MZ_ENOMEM)
                        o->err = MZ_ENOMEM;
                    else if (s != MZ_OK || m.loops != 0 || m.components != 1) {
                        o->status = MZX_NOT_PERFECT;
                        char fault[400];
                        if (s == MZ_OK)
                            mzx_maze_fault(out, &m, fault, sizeof fault);
                        else
                            snprintf(fault, sizeof fault, "a maze whose figures fail (%s)",
                                     mz_status_str(s));
                        snprintf(o->why, sizeof o->why, "declared perfect, gave a maze with %s",
                                 fault);
                    }
                }
            }
        }
        free(filetext);
    }
    mzx_result_free(&res);
    mzx_rundir_remove(&rd);
}

/* ---- start-up cost ---- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void warm(mzx_gen *x, mz_shape shape)
{
    pthread_mutex_lock(&x->mu);
    if (x->warmed) {
        pthread_mutex_unlock(&x->mu);
        return;
    }
    /* The smallest grid of the shape it does not declare it refuses: 2x2
     * (two levels of 3d), else 3x3, ... */
    mz_dims d;
    uint64_t ns[WARM_RUNS];
    unsigned n = 0;
    outcome o;
    memset(&o, 0, sizeof o);
    const bool any = mzx_refusal_smallest(&x->refuse, shape, &d);
    if (!any)
        snprintf(o.why, sizeof o.why, "refuses every grid of the shape up to 4096x4096");
    for (unsigned k = 0; any && k < WARM_RUNS; k++) {
        run_once(x, &d, 1, false, NULL, &o);
        /* A program that ends by itself tells its start-up cost, whatever
         * its exit code; one that must be killed or cannot start, not. */
        if (o.status != MZX_OK && o.status != MZX_EXIT)
            break;
        ns[n++] = o.process_ns;
    }
    char dm[128], line[400];
    mz_dims_format(&d, dm, sizeof dm);
    if (n) {
        qsort(ns, n, sizeof ns[0], cmp_u64);
        x->startup_ns = (int64_t)(n % 2 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2);
        snprintf(line, sizeof line, "outside generator %s: start-up %.1f ms (median of %u runs on %s)",
                 x->name, (double)x->startup_ns / 1e6, n, dm);
    } else {
        x->startup_ns = -1;
        snprintf(line, sizeof line, "outside generator %s: start-up not measured: on %s it %.200s",
                 x->name, dm, o.why);
    }
    x->warmed = true;
    pthread_mutex_unlock(&x->mu);
    if (note_fn)
        note_fn(note_user, line);
}

const char *mzx_gen_claims(const mz_algo *a)
{
    return mzx_is_outside(a) ? ((const mzx_gen *)a->ctx)->claims : NULL;
}

void mzx_warm(const mz_algo *a, mz_shape shape)
{
    if (mzx_is_outside(a))
        warm((mzx_gen *)a->ctx, shape);
}

/* ---- the generator function ---- */

static mz_status gen_fn(mz_grid *g, const mz_args *a, mz_run *run)
{
    (void)a;
    mzx_gen *x = (mzx_gen *)run->ctx;
    if (!x)
        return MZ_EINVAL;
    warm(x, g->shape);
    mz_dims want = mz_grid_dims(g);
    mz_grid got;
    memset(&got, 0, sizeof got);
    outcome o;
    run_once(x, &want, run->seed, true, &got, &o);
    uint64_t digest = 0;
    if (o.err == MZ_OK && o.status == MZX_OK) {
        digest = mz_digest(&got);
        /* The second run of deterministic = yes, unless this thread made
         * the maze just before (a sweep's timed run after its warm-up run):
         * the comparison with that maze below is the check, and the timed
         * run stays one run of the program. */
        bool made_before = last_run.x == x && last_run.seed == run->seed &&
                           same_dims(&last_run.dims, &want);
        if (x->deterministic && !made_before) {
            mz_grid again;
            memset(&again, 0, sizeof again);
            outcome o2;
            run_once(x, &want, run->seed, true, &again, &o2);
            if (o2.err != MZ_OK)
                o.err = o2.err;
            else if (o2.status != MZX_OK) {
                o.status = o2.status;
                snprintf(o.why, sizeof o.why, "on its second run: %.400s", o2.why);
            } else if (mz_digest(&again) != digest) {
                o.status = MZX_NOT_REPRODUCIBLE;
                snprintf(o.why, sizeof o.why, "gave another maze for seed %" PRIu64
                         " on its second run", run->seed);
            }
            mz_grid_free(&again);
        }
        if (o.status == MZX_OK && last_run.x == x && last_run.seed == run->seed &&
            same_dims(&last_run.dims, &want) && last_run.digest != digest) {
            o.status = MZX_NOT_REPRODUCIBLE;
            snprintf(o.why, sizeof o.why, "gave another maze for seed %" PRIu64
                     " than on its run before", run->seed);
        }
        if (o.status == MZX_OK) {
            last_run.x = x;
            last_run.seed = run->seed;
            last_run.dims = want;
            last_run.digest = digest;
        }
    }
    if (o.err != MZ_OK) {
        mz_grid_free(&got);
        snprintf(last_error, sizeof last_error, "outside generator %s: out of memory", x->name);
        return o.err;
    }
    if (run->extra) {
        mz_extra_text(run->extra, mzx_columns[0], mzx_status_name(o.status));
        mz_extra_int(run->extra, mzx_columns[1], (int64_t)o.process_ns);
        if (x->startup_ns >= 0)
            mz_extra_int(run->extra, mzx_columns[2], x->startup_ns);
        if (o.own_ns >= 0)
            mz_extra_int(run->extra, mzx_columns[3], o.own_ns);
        if (o.inconsistent >= 0)
            mz_extra_int(run->extra, mzx_columns[4], o.inconsistent);
        if (o.cpu_ns >= 0)
            mz_extra_int(run->extra, mzx_columns[5], o.cpu_ns);
        if (o.maxrss_kb >= 0)
            mz_extra_int(run->extra, mzx_columns[6], o.maxrss_kb);
    }
    if (o.status == MZX_OK && o.process_ns <= INT64_MAX)
        mzx_note_startup(&x->mu, &x->noted_startup, "generator", x->name, "grid", x->startup_ns,
                         (int64_t)o.process_ns);
    if (o.status != MZX_OK) {
        mz_grid_free(&got);
        char grid[128];
        mz_dims_format(&want, grid, sizeof grid);
        snprintf(last_error, sizeof last_error, "outside generator %s (seed %" PRIu64
                 ", grid %s): %s: %.350s", x->name, run->seed, grid, mzx_status_name(o.status), o.why);
        /* Said once an entry and status: a sweep's rows carry the rest. */
        pthread_mutex_lock(&x->mu);
        bool say = !(x->noted & (1u << o.status));
        x->noted |= 1u << o.status;
        pthread_mutex_unlock(&x->mu);
        if (say && fail_notes && note_fn)
            note_fn(note_user, last_error);
        return MZ_EOUTSIDE;
    }
    last_error[0] = '\0';
    mz_status s = mz_grid_copy(g, &got);
    mz_grid_free(&got);
    return s;
}

/* ---- the section ---- */

static void free_gen(void *p)
{
    mzx_gen *x = p;
    mzx_command_free(&x->cmd);
    pthread_mutex_destroy(&x->mu);
    free(x->name);
    free(x->summary);
    free(x->claims);
    free(x);
}

static const char *const gen_keys[] = {"command",       "format",     "shapes",
                                       "perfect",       "deterministic", "summary",
                                       "time-limit",    "cpu-limit",  "memory-limit",
                                       "output-limit",  "claims",     "refuses",
                                       NULL};
static const char *const gen_placeholders[] = {"rows", "cols", "seed", "out", "dir",
                                               "shape", "dims", NULL};

static mz_status bad(const mzx_file *f, unsigned line, char *msg, size_t cap, const char *what,
                     const char *name)
{
    snprintf(msg, cap, "%s:%u: %s%s%s", f->path, line, what, name ? " " : "", name ? name : "");
    return MZ_EFORMAT;
}

mz_status mzx_gen_section(const mzx_file *f, const mzx_section *s, char *msg, size_t cap)
{
    mz_status st = mzx_section_keys(f, s, gen_keys, msg, cap);
    if (st != MZ_OK)
        return st;
    if (mz_find(MZ_GEN, s->name) || mz_find(MZ_POST, s->name) || mz_find(MZ_SOLVER, s->name)) {
        snprintf(msg, cap, "%s:%u: '%s' is the name of an entry already (built in or declared "
                 "before): choose another", f->path, s->line, s->name);
        return MZ_EFORMAT;
    }
    unsigned line = 0;
    const char *command = mzx_section_get(s, "command", &line);
    if (!command)
        return bad(f, s->line, msg, cap, "no 'command = ...' in", s->name);

    mzx_gen *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(msg, cap, "%s: out of memory", f->path);
        return MZ_ENOMEM;
    }
    x->file = f;
    x->startup_ns = -1;
    mzx_limits_default(&x->lim);
    if (pthread_mutex_init(&x->mu, NULL) != 0) {
        free(x);
        snprintf(msg, cap, "%s: out of memory", f->path);
        return MZ_ENOMEM;
    }
    st = mzx_command_parse(f, line, command, gen_placeholders, &x->cmd, msg, cap);
    if (st == MZ_OK)
        st = mzx_section_limits(f, s, &x->lim, msg, cap);
    if (st == MZ_OK)
        st = mzx_section_bool(f, s, "perfect", &x->perfect, msg, cap);
    if (st == MZ_OK)
        st = mzx_section_bool(f, s, "deterministic", &x->deterministic, msg, cap);
    const char *fmt = mzx_section_get(s, "format", &line);
    x->format = MZ_FILE_AUTO;
    if (st == MZ_OK && fmt && mz_file_format_parse(fmt, &x->format) != MZ_OK) {
        char names[256];
        mz_file_format_names(names, sizeof names, 0, ", ", ", ");
        snprintf(msg, cap, "%s:%u: unknown format '%s' (auto, %s)", f->path, line, fmt, names);
        st = MZ_EFORMAT;
    }
    unsigned shapes = 0;
    if (st == MZ_OK)
        st = mzx_section_shapes(f, s, &shapes, &line, msg, cap);
    if (st == MZ_OK)
        st = mzx_section_refuses(f, s, &x->refuse, msg, cap);
    if (st == MZ_OK && x->format != MZ_FILE_AUTO && (shapes & ~mz_file_format_shapes(x->format))) {
        char every[128];
        mz_file_format_names(every, sizeof every, MZ_SHAPES_ALL, ", ", " or ");
        snprintf(msg, cap, "%s:%u: format %s holds %s: other shapes need format %s (or auto)",
                 f->path, line, mz_file_format_name(x->format),
                 mz_file_format_shapes(x->format) == MZ_SHAPE_BIT(MZ_SHAPE_ORTHO)
                     ? "square cells only" : "some of its shapes only",
                 every);
        st = MZ_EFORMAT;
    }
    x->use_out = st == MZ_OK && mzx_command_uses(&x->cmd, "out");
    if (st == MZ_OK) {
        x->name = strdup(s->name);
        const char *claims = mzx_section_get(s, "claims", NULL);
        x->claims = claims ? strdup(claims) : NULL;
        const char *summary = mzx_section_get(s, "summary", NULL);
        size_t sl = strlen(summary ? summary : command) + 32;
        x->summary = malloc(sl);
        if (!x->name || !x->summary || (claims && !x->claims)) {
            snprintf(msg, cap, "%s: out of memory", f->path);
            st = MZ_ENOMEM;
        } else if (summary)
            snprintf(x->summary, sl, "%s", summary);
        else
            snprintf(x->summary, sl, "outside program: %s", command);
    }
    if (st != MZ_OK) {
        free_gen(x);
        return st;
    }
    mz_algo *al = &x->algo;
    al->name = x->name;
    al->kind = MZ_GEN;
    al->summary = x->summary;
    al->flags = x->perfect ? MZ_F_PERFECT : 0;
    al->columns = mzx_columns;
    al->gen = gen_fn;
    al->shapes = shapes;
    al->ctx = x;
    al->refuses_ctx = x->refuse.n ? gen_refuses : NULL;
    if (mzx_keep(x, free_gen) != MZ_OK) {
        free_gen(x);
        snprintf(msg, cap, "%s: out of memory", f->path);
        return MZ_ENOMEM;
    }
    char why[200];
    st = mz_algo_check(al, why, sizeof why);
    if (st == MZ_OK)
        st = mz_registry_add(al);
    else {
        snprintf(msg, cap, "%s:%u: [generator %s]: %s", f->path, s->line, s->name, why);
        return MZ_EFORMAT;
    }
    if (st != MZ_OK) {
        snprintf(msg, cap, "%s:%u: cannot add generator '%s': %s", f->path, s->line, s->name,
                 mz_status_str(st));
        return st == MZ_ENOMEM ? MZ_ENOMEM : MZ_EFORMAT;
    }
    return MZ_OK;
}
