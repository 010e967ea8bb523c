/*
 * frames.c - a folder of animation frames written as one output, and the
 * sink render writes a picture through (frames.h).
 */
#define _GNU_SOURCE /* renameat2's flags, flock */
#include "frames.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* For the signal handler: the hidden folder's frame names are
 * fs_prefix + number + ".png", frames 0 .. fs_count-1. */
static char fs_prefix[8192];
static char fs_tmpdir[5200];
static volatile sig_atomic_t fs_active;
static volatile sig_atomic_t fs_count;

/* Remove the hidden folder's frames and the folder (async-signal-safe). */
static void fs_remove_tmp_sig(void)
{
    if (!fs_active)
        return;
    size_t n = strlen(fs_prefix);
    char name[sizeof fs_prefix + 32];
    memcpy(name, fs_prefix, n);
    for (sig_atomic_t k = 0; k < fs_count; k++) {
        char digits[24];
        int d = 0;
        unsigned long v = (unsigned long)k;
        do {
            digits[d++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        size_t m = n;
        for (int pad = d; pad < 5; pad++)
            name[m++] = '0';
        while (d)
            name[m++] = digits[--d];
        memcpy(name + m, ".png", 5);
        unlink(name);
    }
    rmdir(fs_tmpdir);
    fs_active = 0;
}

/* Hold back the signals that end a command (mzo_out_signals). */
static void fs_block(sigset_t *old)
{
    const int *sigs;
    size_t n = mzo_out_signals(&sigs);
    sigset_t set;
    sigemptyset(&set);
    for (size_t k = 0; k < n; k++)
        sigaddset(&set, sigs[k]);
    sigprocmask(SIG_BLOCK, &set, old);
}

/* Is name a frame of stem base: base-DIGITS.png, five digits or more? */
static bool fs_is_frame(const char *name, const char *base)
{
    size_t b = strlen(base);
    if (strncmp(name, base, b) != 0 || name[b] != '-')
        return false;
    const char *p = name + b + 1;
    size_t d = 0;
    while (isdigit((unsigned char)p[d]))
        d++;
    return d >= 5 && strcmp(p + d, ".png") == 0;
}

/* Does the folder path hold nothing but frames of base (regular files)?
 * 1 yes, 0 no (other names; *odd gets the first), -1 unreadable (errno). */
static int fs_only_frames(const char *path, const char *base, char *odd, size_t oddlen)
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int ok = 1;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        struct stat st;
        if (!fs_is_frame(e->d_name, base) || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode)) {
            snprintf(odd, oddlen, "%s", e->d_name);
            ok = 0;
            break;
        }
    }
    closedir(d);
    return ok;
}

/* Remove the frames of base in folder path, then the folder (which stays
 * when it holds anything else). */
static void fs_remove_dir(const char *path, const char *base)
{
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (fs_is_frame(e->d_name, base))
            unlinkat(dirfd(d), e->d_name, 0);
    closedir(d);
    rmdir(path);
}

/* Remove hidden folders ".BASE.frames-XXXXXX" beside the target that no
 * running render holds (SIGKILL's leftovers). */
static void fs_clean_leftovers(const mzo_frames *fs)
{
    char prefix[1100];
    snprintf(prefix, sizeof prefix, ".%s.frames-", fs->base);
    size_t pn = strlen(prefix);
    DIR *d = opendir(fs->parent);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, pn) != 0 ||
            (n != pn + 6 && (n != pn + 10 || strcmp(e->d_name + pn + 6, ".old") != 0)))
            continue; /* .BASE.frames-XXXXXX, or its .old where there is no swap */
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", fs->parent, e->d_name);
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            fs_remove_dir(path, fs->base); /* its owner is gone */
        close(fd);
    }
    closedir(d);
}

