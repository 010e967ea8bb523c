/* cmd_basic.c - the list, gen and solve commands. */
#include "cli.h"
#include "opts.h"
#include "../plugin/plugin.h"
#include "../mazebench_render.h"
#include "../mazebench_bench.h"
#include "../mazebench_plugin.h"
#include "out/out.h"
#include "sweep.h"
#include "outside/solver.h"

#include <errno.h>
#include <pthread.h>
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
static void put_text(const char *text, int width)
{
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    int shown = 0;
    while (*s) {
        size_t n = shown_char(s);
        if (n) {
            fwrite(s, 1, n, stdout);
            s += n;
            shown++;
        } else {
            printf("\\x%02x", *s++);
            shown += 4;
        }
    }
    for (; shown < width; shown++)
        putchar(' ');
}

static void print_param(const mz_param_def *p)
{
    char def[128];
    param_default(p, def, sizeof def);
    printf("      ");
    put_text(p->name, 8);
    putchar(' ');
    switch (p->type) {
    case MZ_P_REAL: printf("number in [%g, %g], default %s", p->min, p->max, def); break;
    case MZ_P_INT: printf("integer in [%.0f, %.0f], default %s", p->min, p->max, def); break;
    case MZ_P_ENUM:
        put_text(p->choices, 0);
        printf(", default ");
        put_text(def, 0);
        break;
    case MZ_P_CELL: printf("cell index or entrance|exit|centre, default %s", def); break;
    }
    printf(": ");
    put_text(p->help, 0);
    putchar('\n');
}

