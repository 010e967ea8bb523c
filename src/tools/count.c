/*
 * count.c - instruction counts under valgrind's Callgrind: the sweep
 * command run again under valgrind (docs/measurement.md). The child, finding
 * itself under valgrind with MZT_CG_OUT_ENV set, counts; the dumps and
 * valgrind's log live in a temporary directory removed here. Nothing is
 * printed: what went wrong is returned for the command to say.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools.h"
#include "outside/outside.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Callgrind's options: collection off until the meter turns it on around
 * the timed call, and a fixed simulated cache (not the host's), so the miss
 * counts are the same on every machine. */
static const char *const cg_opts[] = {
    "--tool=callgrind", "-q", "--collect-atstart=no", "--cache-sim=yes",
    "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64", "--dump-instr=no",
    "--dump-line=no"};

bool mzt_find_in_path(const char *name, char *buf, size_t len)
{
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n > 0 && (size_t)snprintf(buf, len, "%.*s/%s", (int)n, path, name) < len &&
            access(buf, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

static volatile pid_t cg_child;

static void forward_signal(int sig)
{
    if (cg_child > 0)
        kill(cg_child, sig);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4200];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            remove(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* valgrind's first message that is not about its cache configuration,
 * into buf ("" when none). */
static void valgrind_log_line(const char *log, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || strstr(line, "cache found") || strstr(line, " LL cache:"))
            continue;
        snprintf(buf, len, "%s", line);
        break;
    }
    fclose(f);
}

int mzt_count_rerun(int argc, char **argv, mzt_count_result *res)
{
    char valgrind[4096], exe[4096], dir[1024], out[1100], logopt[1200], outopt[1200];
    res->err[0] = res->valgrind_said[0] = '\0';
    if (!mzt_find_in_path("valgrind", valgrind, sizeof valgrind)) {
        snprintf(res->err, sizeof res->err,
                 "--count callgrind needs valgrind on PATH (Debian package valgrind; "
                 "scripts/setup.sh installs it)");
        return MZT_FAIL;
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(res->err, sizeof res->err,
                 "cannot find this program's own file to run it under valgrind: %s",
                 strerror(errno));
        return MZT_FAIL;
    }
    exe[n] = '\0';
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/mazebench-callgrind-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(res->err, sizeof res->err, "cannot make a directory for Callgrind's dumps: %s",
                 strerror(errno));
        return MZT_FAIL;
    }
    snprintf(out, sizeof out, "%s/cg.out", dir);
    snprintf(outopt, sizeof outopt, "--callgrind-out-file=%s", out);
    snprintf(logopt, sizeof logopt, "--log-file=%s/valgrind.log", dir);
    size_t nopt = sizeof cg_opts / sizeof cg_opts[0];
    size_t nprog = 0;
    const char *const *progs = mzx_loaded_files(&nprog);
    char **av = calloc(nopt + (size_t)argc + 2 * nprog + 6, sizeof *av);
    if (!av || setenv(MZT_CG_OUT_ENV, out, 1) != 0) {
        free(av);
        remove_dir(dir);
        snprintf(res->err, sizeof res->err, "out of memory");
        return MZT_FAIL;
    }
    size_t k = 0;
    av[k++] = valgrind;
    for (size_t j = 0; j < nopt; j++)
        av[k++] = (char *)cg_opts[j];
    av[k++] = logopt;
    av[k++] = outopt;
    av[k++] = exe;
    for (int j = 0; j < argc; j++)
        av[k++] = argv[j];
    /* The outside programs declared, declared again. */
    for (size_t j = 0; j < nprog; j++) {
        av[k++] = (char *)"--programs";
        av[k++] = (char *)progs[j];
    }
    av[k] = NULL;
    fflush(NULL);
    /* Ctrl-C reaches the child too (one process group): the parent waits
     * for it; a SIGTERM sent to the parent alone is passed on. */
    struct sigaction ign, fwd, old_int, old_term;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    memset(&fwd, 0, sizeof fwd);
    fwd.sa_handler = forward_signal;
    sigemptyset(&ign.sa_mask);
    sigemptyset(&fwd.sa_mask);
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGTERM, &fwd, &old_term);
    pid_t pid = fork();
    if (pid == 0) { /* the child: valgrind, or the status of a failed exec */
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        execv(valgrind, av);
        _exit(127);
    }
    int rc = MZT_FAIL, status = 0;
    if (pid < 0) {
        snprintf(res->err, sizeof res->err, "cannot start valgrind: %s", strerror(errno));
    } else {
        cg_child = pid;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        cg_child = 0;
        if (WIFEXITED(status))
            rc = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            rc = 128 + WTERMSIG(status);
        /* The child speaks for itself (0, 1, 2, 130, 143); anything else
         * is valgrind's. */
        if (rc != MZT_OK && rc != MZT_FAIL && rc != MZT_BAD && rc != 130 && rc != 143) {
            char log[1100];
            snprintf(log, sizeof log, "%s/valgrind.log", dir);
            valgrind_log_line(log, res->valgrind_said, sizeof res->valgrind_said);
            snprintf(res->err, sizeof res->err, "the sweep under valgrind ended with status %d",
                     rc);
            if (rc < 3)
                rc = MZT_FAIL;
        }
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    unsetenv(MZT_CG_OUT_ENV);
    free(av);
    remove_dir(dir);
    return rc;
}

