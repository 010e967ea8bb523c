/*
 * cmd_sweep.c - the sweep and merge commands: options, messages and
 * progress. The work is the sweep engine's (src/sweep/, docs/sweeps.md):
 * plans, tasks, the worker pool, resume and merge checks, provenance and
 * atomic output files.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../mazebench_bench.h"
#include "opts.h"
#include "sweep.h"
#include "planfile.h"
#include "tools/tools.h"
#include "util/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- notes, held until the plan is known to be good ---- */

struct notes {
    char *buf;
    size_t len;
    bool direct; /* print at once (while running) */
};

static void on_note(void *user, const char *msg)
{
    struct notes *n = user;
    if (n->direct) {
        fprintf(stderr, "mazebench: sweep: note: %s\n", msg);
        return;
    }
    size_t m = strlen(msg);
    char *b = realloc(n->buf, n->len + m + 2);
    if (!b)
        return;
    memcpy(b + n->len, msg, m);
    b[n->len + m] = '\n';
    b[n->len + m + 1] = '\0';
    n->buf = b;
    n->len += m + 1;
}

static void flush_notes(struct notes *n)
{
    for (char *s = n->buf; s && *s;) {
        char *nl = strchr(s, '\n');
        fprintf(stderr, "mazebench: sweep: note: %.*s\n", (int)(nl - s), s);
        s = nl + 1;
    }
    free(n->buf);
    n->buf = NULL;
    n->len = 0;
    n->direct = true;
}

/* ---- options ---- */

struct opts {
    const char *plan_path, *gens, *solvers, *seeds, *sizes, *reps, *out, *jobs_text, *threads_text,
        *shard_text, *progress_text, *count_text, *sizes_opt, *rng;
    mz_counter count;
    unsigned jobs, threads, shard, nshard;
    uint64_t progress_secs;
    bool resume, print_plan, force, skip_unsupported;
};

static int parse_shard(const char *v, unsigned *i, unsigned *n)
{
    uint64_t a, b;
    const char *p = v;
    if (mzu_scan_u64(&p, 1, 1000000, 0, &a) != MZU_INT_OK || *p != '/' ||
        mzu_parse_u64(p + 1, 1, 1000000, 0, &b) != MZU_INT_OK || a > b) {
        mzc_error("sweep: shard '%s' is not I/N with 1 <= I <= N <= 1000000", v);
        return -1;
    }
    *i = (unsigned)a;
    *n = (unsigned)b;
    return 0;
}

