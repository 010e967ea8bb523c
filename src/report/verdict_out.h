/*
 * verdict_out.h - what 'mazebench verdict' writes (docs/verdict.md): the
 * verdict on an entry and each of its checks, as text (for people),
 * markdown (a heading and a table of the checks) or JSON (one object).
 * Nothing here prints to the terminal or exits.
 */
#ifndef MZR_VERDICT_OUT_H
#define MZR_VERDICT_OUT_H

#include "tools/verdict.h"

#include <stdio.h>

/* r to f as text (format 0), markdown (1) or JSON (2). */
void mzr_verdict_write(FILE *f, const mzv_result *r, int format);

#endif /* MZR_VERDICT_OUT_H */
