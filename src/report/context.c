/*
 * context.c - a run's context (its start, end, machine and load) and the
 * noisy mark of a timing cell (context.h).
 */
#include "context.h"

#include "out/out.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char MZR_NOISE_NOTE[] =
    "A time marked noisy: its 95% interval is wider than 25% of its median, or a sample lies "
    "past Tukey's far fences (3 interquartile ranges beyond the quartiles) and more than 25% "
    "from the median; such a figure may owe more to the machine than to the algorithm.";

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = (unsigned)(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? (unsigned)-3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long long)doe - 719468;
}

double mzr_iso_time(const char *t)
{
    int y, mo, d, h, mi, s, n = 0;
    if (!t || sscanf(t, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6 ||
        mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
        return NAN;
    const char *z = t + n;
    double off = 0;
    if (*z == '+' || *z == '-') {
        int oh, om;
        if (sscanf(z + 1, "%2d:%2d", &oh, &om) != 2)
            return NAN;
        off = (*z == '+' ? 1 : -1) * (oh * 3600.0 + om * 60.0);
    } else if (*z != 'Z') {
        return NAN;
    }
    return (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400.0 + h * 3600.0 +
           mi * 60.0 + s - off;
}

/* "load A B C" somewhere in v into l. */
static void load_of(const char *v, double l[3])
{
    l[0] = l[1] = l[2] = NAN;
    const char *p = v ? strstr(v, "load ") : NULL;
    if (p && sscanf(p + 5, "%lf %lf %lf", &l[0], &l[1], &l[2]) != 3)
        l[0] = l[1] = l[2] = NAN;
}

/* The first date-like word of v into buf. */
static void date_of(const char *v, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!v || !isfinite(mzr_iso_time(v)))
        return;
    size_t n = strcspn(v, ", ");
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), v);
}

void mzr_context_of(const mzt_summary *s, mzr_context *c)
{
    memset(c, 0, sizeof *c);
    c->t_start = c->t_end = c->seconds = c->commit_time = NAN;
    for (int k = 0; k < 3; k++)
        c->load_start[k] = c->load_end[k] = NAN;
    const char *start = NULL, *end = NULL;
    for (size_t k = 0; k < s->nmeta; k++) {
        if (!start && !strcmp(s->meta[k].key, "start"))
            start = s->meta[k].value;
        if (!strcmp(s->meta[k].key, "end"))
            end = s->meta[k].value; /* the last one: a resumed run's */
    }
    /* older sweeps: the date line is the start */
    const char *sv = start ? start : mzt_summary_meta(s, "date");
    date_of(sv, c->start, sizeof c->start);
    c->t_start = mzr_iso_time(c->start);
    load_of(start, c->load_start);
    long cores = 0;
    const char *at = start ? strstr(start, " cores") : NULL;
    if (at) {
        const char *b = at;
        while (b > start && b[-1] >= '0' && b[-1] <= '9')
            b--;
        cores = strtol(b, NULL, 10);
    }
    const char *cpu = mzt_summary_meta(s, "cpu");
    if (cpu) {
        /* "MODEL (N online)" */
        const char *o = strstr(cpu, " online)");
        const char *p = o ? o : NULL;
        while (p && p > cpu && p[-1] >= '0' && p[-1] <= '9')
            p--;
        if (p && p > cpu + 1 && p[-1] == '(' && o) {
            if (!cores)
                cores = strtol(p, NULL, 10);
            size_t n = (size_t)(p - 1 - cpu);
            while (n && cpu[n - 1] == ' ')
                n--;
            snprintf(c->cpu, sizeof c->cpu, "%.*s", (int)n, cpu);
        } else {
            snprintf(c->cpu, sizeof c->cpu, "%s", cpu);
        }
    }
    c->cores = cores;
    if (end && isfinite(mzr_iso_time(end))) {
        c->finished = true;
        date_of(end, c->end, sizeof c->end);
        c->t_end = mzr_iso_time(c->end);
        load_of(end, c->load_end);
        const char *sec = strrchr(end, ',');
        double v;
        if (sec && sscanf(sec + 1, "%lf s", &v) == 1)
            c->seconds = v;
    }
    c->commit_time = mzr_iso_time(mzt_summary_meta(s, "commit date"));
}