static int parse_opts(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    o->shard = o->nshard = 1;
    o->progress_secs = 10;
    mzc_args args;
    mzc_args_init(&args, &mzc_cmd_sweep, argc, argv);
    for (int id; (id = mzc_args_next(&args)) != MZC_ARGS_END;) {
        const char *a = args.value;
        if (id == MZC_ARGS_HELP)
            return 1;
        if (id == MZC_ARGS_ERROR)
            return -1;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("sweep: unknown option '%s' (see 'mazebench sweep --help')", a);
            return -1;
        }
        if (id >= 0) {
            const char *name = args.cmd->opts[id].name;
            static const char *const flags[] = {"--resume", "--print-plan", "--force",
                                                "--skip-unsupported"};
            bool *fslots[] = {&o->resume, &o->print_plan, &o->force, &o->skip_unsupported};
            static const char *const values[] = {
                "--gen", "--solve", "--seeds", "--grids",    "--reps",    "--rng",
                "--out", "--jobs",  "--threads", "--shard", "--progress", "--count"};
            const char **vslots[] = {&o->gens,        &o->solvers,      &o->seeds,
                                     &o->sizes,       &o->reps,         &o->rng,
                                     &o->out,         &o->jobs_text,    &o->threads_text,
                                     &o->shard_text,  &o->progress_text, &o->count_text};
            size_t f = 0, v = 0;
            while (f < sizeof flags / sizeof flags[0] && strcmp(name, flags[f]) != 0)
                f++;
            while (v < sizeof values / sizeof values[0] && strcmp(name, values[v]) != 0)
                v++;
            if (f < sizeof flags / sizeof flags[0]) {
                *fslots[f] = true;
            } else if (v < sizeof values / sizeof values[0]) {
                *vslots[v] = a;
                if (strcmp(name, "--grids") == 0)
                    o->sizes_opt = args.used; /* or its older name --sizes */
            } else {
                mzc_error("sweep: option '%s' is not handled", name);
                return -1;
            }
            continue;
        }
        if (o->plan_path) {
            mzc_error("sweep: unexpected argument '%s' (one PLAN at most)", a);
            return -1;
        }
        if (a[0] == '\0') {
            mzc_error("sweep: an empty PLAN argument");
            return -1;
        }
        o->plan_path = a;
    }
    uint64_t v;
    if (o->jobs_text) {
        if (mzc_parse_u64("jobs", o->jobs_text, 1, 256, &v) != 0)
            return -1;
        o->jobs = (unsigned)v;
    }
    if (o->threads_text) {
        if (mzc_parse_u64("threads", o->threads_text, 1, MZ_MAX_THREADS, &v) != 0)
            return -1;
        o->threads = (unsigned)v;
    }
    if (o->progress_text) {
        if (mzc_parse_u64("progress", o->progress_text, 0, 86400, &v) != 0)
            return -1;
        o->progress_secs = v;
    }
    if (o->shard_text && parse_shard(o->shard_text, &o->shard, &o->nshard) != 0)
        return -1;
    if (o->count_text) {
        if (strcmp(o->count_text, "callgrind") == 0) {
            o->count = MZ_COUNTER_CALLGRIND;
        } else if (strcmp(o->count_text, "perf") == 0) {
            o->count = MZ_COUNTER_PERF;
        } else if (strcmp(o->count_text, "auto") != 0) {
            mzc_error("sweep: --count '%s' is not one of callgrind, perf, auto", o->count_text);
            return -1;
        }
        /* auto is settled in count_setup, once the plan is known to be good. */
    }
    bool to_stdout = !o->out || strcmp(o->out, "-") == 0;
    if (o->resume && to_stdout) {
        mzc_error("sweep: --resume needs --out FILE, not stdout");
        return -1;
    }
    if (o->force && to_stdout) {
        mzc_error("sweep: --force needs --out FILE");
        return -1;
    }
    if (o->count == MZ_COUNTER_CALLGRIND && o->jobs > 1) {
        mzc_error("sweep: --count callgrind runs one job (Callgrind's counts of several "
                  "threads mix): drop --jobs %u", o->jobs);
        return -1;
    }
    if (o->force && o->resume) {
        mzc_error("sweep: --force and --resume do not go together");
        return -1;
    }
    if (!to_stdout && o->plan_path &&
        (strcmp(o->plan_path, "-") == 0 ? mzo_same_file_fd(o->out, STDIN_FILENO)
                                        : mzo_same_file(o->out, o->plan_path))) {
        mzc_error("sweep: --out '%s' is the plan file itself", o->out);
        return -1;
    }
    return 0;
}

/* ---- progress ---- */

struct progress {
    bool tty;
    bool said;
};

static void on_progress(void *user, uint64_t done, uint64_t total, double work, uint64_t ns,
                        bool final)
{
    struct progress *pr = user;
    double secs = (double)ns / 1e9;
    double rate = secs > 0 ? (double)done / secs : 0;
    double pct = total ? 100.0 * (double)done / (double)total : 100.0;
    if (final && !pr->said)
        return;
    pr->said = true;
    if (pr->tty)
        fputc('\r', stderr);
    else
        fputs("mazebench: sweep: ", stderr);
    fprintf(stderr, "%llu/%llu mazes (%3.0f%%), %.1f/s", (unsigned long long)done,
            (unsigned long long)total, pct, rate);
    if (final) {
        fprintf(stderr, ", %.0f s in all%s\n", secs, pr->tty ? "        " : "");
    } else if (work > 0) {
        double eta = secs * (1 - work) / work;
        if (eta < 360000)
            fprintf(stderr, ", %d:%02d:%02d left", (int)eta / 3600, (int)eta / 60 % 60,
                    (int)eta % 60);
        fputs(pr->tty ? "   " : "\n", stderr);
    } else if (!pr->tty) {
        fputc('\n', stderr);
    }
    fflush(stderr);
}

/* ---- instruction counts ---- */

/* The sweep run again under Callgrind (src/tools/count.c): its exit
 * status, after what went wrong when it could not run. */
static int run_under_callgrind(int argc, char **argv)
{
    mzt_count_result res;
    int rc = mzt_count_rerun(argc, argv, &res);
    if (res.valgrind_said[0])
        mzc_error("sweep: valgrind: %s", res.valgrind_said);
    if (res.err[0])
        mzc_error("sweep: %s", res.err);
    return rc;
}

enum { COUNT_HERE = -1 };

/* Settle --count (mzt_count_choose): COUNT_HERE when this process counts
 * (about gets the provenance text), else an exit status (an error, or the
 * status of the sweep run under valgrind). */