int mzo_frames_name(mzo_frames *fs, const char *out, char *err, size_t errlen)
{
    memset(fs, 0, sizeof *fs);
    fs->lockfd = -1;
    size_t n = strlen(out);
    if (n >= 4 && strcasecmp(out + n - 4, ".png") == 0)
        n -= 4;
    while (n > 1 && out[n - 1] == '/')
        n--;
    if (n >= sizeof fs->dir - 64) {
        snprintf(err, errlen, "the name '%s' is too long", out);
        return MZO_BAD;
    }
    memcpy(fs->dir, out, n);
    fs->dir[n] = '\0';
    const char *slash = strrchr(fs->dir, '/');
    const char *base = slash ? slash + 1 : fs->dir;
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || strlen(base) >= sizeof fs->base) {
        snprintf(err, errlen, "'%s' names no folder for the frames (give --out NAME.png)", out);
        return MZO_BAD;
    }
    memcpy(fs->base, base, strlen(base) + 1);
    if (!slash)
        snprintf(fs->parent, sizeof fs->parent, ".");
    else if (slash == fs->dir)
        snprintf(fs->parent, sizeof fs->parent, "/");
    else
        snprintf(fs->parent, sizeof fs->parent, "%.*s", (int)(slash - fs->dir), fs->dir);
    return MZO_OK;
}

int mzo_frames_check(mzo_frames *fs, bool force, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(fs->dir, &st) != 0) {
        if (errno != ENOENT) {
            snprintf(err, errlen, "cannot use '%s': %s", fs->dir, strerror(errno));
            return MZO_FAIL;
        }
        int e = stat(fs->parent, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (e) {
            snprintf(err, errlen, "cannot write '%s': %s", fs->dir, strerror(e));
            return MZO_FAIL;
        }
        return MZO_OK;
    }
    fs->exists = true;
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "'%s' exists and is not a folder of frames", fs->dir);
        return MZO_BAD;
    }
    if (!force) {
        snprintf(err, errlen, "'%s' exists: give --force to replace its frames", fs->dir);
        return MZO_BAD;
    }
    char odd[512];
    int r = fs_only_frames(fs->dir, fs->base, odd, sizeof odd);
    if (r < 0) {
        snprintf(err, errlen, "cannot read '%s': %s", fs->dir, strerror(errno));
        return MZO_FAIL;
    }
    if (r == 0) {
        snprintf(err, errlen, "'%s' holds '%s', not only frames %s-NNNNN.png: not replaced", fs->dir, odd,
                  fs->base);
        return MZO_BAD;
    }
    return MZO_OK;
}