static void duration_text(double s, char *buf, size_t len)
{
    if (!isfinite(s))
        snprintf(buf, len, "unknown");
    else if (s < 120)
        snprintf(buf, len, "%.1f s", s);
    else if (s < 7200)
        snprintf(buf, len, "%.1f min (%.0f s)", s / 60, s);
    else
        snprintf(buf, len, "%.2f h (%.0f s)", s / 3600, s);
}

static int row(mzr_table *t, const char *item, const char *value)
{
    return mzr_table_row(t) | mzr_table_set(t, 0, "%s", item) | mzr_table_set(t, 1, "%s", value);
}

int mzr_context_rows(mzr_table *t, const mzt_summary *s, char **warning)
{
    *warning = NULL;
    mzr_context c;
    mzr_context_of(s, &c);
    int rc = MZO_OK;
    char buf[256];
    if (c.start[0])
        rc |= row(t, "started", c.start);
    rc |= row(t, "ended", c.finished ? c.end : "not recorded (a sweep before these lines, or "
                                               "one written to a pipe)");
    if (c.finished) {
        double took = isfinite(c.seconds) ? c.seconds : c.t_end - c.t_start;
        duration_text(took, buf, sizeof buf);
        rc |= row(t, "took", buf);
    }
    if (c.cores) {
        snprintf(buf, sizeof buf, "%ld", c.cores);
        rc |= row(t, "cores", buf);
    }
    const double *L[2] = {c.load_start, c.load_end};
    static const char *const lname[2] = {"load at start", "load at end"};
    bool high[2] = {false, false};
    for (int k = 0; k < 2; k++) {
        if (!isfinite(L[k][0]))
            continue;
        high[k] = c.cores && L[k][0] > (double)c.cores;
        snprintf(buf, sizeof buf, "%.2f %.2f %.2f (1, 5, 15 min averages)%s", L[k][0], L[k][1],
                 L[k][2], high[k] ? ": above the cores" : "");
        rc |= row(t, lname[k], buf);
    }
    size_t noisy = 0, timed = 0;
    for (size_t k = 0; k < s->ngrp; k++) {
        timed += s->grp[k].time.n > 0;
        noisy += s->grp[k].time.noisy;
    }
    if (timed) {
        snprintf(buf, sizeof buf, "%zu of %zu timing cells", noisy, timed);
        rc |= row(t, "noisy", buf);
    }
    if (rc != MZO_OK)
        return MZO_FAIL;
    char w[512] = "", fig[96];
    if (high[0] && high[1])
        snprintf(fig, sizeof fig, "%.2f and %.2f", L[0][0], L[1][0]);
    else
        snprintf(fig, sizeof fig, "%.2f", high[0] ? L[0][0] : L[1][0]);
    if (high[0] || high[1])
        snprintf(w, sizeof w,
                 "Warning: the load average was above the machine's %ld cores %s (%s): other "
                 "work shared the machine, so its timings may be slow or noisy.",
                 c.cores,
                 high[0] && high[1] ? "at the start and at the end"
                 : high[0]          ? "at the start"
                                    : "at the end",
                 fig);
    if (w[0]) {
        size_t n = strlen(w) + 1;
        if (!(*warning = malloc(n)))
            return MZO_FAIL;
        memcpy(*warning, w, n);
    }
    return MZO_OK;
}

int mzr_noise_mark(mzr_table *t, size_t c, const mzt_median *m, size_t *count)
{
    if (!m->noisy || !t->nrows || c >= t->ncols)
        return MZO_OK;
    const mzr_cell *cell = mzr_table_at(t, t->nrows - 1, c);
    char *text = cell && cell->text ? cell->text : "";
    size_t n = strlen(text) + 8;
    char *d = malloc(n);
    if (!d)
        return MZO_FAIL;
    snprintf(d, n, "%s%snoisy", text, *text ? " " : "");
    int rc = mzr_table_set(t, c, "%s", d);
    free(d);
    if (count)
        (*count)++;
    return rc;
}
