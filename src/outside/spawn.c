/* The runner of outside programs (outside.h, docs/outside.md).
 *
 * fork, then in the child only async-signal-safe calls (the sweep runs on
 * threads): its own process group, the standard descriptors, every other
 * descriptor closed, the rlimits, default signal dispositions and mask,
 * execve of a path the parent resolved on PATH beforehand. An exec failure
 * comes back as its errno through a close-on-exec pipe. The parent reads
 * stdout and stderr through pipes under the wall-clock deadline, learns of
 * the child's end through a pidfd (or short polls where there is none),
 * kills the whole group while the child is still an unreaped zombie (so its
 * pid, the group's id, cannot have been reused), then reaps it. */
#define _GNU_SOURCE /* pipe2, O_CLOEXEC, syscall */
#include "outside.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char *const status_names[MZX_STATUS_COUNT] = {
    [MZX_OK] = "ok",
    [MZX_EXIT] = "exit",
    [MZX_SIGNAL] = "signal",
    [MZX_TIMEOUT] = "timeout",
    [MZX_OUTPUT_LIMIT] = "output-limit",
    [MZX_CANNOT_START] = "cannot-start",
    [MZX_BAD_OUTPUT] = "bad-output",
    [MZX_WRONG_SIZE] = "wrong-size",
    [MZX_NOT_REPRODUCIBLE] = "not-reproducible",
    [MZX_NOT_PERFECT] = "not-perfect",
};

const char *mzx_status_name(mzx_status s)
{
    if ((unsigned)s >= MZX_STATUS_COUNT)
        return "?";
    return status_names[s];
}

