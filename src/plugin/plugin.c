/*
 * plugin.c - compiled plugins: shared libraries whose entries join the
 * registry at run time (docs/plugins.md).
 *
 * A plugin exports one function, MZ_PLUGIN_SYMBOL, that returns its
 * mz_plugin: the ABI number, sizeof(mz_algo) as it was built, its entries
 * and its name. Loading checks all of it before anything is added, so a
 * plugin built against another header, or with a malformed entry, is
 * refused with one line and leaves the registry as it was. The plugin's
 * own code runs only when its description function is called and, later,
 * when its entries run: nothing here can make a broken entry safe to run
 * (the `vet` command checks them), but nothing a description holds is
 * trusted before it is checked.
 *
 * The library lives in the CLI (dlopen is no part of the core library,
 * which never loads code); the executable exports the library's symbols
 * (CMake ENABLE_EXPORTS) and a plugin resolves them from the process.
 */
#include "plugin.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Most entries one plugin may declare: a bound on a list that a broken
 * plugin might leave unterminated. */
#define MZP_MAX_ENTRIES 256
#define MZP_MAX_PLUGINS 64

typedef struct loaded {
    char *path;
    const mz_plugin *p;
    void *handle;
} loaded;

static loaded plugins[MZP_MAX_PLUGINS];
static const char *paths[MZP_MAX_PLUGINS + 1];
static size_t nplugins;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static mz_status refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return MZ_EINVAL;
}

/* A name that specs can carry: letters, digits, '-', '_' and '.'. */
static bool name_ok(const char *s)
{
    if (!s || !*s || strlen(s) > 64)
        return false;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return false;
    }
    return true;
}

static const char *kind_word(mz_kind k)
{
    switch (k) {
    case MZ_GEN: return "generator";
    case MZ_POST: return "post-processor";
    case MZ_SOLVER: return "solver";
    }
    return "entry";
}

/* Check entry a, number k of plugin pname; list[0..k) are the entries
 * before it. */
static mz_status check_entry(const char *pname, const mz_algo *a, size_t k,
                             const mz_algo *const *list, char *err, size_t errlen)
{
    if (!name_ok(a->name))
        return refuse(err, errlen,
                      "plugin '%s': entry %zu has no name or one a spec cannot carry (letters, "
                      "digits, '-', '_', '.'; at most 64)",
                      pname, k + 1);
    const char *n = a->name;
    if ((unsigned)a->kind > (unsigned)MZ_SOLVER)
        return refuse(err, errlen, "plugin '%s': entry '%s' has kind %u (0 generator, "
                      "1 post-processor, 2 solver)", pname, n, (unsigned)a->kind);
    if (!a->summary)
        return refuse(err, errlen, "plugin '%s': entry '%s' has no summary", pname, n);
    if (a->kind == MZ_SOLVER ? !a->solve && !a->solve_ctx : !a->gen)
        return refuse(err, errlen, "plugin '%s': %s '%s' has no %s function", pname,
                      kind_word(a->kind), n, a->kind == MZ_SOLVER ? "solve" : "gen");
    if (a->shapes & ~(unsigned)MZ_SHAPES_ALL)
        return refuse(err, errlen, "plugin '%s': entry '%s' declares shapes 0x%x beyond the "
                      "known ones (0x%x)", pname, n, a->shapes, (unsigned)MZ_SHAPES_ALL);
    if (a->nparams > MZ_MAX_PARAMS || (a->nparams && !a->params))
        return refuse(err, errlen, "plugin '%s': entry '%s' declares %u parameters (at most %d, "
                      "with a params table)", pname, n, a->nparams, MZ_MAX_PARAMS);
    for (unsigned j = 0; j < a->nparams; j++) {
        const mz_param_def *p = &a->params[j];
        if (!name_ok(p->name) || (unsigned)p->type > (unsigned)MZ_P_CELL ||
            (p->type == MZ_P_ENUM && (!p->choices || !*p->choices)))
            return refuse(err, errlen, "plugin '%s': entry '%s', parameter %u: no name, a type "
                          "out of range or an enum without choices", pname, n, j + 1);
    }
    if (a->trace_ops) {
        size_t j = 0;
        for (; j < MZP_MAX_ENTRIES && a->trace_ops[j].op; j++)
            ;
        if (j == MZP_MAX_ENTRIES)
            return refuse(err, errlen, "plugin '%s': entry '%s': trace_ops has no end ({NULL, "
                          "NULL} within %d ops)", pname, n, MZP_MAX_ENTRIES);
    }
    for (size_t j = 0; j < k; j++)
        if (list[j]->kind == a->kind && strcmp(list[j]->name, n) == 0)
            return refuse(err, errlen, "plugin '%s': two %ss named '%s'", pname,
                          kind_word(a->kind), n);
    if (mz_find(a->kind, n)) {
        const char *other = mzp_plugin_of(mz_find(a->kind, n));
        return refuse(err, errlen, "plugin '%s': a %s named '%s' exists already (%s): rename "
                      "the plugin's", pname, kind_word(a->kind), n,
                      other ? other : "built in or declared");
    }
    return MZ_OK;
}

