/* cmd_render.c - the render command: pictures (PNG, SVG, PDF) and trace
 * animations (GIF, PNG frames) of a maze, through the mazebench_render
 * library. Options in, one library call, a status out. */
#define _GNU_SOURCE /* renameat2's flags, flock */
#include "cli.h"
#include "opts.h"
#include "../mazebench_render.h"
#include "sweep.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- PNG frames: a folder committed whole ----
 *
 * The frames of an animation are one output: the folder FILE without its
 * .png, holding NAME-00000.png, NAME-00001.png, ... (NAME its last
 * component). They are written into a hidden folder beside it,
 * ".NAME.frames-XXXXXX", and only when every frame is written and synced
 * is that folder renamed into place: a new name by rename (never over
 * anything), an existing frame folder (--force) swapped with it in one
 * step (Linux renameat2 RENAME_EXCHANGE), the old frames then removed. So
 * after any end of the process, SIGKILL included, the folder holds the
 * whole old set or the whole new one. SIGINT, SIGTERM and the other fatal
 * signals remove the hidden folder; one that SIGKILL left (its owner's
 * lock gone) is removed by the next render of the same name. */

typedef struct frameset {
    char dir[4096];    /* the target folder */
    char base[1024];   /* its last component: the frames' stem */
    char parent[4096]; /* the folder it lives in */
    char tmp[5200];    /* the hidden folder being written, "" when none */
    int lockfd;        /* the hidden folder, open and flock'ed */
    FILE *f;           /* the frame being written */
    uint64_t part;
    bool exists;       /* dir existed when checked */
} frameset;

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
static void fs_clean_leftovers(const frameset *fs)
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

/* Where the frames of out go. -1 (one line printed) for a name that gives
 * no folder. */
static int fs_name(frameset *fs, const char *out)
{
    memset(fs, 0, sizeof *fs);
    fs->lockfd = -1;
    size_t n = strlen(out);
    if (n >= 4 && strcasecmp(out + n - 4, ".png") == 0)
        n -= 4;
    while (n > 1 && out[n - 1] == '/')
        n--;
    if (n >= sizeof fs->dir - 64) {
        mzc_error("render: the name '%s' is too long", out);
        return -1;
    }
    memcpy(fs->dir, out, n);
    fs->dir[n] = '\0';
    const char *slash = strrchr(fs->dir, '/');
    const char *base = slash ? slash + 1 : fs->dir;
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || strlen(base) >= sizeof fs->base) {
        mzc_error("render: '%s' names no folder for the frames (give --out NAME.png)", out);
        return -1;
    }
    memcpy(fs->base, base, strlen(base) + 1);
    if (!slash)
        snprintf(fs->parent, sizeof fs->parent, ".");
    else if (slash == fs->dir)
        snprintf(fs->parent, sizeof fs->parent, "/");
    else
        snprintf(fs->parent, sizeof fs->parent, "%.*s", (int)(slash - fs->dir), fs->dir);
    return 0;
}

/* Before any work: may the frames go to fs->dir? MZC_OK, or MZC_USAGE /
 * MZC_FAIL with one line printed. */
