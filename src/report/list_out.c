/*
 * list_out.c - what 'mazebench list' writes (list_out.h): the registry's
 * entries, built-in and added, as text, CSV or JSON.
 */
#include "list_out.h"

#include "mazebench_plugin.h"
#include "out/out.h"
#include "sweep.h"

#include <stdlib.h>
#include <string.h>

static const char *kind_title(mz_kind k)
{
    return k == MZ_GEN ? "generators" : k == MZ_POST ? "post-processors" : "solvers";
}

static const char *kind_name(mz_kind k)
{
    return k == MZ_GEN ? "generator" : k == MZ_POST ? "post-processor" : "solver";
}

static const char *type_name(mz_ptype t)
{
    return t == MZ_P_REAL ? "real" : t == MZ_P_INT ? "int" : t == MZ_P_ENUM ? "enum" : "cell";
}

/* Flags as names joined by sep ("" when none). */
static void flag_names(const mz_algo *a, const char *sep, char *buf, size_t len)
{
    static const struct { unsigned bit; const char *name; } names[] = {
        {MZ_F_PERFECT, "perfect"},       {MZ_F_SHORTEST, "shortest"},
        {MZ_F_PATH, "path"},             {MZ_F_BLOCKS, "blocks-cells"},
        {MZ_F_FIXED_SIZE, "fixed-size"}, {MZ_F_OWN_ENDS, "own-ends"},
    };
    buf[0] = '\0';
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (!(a->flags & names[k].bit))
            continue;
        if (buf[0])
            strncat(buf, sep, len - strlen(buf) - 1);
        strncat(buf, names[k].name, len - strlen(buf) - 1);
    }
    if (a->refuses || a->refuses_ctx) {
        if (buf[0])
            strncat(buf, sep, len - strlen(buf) - 1);
        strncat(buf, "refuses-sizes", len - strlen(buf) - 1);
    }
}

/* The shortest of %.15g .. %.17g that reads back as v. */
static void fmt_num(double v, char *buf, size_t len)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* A parameter's default as text: a number, a choice, or a cell role. */
static void param_default(const mz_param_def *p, char *buf, size_t len)
{
    if (p->type == MZ_P_ENUM) {
        const char *c = p->choices;
        for (unsigned k = 0; k < (unsigned)p->def && strchr(c, '|'); k++)
            c = strchr(c, '|') + 1;
        snprintf(buf, len, "%.*s", (int)strcspn(c, "|"), c);
    } else if (p->type == MZ_P_CELL && p->def < 0) {
        snprintf(buf, len, "%s", p->def == MZ_CELL_ENTRANCE ? "entrance"
                                 : p->def == MZ_CELL_EXIT   ? "exit"
                                                            : "centre");
    } else {
        fmt_num(p->def, buf, len);
    }
}

/* Length of the UTF-8 character at s that a terminal may show as it is
 * (not a control character: C0, DEL, C1), or 0. */
static size_t shown_char(const unsigned char *s)
{
    const unsigned char c = s[0];
    if (c < 0x80)
        return c >= 0x20 && c != 0x7f;
    const size_t n = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    uint32_t u = n == 2 ? c & 0x1fu : n == 3 ? c & 0x0fu : c & 0x07u;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return 0;
        u = u << 6 | (s[k] & 0x3fu);
    }
    if (n == 0 || (n == 2 && u < 0xa0) || (n == 3 && u < 0x800) ||
        (n == 4 && (u < 0x10000 || u > 0x10ffff)) || (u >= 0xd800 && u <= 0xdfff))
        return 0; /* C1 (U+0080..U+009F), overlong or not UTF-8 */
    return n;
}

/* Text a declaration holds, for a terminal: a control character (an ESC
 * that would start a terminal sequence, a newline) or a byte that is not
 * UTF-8 as a visible \xNN. Entries added at run time are refused at load
 * when they hold one (mz_algo_check): this is the second line of defence.
 * Padded with spaces to width characters. */
