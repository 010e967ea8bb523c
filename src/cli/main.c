/*
 * main.c - the mazebench command-line tool: a table of thin commands.
 */
#include "cli.h"
#include "sweep.h"

#include <string.h>

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"list", cmd_list, "every generator, post-processor and solver with its parameters"},
    {"gen", cmd_gen, "generate a maze and print its figures"},
    {"solve", cmd_solve, "generate a maze, solve it and print both sets of figures"},
    {"scale", cmd_scale, "time and memory a cell as the grid doubles, to CSV and a chart"},
    {"sweep", cmd_sweep, "run a plan of generators x sizes x seeds x solvers into a CSV"},
    {"merge", cmd_merge, "join the part files of a sharded sweep into one CSV"},
    {"check", cmd_check, "re-run every row of a sweep CSV and report figures that differ"},
    {"compare", cmd_compare, "timing changes between two sweep CSVs, with rank tests; determinism too"},
    {"render", cmd_render, "draw a maze as PNG, SVG or PDF, or animate a trace as GIF"},
    {"stats", cmd_stats, "dead ends, degrees, corridors, route and longest path over seeds"},
    {"eller-stream", cmd_eller_stream, "stream Eller's maze row by row: figures of any height, rows to a file"},
    {"scaling", cmd_scaling, "how the route grows with the side: a fitted exponent against theory"},
    {"maze", cmd_maze, "read a maze file: its figures, solvers, a picture, another format"},
    {"vet", cmd_vet, "the test suite's checks on any entry: a plugin's, an outside program's"},
    {"verdict", cmd_verdict, "one verdict on a generator or solver: perfect, deterministic, statistics, speed"},
    {"report", cmd_report, "one self-contained HTML report of a run's files; its tables as markdown, LaTeX, CSV"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: mazebench COMMAND [OPTIONS]\n\n"
               "A benchmark and reproducibility harness for maze generators and solvers.\n\n"
               "commands:\n");
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        fprintf(f, "  %-12s %s\n", commands[k].name, commands[k].summary);
    fprintf(f, "\noptions of every command:\n"
               "  --plugin FILE  load a compiled plugin's entries first (repeatable;\n"
               "                 docs/plugins.md; 'mazebench vet' checks them)\n"
               "  --programs FILE  declare outside programs (any language) as generators\n"
               "                 and solvers usable by name (repeatable; docs/outside.md)\n");
    fprintf(f, "\n'mazebench COMMAND --help' describes each one. Version %s.\n", MZ_VERSION);
}

/* Did the command's arguments ask for its help? */
static bool asked_help(int argc, char **argv)
{
    for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++)
        if (mzc_flag(argv[k], "--help", "-h"))
            return true;
    return false;
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
    if (mzc_flag(argv[1], "--help", "-h") || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return mzc_flush_stdout("help");
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("mazebench %s (commit %s)\n", MZ_VERSION, sw_build_commit());
        return mzc_flush_stdout("version");
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(argv[1], commands[k].name) == 0) {
            /* One rule for every command: an option given twice is
             * refused before the command reads any. */
            if (mzc_refuse_repeats(argv[1], argc - 1, argv + 1) != 0)
                return MZC_USAGE;
            /* A temporary output file never outlives a signal. */
            mzo_out_signals_install();
            int rc = commands[k].fn(argc - 1, argv + 1);
            if (rc == MZC_OK && asked_help(argc - 1, argv + 1))
                printf("\nEvery command also takes --programs, a programs file declaring outside\n"
                       "programs as generators and solvers (docs/outside.md), and --plugin, a\n"
                       "compiled plugin (docs/plugins.md); 'mazebench --help' shows them.\n");
            /* Whatever the command printed (its --help too) must reach
             * stdout: a full disk or a closed pipe is a failure. */
            if (rc == MZC_OK)
                rc = mzc_flush_stdout(argv[1]);
            else
                fflush(stdout); /* the command has said what failed */
            return rc;
        }
    char names[256] = "";
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        if (k)
            strncat(names, ", ", sizeof names - strlen(names) - 1);
        strncat(names, commands[k].name, sizeof names - strlen(names) - 1);
    }
    mzc_error("unknown command '%s' (valid: %s)", argv[1], names);
    return MZC_USAGE;
}
