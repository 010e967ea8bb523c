/*
 * fuzz.h - shared helpers of the fuzz targets (docs/robustness.md).
 *
 * Each target defines LLVMFuzzerTestOneInput. Built with MZ_FUZZ=ON (clang)
 * it links libFuzzer; otherwise replay.c gives it a main that runs every
 * file of a corpus folder once, so the corpus replays in ctest under the
 * build's sanitizers.
 */
#ifndef MZ_FUZZ_H
#define MZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (it may hold NUL bytes of its own:
 * the parsers then see the text up to the first). Free with free(). */
static inline char *fz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* A property that must hold: report and abort (libFuzzer saves the input). */
#define FZ_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

#endif
