/*
 * cmd_vet.c - the vet command: the built-in checks (src/tools/vet.c) on
 * any entry, a plugin's above all (docs/plugins.md).
 *
 * Each entry is checked in a child process, so that an entry that crashes
 * or hangs is reported as a failure of its own and the others are still
 * checked. The child says it finished through a page it shares with the
 * parent (a done mark and its failure count, set after its last verdict),
 * and before each call into the entry it writes there what it runs: a
 * child that ends any other way, even with exit status 0 (an entry that
 * calls exit), is the entry's failure, and the line says during what.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "cli.h"
#include "../mazebench_plugin.h"
#include "opts.h"
#include "../plugin/plugin.h"
#include "../tools/vet.h"

#include "../util/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child's exit status when its checks ran and some failed. */
#define VET_FAILED 3
#define VET_TIMEOUT_DEFAULT 300

static void print_verdict(void *user, const mz_algo *a, const char *check, mzt_verdict v,
                          const char *why)
{
    (void)user;
    if (v == MZT_VET_OK)
        printf("%-24s %-10s ok\n", a->name, check);
    else
        printf("%-24s %-10s %s: %s\n", a->name, check, v == MZT_VET_FAIL ? "FAIL" : "skip", why);
}

/* What the child tells the parent, in a shared page. */
typedef struct vet_report {
    volatile int done;      /* VET_DONE once every verdict is printed */
    volatile unsigned failed;
    char doing[512];        /* the run in progress: "CHECK: what" */
} vet_report;
#define VET_DONE 0x646f6e65 /* not a value a stray write of 0 or 1 leaves */

static const char *outside_why(const mz_algo *a)
{
    return mzc_outside_why(a);
}

/* The checks of entry a in a child process. 0: all passed, 1: some
 * failed (the lines say which), -1: the child could not be started. */
static int vet_entry(const mz_algo *a, unsigned timeout)
{
    vet_report *rep = mmap(NULL, sizeof *rep, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                           -1, 0);
    if (rep == MAP_FAILED) {
        mzc_error("vet: cannot share memory with a process: %s", strerror(errno));
        return -1;
    }
    memset(rep, 0, sizeof *rep);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        mzc_error("vet: cannot start a process: %s", strerror(errno));
        munmap(rep, sizeof *rep);
        return -1;
    }
    if (pid == 0) {
        signal(SIGALRM, SIG_DFL);
        alarm(timeout);
        mzt_vet_opts o = {rep->doing, sizeof rep->doing, outside_why};
        unsigned failed = mzt_vet_with(a, print_verdict, NULL, &o);
        fflush(stdout);
        rep->failed = failed;
        rep->done = VET_DONE;
        _exit(failed ? VET_FAILED : 0);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            mzc_error("vet: lost the process checking '%s': %s", a->name, strerror(errno));
            munmap(rep, sizeof *rep);
            return -1;
        }
    const bool done = rep->done == VET_DONE;
    const unsigned failed = rep->failed;
    char doing[sizeof rep->doing + 1];
    memcpy(doing, rep->doing, sizeof rep->doing);
    doing[sizeof rep->doing] = '\0';
    for (char *c = doing; *c; c++) /* the child's text, as one line */
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    munmap(rep, sizeof *rep);
    if (!doing[0])
        snprintf(doing, sizeof doing, "its setup, before any run");
    if (done && WIFEXITED(status) && WEXITSTATUS(status) == (failed ? VET_FAILED : 0))
        return failed ? 1 : 0;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        printf("%-24s %-10s FAIL: no answer within %u s (a hang, or --timeout too short) "
               "during %s\n", a->name, "finishes", timeout, doing);
    else if (WIFSIGNALED(status))
        printf("%-24s %-10s FAIL: crashed (signal %d, %s) during %s\n", a->name, "finishes",
               WTERMSIG(status), strsignal(WTERMSIG(status)), done ? "its exit" : doing);
    else if (!done)
        printf("%-24s %-10s FAIL: the entry ended the process (exit %d%s) during %s\n",
               a->name, "finishes", WEXITSTATUS(status),
               WEXITSTATUS(status) ? "; a sanitizer's report on stderr?" : "", doing);
    else
        printf("%-24s %-10s FAIL: the checks stopped with status %d (a sanitizer's report "
               "on stderr?)\n", a->name, "finishes", WEXITSTATUS(status));
    return 1;
}