static void put_text(FILE *out, const char *text, int width)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    int shown = 0;
    while (*s) {
        size_t n = shown_char(s);
        if (n) {
            fwrite(s, 1, n, out);
            s += n;
            shown++;
        } else {
            fprintf(out, "\\x%02x", *s++);
            shown += 4;
        }
    }
    for (; shown < width; shown++)
        fputc(' ', out);
}

static void print_param(FILE *out, const mz_param_def *p)
{
    char def[128];
    param_default(p, def, sizeof def);
    fprintf(out, "      ");
    put_text(out, p->name, 8);
    fputc(' ', out);
    switch (p->type) {
    case MZ_P_REAL: fprintf(out, "number in [%g, %g], default %s", p->min, p->max, def); break;
    case MZ_P_INT: fprintf(out, "integer in [%.0f, %.0f], default %s", p->min, p->max, def); break;
    case MZ_P_ENUM:
        put_text(out, p->choices, 0);
        fprintf(out, ", default ");
        put_text(out, def, 0);
        break;
    case MZ_P_CELL: fprintf(out, "cell index or entrance|exit|centre, default %s", def); break;
    }
    fprintf(out, ": ");
    put_text(out, p->help, 0);
    fputc('\n', out);
}

static void list_text(FILE *out, const char *(*plugin_of)(const mz_algo *))
{
    char flags[256];
    for (int kind = MZ_GEN; kind <= MZ_SOLVER; kind++) {
        fprintf(out, "%s%s:\n", kind == MZ_GEN ? "" : "\n", kind_title((mz_kind)kind));
        /* The built-in entries, then those added (--programs, --plugin). */
        const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
        for (int li = 0; li < 2; li++)
        for (const mz_algo *const *a = lists[li]; *a; a++) {
            if ((int)(*a)->kind != kind)
                continue;
            fprintf(out, "  ");
            put_text(out, (*a)->name, 10);
            fputc(' ', out);
            put_text(out, (*a)->summary, 0);
            fputc('\n', out);
            if (plugin_of(*a)) {
                fprintf(out, "      plugin:  ");
                put_text(out, plugin_of(*a), 0);
                fputc('\n', out);
            }
            flag_names(*a, " ", flags, sizeof flags);
            if (flags[0])
                fprintf(out, "      flags:   %s\n", flags);
            char shapes[128];
            sw_shapes_text(*a, shapes, sizeof shapes);
            fprintf(out, "      shapes:  %s\n", shapes);
            for (unsigned p = 0; p < (*a)->nparams; p++)
                print_param(out, &(*a)->params[p]);
            if ((*a)->columns) {
                fprintf(out, "      columns:");
                for (const char *const *c = (*a)->columns; *c; c++) {
                    fputc(' ', out);
                    put_text(out, *c, 0);
                }
                fprintf(out, "\n");
            }
            if ((*a)->trace_ops) {
                fprintf(out, "      trace:  ");
                for (const mz_trace_op *o = (*a)->trace_ops; o->op; o++) {
                    fputc(' ', out);
                    put_text(out, o->op, 0);
                }
                fprintf(out, "; size = ");
                put_text(out, (*a)->trace_size, 0);
                fputc('\n', out);
            }
        }
    }
}

/* An entry's declared trace steps a cell on shape s: a number, or
 * "unbounded". */
static void fmt_steps(const mz_algo *a, mz_shape s, char *buf, size_t len)
{
    double v = mz_runs_on(a, s) ? a->trace_steps_per_cell[s] : 0;
    if (v < 0)
        snprintf(buf, len, "unbounded");
    else
        fmt_num(v, buf, len);
}

/* The draws a cell an entry declares on shape s as text: "c0", then
 * " + c1 L", " + c2 L^2" and " + c3 sqrt(cells)" for the terms it has
 * (L = log2 of the cells). */
