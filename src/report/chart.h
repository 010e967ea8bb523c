/*
 * chart.h - the report's charts: a small chart model and two renderers of
 * it, inline SVG text written here (the report's HTML carries it; no cairo
 * needed) and SVG or PDF files drawn through cairo (--charts DIR).
 *
 * A chart answers one question. It has a title, that question, axis labels
 * that carry their units, linear or logarithmic axes, and one or more
 * panels (small multiples) on shared axes. A panel holds at most
 * MZR_MAX_SERIES series, so a reader can tell them apart by colour
 * (Okabe-Ito's colour-blind-safe palette), marker and dash pattern; a
 * caller with more series facets them over several panels. A series is
 * named points (x, y) with an optional interval [lo, hi] drawn as a bar.
 *
 * Two kinds: MZR_LINES (points joined in x order, both axes numeric) and
 * MZR_BARS (horizontal bars, one row a category, the value axis linear
 * from 0; a series per bar of a row).
 *
 * Points that cannot be drawn (a NaN or infinite value, a value <= 0 on a
 * log axis) are left out; an interval end that cannot be drawn is left
 * out with its bar. A panel without any drawable point says "no data".
 * Everything is deterministic: the same chart gives the same bytes.
 *
 * Like the rest of the report: nothing prints or exits; a fallible call
 * returns MZO_OK, MZO_BAD (the request is wrong) or MZO_FAIL and writes a
 * one-line reason into err.
 */
#ifndef MZR_CHART_H
#define MZR_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "style.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MZR_MAX_SERIES 6   /* series a panel, at most */
#define MZR_PALETTE_N 8    /* colours of the palette */
#define MZR_MARKERS_N 6    /* marker shapes (and dash patterns) */

enum mzr_kind { MZR_LINES = 0, MZR_BARS = 1 };

typedef struct mzr_point {
    double x, y;
    double lo, hi; /* the interval, NAN when none */
    bool flag;     /* noisy (MZR_LINES: drawn ringed) */
} mzr_point;

typedef struct mzr_series {
    char *name;
    mzr_point *pt; /* MZR_LINES: sorted by x as they are added */
    size_t n, cap;
    mzr_style style; /* mzr_style_of(its index, 0) until set (style.h) */
} mzr_series;

typedef struct mzr_panel {
    char *title; /* "" for a chart of one panel */
    mzr_series series[MZR_MAX_SERIES];
    size_t nseries;
} mzr_panel;

typedef struct mzr_chart {
    char *name;     /* file stem and id: [a-z0-9-] */
    char *title;    /* "Generation time per cell" */
    char *question; /* "How does generation time per cell grow with size?" */
    char *note;     /* what the bars mean, where the data comes from; may be "" */
    char *xlabel, *ylabel; /* with units: "grid size (cells)" */
    enum mzr_kind kind;
    bool xlog, ylog; /* MZR_BARS: the value axis is x, never log */
    bool xint;       /* a linear x of whole numbers (runs): ticks at whole numbers only */
    /* MZR_BARS: the categories (one row each, top to bottom); a point's x
     * is its category's index, its y the value. */
    char **cat;
    size_t ncat;
    /* MZR_BARS of one series: a colour a category (its entry's, style.h),
     * or NULL for the series' colour */
    mzr_style *cat_style;
    mzr_panel *panel;
    size_t npanel;
} mzr_chart;

/* ---- building a chart (every call: MZO_OK, or MZO_FAIL on memory) ---- */

/* A chart with its texts copied (NULL texts become ""). */
int mzr_chart_init(mzr_chart *c, enum mzr_kind kind, const char *name, const char *title,
                   const char *question, const char *xlabel, const char *ylabel, bool xlog,
                   bool ylog);
int mzr_chart_set_note(mzr_chart *c, const char *note);
/* A new panel; *idx gets its index. */
int mzr_chart_add_panel(mzr_chart *c, const char *title, size_t *idx);
/* A new series in panel p; MZO_BAD when the panel has MZR_MAX_SERIES. */
int mzr_chart_add_series(mzr_chart *c, size_t p, const char *name, size_t *idx);
/* A point (lo, hi NAN for none); MZR_LINES keeps the points in x order. */
int mzr_chart_add_point(mzr_chart *c, size_t p, size_t s, double x, double y, double lo,
                        double hi);
/* The same, flagged (a noisy value: drawn with a ring round its marker). */
int mzr_chart_add_point_flag(mzr_chart *c, size_t p, size_t s, double x, double y, double lo,
                             double hi, bool flag);
/* A category (MZR_BARS); *idx gets its index. */
int mzr_chart_add_cat(mzr_chart *c, const char *name, size_t *idx);
/* The style of series s of panel p (MZO_BAD when there is none). */
int mzr_chart_series_style(mzr_chart *c, size_t p, size_t s, mzr_style st);
/* The style of category k's bar (MZR_BARS; MZO_BAD past the categories). */
int mzr_chart_cat_style(mzr_chart *c, size_t k, mzr_style st);
void mzr_chart_free(mzr_chart *c);
void mzr_charts_free(mzr_chart *c, size_t n); /* each, then the array */

/* Points of the chart that can be drawn (finite, > 0 on a log axis). */
size_t mzr_chart_drawable(const mzr_chart *c);

/* ---- axes (exposed for the tests) ---- */

