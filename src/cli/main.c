/*
 * main.c - the mazebench command-line tool: a table of thin commands.
 */
#include "cli.h"
#include "sweep.h"
#include "outside.h"
#include "opts.h"
#include "../mazebench_render.h"
#include "../mazebench_bench.h"

#include <string.h>

struct command {
    const mzc_cmddef *def; /* name, summary and options (commands.c) */
    int (*fn)(int argc, char **argv);
};

static const struct command commands[] = {
    {&mzc_cmd_list, cmd_list},
    {&mzc_cmd_gen, cmd_gen},
    {&mzc_cmd_solve, cmd_solve},
    {&mzc_cmd_scale, cmd_scale},
    {&mzc_cmd_sweep, cmd_sweep},
    {&mzc_cmd_merge, cmd_merge},
    {&mzc_cmd_check, cmd_check},
    {&mzc_cmd_compare, cmd_compare},
    {&mzc_cmd_render, cmd_render},
    {&mzc_cmd_stats, cmd_stats},
    {&mzc_cmd_eller_stream, cmd_eller_stream},
    {&mzc_cmd_scaling, cmd_scaling},
    {&mzc_cmd_maze, cmd_maze},
    {&mzc_cmd_vet, cmd_vet},
    {&mzc_cmd_verdict, cmd_verdict},
    {&mzc_cmd_report, cmd_report},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: mazebench COMMAND [OPTIONS]\n\n"
               "A benchmark and reproducibility harness for maze generators and solvers.\n\n"
               "commands:\n");
    for (size_t k = 0; k < NCOMMANDS; k++)
        fprintf(f, "  %-12s %s\n", commands[k].def->name, commands[k].def->summary);
    fprintf(f, "\noptions of every command:\n");
    for (const mzc_optdef *o = mzc_global_opts; o->name; o++) {
        char label[64];
        snprintf(label, sizeof label, "%s %s", o->name, o->arg);
        fprintf(f, "  %-16s ", label);
        /* the text in lines of at most 60 characters */
        const char *t = o->help;
        int at = 0;
        while (*t) {
            size_t n = strcspn(t, " ");
            if (at && at + 1 + (int)n > 60) {
                fprintf(f, "\n  %-16s ", "");
                at = 0;
            } else if (at) {
                fputc(' ', f);
                at++;
            }
            fwrite(t, 1, n, f);
            at += (int)n;
            t += n;
            t += strspn(t, " ");
        }
        fputc('\n', f);
    }
    fprintf(f, "\n'mazebench COMMAND --help' describes each one, 'mazebench help --man [COMMAND]'\n"
               "prints its man page, 'mazebench completion bash' the bash completion script.\n"
               "'mazebench version' (or -V, --version): version %s, its commit and features.\n",
            MZ_VERSION);
}

static void feature(bool on, const char *name, char *with, char *without, size_t len)
{
    char *to = on ? with : without;
    strncat(to, " ", len - strlen(to) - 1);
    strncat(to, name, len - strlen(to) - 1);
}

/* The version, the commit, and the optional parts built in. */
static int version(void)
{
    printf("mazebench %s (commit %s)\n", MZ_VERSION, sw_build_commit());
    static const struct { mz_pic_format f; const char *name; } pics[] = {
        {MZ_PIC_PNG, "png"}, {MZ_PIC_SVG, "svg"}, {MZ_PIC_PDF, "pdf"}, {MZ_PIC_GIF, "gif"}};
    char with[128] = "", without[128] = "";
    feature(mz_pic_supported(MZ_PIC_SVG), "cairo", with, without, sizeof with);
    for (size_t k = 0; k < sizeof pics / sizeof pics[0]; k++)
        feature(mz_pic_supported(pics[k].f), pics[k].name, with, without, sizeof with);
    feature(mz_callgrind_built(), "callgrind", with, without, sizeof with);
    printf("features:%s\n", with[0] ? with : " (none)");
    if (without[0])
        printf("not built in:%s\n", without);
    return mzc_flush_stdout("version");
}

static const mzc_cmddef *find_command(const char *name)
{
    for (size_t k = 0; k < NCOMMANDS; k++)
        if (strcmp(name, commands[k].def->name) == 0)
            return commands[k].def;
    return NULL;
}