static void fmt_draws(const mz_algo *a, mz_shape s, char *buf, size_t len)
{
    const double *c = a->draws_per_cell[s];
    static const char *const unit[4] = {"", " L", " L^2", " sqrt(cells)"};
    size_t at = 0;
    for (int k = 0; k < 4 && at < len; k++) {
        if (k > 0 && c[k] == 0)
            continue;
        char t[40];
        fmt_num(mz_runs_on(a, s) ? c[k] : 0, t, sizeof t);
        int n = snprintf(buf + at, len - at, "%s%s%s", k ? " + " : "", t, unit[k]);
        at += n > 0 ? (size_t)n : 0;
    }
}

/* The cells of the smallest near-square grid of shape s on which the
 * entry alone is estimated to take more than draws draws (with
 * MZ_MULBERRY32_BUDGET: where 'rng auto' switches to splitmix64; with 2^32:
 * where mulberry32 would go round its cycle), as text; "" when no grid up
 * to MZ_MAX_CELLS does, and for a fixed-size generator. */
static void fmt_past_cells(const mz_algo *a, mz_shape s, double draws, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!mz_runs_on(a, s) || a->kind == MZ_SOLVER || (a->flags & MZ_F_FIXED_SIZE))
        return; /* a fixed-size generator's draws do not grow with a size asked */
    for (uint64_t side = 16; side <= (UINT64_C(1) << 20); side += side / 64 + 1) {
        uint64_t cells = side * side;
        if (mz_algo_draws(a, s, (double)cells) > draws) {
            snprintf(buf, len, "%.3g", (double)cells);
            return;
        }
    }
}

/* The memory and trace figures an entry declares on shape s, as text:
 * bytes_fixed, bytes_per_col, trace_steps_per_cell, draws_per_cell and
 * the cells past which mulberry32's budget is spent. */
typedef struct decl_text {
    char fixed[64], col[64], steps[64], draws[160], budget[64], wrap[64];
} decl_text;

static void decl_of(const mz_algo *a, mz_shape s, decl_text *d)
{
    bool on = mz_runs_on(a, s);
    fmt_num(on ? a->bytes_fixed[s] : 0, d->fixed, sizeof d->fixed);
    fmt_num(on ? a->bytes_per_col[s] : 0, d->col, sizeof d->col);
    fmt_steps(a, s, d->steps, sizeof d->steps);
    d->draws[0] = d->budget[0] = d->wrap[0] = '\0';
    if (a->kind != MZ_SOLVER) {
        fmt_draws(a, s, d->draws, sizeof d->draws);
        fmt_past_cells(a, s, (double)MZ_MULBERRY32_BUDGET, d->budget, sizeof d->budget);
        fmt_past_cells(a, s, 4294967296.0, d->wrap, sizeof d->wrap);
    }
}

/* One CSV record of the long list: record,algo,kind,name,type,default,min,
 * max,choices,flags,bytes_per_cell,bytes_fixed,bytes_per_col,
 * trace_steps_per_cell,draws_per_cell,mulberry32_cells,mulberry32_wrap_cells,
 * text (empty fields
 * where they do not apply). The
 * declared figures are the entry's values on square cells in its algo
 * record and its values on that shape in each shape record. */
static void csv_record(FILE *out, const char *record, const mz_algo *a, const char *name,
                       const char *type, const char *def, const char *min, const char *max,
                       const char *choices, const char *flags, const char *bpc,
                       const decl_text *d, const char *text)
{
    const char *f[] = {record, a->name, kind_name(a->kind), name, type, def, min, max,
                       choices, flags, bpc, d ? d->fixed : NULL, d ? d->col : NULL,
                       d ? d->steps : NULL, d ? d->draws : NULL, d ? d->budget : NULL,
                       d ? d->wrap : NULL, text};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        if (k)
            fputc(',', out);
        mzo_csv_string(out, f[k] ? f[k] : "");
    }
    fputc('\n', out);
}

