/* The programs file (outside.h, docs/outside.md): sections of key = value
 * lines, the command words and their placeholders. */
#define _XOPEN_SOURCE 700 /* strdup, realpath */
#include "outside.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* "FILE:LINE: what" (LINE 0: "FILE: what") into msg. */
static mz_status fail(char *msg, size_t cap, const char *path, unsigned line, mz_status st,
                      const char *fmt, ...)
{
    if (msg && cap) {
        int n = line ? snprintf(msg, cap, "%s:%u: ", path, line) : snprintf(msg, cap, "%s: ", path);
        if (n >= 0 && (size_t)n < cap) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(msg + n, cap - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return st;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static char *dup_n(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

void mzx_file_free(mzx_file *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nsec; i++) {
        mzx_section *s = &f->sec[i];
        for (size_t k = 0; k < s->nkv; k++) {
            free(s->kv[k].key);
            free(s->kv[k].value);
        }
        free(s->kv);
        free(s->kind);
        free(s->name);
    }
    free(f->sec);
    free(f->path);
    free(f->dir);
    memset(f, 0, sizeof *f);
}

/* The end of a line's content: before a '#' at its start or after a blank,
 * outside quotes; trailing blanks dropped. */
static size_t content_len(const char *p, size_t n)
{
    char q = 0;
    size_t end = n;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (q) {
            if (c == '\\' && q == '"' && i + 1 < n)
                i++;
            else if (c == q)
                q = 0;
        } else if (c == '\'' || c == '"')
            q = c;
        else if (c == '#' && (i == 0 || is_blank(p[i - 1]))) {
            end = i;
            break;
        }
    }
    while (end > 0 && is_blank(p[end - 1]))
        end--;
    return end;
}

mz_status mzx_file_parse(const char *path, const char *dir, const char *text, size_t len,
                         mzx_file *f, char *msg, size_t cap)
{
    memset(f, 0, sizeof *f);
    f->path = strdup(path);
    f->dir = strdup(dir);
    if (!f->path || !f->dir) {
        mzx_file_free(f);
        return fail(msg, cap, path, 0, MZ_ENOMEM, "out of memory");
    }
    mz_status st = MZ_OK;
    unsigned line = 0;
    size_t seccap = 0;
    /* A byte-order mark (an editor's UTF-8) is not part of the text. */
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        text += 3, len -= 3;
    const char *p = text, *end = text + len;
    if (memchr(text, '\0', len)) {
        st = fail(msg, cap, path, 0, MZ_EFORMAT, "not a text file (a NUL byte)");
        goto out;
    }
    while (p < end) {
        line++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        const char *l = p;
        p = nl ? nl + 1 : end;
        while (n > 0 && is_blank(*l))
            l++, n--;
        n = content_len(l, n);
        if (n == 0)
            continue;
        if (l[0] == '[') {
            if (l[n - 1] != ']') {
                st = fail(msg, cap, path, line, MZ_EFORMAT, "a section line ends with ']'");
                goto out;
            }
            const char *q = l + 1, *qe = l + n - 1;
            while (q < qe && is_blank(*q))
                q++;
            const char *k0 = q;
            while (q < qe && name_char(*q))
                q++;
            const char *k1 = q;
            while (q < qe && is_blank(*q))
                q++;
            const char *n0 = q;
            while (q < qe && name_char(*q))
                q++;
            const char *n1 = q;
            while (q < qe && is_blank(*q))
                q++;
            if (k1 == k0 || n1 == n0 || q != qe || n0 == k1) {
                st = fail(msg, cap, path, line, MZ_EFORMAT,
                          "a section is [KIND NAME], e.g. [generator my-gen]; a NAME has letters, "
                          "digits and '-' only");
                goto out;
            }
            if (n1 - n0 > 64) {
                st = fail(msg, cap, path, line, MZ_EFORMAT, "a name of more than 64 characters");
                goto out;
            }
            for (size_t i = 0; i < f->nsec; i++)
                if (strlen(f->sec[i].kind) == (size_t)(k1 - k0) &&
                    !memcmp(f->sec[i].kind, k0, (size_t)(k1 - k0)) &&
                    strlen(f->sec[i].name) == (size_t)(n1 - n0) &&
                    !memcmp(f->sec[i].name, n0, (size_t)(n1 - n0))) {
                    st = fail(msg, cap, path, line, MZ_EFORMAT,
                              "[%s %s] is declared twice (first on line %u)", f->sec[i].kind,
                              f->sec[i].name, f->sec[i].line);
                    goto out;
                }
            if (f->nsec == seccap) {
                size_t nc = seccap ? seccap * 2 : 4;
                mzx_section *ns = realloc(f->sec, nc * sizeof *ns);
                if (!ns) {
                    st = fail(msg, cap, path, line, MZ_ENOMEM, "out of memory");
                    goto out;
                }
                f->sec = ns;
                seccap = nc;
            }
            mzx_section *s = &f->sec[f->nsec++];
            memset(s, 0, sizeof *s);
            s->line = line;
            s->kind = dup_n(k0, (size_t)(k1 - k0));
            s->name = dup_n(n0, (size_t)(n1 - n0));
            if (!s->kind || !s->name) {
                st = fail(msg, cap, path, line, MZ_ENOMEM, "out of memory");
                goto out;
            }
            continue;
        }
        const char *eq = memchr(l, '=', n);
        if (!eq) {
            st = fail(msg, cap, path, line, MZ_EFORMAT,
                      "expected 'key = value' or a section [KIND NAME]");
            goto out;
        }
        const char *k1 = eq;
        while (k1 > l && is_blank(k1[-1]))
            k1--;
        bool key_ok = k1 > l;
        for (const char *c = l; c < k1; c++)
            key_ok = key_ok && name_char(*c);
        if (!key_ok) {
            st = fail(msg, cap, path, line, MZ_EFORMAT,
                      "a key has letters, digits and '-' only, before '='");
            goto out;
        }
        const char *v0 = eq + 1, *v1 = l + n;
        while (v0 < v1 && is_blank(*v0))
            v0++;
        if (v0 == v1) {
            st = fail(msg, cap, path, line, MZ_EFORMAT, "'%.*s' has no value", (int)(k1 - l), l);
            goto out;
        }
        if (f->nsec == 0) {
            st = fail(msg, cap, path, line, MZ_EFORMAT,
                      "'%.*s' outside a section: start one with [generator NAME] or [solver NAME]",
                      (int)(k1 - l), l);
            goto out;
        }
        mzx_section *s = &f->sec[f->nsec - 1];
        for (size_t i = 0; i < s->nkv; i++)
            if (strlen(s->kv[i].key) == (size_t)(k1 - l) && !memcmp(s->kv[i].key, l, (size_t)(k1 - l))) {
                st = fail(msg, cap, path, line, MZ_EFORMAT, "'%s' given twice (first on line %u)",
                          s->kv[i].key, s->kv[i].line);
                goto out;
            }
        mzx_kv *nk = realloc(s->kv, (s->nkv + 1) * sizeof *nk);
        if (!nk) {
            st = fail(msg, cap, path, line, MZ_ENOMEM, "out of memory");
            goto out;
        }
        s->kv = nk;
        mzx_kv *kv = &s->kv[s->nkv];
        kv->key = dup_n(l, (size_t)(k1 - l));
        kv->value = dup_n(v0, (size_t)(v1 - v0));
        kv->line = line;
        if (!kv->key || !kv->value) {
            free(kv->key);
            free(kv->value);
            st = fail(msg, cap, path, line, MZ_ENOMEM, "out of memory");
            goto out;
        }
        s->nkv++;
    }
out:
    if (st != MZ_OK)
        mzx_file_free(f);
    return st;
}

mz_status mzx_file_read(const char *path, mzx_file *f, char *msg, size_t cap)
{
    memset(f, 0, sizeof *f);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return fail(msg, cap, path, 0, MZ_EIO, "cannot read: %s", strerror(errno));
    char *text = NULL;
    size_t len = 0, room = 0;
    mz_status st = MZ_OK;
    for (;;) {
        if (len == room) {
            if (room >= (size_t)1 << 20) {
                st = fail(msg, cap, path, 0, MZ_EFORMAT, "larger than 1 MiB: not a programs file");
                break;
            }
            room = room ? room * 2 : 4096;
            char *t = realloc(text, room);
            if (!t) {
                st = fail(msg, cap, path, 0, MZ_ENOMEM, "out of memory");
                break;
            }
            text = t;
        }
        size_t got = fread(text + len, 1, room - len, fp);
        len += got;
        if (got == 0) {
            if (ferror(fp))
                st = fail(msg, cap, path, 0, MZ_EIO, "cannot read: %s", strerror(errno));
            break;
        }
    }
    fclose(fp);
    if (st == MZ_OK) {
        /* {dir}: the file's directory, absolute. */
        char *abs = realpath(path, NULL);
        char *slash = abs ? strrchr(abs, '/') : NULL;
        if (!abs)
            st = fail(msg, cap, path, 0, MZ_EIO, "cannot resolve its directory: %s", strerror(errno));
        else {
            if (slash == abs)
                slash[1] = '\0';
            else if (slash)
                *slash = '\0';
            st = mzx_file_parse(path, abs, text ? text : "", len, f, msg, cap);
        }
        free(abs);
    }
    free(text);
    return st;
}

const char *mzx_section_get(const mzx_section *s, const char *key, unsigned *line)
{
    for (size_t i = 0; i < s->nkv; i++)
        if (!strcmp(s->kv[i].key, key)) {
            if (line)
                *line = s->kv[i].line;
            return s->kv[i].value;
        }
    return NULL;
}

mz_status mzx_section_keys(const mzx_file *f, const mzx_section *s, const char *const *known,
                           char *msg, size_t cap)
{
    for (size_t i = 0; i < s->nkv; i++) {
        bool ok = false;
        for (const char *const *k = known; *k && !ok; k++)
            ok = !strcmp(*k, s->kv[i].key);
        if (ok)
            continue;
        char list[400] = "";
        size_t used = 0;
        for (const char *const *k = known; *k; k++) {
            int w = snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", *k);
            if (w < 0 || (size_t)w >= sizeof list - used)
                break;
            used += (size_t)w;
        }
        return fail(msg, cap, f->path, s->kv[i].line, MZ_EFORMAT,
                    "unknown key '%s' in [%s %s] (known: %s)", s->kv[i].key, s->kind, s->name,
                    list);
    }
    return MZ_OK;
}

mz_status mzx_section_bool(const mzx_file *f, const mzx_section *s, const char *key, bool *v,
                           char *msg, size_t cap)
{
    unsigned line = 0;
    const char *t = mzx_section_get(s, key, &line);
    if (!t)
        return MZ_OK;
    if (!strcmp(t, "yes") || !strcmp(t, "true") || !strcmp(t, "1"))
        *v = true;
    else if (!strcmp(t, "no") || !strcmp(t, "false") || !strcmp(t, "0"))
        *v = false;
    else
        return fail(msg, cap, f->path, line, MZ_EFORMAT, "%s is yes or no, not '%s'", key, t);
    return MZ_OK;
}

mz_status mzx_section_shapes(const mzx_file *f, const mzx_section *s, unsigned *bits,
                             unsigned *line, char *msg, size_t cap)
{
    *bits = 0;
    *line = 0;
    const char *t = mzx_section_get(s, "shapes", line);
    if (!t)
        return MZ_OK;
    bool named = false;
    for (const char *p = t; *p;) {
        p += strspn(p, " \t,");
        if (!*p)
            break;
        size_t n = strcspn(p, " \t,");
        char word[32];
        mz_shape shp;
        snprintf(word, sizeof word, "%.*s", (int)(n < 31 ? n : 31), p);
        if (n == 3 && !strncmp(p, "all", 3)) {
            *bits |= MZ_SHAPES_ALL & ~MZ_SHAPE_BIT(MZ_SHAPE_ORTHO);
        } else if (n > 31 || mz_shape_parse(word, &shp) != MZ_OK) {
            char names[200];
            return fail(msg, cap, f->path, *line, MZ_EFORMAT,
                        "shapes: unknown shape '%.*s' (known: %s, or all)",
                        (int)(n > 40 ? 40 : n), p, mz_shape_names(names, sizeof names));
        } else if (shp != MZ_SHAPE_ORTHO) {
            *bits |= MZ_SHAPE_BIT(shp);
        }
        named = true;
        p += n;
    }
    if (!named)
        return fail(msg, cap, f->path, *line, MZ_EFORMAT, "shapes: name one shape at least");
    return MZ_OK;
}

mz_status mzx_section_limits(const mzx_file *f, const mzx_section *s, mzx_limits *lim,
                             char *msg, size_t cap)
{
    unsigned line = 0;
    const char *t = mzx_section_get(s, "time-limit", &line);
    if (t && !strcmp(t, "none"))
        lim->time_s = 0;
    else if (t) {
        char *e = NULL;
        errno = 0;
        double v = strtod(t, &e);
        if (e == t || *e || errno || !isfinite(v) || v <= 0 || v > 86400.0 * 366 ||
            !((t[0] >= '0' && t[0] <= '9') || t[0] == '.'))
            return fail(msg, cap, f->path, line, MZ_EFORMAT,
                        "time-limit is seconds above 0 (at most a year), or none, not '%s'", t);
        lim->time_s = v;
    }
    static const struct {
        const char *key;
        uint64_t scale, max;
        const char *unit;
    } ints[] = {
        {"cpu-limit", 1, UINT64_C(86400) * 366, "seconds"},
        {"memory-limit", UINT64_C(1) << 20, UINT64_C(1) << 24, "MiB"},
        {"output-limit", UINT64_C(1) << 20, UINT64_C(1) << 24, "MiB"},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        t = mzx_section_get(s, ints[i].key, &line);
        if (!t)
            continue;
        uint64_t v = 0;
        if (strcmp(t, "none") != 0 && mzu_parse_u64(t, 1, ints[i].max, 0, &v) != MZU_INT_OK)
            return fail(msg, cap, f->path, line, MZ_EFORMAT,
                        "%s is a whole number of %s from 1 to %llu, or none, not '%s'",
                        ints[i].key, ints[i].unit, (unsigned long long)ints[i].max, t);
        v *= ints[i].scale; /* none: 0, no limit */
        if (i == 0)
            lim->cpu_s = v;
        else if (i == 1)
            lim->mem_bytes = v;
        else
            lim->out_bytes = v;
    }
    return MZ_OK;
}

/* ---- commands ---- */

void mzx_command_free(mzx_command *c)
{
    if (!c)
        return;
    if (c->words)
        for (size_t i = 0; i < c->n; i++)
            free(c->words[i]);
    free(c->words);
    c->words = NULL;
    c->n = 0;
}

/* The first placeholder at or after p ("{{" is a '{', not one): its '{',
 * the length of its name in *n and whether a '}' closes it; NULL: none. */
static const char *next_placeholder(const char *p, size_t *n, bool *closed)
{
    for (; *p; p++) {
        if (*p != '{')
            continue;
        if (p[1] == '{') {
            p++;
            continue;
        }
        const char *e = strchr(p, '}');
        *n = e ? (size_t)(e - p - 1) : strlen(p + 1);
        *closed = e != NULL;
        return p;
    }
    return NULL;
}

/* Check the placeholders of word w against allowed; the bad one's name in
 * bad (NULL-terminated list). */
static bool word_placeholders_ok(const char *w, const char *const *allowed, char *bad,
                                 size_t badcap)
{
    size_t n;
    bool closed;
    for (const char *p = w; (p = next_placeholder(p, &n, &closed)) != NULL; p += n + 2) {
        bool ok = false;
        if (closed)
            for (const char *const *a = allowed; *a && !ok; a++)
                ok = strlen(*a) == n && !memcmp(*a, p + 1, n);
        if (!ok) {
            snprintf(bad, badcap, "%.*s%s", (int)(n > 40 ? 40 : n), p + 1,
                     closed ? "" : " (no '}')");
            return false;
        }
    }
    return true;
}

/* The last path component of a word. */
static const char *base_name(const char *w)
{
    const char *b = strrchr(w, '/');
    return b ? b + 1 : w;
}

static bool one_of(const char *w, const char *const *names)
{
    for (; *names; names++)
        if (!strcmp(w, *names))
            return true;
    return false;
}

static const char *const shells[] = {"sh",  "bash", "dash", "zsh",  "ksh",  "ksh93", "mksh",
                                     "ash", "yash", "posh", "fish", "csh",  "tcsh",  "rbash",
                                     NULL};

bool mzx_is_shell(const char *argv0)
{
    return argv0 && one_of(base_name(argv0), shells);
}

/* Whether w holds a placeholder ("{{" is a '{', not one); its name in
 * name (cap bytes). */
static bool has_placeholder(const char *w, char *name, size_t cap)
{
    size_t n;
    bool closed;
    const char *p = next_placeholder(w, &n, &closed);
    if (!p)
        return false;
    snprintf(name, cap, "%.*s", (int)(n > 40 ? 40 : n), p + 1);
    return true;
}

static const char *const pythons[] = {"python", "python2", "python3", "pypy", "pypy3", NULL};
static const char *const perls[] = {"perl", NULL};
static const char *const rubies[] = {"ruby", NULL};
static const char *const nodes[] = {"node", "nodejs", NULL};
static const char *const phps[] = {"php", NULL};
static const char *const rscripts[] = {"Rscript", NULL};

/* The interpreters that take code as an argument: the option before the
 * code (shells: any short option with a 'c', as in -c, -ec, -xc), and how
 * to hand a value to that code as an argument instead. */
static const struct {
    const char *const *names;
    const char *opts[3];     /* the options before code */
    const char *arg_opts[5]; /* options that take the next word */
    const char *hint;
} code_takers[] = {
    {shells, {NULL}, {NULL}, "sh -c '... \"$1\" ...' sh {%s}"},
    {pythons, {"-c", NULL}, {"-W", "-X", NULL}, "python3 -c '... sys.argv[1] ...' {%s}"},
    {perls, {"-e", "-E", NULL}, {"-I", NULL}, "perl -e '... $ARGV[0] ...' {%s}"},
    {rubies, {"-e", NULL}, {"-I", "-r", NULL}, "ruby -e '... ARGV[0] ...' {%s}"},
    {nodes, {"-e", "--eval", "-p"}, {"-r", "--require", "--import", "--loader", NULL},
     "node -e '... process.argv[1] ...' {%s}"},
    {phps, {"-r", NULL}, {"-d", "-c", NULL}, "php -r '... $argv[1] ...' {%s}"},
    {rscripts, {"-e", NULL}, {NULL}, "Rscript -e '... commandArgs(TRUE)[1] ...' {%s}"},
};

/* A python3.12 is a python. */
static bool interp_is(const char *b, const char *const *names)
{
    for (; *names; names++) {
        size_t n = strlen(*names);
        if (!strncmp(b, *names, n) && (b[n] == '\0' || strspn(b + n, "0123456789.") == strlen(b + n)))
            return true;
    }
    return false;
}

/* A placeholder inside the code a shell or an interpreter runs (sh -c
 * 'CODE', python3 -c 'CODE', ...) would have its value read as code: a
 * folder named 'x;rm -rf ~' would run. Refused: values go in as arguments. */
static mz_status check_code_words(const mzx_file *f, unsigned line, const mzx_command *c, char *msg,
                                  size_t cap)
{
    for (size_t i = 0; i < c->n; i++) {
        const char *b = base_name(c->words[i]);
        size_t t = 0, nt = sizeof code_takers / sizeof code_takers[0];
        while (t < nt && !(t == 0 ? one_of(b, shells) : interp_is(b, code_takers[t].names)))
            t++;
        if (t == nt)
            continue;
        size_t code = 0; /* the code word's index; 0: none */
        if (t == 0) {
            bool has_c = false;
            size_t j = i + 1;
            for (; j < c->n; j++) {
                const char *w = c->words[j];
                if (!strcmp(w, "--")) {
                    j++;
                    break;
                }
                if ((w[0] != '-' && w[0] != '+') || !w[1])
                    break;
                if (w[1] == '-')
                    continue; /* --norc, --login */
                if (strchr(w + 1, 'c'))
                    has_c = true;
                if (strchr(w + 1, 'o') || strchr(w + 1, 'O'))
                    j++; /* -o pipefail */
            }
            if (has_c && j < c->n)
                code = j;
        } else {
            /* Its options, up to the first other word (a script: what
             * follows is the script's). */
            for (size_t j = i + 1; j + 1 < c->n && !code; j++) {
                const char *w = c->words[j];
                if (w[0] != '-' || !strcmp(w, "--"))
                    break;
                for (size_t k = 0; k < 3 && code_takers[t].opts[k] && !code; k++)
                    if (!strcmp(w, code_takers[t].opts[k]))
                        code = j + 1;
                /* python3 -Bc 'CODE' */
                if (!code && t == 1 && w[1] != '-' && w[strlen(w) - 1] == 'c')
                    code = j + 1;
                for (size_t k = 0; k < 5 && code_takers[t].arg_opts[k] && !code; k++)
                    if (!strcmp(w, code_takers[t].arg_opts[k]))
                        j++;
            }
        }
        char name[48];
        if (code && has_placeholder(c->words[code], name, sizeof name)) {
            char hint[120];
            snprintf(hint, sizeof hint, code_takers[t].hint, name);
            return fail(msg, cap, f->path, line, MZ_EFORMAT,
                        "{%s} is inside the code that %s runs: its value would be read as code; "
                        "pass it as an argument instead: %s", name, b, hint);
        }
        return MZ_OK; /* the first program word decides */
    }
    return MZ_OK;
}

mz_status mzx_command_parse(const mzx_file *f, unsigned line, const char *text,
                            const char *const *allowed, mzx_command *c, char *msg, size_t cap)
{
    c->words = NULL;
    c->n = 0;
    size_t tl = strlen(text);
    /* At most one word every two characters: room for all of them. */
    c->words = calloc(tl / 2 + 2, sizeof *c->words);
    char *buf = malloc(tl + 1);
    mz_status st = MZ_OK;
    if (!c->words || !buf) {
        st = fail(msg, cap, f->path, line, MZ_ENOMEM, "out of memory");
        goto out;
    }
    const char *p = text;
    for (;;) {
        while (*p && is_blank(*p))
            p++;
        if (!*p)
            break;
        size_t bl = 0;
        while (*p && !is_blank(*p)) {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q) {
                    if (q == '"' && *p == '\\' && (p[1] == '"' || p[1] == '\\'))
                        p++;
                    buf[bl++] = *p++;
                }
                if (!*p) {
                    st = fail(msg, cap, f->path, line, MZ_EFORMAT, "the command has an unclosed %c",
                              q);
                    goto out;
                }
                p++;
            } else
                buf[bl++] = *p++;
        }
        char *w = dup_n(buf, bl);
        if (!w) {
            st = fail(msg, cap, f->path, line, MZ_ENOMEM, "out of memory");
            goto out;
        }
        c->words[c->n++] = w;
        char bad[64];
        if (!word_placeholders_ok(w, allowed, bad, sizeof bad)) {
            char list[300] = "";
            size_t used = 0;
            for (const char *const *a = allowed; *a; a++) {
                int k = snprintf(list + used, sizeof list - used, "%s{%s}", used ? " " : "", *a);
                if (k < 0 || (size_t)k >= sizeof list - used)
                    break;
                used += (size_t)k;
            }
            st = fail(msg, cap, f->path, line, MZ_EFORMAT,
                      "unknown placeholder {%s} in the command (known: %s; {{ for a '{')", bad,
                      list);
            goto out;
        }
    }
    if (c->n == 0)
        st = fail(msg, cap, f->path, line, MZ_EFORMAT, "an empty command");
    else
        st = check_code_words(f, line, c, msg, cap);
out:
    free(buf);
    if (st != MZ_OK)
        mzx_command_free(c);
    return st;
}

