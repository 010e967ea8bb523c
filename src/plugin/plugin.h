/*
 * plugin.h - loading compiled plugins (docs/plugins.md): shared libraries
 * built against src/mazebench.h whose entries join the registry.
 */
#ifndef MZ_PLUGIN_H
#define MZ_PLUGIN_H

#include <stddef.h>

#include "../mazebench_plugin.h"

/* Load the plugin at path (dlopen, RTLD_NOW | RTLD_LOCAL; a path without
 * a slash is taken in the current directory, never searched for), check
 * its description and every entry, and add the entries with
 * mz_registry_add. All or nothing: on any refusal nothing is added, the
 * library is closed and err gets one line. MZ_EINVAL for a file that does
 * not load, has no MZ_PLUGIN_SYMBOL, another ABI or struct size, or an
 * entry that is malformed or whose name is taken; MZ_ENOMEM. The library
 * stays loaded for the life of the process. */
mz_status mzp_load(const char *path, char *err, size_t errlen);

/* The name of the plugin that added entry a, or NULL for an entry no
 * plugin added. Cannot fail. */
const char *mzp_plugin_of(const mz_algo *a);

/* The paths of the plugins loaded, in order, and their count. */
const char *const *mzp_loaded(size_t *n);

#endif /* MZ_PLUGIN_H */