static int unknown_command(const char *name)
{
    char names[256] = "";
    for (size_t k = 0; k < NCOMMANDS; k++) {
        if (k)
            strncat(names, ", ", sizeof names - strlen(names) - 1);
        strncat(names, commands[k].def->name, sizeof names - strlen(names) - 1);
    }
    mzc_error("unknown command '%s' (valid: %s)", name, names);
    return MZC_USAGE;
}

/* mazebench help [--man | --options] [COMMAND]: the list of commands, a
 * command's help, a man page (roff, on stdout), or a command's option
 * table, a row a line (tests/options_cli.sh reads it). */
static int help(int argc, char **argv)
{
    bool man = false, table = false;
    const char *name = NULL;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--man") == 0 && !man && !table)
            man = true;
        else if (strcmp(argv[k], "--options") == 0 && !man && !table)
            table = true;
        else if (argv[k][0] != '-' && !name)
            name = argv[k];
        else {
            mzc_error("help: unexpected argument '%s' (usage: mazebench help [--man | --options] "
                      "[COMMAND])",
                      argv[k]);
            return MZC_USAGE;
        }
    }
    const mzc_cmddef *cmd = NULL;
    if (name && !(cmd = find_command(name)))
        return unknown_command(name);
    if (table && !cmd) {
        mzc_error("help: --options needs a COMMAND");
        return MZC_USAGE;
    }
    if (table)
        mzc_options_table(stdout, cmd);
    else if (man)
        mzc_man(stdout, cmd, MZ_VERSION);
    else if (cmd)
        mzc_help(stdout, cmd);
    else
        usage(stdout);
    return mzc_flush_stdout("help");
}

/* mazebench completion bash */
static int completion(int argc, char **argv)
{
    if (argc != 2 || strcmp(argv[1], "bash") != 0) {
        mzc_error("completion: usage: mazebench completion bash (the only shell supported)");
        return MZC_USAGE;
    }
    mzc_completion_bash(stdout);
    return mzc_flush_stdout("completion");
}

int main(int argc, char **argv)
{
    mzc_keep_std_fds();
    /* Plugins first, wherever their options stand: every command then
     * finds their entries by name. */
    int prc = mzc_take_plugins(&argc, argv);
    if (prc != MZC_OK)
        return prc;
    /* Outside programs likewise (docs/outside.md): declared, never run here. */
    prc = mzc_take_programs(&argc, argv);
    if (prc != MZC_OK)
        return prc;
    if (argc < 2) {
        usage(stderr);
        return MZC_USAGE;
    }
    if (mzc_flag(argv[1], "--help", "-h")) {
        usage(stdout);
        return mzc_flush_stdout("help");
    }
    if (strcmp(argv[1], "help") == 0)
        return help(argc - 1, argv + 1);
    if (mzc_flag(argv[1], "--version", "-V") || strcmp(argv[1], "version") == 0) {
        if (argc > 2) {
            mzc_error("version: unexpected argument '%s'", argv[2]);
            return MZC_USAGE;
        }
        return version();
    }
    if (strcmp(argv[1], "completion") == 0)
        return completion(argc - 1, argv + 1);
    for (size_t k = 0; k < NCOMMANDS; k++)
        if (strcmp(argv[1], commands[k].def->name) == 0) {
            /* One rule for every command: an option given twice is
             * refused before the command reads any. */
            if (mzc_refuse_repeats(argv[1], argc - 1, argv + 1) != 0)
                return MZC_USAGE;
            /* A temporary output file never outlives a signal. */
            mzo_out_signals_install();
            /* ... and no outside program outlives it. */
            (void)mzo_out_cleanup_add(mzx_kill_all);
            int rc = commands[k].fn(argc - 1, argv + 1);
            /* Whatever the command printed (its --help too) must reach
             * stdout: a full disk or a closed pipe is a failure. */
            if (rc == MZC_OK)
                rc = mzc_flush_stdout(argv[1]);
            else
                fflush(stdout); /* the command has said what failed */
            return rc;
        }
    return unknown_command(argv[1]);
}
