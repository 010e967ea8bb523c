/* Outside solvers (solver.h, docs/outside-solvers.md): each [solver NAME]
 * section of a programs file becomes a registry entry (MZ_SOLVER) whose
 * solve_ctx runs the program on the maze:
 *   1. the maze is written in the section's format into a fresh private
 *      directory under $TMPDIR: the {in} placeholder, or the program's
 *      standard input when the command has no {in};
 *   2. the program runs under its limits (mzx_run: its own process group,
 *      a wall-clock limit that kills the group, captured output);
 *   3. its path (standard output, or the file {out} when the command names
 *      it) is read (mzx_path_read) and checked (mz_path_check);
 *   4. the solution gets the path, and the entry's columns the process's
 *      time, the program's own time, the excess and the revisits.
 * Anything that fails returns MZ_EOUTSIDE; the entry keeps a one-line
 * account of its last failure (mzx_solver_failure) and the failure's name
 * (mzx_solver_status_name) for the solve_outside_status column. */
#define _XOPEN_SOURCE 700 /* strdup */
#include "solver.h"

#include "outside.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebench_file.h"
#include "mazebench_plugin.h"
#include "refuse.h"

/* What became of a run, the values of solve_outside_status. */
static const char *const status_names[MZX_SOLVE_STATUS_COUNT] = {
    [MZX_SOLVE_OK] = "ok",
    [MZX_SOLVE_EXIT] = "exit",
    [MZX_SOLVE_SIGNAL] = "signal",
    [MZX_SOLVE_TIMEOUT] = "timeout",
    [MZX_SOLVE_OUTPUT_LIMIT] = "output-limit",
    [MZX_SOLVE_CANNOT_START] = "cannot-start",
    [MZX_SOLVE_BAD_OUTPUT] = "bad-output",
    [MZX_SOLVE_INVALID_PATH] = "invalid-path",
};

const char *mzx_solver_status_name(mzx_solve_status s)
{
    return (unsigned)s < MZX_SOLVE_STATUS_COUNT ? status_names[s] : "?";
}

/* The columns an outside solver reports (after the solver's common ones). */
static const char *const solver_columns[] = {"solve_outside_status", "solve_process_ns",
                                             "solve_startup_ns", "solve_own_ns", "path_excess",
                                             "path_revisits", "solve_child_cpu_ns",
                                             "solve_child_maxrss_kb", NULL};

/* The placeholders a solver's command may hold. */
static const char *const placeholders[] = {"in",   "out",   "dir",      "rows", "cols",
                                           "levels", "cells", "shape", "entrance", "exit",
                                           "format", NULL};

static const char *const known_keys[] = {"command",    "format",       "path",
                                         "shapes",     "shortest",     "summary",
                                         "time-limit", "cpu-limit",    "memory-limit",
                                         "output-limit", "refuses",      NULL};

typedef struct solver_decl {
    mz_algo algo; /* the entry; algo.ctx is this declaration */
    const mzx_file *file;
    char *name, *summary;
    mzx_command cmd;
    mz_file_format format;
    mzx_path_form form;
    mzx_limits lim;
    bool use_in, use_out, use_ends;
    pthread_mutex_t lock; /* guards last and last_status: runs may go on side by side */
    char last[700];
    mzx_solve_status last_status;
    bool warmed;
    int64_t startup_ns; /* -1: not measured */
    bool noted_startup; /* a run shorter than the start-up was told */
    mzx_refusal refuse; /* the grids it declares it refuses (refuses = ...) */
} solver_decl;

static bool decl_refuses(const void *ctx, const mz_dims *g)
{
    return mzx_refusal_holds(&((const solver_decl *)ctx)->refuse, g);
}

static mz_status outside_solve(const void *ctx, const mz_grid *g, const mz_args *a,
                               mz_trace *trace, mz_solution *sol);

static void free_decl(void *p)
{
    solver_decl *d = p;
    mzx_command_free(&d->cmd);
    pthread_mutex_destroy(&d->lock);
    free(d->name);
    free(d->summary);
    free(d);
}

