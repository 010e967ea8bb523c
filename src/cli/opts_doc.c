/* opts_doc.c - the man pages, the bash completion and the options' table
 * made from the commands' option tables (opts.h, docs/cli.md). */
#include "cli.h"
#include "../mazebench_plugin.h"
#include "opts.h"

#include <string.h>

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
    roff_line(f, o->help && o->help[0] ? mzc_opt_expand(o->help, hb, sizeof hb) : "(see above)");
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
            if (!mzc_opt_is_option(o) || !mzc_opt_listed(o) || !(o->flags & MZC_O_REQUIRED) != !req)
                continue;
            char vb[256];
            const char *v = mzc_opt_usage_arg(o, vb, sizeof vb);
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
        if (mzc_opt_listed(o))
            man_opt(f, o);
    man_opt(f, &mzc_help_row);
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
    const char *v = mzc_opt_expand(o->values, vb, sizeof vb);
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
            if (!mzc_opt_is_option(o))
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
            if (mzc_opt_is_option(o) && (o->arg || (o->flags & MZC_O_OLDER))) {
                fprintf(f, "%s%s", any ? "|" : "        ", o->name);
                any = true;
            }
        if (any)
            fputs(") return ;;\n", f);
        fputs("        esac\n        case $cur in\n        -*) _mazebench_words \"", f);
        for (const mzc_optdef *o = cmd->opts; o->name; o++)
            if (mzc_opt_is_option(o) && mzc_opt_listed(o))
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
        const char *v = mzc_opt_expand(o->values, vb, sizeof vb);
        fprintf(f, "%s\t%s\n", any ? "" : "-", v ? v : "-");
    }
}