static void list_text(void)
{
    char flags[256];
    for (int kind = MZ_GEN; kind <= MZ_SOLVER; kind++) {
        printf("%s%s:\n", kind == MZ_GEN ? "" : "\n", kind_title((mz_kind)kind));
        /* The built-in entries, then those added (--programs, --plugin). */
        const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
        for (int li = 0; li < 2; li++)
        for (const mz_algo *const *a = lists[li]; *a; a++) {
            if ((int)(*a)->kind != kind)
                continue;
            printf("  ");
            put_text((*a)->name, 10);
            putchar(' ');
            put_text((*a)->summary, 0);
            putchar('\n');
            if (mzp_plugin_of(*a)) {
                printf("      plugin:  ");
                put_text(mzp_plugin_of(*a), 0);
                putchar('\n');
            }
            flag_names(*a, " ", flags, sizeof flags);
            if (flags[0])
                printf("      flags:   %s\n", flags);
            char shapes[128];
            sw_shapes_text(*a, shapes, sizeof shapes);
            printf("      shapes:  %s\n", shapes);
            for (unsigned p = 0; p < (*a)->nparams; p++)
                print_param(&(*a)->params[p]);
            if ((*a)->columns) {
                printf("      columns:");
                for (const char *const *c = (*a)->columns; *c; c++) {
                    putchar(' ');
                    put_text(*c, 0);
                }
                printf("\n");
            }
            if ((*a)->trace_ops) {
                printf("      trace:  ");
                for (const mz_trace_op *o = (*a)->trace_ops; o->op; o++) {
                    putchar(' ');
                    put_text(o->op, 0);
                }
                printf("; size = ");
                put_text((*a)->trace_size, 0);
                putchar('\n');
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
static void csv_record(const char *record, const mz_algo *a, const char *name, const char *type,
                       const char *def, const char *min, const char *max, const char *choices,
                       const char *flags, const char *bpc, const decl_text *d, const char *text)
{
    const char *f[] = {record, a->name, kind_name(a->kind), name, type, def, min, max,
                       choices, flags, bpc, d ? d->fixed : NULL, d ? d->col : NULL,
                       d ? d->steps : NULL, d ? d->draws : NULL, d ? d->budget : NULL,
                       d ? d->wrap : NULL, text};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        if (k)
            putchar(',');
        mzo_csv_string(stdout, f[k] ? f[k] : "");
    }
    putchar('\n');
}

static void list_csv(void)
{
    char flags[256], bpc[64], def[128], min[64], max[64];
    puts("record,algo,kind,name,type,default,min,max,choices,flags,bytes_per_cell,bytes_fixed,"
         "bytes_per_col,trace_steps_per_cell,draws_per_cell,mulberry32_cells,"
         "mulberry32_wrap_cells,text");
    decl_text d;
    /* The built-in entries, then those added (--programs, --plugin). */
    const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
    for (int li = 0; li < 2; li++)
    for (const mz_algo *const *ap = lists[li]; *ap; ap++) {
        const mz_algo *a = *ap;
        flag_names(a, "|", flags, sizeof flags);
        fmt_num(mz_algo_bytes_per_cell(a, MZ_SHAPE_ORTHO), bpc, sizeof bpc);
        decl_of(a, MZ_SHAPE_ORTHO, &d);
        csv_record("algo", a, a->name, NULL, NULL, NULL, NULL, NULL, flags, bpc, &d, a->summary);
        for (unsigned k = 0; k < a->nparams; k++) {
            const mz_param_def *p = &a->params[k];
            param_default(p, def, sizeof def);
            bool ranged = p->type == MZ_P_REAL || p->type == MZ_P_INT;
            fmt_num(p->min, min, sizeof min);
            fmt_num(p->max, max, sizeof max);
            csv_record("param", a, p->name, type_name(p->type), def, ranged ? min : NULL,
                       ranged ? max : NULL, p->type == MZ_P_ENUM ? p->choices : NULL, NULL, NULL,
                       NULL, p->help);
        }
        for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                fmt_num(mz_algo_bytes_per_cell(a, (mz_shape)k), bpc, sizeof bpc);
                decl_of(a, (mz_shape)k, &d);
                csv_record("shape", a, mz_shape_name((mz_shape)k), NULL, NULL, NULL, NULL, NULL,
                           NULL, bpc, &d, NULL);
            }
        if (a->columns)
            for (const char *const *c = a->columns; *c; c++)
                csv_record("column", a, *c, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                           NULL);
        if (a->trace_ops) {
            for (const mz_trace_op *o = a->trace_ops; o->op; o++)
                csv_record("trace_op", a, o->op, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                           NULL, o->meaning);
            csv_record("trace_size", a, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                       a->trace_size);
        }
    }
}

static void json_string(const char *s)
{
    mzo_json_string(stdout, s);
}

static void list_json(void)
{
    char def[128];
    printf("[");
    /* The built-in entries, then those added (--programs, --plugin). */
    const mz_algo *const *lists[2] = {mz_registry, mz_registry_added(NULL)};
    bool first = true;
    for (int li = 0; li < 2; li++)
    for (const mz_algo *const *ap = lists[li]; *ap; ap++) {
        const mz_algo *a = *ap;
        printf("%s\n  {\"name\": ", first ? "" : ",");
        first = false;
        json_string(a->name);
        printf(", \"kind\": ");
        json_string(kind_name(a->kind));
        printf(", \"flags\": [");
        char flags[256];
        flag_names(a, "|", flags, sizeof flags);
        for (char *p = flags, *q; *p; p = q) {
            q = p + strcspn(p, "|");
            printf("%s\"%.*s\"", p == flags ? "" : ", ", (int)(q - p), p);
            if (*q)
                q++;
        }
        char num[64];
        fmt_num(mz_algo_bytes_per_cell(a, MZ_SHAPE_ORTHO), num, sizeof num);
        printf("], \"shapes\": [");
        for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                printf("%s", n++ ? ", " : "");
                json_string(mz_shape_name((mz_shape)k));
            }
        printf("], \"bytes_per_cell\": %s, \"shape_bytes_per_cell\": {", num);
        for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
            if (mz_runs_on(a, (mz_shape)k)) {
                char v[64];
                fmt_num(mz_algo_bytes_per_cell(a, (mz_shape)k), v, sizeof v);
                printf("%s", n++ ? ", " : "");
                json_string(mz_shape_name((mz_shape)k));
                printf(": %s", v);
            }
        printf("}");
        /* the other declared figures, by shape (trace steps: a number or
         * "unbounded") */
        static const char *const keys[] = {"shape_bytes_fixed", "shape_bytes_per_col",
                                           "shape_trace_steps_per_cell",
                                           "shape_draws_per_cell"};
        for (int w = 0; w < 4; w++) {
            printf(", \"%s\": {", keys[w]);
            for (unsigned k = 0, n = 0; k < MZ_SHAPE_COUNT; k++)
                if (mz_runs_on(a, (mz_shape)k)) {
                    decl_text d;
                    decl_of(a, (mz_shape)k, &d);
                    printf("%s", n++ ? ", " : "");
                    json_string(mz_shape_name((mz_shape)k));
                    if (w == 2 && a->trace_steps_per_cell[k] < 0)
                        printf(": \"unbounded\"");
                    else if (w == 3) {
                        printf(": [");
                        for (int j = 0; j < 4; j++) {
                            char v[64];
                            fmt_num(a->kind == MZ_SOLVER ? 0 : a->draws_per_cell[k][j], v,
                                    sizeof v);
                            printf("%s%s", j ? ", " : "", v);
                        }
                        printf("]");
                    } else
                        printf(": %s", w == 0 ? d.fixed : w == 1 ? d.col : d.steps);
                }
            printf("}");
        }
        printf(", \"summary\": ");
        json_string(a->summary);
        printf(",\n   \"params\": [");
        for (unsigned k = 0; k < a->nparams; k++) {
            const mz_param_def *p = &a->params[k];
            param_default(p, def, sizeof def);
            printf("%s\n     {\"name\": ", k ? "," : "");
            json_string(p->name);
            printf(", \"type\": \"%s\", \"default\": ", type_name(p->type));
            if (p->type == MZ_P_REAL || p->type == MZ_P_INT || (p->type == MZ_P_CELL && p->def >= 0))
                printf("%s", def);
            else
                json_string(def);
            if (p->type == MZ_P_REAL || p->type == MZ_P_INT) {
                char lo[64], hi[64];
                fmt_num(p->min, lo, sizeof lo);
                fmt_num(p->max, hi, sizeof hi);
                printf(", \"min\": %s, \"max\": %s", lo, hi);
            }
            if (p->type == MZ_P_ENUM) {
                printf(", \"choices\": ");
                json_string(p->choices);
            }
            printf(", \"help\": ");
            json_string(p->help);
            printf("}");
        }
        printf("],\n   \"columns\": [");
        if (a->columns)
            for (const char *const *c = a->columns; *c; c++) {
                printf("%s", c == a->columns ? "" : ", ");
                json_string(*c);
            }
        printf("],\n   \"trace\": ");
        if (a->trace_ops) {
            printf("{\"ops\": [");
            for (const mz_trace_op *o = a->trace_ops; o->op; o++) {
                printf("%s{\"op\": ", o == a->trace_ops ? "" : ", ");
                json_string(o->op);
                printf(", \"meaning\": ");
                json_string(o->meaning);
                printf("}");
            }
            printf("], \"size\": ");
            json_string(a->trace_size);
            printf("}}");
        } else {
            printf("null}");
        }
    }
    printf("\n]\n");
}

int cmd_list(int argc, char **argv)
{
    const char *fmt = "text";
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_list, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id >= 0 && strcmp(a.cmd->opts[id].name, "--format") == 0) {
            if (strcmp(a.value, "text") != 0 && strcmp(a.value, "csv") != 0 &&
                strcmp(a.value, "json") != 0) {
                mzc_error("list: unknown format '%s' (valid: text, csv, json)", a.value);
                return MZC_USAGE;
            }
            fmt = a.value;
            continue;
        }
        mzc_error("list: unexpected argument '%s'", a.value);
        return MZC_USAGE;
    }
    if (strcmp(fmt, "csv") == 0)
        list_csv();
    else if (strcmp(fmt, "json") == 0)
        list_json();
    else
        list_text();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        mzc_error("list: cannot write output");
        return MZC_FAIL;
    }
    return MZC_OK;
}

