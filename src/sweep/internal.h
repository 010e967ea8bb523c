/*
 * internal.h - helpers shared by the sweep engine's own files, not part of
 * its interface (sweep.h).
 */
#ifndef SW_INTERNAL_H
#define SW_INTERNAL_H

#include <stddef.h>

/* Write a one-line reason into err (when given) and return rc: every
 * fallible call of the module reports this way. */
int sw_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif /* SW_INTERNAL_H */
