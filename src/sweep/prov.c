/*
 * prov.c - provenance lines, shared by sweep, merge, scale and render.
 *
 * The build facts come from CMake: MZ_BUILD_COMPILER and MZ_BUILD_CFLAGS
 * (every flag the library's targets pass the compiler, generator
 * expressions evaluated, so -march=native or -fsanitize show when they are
 * on), and mz_build_commit.h, rewritten at every build by
 * cmake/build-commit.cmake, so "-dirty" tells the state of the tree when
 * the binary was built, not when CMake last configured.
 */
#define _POSIX_C_SOURCE 200809L /* gmtime_r, sysconf */
#include "sweep.h"
#include "outside/outside.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
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

int sw_provenance_write(FILE *f, const char *what, unsigned shapes, int argc, char *const *argv,
                        unsigned jobs)
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
#ifdef MZ_BUILD_COMMIT_DATE
    fprintf(f, "# commit date: %s\n", MZ_BUILD_COMMIT_DATE);
#endif
    fprintf(f, "# compiler: %s\n", sw_build_compiler());
    fprintf(f, "# cflags: %s\n", sw_build_cflags());
    fprintf(f, "# registry: %016llx\n", (unsigned long long)mz_registry_hash(shapes));
    fprintf(f, "# cpu: %s (%ld online)\n", cpu, ncpu);
    fprintf(f, "# date: %s\n", date);
    fputs("# command: mazebench", f);
    for (int k = 0; k < argc; k++) {
        /* One line whatever the arguments hold. */
        fputc(' ', f);
        for (const char *s = argv[k]; *s; s++)
            fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    /* The programs files the command line declared (taken out of it
     * before the command saw it). */
    for (const char *const *p = mzx_loaded_files(NULL); *p; p++) {
        fputs(" --programs ", f);
        for (const char *s = *p; *s; s++)
            fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('\n', f);
    if (jobs)
        fprintf(f, "# jobs: %u\n", jobs);
    return ferror(f) ? -1 : 0;
}

bool sw_load_average(double l[3])
{
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return false;
    int got = fscanf(f, "%lf %lf %lf", &l[0], &l[1], &l[2]);
    fclose(f);
    return got == 3;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void utc_text(long long ns, char *buf, size_t len)
{
    time_t t = (time_t)(ns / 1000000000LL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void load_text(char *buf, size_t len)
{
    double l[3];
    if (sw_load_average(l))
        snprintf(buf, len, "load %.2f %.2f %.2f", l[0], l[1], l[2]);
    else
        snprintf(buf, len, "load unknown");
}

/* line padded with spaces to SW_PROV_END_WIDTH - 1 bytes, then a newline. */
static int write_padded(FILE *f, const char *line)
{
    size_t n = strlen(line);
    if (n > SW_PROV_END_WIDTH - 1)
        n = SW_PROV_END_WIDTH - 1;
    fwrite(line, 1, n, f);
    for (; n < SW_PROV_END_WIDTH - 1; n++)
        fputc(' ', f);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

int sw_provenance_start(FILE *f, sw_prov_clock *c)
{
    c->t0_ns = now_ns();
    c->end_at = -1;
    char date[64], load[96];
    utc_text(c->t0_ns, date, sizeof date);
    load_text(load, sizeof load);
    fprintf(f, "# start: %s, %s, %ld cores\n", date, load, sysconf(_SC_NPROCESSORS_ONLN));
    int fd = fileno(f);
    int fl = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    struct stat st;
    if (fl >= 0 && !(fl & O_APPEND) && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        long at = ftell(f);
        if (at >= 0) {
            c->end_at = at;
            if (write_padded(f, "# end: not recorded: the run did not finish") != 0)
                return -1;
        }
    }
    return ferror(f) ? -1 : 0;
}

int sw_provenance_end(FILE *f, const sw_prov_clock *c)
{
    if (c->end_at < 0)
        return 0;
    long long t1 = now_ns();
    char date[64], load[96], line[256];
    utc_text(t1, date, sizeof date);
    load_text(load, sizeof load);
    snprintf(line, sizeof line, "# end: %s, %s, %.1f s", date, load,
             (double)(t1 - c->t0_ns) / 1e9);
    if (fflush(f) != 0 || fseek(f, c->end_at, SEEK_SET) != 0)
        return -1;
    int rc = write_padded(f, line);
    if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0)
        rc = -1;
    return rc;
}
