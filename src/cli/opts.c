/* opts.c - usage, --help and parsing from the commands' option tables
 * (opts.h, docs/cli.md); the man pages and the completion are opts_doc.c. */
#include "cli.h"
#include "../mazebench_plugin.h"
#include "opts.h"

#include <string.h>

#define WIDTH 80 /* columns of the help text */

const mzc_optdef mzc_global_opts[] = {
    {"--plugin", "FILE", 0,
     "load a compiled plugin's entries first (repeatable; docs/plugins.md; 'mazebench vet' "
     "checks them)", "@file", NULL},
    {"--programs", "FILE", 0,
     "declare outside programs (any language) as generators and solvers usable by name "
     "(repeatable; docs/outside.md)", "@file", NULL},
    {NULL, NULL, 0, NULL, NULL, NULL}};

bool mzc_opt_listed(const mzc_optdef *o) { return !(o->flags & MZC_O_OLDER); }
bool mzc_opt_is_option(const mzc_optdef *o)
{
    return !(o->flags & MZC_O_OPERAND);
}

/* A help text or values list with every @{name} replaced by its text
 * (mzc_text_var: a list made from a library table, such as the maze file
 * formats), into buf; s itself when it names none. NULL stays NULL. */
const char *mzc_opt_expand(const char *s, char *buf, size_t cap)
{
    if (!s || !strstr(s, "@{"))
        return s;
    size_t n = 0;
    buf[0] = '\0';
    while (*s && n + 1 < cap) {
        const char *end = strncmp(s, "@{", 2) == 0 ? strchr(s, '}') : NULL;
        char name[64], text[1024];
        if (end && (size_t)(end - s - 2) < sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(end - s - 2), s + 2);
            if (mzc_text_var(name, text, sizeof text)) {
                n += (size_t)snprintf(buf + n, cap - n, "%s", text);
                if (n >= cap)
                    n = cap - 1;
                s = end + 1;
                continue;
            }
        }
        buf[n++] = *s++;
        buf[n] = '\0';
    }
    return buf;
}

/* The values shown in a usage line: a literal list, else the arg's name. */
const char *mzc_opt_usage_arg(const mzc_optdef *o, char *buf, size_t cap)
{
    const char *v = mzc_opt_expand(o->values, buf, cap);
    if (v && v[0] != '@' && strchr(v, '|'))
        return v;
    return o->arg;
}

/* ---- text ---- */

/* Print text wrapped at WIDTH, the first line starting at column at (the
 * cursor's), the others at column indent. */
static void wrap(FILE *f, const char *text, int at, int indent)
{
    const char *s = text;
    bool first = true;
    while (*s) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (n == 0)
            break;
        if (!first && at + 1 + (int)n > WIDTH - 1) {
            fprintf(f, "\n%*s", indent, "");
            at = indent;
        } else if (!first) {
            fputc(' ', f);
            at++;
        }
        fwrite(s, 1, n, f);
        at += (int)n;
        s += n;
        first = false;
    }
    fputc('\n', f);
}

