/*
 * abi_skew.c - a program built against another header than the library's
 * (docs/api.md, "The ABI check"). CMake compiles it against copies of
 * src/mazebench.h made by tests/abi_skew.cmake (MZ_ABI_SKEW names the
 * copy: "none", "more-shapes", "fewer-shapes", "abi") and links it to this
 * library. Against a skewed copy, MZ_ABI_CHECK, mz_spec_parse and
 * mz_solver_parse must return MZ_EINVAL with one line naming both sides,
 * and mz_find NULL; against the unchanged copy, everything works. Prints
 * the line the program got; exit 0 when all is as expected.
 */
#include "mazebench.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("abi_skew %s: FAIL: %s\n", MZ_ABI_SKEW, what);
        failures++;
    }
}

int main(void)
{
    const int skewed = strcmp(MZ_ABI_SKEW, "none") != 0;
    char err[512] = "", err2[512] = "", want[160];

    mz_status s = MZ_ABI_CHECK(err, sizeof err);
    printf("abi_skew %s: MZ_ABI_CHECK: %s%s%s\n", MZ_ABI_SKEW, mz_status_str(s), *err ? ": " : "",
           err);
    expect(s == (skewed ? MZ_EINVAL : MZ_OK), "MZ_ABI_CHECK's status");
    if (skewed) {
        /* the header's side and the library's side, each by its own facts */
        snprintf(want, sizeof want, "mazebench.h of ABI %u (%u shapes,", (unsigned)MZ_ABI_VERSION,
                 (unsigned)MZ_SHAPE_COUNT);
        expect(strstr(err, want) != NULL, "the message names the header's ABI and shapes");
        snprintf(want, sizeof want, "libmazebench %s of ABI %u (", mz_version(), mz_abi_version());
        expect(strstr(err, want) != NULL, "the message names the library's version and ABI");
        expect(strstr(err, "rebuild it against the library's own headers") != NULL,
               "the message says what to do");
        expect(strchr(err, '\n') == NULL, "one line");
    } else {
        expect(err[0] == '\0', "no message when the header matches");
    }

    mz_spec spec;
    s = mz_spec_parse("dfs", &spec, err2, sizeof err2);
    expect(s == (skewed ? MZ_EINVAL : MZ_OK), "mz_spec_parse's status");
    if (skewed)
        expect(strcmp(err2, err) == 0, "mz_spec_parse gives the check's line");
    mz_stage st;
    s = mz_solver_parse("bfs", &st, err2, sizeof err2);
    expect(s == (skewed ? MZ_EINVAL : MZ_OK), "mz_solver_parse's status");
    expect((mz_find(MZ_GEN, "dfs") == NULL) == skewed, "mz_find");

    if (!skewed) {
        mz_grid g;
        memset(&g, 0, sizeof g);
        expect(mz_generate(&spec, 464, MZ_SQUARE(9, 9), &g, NULL) == MZ_OK, "a maze generates");
        mz_solution sol;
        mz_solution_init(&sol, false, NULL);
        expect(mz_solve(&st, &g, NULL, &sol) == MZ_OK && sol.found, "it solves");
        mz_solution_free(&sol);
        mz_grid_free(&g);
    }
    if (failures == 0)
        printf("abi_skew %s: ok\n", MZ_ABI_SKEW);
    return failures == 0 ? 0 : 1;
}