void mzx_limits_default(mzx_limits *lim)
{
    lim->time_s = MZX_DEFAULT_TIME_S;
    lim->cpu_s = MZX_DEFAULT_CPU_S;
    lim->mem_bytes = MZX_DEFAULT_MEM_BYTES;
    lim->out_bytes = MZX_DEFAULT_OUT_BYTES;
    lim->err_bytes = MZX_DEFAULT_ERR_BYTES;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- the running groups ------------------------------------------- */

/* The process groups of the runs under way, for mzx_kill_all from a
 * signal handler (lock-free: a run takes a free slot, or goes unlisted
 * when there is none). */
#define RUNNING_SLOTS 256
static atomic_int running[RUNNING_SLOTS];

static int running_add(pid_t pid)
{
    for (int k = 0; k < RUNNING_SLOTS; k++) {
        int none = 0;
        if (atomic_compare_exchange_strong(&running[k], &none, (int)pid))
            return k;
    }
    return -1;
}

static void running_drop(int slot)
{
    if (slot >= 0)
        atomic_store(&running[slot], 0);
}

void mzx_kill_all(void)
{
    for (int k = 0; k < RUNNING_SLOTS; k++) {
        int pid = atomic_load(&running[k]);
        if (pid > 0)
            (void)kill(-(pid_t)pid, SIGKILL);
    }
    /* The run folders too, and any group the slots missed. */
    mzx_janitor_clean_now();
}

/* ---- the output buffers ------------------------------------------- */

typedef struct obuf {
    char *p;
    size_t len, cap;
    uint64_t limit; /* bytes kept at most (0: no limit) */
    bool over;      /* more arrived than limit */
} obuf;

/* Append n bytes, keeping at most b->limit; false when memory runs out. */
static bool obuf_add(obuf *b, const char *s, size_t n)
{
    if (b->limit && b->len + n > b->limit) {
        b->over = true;
        n = b->len < b->limit ? (size_t)(b->limit - b->len) : 0;
    }
    if (n == 0)
        return true;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        if (b->limit && cap > b->limit + 1)
            cap = (size_t)b->limit + 1;
        char *p = realloc(b->p, cap);
        if (!p)
            return false;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
    return true;
}

/* A NUL-terminated copy of what b holds (an empty string when nothing). */
static char *obuf_take(obuf *b, size_t *len)
{
    char *p = b->p;
    if (!p)
        p = calloc(1, 1);
    *len = b->p ? b->len : 0;
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}

/* ---- finding the program ------------------------------------------ */

static bool is_exec_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The path to exec for name: name itself when it has a '/', else the first
 * executable file of that name on PATH. A malloc'd string, or NULL with
 * *err set. */
static char *resolve(const char *name, int *err)
{
    if (!name || !*name) {
        *err = ENOENT;
        return NULL;
    }
    if (strchr(name, '/')) {
        char *p = strdup(name);
        if (!p)
            *err = ENOMEM;
        return p;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    size_t nl = strlen(name);
    int found_err = ENOENT;
    for (const char *d = path;; ) {
        const char *e = strchr(d, ':');
        size_t dl = e ? (size_t)(e - d) : strlen(d);
        char *cand = malloc(dl + nl + 3);
        if (!cand) {
            *err = ENOMEM;
            return NULL;
        }
        if (dl == 0)
            memcpy(cand, ".", 2), dl = 1;
        else
            memcpy(cand, d, dl);
        cand[dl] = '/';
        memcpy(cand + dl + 1, name, nl + 1);
        if (is_exec_file(cand))
            return cand;
        if (access(cand, F_OK) == 0)
            found_err = EACCES;
        free(cand);
        if (!e)
            break;
        d = e + 1;
    }
    *err = found_err;
    return NULL;
}

/* ---- the child ---------------------------------------------------- */

static void set_limit(int what, uint64_t v)
{
    struct rlimit r;
    if (getrlimit(what, &r) != 0)
        return;
    rlim_t want = (rlim_t)v;
    if (r.rlim_max != RLIM_INFINITY && want > r.rlim_max)
        want = r.rlim_max;
    r.rlim_cur = want;
    if (r.rlim_max == RLIM_INFINITY || r.rlim_max > want)
        r.rlim_max = what == RLIMIT_CPU && want < r.rlim_max - 1 ? want + 1 : want;
    (void)setrlimit(what, &r);
}

/* Between fork and exec: async-signal-safe calls only. Never returns. */
static void child(const mzx_limits *lim, const char *path, char *const argv[], int in_fd,
                  int out_fd, int err_fd, int report_fd, int max_fd, pid_t parent)
{
    (void)setpgid(0, 0);
    /* Listed before the program can start anything: the janitor kills the
     * group if mazebench dies, by SIGKILL too. */
    mzx_janitor_group(getpid(), true);
#ifdef __linux__
    /* Killed with mazebench (a second Ctrl-C exits at once); a parent
     * already gone is seen by getppid. */
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
#else
    (void)parent;
#endif
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < 32; s++)
        if (s != SIGKILL && s != SIGSTOP)
            (void)sigaction(s, &dfl, NULL);

    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        goto fail;
    /* Every other descriptor closed but the report pipe (close-on-exec). */
    bool closed = false;
#ifdef SYS_close_range
    closed = (report_fd <= 3 || syscall(SYS_close_range, 3u, (unsigned)report_fd - 1, 0u) == 0) &&
             syscall(SYS_close_range, (unsigned)report_fd + 1, ~0u, 0u) == 0;
#endif
    for (int fd = 3; !closed && fd < max_fd; fd++)
        if (fd != report_fd)
            (void)close(fd);

    if (lim->cpu_s)
        set_limit(RLIMIT_CPU, lim->cpu_s);
    if (lim->mem_bytes)
        set_limit(RLIMIT_AS, lim->mem_bytes);
    if (lim->out_bytes)
        set_limit(RLIMIT_FSIZE, lim->out_bytes);
    set_limit(RLIMIT_CORE, 0);

    execve(path, argv, environ);
fail:;
    int e = errno;
    ssize_t w;
    do
        w = write(report_fd, &e, sizeof e);
    while (w < 0 && errno == EINTR);
    _exit(127);
}

/* ---- the parent --------------------------------------------------- */

static void close_fd(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

static int open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    long fd = syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        int f = (int)fd;
        (void)fcntl(f, F_SETFD, FD_CLOEXEC);
        return f;
    }
#else
    (void)pid;
#endif
    return -1;
}

