/*
 * check_out.h - the JUnit report of 'mazebench check' (docs/ci.md): one
 * test case a row of the file checked, named after its line and recipe (a
 * row that differs fails with its first line as the message and every
 * line as the body; a row not compared fails with its recipe's failure),
 * and one for the completeness of its plan (skipped without one).
 */
#ifndef MZR_CHECK_OUT_H
#define MZR_CHECK_OUT_H

#include "tools/tools.h"

#include <stdio.h>

/* The report of c to out. MZO_OK, or MZO_FAIL with the reason in err. */
int mzr_check_junit(const mzt_check *c, FILE *out, char *err, size_t errlen);

#endif /* MZR_CHECK_OUT_H */
