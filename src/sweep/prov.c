/*
 * prov.c - provenance lines and atomically replaced output files, shared by
 * sweep, merge, scale and render.
 *
 * The build facts come from CMake: MZ_BUILD_COMPILER and MZ_BUILD_CFLAGS
 * (every flag the library's targets pass the compiler, generator
 * expressions evaluated, so -march=native or -fsanitize show when they are
 * on), and mz_build_commit.h, rewritten at every build by
 * cmake/build-commit.cmake, so "-dirty" tells the state of the tree when
 * the binary was built, not when CMake last configured.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include("mz_build_commit.h")
#include "mz_build_commit.h"
#endif
#endif
#ifndef MZ_BUILD_COMMIT
#define MZ_BUILD_COMMIT "unknown"
#endif
#ifndef MZ_BUILD_COMPILER
#define MZ_BUILD_COMPILER "unknown"
#endif
#ifndef MZ_BUILD_CFLAGS
#define MZ_BUILD_CFLAGS "unknown"
#endif

const char *sw_build_commit(void) { return MZ_BUILD_COMMIT; }
const char *sw_build_compiler(void) { return MZ_BUILD_COMPILER; }

const char *sw_build_cflags(void)
{
    /* CMake joins empty lists with spaces: squeeze them once. */
    static char buf[2048];
    if (!buf[0]) {
        size_t n = 0;
        for (const char *s = MZ_BUILD_CFLAGS; *s && n + 1 < sizeof buf; s++)
            if (*s != ' ' || (n && buf[n - 1] != ' '))
                buf[n++] = *s;
        while (n && buf[n - 1] == ' ')
            n--;
        buf[n] = '\0';
    }
    return buf;
}

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v++;
                while (*v == ' ' || *v == '\t')
                    v++;
                v[strcspn(v, "\n")] = '\0';
                snprintf(buf, len, "%s", v);
                break;
            }
        }
    }
    fclose(f);
}

int sw_provenance_write(FILE *f, const char *what, int argc, char *const *argv, unsigned jobs)
{
    char cpu[256], date[64];
    cpu_model(cpu, sizeof cpu);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    fprintf(f, "# mazebench %s %s\n", MZ_VERSION, what);
    fprintf(f, "# commit: %s\n", sw_build_commit());
    fprintf(f, "# compiler: %s\n", sw_build_compiler());
    fprintf(f, "# cflags: %s\n", sw_build_cflags());
    fprintf(f, "# registry: %016llx\n", (unsigned long long)mz_registry_hash());
    fprintf(f, "# cpu: %s (%ld online)\n", cpu, ncpu);
    fprintf(f, "# date: %s\n", date);
    fputs("# command: mazebench", f);
    for (int k = 0; k < argc; k++) {
        /* One line whatever the arguments hold. */
        fputc(' ', f);
        for (const char *s = argv[k]; *s; s++)
            fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('\n', f);
    if (jobs)
        fprintf(f, "# jobs: %u\n", jobs);
    return ferror(f) ? -1 : 0;
}

/* ---- output files ---- */

bool sw_same_file(const char *a, const char *b)
{
    struct stat x, y;
    if (!a || !b || stat(a, &x) != 0 || stat(b, &y) != 0)
        return false;
    return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

int sw_out_open(sw_out *o, const char *path, unsigned flags, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "cannot write '%s': it is a directory", path);
            return SW_BAD;
        }
        if (!(flags & SW_OUT_FORCE)) {
            snprintf(err, errlen, "'%s' exists: give --force to replace it", path);
            return SW_BAD;
        }
        if (!S_ISREG(st.st_mode)) {
            /* A device or a pipe is written in place: renaming over it
             * would replace /dev/null with a regular file. */
            o->f = fopen(path, "w");
            if (!o->f) {
                snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
                return SW_FAIL;
            }
            o->path = malloc(strlen(path) + 1);
            if (!o->path) {
                sw_out_abort(o);
                snprintf(err, errlen, "out of memory");
                return SW_FAIL;
            }
            strcpy(o->path, path);
            return SW_OK;
        }
    }
    size_t n = strlen(path);
    o->path = malloc(n + 1);
    o->tmp = malloc(n + 32);
    if (!o->path || !o->tmp) {
        sw_out_abort(o);
        snprintf(err, errlen, "out of memory");
        return SW_FAIL;
    }
    memcpy(o->path, path, n + 1);
    /* Beside the target (same directory, so rename is atomic). */
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(o->tmp, n + 32, "%.*s.%s.tmp-XXXXXX", (int)dir, path, path + dir);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        sw_out_abort(o);
        return SW_FAIL;
    }
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        sw_out_abort(o);
        return SW_FAIL;
    }
    return SW_OK;
}

int sw_out_commit(sw_out *o, char *err, size_t errlen)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (!bad && o->tmp && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS) {
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
        sw_out_abort(o);
        return SW_FAIL;
    }
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    return SW_OK;
}

void sw_out_abort(sw_out *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
}