static mz_status section_fail(char *msg, size_t cap, const mzx_file *f, unsigned line,
                              mz_status st, const char *what)
{
    if (msg && cap) {
        if (line)
            snprintf(msg, cap, "%s:%u: %s", f->path, line, what);
        else
            snprintf(msg, cap, "%s: %s", f->path, what);
    }
    return st;
}

mz_status mzx_solve_section(const mzx_file *f, const mzx_section *s, char *msg, size_t cap)
{
    char why[400];
    mz_status st = mzx_section_keys(f, s, known_keys, msg, cap);
    if (st != MZ_OK)
        return st;
    if (mz_find(MZ_SOLVER, s->name)) {
        snprintf(why, sizeof why, "[solver %s]: a solver of that name exists already", s->name);
        return section_fail(msg, cap, f, s->line, MZ_EFORMAT, why);
    }
    solver_decl *d = calloc(1, sizeof *d);
    if (!d)
        return section_fail(msg, cap, f, s->line, MZ_ENOMEM, "out of memory");
    if (pthread_mutex_init(&d->lock, NULL) != 0) {
        free(d);
        return section_fail(msg, cap, f, s->line, MZ_ENOMEM, "cannot make a lock");
    }
    d->file = f;
    d->format = MZ_FILE_JSON;
    d->form = MZX_PATH_ANY;
    mzx_limits_default(&d->lim);

    unsigned line = 0;
    const char *v = mzx_section_get(s, "format", &line);
    if (v && (mz_file_format_parse(v, &d->format) != MZ_OK || d->format == MZ_FILE_AUTO)) {
        char names[256];
        mz_file_format_names(names, sizeof names, 0, ", ", " or ");
        snprintf(why, sizeof why, "format is the maze file the solver reads: %s, not '%s'",
                 names, v);
        st = section_fail(msg, cap, f, line, MZ_EFORMAT, why);
        goto bad;
    }
    v = mzx_section_get(s, "path", &line);
    if (v && mzx_path_form_parse(v, &d->form) != MZ_OK) {
        snprintf(why, sizeof why, "path is how the solver prints cells: index, rc or any, "
                 "not '%s'", v);
        st = section_fail(msg, cap, f, line, MZ_EFORMAT, why);
        goto bad;
    }
    unsigned shapes = 0;
    if ((st = mzx_section_shapes(f, s, &shapes, &line, msg, cap)) != MZ_OK)
        goto bad;
    if (shapes & ~mz_file_format_shapes(d->format)) {
        char every[128];
        mz_file_format_names(every, sizeof every, MZ_SHAPES_ALL, ", ", " or ");
        snprintf(why, sizeof why, "shapes: a %s file holds %s (format = %s holds every shape)",
                 mz_file_format_name(d->format),
                 mz_file_format_shapes(d->format) == MZ_SHAPE_BIT(MZ_SHAPE_ORTHO)
                     ? "square cells only" : "some of them only",
                 every);
        st = section_fail(msg, cap, f, line, MZ_EFORMAT, why);
        goto bad;
    }
    st = mzx_section_limits(f, s, &d->lim, msg, cap);
    if (st != MZ_OK)
        goto bad;
    if ((st = mzx_section_refuses(f, s, &d->refuse, msg, cap)) != MZ_OK)
        goto bad;
    bool shortest = false;
    st = mzx_section_bool(f, s, "shortest", &shortest, msg, cap);
    if (st != MZ_OK)
        goto bad;
    v = mzx_section_get(s, "command", &line);
    if (!v) {
        snprintf(why, sizeof why, "[solver %s] has no command", s->name);
        st = section_fail(msg, cap, f, s->line, MZ_EFORMAT, why);
        goto bad;
    }
    st = mzx_command_parse(f, line, v, placeholders, &d->cmd, msg, cap);
    if (st != MZ_OK)
        goto bad;
    d->use_in = mzx_command_uses(&d->cmd, "in");
    d->use_out = mzx_command_uses(&d->cmd, "out");
    d->use_ends = mzx_command_uses(&d->cmd, "entrance") || mzx_command_uses(&d->cmd, "exit");

    const char *sum = mzx_section_get(s, "summary", NULL);
    char deflt[300];
    snprintf(deflt, sizeof deflt, "an outside solver (%s): reads a %s maze, prints its path",
             f->path, mz_file_format_name(d->format));
    d->name = strdup(s->name);
    d->summary = strdup(sum ? sum : deflt);
    if (!d->name || !d->summary) {
        st = section_fail(msg, cap, f, s->line, MZ_ENOMEM, "out of memory");
        goto bad;
    }
    d->algo.name = d->name;
    d->algo.kind = MZ_SOLVER;
    /* declared: vet checks it; an outside solver always answers with a path */
    d->algo.flags = MZ_F_PATH | (shortest ? MZ_F_SHORTEST : 0u);
    d->algo.summary = d->summary;
    d->algo.columns = solver_columns;
    d->algo.shapes = shapes;
    /* the path as read and as kept, and the check's two bits a cell: the
     * program's own memory is its own */
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++)
        d->algo.bytes_per_cell[k] = 17;
    d->algo.ctx = d;
    d->algo.solve_ctx = outside_solve;
    d->algo.refuses_ctx = d->refuse.n ? decl_refuses : NULL;
    if (mzx_keep(d, free_decl) != MZ_OK) {
        st = section_fail(msg, cap, f, s->line, MZ_ENOMEM, "out of memory");
        goto bad;
    }
    char check[200];
    if (mz_algo_check(&d->algo, check, sizeof check) != MZ_OK) {
        snprintf(why, sizeof why, "[solver %s]: %s", s->name, check);
        return section_fail(msg, cap, f, s->line, MZ_EFORMAT, why);
    }
    st = mz_registry_add(&d->algo);
    if (st != MZ_OK) {
        snprintf(why, sizeof why, "[solver %s]: cannot add it (%s)", s->name, mz_status_str(st));
        return section_fail(msg, cap, f, s->line, st == MZ_ENOMEM ? st : MZ_EFORMAT, why);
    }
    return MZ_OK;
