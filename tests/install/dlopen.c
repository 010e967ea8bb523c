/*
 * dlopen.c - the installed shared library loaded at run time: its
 * mz_version(), its ABI check against the installed header (what the
 * header's inline mz_spec_parse does) and a maze made through functions
 * found with dlsym (their types from the installed header). Prints
 *   version VERSION
 *   maze hex:12x16 digest DIGEST      (the digest of examples/embed.c)
 *
 *   cc -std=c11 -I PREFIX/include dlopen.c -ldl && ./a.out PREFIX/lib/libmazebench.so.N
 */
#include <dlfcn.h>
#include <stdio.h>

#include "mazebench.h"

static void *need(void *h, const char *name)
{
    void *p = dlsym(h, name);
    if (!p)
        fprintf(stderr, "dlopen: no %s: %s\n", name, dlerror());
    return p;
}

#define FIND(h, fn, name) (*(void **)&(fn) = need((h), (name)))

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: dlopen LIBRARY\n");
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    __typeof__(mz_version) *version;
    __typeof__(mz_abi_check) *abi_check;
    __typeof__(mz_lib_spec_parse) *spec_parse;
    __typeof__(mz_grid_init) *grid_init;
    __typeof__(mz_generate) *generate;
    __typeof__(mz_metrics_compute) *metrics;
    __typeof__(mz_grid_free) *grid_free;
    if (!FIND(h, version, "mz_version") || !FIND(h, abi_check, "mz_abi_check") ||
        !FIND(h, spec_parse, "mz_lib_spec_parse") ||
        !FIND(h, grid_init, "mz_grid_init") || !FIND(h, generate, "mz_generate") ||
        !FIND(h, metrics, "mz_metrics_compute") || !FIND(h, grid_free, "mz_grid_free"))
        return 1;
    printf("version %s\n", version());
    char err[256];
    if (abi_check(MZ_ABI_VERSION, MZ_SHAPE_COUNT, sizeof(mz_algo), sizeof(mz_spec),
                  sizeof(mz_solution), err, sizeof err) != MZ_OK) {
        fprintf(stderr, "dlopen: %s\n", err);
        return 1;
    }
    mz_spec spec;
    const mz_dims geo = {MZ_SHAPE_HEX, 1, 12, 16};
    mz_grid g;
    mz_metrics m;
    if (spec_parse("dfs", &spec, NULL, 0) != MZ_OK || grid_init(&g, &geo, NULL) != MZ_OK)
        return 1;
    mz_status s = generate(&spec, 42, &geo, &g, NULL);
    if (s == MZ_OK)
        s = metrics(&g, 1, &m);
    if (s == MZ_OK)
        printf("maze hex:12x16 digest %016llx\n", (unsigned long long)m.digest);
    grid_free(&g);
    dlclose(h);
    return s != MZ_OK;
}
