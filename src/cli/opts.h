/*
 * opts.h - each command's options as one table (docs/cli.md).
 *
 * A command declares its options once, as an array of mzc_optdef ending
 * with a row whose name is NULL, inside its mzc_cmddef. From that table
 * come its parsing (mzc_args_next), its usage line and --help text
 * (mzc_help), its man page (mzc_man) and its bash completion words
 * (mzc_completion_bash). tests/options_cli.sh checks that they agree.
 */
#ifndef MZ_CLI_OPTS_H
#define MZ_CLI_OPTS_H

#include <stdbool.h>
#include <stdio.h>

/* Row flags. */
enum {
    MZC_O_REQUIRED = 1u, /* shown without brackets in the usage line */
    MZC_O_EMPTY_OK = 2u, /* the value may be empty (--solve '') */
    MZC_O_OPERAND = 4u,  /* not an option: an operand (SPEC, PLAN) or "--", described only */
    MZC_O_OLDER = 8u,    /* an older name of the option named by values: parsed as it,
                          * completed, not listed (the newer one's text names it) */
};

typedef struct mzc_optdef {
    const char *name;  /* "--seed"; an operand's name with MZC_O_OPERAND; NULL ends */
    const char *arg;   /* the value's name ("N", "FILE"), NULL for a flag */
    unsigned flags;    /* MZC_O_* */
    const char *help;  /* what it does: one paragraph, wrapped when printed */
    /* The values completion offers: "a|b|c", or "@gen", "@solver" (names
     * of the registry; a comma-separated list completes its last item),
     * "@shape", "@file", "@dir"; NULL: a FILE or DIR in arg completes
     * paths, anything else nothing. For MZC_O_OLDER: the newer name. */
    const char *values;
    const char *shortname; /* "-x", or NULL */
} mzc_optdef;

typedef struct mzc_cmddef {
    const char *name;     /* "gen" */
    const char *summary;  /* one line, for 'mazebench --help' and the man page's NAME */
    const char *operands; /* the usage line's operands ("SPEC", "[PLAN]"), or "" */
    const mzc_optdef *opts;
    const char *intro;    /* paragraphs before the options (lines end with \n), or NULL */
    const char *notes;    /* paragraphs after them, or NULL */
} mzc_cmddef;

/* Each command's table (commands.c). */
extern const mzc_cmddef mzc_cmd_list, mzc_cmd_gen, mzc_cmd_solve, mzc_cmd_scale, mzc_cmd_sweep, mzc_cmd_merge, mzc_cmd_check, mzc_cmd_compare,
    mzc_cmd_render, mzc_cmd_stats, mzc_cmd_eller_stream, mzc_cmd_scaling, mzc_cmd_maze, mzc_cmd_vet, mzc_cmd_verdict, mzc_cmd_report;
/* The commands, in the order 'mazebench --help' lists them (main.c). */
extern const mzc_cmddef *const mzc_commands[];
/* The options main() takes before any command (--plugin, --programs). */
extern const mzc_optdef mzc_global_opts[];

/* Print the usage line(s) of cmd, wrapped at 80 columns. */
void mzc_usage(FILE *f, const mzc_cmddef *cmd);
/* Print cmd's whole --help: usage, intro, options, notes. */
void mzc_help(FILE *f, const mzc_cmddef *cmd);
/* Print a man page in roff: mazebench(1) when cmd is NULL, else
 * mazebench-NAME(1). version is the one the page names. */
void mzc_man(FILE *f, const mzc_cmddef *cmd, const char *version);
/* Print cmd's table, a row a line: NAME, ARG, FLAGS and VALUES parted by
 * tabs, '-' for a field that is empty; FLAGS joins operand, older, required and empty-ok with
 * ','. */
void mzc_options_table(FILE *f, const mzc_cmddef *cmd);
/* Print the bash completion script of every command. */
void mzc_completion_bash(FILE *f);

/* Shared by opts.c and opts_doc.c: is o shown (not an older name), is it
 * an option (not an operand); text with every @{name} replaced
 * (mzc_text_var) into buf, or text itself; the values a usage line shows. */
bool mzc_opt_listed(const mzc_optdef *o);
bool mzc_opt_is_option(const mzc_optdef *o);
const char *mzc_opt_expand(const char *s, char *buf, size_t cap);
const char *mzc_opt_usage_arg(const mzc_optdef *o, char *buf, size_t cap);
/* The --help row every command has (not in its table). */
extern const mzc_optdef mzc_help_row;

/* The shared parser: walk argv[1..argc) of one command.
 *
 *     mzc_args a;
 *     mzc_args_init(&a, &mzc_cmd_gen, argc, argv);
 *     for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;)
 *         switch (id) { case GEN_SEED: ... a.value ...; }
 *
 * An option given as --name V or --name=V (a flag takes no value) returns
 * its row's index, its value in value; an older name returns the index of
 * the option it names, the name used in used. */
enum {
    MZC_ARGS_END = -1,     /* no argument left */
    MZC_ARGS_OPERAND = -2, /* value is an operand (everything after a "--" row's "--" too) */
    MZC_ARGS_UNKNOWN = -3, /* value is an argument that looks like an unknown option; nothing printed */
    MZC_ARGS_ERROR = -4,   /* one line printed: a missing or empty value, a repeat */
    MZC_ARGS_HELP = -5,    /* --help or -h: the help is printed on stdout */
};
typedef struct mzc_args {
    const mzc_cmddef *cmd;
    int argc;
    char **argv;
    int k;              /* the next argument */
    bool rest;          /* after "--": operands only */
    const char *value;  /* the option's value (NULL for a flag), or the argument */
    const char *used;   /* the name the option was given as */
    const char *given[64]; /* the name each option was given as, NULL if not yet */
} mzc_args;
void mzc_args_init(mzc_args *a, const mzc_cmddef *cmd, int argc, char **argv);
int mzc_args_next(mzc_args *a);
/* The index of option name in cmd's table (-1 when absent). */
int mzc_opt_index(const mzc_cmddef *cmd, const char *name);

#endif /* MZ_CLI_OPTS_H */
