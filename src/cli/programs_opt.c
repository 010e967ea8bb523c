/*
 * programs_opt.c - the --programs FILE option of every command: outside
 * programs declared in a programs file (docs/outside.md), registered
 * before the command runs so that every command finds them by name.
 */
#include "cli.h"
#include "../outside/outside.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The files given, in order, for commands that start mazebench again (the
 * sweep's sub-runs pass them on). */
static const char **files;
static size_t nfiles;

static void note(void *user, const char *line)
{
    (void)user;
    fprintf(stderr, "%s\n", line);
}

int mzc_take_programs(int *argc, char **argv)
{
    int out = 1;
    bool rest = false; /* past "--": the command's own arguments */
    mzx_set_note(note, NULL);
    /* gen and solve print a failure in their own error line; the other
     * commands tell the first of each kind through the note. */
    for (int k = 1; k < *argc; k++)
        if (strcmp(argv[k], "--programs") == 0)
            k++;
        else if (argv[k][0] != '-') {
            mzx_set_fail_notes(strcmp(argv[k], "gen") != 0 && strcmp(argv[k], "solve") != 0);
            break;
        }
    for (int k = 1; k < *argc; k++) {
        const char *a = argv[k];
        if (!rest && strcmp(a, "--") == 0)
            rest = true;
        const char *file = NULL;
        if (!rest && strcmp(a, "--programs") == 0) {
            if (k + 1 >= *argc || argv[k + 1][0] == '\0') {
                mzc_error("--programs: a file name is needed (--programs FILE; docs/outside.md)");
                return MZC_USAGE;
            }
            file = argv[++k];
        } else if (!rest && strncmp(a, "--programs=", 11) == 0) {
            file = a + 11;
            if (!*file) {
                mzc_error("--programs: a file name is needed (--programs FILE; docs/outside.md)");
                return MZC_USAGE;
            }
        } else {
            argv[out++] = argv[k];
            continue;
        }
        char err[700];
        mz_status s = mzx_load(file, err, sizeof err);
        if (s != MZ_OK) {
            mzc_error("%s", err);
            return s == MZ_ENOMEM ? MZC_FAIL : MZC_USAGE;
        }
        const char **nf = realloc(files, (nfiles + 1) * sizeof *nf);
        if (!nf) {
            mzc_error("out of memory");
            return MZC_FAIL;
        }
        files = nf;
        files[nfiles++] = file;
    }
    argv[out] = NULL;
    *argc = out;
    return MZC_OK;
}

const char *const *mzc_programs_files(size_t *n)
{
    *n = nfiles;
    return files;
}
