/*
 * style.h - families and the look of every entry: which panel a generator
 * or solver goes in, and its colour, marker and dash in every chart of the
 * report, of its exported chart files and of the gnuplot charts (which read
 * them from the charts' data files).
 *
 * Families (docs/charts.md, "Families and styles") group the registry's
 * entries by idea, each at most MZR_MAX_SERIES entries so that a family is
 * one panel: the uniform spanning trees, tree growth, sets and rows,
 * division and designed boards (generators); shortest-route solvers and
 * the others (walkers and floods). A generator spec with a post stage
 * (dfs+braid:keep=0.5) is a maze with loops; an outside program is in the
 * outside programs' family; a name the table does not know (a plugin) in
 * "other".
 *
 * A registry entry's colour is its index within its family (Okabe-Ito's
 * palette), so adding an entry to one family moves no colour of another.
 * Specs of one entry with other parameters (prim:mode=simplified) share
 * its colour and take the next markers and dashes, in name order among the
 * specs of the run. The dynamic families (loops, outside programs, other)
 * number their members in the run by the registry order of the first
 * stage, then by name. The same run gives the same styles everywhere.
 *
 * Nothing prints or exits; a fallible call returns MZO_OK or MZO_FAIL.
 */
#ifndef MZR_STYLE_H
#define MZR_STYLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mzr_style {
    uint32_t rgb; /* 0xRRGGBB */
    int marker;   /* 0 circle, 1 square, 2 triangle, 3 diamond, 4 triangle down, 5 cross */
    int dash;     /* 0 solid, 1 dashed, 2 dotted, 3 dash-dot, 4 long dash, 5 sparse dots */
} mzr_style;

enum { MZR_FAM_GEN = 0, MZR_FAM_SOLVE = 1 };

typedef struct mzr_family {
    const char *id;    /* "uniform": stable, for data files */
    const char *title; /* "uniform spanning trees": a panel's title */
    int kind;          /* MZR_FAM_GEN or MZR_FAM_SOLVE */
    bool dynamic;      /* members numbered in the run (loops, outside, other) */
} mzr_family;

extern const mzr_family mzr_families[];
extern const size_t mzr_nfamilies;

/* The family table of the registry's entries: name, family index. */
typedef struct mzr_family_entry {
    const char *name;
    size_t family;
} mzr_family_entry;

extern const mzr_family_entry mzr_family_entries[];
extern const size_t mzr_nfamily_entries;

/* The family of a registry entry by name (kind MZR_FAM_GEN: generators and
 * post stages, MZR_FAM_SOLVE: solvers), or SIZE_MAX when the table does
 * not have it. */
size_t mzr_entry_family(int kind, const char *name);

/* The styles of one run: every spec the run's charts show, each with its
 * family and style. */
typedef struct mzr_style_entry {
    char *spec;     /* as written in the sweep */
    int kind;       /* MZR_FAM_GEN or MZR_FAM_SOLVE */
    size_t family;  /* index into mzr_families */
    size_t slot;    /* its place in the family (colour) */
    size_t variant; /* its place among the specs of its entry (marker, dash) */
    mzr_style style;
} mzr_style_entry;

typedef struct mzr_styles {
    mzr_style_entry *e;
    size_t n, cap;
    bool done; /* mzr_styles_assign ran */
} mzr_styles;

void mzr_styles_init(mzr_styles *s);
/* Add a spec the run shows (again: no-op); outside: an outside program. */
int mzr_styles_add(mzr_styles *s, int kind, const char *spec, bool outside);
/* Number the dynamic families and the variants (after every add). */
void mzr_styles_assign(mzr_styles *s);
/* The entry of a spec, or NULL. */
const mzr_style_entry *mzr_styles_find(const mzr_styles *s, int kind, const char *spec);
/* The style of a spec; a spec never added gets the style of slot 0. */
mzr_style mzr_styles_get(const mzr_styles *s, int kind, const char *spec);
void mzr_styles_free(mzr_styles *s);

/* The style of slot and variant (the one function every chart's colour,
 * marker and dash comes from). */
mzr_style mzr_style_of(size_t slot, size_t variant);

/* The styles of the specs a sweep summary shows (its generator and solver
 * specs), its outside programs marked (m[0..nm), chart.h; may be NULL). */
struct mzt_summary;
struct mzr_prog_mark;
int mzr_styles_from_summary(mzr_styles *s, const struct mzt_summary *sum,
                            const struct mzr_prog_mark *m, size_t nm);

#ifdef __cplusplus
}
#endif

#endif /* MZR_STYLE_H */