static void list_csv(FILE *out)
{
    char flags[256], bpc[64], def[128], min[64], max[64];
    fputs("record,algo,kind,name,type,default,min,max,choices,flags,bytes_per_cell,bytes_fixed,"
          "bytes_per_col,trace_steps_per_cell,draws_per_cell,mulberry32_cells,"
          "mulberry32_wrap_cells,text\n",
          out);
    decl_text d;
    /* The built-in entries, then those added (--programs, --plugin). */
    const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
    for (int li = 0; li < 2; li++)
    for (const mz_algo *const *ap = lists[li]; *ap; ap++) {
        const mz_algo *a = *ap;
        flag_names(a, "|", flags, sizeof flags);
        fmt_num(mz_algo_bytes_per_cell(a, MZ_SHAPE_ORTHO), bpc, sizeof bpc);
        decl_of(a, MZ_SHAPE_ORTHO, &d);
        csv_record(out, "algo", a, a->name, NULL, NULL, NULL, NULL, NULL, flags, bpc, &d,
                   a->summary);
        for (unsigned k = 0; k < a->nparams; k++) {
            const mz_param_def *p = &a->params[k];
            param_default(p, def, sizeof def);
            bool ranged = p->type == MZ_P_REAL || p->type == MZ_P_INT;
            fmt_num(p->min, min, sizeof min);
            fmt_num(p->max, max, sizeof max);
            csv_record(out, "param", a, p->name, type_name(p->type), def, ranged ? min : NULL,
                       ranged ? max : NULL, p->type == MZ_P_ENUM ? p->choices : NULL, NULL, NULL,
                       NULL, p->help);
        }
        for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                fmt_num(mz_algo_bytes_per_cell(a, (mz_shape)k), bpc, sizeof bpc);
                decl_of(a, (mz_shape)k, &d);
                csv_record(out, "shape", a, mz_shape_name((mz_shape)k), NULL, NULL, NULL, NULL,
                           NULL, NULL, bpc, &d, NULL);
            }
        if (a->columns)
            for (const char *const *c = a->columns; *c; c++)
                csv_record(out, "column", a, *c, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                           NULL);
        if (a->trace_ops) {
            for (const mz_trace_op *o = a->trace_ops; o->op; o++)
                csv_record(out, "trace_op", a, o->op, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                           NULL, o->meaning);
            csv_record(out, "trace_size", a, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                       a->trace_size);
        }
    }
}

static void json_string(FILE *out, const char *s)
{
    mzo_json_string(out, s);
}

