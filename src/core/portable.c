/*
 * portable.c - build-time checks that results can be the same on every
 * machine (docs/portability.md). Nothing here runs.
 *
 * Figures that use floating point (A*'s f = g + k*h, treasure's open-cell
 * target, braid's keep test) must round each operation to double, as
 * IEEE 754 does: FLT_EVAL_METHOD 0, or 1 (floats widened to double: gcc
 * on s390x in ISO C mode; the library has no floats). The x87 unit of
 * 32-bit x86 evaluates in 80-bit registers (FLT_EVAL_METHOD 2), which gave
 * other A* close counts; CMake builds there with -msse2 -mfpmath=sse. Contraction into fused
 * multiply-adds is off everywhere (-ffp-contract=off).
 */
#include <float.h>
#include <limits.h>

#if !defined(FLT_EVAL_METHOD) || (FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != 1)
#error "doubles must be evaluated as doubles (FLT_EVAL_METHOD 0 or 1): on 32-bit x86 build with -msse2 -mfpmath=sse"
#endif

_Static_assert(CHAR_BIT == 8, "cells are bytes");
_Static_assert(sizeof(double) == 8 && DBL_MANT_DIG == 53, "doubles are IEEE 754 binary64");

/* ISO C forbids an empty translation unit. */
typedef int mz_portable_checks_only;
