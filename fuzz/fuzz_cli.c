/*
 * fuzz_cli.c - the command line end to end: arguments and files together.
 * The input is lines: optionally a first line "!full" (stdout is then
 * /dev/full, a full disk), a command (list, gen, solve, render, stats,
 * check, merge, sweep, eller-stream, compare, scaling), then its arguments
 * one a line, then optionally a line "%%" followed by the contents of a
 * file, and a second "%%" and a second file. In the arguments "@in" and
 * "@in2" name those files, "@keep" (or "@keep.EXT", e.g. "@keep.svg") a
 * file that exists (known bytes) and "@new" (or "@new.EXT") a name that
 * does not exist yet, all in a folder of their own, which is also the
 * working directory (any other output name lands there, and the folder is
 * emptied before each input); the arguments are checked as main() checks
 * them (repeats) and the command runs in-process, stdout to /dev/null.
 * So one input reaches compare with --out, --junit and --chart at once,
 * render on every cell shape (--grid hex:5x5, tri, polar, 3d, weave) and
 * its animations (--animate, a GIF or PNG frames), and the sweeps and
 * comparisons scripts/ab.sh runs.
 *
 * Properties, besides no crash, leak or undefined behaviour:
 *   - the exit status is 0, 1 or 2;
 *   - no temporary file or folder is left in the folder (".NAME.tmp-*",
 *     or any hidden name);
 *   - every KEEP file is unchanged unless the command succeeded with
 *     --force: an output is committed only by a whole run, never over a
 *     file without --force;
 *   - a command that failed made no file at all (but a sweep's or
 *     scale's NAME.partial): every output of a command is committed
 *     together or not at all, frames of an animation included;
 *   - with stdout on /dev/full, a command that printed anything fails.
 *
 * To bound the work, an input with a run of more than two digits in its
 * arguments is skipped (sizes up to 99x99, seeds up to 99), and so are
 * animations with a number of two digits, 3d grids with a side of two
 * digits, 'scale' (a child process a size), 'sweep --count' (it runs
 * itself again under Callgrind), a sweep with neither a plan file nor
 * seeds and grids (the default plan's large mazes), devices and '-'
 * (stdin).
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "small_mazes.h"

#include "cli.h"
#include "sweep.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_ARGS 32
#define MAX_NAMED 8

static const struct {
    const char *name;
    int (*fn)(int argc, char **argv);
} commands[] = {
    {"list", cmd_list},       {"gen", cmd_gen},         {"solve", cmd_solve},
    {"render", cmd_render},   {"stats", cmd_stats},     {"check", cmd_check},
    {"merge", cmd_merge},     {"sweep", cmd_sweep},     {"eller-stream", cmd_eller_stream},
    {"compare", cmd_compare}, {"scaling", cmd_scaling},
};

static const char keep_text[] = "# KEEP\ngen,seed\ndfs,1\n";

static char dir[128];
static int null_fd = -1, full_fd = -1, home_fd = -1;
/* The names an input's arguments gave to @keep and @new (paths in dir). */
static char named[2 * MAX_NAMED][192];
static char *keeps[MAX_NAMED];
static int n_keeps, n_named;

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    if (len)
        fwrite(data, 1, len, f);
    fclose(f);
}

/* Remove everything in folder (a folder of PNG frames too). */
static void clean_tree(const char *folder, int depth)
{
    DIR *d = opendir(folder);
    if (!d)
        return;
    struct dirent *e;
    char p[512];
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", folder, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode) && depth < 4) {
            clean_tree(p, depth + 1);
            rmdir(p);
        } else {
            unlink(p);
        }
    }
    closedir(d);
}

static void clean_dir(void) { clean_tree(dir, 0); }

static bool is_input(const char *name)
{
    if (!strcmp(name, "in.csv") || !strcmp(name, "in2.csv"))
        return true;
    for (int k = 0; k < n_keeps; k++)
        if (!strcmp(strrchr(keeps[k], '/') + 1, name))
            return true;
    return false;
}

/* An argument names NAME: its last part is NAME, or NAME and an
 * extension (the folder of PNG frames "X.png" makes). */
static bool named_by(const char *name, int argc, char **argv)
{
    size_t len = strlen(name);
    for (int k = 1; k < argc; k++) {
        const char *base = strrchr(argv[k], '/') ? strrchr(argv[k], '/') + 1 : argv[k];
        if (!strncmp(base, name, len) && (base[len] == '\0' || base[len] == '.'))
            return true;
    }
    return false;
}

