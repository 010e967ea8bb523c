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
