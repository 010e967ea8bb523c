/*
 * registry.c - every algorithm the harness knows, in one table.
 *
 * To add an algorithm, follow docs/extending.md: one file under src/gen/
 * or src/solve/ (numbered steps in its header, the trace idiom, the solver
 * prologue, memory through g->mem, an mz_algo entry with its trace ops and
 * declared refusals), then declare it below and add it to mz_registry in
 * its kind's group, regenerate the golden rows and docs/registry.md. The
 * CLI, the tests, the sweep, scale and the benchmarks iterate this table:
 * nothing else needs to change. (Sources are globbed by CMake.)
 */
#include "../mazebench.h"

#include <string.h>

extern const mz_algo mz_algo_dfs;
extern const mz_algo mz_algo_frontier;
extern const mz_algo mz_algo_kruskal;
extern const mz_algo mz_algo_treasure;
extern const mz_algo mz_algo_mainpath;
extern const mz_algo mz_algo_pacman;
extern const mz_algo mz_algo_wilson;
extern const mz_algo mz_algo_aldous_broder;
extern const mz_algo mz_algo_sidewinder;
extern const mz_algo mz_algo_binary_tree;
extern const mz_algo mz_algo_hunt_and_kill;
extern const mz_algo mz_algo_prim;
extern const mz_algo mz_algo_growing_tree;
extern const mz_algo mz_algo_recursive_division;
extern const mz_algo mz_algo_eller;
extern const mz_algo mz_algo_braid;
extern const mz_algo mz_algo_bfs;
extern const mz_algo mz_algo_wall;
extern const mz_algo mz_algo_valley;
extern const mz_algo mz_algo_flood;
extern const mz_algo mz_algo_astar;
extern const mz_algo mz_algo_deadend_fill;
extern const mz_algo mz_algo_tremaux;
extern const mz_algo mz_algo_pledge;
extern const mz_algo mz_algo_bibfs;
extern const mz_algo mz_algo_collision;

const mz_algo *const mz_registry[] = {
    /* generators */
    &mz_algo_dfs,
    &mz_algo_frontier,
    &mz_algo_kruskal,
    &mz_algo_treasure,
    &mz_algo_mainpath,
    &mz_algo_pacman,
    &mz_algo_wilson,
    &mz_algo_aldous_broder,
    &mz_algo_sidewinder,
    &mz_algo_binary_tree,
    &mz_algo_hunt_and_kill,
    &mz_algo_prim,
    &mz_algo_growing_tree,
    &mz_algo_recursive_division,
    &mz_algo_eller,
    /* post-processors */
    &mz_algo_braid,
    /* solvers */
    &mz_algo_bfs,
    &mz_algo_wall,
    &mz_algo_valley,
    &mz_algo_flood,
    &mz_algo_astar,
    &mz_algo_deadend_fill,
    &mz_algo_tremaux,
    &mz_algo_pledge,
    &mz_algo_bibfs,
    &mz_algo_collision,
    NULL,
};

/* FNV-1a over the registry's shape: names, kinds, flags, each parameter's
 * name, type, default, range and choices, and the extra columns. Numbers
 * are fed as fixed-width little-endian words (doubles by their IEEE bits),
 * so the hash is the same on every machine. */
static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++) {
        *h ^= b[k];
        *h *= UINT64_C(0x100000001b3);
    }
}

static void hash_u64(uint64_t *h, uint64_t v)
{
    unsigned char b[8];
    for (int k = 0; k < 8; k++)
        b[k] = (unsigned char)(v >> (8 * k));
    hash_bytes(h, b, 8);
}

static void hash_str(uint64_t *h, const char *s)
{
    if (!s) {
        hash_u64(h, UINT64_MAX);
        return;
    }
    size_t n = 0;
    while (s[n])
        n++;
    hash_u64(h, n);
    hash_bytes(h, s, n);
}

static void hash_real(uint64_t *h, double d)
{
    /* Copied as a whole word, the IEEE bits read as the same integer on
     * either byte order (doubles and integers share it on every target). */
    uint64_t bits;
    if (d == 0)
        d = 0; /* -0 and +0 alike */
    memcpy(&bits, &d, sizeof bits);
    hash_u64(h, bits);
}

