/*
 * fuzz_check.c - 'mazebench check FILE': the CLI's command on the input as
 * a file. Rows whose rows or cols pass 64 are skipped (a valid file may
 * ask for any maze; the fuzzer wants many small ones). Properties: the
 * command returns 0, 1 or 2 and never crashes or leaks.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "small_mazes.h"

#include "cli.h"
#include "sweep.h"

#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/mz-fuzz-check-%ld.csv", (long)getpid());
        if (!freopen("/dev/null", "w", stdout))
            abort();
    }
    if (!fz_small_mazes((const char *)data, size, false))
        return 0;
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    if (size)
        fwrite(data, 1, size, f);
    fclose(f);
    char *argv[] = {"check", path, NULL};
    int rc = cmd_check(2, argv);
    FZ_CHECK(rc == 0 || rc == 1 || rc == 2, "exit status %d", rc);
    unlink(path);
    return 0;
}
