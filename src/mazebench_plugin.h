/*
 * mazebench_plugin.h - part of the public C API of the mazebench library:
 * entries added at run time (an outside program's, a plugin's), the checks
 * an entry must pass, and the plugin ABI: the struct a plugin's exported
 * function returns (docs/plugins.md). A plugin includes this header alone
 * (it includes mazebench.h).
 */
#ifndef MAZEBENCH_PLUGIN_H
#define MAZEBENCH_PLUGIN_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Entries added at run time                                          */
/* ------------------------------------------------------------------ */

/* Entries added at run time: an outside program declared by the user
 * (docs/outside.md) or a plugin's entries (docs/plugins.md). The entry is
 * kept by pointer and must outlive every use; it must pass mz_algo_check
 * and its name must be new among the entries of its kind (MZ_EINVAL
 * otherwise); MZ_ENOMEM when the list cannot grow.
 * Entries are added before runs start: adding is not safe beside a run on
 * another thread. The built-in registry, its count and its hash are not
 * changed by added entries. */
MZ_API mz_status mz_registry_add(const mz_algo *a);
/* Whether entry a declares only what the harness can carry (the checks of
 * mz_registry_add, docs/plugins.md "What an entry may declare"): a name,
 * parameter names, enum choices, extra column names and trace op names
 * that a spec and a CSV header can carry (MZ_NAME_CHARS, 1 to MZ_NAME_MAX
 * characters, a name starting with a letter or a digit), a kind in
 * range, the function its kind needs, known shapes, at most
 * MZ_MAX_PARAMS well-formed parameters (names unique, an enum's choices
 * unique, a default in range), at most MZ_MAX_EXTRA columns, none named as
 * a row's own column, and a summary, help texts, op meanings and trace
 * size that are printable text (no control character, valid UTF-8).
 * MZ_OK, or MZ_EINVAL with one line in err (naming the entry, the field
 * and the bad character; err may be NULL). A NULL-terminated list
 * (columns, trace_ops) is read up to MZ_LIST_MAX items. Cannot fail
 * otherwise. */
#define MZ_NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."
#define MZ_NAME_MAX 63
#define MZ_LIST_MAX 256
MZ_API mz_status mz_algo_check(const mz_algo *a, char *err, size_t errlen);
/* Whether s is printable text as mz_algo_check wants a summary: valid
 * UTF-8 without a control character (C0, DEL, C1). MZ_OK, or MZ_EINVAL
 * with why in err ("has the control character \x1b at byte 4"; err may
 * be NULL) for s NULL or not text. */
MZ_API mz_status mz_text_check(const char *s, char *err, size_t errlen);
/* The added entries, in the order they were added, NULL-terminated (an
 * empty list when there are none); *n gets their count when n is not NULL.
 * The list stays valid until the next mz_registry_add or
 * mz_registry_drop_added. Cannot fail. */
MZ_API const mz_algo *const *mz_registry_added(size_t *n);
/* Forget every added entry (the entries themselves are the caller's).
 * Cannot fail. */
MZ_API void mz_registry_drop_added(void);

/* ------------------------------------------------------------------ */
/* Plugins                                                            */
/* ------------------------------------------------------------------ */

/* Plugins (docs/plugins.md): a shared library built against this header
 * exports one function, MZ_PLUGIN_SYMBOL, returning its description; the
 * CLI's --plugin FILE loads it and adds its entries (mz_registry_add).
 * The loader refuses a plugin whose abi is not MZ_PLUGIN_ABI (ABI 1 had
 * no entry count: a plugin of it is refused with a request to rebuild) or
 * whose algo_size is not sizeof(mz_algo) (built against another header),
 * and reads algos[0..nalgos) only. The plugin and its entries must live
 * as long as the process. */
#define MZ_PLUGIN_ABI 2
#define MZ_PLUGIN_SYMBOL "mazebench_plugin"
typedef struct mz_plugin {
    unsigned abi;                 /* MZ_PLUGIN_ABI */
    size_t algo_size;             /* sizeof(mz_algo) */
    const mz_algo *const *algos;  /* its entries: nalgos of them */
    size_t nalgos;                /* 1 to 255 */
    const char *name;             /* the plugin's name, for messages and `list` */
} mz_plugin;
typedef const mz_plugin *(*mz_plugin_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_PLUGIN_H */