int mzt_count_choose(bool automatic, mz_counter *count, unsigned *jobs, char *about, size_t len,
                     mzt_err *err)
{
    char why[512], vg[4096];
    mz_meter *m = NULL;
    if (automatic) {
        if (mz_under_valgrind()) {
            *count = MZ_COUNTER_CALLGRIND;
        } else if (mz_meter_open(&m, MZ_COUNTER_PERF, NULL, why, sizeof why) == MZ_OK) {
            *count = MZ_COUNTER_PERF;
        } else if (mz_callgrind_built() && mzt_find_in_path("valgrind", vg, sizeof vg)) {
            *count = MZ_COUNTER_CALLGRIND;
        } else {
            return mzt_fail(err, MZT_FAIL, NULL, 0, "--count auto: no counter: %s; and %s", why,
                            mz_callgrind_built()
                                ? "no valgrind on PATH (Debian package valgrind)"
                                : "this build has no Callgrind client requests (install "
                                  "valgrind and rebuild)");
        }
        if (*count == MZ_COUNTER_CALLGRIND)
            *jobs = 1; /* Callgrind's counts of several threads mix */
    }
    if (*count == MZ_COUNTER_CALLGRIND) {
        if (!mz_callgrind_built()) {
            return mzt_fail(err, MZT_FAIL, NULL, 0,
                            "--count callgrind: this build has no Callgrind client requests "
                            "(valgrind/callgrind.h was missing: install valgrind, Debian "
                            "package valgrind, and rebuild)");
        }
        if (!mz_under_valgrind())
            return MZT_COUNT_RERUN;
        const char *cg = getenv(MZT_CG_OUT_ENV);
        if (!cg || !*cg) {
            return mzt_fail(err, MZT_FAIL, NULL, 0,
                            "--count callgrind under valgrind needs " MZT_CG_OUT_ENV " set to "
                            "Callgrind's --callgrind-out-file (or run it without valgrind: it "
                            "starts valgrind itself)");
        }
        if (mz_meter_open(&m, MZ_COUNTER_CALLGRIND, cg, why, sizeof why) != MZ_OK) {
            return mzt_fail(err, MZT_FAIL, NULL, 0, "--count callgrind: %s", why);
        }
    } else if (!m && mz_meter_open(&m, MZ_COUNTER_PERF, NULL, why, sizeof why) != MZ_OK) {
        return mzt_fail(err, MZT_FAIL, NULL, 0,
                        "--count perf: %s (--count callgrind counts without them)", why);
    }
    snprintf(about, len, "%s", mz_meter_about(m));
    mz_meter_close(m);
    return MZT_OK;
}