static mz_status check_plugin(const mz_plugin *p, const char *path, size_t *count, char *err,
                              size_t errlen)
{
    if (!p)
        return refuse(err, errlen, "plugin %s: %s() returned NULL", path, MZ_PLUGIN_SYMBOL);
    if (p->abi != MZ_PLUGIN_ABI)
        return refuse(err, errlen, "plugin %s: ABI %u, this mazebench loads ABI %d (rebuild it "
                      "against this src/mazebench.h)", path, p->abi, MZ_PLUGIN_ABI);
    if (p->algo_size != sizeof(mz_algo))
        return refuse(err, errlen, "plugin %s: built with sizeof(mz_algo) = %zu, this "
                      "mazebench has %zu (rebuild it against this src/mazebench.h)",
                      path, p->algo_size, sizeof(mz_algo));
    const char *pname = p->name && *p->name ? p->name : path;
    if (!p->algos || !p->algos[0])
        return refuse(err, errlen, "plugin '%s': no entries", pname);
    size_t k = 0;
    for (; k < MZP_MAX_ENTRIES && p->algos[k]; k++) {
        mz_status s = check_entry(pname, p->algos[k], k, p->algos, err, errlen);
        if (s != MZ_OK)
            return s;
    }
    if (k == MZP_MAX_ENTRIES)
        return refuse(err, errlen, "plugin '%s': more than %d entries, or a list without its "
                      "NULL end", pname, MZP_MAX_ENTRIES - 1);
    *count = k;
    return MZ_OK;
}

mz_status mzp_load(const char *path, char *err, size_t errlen)
{
    if (!path || !*path)
        return refuse(err, errlen, "--plugin: an empty file name");
    if (nplugins == MZP_MAX_PLUGINS)
        return refuse(err, errlen, "plugin %s: more than %d plugins", path, MZP_MAX_PLUGINS);
    for (size_t k = 0; k < nplugins; k++)
        if (strcmp(plugins[k].path, path) == 0)
            return refuse(err, errlen, "plugin %s: loaded twice", path);
    /* dlopen searches the library path for a name without a slash: a
     * plugin is a file, so it is looked for where the user said. */
    size_t len = strlen(path);
    char *full = malloc(len + 3);
    if (!full) {
        snprintf(err, errlen, "plugin %s: out of memory", path);
        return MZ_ENOMEM;
    }
    snprintf(full, len + 3, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *h = dlopen(full, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        free(full);
        return refuse(err, errlen, "plugin %s: cannot load it: %s", path,
                      why ? why : "unknown reason");
    }
    void *sym = dlsym(h, MZ_PLUGIN_SYMBOL);
    if (!sym) {
        dlclose(h);
        free(full);
        return refuse(err, errlen, "plugin %s: no function %s() (a plugin exports "
                      "'const mz_plugin *%s(void)')", path, MZ_PLUGIN_SYMBOL, MZ_PLUGIN_SYMBOL);
    }
    mz_plugin_fn fn;
    memcpy(&fn, &sym, sizeof fn); /* object to function pointer, as POSIX allows */
    const mz_plugin *p = fn();
    size_t count = 0;
    mz_status s = check_plugin(p, path, &count, err, errlen);
    if (s != MZ_OK) {
        dlclose(h);
        free(full);
        return s;
    }
    for (size_t k = 0; k < count; k++) {
        s = mz_registry_add(p->algos[k]);
        if (s != MZ_OK) {
            /* Checked above, so only memory can fail: take back what this
             * plugin added (the list keeps the earlier ones). */
            size_t n = 0;
            const mz_algo *const *all = mz_registry_added(&n);
            const mz_algo **keep = malloc((n + 1) * sizeof *keep);
            size_t nkeep = 0;
            for (size_t j = 0; keep && j < n; j++) {
                bool mine = false;
                for (size_t i = 0; i < k; i++)
                    mine |= all[j] == p->algos[i];
                if (!mine)
                    keep[nkeep++] = all[j];
            }
            if (keep) { /* else the few added stay: the command stops anyway */
                mz_registry_drop_added();
                for (size_t j = 0; j < nkeep; j++)
                    (void)mz_registry_add(keep[j]);
                free(keep);
            }
            dlclose(h);
            free(full);
            snprintf(err, errlen, "plugin %s: %s", path, mz_status_str(s));
            return s;
        }
    }
    plugins[nplugins].path = full;
    plugins[nplugins].p = p;
    plugins[nplugins].handle = h;
    paths[nplugins] = full;
    nplugins++;
    paths[nplugins] = NULL;
    return MZ_OK;
}

const char *mzp_plugin_of(const mz_algo *a)
{
    for (size_t k = 0; k < nplugins; k++)
        for (const mz_algo *const *e = plugins[k].p->algos; *e; e++)
            if (*e == a)
                return plugins[k].p->name && *plugins[k].p->name ? plugins[k].p->name
                                                                   : plugins[k].path;
    return NULL;
}

const char *const *mzp_loaded(size_t *n)
{
    if (n)
        *n = nplugins;
    return paths;
}
