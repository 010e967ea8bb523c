/*
 * test_registry_golden.c - data/registry-golden.csv covers the whole
 * registry.
 *
 * The file holds the deterministic columns of every generator x every
 * solver (scripts/regen-registry-golden.sh); the ctest registry_golden_check
 * re-runs every row through 'mazebench check'. This test makes sure no
 * entry escapes it: a registry entry with no rows there fails, naming the
 * entry and the command that adds its rows. Checked for every entry:
 *   - every generator and every post-processor has rows in which it made
 *     a maze (a digest), at two sizes or more (one for a fixed-size
 *     generator) and three seeds or more;
 *   - every solver has rows in which it solved a maze, and a row with
 *     each generator; at least one of them on a maze with loops;
 *   - every choice of every enum parameter (frontier's pick rules, wall's
 *     hands, ...) appears in some row: the documented variants have rows;
 *   - every recipe of the file parses against this registry.
 * An entry that refuses every size of the file (the empty figures the
 * sweep writes for MZ_EUNSUPPORTED) has no digest and so fails here too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "mazebench.h"

#define GOLDEN MZ_SOURCE_DIR "/data/registry-golden.csv"
#define MAX_ENTRIES 128
#define MAX_SEEN 16
#define MAX_CHOICES 16

/* choice[entry][param][k]: some row runs the entry with choice k. */
static bool choice[MAX_ENTRIES][MZ_MAX_PARAMS][MAX_CHOICES];

struct seen {
    unsigned rows, made; /* rows naming the entry; rows with a maze (or a solution) */
    unsigned looped;     /* solvers: solved rows on a maze with loops */
    unsigned nsize, nseed;
    uint64_t size[MAX_SEEN];
    uint32_t seed[MAX_SEEN];
};

static size_t entry_index(const mz_algo *a)
{
    for (size_t k = 0; mz_registry[k]; k++)
        if (mz_registry[k] == a)
            return k;
    fail_msg("entry '%s' is not in the registry", a->name);
    return 0;
}

static void note_stage(const mz_stage *st)
{
    size_t e = entry_index(st->algo);
    for (unsigned k = 0; k < st->algo->nparams && k < MZ_MAX_PARAMS; k++)
        if (st->algo->params[k].type == MZ_P_ENUM && st->args.v[k] >= 0 &&
            st->args.v[k] < MAX_CHOICES)
            choice[e][k][(size_t)st->args.v[k]] = true;
}

static void note(struct seen *s, uint64_t rows, uint64_t cols, uint32_t seed)
{
    uint64_t z = rows << 32 | cols;
    unsigned k;
    for (k = 0; k < s->nsize && s->size[k] != z; k++)
        ;
    if (k == s->nsize && s->nsize < MAX_SEEN)
        s->size[s->nsize++] = z;
    for (k = 0; k < s->nseed && s->seed[k] != seed; k++)
        ;
    if (k == s->nseed && s->nseed < MAX_SEEN)
        s->seed[s->nseed++] = seed;
}

