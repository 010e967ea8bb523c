/*
 * fuzz_programs.c - programs files (src/outside/decl.c: mzx_file_parse,
 * mzx_section_*, mzx_command_parse, mzx_command_expand). The input is the
 * file's text. Nothing is ever run. Properties: a refused file gets one
 * line "p.programs:..." ; a parsed one has sections of names of letters,
 * digits and '-' and keys once each; every command that parses has words,
 * expands to as many arguments with no placeholder of the list left, and
 * its placeholders are the allowed ones.
 */
#include "fuzz.h"

#include "mazebench.h"
#include "outside/outside.h"

static const char *const allowed[] = {"rows", "cols", "seed", "out", "dir", "shape", "dims", NULL};

static void one_line(const char *msg, const char *what)
{
    FZ_CHECK(msg[0] != '\0', "%s: refused without a message", what);
    FZ_CHECK(strchr(msg, '\n') == NULL, "%s: a message of several lines: %s", what, msg);
    FZ_CHECK(strncmp(msg, "p.programs:", 11) == 0, "%s: a message without the file: %s", what,
             msg);
}

static bool name_ok(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '-'))
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mzx_file f;
    char msg[700] = "";
    mz_status s = mzx_file_parse("p.programs", "/d", (const char *)data, size, &f, msg, sizeof msg);
    if (s != MZ_OK) {
        FZ_CHECK(s == MZ_EFORMAT || s == MZ_ENOMEM, "status %d", (int)s);
        one_line(msg, "the file");
        return 0;
    }
    for (size_t i = 0; i < f.nsec; i++) {
        const mzx_section *sec = &f.sec[i];
        FZ_CHECK(name_ok(sec->kind) && name_ok(sec->name), "section [%s %s]", sec->kind,
                 sec->name);
        for (size_t k = 0; k < sec->nkv; k++) {
            FZ_CHECK(name_ok(sec->kv[k].key), "key '%s'", sec->kv[k].key);
            FZ_CHECK(sec->kv[k].value[0] != '\0', "key '%s' without a value", sec->kv[k].key);
            for (size_t j = k + 1; j < sec->nkv; j++)
                FZ_CHECK(strcmp(sec->kv[k].key, sec->kv[j].key) != 0, "key '%s' twice",
                         sec->kv[k].key);
        }
        mzx_limits lim;
        mzx_limits_default(&lim);
        msg[0] = '\0';
        if (mzx_section_limits(&f, sec, &lim, msg, sizeof msg) != MZ_OK)
            one_line(msg, "the limits");
        bool b = false;
        msg[0] = '\0';
        if (mzx_section_bool(&f, sec, "perfect", &b, msg, sizeof msg) != MZ_OK)
            one_line(msg, "perfect");
        unsigned line = 0;
        const char *cmd = mzx_section_get(sec, "command", &line);
        if (!cmd)
            continue;
        mzx_command c;
        msg[0] = '\0';
        if (mzx_command_parse(&f, line, cmd, allowed, &c, msg, sizeof msg) != MZ_OK) {
            one_line(msg, "the command");
            continue;
        }
        FZ_CHECK(c.n >= 1, "'%s': no words", cmd);
        mzx_subst subs[] = {{"rows", "3"}, {"cols", "4"}, {"seed", "5"}, {"out", "/t/o"},
                            {"dir", "/d"}, {"shape", "ortho"}, {"dims", "3x4"}};
        char **argv = mzx_command_expand(&c, subs, sizeof subs / sizeof subs[0]);
        FZ_CHECK(argv != NULL, "'%s': no argv", cmd);
        size_t n = 0;
        while (argv[n])
            n++;
        FZ_CHECK(n == c.n, "'%s': %zu words, %zu arguments", cmd, c.n, n);
        for (size_t k = 0; k < n; k++)
            for (const char *const *a = allowed; *a; a++) {
                char ph[16];
                snprintf(ph, sizeof ph, "{%s}", *a);
                /* Only a "{{" escape can leave one. */
                FZ_CHECK(!strstr(argv[k], ph) || strstr(c.words[k], "{{"),
                         "'%s': %s left in '%s'", cmd, ph, argv[k]);
            }
        mzx_argv_free(argv);
        mzx_command_free(&c);
    }
    mzx_file_free(&f);
    return 0;
}