static int count_setup(struct opts *o, int argc, char **argv, char *about, size_t len)
{
    mzt_err err;
    int r = mzt_count_choose(strcmp(o->count_text, "auto") == 0, &o->count, &o->jobs, about, len,
                             &err);
    if (r == MZT_COUNT_RERUN)
        return run_under_callgrind(argc, argv);
    if (r != MZT_OK) {
        mzc_error("sweep: %s", err.msg);
        return MZC_FAIL;
    }
    return COUNT_HERE;
}

/* ---- the command ---- */

int cmd_sweep(int argc, char **argv)
{
    struct opts o;
    int r = parse_opts(argc, argv, &o);
    if (r != 0)
        return r > 0 ? MZC_OK : MZC_USAGE;
    struct notes notes = {NULL, 0, false};
    sw_plan plan;
    sw_plan_init(&plan, on_note, &notes);
    char err[1536];
    const sw_plan_args pa = {o.plan_path, o.gens, o.solvers, o.seeds,
                             o.sizes,     o.reps, o.rng,     o.skip_unsupported};
    r = sw_plan_build(&plan, &pa, err, sizeof err);
    if (r != SW_OK) {
        mzc_error("sweep: %s", err);
        free(notes.buf);
        sw_plan_free(&plan);
        return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
    }
    if (o.print_plan) {
        flush_notes(&notes);
        r = sw_plan_dry_run(stdout, &plan, o.shard, o.nshard, o.jobs, err, sizeof err);
        if (r != SW_OK)
            mzc_error("sweep: %s", err);
        sw_plan_free(&plan);
        return r == SW_OK ? MZC_OK : MZC_FAIL;
    }
    char counter[512] = "";
    if (o.count_text) {
        r = count_setup(&o, argc, argv, counter, sizeof counter);
        if (r != COUNT_HERE) {
            free(notes.buf);
            sw_plan_free(&plan);
            return r;
        }
    }

    if (o.jobs > 1) {
        /* Each worker holds its own maze in its own pool: the jobs that run
         * at once, not one maze, must fit (every maze alone was checked
         * by the plan). */
        char what[128];
        snprintf(what, sizeof what, "sweep: --jobs %u (its %u largest mazes at once)", o.jobs,
                 o.jobs);
        if (mzc_check_bytes(what, (double)sw_plan_jobs_bytes(&plan, o.jobs)) != 0) {
            free(notes.buf);
            sw_plan_free(&plan);
            return MZC_FAIL;
        }
    }

    int rc = MZC_OK;
    bool to_stdout = !o.out || strcmp(o.out, "-") == 0;
    mzo_out out;
    memset(&out, 0, sizeof out);
    sw_file old;
    bool have_old = false;
    uint64_t start = 0;
    /* FILE.partial holds the rows of a sweep that was killed (SIGKILL, the
     * OOM killer, a batch system's limit) before it could rename them into
     * place: --resume carries it on, and nothing else replaces it unless
     * --force. */
    char partial[4200] = "";
    bool have_partial = false;
    if (!to_stdout) {
        struct stat pst;
        snprintf(partial, sizeof partial, "%s.partial", o.out);
        have_partial = lstat(partial, &pst) == 0;
    }
    if (have_partial && !o.resume && !o.force) {
        mzc_error("sweep: '%s' holds the rows of an interrupted sweep: give --resume to carry "
                  "it on, or --force to start afresh",
                  partial);
        rc = MZC_USAGE;
        goto done;
    }
    const char *resume_from = have_partial ? partial : o.out;
    if (o.resume) {
        r = sw_file_read(resume_from, &old, err, sizeof err);
        if (r == SW_FAIL || r == SW_BAD) {
            mzc_error("sweep: %s", err);
            rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            goto done;
        }
        have_old = r == SW_OK && old.header_at != SIZE_MAX;
        if (r == SW_OK && !have_old)
            sw_file_free(&old);
    }
    if (!to_stdout) {
        r = mzo_out_open(&out, o.out, (o.force || o.resume) ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            mzc_error("sweep: %s", err);
            rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            goto done;
        }
    }
    FILE *f = to_stdout ? stdout : out.f;
    sw_prov_clock clock = {-1, 0}; /* the run's start and end lines */
    if (have_old) {
        /* The same counter (--count) as the rows already there, or none:
         * a file's count columns are all of one counter. */
        char *had = sw_file_lines(&old, "# counter: ");
        char want[600] = "";
        if (counter[0])
            snprintf(want, sizeof want, "# counter: %s\n", counter);
        if (had && strcmp(had, want) != 0) {
            mzc_error("sweep: cannot resume '%s': its rows were counted %s%.*s%s, this run %s%s%s",
                      resume_from, had[0] ? "by '" : "with no counter", had[0] ? (int)strcspn(had + 11, "\n") : 0,
                      had[0] ? had + 11 : "", had[0] ? "'" : "", counter[0] ? "by '" : "with no counter",
                      counter, counter[0] ? "'" : "");
            free(had);
            rc = MZC_USAGE;
            goto done;
        }
        free(had);
        r = sw_resume_copy(&plan, &old, o.shard, o.nshard, argc, argv, f, &start, err,
                           sizeof err, &clock);
        if (r != SW_OK) {
            mzc_error("sweep: cannot resume '%s': %s", resume_from, err);
            rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            goto done;
        }
    } else {
        mz_cols cols;
        sw_columns(&cols);
        sw_provenance_write(f, "sweep", sw_plan_shapes(&plan), argc, argv, o.jobs);
        sw_provenance_start(f, &clock);
        if (counter[0])
            fprintf(f, "# counter: %s\n", counter);
        sw_plan_write_rng(f, &plan);
        fputs("# columns: those before gen_ns are deterministic but the timings among them, "
              "whose names end in _ns or _kb (an outside program's process_ns, startup_ns, "
              "own_ns, child_cpu_ns, child_maxrss_kb and their solve_ forms), as everywhere; "
              "gen_ns and solve_ns are the "
              "timing engine's clock (ns), gen_setup_ns and solve_setup_ns the work before "
              "it, gen_peak_bytes and solve_peak_bytes its heap peaks; peak_rss_kb is the "
              "process's high-water mark; gen_instr, solve_instr, gen_llc_miss and "
              "solve_llc_miss count the timed call (--count) (docs/sweeps.md)\n", f);
        sw_write_plan_lines(f, &plan, o.shard, o.nshard);
        mzo_csv_header(f, &cols);
        if (o.resume)
            fprintf(stderr, "mazebench: sweep: note: '%s' has no header yet: starting afresh\n",
                    o.out);
    }
    flush_notes(&notes);
    if (fflush(f) != 0) {
        mzc_error("sweep: cannot write '%s': %s", to_stdout ? "stdout" : o.out, strerror(errno));
        rc = MZC_FAIL;
        goto done;
    }
    /* From here on the rows written survive any end of the process: the
     * file is FILE.partial until the commit renames it. */
    if (!to_stdout && (out.tmp || out.unnamed) &&
        mzo_out_publish(&out, partial, err, sizeof err) != SW_OK) {
        mzc_error("sweep: %s", err);
        rc = MZC_FAIL;
        goto done;
    }
    if (have_old)
        fprintf(stderr, "mazebench: sweep: resuming '%s' after %llu of %llu tasks\n", resume_from,
                (unsigned long long)start,
                (unsigned long long)sw_shard_tasks(&plan, o.shard, o.nshard));

    struct progress pr = {isatty(STDERR_FILENO) != 0, false};
    sw_run run;
    memset(&run, 0, sizeof run);
    run.plan = &plan;
    run.shard = o.shard;
    run.nshard = o.nshard;
    run.jobs = o.jobs;
    run.threads = o.threads;
    run.out = f;
    run.out_tmp = to_stdout ? NULL : out.tmp;
    run.out_path = to_stdout ? NULL : o.out;
    run.start = start;
    run.count = o.count_text ? o.count : MZ_COUNTER_NONE;
    run.count_out = getenv(MZT_CG_OUT_ENV);
    if (pr.tty || o.progress_secs) {
        run.progress = on_progress;
        run.progress_user = &pr;
        run.progress_ns = pr.tty ? 250000000u : o.progress_secs * UINT64_C(1000000000);
    }
    sw_signals_install();
    r = sw_run_tasks(&run, err, sizeof err);
    if (r != SW_OK) {
        if (out.partial && run.done > 0) {
            mzc_error("sweep: %s (the finished tasks are kept in '%s')", err, partial);
        } else {
            mzc_error("sweep: %s", err);
            if (out.partial) { /* nothing finished: nothing to keep */
                mzo_out_abort(&out);
                unlink(partial);
            }
        }
        rc = MZC_FAIL;
        goto done; /* the old file, if any, stays as it was */
    }
    if (run.done < run.ntask) {
        /* Interrupted: FILE is committed only by a whole sweep, so it stays
         * as it was; the finished tasks stay in FILE.partial, which
         * --resume carries on (a file in place is never a part of one). */
        int sig = sw_stop_signal();
        if (to_stdout)
            mzc_error("sweep: interrupted after %llu of %llu mazes",
                      (unsigned long long)run.done, (unsigned long long)run.ntask);
        else if (out.partial && fflush(out.f) == 0)
            mzc_error("sweep: interrupted after %llu of %llu mazes; '%s' holds every finished "
                      "one ('%s' is left as it was): run the same command with --resume to "
                      "carry on",
                      (unsigned long long)run.done, (unsigned long long)run.ntask, partial,
                      o.out);
        else
            mzc_error("sweep: interrupted after %llu of %llu mazes; '%s' is left as it was",
                      (unsigned long long)run.done, (unsigned long long)run.ntask, o.out);
        rc = sig > 0 ? 128 + sig : MZC_FAIL;
        goto done; /* mzo_out_abort keeps a published partial */
    }
    /* Finished: the file holds every task; put it in place. */
    if (sw_provenance_end(f, &clock) != 0) {
        mzc_error("sweep: cannot write '%s': %s", to_stdout ? "stdout" : o.out, strerror(errno));
        rc = MZC_FAIL;
        goto done;
    }
    if (!to_stdout && mzo_out_commit(&out, err, sizeof err) != SW_OK) {
        mzc_error("sweep: %s", err);
        rc = MZC_FAIL;
        goto done;
    }
    if (to_stdout && fflush(stdout) != 0) {
        mzc_error("sweep: cannot write stdout: %s", strerror(errno));
        rc = MZC_FAIL;
    }
done:
    mzo_out_abort(&out);
    if (have_old)
        sw_file_free(&old);
    free(notes.buf);
    sw_plan_free(&plan);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    const char *out_path = NULL;
    bool force = false;
    const char **names = calloc((size_t)argc + 1, sizeof *names);
    size_t n = 0;
    if (!names)
        return MZC_FAIL;
    int rc = MZC_OK;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_merge, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP) {
            free(names);
            return MZC_OK;
        }
        if (id == MZC_ARGS_ERROR) {
            rc = MZC_USAGE;
            break;
        }
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("merge: unknown option '%s' (see 'mazebench merge --help')", a.value);
            rc = MZC_USAGE;
            break;
        }
        if (id == MZC_ARGS_OPERAND) {
            names[n++] = a.value;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--out") == 0) {
            out_path = a.value;
        } else {
            mzc_error("merge: option '%s' is not handled", name);
            rc = MZC_USAGE;
            break;
        }
    }
    if (rc == MZC_OK && n == 0) {
        mzc_error("merge: no FILE given (see 'mazebench merge --help')");
        rc = MZC_USAGE;
    }
    bool to_stdout = !out_path || strcmp(out_path, "-") == 0;
    if (rc == MZC_OK && force && to_stdout) {
        mzc_error("merge: --force needs --out FILE");
        rc = MZC_USAGE;
    }
    for (size_t k = 0; rc == MZC_OK && !to_stdout && k < n; k++)
        if (mzo_same_file(out_path, names[k])) {
            mzc_error("merge: --out '%s' is one of the files to merge ('%s')", out_path,
                      names[k]);
            rc = MZC_USAGE;
        }
    if (rc != MZC_OK) {
        free(names);
        return rc;
    }
    sw_file *parts = calloc(n, sizeof *parts);
    size_t nread = 0;
    char err[1536];
    mzo_out out;
    memset(&out, 0, sizeof out);
    if (!parts) {
        rc = MZC_FAIL;
        goto done;
    }
    for (; nread < n; nread++) {
        int r = sw_file_read(names[nread], &parts[nread], err, sizeof err);
        if (r != SW_OK) {
            char part[4200];
            struct stat pst;
            snprintf(part, sizeof part, "%s.partial", names[nread]);
            if (r < 0 && lstat(part, &pst) == 0)
                mzc_error("merge: '%s' does not exist, but '%s' holds the tasks of an "
                          "interrupted sweep: finish it with the same 'mazebench sweep' command "
                          "and --resume",
                          names[nread], part);
            else if (r < 0)
                mzc_error("merge: cannot read '%s': no such file", names[nread]);
            else
                mzc_error("merge: %s", err);
            rc = r == SW_FAIL ? MZC_FAIL : MZC_USAGE;
            goto done;
        }
    }
    if (!to_stdout) {
        int r = mzo_out_open(&out, out_path, force ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            mzc_error("merge: %s", err);
            rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            goto done;
        }
    }
    int r = sw_merge(parts, names, n, to_stdout ? stdout : out.f, err, sizeof err);
    if (r == SW_OK && !to_stdout)
        r = mzo_out_commit(&out, err, sizeof err);
    if (r != SW_OK) {
        mzc_error("merge: %s", err);
        rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
    }
done:
    mzo_out_abort(&out);
    for (size_t k = 0; k < nread && parts; k++)
        sw_file_free(&parts[k]);
    free(parts);
    free(names);
    return rc;
}