static void list_json(FILE *out)
{
    char def[128];
    fprintf(out, "[");
    /* The built-in entries, then those added (--programs, --plugin). */
    const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
    bool first = true;
    for (int li = 0; li < 2; li++)
    for (const mz_algo *const *ap = lists[li]; *ap; ap++) {
        const mz_algo *a = *ap;
        fprintf(out, "%s\n  {\"name\": ", first ? "" : ",");
        first = false;
        json_string(out, a->name);
        fprintf(out, ", \"kind\": ");
        json_string(out, kind_name(a->kind));
        fprintf(out, ", \"flags\": [");
        char flags[256];
        flag_names(a, "|", flags, sizeof flags);
        for (char *p = flags, *q; *p; p = q) {
            q = p + strcspn(p, "|");
            fprintf(out, "%s\"%.*s\"", p == flags ? "" : ", ", (int)(q - p), p);
            if (*q)
                q++;
        }
        char num[64];
        fmt_num(mz_algo_bytes_per_cell(a, MZ_SHAPE_ORTHO), num, sizeof num);
        fprintf(out, "], \"shapes\": [");
        for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                fprintf(out, "%s", n++ ? ", " : "");
                json_string(out, mz_shape_name((mz_shape)k));
            }
        fprintf(out, "], \"bytes_per_cell\": %s, \"shape_bytes_per_cell\": {", num);
        for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                char v[64];
                fmt_num(mz_algo_bytes_per_cell(a, (mz_shape)k), v, sizeof v);
                fprintf(out, "%s", n++ ? ", " : "");
                json_string(out, mz_shape_name((mz_shape)k));
                fprintf(out, ": %s", v);
            }
        fprintf(out, "}");
        /* the other declared figures, by shape (trace steps: a number or
         * "unbounded") */
        static const char *const keys[] = {"shape_bytes_fixed", "shape_bytes_per_col",
                                           "shape_trace_steps_per_cell",
                                           "shape_draws_per_cell"};
        for (int w = 0; w < 4; w++) {
            fprintf(out, ", \"%s\": {", keys[w]);
            for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
                if (mz_runs_on(a, (mz_shape)k)) {
                    decl_text d;
                    decl_of(a, (mz_shape)k, &d);
                    fprintf(out, "%s", n++ ? ", " : "");
                    json_string(out, mz_shape_name((mz_shape)k));
                    if (w == 2 && a->trace_steps_per_cell[k] < 0)
                        fprintf(out, ": \"unbounded\"");
                    else if (w == 3) {
                        fprintf(out, ": [");
                        for (int j = 0; j < 4; j++) {
                            char v[64];
                            fmt_num(a->kind == MZ_SOLVER ? 0 : a->draws_per_cell[k][j], v,
                                    sizeof v);
                            fprintf(out, "%s%s", j ? ", " : "", v);
                        }
                        fprintf(out, "]");
                    } else
                        fprintf(out, ": %s", w == 0 ? d.fixed : w == 1 ? d.col : d.steps);
                }
            fprintf(out, "}");
        }
        fprintf(out, ", \"summary\": ");
        json_string(out, a->summary);
        fprintf(out, ",\n   \"params\": [");
        for (unsigned k = 0; k < a->nparams; k++) {
            const mz_param_def *p = &a->params[k];
            param_default(p, def, sizeof def);
            fprintf(out, "%s\n     {\"name\": ", k ? "," : "");
            json_string(out, p->name);
            fprintf(out, ", \"type\": \"%s\", \"default\": ", type_name(p->type));
            if (p->type == MZ_P_REAL || p->type == MZ_P_INT || (p->type == MZ_P_CELL && p->def >= 0))
                fprintf(out, "%s", def);
            else
                json_string(out, def);
            if (p->type == MZ_P_REAL || p->type == MZ_P_INT) {
                char lo[64], hi[64];
                fmt_num(p->min, lo, sizeof lo);
                fmt_num(p->max, hi, sizeof hi);
                fprintf(out, ", \"min\": %s, \"max\": %s", lo, hi);
            }
            if (p->type == MZ_P_ENUM) {
                fprintf(out, ", \"choices\": ");
                json_string(out, p->choices);
            }
            fprintf(out, ", \"help\": ");
            json_string(out, p->help);
            fprintf(out, "}");
        }
        fprintf(out, "],\n   \"columns\": [");
        if (a->columns)
            for (const char *const *c = a->columns; *c; c++) {
                fprintf(out, "%s", c == a->columns ? "" : ", ");
                json_string(out, *c);
            }
        fprintf(out, "],\n   \"trace\": ");
        if (a->trace_ops) {
            fprintf(out, "{\"ops\": [");
            for (const mz_trace_op *o = a->trace_ops; o->op; o++) {
                fprintf(out, "%s{\"op\": ", o == a->trace_ops ? "" : ", ");
                json_string(out, o->op);
                fprintf(out, ", \"meaning\": ");
                json_string(out, o->meaning);
                fprintf(out, "}");
            }
            fprintf(out, "], \"size\": ");
            json_string(out, a->trace_size);
            fprintf(out, "}}");
        } else {
            fprintf(out, "null}");
        }
    }
    fprintf(out, "\n]\n");
}

int mzr_list_write(FILE *f, const char *format, const char *(*plugin_of)(const mz_algo *))
{
    if (strcmp(format, "csv") == 0)
        list_csv(f);
    else if (strcmp(format, "json") == 0)
        list_json(f);
    else if (strcmp(format, "text") == 0)
        list_text(f, plugin_of);
    else
        return MZO_BAD;
    return MZO_OK;
}