enum format { FMT_CSV, FMT_JSON, FMT_ASCII };

/* Options shared by gen and solve. */
struct run_opts {
    const char *spec, *solver, *trace, *size, *seed_text, *fmt_text, *threads_text, *rng_text;
    const char *grid_opt; /* --grid, or its older name --size */
    const char *save, *save_format; /* gen --save FILE [--save-format F] */
    const char *save_path;          /* solve --save-path FILE */
    bool have_seed, force;
    uint64_t seed;
    mz_rng_kind rng;
    unsigned threads; /* 0: every online core */
    enum format fmt;
};

static int parse_run_opts(int argc, char **argv, bool solve, struct run_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rng = MZ_RNG_AUTO;
    mzc_args a;
    mzc_args_init(&a, solve ? &mzc_cmd_solve : &mzc_cmd_gen, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return 1;
        if (id == MZC_ARGS_ERROR)
            return -1;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench %s --help')", v, argv[0]);
            return -1;
        }
        if (id == MZC_ARGS_OPERAND) {
            const char **slot = solve ? &o->solver : &o->spec;
            if (*slot) {
                mzc_error("unexpected argument '%s'", v);
                return -1;
            }
            *slot = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            o->force = true;
        } else if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &o->seed) != 0)
                return -1;
            o->seed_text = v;
            o->have_seed = true;
        } else if (strcmp(name, "--rng") == 0) {
            if (mzc_parse_rng(argv[0], v, &o->rng) != 0)
                return -1;
            o->rng_text = v;
        } else if (strcmp(name, "--grid") == 0) {
            o->size = v;
            o->grid_opt = a.used;
        } else if (strcmp(name, "--trace") == 0) {
            o->trace = v;
        } else if (strcmp(name, "--threads") == 0) {
            uint64_t n;
            if (mzc_parse_u64("threads", v, 1, MZ_MAX_THREADS, &n) != 0)
                return -1;
            o->threads_text = v;
            o->threads = (unsigned)n;
        } else if (strcmp(name, "--format") == 0) {
            o->fmt_text = v;
            if (strcmp(v, "csv") == 0) o->fmt = FMT_CSV;
            else if (strcmp(v, "json") == 0) o->fmt = FMT_JSON;
            else if (strcmp(v, "ascii") == 0) o->fmt = FMT_ASCII;
            else {
                mzc_error("unknown format '%s' (valid: csv, json, ascii)", v);
                return -1;
            }
        } else if (strcmp(name, "--gen") == 0) {
            o->spec = v;
        } else if (strcmp(name, "--save-path") == 0) {
            o->save_path = v;
        } else if (strcmp(name, "--save") == 0) {
            o->save = v;
        } else if (strcmp(name, "--save-format") == 0) {
            o->save_format = v;
        } else { /* a row of the table this loop does not know */
            mzc_error("%s: option '%s' is not handled", argv[0], name);
            return -1;
        }
    }
    if (solve && !o->solver) {
        mzc_error("solve: missing SOLVER (see 'mazebench solve --help')");
        return -1;
    }
    if (!o->spec) {
        mzc_error("%s: missing %s (see 'mazebench %s --help')", argv[0], solve ? "--gen SPEC" : "SPEC", argv[0]);
        return -1;
    }
    if (!o->have_seed) {
        mzc_error("%s: missing --seed N", argv[0]);
        return -1;
    }
    if (!o->size) {
        mzc_error("%s: missing --grid GRID (or --size RxC)", argv[0]);
        return -1;
    }
    if (o->save_format && !o->save) {
        mzc_error("%s: --save-format without --save", argv[0]);
        return -1;
    }
    return 0;
}

