/* Run folders, the reader of what a program wrote, and the janitor
 * (outside.h, docs/outside.md).
 *
 * A run folder is a fresh private folder under $TMPDIR that a run's files
 * live in ({out}, a solver's maze). It is opened when made; what a program
 * wrote in it is read through that descriptor, by name, without following a
 * link and without blocking (mzx_read_file: regular files only). It is
 * removed whole at the end, at any depth (mzx_remove_tree).
 *
 * The janitor is a small process forked once (mzx_janitor_start) into a
 * session of its own. It holds one end of a SOCK_SEQPACKET socket pair whose
 * other end only mazebench holds; mazebench tells it, one atomic record a
 * message, of each process group started and ended and each run folder
 * made and removed. When its end reads EOF, mazebench has gone, whatever
 * ended it (SIGKILL too): the janitor kills every group still listed and
 * removes every folder still listed, then exits. A record 'C' asks it to do
 * that now and answer (mzx_kill_all, from a signal handler that ends the
 * process).
 *
 * Everything the janitor and mzx_remove_tree do is async-signal-safe on
 * Linux (getdents64, no allocation): the janitor may be forked while
 * threads run. */
#define _GNU_SOURCE /* O_CLOEXEC, O_NOFOLLOW, syscall, getdents64 */
#include "outside.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Removing a tree                                                     */
/* ------------------------------------------------------------------ */

#if defined(__linux__) && defined(SYS_getdents64)
struct linux_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};
#endif

/* Reading a folder's entries from its descriptor, from the start. */
typedef struct dscan {
    int fd;
#if defined(__linux__) && defined(SYS_getdents64)
    _Alignas(struct linux_dirent64) char buf[4096];
    long n, pos;
#else
    DIR *dp;
#endif
} dscan;

#if defined(__linux__) && defined(SYS_getdents64)
static void scan_start(dscan *s, int fd)
{
    s->fd = fd;
    s->n = s->pos = 0;
    (void)lseek(fd, 0, SEEK_SET);
}

/* The next entry's name and type (DT_*), or NULL at the end. */
static const char *scan_next(dscan *s, unsigned char *type)
{
    for (;;) {
        if (s->pos >= s->n) {
            long r;
            do
                r = syscall(SYS_getdents64, s->fd, s->buf, sizeof s->buf);
            while (r < 0 && errno == EINTR);
            if (r <= 0)
                return NULL;
            s->n = r;
            s->pos = 0;
        }
        struct linux_dirent64 *e = (struct linux_dirent64 *)(s->buf + s->pos);
        s->pos += e->d_reclen;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        *type = e->d_type;
        return e->d_name;
    }
}

static void scan_end(dscan *s)
{
    (void)s;
}
#else
static void scan_start(dscan *s, int fd)
{
    s->fd = fd;
    int d = dup(fd);
    s->dp = d >= 0 ? fdopendir(d) : NULL;
    if (!s->dp && d >= 0)
        close(d);
    if (s->dp)
        rewinddir(s->dp);
}

static const char *scan_next(dscan *s, unsigned char *type)
{
    struct dirent *e;
    while (s->dp && (e = readdir(s->dp)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
#ifdef DT_UNKNOWN
        *type = e->d_type;
#else
        *type = 0;
#endif
        return e->d_name;
    }
    return NULL;
}

static void scan_end(dscan *s)
{
    if (s->dp)
        closedir(s->dp);
    s->dp = NULL;
}
#endif

#ifndef DT_DIR
#define DT_UNKNOWN 0
#define DT_DIR 4
#endif

/* Open folder name in at (never a link), making it ours to read and empty
 * (rwx for its owner) when a program made it unreadable. */
static int open_dir(int at, const char *name)
{
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && errno == EACCES) {
        struct stat st;
        if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode))
            return -1;
        if (fchmodat(at, name, 0700, 0) != 0)
            return -1;
        fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    }
    if (fd >= 0) {
        struct stat st;
        if (fstat(fd, &st) == 0 && (st.st_mode & 0700) != 0700)
            (void)fchmod(fd, (st.st_mode & 07777) | 0700);
    }
    return fd;
}

#define STUCK_MAX 64

