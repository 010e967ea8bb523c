/*
 * version.c - the library's version and the check that the header a
 * program was compiled against matches the library it runs with
 * (docs/api.md).
 */
#include "../mazebench.h"

#include <stdio.h>

const char *mz_version(void) { return MZ_VERSION; }

unsigned mz_abi_version(void) { return MZ_ABI_VERSION; }

mz_status mz_abi_check(unsigned abi, unsigned shapes, size_t algo_size, size_t spec_size,
                       size_t solution_size, char *err, size_t errlen)
{
    if (abi == MZ_ABI_VERSION && shapes == MZ_SHAPE_COUNT && algo_size == sizeof(mz_algo) &&
        spec_size == sizeof(mz_spec) && solution_size == sizeof(mz_solution))
        return MZ_OK;
    if (err && errlen > 0)
        snprintf(err, errlen,
                 "this program was compiled against a mazebench.h of ABI %u (%u shapes, "
                 "mz_algo %zu bytes, mz_spec %zu, mz_solution %zu) but runs with libmazebench "
                 "%s of ABI %u (%u shapes, mz_algo %zu bytes, mz_spec %zu, mz_solution %zu): "
                 "rebuild it against the library's own headers",
                 abi, shapes, algo_size, spec_size, solution_size, MZ_VERSION, MZ_ABI_VERSION,
                 (unsigned)MZ_SHAPE_COUNT, sizeof(mz_algo), sizeof(mz_spec), sizeof(mz_solution));
    return MZ_EINVAL;
}