bad:
    free_decl(d);
    return st;
}

/* ---- a run ---- */

static int put_file(void *user, const char *buf, size_t n)
{
    return fwrite(buf, 1, n, user) == n ? 0 : 1;
}

/* The name of {out} in its run's folder. */
#define OUT_NAME "path.txt"

/* One run of d's program on g. */
typedef struct outcome {
    mzx_solve_status status;
    mz_status err;       /* MZ_ENOMEM or MZ_EUNSUPPORTED when that stopped it */
    int64_t process_ns;  /* -1: it did not run */
    int64_t own_ns;      /* -1: not reported */
    int64_t cpu_ns;      /* the process's user + system time; -1: not known */
    int64_t maxrss_kb;   /* its peak resident memory; -1: not known */
    bool no_route_exit;  /* it exited non-zero on a maze with no route */
    mz_idx *path;        /* what it printed (malloc), n cells */
    uint64_t n;
    char why[400];
} outcome;

static const char *format_ext(mz_file_format f)
{
    switch (f) {
    case MZ_FILE_ASCII: return "txt";
    case MZ_FILE_BLOCKS: return "txt";
    case MZ_FILE_JSON: return "json";
    case MZ_FILE_MZB: return "mzb";
    case MZ_FILE_AUTO:
    case MZ_FILE_FORMAT_COUNT: break;
    }
    return "maze";
}

/* The runner's statuses that a run itself gives (the maze checks' are
 * never mzx_run's). */
static mzx_solve_status from_run(mzx_status rs)
{
    return rs == MZX_OK             ? MZX_SOLVE_OK
           : rs == MZX_EXIT         ? MZX_SOLVE_EXIT
           : rs == MZX_SIGNAL       ? MZX_SOLVE_SIGNAL
           : rs == MZX_TIMEOUT      ? MZX_SOLVE_TIMEOUT
           : rs == MZX_OUTPUT_LIMIT ? MZX_SOLVE_OUTPUT_LIMIT
           : rs == MZX_CANNOT_START ? MZX_SOLVE_CANNOT_START
                                    : MZX_SOLVE_BAD_OUTPUT;
}

/* Write g for d's program, run it and read the path it printed (with
 * want_path; otherwise only the process counts: the warm-up). */