uint64_t mz_registry_hash(unsigned shapes)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        hash_str(&h, (*a)->name);
        hash_u64(&h, (uint64_t)(*a)->kind);
        /* MZ_F_TWINS_DIFFER says how the tests compare an entry and
         * MZ_F_PATH whether a solver hands its cells back, nothing about
         * the rows it writes: both left out. */
        hash_u64(&h, (*a)->flags & ~(unsigned)(MZ_F_TWINS_DIFFER | MZ_F_PATH));
        hash_u64(&h, (*a)->nparams);
        for (unsigned k = 0; k < (*a)->nparams; k++) {
            const mz_param_def *p = &(*a)->params[k];
            hash_str(&h, p->name);
            hash_u64(&h, (uint64_t)p->type);
            hash_real(&h, p->def);
            hash_real(&h, p->min);
            hash_real(&h, p->max);
            hash_str(&h, p->choices);
        }
        for (const char *const *c = (*a)->columns; c && *c; c++)
            hash_str(&h, *c);
        /* Only the shapes asked about: an entry that gains or loses
         * another shape leaves the hash over these unchanged. Square-only
         * entries hash as before shapes existed. */
        unsigned on = (*a)->shapes & shapes;
        if (on)
            hash_u64(&h, UINT64_C(0x5348415045000000) | on);
        hash_u64(&h, UINT64_MAX); /* end of entry */
    }
    return h;
}

/* ---- what an entry added at run time may declare ---- */

#include "../mazebench_row.h"

#include "../mazebench_plugin.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static mz_status refuse(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return MZ_EINVAL;
}

/* s, at most 40 bytes of it, with every byte outside printable ASCII as
 * \xNN: a message quotes a declared string without its control bytes. */
static const char *shown(const char *s, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t k = 0; s[k] && at + 5 < len; k++) {
        unsigned char c = (unsigned char)s[k];
        if (k == 40) {
            snprintf(buf + at, len - at, "...");
            return buf;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\')
            buf[at++] = (char)c;
        else
            at += (size_t)snprintf(buf + at, len - at, "\\x%02x", c);
        buf[at] = '\0';
    }
    return buf;
}

/* A character as a message shows it: 'c', or \xNN. */
static const char *char_shown(unsigned char c, char *buf, size_t len)
{
    if (c > 0x20 && c < 0x7f && c != '\\' && c != '\'')
        snprintf(buf, len, "'%c'", c);
    else
        snprintf(buf, len, "\\x%02x", c);
    return buf;
}

/* Why s is not a name (NULL when it is): 1 to MZ_NAME_MAX characters of
 * MZ_NAME_CHARS, the first a letter or a digit when lead is set. */
static const char *name_fault(const char *s, bool lead, char *buf, size_t len)
{
    if (!s)
        return "is missing (NULL)";
    if (!*s)
        return "is empty";
    size_t n = 0;
    for (; s[n]; n++) {
        const unsigned char c = (unsigned char)s[n];
        if (!strchr(MZ_NAME_CHARS, c)) {
            char ch[8];
            snprintf(buf, len, "has the character %s, which a spec or a CSV header cannot "
                     "carry (letters, digits, '-', '_', '.')", char_shown(c, ch, sizeof ch));
            return buf;
        }
        if (n == MZ_NAME_MAX) {
            snprintf(buf, len, "is longer than %d characters", MZ_NAME_MAX);
            return buf;
        }
    }
    if (lead && !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
                  (s[0] >= '0' && s[0] <= '9')))
        return "does not start with a letter or a digit";
    return NULL;
}

/* Why s is not printable text (NULL when it is): a control character
 * (C0, DEL, C1) or bytes that are not UTF-8. */
static const char *text_fault(const char *s, char *buf, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t k = 0; p[k];) {
        const unsigned char c = p[k];
        size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
                                : (c & 0xf8) == 0xf0 ? 4 : 0;
        char ch[8];
        if (c < 0x20 || c == 0x7f) {
            snprintf(buf, len, "has the control character %s at byte %zu",
                     char_shown(c, ch, sizeof ch), k + 1);
            return buf;
        }
        uint32_t u = n == 1 ? c : n == 2 ? c & 0x1fu : n == 3 ? c & 0x0fu : c & 0x07u;
        for (size_t j = 1; j < n; j++) {
            if ((p[k + j] & 0xc0) != 0x80) {
                n = 0;
                break;
            }
            u = u << 6 | (p[k + j] & 0x3fu);
        }
        if (n == 0 || (n == 2 && u < 0x80) || (n == 3 && u < 0x800) ||
            (n == 4 && (u < 0x10000 || u > 0x10ffff)) || (u >= 0xd800 && u <= 0xdfff)) {
            snprintf(buf, len, "is not UTF-8 at byte %zu (%s)", k + 1,
                     char_shown(c, ch, sizeof ch));
            return buf;
        }
        if (u >= 0x80 && u <= 0x9f) {
            snprintf(buf, len, "has the control character U+%04X at byte %zu", (unsigned)u,
                     k + 1);
            return buf;
        }
        k += n;
    }
    return NULL;
}

