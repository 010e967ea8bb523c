/*
 * fuzz_cli.c - the command line end to end: arguments and a file together.
 * The input is lines: a command (list, gen, solve, render, stats, check,
 * merge, sweep, eller-stream), then its arguments one a line, then
 * optionally a line "%%" followed by the contents of a file. In the
 * arguments "@in" names that file, "@keep" a file that exists (KEEP, known
 * bytes) and "@new" a name that does not exist yet, all in a folder of
 * their own, which is also the working directory (any other output name
 * lands there, and the folder is emptied before each input); the
 * arguments are checked as main() checks them (repeats) and the command
 * runs in-process, stdout to /dev/null.
 *
 * Properties, besides no crash, leak or undefined behaviour:
 *   - the exit status is 0, 1 or 2;
 *   - no temporary file is left in the folder (".NAME.tmp-*");
 *   - KEEP is unchanged unless the command succeeded with --force: an
 *     output is committed only by a whole run, never over a file without
 *     --force;
 *   - "@new" exists only when the command succeeded (or left a sweep's
 *     NAME.partial, which is not NAME).
 *
 * To bound the work, an input with a run of more than two digits is
 * skipped (sizes up to 99x99, seeds up to 99), and so are 'scale' (a child
 * process a size), 'sweep --count' (it runs itself again under Callgrind),
 * a sweep with neither a plan file nor --seeds and --sizes (the default
 * plan's large mazes), devices and '-' (stdin).
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "small_mazes.h"

#include "cli.h"
#include "sweep.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_ARGS 24

static const struct {
    const char *name;
    int (*fn)(int argc, char **argv);
} commands[] = {
    {"list", cmd_list},     {"gen", cmd_gen},     {"solve", cmd_solve},
    {"render", cmd_render}, {"stats", cmd_stats}, {"check", cmd_check},
    {"merge", cmd_merge},   {"sweep", cmd_sweep}, {"eller-stream", cmd_eller_stream},
};

static const char keep_text[] = "# KEEP\ngen,seed\ndfs,1\n";

static char dir[128], in_path[192], keep_path[192], new_path[192];

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    if (len)
        fwrite(data, 1, len, f);
    fclose(f);
}

/* Remove everything in dir (flat) but keep. */
static void clean_dir(void)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char p[512];
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    closedir(d);
}

static bool orphans(void)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    bool found = false;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tmp-"))
            found = true;
    closedir(d);
    return found;
}

static bool keep_intact(void)
{
    FILE *f = fopen(keep_path, "rb");
    if (!f)
        return false;
    char buf[sizeof keep_text + 8];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return n == sizeof keep_text - 1 && memcmp(buf, keep_text, n) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/mz-fuzz-cli-%ld", (long)getpid());
        mkdir(dir, 0700);
        snprintf(in_path, sizeof in_path, "%s/in.csv", dir);
        snprintf(keep_path, sizeof keep_path, "%s/keep.csv", dir);
        snprintf(new_path, sizeof new_path, "%s/new.csv", dir);
        if (!freopen("/dev/null", "w", stdout))
            abort();
        /* Outputs named by the input land in the folder too. */
        FZ_CHECK(chdir(dir) == 0, "cannot enter %s", dir);
    }
    char *text = fz_string(data, size);
    char *file = NULL;
    size_t file_len = 0;
    char *sep = strstr(text, "\n%%\n");
    if (sep) {
        *sep = '\0';
        file = sep + 4;
        file_len = size - (size_t)(file - text);
    }
    /* Bounded work: no number of more than two digits in the arguments,
     * nor in the file but for check (whose rows are bounded below) and
     * merge (whose work is the file's length). */
    bool rows_file = !strncmp(text, "check\n", 6) || !strncmp(text, "merge\n", 6);
    size_t scan = rows_file && file ? (size_t)(file - text) : size;
    for (size_t k = 0, run = 0; k < scan; k++) {
        run = text[k] >= '0' && text[k] <= '9' ? run + 1 : 0;
        if (run > 2) {
            free(text);
            return 0;
        }
    }
    /* a file the reader refuses is check's to refuse: run it */
    if (!strncmp(text, "check\n", 6) && file && !fz_small_mazes(file, file_len, true)) {
        free(text);
        return 0;
    }
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    for (char *line = text, *nl; line && argc < MAX_ARGS; line = nl) {
        nl = strchr(line, '\n');
        if (nl)
            *nl++ = '\0';
        if (*line || nl) /* a last newline ends the last argument */
            argv[argc++] = line;
    }
    argv[argc] = NULL;
    int cmd = -1;
    for (size_t k = 0; argc > 0 && k < sizeof commands / sizeof commands[0]; k++)
        if (!strcmp(argv[0], commands[k].name))
            cmd = (int)k;
    bool force = false, skip = cmd < 0;
    for (int k = 1; k < argc && !skip; k++) {
        if (!strcmp(argv[k], "-") || !strncmp(argv[k], "--count", 7) ||
            !strncmp(argv[k], "--published=/dev", 16) || !strncmp(argv[k], "/dev", 4))
            skip = true;
        else if (!strcmp(argv[k], "@in"))
            argv[k] = in_path;
        else if (!strcmp(argv[k], "@keep"))
            argv[k] = keep_path;
        else if (!strcmp(argv[k], "@new"))
            argv[k] = new_path;
        else if (!strncmp(argv[k], "--out=@", 7))
            skip = true; /* only the separate form names the files */
        force |= !strcmp(argv[k], "--force");
    }
    /* A sweep without its own seeds and sizes runs the default plan's
     * 1001x1001 mazes: too slow to fuzz. */
    if (!skip && !strcmp(argv[0], "sweep")) {
        bool seeds = false, sizes = false, plan = false;
        for (int k = 1; k < argc; k++) {
            seeds |= !strncmp(argv[k], "--seeds", 7);
            sizes |= !strncmp(argv[k], "--sizes", 7);
            plan |= argv[k] == in_path || !strcmp(argv[k], "--print-plan");
        }
        skip = !plan && !(seeds && sizes);
    }
    if (skip) {
        free(text);
        return 0;
    }
    clean_dir();
    write_file(keep_path, keep_text, sizeof keep_text - 1);
    if (file)
        write_file(in_path, file, file_len);
    int rc = mzc_refuse_repeats(argv[0], argc, argv) != 0 ? MZC_USAGE
                                                          : commands[cmd].fn(argc, argv);
    FZ_CHECK(rc == 0 || rc == 1 || rc == 2, "exit status %d", rc);
    FZ_CHECK(!orphans(), "a temporary file left in %s", dir);
    FZ_CHECK(keep_intact() || (rc == 0 && force), "KEEP changed (exit %d, %s --force)", rc,
             force ? "with" : "without");
    struct stat st;
    FZ_CHECK(rc == 0 || stat(new_path, &st) != 0, "a new output written by a run that exited %d",
             rc);
    free(text);
    return 0;
}