static void run_once(const solver_decl *d, const mz_grid *g, bool want_path, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->process_ns = o->own_ns = o->cpu_ns = o->maxrss_kb = -1;
    /* the maze, in a directory of the run's own */
    mzx_rundir rd;
    char in[4200], out[4200], in_name[16];
    snprintf(in_name, sizeof in_name, "maze.%s", format_ext(d->format));
    if (mzx_rundir_make(&rd, "mazebench-solve") != 0 ||
        mzx_rundir_file(&rd, in_name, in, sizeof in) != 0 ||
        mzx_rundir_file(&rd, OUT_NAME, out, sizeof out) != 0) {
        o->status = MZX_SOLVE_CANNOT_START;
        snprintf(o->why, sizeof o->why, "cannot make a directory for the maze: %s",
                 strerror(errno));
        mzx_rundir_remove(&rd);
        return;
    }
    FILE *fp = fopen(in, "wbx");
    mz_status s = fp ? mz_file_write(g, d->format, NULL, put_file, fp) : MZ_EIO;
    if (fp && fclose(fp) != 0 && s == MZ_OK)
        s = MZ_EIO;
    if (s != MZ_OK) {
        mzx_rundir_remove(&rd);
        if (s == MZ_ENOMEM || s == MZ_EUNSUPPORTED) {
            o->err = s;
            return;
        }
        o->status = MZX_SOLVE_CANNOT_START;
        snprintf(o->why, sizeof o->why, "cannot write the maze for it: %s", mz_status_str(s));
        return;
    }

    char rows[24], cols[24], levels[24], cells[24], ent[24], ex[24];
    snprintf(rows, sizeof rows, "%llu", (unsigned long long)g->rows);
    snprintf(cols, sizeof cols, "%llu", (unsigned long long)g->cols);
    snprintf(levels, sizeof levels, "%llu", (unsigned long long)g->levels);
    snprintf(cells, sizeof cells, "%llu", (unsigned long long)g->cells);
    snprintf(ent, sizeof ent, "%llu", (unsigned long long)g->entrance);
    snprintf(ex, sizeof ex, "%llu", (unsigned long long)g->exit);
    const mzx_subst subs[] = {
        {"in", in},         {"out", out},        {"dir", d->file->dir},
        {"rows", rows},     {"cols", cols},      {"levels", levels},
        {"cells", cells},   {"shape", mz_shape_name(g->shape)},
        {"entrance", ent},  {"exit", ex},        {"format", mz_file_format_name(d->format)},
    };
    char **argv = mzx_command_expand(&d->cmd, subs, sizeof subs / sizeof subs[0]);
    if (!argv) {
        mzx_rundir_remove(&rd);
        o->err = MZ_ENOMEM;
        return;
    }
    mzx_result res;
    mzx_status rs = mzx_run(&d->lim, argv, d->use_in ? NULL : in, &res);
    mzx_argv_free(argv);
    o->process_ns = (int64_t)res.wall_ns;
    o->own_ns = mzx_own_ns(&res);
    if (res.usage) {
        o->cpu_ns = (int64_t)res.child_cpu_ns;
        o->maxrss_kb = (int64_t)res.child_maxrss_kb;
    }
    o->status = from_run(rs);
    if (rs != MZX_OK) {
        mzx_describe(&res, o->why, sizeof o->why);
        if (rs == MZX_CANNOT_START && res.err == ENOMEM)
            o->err = MZ_ENOMEM;
        o->no_route_exit = want_path && rs == MZX_EXIT && mz_route(g, g->entrance, g->exit) == -1;
    } else if (want_path) {
        char *text = res.out, *filetext = NULL;
        size_t len = res.out_len;
        if (d->use_out) {
            mzx_status r = mzx_read_file(&rd, OUT_NAME, "{out}", d->lim.out_bytes, &filetext,
                                         &len, o->why, sizeof o->why);
            if (r == MZX_CANNOT_START) /* out of memory */
                o->err = MZ_ENOMEM;
            else
                o->status = from_run(r);
            text = filetext;
        }
        if (o->status == MZX_SOLVE_OK && o->err == MZ_OK) {
            char err[300];
            s = mzx_path_read(text, len, g, d->form, &o->path, &o->n, err, sizeof err);
            if (s == MZ_ENOMEM)
                o->err = s;
            else if (s != MZ_OK) {
                o->status = s == MZ_ETOOBIG ? MZX_SOLVE_OUTPUT_LIMIT : MZX_SOLVE_BAD_OUTPUT;
                snprintf(o->why, sizeof o->why, "%s, %s", d->use_out ? "its path file" : "its output",
                         err);
            }
        }
        free(filetext);
    }
    mzx_result_free(&res);
    mzx_rundir_remove(&rd);
}