static const char *kind_word(mz_kind k)
{
    return k == MZ_GEN ? "generator" : k == MZ_POST ? "post-processor" : "solver";
}

/* The choices of p, "a|b|c": each a name (any first character), none
 * twice; *count gets how many. */
static const char *choices_fault(const char *choices, unsigned *count, char *buf, size_t len)
{
    *count = 0;
    if (!choices || !*choices)
        return "has no choices";
    const char *p = choices;
    for (;;) {
        const size_t n = strcspn(p, "|");
        char one[MZ_NAME_MAX + 2];
        if (n > MZ_NAME_MAX) {
            snprintf(buf, len, "has a choice longer than %d characters", MZ_NAME_MAX);
            return buf;
        }
        memcpy(one, p, n);
        one[n] = '\0';
        char why[160];
        const char *f = name_fault(one, false, why, sizeof why);
        if (f) {
            char sh[200];
            snprintf(buf, len, "has choice %u ('%s') that %s", *count + 1,
                     shown(one, sh, sizeof sh), f);
            return buf;
        }
        for (const char *q = choices; q < p;) {
            const size_t m = strcspn(q, "|");
            if (m == n && memcmp(q, p, n) == 0) {
                snprintf(buf, len, "has the choice '%s' twice", one);
                return buf;
            }
            q += m + 1;
        }
        ++*count;
        if (p[n] == '\0')
            return NULL;
        p += n + 1;
    }
}

static const char *param_fault(const mz_param_def *p, char *buf, size_t len)
{
    if ((unsigned)p->type > (unsigned)MZ_P_CELL) {
        snprintf(buf, len, "has type %u (0 real, 1 int, 2 enum, 3 cell)", (unsigned)p->type);
        return buf;
    }
    char why[160];
    const char *f;
    if (p->help && (f = text_fault(p->help, why, sizeof why)) != NULL) {
        snprintf(buf, len, "help %s", f);
        return buf;
    }
    switch (p->type) {
    case MZ_P_ENUM: {
        unsigned n = 0;
        if ((f = choices_fault(p->choices, &n, buf, len)) != NULL)
            return f;
        if (!(p->def >= 0 && p->def < n && p->def == floor(p->def))) {
            snprintf(buf, len, "has default %g, not the index of one of its %u choices", p->def,
                     n);
            return buf;
        }
        return NULL;
    }
    case MZ_P_REAL:
    case MZ_P_INT:
        if (!isfinite(p->min) || !isfinite(p->max) || !(p->min <= p->max) ||
            !(p->def >= p->min && p->def <= p->max) ||
            (p->type == MZ_P_INT && p->def != floor(p->def))) {
            snprintf(buf, len, "has default %g and range [%g, %g]: a default in a finite "
                     "range is needed%s", p->def, p->min, p->max,
                     p->type == MZ_P_INT ? " (an integer)" : "");
            return buf;
        }
        return NULL;
    case MZ_P_CELL:
        if (!(p->def == MZ_CELL_ENTRANCE || p->def == MZ_CELL_EXIT || p->def == MZ_CELL_CENTRE ||
              (p->def >= 0 && p->def == floor(p->def) && p->def <= 9007199254740992.0))) {
            snprintf(buf, len, "has default %g, neither a cell index nor entrance, exit or "
                     "centre", p->def);
            return buf;
        }
        return NULL;
    }
    return NULL;
}