bool mzx_command_uses(const mzx_command *c, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < c->n; i++)
        for (const char *p = c->words[i]; (p = strchr(p, '{')) != NULL; p++) {
            if (p[1] == '{') {
                p++;
                continue;
            }
            if (!strncmp(p + 1, name, n) && p[1 + n] == '}')
                return true;
        }
    return false;
}

void mzx_argv_free(char **argv)
{
    if (!argv)
        return;
    for (char **a = argv; *a; a++)
        free(*a);
    free(argv);
}

/* Word w expanded into out (when out is not NULL); its length. */
static size_t expand_word(const char *w, const mzx_subst *subs, size_t nsubs, char *out)
{
    size_t n = 0;
    for (const char *p = w; *p; p++) {
        if (*p == '{' && p[1] == '{') {
            if (out)
                out[n] = '{';
            n++;
            p++;
            continue;
        }
        const char *e = *p == '{' ? strchr(p, '}') : NULL;
        if (!e) {
            if (out)
                out[n] = *p;
            n++;
            continue;
        }
        size_t kl = (size_t)(e - p - 1);
        for (size_t i = 0; i < nsubs; i++)
            if (strlen(subs[i].name) == kl && !memcmp(subs[i].name, p + 1, kl)) {
                size_t vl = subs[i].value ? strlen(subs[i].value) : 0;
                if (out && vl)
                    memcpy(out + n, subs[i].value, vl);
                n += vl;
                break;
            }
        p = e;
    }
    return n;
}

char **mzx_command_expand(const mzx_command *c, const mzx_subst *subs, size_t nsubs)
{
    char **argv = calloc(c->n + 1, sizeof *argv);
    if (!argv)
        return NULL;
    for (size_t i = 0; i < c->n; i++) {
        size_t n = expand_word(c->words[i], subs, nsubs, NULL);
        argv[i] = malloc(n + 1);
        if (!argv[i]) {
            mzx_argv_free(argv);
            return NULL;
        }
        expand_word(c->words[i], subs, nsubs, argv[i]);
        argv[i][n] = '\0';
    }
    return argv;
}