/* ---- start-up cost ---- */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* A perfect maze on the smallest grid of shape (2x2, two levels of 3d,
 * else 3x3): each cell joined to the first neighbour found before it. */
static mz_status tiny_maze(const mzx_refusal *refuse, mz_shape shape, mz_grid *g)
{
    /* the smallest grid of the shape it does not declare it refuses */
    mz_dims dm;
    memset(g, 0, sizeof *g);
    if (!mzx_refusal_smallest(refuse, shape, &dm))
        return MZ_EUNSUPPORTED;
    mz_status s = mz_grid_init(g, &dm, NULL);
    if (s != MZ_OK)
        return s;
    uint8_t seen[4096] = {0};
    if (g->cells > sizeof seen)
        return MZ_EUNSUPPORTED;
    const unsigned ports = mz_shape_ports(shape);
    seen[0] = 1;
    for (bool grew = true; grew;) {
        grew = false;
        for (mz_idx i = 0; i < g->cells; i++)
            for (unsigned p = 0; p < ports && seen[i]; p++) {
                mz_idx j = mz_port_nbr(g, i, p);
                if (j != MZ_NONE && !seen[j] && mz_port_can_open(g, i, p)) {
                    mz_port_knock(g, i, p);
                    seen[j] = 1;
                    grew = true;
                }
            }
    }
    return MZ_OK;
}

/* The start-up cost of d's program: the median process time of WARM_RUNS
 * runs on a tiny maze of the shape, once a process (runs killed or that
 * cannot start end the warm-up: no figure). */
#define WARM_RUNS 3
static void warm(solver_decl *d, mz_shape shape)
{
    pthread_mutex_lock(&d->lock);
    if (!d->warmed) {
        d->warmed = true;
        d->startup_ns = -1;
        mz_grid t;
        if (tiny_maze(&d->refuse, shape, &t) == MZ_OK) {
            int64_t ns[WARM_RUNS];
            unsigned n = 0;
            for (unsigned k = 0; k < WARM_RUNS; k++) {
                outcome o;
                run_once(d, &t, false, &o);
                if (o.err != MZ_OK || (o.status != MZX_SOLVE_OK && o.status != MZX_SOLVE_EXIT))
                    break;
                ns[n++] = o.process_ns;
            }
            if (n) {
                qsort(ns, n, sizeof ns[0], cmp_i64);
                d->startup_ns = n % 2 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2;
            }
        }
        mz_grid_free(&t);
    }
    pthread_mutex_unlock(&d->lock);
}

/* Note the failure st of a run on g (one line, with the entry's name, kept
 * for mzx_solver_failure) and put its name in the columns. */
static mz_status failed(solver_decl *d, const mz_grid *g, mz_solution *sol, mzx_solve_status st,
                        const char *why)
{
    mz_dims dm = mz_grid_dims(g);
    char grid[128];
    mz_dims_format(&dm, grid, sizeof grid);
    pthread_mutex_lock(&d->lock);
    d->last_status = st;
    snprintf(d->last, sizeof d->last, "outside solver %s (grid %s): %s: %s", d->name, grid,
             status_names[st], why);
    pthread_mutex_unlock(&d->lock);
    mz_extra_text(&sol->extra, "solve_outside_status", status_names[st]);
    return MZ_EOUTSIDE;
}

/* One note when a run that succeeded was shorter than the start-up. */
static void note_startup(solver_decl *d, const outcome *o)
{
    mzx_note_startup(&d->lock, &d->noted_startup, "solver", d->name, "maze", d->startup_ns,
                     o->process_ns);
}

