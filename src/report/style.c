/*
 * style.c - the families of the registry's entries and the one style
 * assignment every chart uses (style.h).
 */
#include "style.h"

#include "chart.h"
#include "out/out.h"
#include "tools/summary.h"

#include <stdlib.h>
#include <string.h>

enum {
    FAM_UNIFORM = 0,
    FAM_GROWTH,
    FAM_SETS,
    FAM_BOARDS,
    FAM_LOOPS,
    FAM_GEN_OUTSIDE,
    FAM_GEN_OTHER,
    FAM_SHORTEST,
    FAM_WALKERS,
    FAM_SOLVE_OUTSIDE,
    FAM_SOLVE_OTHER,
    FAM_N
};

const mzr_family mzr_families[FAM_N] = {
    [FAM_UNIFORM] = {"uniform", "uniform spanning trees", MZR_FAM_GEN, false},
    [FAM_GROWTH] = {"growth", "tree growth from a cell", MZR_FAM_GEN, false},
    [FAM_SETS] = {"sets", "sets and rows", MZR_FAM_GEN, false},
    [FAM_BOARDS] = {"boards", "division and designed boards", MZR_FAM_GEN, false},
    [FAM_LOOPS] = {"loops", "mazes with loops (post stages)", MZR_FAM_GEN, true},
    [FAM_GEN_OUTSIDE] = {"outside-gen", "outside generators", MZR_FAM_GEN, true},
    [FAM_GEN_OTHER] = {"other-gen", "other generators", MZR_FAM_GEN, true},
    [FAM_SHORTEST] = {"shortest", "shortest-route solvers", MZR_FAM_SOLVE, false},
    [FAM_WALKERS] = {"walkers", "walkers and floods", MZR_FAM_SOLVE, false},
    [FAM_SOLVE_OUTSIDE] = {"outside-solve", "outside solvers", MZR_FAM_SOLVE, true},
    [FAM_SOLVE_OTHER] = {"other-solve", "other solvers", MZR_FAM_SOLVE, true},
};
const size_t mzr_nfamilies = FAM_N;

/* Every registry entry, by family; its index within the family is its
 * colour. A new entry goes at the end of its family. */
const mzr_family_entry mzr_family_entries[] = {
    {"wilson", FAM_UNIFORM},
    {"aldous-broder", FAM_UNIFORM},
    {"dfs", FAM_GROWTH},
    {"frontier", FAM_GROWTH},
    {"growing-tree", FAM_GROWTH},
    {"hunt-and-kill", FAM_GROWTH},
    {"prim", FAM_GROWTH},
    {"kruskal", FAM_SETS},
    {"eller", FAM_SETS},
    {"sidewinder", FAM_SETS},
    {"binary-tree", FAM_SETS},
    {"recursive-division", FAM_BOARDS},
    {"mainpath", FAM_BOARDS},
    {"treasure", FAM_BOARDS},
    {"pacman", FAM_BOARDS},
    {"braid", FAM_LOOPS},
    {"bfs", FAM_SHORTEST},
    {"bibfs", FAM_SHORTEST},
    {"astar", FAM_SHORTEST},
    {"valley", FAM_SHORTEST},
    {"deadend-fill", FAM_SHORTEST},
    {"collision", FAM_SHORTEST},
    {"wall", FAM_WALKERS},
    {"pledge", FAM_WALKERS},
    {"tremaux", FAM_WALKERS},
    {"flood", FAM_WALKERS},
};
const size_t mzr_nfamily_entries = sizeof mzr_family_entries / sizeof mzr_family_entries[0];

/* The entry's row in the table, or SIZE_MAX. */
static size_t entry_row(int kind, const char *name, size_t len)
{
    for (size_t k = 0; k < mzr_nfamily_entries; k++) {
        const mzr_family_entry *e = &mzr_family_entries[k];
        if (mzr_families[e->family].kind == kind && strlen(e->name) == len &&
            !strncmp(e->name, name, len))
            return k;
    }
    return SIZE_MAX;
}

size_t mzr_entry_family(int kind, const char *name)
{
    size_t r = entry_row(kind, name, strlen(name));
    return r == SIZE_MAX ? SIZE_MAX : mzr_family_entries[r].family;
}

/* Its index within its family. */
static size_t entry_slot(size_t row)
{
    size_t slot = 0;
    for (size_t k = 0; k < row; k++)
        slot += mzr_family_entries[k].family == mzr_family_entries[row].family;
    return slot;
}

mzr_style mzr_style_of(size_t slot, size_t variant)
{
    mzr_style st;
    st.rgb = mzr_palette(slot % MZR_PALETTE_N);
    st.marker = (int)((slot + variant) % MZR_MARKERS_N);
    st.dash = (int)((slot + variant) % MZR_MARKERS_N);
    return st;
}

void mzr_styles_init(mzr_styles *s)
{
    memset(s, 0, sizeof *s);
}

/* The length of a spec's first stage name: up to ':' or '+'. */
static size_t stem_len(const char *spec)
{
    return strcspn(spec, ":+");
}

