/*
 * file.c - output files replaced atomically (out.h), shared by every
 * command that writes a result file.
 */
#define _GNU_SOURCE /* O_TMPFILE */
#include "out.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- output files ----
 *
 * An output is committed only when the whole command succeeded: it is
 * written to a temporary file in the target's directory (so the rename is
 * atomic) and renamed over the target at the end. Where the system allows
 * (Linux: O_TMPFILE), the temporary file has no name until the commit, so
 * no signal, not even SIGKILL, can leave it behind; otherwise it is a
 * hidden ".NAME.tmp-XXXXXX", registered so that a fatal signal removes it
 * (mzo_out_signals_install). A resumable command gives its file a fixed
 * partial name with mzo_out_publish, and that one survives anything.
 */

#define MZO_OUT_SLOTS 16
#define MZO_OUT_PATH 4096
/* Named temporary files to remove on a fatal signal: slot k is in use
 * when tmp_used[k] is set (written last, after the name). */
static char tmp_name[MZO_OUT_SLOTS][MZO_OUT_PATH];
static volatile sig_atomic_t tmp_used[MZO_OUT_SLOTS];

static void tmp_register(const char *name)
{
    size_t n = strlen(name);
    if (n >= MZO_OUT_PATH)
        return;
    for (int k = 0; k < MZO_OUT_SLOTS; k++)
        if (!tmp_used[k]) {
            memcpy(tmp_name[k], name, n + 1);
            tmp_used[k] = 1;
            return;
        }
}

static void tmp_unregister(const char *name)
{
    for (int k = 0; k < MZO_OUT_SLOTS; k++)
        if (tmp_used[k] && strcmp(tmp_name[k], name) == 0) {
            tmp_used[k] = 0;
            return;
        }
}

/* The signals that end a command, and a command's own clean-up beyond
 * files (render's hidden frame folder), run first by mzo_out_cleanup. */
static const int out_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, SIGXFSZ};
/* The hooks that run first in mzo_out_cleanup, in the order added: the
 * layers above this one (the outside programs' kill, render's frame
 * folder) register theirs, so that this layer names none of them. */
#define MZO_HOOKS 4
static void (*volatile cleanup_hooks[MZO_HOOKS])(void);

int mzo_out_cleanup_add(void (*fn)(void))
{
    for (int k = 0; k < MZO_HOOKS; k++)
        if (cleanup_hooks[k] == fn)
            return 0;
    for (int k = 0; k < MZO_HOOKS; k++)
        if (!cleanup_hooks[k]) {
            cleanup_hooks[k] = fn;
            return 0;
        }
    return -1;
}

size_t mzo_out_signals(const int **sigs)
{
    *sigs = out_signals;
    return sizeof out_signals / sizeof out_signals[0];
}

static void signal_block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t k = 0; k < sizeof out_signals / sizeof out_signals[0]; k++)
        sigaddset(&set, out_signals[k]);
    sigprocmask(SIG_BLOCK, &set, old);
}

void mzo_out_cleanup(void)
{
    for (int k = 0; k < MZO_HOOKS; k++) {
        void (*hook)(void) = cleanup_hooks[k];
        if (hook)
            hook();
    }
    for (int k = 0; k < MZO_OUT_SLOTS; k++)
        if (tmp_used[k]) {
            unlink(tmp_name[k]); /* async-signal-safe */
            tmp_used[k] = 0;
        }
}