mz_status mz_algo_check(const mz_algo *a, char *err, size_t errlen)
{
    char why[320], sh[200];
    const char *f;
    if (!a)
        return refuse(err, errlen, "no entry (NULL)");
    if ((f = name_fault(a->name, true, why, sizeof why)) != NULL)
        return refuse(err, errlen, "an entry's name%s%s%s %s", a->name ? " ('" : "",
                      a->name ? shown(a->name, sh, sizeof sh) : "", a->name ? "')" : "", f);
    const char *n = a->name;
    if ((unsigned)a->kind > (unsigned)MZ_SOLVER)
        return refuse(err, errlen, "entry '%s' has kind %u (0 generator, 1 post-processor, "
                      "2 solver)", n, (unsigned)a->kind);
    const char *k = kind_word(a->kind);
    if (!a->summary)
        return refuse(err, errlen, "%s '%s' has no summary", k, n);
    if ((f = text_fault(a->summary, why, sizeof why)) != NULL)
        return refuse(err, errlen, "%s '%s': its summary %s", k, n, f);
    if (a->kind == MZ_SOLVER ? !a->solve && !a->solve_ctx : !a->gen)
        return refuse(err, errlen, "%s '%s' has no %s function", k, n,
                      a->kind == MZ_SOLVER ? "solve" : "gen");
    if ((a->flags & MZ_F_PATH) && a->kind != MZ_SOLVER)
        return refuse(err, errlen, "%s '%s' declares a path (MZ_F_PATH), which only a solver "
                      "gives", k, n);
    if (a->shapes & ~(unsigned)MZ_SHAPES_ALL)
        return refuse(err, errlen, "%s '%s' declares shapes 0x%x beyond the known ones (0x%x)",
                      k, n, a->shapes, (unsigned)MZ_SHAPES_ALL);
    if (a->nparams > MZ_MAX_PARAMS || (a->nparams && !a->params))
        return refuse(err, errlen, "%s '%s' declares %u parameters (at most %d, with a params "
                      "table)", k, n, a->nparams, MZ_MAX_PARAMS);
    for (unsigned j = 0; j < a->nparams; j++) {
        const mz_param_def *p = &a->params[j];
        if ((f = name_fault(p->name, true, why, sizeof why)) != NULL)
            return refuse(err, errlen, "%s '%s': the name of parameter %u%s%s%s %s", k, n, j + 1,
                          p->name ? " ('" : "", p->name ? shown(p->name, sh, sizeof sh) : "",
                          p->name ? "')" : "", f);
        if ((f = param_fault(p, why, sizeof why)) != NULL)
            return refuse(err, errlen, "%s '%s': parameter '%s' %s", k, n, p->name, f);
        for (unsigned i = 0; i < j; i++)
            if (strcmp(a->params[i].name, p->name) == 0)
                return refuse(err, errlen, "%s '%s' has two parameters named '%s'", k, n,
                              p->name);
    }
    if (a->columns) {
        mz_cols own;
        mz_row_columns(&own, true, true, true, NULL, 0);
        size_t j = 0;
        for (; j <= MZ_MAX_EXTRA && a->columns[j]; j++) {
            const char *c = a->columns[j];
            if ((f = name_fault(c, false, why, sizeof why)) != NULL)
                return refuse(err, errlen, "%s '%s': the name of column %zu ('%s') %s", k, n,
                              j + 1, shown(c, sh, sizeof sh), f);
            for (unsigned i = 0; i < own.n; i++)
                if (strcmp(own.name[i], c) == 0)
                    return refuse(err, errlen, "%s '%s': column '%s' is one of a row's own "
                                  "columns", k, n, c);
            for (size_t i = 0; i < j; i++)
                if (strcmp(a->columns[i], c) == 0)
                    return refuse(err, errlen, "%s '%s' declares column '%s' twice", k, n, c);
        }
        if (j > MZ_MAX_EXTRA)
            return refuse(err, errlen, "%s '%s' declares more than %d columns, or a list "
                          "without its NULL end", k, n, MZ_MAX_EXTRA);
    }
    if (a->trace_ops) {
        size_t j = 0;
        for (; j < MZ_LIST_MAX && a->trace_ops[j].op; j++) {
            const mz_trace_op *o = &a->trace_ops[j];
            if ((f = name_fault(o->op, false, why, sizeof why)) != NULL)
                return refuse(err, errlen, "%s '%s': trace op %zu ('%s') %s", k, n, j + 1,
                              shown(o->op, sh, sizeof sh), f);
            if (o->meaning && (f = text_fault(o->meaning, why, sizeof why)) != NULL)
                return refuse(err, errlen, "%s '%s': the meaning of trace op '%s' %s", k, n,
                              o->op, f);
        }
        if (j == MZ_LIST_MAX)
            return refuse(err, errlen, "%s '%s': trace_ops has no end ({NULL, NULL} within %d "
                          "ops)", k, n, MZ_LIST_MAX);
    }
    if (a->trace_size && (f = text_fault(a->trace_size, why, sizeof why)) != NULL)
        return refuse(err, errlen, "%s '%s': its trace_size %s", k, n, f);
    return MZ_OK;
}

mz_status mz_text_check(const char *s, char *err, size_t errlen)
{
    char why[160];
    const char *f = s ? text_fault(s, why, sizeof why) : "is missing (NULL)";
    return f ? refuse(err, errlen, "%s", f) : MZ_OK;
}
