/* opts.c - usage, --help, man pages, completion and parsing from the
 * commands' option tables (opts.h, docs/cli.md). */
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

static bool listed(const mzc_optdef *o) { return !(o->flags & MZC_O_OLDER); }
static bool is_option(const mzc_optdef *o)
{
    return !(o->flags & MZC_O_OPERAND);
}

/* A help text or values list with every @{name} replaced by its text
 * (mzc_text_var: a list made from a library table, such as the maze file
 * formats), into buf; s itself when it names none. NULL stays NULL. */
static const char *expand(const char *s, char *buf, size_t cap)
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
static const char *usage_arg(const mzc_optdef *o, char *buf, size_t cap)
{
    const char *v = expand(o->values, buf, cap);
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
                if (!is_option(o) || !listed(o) || !(o->flags & MZC_O_REQUIRED) != (pass == 2))
                    continue;
                char vb[256];
                const char *v = usage_arg(o, vb, sizeof vb);
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

static const mzc_optdef help_row = {"--help", NULL, 0, "this text", NULL, "-h"};

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
    wrap(f, expand(o->help, hb, sizeof hb), n, col);
}

void mzc_help(FILE *f, const mzc_cmddef *cmd)
{
    mzc_usage(f, cmd);
    if (cmd->intro)
        fprintf(f, "\n%s", cmd->intro);
    int col = 0;
    char label[160];
    for (const mzc_optdef *o = cmd->opts; o->name; o++)
        if (listed(o)) {
            label_of(o, label, sizeof label);
            int n = 2 + (int)strlen(label) + 2;
            if (n <= 24 && n > col)
                col = n;
        }
    if (col < 16)
        col = 16;
    fprintf(f, "\noptions:\n");
    for (const mzc_optdef *o = cmd->opts; o->name; o++)
        if (listed(o))
            print_row(f, o, col);
    print_row(f, &help_row, col);
    if (cmd->notes)
        fprintf(f, "\n%s", cmd->notes);
    fprintf(f, "\nEvery command also takes --programs, a programs file declaring outside\n"
               "programs as generators and solvers (docs/outside.md), and --plugin, a\n"
               "compiled plugin (docs/plugins.md); 'mazebench --help' shows them.\n");
}

/* ---- man pages ---- */

/* Text for roff: backslashes and hyphens escaped, no line starting with a
 * control character. */
static void roff_text(FILE *f, const char *s, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        char c = s[k];
        if (c == '\\')
            fputs("\\e", f);
        else if (c == '-')
            fputs("\\-", f);
        else if (c == '\'' || c == '.') {
            if (k == 0)
                fputs("\\&", f);
            fputc(c, f);
        } else
            fputc(c, f);
    }
}

static void roff_line(FILE *f, const char *s)
{
    while (*s == ' ')
        s++;
    roff_text(f, s, strlen(s));
    fputc('\n', f);
}

/* One option as a tagged paragraph. */
static void man_opt(FILE *f, const mzc_optdef *o)
{
    fputs(".TP\n", f);
    if (o->flags & MZC_O_OPERAND) {
        fputs("\\fI", f);
        roff_text(f, o->name, strlen(o->name));
        fputs("\\fR\n", f);
    } else {
        fputs("\\fB", f);
        if (o->shortname) {
            roff_text(f, o->shortname, strlen(o->shortname));
            fputs("\\fR, \\fB", f);
        }
        roff_text(f, o->name, strlen(o->name));
        fputs("\\fR", f);
        if (o->arg) {
            fputs(" \\fI", f);
            roff_text(f, o->arg, strlen(o->arg));
            fputs("\\fR", f);
        }
        fputc('\n', f);
    }
    char hb[4096];
    roff_line(f, o->help && o->help[0] ? expand(o->help, hb, sizeof hb) : "(see above)");
}

/* Free text (an intro or notes) as roff: blank lines part paragraphs; a
 * line indented by two spaces whose words are followed by two spaces or
 * more starts a tagged paragraph (a term and its text), deeper-indented
 * lines continue it; other indented lines stand on lines of their own. */