static int fs_check(frameset *fs, bool force)
{
    struct stat st;
    if (lstat(fs->dir, &st) != 0) {
        if (errno != ENOENT) {
            mzc_error("render: cannot use '%s': %s", fs->dir, strerror(errno));
            return MZC_FAIL;
        }
        int e = stat(fs->parent, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (e) {
            mzc_error("render: cannot write '%s': %s", fs->dir, strerror(e));
            return MZC_FAIL;
        }
        return MZC_OK;
    }
    fs->exists = true;
    if (!S_ISDIR(st.st_mode)) {
        mzc_error("render: '%s' exists and is not a folder of frames", fs->dir);
        return MZC_USAGE;
    }
    if (!force) {
        mzc_error("render: '%s' exists: give --force to replace its frames", fs->dir);
        return MZC_USAGE;
    }
    char odd[512];
    int r = fs_only_frames(fs->dir, fs->base, odd, sizeof odd);
    if (r < 0) {
        mzc_error("render: cannot read '%s': %s", fs->dir, strerror(errno));
        return MZC_FAIL;
    }
    if (r == 0) {
        mzc_error("render: '%s' holds '%s', not only frames %s-NNNNN.png: not replaced", fs->dir, odd,
                  fs->base);
        return MZC_USAGE;
    }
    return MZC_OK;
}

/* Make the hidden folder and lock it. 0, or -1 with errno. */
static int fs_open(frameset *fs)
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

/* Flush, sync and close the frame being written. 0, or -1 with errno. */
static int fs_close_frame(frameset *fs)
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

/* Open frame part in the hidden folder. 0, or -1 with errno. */
static int fs_frame(frameset *fs, uint64_t part, char *name, size_t namelen)
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

/* Drop the hidden folder and everything in it. */
static void fs_abort(frameset *fs)
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

/* Put the finished frames in place. 0, or -1 with errno (the hidden
 * folder removed, the old frames kept). */
static int fs_commit(frameset *fs, bool force)
{
    if (fs_close_frame(fs) != 0 || fsync(fs->lockfd) != 0) {
        int e = errno;
        fs_abort(fs);
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
        fs_abort(fs);
        errno = e;
        return -1;
    }
    close(fs->lockfd);
    fs->lockfd = -1;
    return 0;
}

/* Where the picture goes: one file (an mzo_out: a temporary file beside its
 * name, unnamed where the system allows, renamed into place at the end),
 * stdout, or the frames of a sequence (a frameset, committed whole). A
 * failure or a signal leaves what was there. */
typedef struct writer {
    const char *path; /* NULL: stdout */
    frameset *fs;     /* a PNG sequence: one file a part */
    FILE *f;          /* the file being written */
    bool started;
    bool failed;
    int err;          /* errno of the failure, 0 when unknown */
    char name[4096];  /* the file being written, for messages */
    mzo_out out;
} writer;

static int write_part(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    writer *w = user;
    if (w->failed)
        return 1;
    if (w->fs) {
        if (!w->f || part != w->fs->part) {
            errno = 0;
            if (fs_frame(w->fs, part, w->name, sizeof w->name) != 0) {
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
            if (mzo_out_open(&w->out, w->name, MZO_OUT_FORCE, err, sizeof err) != SW_OK) {
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

/* Commit the output when ok (the render succeeded), otherwise drop it.
 * Non-zero when it could not be written. */
static int writer_close(writer *w, bool ok, bool force)
{
    int bad = w->failed;
    char err[512];
    if (w->fs) {
        if (ok && !bad) {
            errno = 0;
            if (fs_commit(w->fs, force) != 0) {
                snprintf(w->name, sizeof w->name, "%s", w->fs->dir);
                w->err = errno;
                bad = 1;
            }
        } else {
            fs_abort(w->fs);
        }
        w->f = NULL;
    } else if (w->path && w->started) {
        if (ok && !bad) {
            errno = 0;
            if (mzo_out_commit(&w->out, err, sizeof err) != SW_OK) {
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

static int parse_rgb(const char *what, const char *text, uint32_t *out)
{
    const char *p = text[0] == '#' ? text + 1 : text;
    uint32_t v = 0;
    int n = 0;
    for (; isxdigit((unsigned char)p[n]); n++)
        v = v * 16 + (uint32_t)(isdigit((unsigned char)p[n]) ? p[n] - '0'
                                                             : tolower((unsigned char)p[n]) - 'a' + 10);
    if (n != 6 || p[n]) {
        mzc_error("%s '%s' is not a colour RRGGBB (six hex digits)", what, text);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_px(const char *what, const char *text, double max, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v > 0) || v > max) {
        mzc_error("%s '%s' is not a number of pixels in (0, %.0f]", what, text, max);
        return -1;
    }
    *out = v;
    return 0;
}

static const char *const format_names[] = {"png", "svg", "pdf", "gif"};

static int parse_format(const char *text, mz_pic_format *f)
{
    for (unsigned k = 0; k < 4; k++)
        if (strcmp(text, format_names[k]) == 0) {
            *f = (mz_pic_format)k;
            return 0;
        }
    mzc_error("format '%s' is not one of png, svg, pdf, gif", text);
    return -1;
}

/* The format an output name asks for; -1 when its extension is none of them. */
static int format_of(const char *path, mz_pic_format *f)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return -1;
    for (unsigned k = 0; k < 4; k++) {
        const char *a = dot + 1, *b = format_names[k];
        while (*a && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b) {
            *f = (mz_pic_format)k;
            return 0;
        }
    }
    return -1;
}

/* CELL: an index, "R,C", entrance, exit or centre, on grid g. */
static int parse_cell(const char *text, const mz_grid *g, mz_idx *out)
{
    uint64_t r, c;
    char tail;
    if (strcmp(text, "entrance") == 0)
        *out = g->entrance;
    else if (strcmp(text, "exit") == 0)
        *out = g->exit;
    else if (strcmp(text, "centre") == 0 || strcmp(text, "center") == 0)
        *out = mz_cell_resolve(g, MZ_CELL_CENTRE); /* the shape's own centre */
    else if (g->shape != MZ_SHAPE_POLAR && g->shape != MZ_SHAPE_CUBE && strchr(text, ',') && sscanf(text, "%llu,%llu%c", (unsigned long long *)&r,
                                         (unsigned long long *)&c, &tail) == 2 &&
             isdigit((unsigned char)text[0])) {
        if (r >= g->rows || c >= g->cols) {
            mzc_error("cell '%s' is off the %llux%llu grid", text, (unsigned long long)g->rows,
                      (unsigned long long)g->cols);
            return -1;
        }
        *out = r * g->cols + c;
    } else {
        uint64_t v;
        if (mzc_parse_u64("cell", text, 0, g->cells - 1, &v) != 0)
            return -1;
        *out = v;
    }
    if (g->shape == MZ_SHAPE_ORTHO && (g->c[*out] & MZ_BLOCKED)) {
        mzc_error("cell '%s' is blocked", text);
        return -1;
    }
    return 0;
}

static int too_big(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                   const mz_pic_estimate *e)
{
    char name[96], file[128] = "";
    mz_dims g = *geo;
    mz_dims_format(&g, name, sizeof name);
    if (e->limit_bytes && e->file_bytes > e->limit_bytes)
        snprintf(file, sizeof file, "a file of about %.0f MB, over the %.0f MB limit; ",
                 (double)e->file_bytes / 1e6, (double)e->limit_bytes / 1e6);
    if (geo->shape != MZ_SHAPE_ORTHO) {
        mzc_error("a %s maze is too large for %s with these options (%ssee docs/render.md)", name,
                  format_names[f], file);
        return MZC_USAGE;
    }
    uint64_t side = mz_pic_max_side(o, f);
    mzc_error("a %s maze is too large for %s with these options (%sat most %llux%llu; "
              "see docs/render.md)",
              name, format_names[f], file, (unsigned long long)side, (unsigned long long)side);
    return MZC_USAGE;
}

int cmd_render(int argc, char **argv)
{
    const char *spec_text = NULL, *size = NULL, *out = NULL, *solver_text = NULL, *from = NULL;
    const char *v, *animate = NULL, *overlay_text = NULL;
    uint64_t seed = 0;
    mz_rng_kind rng = MZ_RNG_AUTO;
    bool have_seed = false, have_format = false, force = false;
    /* Options that apply to some pictures only, refused elsewhere. */
    const char *opt_time = NULL, *opt_stride = NULL, *opt_duration = NULL, *opt_hold = NULL;
    mz_pic_format fmt = MZ_PIC_SVG;
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mz_anim_opts ao = {0, 4000, 2000, 0};
    char err[1024];
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_render, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        uint64_t u;
        v = a.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench render --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (spec_text) {
                mzc_error("unexpected argument '%s'", v);
                return MZC_USAGE;
            }
            spec_text = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--no-legend") == 0) {
            o.legend = false;
        } else if (strcmp(name, "--no-marks") == 0) {
            o.marks = false;
        } else if (strcmp(name, "--no-antialias") == 0) {
            o.antialias = false;
        } else if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &seed) != 0)
                return MZC_USAGE;
            have_seed = true;
        } else if (strcmp(name, "--rng") == 0) {
            if (mzc_parse_rng("render", v, &rng) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--grid") == 0) {
            size = v; /* or its older name --size: both given is refused */
        } else if (strcmp(name, "--out") == 0) {
            out = v;
        } else if (strcmp(name, "--solve") == 0) {
            solver_text = v;
        } else if (strcmp(name, "--from") == 0) {
            from = v;
        } else if (strcmp(name, "--overlay") == 0) {
            if (mz_pic_overlays_parse(v, &o.overlays, err, sizeof err) != MZ_OK) {
                mzc_error("%s", err);
                return MZC_USAGE;
            }
            overlay_text = v;
        } else if (strcmp(name, "--style") == 0) {
            if (strcmp(v, "plain") == 0) {
                o.style = MZ_PIC_PLAIN;
            } else if (strcmp(v, "hedge") == 0) {
                o.style = MZ_PIC_HEDGE;
            } else {
                mzc_error("style '%s' is not plain or hedge", v);
                return MZC_USAGE;
            }
        } else if (strcmp(name, "--format") == 0) {
            if (parse_format(v, &fmt) != 0)
                return MZC_USAGE;
            have_format = true;
        } else if (strcmp(name, "--cell") == 0) {
            if (parse_px("cell", v, 1000, &o.cell_px) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--wall") == 0) {
            if (parse_px("wall", v, 1000, &o.wall_px) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--margin") == 0) {
            if (mzc_parse_u64("margin", v, 0, 10000, &u) != 0)
                return MZC_USAGE;
            o.margin_px = (double)u;
        } else if (strcmp(name, "--bg") == 0) {
            if (parse_rgb("bg", v, &o.bg) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--fg") == 0) {
            if (parse_rgb("fg", v, &o.fg) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--route-colour") == 0) {
            if (parse_rgb("route-colour", v, &o.route_rgb) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--time") == 0) {
            if (mzc_parse_u64("time", v, 0, UINT64_C(1) << 50, &u) != 0)
                return MZC_USAGE;
            o.time_ms = (double)u;
            opt_time = v;
        } else if (strcmp(name, "--animate") == 0) {
            if (strcmp(v, "gen") != 0 && strcmp(v, "solve") != 0) {
                mzc_error("animate '%s' is not gen or solve", v);
                return MZC_USAGE;
            }
            animate = v;
        } else if (strcmp(name, "--stride") == 0) {
            if (mzc_parse_u64("stride", v, 1, UINT64_C(1) << 40, &ao.stride) != 0)
                return MZC_USAGE;
            opt_stride = v;
        } else if (strcmp(name, "--duration") == 0) {
            if (mzc_parse_u64("duration", v, 1, 3600000, &ao.duration_ms) != 0)
                return MZC_USAGE;
            opt_duration = v;
        } else if (strcmp(name, "--hold") == 0) {
            if (mzc_parse_u64("hold", v, 0, 600000, &ao.hold_ms) != 0)
                return MZC_USAGE;
            opt_hold = v;
        } else {
            mzc_error("render: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (!spec_text || !have_seed || !size) {
        mzc_error("render: missing %s (see 'mazebench render --help')",
                  !spec_text ? "SPEC" : !have_seed ? "--seed N" : "--grid GRID");
        return MZC_USAGE;
    }
    if (out && !have_format && format_of(out, &fmt) != 0) {
        mzc_error("cannot tell the format of '%s' (use .png, .svg, .pdf, .gif or --format)", out);
        return MZC_USAGE;
    }
    bool anim = animate || fmt == MZ_PIC_GIF;
    if (anim && !animate)
        animate = solver_text ? "solve" : "gen";
    if (anim && fmt != MZ_PIC_GIF && fmt != MZ_PIC_PNG) {
        mzc_error("an animation is written as .gif or as .png frames, not %s", format_names[fmt]);
        return MZC_USAGE;
    }
    if (anim && fmt == MZ_PIC_PNG && !out) {
        mzc_error("png frames need --out FILE.png");
        return MZC_USAGE;
    }
    /* Options that cannot apply to this picture: refused before any work. */
    if (opt_time && o.style != MZ_PIC_HEDGE) {
        mzc_error("--time applies to the hedge style only (--style hedge)");
        return MZC_USAGE;
    }
    if (!anim && (opt_stride || opt_duration || opt_hold)) {
        mzc_error("--%s applies to an animation only (.gif or --animate)",
                  opt_stride ? "stride" : opt_duration ? "duration" : "hold");
        return MZC_USAGE;
    }
    if (anim && fmt == MZ_PIC_PNG && (opt_duration || opt_hold)) {
        mzc_error("--%s applies to a gif only: png frames have no timing",
                  opt_duration ? "duration" : "hold");
        return MZC_USAGE;
    }
    if (anim && o.overlays) {
        mzc_error("--overlay applies to a still, not to an animation (it replays a trace)");
        return MZC_USAGE;
    }
    if (anim && from) {
        mzc_error("--from applies to the heat overlay of a still, not to an animation");
        return MZC_USAGE;
    }
    if (from && !(o.overlays & MZ_OV_HEAT)) {
        mzc_error("--from applies to the heat overlay only (--overlay heat)");
        return MZC_USAGE;
    }
    if (anim && strcmp(animate, "solve") == 0 && !solver_text)
        solver_text = "bfs";
    if (!mz_pic_supported(fmt)) {
        mzc_error("%s output is not built in: install '%s' and rebuild", format_names[fmt],
                  mz_pic_package(fmt));
        return MZC_FAIL;
    }

    mz_spec spec;
    mz_stage solver;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t nalgos;
    if (mzc_parse_recipe(spec_text, solver_text, &spec, &solver, algos, &nalgos) != 0)
        return MZC_USAGE;
    mz_dims geo;
    if (mzc_parse_grid(size, &geo) != 0)
        return MZC_USAGE;
    bool square = geo.shape == MZ_SHAPE_ORTHO;
    mz_dims_cells(&geo);
    char rng_note[512];
    if (mzc_rng_seed_check("render", rng, seed) != 0)
        return MZC_USAGE;
    spec.rng = mzc_rng_for_seed(rng, seed);
    if (square && mzc_fixed_size(&spec, seed, &geo.rows, &geo.cols) < 0)
        return MZC_FAIL;
    mz_dims_cells(&geo);
    if (mzc_resolve_rng_note("render", rng, &spec, &geo, seed, rng_note, sizeof rng_note) != 0)
        return MZC_USAGE;
    for (size_t k = 0; k < nalgos; k++) {
        if (!mz_runs_on(algos[k], geo.shape)) {
            mzc_error("'%s' does not run on %s cells", algos[k]->name, mz_shape_name(geo.shape));
            return MZC_USAGE;
        }
    }
    if (!square && o.style == MZ_PIC_HEDGE) {
        mzc_error("the hedge style draws square cells only");
        return MZC_USAGE;
    }
    /* Overlays on this shape: 'all' is every one that applies here; one
     * named that does not is refused. */
    unsigned fits = mz_pic_overlays_for(geo.shape);
    if (o.overlays & ~fits) {
        bool all = false;
        for (const char *p = overlay_text; p && *p;) {
            size_t n = strcspn(p, ",");
            all |= n == 3 && strncmp(p, "all", 3) == 0;
            p += n + (p[n] == ',');
        }
        unsigned named = 0;
        if (all) {
            /* The names given besides 'all'. */
            for (const char *p = overlay_text; *p;) {
                size_t n = strcspn(p, ",");
                char one[64];
                unsigned bit;
                snprintf(one, sizeof one, "%.*s", (int)(n < 63 ? n : 63), p);
                if (strcmp(one, "all") != 0 && mz_pic_overlays_parse(one, &bit, err, sizeof err) == MZ_OK)
                    named |= bit;
                p += n + (p[n] == ',');
            }
        } else {
            named = o.overlays;
        }
        if (named & ~fits) {
            unsigned bit = named & ~fits;
            bit &= -bit;
            mzc_error("the %s overlay does not apply to %s cells (it needs square cells)",
                      mz_pic_overlay_name(bit), mz_shape_name(geo.shape));
            return MZC_USAGE;
        }
        o.overlays &= fits;
    }
    if (solver_text && mzc_check_cells(&solver, &geo) != 0)
        return MZC_USAGE;
    bool fixed = (spec.stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    /* The picture's size, its file and its memory, before anything is
     * generated or drawn. */
    mz_pic_estimate est = {0};
    mz_status s = fixed ? MZ_OK
                        : anim ? mz_anim_estimate(&geo, &o, fmt, ao.stride ? 0 : 151, &est)
                               : mz_pic_still_estimate(&geo, &o, fmt, &est);
    if (s == MZ_ETOOBIG)
        return too_big(&geo, &o, fmt, &est);
    if (s != MZ_OK) {
        mzc_error("render: bad picture options (%s)", mz_status_str(s));
        return MZC_USAGE;
    }
    if (mzc_check_memory(&geo, algos, nalgos) != 0)
        return MZC_FAIL;
    if (!fixed) {
        char what[160];
        char name[96];
        mz_dims_format(&geo, name, sizeof name);
        snprintf(what, sizeof what, "a %s picture of a %s maze", format_names[fmt], name);
        /* The maze's grid (its byte and visited bits) and the picture's
         * memory on top; the algorithms' own were checked just above. */
        double grid = (double)mz_dims_cells(&geo) * 1.25;
        if (mzc_check_bytes(what, grid + (double)est.memory_bytes) != 0)
            return MZC_FAIL;
    }
    if (anim) {
        /* The recorded trace, from the steps a cell every entry recorded
         * declares (at most the step limit), before anything runs. */
        uint64_t steps = 0;
        uint64_t bytes = mz_anim_trace_bytes(
            &spec, strcmp(animate, "solve") == 0 ? &solver : NULL, &geo, &ao, &steps);
        char what[160], name[96];
        mz_dims_format(&geo, name, sizeof name);
        snprintf(what, sizeof what, "the trace of an animation of a %s maze (up to %" PRIu64
                 " steps)", name, steps);
        double grid = (double)mz_dims_cells(&geo) * 1.25;
        if (mzc_check_bytes(what, grid + (double)est.memory_bytes + (double)bytes) != 0)
            return MZC_FAIL;
    }
    o.solver = solver_text ? &solver : NULL;

    frameset fs;
    writer wr;
    memset(&wr, 0, sizeof wr);
    wr.path = out;
    if (anim && fmt == MZ_PIC_PNG) {
        if (fs_name(&fs, out) != 0)
            return MZC_USAGE;
        int rc = fs_check(&fs, force);
        if (rc != MZC_OK)
            return rc;
        wr.fs = &fs;
    } else if (out) {
        /* A picture never replaces a file by accident, nor a folder; and
         * one that cannot be written is said before any work. */
        struct stat st;
        if (stat(out, &st) == 0 && S_ISDIR(st.st_mode)) {
            mzc_error("render: cannot write '%s': it is a directory", out);
            return MZC_USAGE;
        }
        if (stat(out, &st) == 0 && !force) {
            mzc_error("render: '%s' exists: give --force to replace it", out);
            return MZC_USAGE;
        }
        const char *slash = strrchr(out, '/');
        if (slash && slash != out) {
            char dir[4096];
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - out), out);
            int e = stat(dir, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
            if (e) {
                mzc_error("render: cannot write '%s': %s", out, strerror(e));
                return MZC_FAIL;
            }
        }
    }
    if (wr.fs && fs_open(&fs) != 0) {
        mzc_error("render: cannot make a folder beside '%s': %s", fs.dir, strerror(errno));
        return MZC_FAIL;
    }
    fputs(rng_note, stderr);
    uint64_t anim_frames = 0;
    if (anim) {
        s = mz_anim_render(&spec, seed, &geo, strcmp(animate, "solve") == 0 ? &solver : NULL,
                           &o, &ao, fmt, write_part, &wr, &anim_frames);
        if (writer_close(&wr, s == MZ_OK, force) != 0 && s == MZ_OK)
            s = MZ_EIO;
    } else {
        mz_grid g = {0};
        mz_extra gx = {0};
        s = mz_generate(&spec, seed, &geo, &g, MZ_GEN_OPTS(1, NULL, &gx));
        if (s == MZ_OK && from && parse_cell(from, &g, &o.heat_from) != 0) {
            mz_grid_free(&g);
            writer_close(&wr, false, force);
            return MZC_USAGE;
        }
        if (s == MZ_OK)
            s = mz_pic_render(&g, &o, fmt, write_part, &wr);
        if (s == MZ_ETOOBIG) {
            mz_dims gg = mz_grid_dims(&g);
            mz_grid_free(&g);
            writer_close(&wr, false, force);
            mz_pic_still_estimate(&gg, &o, fmt, &est);
            return too_big(&gg, &o, fmt, &est);
        }
        mz_grid_free(&g);
        if (writer_close(&wr, s == MZ_OK, force) != 0 && s == MZ_OK)
            s = MZ_EIO;
    }
    if (s == MZ_EIO || wr.failed) {
        const char *what = !out ? "stdout" : wr.name[0] ? wr.name : out;
        if (wr.err)
            mzc_error("render: cannot write '%s': %s", what, strerror(wr.err));
        else
            mzc_error("render: cannot write '%s'", what);
        return MZC_FAIL;
    }
    if (s == MZ_ETOOBIG && anim) {
        if (anim_frames == 0 || est.limit_bytes == 0)
            mzc_error("render: the animation is too large (a trace over %" PRIu64
                      " steps; see docs/render.md)",
                      ao.max_steps ? ao.max_steps : UINT64_C(1) << 24);
        else
            mzc_error("render: the animation is too large (%" PRIu64 " frames: a %s over its "
                      "%.0f MB limit; give a larger --stride; see docs/render.md)",
                      anim_frames, format_names[fmt], (double)est.limit_bytes / 1e6);
        return MZC_USAGE;
    }
    if (s == MZ_EUNSUPPORTED && solver_text && (o.overlays & MZ_OV_ROUTE)) {
        mzc_error("solver '%s' gives no route to draw", solver.algo->name);
        return MZC_USAGE;
    }
    if (s != MZ_OK) {
        mzc_error("render failed: %s%s",
                  s == MZ_EOUTSIDE ? mzc_outside_why(solver_text ? solver.algo : NULL)
                                   : mz_status_str(s),
                  out ? (wr.fs ? " (no frame written)" : " (nothing written)") : "");
        return MZC_FAIL;
    }
    return MZC_OK;
}