/* The solver only reads the maze, so it runs on a thread of its own beside
 * the figures (which take the other threads); each result is what it
 * would be alone. Memory is malloc's, which threads may share. */
struct solve_job {
    const mz_stage *st;
    const mz_grid *g;
    mz_trace *trace;
    mz_solution *sol;
    mz_status s;
};

static void *solve_thread(void *arg)
{
    struct solve_job *j = arg;
    j->s = mz_solve(j->st, j->g, j->trace, j->sol);
    return NULL;
}

static mz_status figures_and_solve(const mz_grid *g, unsigned threads, mz_metrics *m,
                                   const mz_stage *st, mz_trace *trace, mz_solution *sol)
{
    if (threads == 0)
        threads = mz_cpu_count();
    if (!st)
        return mz_metrics_compute(g, threads, m);
    struct solve_job j = {st, g, trace, sol, MZ_OK};
    pthread_t th;
    if (threads < 2 || pthread_create(&th, NULL, solve_thread, &j) != 0) {
        mz_status s = mz_metrics_compute(g, threads, m);
        return s != MZ_OK ? s : mz_solve(st, g, trace, sol);
    }
    mz_status s = mz_metrics_compute(g, threads - 1, m);
    pthread_join(th, NULL);
    return s != MZ_OK ? s : j.s;
}

/* The sink of a path file (--save-path). */
static int put_path(void *user, const char *buf, size_t n)
{
    return fwrite(buf, 1, n, user) == n ? 0 : 1;
}