static void test_every_entry_has_rows(void **state)
{
    (void)state;
    FILE *f = fopen(GOLDEN, "r");
    if (!f)
        fail_msg("cannot read %s: run sh scripts/regen-registry-golden.sh", GOLDEN);
    static csv_rec h, r;
    assert_int_equal(csv_next(f, &h), 1);
    int cg = csv_col(&h, "gen"), cs = csv_col(&h, "seed"), cr = csv_col(&h, "rows"),
        cc = csv_col(&h, "cols"), cd = csv_col(&h, "digest"), cv = csv_col(&h, "solver"),
        cf = csv_col(&h, "found"), cl = csv_col(&h, "loops");
    assert_true(cg >= 0 && cs >= 0 && cr >= 0 && cc >= 0 && cd >= 0 && cv >= 0 && cf >= 0 &&
                cl >= 0);
    static struct seen seen[MAX_ENTRIES];
    static bool pair[MAX_ENTRIES][MAX_ENTRIES];
    size_t nentries = mz_registry_count();
    assert_true(nentries <= MAX_ENTRIES);
    unsigned line = 0;
    while (csv_next(f, &r)) {
        line++;
        mz_spec spec;
        mz_stage st;
        char err[256];
        if (mz_spec_parse(r.f[cg], &spec, err, sizeof err) != MZ_OK)
            fail_msg("row %u: %s: regenerate the file (scripts/regen-registry-golden.sh)", line,
                     err);
        bool made = r.f[cd][0] != '\0';
        uint64_t rows = strtoull(r.f[cr], NULL, 10), cols = strtoull(r.f[cc], NULL, 10);
        uint32_t seed = (uint32_t)strtoul(r.f[cs], NULL, 10);
        for (unsigned k = 0; k < spec.n; k++) {
            note_stage(&spec.stage[k]);
            struct seen *s = &seen[entry_index(spec.stage[k].algo)];
            s->rows++;
            if (made) {
                s->made++;
                note(s, rows, cols, seed);
            }
        }
        if (r.f[cv][0] == '\0')
            continue;
        if (mz_solver_parse(r.f[cv], &st, err, sizeof err) != MZ_OK)
            fail_msg("row %u: %s: regenerate the file (scripts/regen-registry-golden.sh)", line,
                     err);
        note_stage(&st);
        size_t si = entry_index(st.algo);
        struct seen *s = &seen[si];
        s->rows++;
        pair[entry_index(spec.stage[0].algo)][si] = true;
        if (r.f[cf][0] != '\0') { /* the solver ran */
            s->made++;
            note(s, rows, cols, seed);
            if (strtoll(r.f[cl], NULL, 10) > 0)
                s->looped++;
        }
    }
    fclose(f);
    assert_true(line > 0);

    const char *fix = "add it to data/registry-golden.plan if need be, run sh "
                      "scripts/regen-registry-golden.sh and review the new rows";
    for (size_t k = 0; k < nentries; k++) {
        const mz_algo *a = mz_registry[k];
        const struct seen *s = &seen[k];
        if (s->rows == 0)
            fail_msg("'%s' has no rows in data/registry-golden.csv: %s", a->name, fix);
        if (s->made == 0)
            fail_msg("'%s' has rows in data/registry-golden.csv but never %s there (it refused "
                     "every size?)",
                     a->name, a->kind == MZ_SOLVER ? "solved a maze" : "made a maze");
        unsigned want_sizes = (a->kind == MZ_GEN && (a->flags & MZ_F_FIXED_SIZE)) ? 1 : 2;
        if (a->kind != MZ_SOLVER && (s->nsize < want_sizes || s->nseed < 3))
            fail_msg("'%s' has mazes at %u sizes and %u seeds in data/registry-golden.csv; "
                     "%u sizes and 3 seeds are needed",
                     a->name, s->nsize, s->nseed, want_sizes);
        for (unsigned p = 0; p < a->nparams && p < MZ_MAX_PARAMS; p++) {
            const mz_param_def *d = &a->params[p];
            if (d->type != MZ_P_ENUM)
                continue;
            unsigned n = 0;
            for (const char *c = d->choices; c && *c; n++) {
                size_t len = strcspn(c, "|");
                if (n < MAX_CHOICES && !choice[k][p][n])
                    fail_msg("no row of data/registry-golden.csv runs '%s:%s=%.*s': add it to "
                             "data/registry-golden.plan, run sh scripts/regen-registry-golden.sh "
                             "and review the new rows",
                             a->name, d->name, (int)len, c);
                c += len + (c[len] == '|');
            }
        }
        if (a->kind == MZ_SOLVER) {
            if (s->looped == 0)
                fail_msg("solver '%s' never solved a maze with loops in "
                         "data/registry-golden.csv: %s",
                         a->name, fix);
            for (size_t g = 0; g < nentries; g++)
                if (mz_registry[g]->kind == MZ_GEN && !pair[g][k])
                    fail_msg("no row of data/registry-golden.csv solves a '%s' maze with '%s': "
                             "%s",
                             mz_registry[g]->name, a->name, fix);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_entry_has_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