static mz_status outside_solve(const void *ctx, const mz_grid *g, const mz_args *a,
                               mz_trace *trace, mz_solution *sol)
{
    (void)a;
    (void)trace; /* an outside program's steps are not seen */
    solver_decl *d = (solver_decl *)ctx;
    if (!d)
        return MZ_EINVAL;
    sol->closed = sol->steps = sol->forward = sol->turns = -1;
    if (!(g->entrance == 0 && g->exit == g->cells - 1) && !mz_file_format_lossless(d->format) &&
        !d->use_ends)
        return MZ_EUNSUPPORTED; /* its maze file cannot say where the ends are */
    warm(d, g->shape);

    outcome o;
    run_once(d, g, true, &o);
    if (o.err != MZ_OK) {
        free(o.path);
        return o.err;
    }
    mz_extra_int(&sol->extra, "solve_process_ns", o.process_ns);
    if (d->startup_ns >= 0)
        mz_extra_int(&sol->extra, "solve_startup_ns", d->startup_ns);
    if (o.own_ns >= 0)
        mz_extra_int(&sol->extra, "solve_own_ns", o.own_ns);
    if (o.cpu_ns >= 0)
        mz_extra_int(&sol->extra, "solve_child_cpu_ns", o.cpu_ns);
    if (o.maxrss_kb >= 0)
        mz_extra_int(&sol->extra, "solve_child_maxrss_kb", o.maxrss_kb);
    if (o.no_route_exit) {
        /* no route, and the program said so by failing: nothing found */
        sol->found = false;
        sol->path_steps = -1;
        mz_extra_text(&sol->extra, "solve_outside_status", status_names[MZX_SOLVE_OK]);
        note_startup(d, &o);
        return MZ_OK;
    }
    if (o.status != MZX_SOLVE_OK)
        return failed(d, g, sol, o.status, o.why);

    mz_path_verdict v;
    mz_status s = mz_path_check(g, o.path, o.n, &v);
    if (s != MZ_OK) {
        free(o.path);
        return s;
    }
    if (o.n == 0 && v.shortest == -1) {
        /* no route and no path: nothing found, rightly */
        free(o.path);
        sol->found = false;
        sol->path_steps = -1;
        mz_extra_text(&sol->extra, "solve_outside_status", status_names[MZX_SOLVE_OK]);
        note_startup(d, &o);
        return MZ_OK;
    }
    if (!v.valid) {
        char why[200];
        if (v.fault == MZ_PATH_EMPTY)
            snprintf(why, sizeof why, "it printed no cell");
        else
            snprintf(why, sizeof why, "%s at its cell %llu of %llu (index %llu)",
                     mz_path_fault_name(v.fault), (unsigned long long)v.at + 1,
                     (unsigned long long)o.n,
                     (unsigned long long)(v.at < o.n ? o.path[v.at] : 0));
        free(o.path);
        return failed(d, g, sol, MZX_SOLVE_INVALID_PATH, why);
    }
    sol->found = true;
    sol->path_steps = (int64_t)v.steps;
    mz_extra_text(&sol->extra, "solve_outside_status", status_names[MZX_SOLVE_OK]);
    mz_extra_int(&sol->extra, "path_excess", v.excess);
    mz_extra_int(&sol->extra, "path_revisits", (int64_t)v.revisits);
    if (sol->want_path)
        for (uint64_t k = 0; k < o.n && s == MZ_OK; k++)
            s = mz_solution_push(sol, o.path[k]);
    free(o.path);
    if (s == MZ_OK)
        note_startup(d, &o);
    return s;
}

bool mzx_is_outside_solver(const mz_algo *a)
{
    return a && a->kind == MZ_SOLVER && a->solve_ctx == outside_solve;
}

bool mzx_solver_failure(const mz_algo *a, char *buf, size_t cap, mzx_solve_status *st)
{
    if (!mzx_is_outside_solver(a))
        return false;
    solver_decl *d = (solver_decl *)a->ctx;
    pthread_mutex_lock(&d->lock);
    bool any = d->last[0] != '\0';
    if (buf && cap)
        snprintf(buf, cap, "%s", d->last);
    if (st)
        *st = d->last_status;
    pthread_mutex_unlock(&d->lock);
    return any;
}