/* Whether child pid has ended, without reaping it. */
static bool child_ended(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    int r;
    do
        r = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
    while (r < 0 && errno == EINTR);
    return r < 0 || si.si_pid == pid;
}

static void start_failed(mzx_result *res, int err)
{
    res->status = MZX_CANNOT_START;
    res->err = err;
}

mzx_status mzx_run(const mzx_limits *lim_in, char *const argv[], const char *stdin_path,
                   mzx_result *res)
{
    memset(res, 0, sizeof *res);
    res->exit_code = -1;
    (void)mzx_janitor_start(); /* once; the runs go on without it if it cannot */
    mzx_limits lim;
    if (lim_in)
        lim = *lim_in;
    else
        mzx_limits_default(&lim);

    obuf out = {.limit = lim.out_bytes}, err = {.limit = lim.err_bytes};
    int in_fd = -1, op[2] = {-1, -1}, ep[2] = {-1, -1}, rp[2] = {-1, -1}, pidfd = -1;
    char *path = NULL;
    pid_t pid = -1;

    int e = 0;
    path = resolve(argv ? argv[0] : NULL, &e);
    if (!path) {
        start_failed(res, e);
        goto done;
    }
    in_fd = open(stdin_path ? stdin_path : "/dev/null", O_RDONLY | O_CLOEXEC);
    if (in_fd < 0 || pipe2(op, O_CLOEXEC) != 0 || pipe2(ep, O_CLOEXEC) != 0 ||
        pipe2(rp, O_CLOEXEC) != 0) {
        start_failed(res, errno);
        goto done;
    }
    struct rlimit nof;
    int max_fd = 1024;
    if (getrlimit(RLIMIT_NOFILE, &nof) == 0 && nof.rlim_cur != RLIM_INFINITY)
        max_fd = nof.rlim_cur > 65536 ? 65536 : (int)nof.rlim_cur;

    pid_t self = getpid();
    uint64_t t0 = now_ns();
    pid = fork();
    if (pid < 0) {
        start_failed(res, errno);
        goto done;
    }
    if (pid == 0)
        child(&lim, path, argv, in_fd, op[1], ep[1], rp[1], max_fd, self);
    (void)setpgid(pid, pid); /* also the parent's, so the group exists at once */
    int slot = running_add(pid);
    close_fd(&in_fd);
    close_fd(&op[1]);
    close_fd(&ep[1]);
    close_fd(&rp[1]);

    /* The exec's outcome: EOF when it succeeded (the pipe closed on exec),
     * its errno when it failed. */
    int child_err = 0;
    ssize_t got;
    do
        got = read(rp[0], &child_err, sizeof child_err);
    while (got < 0 && errno == EINTR);
    close_fd(&rp[0]);
    if (got == (ssize_t)sizeof child_err) {
        running_drop(slot);
        mzx_janitor_group(pid, false);
        while (wait4(pid, NULL, 0, NULL) < 0 && errno == EINTR)
            ;
        res->wall_ns = now_ns() - t0;
        start_failed(res, child_err);
        goto done;
    }

    pidfd = open_pidfd(pid);
    uint64_t deadline = lim.time_s > 0 ? t0 + (uint64_t)(lim.time_s * 1e9) : 0;
    bool timed_out = false, ended = false, killed = false, nomem = false;
    char buf[65536];
    for (;;) {
        if (!ended && child_ended(pid)) {
            ended = true;
            /* Whatever it left behind goes with it; the zombie holds the id. */
            (void)kill(-pid, SIGKILL);
            killed = true;
        }
        if (ended && op[0] < 0 && ep[0] < 0)
            break;
        if (out.over && !killed) {
            (void)kill(-pid, SIGKILL);
            killed = true;
        }
        int timeout_ms = -1;
        if (deadline) {
            uint64_t t = now_ns();
            if (t >= deadline) {
                timed_out = !ended;
                (void)kill(-pid, SIGKILL);
                break;
            }
            uint64_t left = (deadline - t + 999999) / 1000000;
            timeout_ms = left > INT_MAX ? INT_MAX : (int)left;
        }
        struct pollfd pf[3];
        int n = 0, io = -1, ie = -1, ip = -1;
        if (op[0] >= 0)
            io = n, pf[n++] = (struct pollfd){.fd = op[0], .events = POLLIN};
        if (ep[0] >= 0)
            ie = n, pf[n++] = (struct pollfd){.fd = ep[0], .events = POLLIN};
        if (!ended && pidfd >= 0)
            ip = n, pf[n++] = (struct pollfd){.fd = pidfd, .events = POLLIN};
        if (!ended && pidfd < 0 && (timeout_ms < 0 || timeout_ms > 2))
            timeout_ms = 2; /* no pidfd: look at the child every 2 ms */
        int r = poll(pf, (nfds_t)n, timeout_ms);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            (void)kill(-pid, SIGKILL);
            break;
        }
        (void)ip;
        int *fds[2] = {&op[0], &ep[0]};
        obuf *bufs[2] = {&out, &err};
        int idx[2] = {io, ie};
        for (int k = 0; k < 2; k++) {
            if (idx[k] < 0 || !(pf[idx[k]].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            ssize_t m = read(*fds[k], buf, sizeof buf);
            if (m < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (m <= 0) {
                close_fd(fds[k]);
                continue;
            }
            if (!obuf_add(bufs[k], buf, (size_t)m)) {
                nomem = true;
                close_fd(fds[k]);
            }
        }
        if (nomem) {
            (void)kill(-pid, SIGKILL);
            break;
        }
    }
    (void)kill(-pid, SIGKILL); /* harmless when it is gone: the zombie holds the id */
    running_drop(slot);
    mzx_janitor_group(pid, false); /* before the reap frees the id */
    int ws = 0;
    pid_t w;
    /* wait4, not getrusage(RUSAGE_CHILDREN): that one sums every child of
     * mazebench reaped so far, those of the other threads' runs too. */
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    do
        w = wait4(pid, &ws, 0, &ru);
    while (w < 0 && errno == EINTR);
    res->wall_ns = now_ns() - t0;
    if (w == pid) {
        res->usage = true;
        res->child_cpu_ns = (uint64_t)ru.ru_utime.tv_sec * UINT64_C(1000000000) +
                            (uint64_t)ru.ru_utime.tv_usec * 1000u +
                            (uint64_t)ru.ru_stime.tv_sec * UINT64_C(1000000000) +
                            (uint64_t)ru.ru_stime.tv_usec * 1000u;
        res->child_maxrss_kb = ru.ru_maxrss > 0 ? (uint64_t)ru.ru_maxrss : 0;
    }
    pid = -1;

    if (nomem)
        start_failed(res, ENOMEM);
    else if (timed_out)
        res->status = MZX_TIMEOUT;
    else if (out.over)
        res->status = MZX_OUTPUT_LIMIT;
    else if (w > 0 && WIFSIGNALED(ws)) {
        res->signal = WTERMSIG(ws);
        res->status = res->signal == SIGXFSZ ? MZX_OUTPUT_LIMIT
                      : res->signal == SIGXCPU ? MZX_TIMEOUT
                                               : MZX_SIGNAL;
    } else if (w > 0 && WIFEXITED(ws)) {
        res->exit_code = WEXITSTATUS(ws);
        res->status = res->exit_code == 0 ? MZX_OK : MZX_EXIT;
        /* A shell tells of its child killed by SIGXFSZ (a file past the
         * output limit) by exiting 128 + SIGXFSZ. */
        if (res->exit_code == 128 + SIGXFSZ && mzx_is_shell(argv[0]))
            res->status = MZX_OUTPUT_LIMIT;
    } else
        start_failed(res, errno ? errno : ECHILD);
    if (w > 0 && WIFSIGNALED(ws))
        res->signal = WTERMSIG(ws);

done:
    free(path);
    close_fd(&in_fd);
    close_fd(&op[0]);
    close_fd(&op[1]);
    close_fd(&ep[0]);
    close_fd(&ep[1]);
    close_fd(&rp[0]);
    close_fd(&rp[1]);
    close_fd(&pidfd);
    res->err_cut = err.over;
    res->out = obuf_take(&out, &res->out_len);
    res->errtext = obuf_take(&err, &res->err_len);
    if (!res->out || !res->errtext) {
        free(res->out);
        free(res->errtext);
        res->out = res->errtext = NULL;
        res->out_len = res->err_len = 0;
        if (res->status == MZX_OK)
            start_failed(res, ENOMEM);
    }
    return res->status;
}

void mzx_result_free(mzx_result *res)
{
    if (!res)
        return;
    free(res->out);
    free(res->errtext);
    res->out = res->errtext = NULL;
    res->out_len = res->err_len = 0;
}

int64_t mzx_own_ns(const mzx_result *res)
{
    static const char key[] = "mazebench-own-ns:";
    int64_t v = -1;
    if (!res || !res->errtext)
        return -1;
    const char *p = res->errtext, *end = p + res->err_len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        if ((size_t)(le - p) > sizeof key - 1 && memcmp(p, key, sizeof key - 1) == 0) {
            const char *q = p + sizeof key - 1;
            while (q < le && (*q == ' ' || *q == '\t'))
                q++;
            uint64_t n = 0;
            const char *d0 = q;
            bool ok = true;
            while (q < le && *q >= '0' && *q <= '9') {
                if (n > (UINT64_C(1) << 62) / 10) {
                    ok = false;
                    break;
                }
                n = n * 10 + (uint64_t)(*q - '0');
                q++;
            }
            while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
                q++;
            if (ok && q > d0 && q == le)
                v = (int64_t)n;
        }
        p = nl ? nl + 1 : end;
    }
    return v;
}

void mzx_describe(const mzx_result *res, char *buf, size_t cap)
{
    if (!cap)
        return;
    char what[160];
    switch (res->status) {
    case MZX_OK:
        snprintf(what, sizeof what, "exited with code 0");
        break;
    case MZX_EXIT:
        snprintf(what, sizeof what, "exited with code %d", res->exit_code);
        break;
    case MZX_SIGNAL:
        snprintf(what, sizeof what, "was killed by signal %d (%s)", res->signal,
                 strsignal(res->signal));
        break;
    case MZX_TIMEOUT:
        snprintf(what, sizeof what, "ran past its time limit (killed)");
        break;
    case MZX_OUTPUT_LIMIT:
        if (res->exit_code == 128 + SIGXFSZ)
            snprintf(what, sizeof what, "wrote a file past its output limit (its shell exited "
                     "with code %d: a command killed by SIGXFSZ)", res->exit_code);
        else
            snprintf(what, sizeof what, "wrote more than its output limit (killed)");
        break;
    case MZX_CANNOT_START:
        snprintf(what, sizeof what, "cannot start: %s", strerror(res->err));
        break;
    case MZX_BAD_OUTPUT:
        snprintf(what, sizeof what, "printed no maze that reads");
        break;
    case MZX_WRONG_SIZE:
        snprintf(what, sizeof what, "gave a maze of another size");
        break;
    case MZX_NOT_REPRODUCIBLE:
        snprintf(what, sizeof what, "gave another maze for the same seed");
        break;
    case MZX_NOT_PERFECT:
        snprintf(what, sizeof what, "gave a maze that is not perfect, though declared so");
        break;
    case MZX_STATUS_COUNT:
        snprintf(what, sizeof what, "?");
        break;
    }
    /* The first non-empty line of stderr, cut to fit. */
    const char *line = NULL;
    size_t ll = 0;
    if (res->errtext) {
        const char *p = res->errtext, *end = p + res->err_len;
        while (p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            const char *le = nl ? nl : end;
            if (le > p && strncmp(p, "mazebench-own-ns:", 17) != 0) {
                line = p;
                ll = (size_t)(le - p);
                break;
            }
            p = nl ? nl + 1 : end;
        }
    }
    if (ll > 200)
        ll = 200;
    if (line)
        snprintf(buf, cap, "%s; its stderr: %.*s", what, (int)ll, line);
    else
        snprintf(buf, cap, "%s", what);
    /* One line: control characters of its stderr become spaces. */
    for (char *c = buf; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = ' ';
}
