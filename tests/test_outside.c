/*
 * test_outside.c - outside programs (src/outside/, docs/outside.md):
 *   - the runner: exit codes, captured stdout and stderr, the
 *     "mazebench-own-ns:" line, stdin from a file, a crash, a hang past the
 *     wall-clock limit (the whole group, a background grandchild too, is
 *     gone), the CPU limit, an output past its limit (300 MiB against the
 *     default 256 MiB), a program that cannot start; no descriptor but the
 *     three standard ones reaches the program, none leaks, no zombie stays;
 *   - the programs file: its syntax errors with their line, comments,
 *     quoting, placeholders and their expansion, the limits;
 *   - a declared generator through mz_generate: a maze read and checked,
 *     and its statuses (wrong size, not perfect) in the extra columns.
 */
#define _GNU_SOURCE /* mkdtemp, usleep */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mazebench.h"
#include "outside/outside.h"

static char tmpdir[256];

static int make_tmp(void **state)
{
    (void)state;
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/mz-test-outside-XXXXXX", t && *t ? t : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int drop_tmp(void **state)
{
    (void)state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *name, const char *text, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static mzx_status run_sh(const mzx_limits *lim, const char *script, mzx_result *r)
{
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    return mzx_run(lim, argv, NULL, r);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static unsigned open_fds(void)
{
    unsigned n = 0;
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return 0;
    while (readdir(d))
        n++;
    closedir(d);
    return n;
}

/* ---- the runner ---- */

static void test_exit_and_capture(void **state)
{
    (void)state;
    mzx_result r;
    assert_int_equal(run_sh(NULL, "echo out; echo err >&2; echo 'mazebench-own-ns: 4321' >&2", &r),
                     MZX_OK);
    assert_int_equal(r.exit_code, 0);
    assert_string_equal(r.out, "out\n");
    assert_non_null(strstr(r.errtext, "err\n"));
    assert_int_equal(mzx_own_ns(&r), 4321);
    assert_true(r.wall_ns > 0);
    mzx_result_free(&r);

    assert_int_equal(run_sh(NULL, "echo 'no maze' >&2; exit 3", &r), MZX_EXIT);
    assert_int_equal(r.exit_code, 3);
    assert_int_equal(mzx_own_ns(&r), -1);
    char d[300];
    mzx_describe(&r, d, sizeof d);
    assert_string_equal(d, "exited with code 3; its stderr: no maze");
    mzx_result_free(&r);

    /* A malformed own-time line counts for nothing. */
    assert_int_equal(run_sh(NULL, "echo 'mazebench-own-ns: 12x' >&2", &r), MZX_OK);
    assert_int_equal(mzx_own_ns(&r), -1);
    mzx_result_free(&r);
}

static void test_stdin_and_fds(void **state)
{
    (void)state;
    char path[400];
    write_file("in.txt", "from the file\n", path, sizeof path);
    unsigned before = open_fds();
    mzx_result r;
    char *cat[] = {"cat", NULL};
    assert_int_equal(mzx_run(NULL, cat, path, &r), MZX_OK);
    assert_string_equal(r.out, "from the file\n");
    mzx_result_free(&r);
    /* Without a file, stdin is /dev/null. */
    assert_int_equal(mzx_run(NULL, cat, NULL, &r), MZX_OK);
    assert_string_equal(r.out, "");
    mzx_result_free(&r);
    /* Only the standard descriptors reach the program. */
    /* (ls, a child of the shell, lists the shell's descriptors.) One of
     * ours without close-on-exec does not reach it either. */
    int extra = open("/dev/null", O_RDONLY);
    assert_true(extra > 2);
    assert_int_equal(run_sh(NULL, "ls /proc/$$/fd", &r), MZX_OK);
    close(extra);
    assert_string_equal(r.out, "0\n1\n2\n");
    mzx_result_free(&r);
    assert_int_equal(open_fds(), before);
    /* Every child reaped. */
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static void test_crash(void **state)
{
    (void)state;
    mzx_result r;
    assert_int_equal(run_sh(NULL, "kill -SEGV $$", &r), MZX_SIGNAL);
    assert_int_equal(r.signal, SIGSEGV);
    assert_int_equal(r.exit_code, -1);
    assert_string_equal(mzx_status_name(r.status), "signal");
    mzx_result_free(&r);
}

/* Is process pid gone (or a zombie, no longer running)? */
static bool gone(long pid)
{
    char p[64], buf[512];
    snprintf(p, sizeof p, "/proc/%ld/stat", pid);
    FILE *f = fopen(p, "r");
    if (!f)
        return true;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *e = strrchr(buf, ')');
    return !e || e[1] == '\0' || e[2] == 'Z' || e[2] == 'X';
}

static void test_hang(void **state)
{
    (void)state;
    char pids[400], script[800];
    snprintf(pids, sizeof pids, "%s/pids", tmpdir);
    /* The shell and a background grandchild in its group, then a hang. */
    snprintf(script, sizeof script, "sleep 100 & echo $$ $! > '%s'; sleep 100", pids);
    mzx_limits lim;
    mzx_limits_default(&lim);
    lim.time_s = 1;
    mzx_result r;
    double t0 = now_s();
    assert_int_equal(run_sh(&lim, script, &r), MZX_TIMEOUT);
    double took = now_s() - t0;
    assert_true(took >= 0.9 && took < 2.0); /* 1.5 s on an idle machine at most */
    assert_true(r.wall_ns >= 900000000u);
    assert_string_equal(mzx_status_name(r.status), "timeout");
    mzx_result_free(&r);
    FILE *f = fopen(pids, "r");
    assert_non_null(f);
    long sh = 0, bg = 0;
    assert_int_equal(fscanf(f, "%ld %ld", &sh, &bg), 2);
    fclose(f);
    /* The whole group got SIGKILL: nothing of it runs (a zombie awaits its
     * new parent's wait at most briefly). */
    bool all_gone = false;
    for (int k = 0; k < 100 && !all_gone; k++) {
        all_gone = gone(sh) && gone(bg);
        if (!all_gone)
            usleep(10000);
    }
    assert_true(all_gone);
    assert_true(kill((pid_t)-sh, 0) != 0 || gone(bg));

    /* A program that ends while its background child goes on: the child
     * is killed with the group, and the run does not wait for it. */
    snprintf(script, sizeof script, "sleep 100 & echo $! > '%s'; echo done", pids);
    lim.time_s = 20;
    t0 = now_s();
    assert_int_equal(run_sh(&lim, script, &r), MZX_OK);
    assert_true(now_s() - t0 < 10);
    assert_string_equal(r.out, "done\n");
    mzx_result_free(&r);
    f = fopen(pids, "r");
    assert_non_null(f);
    assert_int_equal(fscanf(f, "%ld", &bg), 1);
    fclose(f);
    all_gone = false;
    for (int k = 0; k < 100 && !all_gone; k++) {
        all_gone = gone(bg);
        if (!all_gone)
            usleep(10000);
    }
    assert_true(all_gone);
}

static void test_cpu_limit(void **state)
{
    (void)state;
    mzx_limits lim;
    mzx_limits_default(&lim);
    lim.cpu_s = 1;
    lim.time_s = 20;
    mzx_result r;
    double t0 = now_s();
    assert_int_equal(run_sh(&lim, "while :; do :; done", &r), MZX_TIMEOUT);
    assert_true(now_s() - t0 < 15); /* a second of CPU on a busy machine */
    assert_int_equal(r.signal, SIGXCPU);
    mzx_result_free(&r);
}

static void test_output_limit(void **state)
{
    (void)state;
    mzx_result r;
    /* 300 MiB against the default limit of 256 MiB: killed at the limit. */
    assert_int_equal(run_sh(NULL, "head -c 314572800 /dev/zero", &r), MZX_OUTPUT_LIMIT);
    assert_int_equal(r.out_len, MZX_DEFAULT_OUT_BYTES);
    assert_string_equal(mzx_status_name(r.status), "output-limit");
    mzx_result_free(&r);
    /* A file past the limit: RLIMIT_FSIZE. */
    mzx_limits lim;
    mzx_limits_default(&lim);
    lim.out_bytes = 1 << 20;
    char script[600];
    snprintf(script, sizeof script, "head -c 3000000 /dev/zero > '%s/big'", tmpdir);
    mzx_status s = run_sh(&lim, script, &r);
    /* head is killed by SIGXFSZ (or, ignoring it, fails with EFBIG). */
    assert_true(s == MZX_OUTPUT_LIMIT || s == MZX_EXIT);
    mzx_result_free(&r);
    /* stderr is kept up to its limit, the rest read and dropped. */
    assert_int_equal(run_sh(NULL, "head -c 200000 /dev/zero | tr '\\0' x >&2", &r), MZX_OK);
    assert_int_equal(r.err_len, MZX_DEFAULT_ERR_BYTES);
    assert_true(r.err_cut);
    mzx_result_free(&r);
}

static void test_cannot_start(void **state)
{
    (void)state;
    mzx_result r;
    char *none[] = {"mazebench-no-such-program", NULL};
    assert_int_equal(mzx_run(NULL, none, NULL, &r), MZX_CANNOT_START);
    assert_int_equal(r.err, ENOENT);
    assert_string_equal(mzx_status_name(r.status), "cannot-start");
    mzx_result_free(&r);
    char path[400];
    write_file("not-exec.sh", "echo hi\n", path, sizeof path);
    chmod(path, 0644);
    char *ne[] = {path, NULL};
    assert_int_equal(mzx_run(NULL, ne, NULL, &r), MZX_CANNOT_START);
    assert_int_equal(r.err, EACCES);
    mzx_result_free(&r);
    char *missing_in[] = {"cat", NULL};
    assert_int_equal(mzx_run(NULL, missing_in, "/nonexistent/in", &r), MZX_CANNOT_START);
    assert_int_equal(r.err, ENOENT);
    mzx_result_free(&r);
    /* Every status has a name. */
    for (int s = 0; s < MZX_STATUS_COUNT; s++)
        assert_string_not_equal(mzx_status_name((mzx_status)s), "?");
    assert_string_equal(mzx_status_name(MZX_STATUS_COUNT), "?");
}

/* ---- the programs file ---- */

static mz_status parse(const char *text, mzx_file *f, char *msg)
{
    return mzx_file_parse("p.programs", "/d", text, strlen(text), f, msg, 300);
}

static void expect_error(const char *text, const char *want)
{
    mzx_file f;
    char msg[300] = "";
    assert_int_equal(parse(text, &f, msg), MZ_EFORMAT);
    if (!strstr(msg, want))
        fail_msg("'%s' for a file of '%s', expected '%s' in it", msg, text, want);
}

static void test_decl_syntax(void **state)
{
    (void)state;
    mzx_file f;
    char msg[300];
    assert_int_equal(parse("# comment\n\n[generator my-gen]  # trailing\n"
                           "command = node {dir}/gen.js '# not a comment' {out}\n"
                           "format=json\n[solver s1]\ncommand = x\n",
                           &f, msg),
                     MZ_OK);
    assert_int_equal(f.nsec, 2);
    assert_string_equal(f.sec[0].kind, "generator");
    assert_string_equal(f.sec[0].name, "my-gen");
    assert_int_equal(f.sec[0].line, 3);
    unsigned line = 0;
    assert_string_equal(mzx_section_get(&f.sec[0], "command", &line),
                        "node {dir}/gen.js '# not a comment' {out}");
    assert_int_equal(line, 4);
    assert_string_equal(mzx_section_get(&f.sec[0], "format", NULL), "json");
    assert_null(mzx_section_get(&f.sec[0], "shapes", NULL));
    static const char *const known[] = {"command", NULL};
    assert_int_equal(mzx_section_keys(&f, &f.sec[0], known, msg, sizeof msg), MZ_EFORMAT);
    assert_string_equal(msg, "p.programs:5: unknown key 'format' in [generator my-gen] (known: "
                             "command)");
    mzx_file_free(&f);

    expect_error("command = x\n", "p.programs:1: 'command' outside a section");
    expect_error("[generator]\n", "p.programs:1: a section is [KIND NAME]");
    expect_error("[generator a b]\n", "p.programs:1: a section is");
    expect_error("[generator a_b]\n", "p.programs:1: a section is");
    expect_error("[generator a\n", "p.programs:1: a section line ends with ']'");
    expect_error("[generator a]\nthis line\n", "p.programs:2: expected 'key = value'");
    expect_error("[generator a]\ncommand =\n", "p.programs:2: 'command' has no value");
    expect_error("[generator a]\ncommand = x\ncommand = y\n",
                 "p.programs:3: 'command' given twice (first on line 2)");
    expect_error("[generator a]\n[generator a]\n",
                 "p.programs:2: [generator a] is declared twice (first on line 1)");
    expect_error("[generator a]\nmy key = 1\n", "p.programs:2: a key has letters");
    assert_int_equal(mzx_file_parse("p", "/d", "[generator a]\0", 14, &f, msg, sizeof msg),
                     MZ_EFORMAT);
}

static void test_decl_values(void **state)
{
    (void)state;
    mzx_file f;
    char msg[300];
    assert_int_equal(parse("[generator a]\ntime-limit = 1.5\ncpu-limit = 7\nmemory-limit = 100\n"
                           "output-limit = 2\nperfect = yes\ndeterministic = no\n",
                           &f, msg),
                     MZ_OK);
    mzx_limits lim;
    mzx_limits_default(&lim);
    assert_int_equal(mzx_section_limits(&f, &f.sec[0], &lim, msg, sizeof msg), MZ_OK);
    assert_true(lim.time_s == 1.5);
    assert_int_equal(lim.cpu_s, 7);
    assert_int_equal(lim.mem_bytes, 100u << 20);
    assert_int_equal(lim.out_bytes, 2u << 20);
    assert_int_equal(lim.err_bytes, MZX_DEFAULT_ERR_BYTES);
    bool p = false, d = true;
    assert_int_equal(mzx_section_bool(&f, &f.sec[0], "perfect", &p, msg, sizeof msg), MZ_OK);
    assert_int_equal(mzx_section_bool(&f, &f.sec[0], "deterministic", &d, msg, sizeof msg), MZ_OK);
    assert_true(p);
    assert_false(d);
    mzx_file_free(&f);

    static const char *const bad[] = {"time-limit = 0", "time-limit = -1", "time-limit = 1e999",
                                      "time-limit = nan", "cpu-limit = 1.5", "cpu-limit = 0",
                                      "memory-limit = 99999999999", "output-limit = x"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char text[200];
        snprintf(text, sizeof text, "[generator a]\n%s\n", bad[k]);
        assert_int_equal(parse(text, &f, msg), MZ_OK);
        mzx_limits_default(&lim);
        if (mzx_section_limits(&f, &f.sec[0], &lim, msg, sizeof msg) != MZ_EFORMAT)
            fail_msg("'%s' accepted", bad[k]);
        assert_non_null(strstr(msg, "p.programs:2: "));
        mzx_file_free(&f);
    }
    assert_int_equal(parse("[generator a]\nperfect = maybe\n", &f, msg), MZ_OK);
    assert_int_equal(mzx_section_bool(&f, &f.sec[0], "perfect", &p, msg, sizeof msg), MZ_EFORMAT);
    assert_string_equal(msg, "p.programs:2: perfect is yes or no, not 'maybe'");
    mzx_file_free(&f);
}

static void test_command_words(void **state)
{
    (void)state;
    static const char *const allowed[] = {"rows", "cols", "seed", "out", "dir", NULL};
    mzx_file f = {.path = "p.programs", .dir = "/the dir"};
    char msg[300];
    mzx_command c;
    assert_int_equal(mzx_command_parse(&f, 4,
                                       "node  {dir}/gen.js 'a b' \"c \\\"d\\\" \\\\e\" x'y z'w "
                                       "--size={rows}x{cols} {{literal} $HOME *.js",
                                       allowed, &c, msg, sizeof msg),
                     MZ_OK);
    assert_int_equal(c.n, 9);
    assert_string_equal(c.words[0], "node");
    assert_string_equal(c.words[2], "a b");
    assert_string_equal(c.words[3], "c \"d\" \\e");
    assert_string_equal(c.words[4], "xy zw");
    assert_true(mzx_command_uses(&c, "rows"));
    assert_false(mzx_command_uses(&c, "out"));
    assert_false(mzx_command_uses(&c, "literal"));
    mzx_subst subs[] = {{"rows", "5"}, {"cols", "7"}, {"dir", "/the dir"}};
    char **argv = mzx_command_expand(&c, subs, 3);
    assert_non_null(argv);
    assert_string_equal(argv[1], "/the dir/gen.js");
    assert_string_equal(argv[5], "--size=5x7");
    assert_string_equal(argv[6], "{literal}");
    assert_string_equal(argv[7], "$HOME"); /* no variables */
    assert_string_equal(argv[8], "*.js");  /* no globbing */
    assert_null(argv[9]);
    mzx_argv_free(argv);
    mzx_command_free(&c);

    assert_int_equal(mzx_command_parse(&f, 4, "gen {colz}", allowed, &c, msg, sizeof msg),
                     MZ_EFORMAT);
    assert_non_null(strstr(msg, "p.programs:4: unknown placeholder {colz}"));
    assert_int_equal(mzx_command_parse(&f, 4, "gen {rows", allowed, &c, msg, sizeof msg),
                     MZ_EFORMAT);
    assert_int_equal(mzx_command_parse(&f, 4, "gen 'open", allowed, &c, msg, sizeof msg),
                     MZ_EFORMAT);
    assert_string_equal(msg, "p.programs:4: the command has an unclosed '");
    assert_int_equal(mzx_command_parse(&f, 4, "  ", allowed, &c, msg, sizeof msg), MZ_EFORMAT);
}

/* ---- a declared generator ---- */

/* A comb maze as mzb: the top row a corridor, every column hanging from it. */
static const char comb_sh[] =
    "awk -v R=\"$1\" -v C=\"$2\" 'BEGIN{\n"
    " printf \"mazebench-maze 1 %dx%d entrance=0 exit=%d flags=0 tiles=0\\n\", R, C, R*C-1\n"
    " for(r=0;r<R;r++) for(c=0;c<C;c++){ w=15\n"
    "  if(r==0){ if(c<C-1) w-=2; if(c>0) w-=8 } else w-=1\n"
    "  if(r<R-1) w-=4\n"
    "  printf \"%02x\", w }\n"
    " print \"\" }'\n"
    "echo 'mazebench-own-ns: 77' >&2\n";

static void test_generator(void **state)
{
    (void)state;
    char path[400], msg[700];
    write_file("comb.sh", comb_sh, path, sizeof path);
    write_file("t.programs",
               "[generator t-comb]\ncommand = sh {dir}/comb.sh {rows} {cols}\nformat = mzb\n"
               "perfect = yes\ndeterministic = yes\n"
               "[generator t-wide]\ncommand = sh {dir}/comb.sh {rows} 9\n"
               "[generator t-out]\ncommand = sh -c 'sh \"$1\"/comb.sh \"$2\" \"$3\" > \"$4\"' sh {dir} {rows} {cols} {out}\n",
               path, sizeof path);
    assert_int_equal(mzx_load(path, msg, sizeof msg), MZ_OK);
    const mz_algo *a = mz_find(MZ_GEN, "t-comb");
    assert_non_null(a);
    assert_true(mzx_is_outside(a));
    assert_true(a->flags & MZ_F_PERFECT);

    mz_spec spec;
    char err[200];
    assert_int_equal(mz_spec_parse("t-comb", &spec, err, sizeof err), MZ_OK);
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    assert_int_equal(mz_generate(&spec, 5, MZ_SQUARE(4, 6), &g, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
    assert_int_equal(g.rows, 4);
    assert_int_equal(g.cols, 6);
    mz_metrics m;
    assert_int_equal(mz_metrics_compute(&g, 1, &m), MZ_OK);
    assert_int_equal(m.loops, 0);
    assert_int_equal(m.components, 1);
    assert_int_equal(m.dead_ends, 6);
    const mz_value *v = mz_extra_get(&x, "outside_status");
    assert_non_null(v);
    assert_int_equal(v->type, MZ_V_TEXT);
    assert_string_equal(v->text, "ok");
    assert_int_equal(mz_extra_get(&x, "own_ns")->i, 77);
    assert_true(mz_extra_get(&x, "process_ns")->i > 0);
    assert_true(mz_extra_get(&x, "startup_ns")->i > 0);
    assert_int_equal(mz_extra_get(&x, "inconsistent_walls")->i, 0);
    uint64_t digest = mz_digest(&g);

    /* Through a file {out}: the same maze. */
    assert_int_equal(mz_spec_parse("t-out", &spec, err, sizeof err), MZ_OK);
    memset(&x, 0, sizeof x);
    assert_int_equal(mz_generate(&spec, 5, MZ_SQUARE(4, 6), &g, MZ_GEN_OPTS(1, NULL, &x)), MZ_OK);
    assert_int_equal(mz_digest(&g), digest);

    /* A maze of another size: wrong-size. */
    assert_int_equal(mz_spec_parse("t-wide", &spec, err, sizeof err), MZ_OK);
    memset(&x, 0, sizeof x);
    assert_int_equal(mz_generate(&spec, 5, MZ_SQUARE(4, 6), &g, MZ_GEN_OPTS(1, NULL, &x)),
                     MZ_EOUTSIDE);
    assert_string_equal(mz_extra_get(&x, "outside_status")->text, "wrong-size");
    assert_non_null(strstr(mzx_last_error(), "the file is 4x9, 4x6 was asked for"));
    mz_grid_free(&g);

    /* A name taken, a kind unknown: refused, with the line. */
    write_file("t2.programs", "[generator dfs]\ncommand = x\n", path, sizeof path);
    assert_int_equal(mzx_load(path, msg, sizeof msg), MZ_EFORMAT);
    assert_non_null(strstr(msg, "t2.programs:1: 'dfs' is the name of an entry already"));
    write_file("t3.programs", "[generator ok-one]\ncommand = x\n[gizmo g]\ncommand = x\n", path,
               sizeof path);
    assert_int_equal(mzx_load(path, msg, sizeof msg), MZ_EFORMAT);
    assert_non_null(strstr(msg, "t3.programs:3: unknown section kind 'gizmo'"));
    assert_null(mz_find(MZ_GEN, "ok-one")); /* nothing of a refused file is declared */
    write_file("t4.programs", "[generator sq]\ncommand = x\nformat = json\nshapes = square hex\n",
               path, sizeof path);
    assert_int_equal(mzx_load(path, msg, sizeof msg), MZ_EFORMAT);
    assert_non_null(strstr(msg, "t4.programs:4: format json holds square cells only"));
    mzx_unload();
    assert_null(mz_find(MZ_GEN, "t-comb"));
}

/* Run folders: what a program may leave at {out}, read or refused at once;
 * a folder removed whole at any depth, links never followed. */
static void test_run_folder(void **state)
{
    (void)state;
    char old_tmp[300] = "", msg[300];
    const char *t = getenv("TMPDIR");
    if (t)
        snprintf(old_tmp, sizeof old_tmp, "%s", t);
    setenv("TMPDIR", tmpdir, 1);
    mzx_rundir rd;
    assert_int_equal(mzx_rundir_make(&rd, "mzt-run"), 0);
    assert_true(rd.fd >= 0);
    assert_non_null(strstr(rd.path, "/mzt-run-"));
    struct stat st;
    assert_int_equal(lstat(rd.path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(st.st_mode & 0777, 0700);

    char *text;
    size_t len;
    /* a regular file: read whole; at the cap: output-limit */
    int fd = openat(rd.fd, "f", O_WRONLY | O_CREAT, 0600);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "hello", 5), 5);
    close(fd);
    assert_int_equal(mzx_read_file(&rd, "f", "{out}", 0, &text, &len, msg, sizeof msg), MZX_OK);
    assert_int_equal(len, 5);
    assert_string_equal(text, "hello");
    free(text);
    assert_int_equal(mzx_read_file(&rd, "f", "{out}", 5, &text, &len, msg, sizeof msg),
                     MZX_OUTPUT_LIMIT);
    assert_null(text);
    assert_non_null(strstr(msg, "{out} reached its output limit"));
    /* a FIFO: refused without waiting for a writer */
    assert_int_equal(mkfifoat(rd.fd, "fifo", 0600), 0);
    assert_int_equal(mzx_read_file(&rd, "fifo", "{out}", 0, &text, &len, msg, sizeof msg),
                     MZX_BAD_OUTPUT);
    assert_string_equal(msg, "{out} is a FIFO, not a regular file");
    /* links, to a device or to a file: never followed */
    assert_int_equal(symlinkat("/dev/zero", rd.fd, "zero"), 0);
    assert_int_equal(mzx_read_file(&rd, "zero", "{out}", 0, &text, &len, msg, sizeof msg),
                     MZX_BAD_OUTPUT);
    assert_non_null(strstr(msg, "{out} is a symbolic link"));
    assert_int_equal(symlinkat("f", rd.fd, "to-f"), 0);
    assert_int_equal(mzx_read_file(&rd, "to-f", "{out}", 0, &text, &len, msg, sizeof msg),
                     MZX_BAD_OUTPUT);
    /* a folder, nothing at all */
    assert_int_equal(mkdirat(rd.fd, "dir", 0700), 0);
    assert_int_equal(mzx_read_file(&rd, "dir", "{out}", 0, &text, &len, msg, sizeof msg),
                     MZX_BAD_OUTPUT);
    assert_string_equal(msg, "{out} is a folder, not a regular file");
    assert_int_equal(mzx_read_file(&rd, "none", "{out}", 0, &text, &len, msg, sizeof msg),
                     MZX_BAD_OUTPUT);
    assert_string_equal(msg, "{out} does not exist");

    /* A tree 300 folders deep, one of them unreadable and unwritable, a
     * link out to a folder with a file: all of it goes, the file stays. */
    char outside[400], keep[450];
    snprintf(outside, sizeof outside, "%s/outside", tmpdir);
    assert_int_equal(mkdir(outside, 0700), 0);
    snprintf(keep, sizeof keep, "%s/keep", outside);
    write_file("outside/keep", "keep me\n", keep, sizeof keep);
    int cur = dup(rd.fd);
    for (int k = 0; k < 300; k++) {
        assert_int_equal(mkdirat(cur, "d", 0700), 0);
        int sub = openat(cur, "d", O_RDONLY | O_DIRECTORY);
        assert_true(sub >= 0);
        if (k == 200)
            assert_int_equal(symlinkat(outside, sub, "out-link"), 0);
        if (k == 150) {
            int f2 = openat(sub, "x", O_WRONLY | O_CREAT, 0600);
            close(f2);
            assert_int_equal(mkdirat(sub, "locked", 0700), 0);
            int f3 = openat(sub, "locked/y", O_WRONLY | O_CREAT, 0600);
            close(f3);
            assert_int_equal(fchmodat(sub, "locked", 0, 0), 0);
        }
        close(cur);
        cur = sub;
    }
    assert_int_equal(fchmod(cur, 0), 0); /* the deepest one too */
    close(cur);
    char path[4096];
    snprintf(path, sizeof path, "%s", rd.path);
    mzx_rundir_remove(&rd);
    assert_int_equal(rd.fd, -1);
    assert_int_equal(lstat(path, &st), -1);
    assert_int_equal(errno, ENOENT);
    assert_int_equal(lstat(keep, &st), 0);

    /* A path that is a link: the link goes, never what it points at. */
    char link[400];
    snprintf(link, sizeof link, "%s/a-link", tmpdir);
    assert_int_equal(symlink(outside, link), 0);
    assert_int_equal(mzx_remove_tree(link), 0);
    assert_int_equal(lstat(link, &st), -1);
    assert_int_equal(lstat(keep, &st), 0);
    assert_int_equal(mzx_remove_tree(outside), 0);
    assert_int_equal(lstat(outside, &st), -1);
    if (old_tmp[0])
        setenv("TMPDIR", old_tmp, 1);
    else
        unsetenv("TMPDIR");
}

/* Placeholders inside code a shell or an interpreter runs are refused,
 * with the positional form; as arguments they are taken. */
static void test_code_placeholders(void **state)
{
    (void)state;
    static const char *const allowed[] = {"rows", "seed", "out", "dir", NULL};
    mzx_file f = {.path = "p.programs", .dir = "/d"};
    char msg[400];
    mzx_command c;
    static const char *const refused[] = {
        "sh -c 'cat {dir}/m.txt > {out}'",
        "/bin/bash -ec 'echo {rows}'",
        "env LC_ALL=C dash -x -c 'echo {seed}'",
        "bash -o pipefail -c 'echo x{out}'",
        "python3 -c 'print({seed})'",
        "python3.12 -W ignore -Bc 'print({seed})'",
        "perl -e 'print \"{dir}\"'",
        "node -e 'console.log(\"{out}\")'",
        NULL};
    for (const char *const *r = refused; *r; r++) {
        assert_int_equal(mzx_command_parse(&f, 3, *r, allowed, &c, msg, sizeof msg), MZ_EFORMAT);
        assert_non_null(strstr(msg, "p.programs:3: {"));
        assert_non_null(strstr(msg, "pass it as an argument instead"));
    }
    assert_int_equal(mzx_command_parse(&f, 3, "sh -c 'cat {dir}/m.txt'", allowed, &c, msg,
                                       sizeof msg), MZ_EFORMAT);
    assert_string_equal(msg, "p.programs:3: {dir} is inside the code that sh runs: its value "
                        "would be read as code; pass it as an argument instead: "
                        "sh -c '... \"$1\" ...' sh {dir}");
    static const char *const taken[] = {
        "sh -c 'cat \"$1\"/m.txt > \"$2\"' sh {dir} {out}",
        "sh -c 'echo ${{x}}' sh",
        "sh {dir}/gen.sh -c {rows}",
        "python3 {dir}/gen.py -c {seed}",
        "python3 -c 'import sys; print(sys.argv[1])' {seed}",
        "node {dir}/gen.js -e {out}",
        NULL};
    for (const char *const *k = taken; *k; k++) {
        assert_int_equal(mzx_command_parse(&f, 3, *k, allowed, &c, msg, sizeof msg), MZ_OK);
        mzx_command_free(&c);
    }
    assert_true(mzx_is_shell("/usr/bin/bash"));
    assert_true(mzx_is_shell("sh"));
    assert_false(mzx_is_shell("python3"));

    /* A byte-order mark first: skipped. */
    mzx_file pf;
    const char bom[] = "\xEF\xBB\xBF[generator g]\ncommand = x\n";
    assert_int_equal(mzx_file_parse("b.programs", "/d", bom, sizeof bom - 1, &pf, msg, sizeof msg),
                     MZ_OK);
    assert_int_equal(pf.nsec, 1);
    assert_string_equal(pf.sec[0].kind, "generator");
    mzx_file_free(&pf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exit_and_capture),
        cmocka_unit_test(test_stdin_and_fds),
        cmocka_unit_test(test_crash),
        cmocka_unit_test(test_hang),
        cmocka_unit_test(test_cpu_limit),
        cmocka_unit_test(test_output_limit),
        cmocka_unit_test(test_cannot_start),
        cmocka_unit_test(test_decl_syntax),
        cmocka_unit_test(test_decl_values),
        cmocka_unit_test(test_command_words),
        cmocka_unit_test(test_generator),
        cmocka_unit_test(test_run_folder),
        cmocka_unit_test(test_code_placeholders),
    };
    return cmocka_run_group_tests(tests, make_tmp, drop_tmp);
}
