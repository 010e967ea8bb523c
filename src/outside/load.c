/* Loading programs files (outside.h): each section goes to the handler of
 * its kind; what the handlers make is kept until mzx_unload. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "outside.h"
#include "../mazebench_plugin.h"
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kinds of section and their handlers. */
static const struct {
    const char *kind;
    mzx_section_fn fn;
} kinds[] = {
    {"generator", mzx_gen_section},
    {"solver", mzx_solve_section},
};

typedef struct kept {
    void *p;
    void (*free_fn)(void *);
} kept;

static kept *keep;
static size_t nkeep, capkeep;

/* The paths loaded, as given, NULL-terminated. */
static char **paths;
static size_t npaths;

const char *const *mzx_loaded_files(size_t *n)
{
    static const char *const none[] = {NULL};
    if (n)
        *n = npaths;
    return paths ? (const char *const *)paths : none;
}

mz_status mzx_keep(void *p, void (*free_fn)(void *))
{
    if (nkeep == capkeep) {
        size_t nc = capkeep ? capkeep * 2 : 8;
        kept *k = realloc(keep, nc * sizeof *k);
        if (!k)
            return MZ_ENOMEM;
        keep = k;
        capkeep = nc;
    }
    keep[nkeep].p = p;
    keep[nkeep].free_fn = free_fn;
    nkeep++;
    return MZ_OK;
}

static void free_file(void *p)
{
    mzx_file_free(p);
    free(p);
}

mz_status mzx_load(const char *path, char *msg, size_t cap)
{
    /* The janitor now, while the process is small and has one thread:
     * it is a copy of it (mzx_janitor_start). */
    (void)mzx_janitor_start();
    mzx_file *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(msg, cap, "%s: out of memory", path);
        return MZ_ENOMEM;
    }
    mz_status st = mzx_file_read(path, f, msg, cap);
    if (st != MZ_OK) {
        free(f);
        return st;
    }
    char **np = realloc(paths, (npaths + 2) * sizeof *np);
    if (np)
        paths = np;
    if (!np || !(paths[npaths] = strdup(path)) || mzx_keep(f, free_file) != MZ_OK) {
        free_file(f);
        snprintf(msg, cap, "%s: out of memory", path);
        return MZ_ENOMEM;
    }
    paths[++npaths] = NULL;
    /* Every kind known before any handler runs. */
    for (size_t i = 0; i < f->nsec; i++) {
        bool known = false;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && !known; k++)
            known = !strcmp(kinds[k].kind, f->sec[i].kind);
        if (!known) {
            char list[200] = "";
            size_t used = 0;
            for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
                int w = snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "",
                                 kinds[k].kind);
                if (w < 0 || (size_t)w >= sizeof list - used)
                    break;
                used += (size_t)w;
            }
            snprintf(msg, cap, "%s:%u: unknown section kind '%s' (known: %s)", f->path,
                     f->sec[i].line, f->sec[i].kind, list);
            return MZ_EFORMAT;
        }
    }
    for (size_t i = 0; i < f->nsec; i++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (!strcmp(kinds[k].kind, f->sec[i].kind)) {
                st = kinds[k].fn(f, &f->sec[i], msg, cap);
                if (st != MZ_OK)
                    return st;
            }
    return MZ_OK;
}

void mzx_unload(void)
{
    mz_registry_drop_added();
    for (size_t i = nkeep; i-- > 0;)
        keep[i].free_fn(keep[i].p);
    free(keep);
    keep = NULL;
    nkeep = capkeep = 0;
    for (size_t i = 0; i < npaths; i++)
        free(paths[i]);
    free(paths);
    paths = NULL;
    npaths = 0;
}