static void label_of(const mzc_optdef *o, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s%s", o->shortname ? o->shortname : "", o->shortname ? ", " : "",
             o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

void mzc_usage(FILE *f, const mzc_cmddef *cmd)
{
    char head[64];
    int indent = snprintf(head, sizeof head, "usage: mazebench %s", cmd->name);
    fputs(head, f);
    int at = indent;
    indent++;
    /* Units: the operands' words, the required options, then the others. */
    char unit[256];
    for (int pass = 0; pass < 3; pass++) {
        const char *ops = cmd->operands ? cmd->operands : "";
        size_t i = 0;
        for (;;) {
            unit[0] = '\0';
            if (pass == 0) {
                while (ops[i] == ' ')
                    i++;
                size_t n = strcspn(ops + i, " ");
                if (n == 0)
                    break;
                snprintf(unit, sizeof unit, "%.*s", (int)n, ops + i);
                i += n;
            } else {
                const mzc_optdef *o = &cmd->opts[i];
                if (!o->name)
                    break;
                i++;
                if (!mzc_opt_is_option(o) || !mzc_opt_listed(o) || !(o->flags & MZC_O_REQUIRED) != (pass == 2))
                    continue;
                char vb[256];
                const char *v = mzc_opt_usage_arg(o, vb, sizeof vb);
                snprintf(unit, sizeof unit, "%s%s%s%s%s", pass == 2 ? "[" : "", o->name,
                         v ? " " : "", v ? v : "", pass == 2 ? "]" : "");
            }
            int n = (int)strlen(unit);
            if (at + 1 + n > WIDTH - 1 && at > indent) {
                fprintf(f, "\n%*s", indent - 1, "");
                at = indent - 1;
            }
            fprintf(f, " %s", unit);
            at += n + 1;
        }
    }
    fputc('\n', f);
}

const mzc_optdef mzc_help_row = {"--help", NULL, 0, "this text", NULL, "-h"};

static void print_row(FILE *f, const mzc_optdef *o, int col)
{
    char label[160];
    label_of(o, label, sizeof label);
    int n = fprintf(f, "  %s", label);
    if (!o->help || !o->help[0]) {
        fputc('\n', f);
        return;
    }
    if (n + 2 > col) {
        fputs("  ", f);
        n += 2;
    } else {
        fprintf(f, "%*s", col - n, "");
        n = col;
    }
    char hb[4096];
    wrap(f, mzc_opt_expand(o->help, hb, sizeof hb), n, col);
}

void mzc_help(FILE *f, const mzc_cmddef *cmd)
{
    mzc_usage(f, cmd);
    if (cmd->intro)
        fprintf(f, "\n%s", cmd->intro);
    int col = 0;
    char label[160];
    for (const mzc_optdef *o = cmd->opts; o->name; o++)
        if (mzc_opt_listed(o)) {
            label_of(o, label, sizeof label);
            int n = 2 + (int)strlen(label) + 2;
            if (n <= 24 && n > col)
                col = n;
        }
    if (col < 16)
        col = 16;
    fprintf(f, "\noptions:\n");
    for (const mzc_optdef *o = cmd->opts; o->name; o++)
        if (mzc_opt_listed(o))
            print_row(f, o, col);
    print_row(f, &mzc_help_row, col);
    if (cmd->notes)
        fprintf(f, "\n%s", cmd->notes);
    fprintf(f, "\nEvery command also takes --programs, a programs file declaring outside\n"
               "programs as generators and solvers (docs/outside.md), and --plugin, a\n"
               "compiled plugin (docs/plugins.md); 'mazebench --help' shows them.\n");
}

/* ---- parsing ---- */

int mzc_opt_index(const mzc_cmddef *cmd, const char *name)
{
    if (!name)
        return -1;
    for (int k = 0; cmd->opts[k].name; k++)
        if (mzc_opt_is_option(&cmd->opts[k]) && strcmp(cmd->opts[k].name, name) == 0)
            return k;
    return -1;
}

void mzc_args_init(mzc_args *a, const mzc_cmddef *cmd, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    a->k = 1;
}

int mzc_args_next(mzc_args *a)
{
    if (a->k >= a->argc)
        return MZC_ARGS_END;
    const char *arg = a->argv[a->k++];
    a->value = arg;
    a->used = NULL;
    if (a->rest || arg[0] != '-' || arg[1] == '\0')
        return MZC_ARGS_OPERAND;
    if (strcmp(arg, "--") == 0) {
        for (const mzc_optdef *o = a->cmd->opts; o->name; o++)
            if ((o->flags & MZC_O_OPERAND) && strcmp(o->name, "--") == 0) {
                a->rest = true;
                return mzc_args_next(a);
            }
        return MZC_ARGS_UNKNOWN;
    }
    if (mzc_flag(arg, "--help", "-h")) {
        mzc_help(stdout, a->cmd);
        return MZC_ARGS_HELP;
    }
    size_t n = strcspn(arg, "=");
    for (int k = 0; a->cmd->opts[k].name; k++) {
        const mzc_optdef *o = &a->cmd->opts[k];
        if (!mzc_opt_is_option(o))
            continue;
        bool long_match = strncmp(arg, o->name, n) == 0 && o->name[n] == '\0';
        bool short_match = o->shortname && strncmp(arg, o->shortname, n) == 0 &&
                           o->shortname[n] == '\0';
        if (!long_match && !short_match)
            continue;
        int id = k;
        if (o->flags & MZC_O_OLDER) {
            id = mzc_opt_index(a->cmd, o->values);
            if (id < 0)
                id = k;
        }
        const mzc_optdef *t = &a->cmd->opts[id];
        a->used = long_match ? o->name : o->shortname;
        if (!t->arg) {
            if (arg[n] == '=')
                return MZC_ARGS_UNKNOWN; /* a flag takes no value */
            a->value = NULL;
        } else if (arg[n] == '=') {
            a->value = arg + n + 1;
        } else if (a->k >= a->argc) {
            mzc_error("option '%s' needs a value", a->used);
            return MZC_ARGS_ERROR;
        } else {
            a->value = a->argv[a->k++];
        }
        if (t->arg && !a->value[0] && !(t->flags & MZC_O_EMPTY_OK)) {
            mzc_error("option '%s' needs a value, not an empty one", a->used);
            return MZC_ARGS_ERROR;
        }
        if (id < (int)(sizeof a->given / sizeof a->given[0])) {
            const char *was = a->given[id];
            if (was && strcmp(was, a->used) == 0) {
                mzc_error("%s: option '%s' given twice", a->cmd->name, a->used);
                return MZC_ARGS_ERROR;
            }
            if (was && strcmp(was, t->name) != 0 && (o->flags & MZC_O_OLDER)) {
                mzc_error("%s: %s and %s are one option (older names of %s): give one",
                          a->cmd->name, was, a->used, t->name);
                return MZC_ARGS_ERROR;
            }
            if (was) {
                const char *older = (o->flags & MZC_O_OLDER) ? a->used : was;
                mzc_error("%s: %s and %s are one option (%s is the older name): give one",
                          a->cmd->name, t->name, older, older);
                return MZC_ARGS_ERROR;
            }
            a->given[id] = a->used;
        }
        return id;
    }
    return MZC_ARGS_UNKNOWN;
}