/* A temporary name left in dir (".tmp-" in it, or hidden and named by no
 * argument); with failed set, also any file that is not an input (a
 * failed command commits nothing), but a NAME.partial. Returns the first
 * such name, or NULL. */
static const char *stray(bool failed, int argc, char **argv)
{
    static char found[256];
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    struct dirent *e;
    const char *bad = NULL;
    while (!bad && (e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        if (!strcmp(n, ".") || !strcmp(n, ".."))
            continue;
        size_t len = strlen(n);
        bool partial = len > 8 && !strcmp(n + len - 8, ".partial");
        if ((n[0] == '.' && !named_by(n, argc, argv)) || strstr(n, ".tmp-") ||
            (failed && !partial && !is_input(n))) {
            snprintf(found, sizeof found, "%s", n);
            bad = found;
        }
    }
    closedir(d);
    return bad;
}

static bool keep_intact(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[sizeof keep_text + 8];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return n == sizeof keep_text - 1 && memcmp(buf, keep_text, n) == 0;
}

/* "@keep", "@keep.EXT", "@new", "@new.EXT": the path in dir, or NULL when
 * the argument is none of them or the extension is odd. */
static char *name_arg(const char *arg)
{
    const char *ext = NULL;
    bool keep = false;
    if (!strncmp(arg, "@keep", 5)) {
        keep = true;
        ext = arg + 5;
    } else if (!strncmp(arg, "@new", 4)) {
        ext = arg + 4;
    } else {
        return NULL;
    }
    if (*ext == '\0')
        ext = ".csv";
    if (*ext != '.' || strlen(ext) > 6 || strchr(ext, '/'))
        return NULL;
    for (const char *c = ext + 1; *c; c++)
        if (!(*c >= 'a' && *c <= 'z'))
            return NULL;
    char path[192];
    snprintf(path, sizeof path, "%s/%s%s", dir, keep ? "keep" : "new", ext);
    for (int k = 0; k < n_named; k++)
        if (!strcmp(named[k], path))
            return named[k];
    if (n_named == 2 * MAX_NAMED)
        return NULL;
    char *p = named[n_named++];
    snprintf(p, sizeof named[0], "%s", path);
    if (keep)
        keeps[n_keeps++] = p;
    return p;
}

static bool has_digits(const char *s, int run_max)
{
    for (int run = 0; *s; s++) {
        run = *s >= '0' && *s <= '9' ? run + 1 : 0;
        if (run > run_max)
            return true;
    }
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/mz-fuzz-cli-%ld", (long)getpid());
        mkdir(dir, 0700);
        if (!freopen("/dev/null", "w", stdout))
            abort();
        null_fd = open("/dev/null", O_WRONLY);
        full_fd = open("/dev/full", O_WRONLY);
        FZ_CHECK(null_fd >= 0, "cannot open /dev/null");
        /* the working directory between inputs: libFuzzer reads its
         * corpus by relative names */
        home_fd = open(".", O_RDONLY | O_DIRECTORY);
        FZ_CHECK(home_fd >= 0, "cannot open the working directory");
    }
    char *text = fz_string(data, size);
    char *files[2] = {NULL, NULL};
    size_t file_len[2] = {0, 0};
    char *sep = strstr(text, "\n%%\n");
    if (sep) {
        *sep = '\0';
        files[0] = sep + 4;
        char *end = text + size, *sep2 = strstr(files[0], "\n%%\n");
        if (sep2) {
            *sep2 = '\0';
            files[1] = sep2 + 4;
            file_len[1] = (size_t)(end - files[1]);
            end = sep2;
        }
        file_len[0] = (size_t)(end - files[0]);
    }
    char *args = text;
    bool full = false;
    if (!strncmp(args, "!full\n", 6)) {
        full = true;
        args += 6;
    }
    /* Bounded work: no number of more than two digits in the arguments,
     * nor in the files but for check (whose rows are bounded below),
     * merge and compare (whose work is the files' length). */
    bool rows_file = !strncmp(args, "check\n", 6) || !strncmp(args, "merge\n", 6) ||
                     !strncmp(args, "compare\n", 8);
    if (has_digits(args, 2) ||
        (!rows_file && ((files[0] && has_digits(files[0], 2)) || (files[1] && has_digits(files[1], 2))))) {
        free(text);
        return 0;
    }
    /* a file the reader refuses is check's to refuse: run it */
    if (!strncmp(args, "check\n", 6) && files[0] &&
        !fz_small_mazes(files[0], file_len[0], true)) {
        free(text);
        return 0;
    }
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    for (char *line = args, *nl; line && argc < MAX_ARGS; line = nl) {
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
    bool force = false, skip = cmd < 0, animate = false;
    n_keeps = n_named = 0;
    char in_path[192], in2_path[192];
    snprintf(in_path, sizeof in_path, "%s/in.csv", dir);
    snprintf(in2_path, sizeof in2_path, "%s/in2.csv", dir);
    for (int k = 1; k < argc && !skip; k++) {
        char *named_path;
        if (!strcmp(argv[k], "-") || !strncmp(argv[k], "--count", 7) ||
            !strncmp(argv[k], "--published=/dev", 16) || !strncmp(argv[k], "/dev", 4))
            skip = true;
        else if (!strcmp(argv[k], "@in"))
            argv[k] = in_path;
        else if (!strcmp(argv[k], "@in2"))
            argv[k] = in2_path;
        else if ((named_path = name_arg(argv[k])) != NULL)
            argv[k] = named_path;
        else if (argv[k][0] == '@' || (!strncmp(argv[k], "--", 2) && strstr(argv[k], "=@")))
            skip = true; /* only the separate form names the files */
        force |= !strcmp(argv[k], "--force");
        animate |= !strncmp(argv[k], "--animate", 9) || strstr(argv[k], ".gif") != NULL ||
                   !strcmp(argv[k], "gif");
        /* a 3d grid of two-digit sides: up to 970,299 cells */
        if (strstr(argv[k], "3d:") && has_digits(argv[k], 1))
            skip = true;
    }
    /* An animation draws a frame a step: one-digit sizes only. */
    if (animate && !skip && has_digits(args, 1))
        skip = true;
    /* A sweep without its own seeds and grids runs the default plan's
     * 1001x1001 mazes: too slow to fuzz. */
    if (!skip && !strcmp(argv[0], "sweep")) {
        bool seeds = false, sizes = false, plan = false;
        for (int k = 1; k < argc; k++) {
            seeds |= !strncmp(argv[k], "--seeds", 7);
            sizes |= !strncmp(argv[k], "--sizes", 7) || !strncmp(argv[k], "--grids", 7);
            plan |= argv[k] == in_path || argv[k] == in2_path || !strcmp(argv[k], "--print-plan");
        }
        skip = !plan && !(seeds && sizes);
    }
    if (skip) {
        free(text);
        return 0;
    }
    clean_dir();
    for (int k = 0; k < n_keeps; k++)
        write_file(keeps[k], keep_text, sizeof keep_text - 1);
    if (files[0])
        write_file(in_path, files[0], file_len[0]);
    if (files[1])
        write_file(in2_path, files[1], file_len[1]);
    /* Outputs named by the input land in the folder too. */
    FZ_CHECK(chdir(dir) == 0, "cannot enter %s", dir);
    if (full) {
        fflush(stdout);
        dup2(full_fd, STDOUT_FILENO);
    }
    int rc = mzc_refuse_repeats(argv[0], argc, argv) != 0 ? MZC_USAGE
                                                          : commands[cmd].fn(argc, argv);
    if (full) {
        bool flushed = fflush(stdout) == 0 && !ferror(stdout);
        clearerr(stdout);
        dup2(null_fd, STDOUT_FILENO);
        /* what the command left in stdout's buffer could not be written:
         * it must not have succeeded */
        FZ_CHECK(flushed || rc != 0, "a command succeeded although its stdout was full");
    }
    FZ_CHECK(rc == 0 || rc == 1 || rc == 2, "exit status %d", rc);
    const char *left = stray(rc != 0, argc, argv);
    FZ_CHECK(left == NULL, "'%s' left in %s by a run that exited %d", left ? left : "", dir, rc);
    for (int k = 0; k < n_keeps; k++)
        FZ_CHECK(keep_intact(keeps[k]) || (rc == 0 && force), "%s changed (exit %d, %s --force)",
                 keeps[k], rc, force ? "with" : "without");
    FZ_CHECK(fchdir(home_fd) == 0, "cannot go back to the working directory");
    free(text);
    return 0;
}
