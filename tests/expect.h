/* expect.h - assertions that name their case. A test that loops over the
 * registry must say, when it fails, which entry, size and seed failed and
 * with which status, not only "0x6 != 0":
 *
 *     expect_ok(mz_generate(&spec, seed, rows, cols, &g, NULL, &x),
 *               "%s seed %u %llux%llu: generate", name, seed, rows, cols);
 *
 * prints "dfs seed 464 31x31: generate: not supported on this grid"
 * and fails at the caller's file and line. Include after <cmocka.h>. */
#ifndef MZ_TEST_EXPECT_H
#define MZ_TEST_EXPECT_H

#include <stdarg.h>
#include <stdio.h>

#include "mazebench.h"

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline void mzt_expect_ok(mz_status s, const char *file, int line, const char *fmt, ...)
{
    if (s == MZ_OK)
        return;
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    print_error("%s: %s\n", what, mz_status_str(s));
    _fail(file, line);
}

/* Fail, naming the case (a printf format and its arguments) and the
 * status, unless the call returned MZ_OK. */
#define expect_ok(call, ...) mzt_expect_ok((call), __FILE__, __LINE__, __VA_ARGS__)

#endif /* MZ_TEST_EXPECT_H */