#define MZR_MAX_TICKS 24
typedef struct mzr_axis {
    bool log;
    double lo, hi;            /* the range drawn (log: > 0) */
    size_t nticks;
    double tick[MZR_MAX_TICKS];
    char label[MZR_MAX_TICKS][24];
} mzr_axis;

/* The axis over data values [dmin, dmax] (either NAN: an empty axis, set
 * to 1..10 on a log axis and 0..1 on a linear one): a linear axis gets
 * 3 to 8 ticks at 1, 2 or 5 times a power of ten and stretches to its
 * outer ticks; a log axis runs a little past the data (6% of its span in
 * decades each side) with a tick at every power of ten inside (every
 * other one or fewer past 8 decades), and 2 and 5 (then 1.5, 3 and 7)
 * times them when fewer than two ticks would show.
 * from_zero: a linear axis that starts at 0 (bars). */
void mzr_axis_make(mzr_axis *a, bool log, double dmin, double dmax, bool from_zero);

/* A number as a tick label: SI suffixes k, M, G at and past 1000, plain
 * decimals below ("0.5", "20", "1.5k"). */
void mzr_tick_label(double v, char *buf, size_t len);

/* Colour of series i (0xRRGGBB, Okabe-Ito order chosen for white paper). */
uint32_t mzr_palette(size_t i);

/* ---- rendering ---- */

/* The height a chart takes at width w and height h: h, or more when its
 * rows of panels need it (a plot at least 120 units high, a bar chart 13
 * units a category; every panel's legend below it). Both renderers use it. */
double mzr_chart_height(const mzr_chart *c, double w, double h);

/* The chart as one <svg> element of w x mzr_chart_height() user units
 * (viewBox; the width follows the page), for inline use in HTML and
 * well-formed XML: text is <text> (escaped), ids are prefixed with the
 * chart's name, a <title> and <desc> carry the title and the question. */
void mzr_chart_svg(FILE *f, const mzr_chart *c, double w, double h);

enum mzr_format { MZR_SVG_TEXT = 0, MZR_SVG_CAIRO = 1, MZR_PDF = 2 };

/* The chart's points as CSV, one row a point: chart, panel, series,
 * category (bars), x, y, lo, hi (empty for NAN) and the series' (or the
 * bar's) colour (#rrggbb), marker and dash (style.h), and noisy (1 for a
 * flagged point): what it draws, for another plotting program
 * (scripts/charts.sh). With header, first the chart's title, question,
 * note, axis labels, kind and log axes as '# key: value' lines. */
void mzr_chart_csv(FILE *f, const mzr_chart *c, bool header);

/* Is the chart's cairo renderer built in (the PDF export needs it)? */
bool mzr_have_cairo(void);

/* The chart as a standalone file at f: MZR_SVG_TEXT (the inline SVG with
 * an XML declaration), or through cairo, MZR_SVG_CAIRO or MZR_PDF, w x
 * mzr_chart_height() points. MZO_BAD for a cairo format when cairo is not
 * built in. */
int mzr_chart_write(FILE *f, const mzr_chart *c, enum mzr_format fmt, double w, double h,
                    char *err, size_t errlen);

/* Every chart as dir/NAME.svg and dir/NAME.pdf (both drawn by cairo) at
 * w x h points, taller when its panels need it (mzr_chart_height), each
 * file replaced atomically. dir must exist. Without force an existing file
 * is refused (MZO_BAD, nothing written). Without cairo the export is
 * refused (MZO_BAD: "PDF charts need cairo ..."). w and h from 200 to
 * 5000. */
int mzr_charts_export(const mzr_chart *c, size_t n, const char *dir, double w, double h,
                      bool force, char *err, size_t errlen);

/* ---- the report's charts ---- */

struct mzt_summary;
/* The charts a sweep summary supports, each with data, into a new array
 * *out of *n (free with mzr_charts_free). Charts without any point are
 * left out; *n may be 0. MZO_FAIL on memory. */
int mzr_charts_from_summary(const struct mzt_summary *s, mzr_chart **out, size_t *n, char *err,
                            size_t errlen);

/* What the charts must know of an outside program (docs/report.md,
 * "Outside programs"): which entries are one, whether any run of it
 * succeeded and which time its groups carry. */
enum mzr_time_src {
    MZR_TIME_NONE = 0, /* no run succeeded */
    MZR_TIME_OWN,      /* every ok run: the program's own time (own_ns) */
    MZR_TIME_PROCESS,  /* every ok run: the whole process's wall time (process_ns) */
    MZR_TIME_MIXED     /* own time where the run gave one, else the whole process's */
};

typedef struct mzr_prog_mark {
    const char *name; /* the generator or solver spec of the sweep */
    int kind;         /* MZT_SUM_GEN or MZT_SUM_SOLVE */
    enum mzr_time_src time;
} mzr_prog_mark;

/* mzr_charts_from_summary with the outside programs marked: a series
 * without any point is left out of its chart and named in its note (an
 * outside program without any successful run as such, pointing at the
 * Outside programs section); in the time charts an outside entry's name
 * says which time it is and the note says which entries are whole-process
 * times beside the built-ins' in-process ones. */
int mzr_charts_pick(const struct mzt_summary *s, const mzr_prog_mark *m, size_t nm,
                    mzr_chart **out, size_t *n, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MZR_CHART_H */