static void on_fatal_signal(int sig)
{
    mzo_out_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

void mzo_out_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t k = 0; k < sizeof out_signals / sizeof out_signals[0]; k++) {
        struct sigaction old;
        /* A signal the caller ignores (nohup) stays ignored. */
        if (sigaction(out_signals[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(out_signals[k], &sa, NULL);
    }
}

bool mzo_same_file(const char *a, const char *b)
{
    struct stat x, y;
    if (!a || !b || stat(a, &x) != 0 || stat(b, &y) != 0)
        return false;
    return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

bool mzo_same_file_fd(const char *path, int fd)
{
    struct stat x, y;
    if (!path || stat(path, &x) != 0 || fstat(fd, &y) != 0)
        return false;
    return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* A name beside path: ".BASE.tmp-XXXXXX" (a template for mkstemp). */
static char *beside(const char *path, const char *tag)
{
    size_t n = strlen(path);
    char *t = malloc(n + 32);
    if (!t)
        return NULL;
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(t, n + 32, "%.*s.%s.%s-XXXXXX", (int)dir, path, path + dir, tag);
    return t;
}

/* The file's permissions as a plain open() would give them. */
static void default_mode(int fd)
{
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
}

#if defined(__linux__) && defined(O_TMPFILE)
/* An unnamed file in path's directory, or -1. */
static int open_unnamed(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[MZO_OUT_PATH];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return -1;
    if (access("/proc/self/fd", X_OK) != 0) /* linkat needs it at the commit */
        return -1;
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd >= 0)
        default_mode(fd);
    return fd;
}

/* Give the unnamed file fd the name name (replacing it) through a
 * temporary link beside it. 0, or -1 with errno. */
static int name_unnamed(int fd, const char *name)
{
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    char *t = beside(name, "tmp");
    if (!t) {
        errno = ENOMEM;
        return -1;
    }
    /* A free name: linkat refuses an existing one, so try a few. */
    size_t n = strlen(t) - 6;
    int rc = -1;
    for (unsigned k = 0; k < 100; k++) {
        snprintf(t + n, 7, "%06u", (unsigned)(((unsigned long)getpid() * 100u + k) % 1000000u));
        rc = linkat(AT_FDCWD, self, AT_FDCWD, t, AT_SYMLINK_FOLLOW);
        if (rc == 0 || errno != EEXIST)
            break;
    }
    if (rc == 0) {
        tmp_register(t);
        if (rename(t, name) != 0) {
            int e = errno;
            unlink(t);
            errno = e;
            rc = -1;
        }
        tmp_unregister(t);
    }
    free(t);
    return rc;
}
#else
static int open_unnamed(const char *path)
{
    (void)path;
    return -1;
}
static int name_unnamed(int fd, const char *name)
{
    (void)fd;
    (void)name;
    errno = ENOTSUP;
    return -1;
}
#endif

int mzo_out_open(mzo_out *o, const char *path, unsigned flags, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "cannot write '%s': it is a directory", path);
            return MZO_BAD;
        }
        if (!(flags & MZO_OUT_FORCE)) {
            snprintf(err, errlen, "'%s' exists: give --force to replace it", path);
            return MZO_BAD;
        }
        if (!S_ISREG(st.st_mode)) {
            /* A device or a pipe is written in place: renaming over it
             * would replace /dev/null with a regular file. */
            o->f = fopen(path, "w");
            if (!o->f) {
                snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
                return MZO_FAIL;
            }
            o->path = malloc(strlen(path) + 1);
            if (!o->path) {
                mzo_out_abort(o);
                snprintf(err, errlen, "out of memory");
                return MZO_FAIL;
            }
            strcpy(o->path, path);
            return MZO_OK;
        }
    }
    size_t n = strlen(path);
    o->path = malloc(n + 1);
    if (!o->path) {
        snprintf(err, errlen, "out of memory");
        return MZO_FAIL;
    }
    memcpy(o->path, path, n + 1);
    int fd = open_unnamed(path);
    if (fd >= 0) {
        o->unnamed = true;
    } else {
        /* Beside the target (same directory, so rename is atomic). */
        o->tmp = beside(path, "tmp");
        if (!o->tmp) {
            mzo_out_abort(o);
            snprintf(err, errlen, "out of memory");
            return MZO_FAIL;
        }
        fd = mkstemp(o->tmp);
        if (fd < 0) {
            snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
            free(o->tmp);
            o->tmp = NULL;
            mzo_out_abort(o);
            return MZO_FAIL;
        }
        tmp_register(o->tmp);
        default_mode(fd);
    }
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        mzo_out_abort(o);
        return MZO_FAIL;
    }
    return MZO_OK;
}

/* Flush and sync; 0, or -1 with errno. */
static int out_sync(mzo_out *o)
{
    if (fflush(o->f) != 0 || ferror(o->f))
        return -1;
    if ((o->tmp || o->unnamed) && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS)
        return -1;
    return 0;
}

int mzo_out_publish(mzo_out *o, const char *name, char *err, size_t errlen)
{
    if (!o->tmp && !o->unnamed) {
        snprintf(err, errlen, "cannot keep a partial '%s' of a device or a pipe", name);
        return MZO_BAD;
    }
    int rc = out_sync(o);
    if (rc == 0 && o->unnamed)
        rc = name_unnamed(fileno(o->f), name);
    else if (rc == 0)
        rc = rename(o->tmp, name);
    if (rc != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", name, strerror(errno));
        return MZO_FAIL;
    }
    char *t = malloc(strlen(name) + 1);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return MZO_FAIL;
    }
    strcpy(t, name);
    if (o->tmp) {
        tmp_unregister(o->tmp);
        free(o->tmp);
    }
    o->tmp = t;
    o->unnamed = false;
    o->partial = true; /* a kept name: not removed by a signal */
    return MZO_OK;
}

int mzo_out_commit(mzo_out *o, char *err, size_t errlen)
{
    int bad = out_sync(o) != 0;
    int e = errno;
    if (!bad && o->unnamed && name_unnamed(fileno(o->f), o->path) != 0) {
        bad = 1;
        e = errno;
    }
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->f = NULL;
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        snprintf(err, errlen, "cannot write '%s': %s", o->path, strerror(e));
        mzo_out_abort(o);
        return MZO_FAIL;
    }
    if (o->tmp)
        tmp_unregister(o->tmp);
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    return MZO_OK;
}

int mzo_outs_commit(mzo_out *const *o, size_t n, char *err, size_t errlen)
{
    /* Every file whole on its disk before the first is renamed, so that a
     * full disk is found before any of them replaces its target. */
    for (size_t k = 0; k < n; k++) {
        errno = 0;
        if (out_sync(o[k]) != 0) {
            snprintf(err, errlen, "cannot write '%s': %s", o[k]->path,
                     errno ? strerror(errno) : "write error");
            return MZO_FAIL;
        }
    }
    /* The renames one after the other with every signal that ends the
     * process held back (it takes effect after them), so that no signal
     * but SIGKILL can fall between two of them: a window of a few system
     * calls, the one way to leave some new and some old. */
    sigset_t old;
    signal_block(&old);
    int rc = MZO_OK;
    for (size_t k = 0; k < n && rc == MZO_OK; k++)
        rc = mzo_out_commit(o[k], err, errlen);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void mzo_out_abort(mzo_out *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp && !o->partial) {
        unlink(o->tmp);
        tmp_unregister(o->tmp);
    }
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
}