static void man_text(FILE *f, const char *text)
{
    const char *s = text;
    bool para = false, tagged = false;
    size_t tcol = 0; /* the column of the tagged paragraphs' text */
    fputs(".PP\n", f);
    while (*s) {
        size_t n = strcspn(s, "\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), s);
        s += n + (s[n] == '\n');
        size_t ind = strspn(line, " ");
        if (line[ind] == '\0') {
            fputs(tagged ? ".RE\n.PP\n" : ".PP\n", f);
            para = tagged = false;
            continue;
        }
        const char *gap = ind == 2 ? strstr(line + 2, "  ") : NULL;
        /* a term as long as the column it is aligned to: one space before its text */
        if (ind == 2 && !gap && tagged && tcol > 3 && strlen(line) > tcol && line[tcol - 1] == ' ')
            gap = line + tcol - 1;
        if (ind == 2 && gap) {
            tcol = (size_t)(gap - line) + strspn(gap, " ");
            if (!tagged)
                fputs(".RS 2\n", f);
            tagged = true;
            fputs(".TP\n", f);
            roff_text(f, line + 2, (size_t)(gap - line - 2));
            fputc('\n', f);
            roff_line(f, gap);
        } else if (ind >= 2 && tagged) {
            roff_line(f, line);
        } else if (ind >= 2) {
            fputs(".br\n", f);
            roff_line(f, line);
        } else {
            if (tagged) {
                fputs(".RE\n", f);
                if (para)
                    fputs(".PP\n", f);
                tagged = false;
            }
            roff_line(f, line);
            para = true;
        }
    }
    if (tagged)
        fputs(".RE\n", f);
}

static void man_upper(FILE *f, const char *s)
{
    for (; *s; s++)
        fputc(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s == '-' ? '-' : *s, f);
}

static void man_synopsis(FILE *f, const mzc_cmddef *cmd)
{
    fputs(".SH SYNOPSIS\n.B mazebench ", f);
    roff_text(f, cmd->name, strlen(cmd->name));
    fputc('\n', f);
    if (cmd->operands && cmd->operands[0])
        roff_line(f, cmd->operands);
    for (int req = 1; req >= 0; req--)
        for (const mzc_optdef *o = cmd->opts; o->name; o++) {
            if (!is_option(o) || !listed(o) || !(o->flags & MZC_O_REQUIRED) != !req)
                continue;
            char vb[256];
            const char *v = usage_arg(o, vb, sizeof vb);
            fputs(req ? "\\fB" : "[\\fB", f);
            roff_text(f, o->name, strlen(o->name));
            fputs("\\fR", f);
            if (v) {
                fputs(" \\fI", f);
                roff_text(f, v, strlen(v));
                fputs("\\fR", f);
            }
            fputs(req ? "\n" : "]\n", f);
        }
}

void mzc_man(FILE *f, const mzc_cmddef *cmd, const char *version)
{
    fputs(".\\\" Made by 'mazebench help --man' from the commands' option tables.\n", f);
    fputs(".TH ", f);
    man_upper(f, "mazebench");
    if (cmd) {
        fputc('-', f);
        man_upper(f, cmd->name);
    }
    fprintf(f, " 1 \"\" \"mazebench %s\" \"mazebench manual\"\n", version);
    fputs(".nh\n.ad l\n", f); /* no hyphenation, ragged right: option names stay whole */
    fputs(".SH NAME\n", f);
    if (!cmd) {
        fputs("mazebench \\- a benchmark and reproducibility harness for maze generators and "
              "solvers\n",
              f);
        fputs(".SH SYNOPSIS\n.B mazebench\n[\\fB\\-\\-plugin\\fR \\fIFILE\\fR]... "
              "[\\fB\\-\\-programs\\fR \\fIFILE\\fR]... \\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n"
              ".br\n.B mazebench\n\\fB\\-V\\fR | \\fB\\-\\-version\\fR | \\fBversion\\fR\n"
              ".br\n.B mazebench help\n[\\fB\\-\\-man\\fR] [\\fICOMMAND\\fR]\n"
              ".br\n.B mazebench completion bash\n",
              f);
        fputs(".SH DESCRIPTION\n.PP\nmazebench generates mazes of many cell shapes with "
              "built\\-in and outside generators, solves them, measures them and times them, "
              "with the same figures for the same seed on every machine. Each command has a "
              "page of its own, named below.\n",
              f);
        fputs(".SH COMMANDS\n", f);
        for (const mzc_cmddef *const *c = mzc_commands; *c; c++) {
            fputs(".TP\n\\fB", f);
            roff_text(f, (*c)->name, strlen((*c)->name));
            fputs("\\fR\n", f);
            roff_line(f, (*c)->summary);
        }
        fputs(".TP\n\\fBversion\\fR\nthe version, the commit and the optional features built "
              "in (also \\fB\\-V\\fR, \\fB\\-\\-version\\fR)\n"
              ".TP\n\\fBhelp\\fR [\\fB\\-\\-man\\fR] [\\fICOMMAND\\fR]\n"
              "this list, a command's \\fB\\-\\-help\\fR, or a man page in roff\n"
              ".TP\n\\fBcompletion bash\\fR\nthe bash completion script\n",
              f);
        fputs(".SH OPTIONS\nThese come before or after the command, and serve every "
              "command.\n",
              f);
        for (const mzc_optdef *o = mzc_global_opts; o->name; o++)
            man_opt(f, o);
        fputs(".SH EXIT STATUS\n0 on success, 1 on a failure while running, 2 on bad "
              "input; an error is one line on standard error, starting with "
              "\\(lqmazebench:\\(rq.\n",
              f);
        fputs(".SH SEE ALSO\n", f);
        for (const mzc_cmddef *const *c = mzc_commands; *c; c++) {
            fputs(".BR mazebench\\-", f);
            roff_text(f, (*c)->name, strlen((*c)->name));
            fputs(c[1] ? " (1),\n" : " (1)\n", f);
        }
        return;
    }
    fputs("mazebench\\-", f);
    roff_text(f, cmd->name, strlen(cmd->name));
    fputs(" \\- ", f);
    roff_line(f, cmd->summary);
    man_synopsis(f, cmd);
    fputs(".SH DESCRIPTION\n", f);
    if (cmd->intro)
        man_text(f, cmd->intro);
    else
        roff_line(f, cmd->summary);
    fputs(".SH OPTIONS\n", f);
    for (const mzc_optdef *o = cmd->opts; o->name; o++)
        if (listed(o))
            man_opt(f, o);
    man_opt(f, &help_row);
    fputs(".PP\nEvery command also takes \\fB\\-\\-plugin\\fR and \\fB\\-\\-programs\\fR "
          "(\\fBmazebench\\fR(1)).\n",
          f);
    if (cmd->notes) {
        fputs(".SH NOTES\n", f);
        man_text(f, cmd->notes);
    }
    fputs(".SH SEE ALSO\n.BR mazebench (1)\n", f);
}

/* ---- bash completion ---- */

static void words_of_kind(FILE *f, mz_kind kind)
{
    const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
    bool first = true;
    for (int li = 0; li < 2; li++)
        for (const mz_algo *const *a = lists[li]; *a; a++)
            if ((*a)->kind == kind && strspn((*a)->name, "abcdefghijklmnopqrstuvwxyz"
                                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_.") ==
                                          strlen((*a)->name)) {
                fprintf(f, "%s%s", first ? "" : " ", (*a)->name);
                first = false;
            }
}

/* The shell call completing registry names: "@gen" (a spec: generators,
 * post-processors after a '+'), "@gen-all" (the same or 'all'),
 * "@solver", "@solver-all", "@any" (every name). */
static const char *names_call(const char *v)
{
    if (strcmp(v, "@gen-all") == 0)
        return "_mazebench_list \"$_mazebench_gens all\"";
    if (strcmp(v, "@solver") == 0)
        return "_mazebench_list \"$_mazebench_solvers\"";
    if (strcmp(v, "@solver-all") == 0)
        return "_mazebench_list \"$_mazebench_solvers all\"";
    if (strcmp(v, "@any") == 0)
        return "_mazebench_words \"$_mazebench_gens $_mazebench_posts $_mazebench_solvers\"";
    return "_mazebench_list \"$_mazebench_gens\"";
}

/* The completion of an option's value: a shell word list, or a function. */
static void value_case(FILE *f, const mzc_optdef *o)
{
    char vb[256];
    const char *v = expand(o->values, vb, sizeof vb);
    bool path = o->arg && (strstr(o->arg, "FILE") || strstr(o->arg, "DIR"));
    if (!v && !path)
        return;
    fprintf(f, "        %s)", o->name);
    if (!v)
        fputs(strstr(o->arg, "FILE") ? " _mazebench_files; return ;;\n"
                                     : " _mazebench_dirs; return ;;\n", f);
    else if (v[0] == '@' && strcmp(v, "@file") != 0 && strcmp(v, "@dir") != 0 &&
             strcmp(v, "@shape") != 0)
        fprintf(f, " %s; return ;;\n", names_call(v));
    else if (strcmp(v, "@shape") == 0)
        fputs(" _mazebench_words \"$_mazebench_shapes\"; return ;;\n", f);
    else if (strcmp(v, "@file") == 0)
        fputs(" _mazebench_files; return ;;\n", f);
    else if (strcmp(v, "@dir") == 0)
        fputs(" _mazebench_dirs; return ;;\n", f);
    else {
        fputs(" _mazebench_words \"", f);
        for (const char *c = v; *c; c++)
            fputc(*c == '|' ? ' ' : *c, f);
        fputs("\"; return ;;\n", f);
    }
}

void mzc_completion_bash(FILE *f)
{
    fputs("# bash completion for mazebench, made by 'mazebench completion bash' from the\n"
          "# commands' option tables and the registry of this build.\n", f);
    fputs("_mazebench_gens='", f);
    words_of_kind(f, MZ_GEN);
    fputs("'\n_mazebench_posts='", f);
    words_of_kind(f, MZ_POST);
    fputs("'\n_mazebench_solvers='", f);
    words_of_kind(f, MZ_SOLVER);
    fputs("'\n_mazebench_shapes='", f);
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++)
        fprintf(f, "%s%s", k ? " " : "", mz_shape_name((mz_shape)k));
    fputs("'\n_mazebench_commands='", f);
    for (const mzc_cmddef *const *c = mzc_commands; *c; c++)
        fprintf(f, "%s ", (*c)->name);
    fputs("version help completion'\n", f);
    fputs("_mazebench_words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }\n"
          "# A comma-separated list (sweep --gen dfs,kr): complete its last item;\n"
          "# after a '+', a post-processor (dfs+br).\n"
          "_mazebench_list() {\n"
          "    local head=\"\" last=$cur words=$1\n"
          "    case $cur in *[,+]*) head=${cur%[,+]*}; last=${cur#\"$head\"}; "
          "head=$head${last%\"${last#?}\"}; last=${last#?} ;; esac\n"
          "    case $head in *+) words=$_mazebench_posts ;; esac\n"
          "    COMPREPLY=($(compgen -P \"$head\" -W \"$words\" -- \"$last\"))\n"
          "}\n"
          "_mazebench_files() { COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames "
          "2>/dev/null; }\n"
          "_mazebench_dirs() { COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames "
          "2>/dev/null; }\n",
          f);
    fputs("_mazebench() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" cmd=\"\" i\n"
          "    [ \"$COMP_CWORD\" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    # --opt=VALUE: bash splits it at '='\n"
          "    if [ \"$cur\" = \"=\" ]; then cur=\"\"; elif [ \"$prev\" = \"=\" ] && "
          "[ \"$COMP_CWORD\" -gt 1 ]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n"
          "    [ \"$cur\" = \"\" ] && [ \"$prev\" = \"=\" ] && [ \"$COMP_CWORD\" -gt 1 ] && "
          "prev=${COMP_WORDS[COMP_CWORD-2]}\n"
          "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
          "        case ${COMP_WORDS[i]} in\n"
          "        --plugin|--programs) ((i++)) ;;\n"
          "        -*|=) ;;\n"
          "        *) cmd=${COMP_WORDS[i]}; break ;;\n"
          "        esac\n"
          "    done\n"
          "    case $prev in --plugin|--programs) _mazebench_files; return ;; esac\n"
          "    local common=\"--help --plugin --programs\"\n"
          "    case $cmd in\n"
          "    \"\")\n"
          "        case $cur in -*) _mazebench_words \"--help --version -V --plugin "
          "--programs\" ;;\n"
          "        *) _mazebench_words \"$_mazebench_commands\" ;; esac\n"
          "        return ;;\n"
          "    help) _mazebench_words \"--man $_mazebench_commands\"; return ;;\n"
          "    completion) _mazebench_words bash; return ;;\n"
          "    version) return ;;\n",
          f);
    for (const mzc_cmddef *const *c = mzc_commands; *c; c++) {
        const mzc_cmddef *cmd = *c;
        fprintf(f, "    %s)\n        case $prev in\n", cmd->name);
        for (const mzc_optdef *o = cmd->opts; o->name; o++) {
            if (!is_option(o))
                continue;
            if (o->flags & MZC_O_OLDER) { /* as its newer name */
                int to = mzc_opt_index(cmd, o->values);
                if (to >= 0) {
                    mzc_optdef alias = cmd->opts[to];
                    alias.name = o->name;
                    value_case(f, &alias);
                }
                continue;
            }
            value_case(f, o);
        }
        /* any other option taking a value: its value has no list */
        bool any = false;
        for (const mzc_optdef *o = cmd->opts; o->name; o++)
            if (is_option(o) && (o->arg || (o->flags & MZC_O_OLDER))) {
                fprintf(f, "%s%s", any ? "|" : "        ", o->name);
                any = true;
            }
        if (any)
            fputs(") return ;;\n", f);
        fputs("        esac\n        case $cur in\n        -*) _mazebench_words \"", f);
        for (const mzc_optdef *o = cmd->opts; o->name; o++)
            if (is_option(o) && listed(o))
                fprintf(f, "%s ", o->name);
        fputs("$common\" ;;\n", f);
        /* the first operand, when its values are known */
        const mzc_optdef *op = NULL;
        for (const mzc_optdef *o = cmd->opts; o->name; o++)
            if ((o->flags & MZC_O_OPERAND) && strcmp(o->name, "--") != 0) {
                op = o;
                break;
            }
        if (op && op->values && op->values[0] == '@' && strcmp(op->values, "@file") != 0)
            fprintf(f, "        *) %s ;;\n", names_call(op->values));
        else
            fputs("        *) _mazebench_files ;;\n", f);
        fputs("        esac ;;\n", f);
    }
    fputs("    esac\n}\ncomplete -F _mazebench mazebench\n", f);
}

void mzc_options_table(FILE *f, const mzc_cmddef *cmd)
{
    static const struct { unsigned bit; const char *name; } names[] = {
        {MZC_O_OPERAND, "operand"}, {MZC_O_OLDER, "older"},
        {MZC_O_REQUIRED, "required"}, {MZC_O_EMPTY_OK, "empty-ok"}};
    for (const mzc_optdef *o = cmd->opts; o->name; o++) {
        fprintf(f, "%s\t%s\t", o->name, o->arg ? o->arg : "-");
        bool any = false;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (o->flags & names[k].bit) {
                fprintf(f, "%s%s", any ? "," : "", names[k].name);
                any = true;
            }
        char vb[256];
        const char *v = expand(o->values, vb, sizeof vb);
        fprintf(f, "%s\t%s\n", any ? "" : "-", v ? v : "-");
    }
}

/* ---- parsing ---- */

int mzc_opt_index(const mzc_cmddef *cmd, const char *name)
{
    if (!name)
        return -1;
    for (int k = 0; cmd->opts[k].name; k++)
        if (is_option(&cmd->opts[k]) && strcmp(cmd->opts[k].name, name) == 0)
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
        if (!is_option(o))
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
