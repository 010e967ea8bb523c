/*
 * failing_alloc.h - an mz_allocator that fails its Nth call and counts the
 * blocks outstanding, for the tests that check every allocation failure is
 * reported as MZ_ENOMEM and leaks nothing (SQLite's fault-injection idea).
 */
#ifndef MZ_TEST_FAILING_ALLOC_H
#define MZ_TEST_FAILING_ALLOC_H

#include <stdlib.h>

#include "mazebench.h"
#include "tools/failing.h"

/* The library's own (src/tools/failing.h), under the tests' short names. */
typedef mzt_failing failing;
#define fail_alloc mzt_failing_alloc
#define fail_free mzt_failing_free

#endif /* MZ_TEST_FAILING_ALLOC_H */
