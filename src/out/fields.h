/*
 * fields.h - a record of named fields, each a text and whether it is a
 * number, written as a CSV row (with its header of names, or without) or
 * as a JSON object (an empty field null, a number as it is, a text as a
 * JSON string); and the record 'mazebench maze' writes of a maze read
 * from a file: the result columns of 'gen' and its solvers, the file's
 * format and inconsistent walls, the longest path, the degrees and the
 * straight and turn cells. Nothing here prints to the terminal or exits.
 */
#ifndef MZ_OUT_FIELDS_H
#define MZ_OUT_FIELDS_H

#include "out.h"
#include "../mazebench_file.h"
#include "../mazebench_stats.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct mzo_field {
    char name[24];
    char value[512];
    bool numeric;
} mzo_field;

typedef struct mzo_fields {
    mzo_field f[MZ_MAX_COLS + 24];
    unsigned n;
} mzo_fields;

/* Add a field (printf-like value); a record that is full stays as it is. */
void mzo_fields_add(mzo_fields *fs, const char *name, bool numeric, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The record as a JSON object, or as a CSV row after its header. */
void mzo_fields_write(FILE *out, const mzo_fields *fs, bool json, bool header);

/* The record of maze g read from a file (info): the result columns of
 * every solver of the list (algos[0..nalgos), so that every row has the
 * header's columns; solver, sol: the one of this row, or NULL), then the
 * file's and the statistics' fields (st). */
void mzo_maze_fields(mzo_fields *fs, const mz_grid *g, const mz_metrics *m,
                     const mz_file_info *info, const mz_maze_stats *st, const mz_stage *solver,
                     const mz_solution *sol, const mz_algo *const *algos, size_t nalgos);

#endif /* MZ_OUT_FIELDS_H */