int mzr_styles_add(mzr_styles *s, int kind, const char *spec, bool outside)
{
    if (mzr_styles_find(s, kind, spec))
        return MZO_OK;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        mzr_style_entry *e = realloc(s->e, cap * sizeof *e);
        if (!e)
            return MZO_FAIL;
        s->e = e;
        s->cap = cap;
    }
    mzr_style_entry *e = &s->e[s->n];
    memset(e, 0, sizeof *e);
    size_t l = strlen(spec) + 1;
    if (!(e->spec = malloc(l)))
        return MZO_FAIL;
    memcpy(e->spec, spec, l);
    e->kind = kind;
    const bool gen = kind == MZR_FAM_GEN;
    size_t row = entry_row(kind, spec, stem_len(spec));
    if (outside)
        e->family = gen ? FAM_GEN_OUTSIDE : FAM_SOLVE_OUTSIDE;
    else if (gen && strchr(spec, '+'))
        e->family = FAM_LOOPS;
    else if (row == SIZE_MAX)
        e->family = gen ? FAM_GEN_OTHER : FAM_SOLVE_OTHER;
    else
        e->family = mzr_family_entries[row].family;
    e->slot = !mzr_families[e->family].dynamic && row != SIZE_MAX ? entry_slot(row) : 0;
    s->n++;
    s->done = false;
    return MZO_OK;
}

/* The registry row of an entry's first stage, SIZE_MAX past every row. */
static size_t first_row(const mzr_style_entry *e)
{
    size_t r = entry_row(MZR_FAM_GEN, e->spec, stem_len(e->spec));
    if (r == SIZE_MAX)
        r = entry_row(MZR_FAM_SOLVE, e->spec, stem_len(e->spec));
    return r;
}

/* Does a come before b in a dynamic family: registry order of the first
 * stage, then name? */
static bool dyn_before(const mzr_style_entry *a, const mzr_style_entry *b)
{
    size_t ra = first_row(a), rb = first_row(b);
    if (ra != rb)
        return ra < rb;
    return strcmp(a->spec, b->spec) < 0;
}

/* The same entry: one family, one first stage (a static family), and the
 * bare name before its other specs, then name order. */
static bool same_entry(const mzr_style_entry *a, const mzr_style_entry *b)
{
    size_t la = stem_len(a->spec), lb = stem_len(b->spec);
    return a->kind == b->kind && a->family == b->family && la == lb &&
           !strncmp(a->spec, b->spec, la);
}

static bool variant_before(const mzr_style_entry *a, const mzr_style_entry *b)
{
    bool ba = !a->spec[stem_len(a->spec)], bb = !b->spec[stem_len(b->spec)];
    if (ba != bb)
        return ba;
    return strcmp(a->spec, b->spec) < 0;
}

void mzr_styles_assign(mzr_styles *s)
{
    for (size_t i = 0; i < s->n; i++) {
        mzr_style_entry *e = &s->e[i];
        e->variant = 0;
        if (mzr_families[e->family].dynamic) {
            e->slot = 0;
            for (size_t j = 0; j < s->n; j++)
                e->slot += j != i && s->e[j].family == e->family && s->e[j].kind == e->kind &&
                           dyn_before(&s->e[j], e);
        } else {
            for (size_t j = 0; j < s->n; j++)
                e->variant += j != i && same_entry(&s->e[j], e) && variant_before(&s->e[j], e);
        }
        e->style = mzr_style_of(e->slot, e->variant);
    }
    s->done = true;
}

const mzr_style_entry *mzr_styles_find(const mzr_styles *s, int kind, const char *spec)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->e[i].kind == kind && !strcmp(s->e[i].spec, spec))
            return &s->e[i];
    return NULL;
}

mzr_style mzr_styles_get(const mzr_styles *s, int kind, const char *spec)
{
    const mzr_style_entry *e = mzr_styles_find(s, kind, spec);
    return e && s->done ? e->style : mzr_style_of(0, 0);
}

void mzr_styles_free(mzr_styles *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->e[i].spec);
    free(s->e);
    memset(s, 0, sizeof *s);
}

static bool is_outside(const mzr_prog_mark *m, size_t nm, int kind, const char *name)
{
    for (size_t k = 0; m && k < nm; k++)
        if (m[k].kind == kind && m[k].name && !strcmp(m[k].name, name))
            return true;
    return false;
}

int mzr_styles_from_summary(mzr_styles *s, const mzt_summary *sum, const mzr_prog_mark *m,
                            size_t nm)
{
    int rc = MZO_OK;
    for (size_t i = 0; i < sum->ngrp && rc == MZO_OK; i++) {
        const mzt_sum_group *g = &sum->grp[i];
        if (g->kind == MZT_SUM_GEN)
            rc = mzr_styles_add(s, MZR_FAM_GEN, g->gen,
                                is_outside(m, nm, MZT_SUM_GEN, g->gen));
        else
            rc = mzr_styles_add(s, MZR_FAM_SOLVE, g->solver,
                                is_outside(m, nm, MZT_SUM_SOLVE, g->solver));
    }
    mzr_styles_assign(s);
    return rc;
}