#define MAX_NAMED 256

int cmd_vet(int argc, char **argv)
{
    bool all = false;
    const char *timeout_text = NULL;
    const mz_algo *todo[MAX_NAMED];
    size_t n = 0;
    mzc_args args;
    mzc_args_init(&args, &mzc_cmd_vet, argc, argv);
    for (int id; (id = mzc_args_next(&args)) != MZC_ARGS_END;) {
        const char *a = args.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("vet: unknown option '%s' (see mazebench vet --help)", a);
            return MZC_USAGE;
        }
        if (id >= 0) {
            const char *name = args.cmd->opts[id].name;
            if (strcmp(name, "--all") == 0) {
                all = true;
            } else if (strcmp(name, "--timeout") == 0) {
                timeout_text = a;
            } else {
                mzc_error("vet: option '%s' is not handled", name);
                return MZC_USAGE;
            }
            continue;
        }
        bool any = false;
        for (int kind = MZ_GEN; kind <= MZ_SOLVER; kind++) {
            const mz_algo *e = mz_find((mz_kind)kind, a);
            if (!e)
                continue;
            any = true;
            if (n == MAX_NAMED) {
                mzc_error("vet: more than %d entries named", MAX_NAMED);
                return MZC_USAGE;
            }
            todo[n++] = e;
        }
        if (!any) {
            mzc_error("vet: no entry named '%s' (mazebench list shows them; a plugin's "
                      "need --plugin FILE)", a);
            return MZC_USAGE;
        }
    }
    unsigned timeout = VET_TIMEOUT_DEFAULT;
    if (timeout_text) {
        uint64_t t = 0;
        mzu_int_status is = mzu_parse_u64(timeout_text, 1, 86400, 0, &t);
        if (is != MZU_INT_OK) {
            mzc_error("vet: --timeout '%s': %s (seconds from 1 to 86400)", timeout_text,
                      mzu_int_status_str(is));
            return MZC_USAGE;
        }
        timeout = (unsigned)t;
    }
    if (all && n) {
        mzc_error("vet: --all or names, not both");
        return MZC_USAGE;
    }
    size_t nadded = 0;
    const mz_algo *const *added = mz_registry_added(&nadded);
    const mz_algo **list = (const mz_algo **)todo;
    const mz_algo **owned = NULL;
    if (all) {
        size_t total = mz_registry_count() + nadded;
        owned = malloc((total + 1) * sizeof *owned);
        if (!owned) {
            mzc_error("vet: out of memory");
            return MZC_FAIL;
        }
        n = 0;
        for (const mz_algo *const *e = mz_registry; *e; e++)
            owned[n++] = *e;
        for (size_t k = 0; k < nadded; k++)
            owned[n++] = added[k];
        list = owned;
    } else if (n == 0) {
        if (nadded == 0) {
            mzc_error("vet: nothing to check: no entry was added (load one with --plugin "
                      "FILE.so), none named, no --all");
            return MZC_USAGE;
        }
        for (size_t k = 0; k < nadded && n < MAX_NAMED; k++)
            todo[n++] = added[k];
    }
    unsigned bad = 0;
    int rc = MZC_OK;
    for (size_t k = 0; k < n; k++) {
        int r = vet_entry(list[k], timeout);
        if (r < 0) {
            rc = MZC_FAIL;
            break;
        }
        bad += r > 0;
    }
    if (rc == MZC_OK) {
        printf("vet: %zu %s checked, %u with a failure\n", n, n == 1 ? "entry" : "entries", bad);
        if (bad)
            rc = MZC_FAIL;
    }
    free(owned);
    return rc;
}