static int frames_open(mzo_frames *fs)
{
    fs_clean_leftovers(fs);
    for (int tries = 0; tries < 8; tries++) {
        int n = snprintf(fs->tmp, sizeof fs->tmp, "%s/.%s.frames-XXXXXX", fs->parent, fs->base);
        if (n < 0 || (size_t)n >= sizeof fs->tmp) {
            fs->tmp[0] = '\0';
            errno = ENAMETOOLONG;
            return -1;
        }
        /* No signal between the folder's making and its registration. */
        sigset_t old;
        (void)mzo_out_cleanup_add(fs_remove_tmp_sig); /* the signals' clean-up (main installs it) */
        fs_block(&old);
        if (!mkdtemp(fs->tmp)) {
            int e = errno;
            sigprocmask(SIG_SETMASK, &old, NULL);
            fs->tmp[0] = '\0';
            errno = e;
            return -1;
        }
        snprintf(fs_tmpdir, sizeof fs_tmpdir, "%s", fs->tmp);
        snprintf(fs_prefix, sizeof fs_prefix, "%s/%s-", fs->tmp, fs->base);
        fs_count = 0;
        fs_active = 1;
        sigprocmask(SIG_SETMASK, &old, NULL);
        int fd = open(fs->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        struct stat st;
        if (fd >= 0 && flock(fd, LOCK_EX) == 0 && fstat(fd, &st) == 0 && st.st_nlink > 0) {
            /* The folder's permissions as mkdir would give them (mkdtemp
             * makes it 0700). */
            mode_t um = umask(0);
            umask(um);
            fchmod(fd, 0777 & ~um);
            fs->lockfd = fd;
            return 0;
        }
        /* Another render took it for a leftover in between: again. */
        if (fd >= 0)
            close(fd);
        fs_block(&old);
        rmdir(fs->tmp);
        fs_active = 0;
        sigprocmask(SIG_SETMASK, &old, NULL);
    }
    fs->tmp[0] = '\0';
    errno = EAGAIN;
    return -1;
}

int mzo_frames_open(mzo_frames *fs, char *err, size_t errlen)
{
    if (frames_open(fs) == 0)
        return MZO_OK;
    snprintf(err, errlen, "cannot make a folder beside '%s': %s", fs->dir, strerror(errno));
    return MZO_FAIL;
}

/* Flush, sync and close the frame being written. 0, or -1 with errno. */
static int fs_close_frame(mzo_frames *fs)
{
    if (!fs->f)
        return 0;
    int bad = fflush(fs->f) != 0 || ferror(fs->f);
    int e = errno;
    if (!bad && fsync(fileno(fs->f)) != 0 && errno != EINVAL && errno != EROFS) {
        bad = 1;
        e = errno;
    }
    if (fclose(fs->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    fs->f = NULL;
    errno = e;
    return bad ? -1 : 0;
}

int mzo_frames_frame(mzo_frames *fs, uint64_t part, char *name, size_t namelen)
{
    if (fs_close_frame(fs) != 0)
        return -1;
    char file[1100];
    snprintf(file, sizeof file, "%s-%05llu.png", fs->base, (unsigned long long)part);
    size_t d = strlen(fs->dir);
    if (d + 1 + strlen(file) < namelen) { /* for messages */
        memcpy(name, fs->dir, d);
        name[d] = '/';
        memcpy(name + d + 1, file, strlen(file) + 1);
    }
    if ((sig_atomic_t)part >= fs_count)
        fs_count = (sig_atomic_t)(part + 1); /* before the file exists */
    int fd = openat(fs->lockfd, file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    fs->f = fdopen(fd, "wb");
    if (!fs->f) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    fs->part = part;
    return 0;
}

void mzo_frames_abort(mzo_frames *fs)
{
    if (fs->f) {
        fclose(fs->f);
        fs->f = NULL;
    }
    if (fs->tmp[0]) {
        sigset_t old;
        fs_block(&old);
        fs_remove_dir(fs->tmp, fs->base);
        fs_active = 0;
        sigprocmask(SIG_SETMASK, &old, NULL);
        fs->tmp[0] = '\0';
    }
    if (fs->lockfd >= 0) {
        close(fs->lockfd);
        fs->lockfd = -1;
    }
}

static int fs_swap(const char *a, const char *b, bool exchange)
{
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b,
                        exchange ? (1u << 1) /* RENAME_EXCHANGE */ : (1u << 0) /* RENAME_NOREPLACE */);
#else
    (void)a, (void)b, (void)exchange;
    errno = ENOSYS;
    return -1;
#endif
}

int mzo_frames_commit(mzo_frames *fs, bool force)
{
    if (fs_close_frame(fs) != 0 || fsync(fs->lockfd) != 0) {
        int e = errno;
        mzo_frames_abort(fs);
        errno = e;
        return -1;
    }
    sigset_t old;
    fs_block(&old); /* no signal between the rename and the cleanup */
    int rc, e = 0;
    struct stat st;
    bool there = lstat(fs->dir, &st) == 0;
    if (!there) {
        rc = fs_swap(fs->tmp, fs->dir, false);
        if (rc != 0 && (errno == ENOSYS || errno == EINVAL))
            rc = rename(fs->tmp, fs->dir); /* an empty folder made meanwhile at most */
        e = errno;
    } else if (!force || !S_ISDIR(st.st_mode)) {
        rc = -1;
        e = EEXIST;
    } else {
        char odd[512];
        rc = fs_only_frames(fs->dir, fs->base, odd, sizeof odd) == 1 ? 0 : -1;
        e = rc ? ENOTEMPTY : 0;
        if (rc == 0) {
            rc = fs_swap(fs->tmp, fs->dir, true);
            e = errno;
            if (rc != 0 && (errno == ENOSYS || errno == EINVAL)) {
                e = 0;
                /* No atomic swap here: move the old set aside first, so
                 * for a moment the folder is missing (never mixed). */
                char aside[5300];
                snprintf(aside, sizeof aside, "%s.old", fs->tmp);
                rc = rename(fs->dir, aside);
                if (rc == 0 && (rc = rename(fs->tmp, fs->dir)) != 0) {
                    e = errno;
                    rename(aside, fs->dir);
                } else if (rc == 0) {
                    rename(aside, fs->tmp); /* the old set, removed below */
                }
                if (rc != 0 && !e)
                    e = errno;
            }
        }
    }
    if (rc == 0) {
        /* fs->tmp now holds the old frames, or nothing. */
        fs_remove_dir(fs->tmp, fs->base);
        int pfd = open(fs->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (pfd >= 0) {
            fsync(pfd);
            close(pfd);
        }
        fs->tmp[0] = '\0';
        fs_active = 0;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        mzo_frames_abort(fs);
        errno = e;
        return -1;
    }
    close(fs->lockfd);
    fs->lockfd = -1;
    return 0;
}

int mzo_sink_write(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    mzo_sink *w = user;
    if (w->failed)
        return 1;
    if (w->fs) {
        if (!w->f || part != w->fs->part) {
            errno = 0;
            if (mzo_frames_frame(w->fs, part, w->name, sizeof w->name) != 0) {
                w->err = errno;
                w->failed = true;
                return 1;
            }
            w->f = w->fs->f;
        }
    } else if (!w->started) {
        w->started = true;
        if (!w->path) {
            w->f = stdout;
        } else {
            snprintf(w->name, sizeof w->name, "%s", w->path);
            /* Existence was checked before any work (--force). */
            char err[512];
            errno = 0;
            if (mzo_out_open(&w->out, w->name, MZO_OUT_FORCE, err, sizeof err) != MZO_OK) {
                w->err = errno;
                w->failed = true;
                return 1;
            }
            w->f = w->out.f;
        }
    }
    if (len && fwrite(data, 1, len, w->f) != len) {
        w->err = errno;
        w->failed = true;
        return 1;
    }
    return 0;
}

int mzo_sink_close(mzo_sink *w, bool ok, bool force)
{
    int bad = w->failed;
    char err[512];
    if (w->fs) {
        if (ok && !bad) {
            errno = 0;
            if (mzo_frames_commit(w->fs, force) != 0) {
                snprintf(w->name, sizeof w->name, "%s", w->fs->dir);
                w->err = errno;
                bad = 1;
            }
        } else {
            mzo_frames_abort(w->fs);
        }
        w->f = NULL;
    } else if (w->path && w->started) {
        if (ok && !bad) {
            errno = 0;
            if (mzo_out_commit(&w->out, err, sizeof err) != MZO_OK) {
                w->err = errno;
                bad = 1;
            }
        } else {
            mzo_out_abort(&w->out);
        }
    }
    if (w->f == stdout) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout)) {
            if (!w->err)
                w->err = errno;
            bad = 1;
        }
    }
    w->f = NULL;
    w->failed = bad;
    return bad;
}


int mzo_sink_prepare(mzo_sink *w, mzo_frames *fs, const char *out, bool frames, bool force,
                     char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    w->path = out;
    if (frames) {
        int rc = mzo_frames_name(fs, out, err, errlen);
        if (rc == MZO_OK)
            rc = mzo_frames_check(fs, force, err, errlen);
        if (rc == MZO_OK)
            rc = mzo_frames_open(fs, err, errlen);
        if (rc == MZO_OK)
            w->fs = fs;
        return rc;
    }
    if (!out)
        return MZO_OK;
    /* A picture never replaces a file by accident, nor a folder; and one
     * that cannot be written is said before any work. */
    struct stat st;
    if (stat(out, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write '%s': it is a directory", out);
        return MZO_BAD;
    }
    if (stat(out, &st) == 0 && !force) {
        snprintf(err, errlen, "'%s' exists: give --force to replace it", out);
        return MZO_BAD;
    }
    const char *slash = strrchr(out, '/');
    if (slash && slash != out) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - out), out);
        int e = stat(dir, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (e) {
            snprintf(err, errlen, "cannot write '%s': %s", out, strerror(e));
            return MZO_FAIL;
        }
    }
    return MZO_OK;
}