int mzx_remove_tree(const char *path)
{
    int top = open_dir(AT_FDCWD, path);
    if (top < 0) {
        if (errno == ENOENT)
            return 0;
        if (errno == ENOTDIR || errno == ELOOP)
            return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
        return -1;
    }
    /* Depth first without recursion: one folder open at a time (besides
     * the top), going down into the first folder found and back up through
     * ".." when one is empty; a folder that cannot be emptied is noted
     * (stuck) and not entered again, so the walk ends. */
    struct {
        dev_t dev;
        ino_t ino;
    } stuck[STUCK_MAX];
    size_t nstuck = 0;
    int rc = 0, cur = top;
    unsigned long depth = 0, steps = 0;
    bool give_up = false;
    dscan sc;
    for (;;) {
        if (give_up || ++steps > 50ul * 1000 * 1000) {
            rc = -1;
            break;
        }
        int sub = -1;
        bool cur_stuck = false;
        scan_start(&sc, cur);
        const char *name;
        unsigned char type;
        while ((name = scan_next(&sc, &type)) != NULL) {
            struct stat st;
            bool dir = type == DT_DIR;
            if (type == DT_UNKNOWN)
                dir = fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
            if (!dir) {
                if (unlinkat(cur, name, 0) != 0 && errno != ENOENT)
                    cur_stuck = true;
                continue;
            }
            if (unlinkat(cur, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
                continue;
            if (fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            bool known = false;
            for (size_t k = 0; k < nstuck && !known; k++)
                known = stuck[k].dev == st.st_dev && stuck[k].ino == st.st_ino;
            if (known) {
                cur_stuck = true;
                continue;
            }
            sub = open_dir(cur, name);
            if (sub >= 0)
                break;
            cur_stuck = true;
            if (nstuck < STUCK_MAX)
                stuck[nstuck].dev = st.st_dev, stuck[nstuck++].ino = st.st_ino;
            else
                give_up = true;
        }
        scan_end(&sc);
        if (sub >= 0) {
            if (cur != top)
                close(cur);
            cur = sub;
            depth++;
            continue;
        }
        if (depth == 0)
            break;
        /* cur is as empty as it gets: up, where the scan removes it. */
        struct stat cst;
        if (cur_stuck && fstat(cur, &cst) == 0) {
            rc = -1;
            if (nstuck < STUCK_MAX)
                stuck[nstuck].dev = cst.st_dev, stuck[nstuck++].ino = cst.st_ino;
            else
                give_up = true;
        }
        int up = depth == 1 ? top : openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        close(cur);
        if (up < 0) { /* lost: start again from the top */
            rc = -1;
            up = top;
            depth = 1;
        }
        cur = up;
        depth--;
    }
    if (cur != top)
        close(cur);
    close(top);
    /* A link put in its place meanwhile is removed, never followed. */
    if (rmdir(path) != 0 && errno != ENOENT && !(errno == ENOTDIR && unlink(path) == 0))
        rc = -1;
    return rc;
}

/* ------------------------------------------------------------------ */
/* The janitor                                                         */
/* ------------------------------------------------------------------ */

#define J_GROUPS 4096
#define J_PATHS 512
#define J_PATH_MAX 4096

/* mazebench's end of the socket pair; -1: no janitor. */
static atomic_int jfd = -1;
static atomic_bool jgone;
static pthread_once_t jonce = PTHREAD_ONCE_INIT;
static mz_status jstatus = MZ_OK;

/* The janitor's lists (touched in its process only). */
static pid_t j_groups[J_GROUPS];
static char j_paths[J_PATHS][J_PATH_MAX];

static void j_clean(void)
{
    for (size_t k = 0; k < J_GROUPS; k++)
        if (j_groups[k] > 0) {
            (void)kill(-j_groups[k], SIGKILL);
            j_groups[k] = 0;
        }
    for (size_t k = 0; k < J_PATHS; k++)
        if (j_paths[k][0]) {
            (void)mzx_remove_tree(j_paths[k]);
            j_paths[k][0] = '\0';
        }
}

static void j_record(const char *m, size_t n, int fd)
{
    pid_t pid = 0;
    if ((m[0] == 'G' || m[0] == 'g') && n == 1 + sizeof pid)
        memcpy(&pid, m + 1, sizeof pid);
    switch (m[0]) {
    case 'G':
        for (size_t k = 0; k < J_GROUPS && pid > 0; k++)
            if (j_groups[k] == 0) {
                j_groups[k] = pid;
                break;
            }
        break;
    case 'g':
        for (size_t k = 0; k < J_GROUPS && pid > 0; k++)
            if (j_groups[k] == pid) {
                j_groups[k] = 0;
                break;
            }
        break;
    case 'P':
        if (n < 2 || n - 1 >= J_PATH_MAX)
            break;
        for (size_t k = 0; k < J_PATHS; k++)
            if (!j_paths[k][0]) {
                memcpy(j_paths[k], m + 1, n - 1);
                j_paths[k][n - 1] = '\0';
                break;
            }
        break;
    case 'p':
        for (size_t k = 0; k < J_PATHS && n > 1 && n - 1 < J_PATH_MAX; k++)
            if (j_paths[k][0] && !memcmp(j_paths[k], m + 1, n - 1) && !j_paths[k][n - 1]) {
                j_paths[k][0] = '\0';
                break;
            }
        break;
    case 'C': {
        j_clean();
        char a = 'c';
        (void)send(fd, &a, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        break;
    }
    default:
        break;
    }
}

/* The janitor's process: never returns. */
static void janitor_main(int fd)
{
    static const int quiet[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT,
                                SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2};
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    for (size_t k = 0; k < sizeof quiet / sizeof quiet[0]; k++)
        (void)sigaction(quiet[k], &ign, NULL);
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
#ifdef __linux__
    (void)prctl(PR_SET_NAME, "mazebench-janit");
#endif
    /* No terminal, no descriptor of mazebench's but its socket: the
     * standard three on /dev/null (a pipe mazebench's caller reads ends
     * when mazebench does), every other one closed. */
    int nul = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int k = 0; k < 3; k++)
        if (nul >= 0 && nul != k)
            (void)dup2(nul, k);
    int keep = fd;
    if (keep < 3) {
        keep = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (keep < 0)
            _exit(1);
    }
    struct rlimit nof;
    int max_fd = 1024;
    if (getrlimit(RLIMIT_NOFILE, &nof) == 0 && nof.rlim_cur != RLIM_INFINITY)
        max_fd = nof.rlim_cur > 65536 ? 65536 : (int)nof.rlim_cur;
    for (int k = 3; k < max_fd; k++)
        if (k != keep)
            (void)close(k);
    (void)chdir("/");
    static char m[1 + J_PATH_MAX + 8];
    for (;;) {
        ssize_t n = recv(keep, m, sizeof m, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* mazebench has gone */
        j_record(m, (size_t)n, keep);
    }
    j_clean();
    _exit(0);
}

static void start_once(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        jstatus = MZ_EIO;
        return;
    }
    pid_t p = fork();
    if (p < 0) {
        close(sv[0]);
        close(sv[1]);
        jstatus = MZ_EIO;
        return;
    }
    if (p == 0) {
        /* A session of its own (no terminal, no Ctrl-C of mazebench's
         * group), then the janitor as its child, so that it is nobody's
         * child to reap in mazebench. */
        close(sv[0]);
        (void)setsid();
        pid_t q = fork();
        if (q != 0)
            _exit(q < 0 ? 1 : 0);
        janitor_main(sv[1]);
    }
    close(sv[1]);
    int ws = 0;
    pid_t w;
    do
        w = waitpid(p, &ws, 0);
    while (w < 0 && errno == EINTR);
    if (w != p || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0) {
        close(sv[0]);
        jstatus = MZ_EIO;
        return;
    }
    atomic_store(&jfd, sv[0]);
}

mz_status mzx_janitor_start(void)
{
    (void)pthread_once(&jonce, start_once);
    return jstatus;
}

/* One record; async-signal-safe. */
static void jsend(char op, const void *data, size_t n)
{
    int fd = atomic_load(&jfd);
    if (fd < 0 || atomic_load(&jgone) || n > J_PATH_MAX)
        return;
    char m[1 + J_PATH_MAX];
    m[0] = op;
    if (n)
        memcpy(m + 1, data, n);
    ssize_t w;
    do
        w = send(fd, m, 1 + n, MSG_NOSIGNAL);
    while (w < 0 && errno == EINTR);
    if (w < 0 && (errno == EPIPE || errno == ECONNRESET))
        atomic_store(&jgone, true);
}

void mzx_janitor_group(pid_t pgid, bool started)
{
    jsend(started ? 'G' : 'g', &pgid, sizeof pgid);
}

void mzx_janitor_clean_now(void)
{
    int fd = atomic_load(&jfd);
    if (fd < 0 || atomic_load(&jgone))
        return;
    char c = 'C';
    if (send(fd, &c, 1, MSG_NOSIGNAL | MSG_DONTWAIT) != 1)
        return;
    struct pollfd pf = {.fd = fd, .events = POLLIN};
    int r;
    do
        r = poll(&pf, 1, 5000);
    while (r < 0 && errno == EINTR);
    if (r > 0)
        (void)recv(fd, &c, 1, MSG_DONTWAIT);
}

/* ------------------------------------------------------------------ */
/* Run folders                                                         */
/* ------------------------------------------------------------------ */

int mzx_rundir_make(mzx_rundir *d, const char *prefix)
{
    d->fd = -1;
    d->path[0] = '\0';
    (void)mzx_janitor_start();
    const char *t = getenv("TMPDIR");
    if (!t || !*t)
        t = "/tmp";
    char cwd[PATH_MAX] = "";
    if (t[0] != '/' && !getcwd(cwd, sizeof cwd))
        return -1;
    /* The janitor hears of a folder before it is made: a signal taken
     * by another thread (which ends the process whatever this thread
     * blocks) can then never fall between the making and the record. A
     * name taken already is dropped from its list and another tried, as
     * mkdtemp does; the names' letters come from the clock and a count,
     * which no figure depends on. */
    static atomic_uint tries;
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    bool made = false;
    int e = EEXIST;
    for (unsigned k = 0; k < 1000 && !made && e == EEXIST; k++) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15u ^ (uint64_t)ts.tv_sec ^
                     (uint64_t)getpid() << 32 ^ (uint64_t)atomic_fetch_add(&tries, 1) * 0xBF58476D1CE4E5B9u;
        char suffix[7];
        for (int i = 0; i < 6; i++, x /= 62)
            suffix[i] = letters[x % 62];
        suffix[6] = '\0';
        int n = snprintf(d->path, sizeof d->path, "%s%s%s/%s-%s", cwd, cwd[0] ? "/" : "", t,
                         prefix, suffix);
        if (n < 0 || (size_t)n >= sizeof d->path) {
            d->path[0] = '\0';
            errno = ENAMETOOLONG;
            return -1;
        }
        jsend('P', d->path, strlen(d->path));
        made = mkdir(d->path, 0700) == 0;
        e = errno;
        if (!made)
            jsend('p', d->path, strlen(d->path));
    }
    if (!made) {
        d->path[0] = '\0';
        errno = e;
        return -1;
    }
    d->fd = open(d->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (d->fd < 0) {
        e = errno;
        mzx_rundir_remove(d);
        errno = e;
        return -1;
    }
    return 0;
}

void mzx_rundir_remove(mzx_rundir *d)
{
    if (d->fd >= 0)
        close(d->fd);
    d->fd = -1;
    if (!d->path[0])
        return;
    (void)mzx_remove_tree(d->path);
    jsend('p', d->path, strlen(d->path));
    d->path[0] = '\0';
}

int mzx_rundir_file(const mzx_rundir *d, const char *name, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%s/%s", d->path, name);
    if (n < 0 || (size_t)n >= cap) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Reading what a program wrote                                        */
/* ------------------------------------------------------------------ */

static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m)  ? "a FIFO"
           : S_ISSOCK(m) ? "a socket"
           : S_ISCHR(m)  ? "a character device"
           : S_ISBLK(m)  ? "a block device"
           : S_ISDIR(m)  ? "a folder"
           : S_ISLNK(m)  ? "a symbolic link (links are not followed)"
                         : "not a file";
}

mzx_status mzx_read_file(const mzx_rundir *d, const char *name, const char *label, uint64_t cap,
                         char **text, size_t *len, char *why, size_t whycap)
{
    *text = NULL;
    *len = 0;
    if (why && whycap)
        why[0] = '\0';
    struct stat st;
    int fd = d->fd < 0 ? -1
                       : openat(d->fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        int e = d->fd < 0 ? EBADF : errno;
        if (d->fd >= 0 && fstatat(d->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode))
            snprintf(why, whycap, "%s is %s, not a regular file", label, kind_of(st.st_mode));
        else if (e == ENOENT) {
            struct stat ds;
            bool gone = d->fd >= 0 && fstat(d->fd, &ds) == 0 && ds.st_nlink == 0;
            snprintf(why, whycap, "%s does not exist%s", label,
                     gone ? " (the run's folder was removed)" : "");
        } else
            snprintf(why, whycap, "%s does not read: %s", label, strerror(e));
        return MZX_BAD_OUTPUT;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, whycap, "%s does not read: %s", label, strerror(errno));
        close(fd);
        return MZX_BAD_OUTPUT;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, whycap, "%s is %s, not a regular file", label, kind_of(st.st_mode));
        close(fd);
        return MZX_BAD_OUTPUT;
    }
    /* The cap is the file size limit too (RLIMIT_FSIZE): a file as large
     * as it was cut there, whatever its program said after. */
    if (cap && (uint64_t)st.st_size >= cap) {
        snprintf(why, whycap, "%s reached its output limit (%llu bytes): the file size limit cut it",
                 label, (unsigned long long)cap);
        close(fd);
        return MZX_OUTPUT_LIMIT;
    }
    /* At most the size it has now (it cannot grow past the cap either). */
    size_t want = (size_t)st.st_size, got = 0;
    char *p = malloc(want + 1);
    if (!p) {
        close(fd);
        errno = ENOMEM;
        return MZX_CANNOT_START;
    }
    while (got < want) {
        ssize_t r = read(fd, p + got, want - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    p[got] = '\0';
    *text = p;
    *len = got;
    return MZX_OK;
}
