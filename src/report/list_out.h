/*
 * list_out.h - what 'mazebench list' writes (docs/registry.md): every
 * entry of the registry, the built-in ones and those added (outside
 * programs, plugins), with its kind, flags, shapes, parameters, columns,
 * trace and declared figures, as text (for people), CSV (one record a
 * line) or JSON (one object an entry). Nothing prints to the terminal or
 * exits.
 */
#ifndef MZR_LIST_OUT_H
#define MZR_LIST_OUT_H

#include "mazebench.h"

#include <stdio.h>

/* The registry in format ("text", "csv" or "json") to f; plugin_of names
 * the plugin an entry came from, or NULL (text only). MZO_OK, or MZO_BAD
 * for another format. */
int mzr_list_write(FILE *f, const char *format, const char *(*plugin_of)(const mz_algo *));

#endif /* MZR_LIST_OUT_H */