static int run(int argc, char **argv, bool solve)
{
    struct run_opts o;
    int r = parse_run_opts(argc, argv, solve, &o);
    if (r != 0)
        return r > 0 ? MZC_OK : MZC_USAGE;

    mz_spec spec;
    mz_stage solver;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t nalgos = 0;
    if (mzc_parse_recipe(o.spec, solve ? o.solver : NULL, &spec, &solver, algos, &nalgos) != 0)
        return MZC_USAGE;
    mz_dims geo;
    if (mzc_parse_grid(o.size, &geo) != 0)
        return MZC_USAGE;
    mz_dims_cells(&geo);
    mz_file_format save_fmt = MZ_FILE_AUTO;
    if (o.save && mzc_save_format(argv[0], o.save, o.save_format, &save_fmt) != 0)
        return MZC_USAGE;
    if (o.save && !(mz_file_format_shapes(save_fmt) & MZ_SHAPE_BIT(geo.shape))) {
        char why[300];
        mzc_format_refusal(why, sizeof why, save_fmt, geo.shape);
        mzc_error("%s: --save: %s", argv[0], why);
        return MZC_USAGE;
    }
    if (mzc_check_runs_on(&spec, NULL, &geo) != 0 ||
        (solve && mzc_check_runs_on(NULL, &solver, &geo) != 0))
        return MZC_USAGE;
    /* A fixed-size generator's own size first (its source then follows from
     * the maze it makes, not the size asked for). */
    char rng_note[512];
    if (mzc_rng_seed_check(argv[0], o.rng, o.seed) != 0)
        return MZC_USAGE;
    spec.rng = mzc_rng_for_seed(o.rng, o.seed);
    if (geo.shape == MZ_SHAPE_ORTHO && mzc_fixed_size(&spec, o.seed, &geo.rows, &geo.cols) < 0)
        return MZC_FAIL;
    mz_dims_cells(&geo);
    if (mzc_resolve_rng_note(argv[0], o.rng, &spec, &geo, o.seed, rng_note, sizeof rng_note) != 0)
        return MZC_USAGE;
    if (solve && mzc_check_cells(&solver, &geo) != 0)
        return MZC_USAGE;
    if (mzc_check_estimate(&geo, algos, nalgos,
                           MZ_EST_FIGURES | (solve && (o.fmt == FMT_ASCII || o.save_path) ? MZ_EST_PATH : 0)) != 0)
        return MZC_FAIL;

    /* A trace file is written beside its name and renamed at the end; an
     * existing one is kept unless --force. */
    FILE *tf = NULL;
    mzo_out tout;
    memset(&tout, 0, sizeof tout);
    mz_trace trace = {mzc_trace_csv, NULL, 0};
    if (o.trace) {
        if (strcmp(o.trace, "-") == 0) {
            tf = stdout;
        } else {
            char err[1024];
            int r = mzo_out_open(&tout, o.trace, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
            if (r != SW_OK) {
                mzc_error("%s: trace: %s", argv[0], err);
                return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
            }
            tf = tout.f;
        }
        trace.user = tf;
        fputs("step,op,cell,dir,size\n", tf);
    }
    /* The --save file the same way, opened before the maze is made. */
    mzo_out sout;
    memset(&sout, 0, sizeof sout);
    if (o.save) {
        char err[1024];
        int r = strcmp(o.save, "-") == 0 ? SW_BAD
                : mzo_out_open(&sout, o.save, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            if (strcmp(o.save, "-") == 0)
                snprintf(err, sizeof err, "'-': stdout carries the figures; give a file name");
            mzc_error("%s: --save: %s", argv[0], err);
            if (tout.f)
                mzo_out_abort(&tout);
            return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        }
    }

    /* The --save-path file likewise. */
    mzo_out pout;
    memset(&pout, 0, sizeof pout);
    if (o.save_path) {
        char err[1024];
        int r = strcmp(o.save_path, "-") == 0
                    ? SW_BAD
                    : mzo_out_open(&pout, o.save_path, o.force ? MZO_OUT_FORCE : 0, err, sizeof err);
        if (r != SW_OK) {
            if (strcmp(o.save_path, "-") == 0)
                snprintf(err, sizeof err, "'-': stdout carries the figures; give a file name");
            mzc_error("%s: --save-path: %s", argv[0], err);
            if (tout.f)
                mzo_out_abort(&tout);
            if (sout.f)
                mzo_out_abort(&sout);
            return r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        }
    }

    fputs(rng_note, stderr);
    int rc = MZC_OK;
    mz_grid g = {0};
    mz_extra gx = {0};
    mz_metrics m;
    mz_solution sol;
    memset(&sol, 0, sizeof sol);
    sol.want_path = solve && (o.fmt == FMT_ASCII || o.save_path);
    mz_status s = mz_generate(&spec, o.seed, &geo, &g,
                              MZ_GEN_OPTS(o.threads, (tf && !solve) ? &trace : NULL, &gx));
    if (s == MZ_OK)
        s = figures_and_solve(&g, o.threads, &m, solve ? &solver : NULL, tf ? &trace : NULL, &sol);
    if (tout.f && s == MZ_OK && (fflush(tout.f) != 0 || ferror(tout.f)))
        s = MZ_EIO;
    if (s != MZ_OK) {
        if (s == MZ_EIO && tout.f)
            mzc_error("%s: trace: cannot write '%s': %s", argv[0], o.trace, strerror(errno));
        else if (s == MZ_EOUTSIDE)
            mzc_error("%s failed: %s", solve ? "solve" : "gen",
                      mzc_outside_why(solve ? solver.algo : NULL));
        else
            mzc_error("%s failed: %s", solve ? "solve" : "gen", mz_status_str(s));
        rc = MZC_FAIL;
    } else {
        char gen_name[512], solver_name[256];
        mz_spec_format(&spec, gen_name, sizeof gen_name);
        if (solve)
            mz_stage_format(&solver, solver_name, sizeof solver_name);
        mz_row row = {gen_name, o.seed, g.rows, g.cols, 0, &m, &gx,
                       solve ? solver_name : NULL, solve ? &sol : NULL, false, 0, 0, 0, spec.rng};
        mz_cols colset;
        mz_row_columns(&colset, solve, false, false, algos, nalgos);
        mz_dims made = mz_grid_dims(&g);
        if (o.fmt == FMT_ASCII) {
            char *art = g.shape == MZ_SHAPE_ORTHO
                            ? mz_render_ascii(&g, sol.path, sol.path_len, UINT64_C(1) << 20)
                            : NULL;
            if (g.shape != MZ_SHAPE_ORTHO) {
                fprintf(stderr, "mazebench: note: a %s maze is not drawn as ASCII ('mazebench "
                        "render' draws every shape); its figures follow\n", mz_shape_name(g.shape));
            } else if (art) {
                fputs(art, stdout);
                free(art);
            } else {
                fprintf(stdout, "(maze of %llu cells not drawn: larger than 2^20 cells)\n",
                        (unsigned long long)g.cells);
            }
            char buf[512];
            for (unsigned k = 0; k < colset.n; k++) {
                mz_row_field(&row, made.shape, made.levels, colset.name[k], buf, sizeof buf);
                if (buf[0])
                    printf("%s: %s\n", colset.name[k], buf);
            }
        } else if (o.fmt == FMT_JSON) {
            mzo_json_row(stdout, &colset, &row, &made);
        } else {
            mzo_csv_header(stdout, &colset);
            mzo_csv_row(stdout, &colset, &row, &made);
        }
        if (fflush(stdout) != 0 || ferror(stdout)) {
            mzc_error("%s: cannot write to stdout: %s", argv[0], strerror(errno));
            rc = MZC_FAIL;
        }
    }
    if (pout.f) {
        char err[1024];
        if (rc == MZC_OK && (mzx_path_write(&g, sol.path, sol.path_len, MZX_PATH_RC, put_path,
                                            pout.f) != MZ_OK ||
                             fflush(pout.f) != 0 || ferror(pout.f))) {
            mzc_error("%s: --save-path: cannot write '%s': %s", argv[0], o.save_path,
                      strerror(errno));
            rc = MZC_FAIL;
        }
        if (rc != MZC_OK)
            mzo_out_abort(&pout);
        else if (mzo_out_commit(&pout, err, sizeof err) != SW_OK) {
            mzc_error("%s: --save-path: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    if (sout.f) {
        char err[1024];
        if (rc == MZC_OK)
            rc = mzc_save_maze(argv[0], sout.f, o.save, save_fmt, &g);
        if (rc != MZC_OK)
            mzo_out_abort(&sout);
        else if (mzo_out_commit(&sout, err, sizeof err) != SW_OK) {
            mzc_error("%s: --save: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    /* The trace file is committed only when the whole command succeeded. */
    if (tout.f) {
        char err[1024];
        if (rc != MZC_OK)
            mzo_out_abort(&tout);
        else if (mzo_out_commit(&tout, err, sizeof err) != SW_OK) {
            mzc_error("%s: trace: %s", argv[0], err);
            rc = MZC_FAIL;
        }
    }
    mz_solution_free(&sol);
    mz_grid_free(&g);
    return rc;
}

int cmd_gen(int argc, char **argv) { return run(argc, argv, false); }
int cmd_solve(int argc, char **argv) { return run(argc, argv, true); }
