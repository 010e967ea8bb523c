/*
 * plugin_opt.c - the --plugin FILE option of every command: compiled
 * plugins (docs/plugins.md) loaded before the command runs.
 */
#include "cli.h"
#include "../plugin/plugin.h"

#include <string.h>

int mzc_take_plugins(int *argc, char **argv)
{
    int out = 1;
    bool rest = false; /* past "--": the command's own arguments */
    for (int k = 1; k < *argc; k++) {
        const char *a = argv[k];
        if (!rest && strcmp(a, "--") == 0)
            rest = true;
        const char *file = NULL;
        if (!rest && strcmp(a, "--plugin") == 0) {
            if (k + 1 >= *argc || argv[k + 1][0] == '\0') {
                mzc_error("--plugin: a file name is needed (--plugin FILE.so)");
                return MZC_USAGE;
            }
            file = argv[++k];
        } else if (!rest && strncmp(a, "--plugin=", 9) == 0) {
            file = a + 9;
            if (!*file) {
                mzc_error("--plugin: a file name is needed (--plugin FILE.so)");
                return MZC_USAGE;
            }
        } else {
            argv[out++] = argv[k];
            continue;
        }
        char err[512];
        mz_status s = mzp_load(file, err, sizeof err);
        if (s != MZ_OK) {
            mzc_error("%s", err);
            return s == MZ_ENOMEM ? MZC_FAIL : MZC_USAGE;
        }
    }
    argv[out] = NULL;
    *argc = out;
    return MZC_OK;
}
