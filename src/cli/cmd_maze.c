/*
 * cmd_maze.c - the maze command: read a maze file (docs/maze-files.md),
 * print its figures (the columns of 'gen' and more), solve it, draw it,
 * and write it again in another format. Also the --save of 'gen'.
 */
#define _GNU_SOURCE /* fileno, strdup, strtok_r */
#include "cli.h"
#include "opts.h"
#include "../mazebench_file.h"
#include "../mazebench_render.h"
#include "../mazebench_row.h"
#include "../mazebench_bench.h"
#include "../util/util.h"
#include "out/fields.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* ---- the formats' lists, from the library's table ---- */

/* Append s at *n in buf[0..cap) (kept terminated). */
static void list_put(char *buf, size_t cap, size_t *n, const char *s)
{
    int k = snprintf(buf + *n, cap - *n, "%s", s);
    *n += k > 0 ? (size_t)k : 0;
    if (*n >= cap)
        *n = cap - 1;
}

/* Every format's extension (ext), or extension and name (!ext), parted by
 * sep and the last two by last. */
static void ext_list(char *buf, size_t cap, bool ext, const char *sep, const char *last)
{
    size_t n = 0, total = 0, i = 0;
    buf[0] = '\0';
    for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++)
        total += mz_file_format_ext((mz_file_format)f) != NULL;
    for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++) {
        const char *e = mz_file_format_ext((mz_file_format)f);
        if (!e)
            continue;
        if (i++)
            list_put(buf, cap, &n, i == total ? last : sep);
        list_put(buf, cap, &n, e);
        if (!ext) {
            list_put(buf, cap, &n, " ");
            list_put(buf, cap, &n, mz_file_format_name((mz_file_format)f));
        }
    }
}

bool mzc_text_var(const char *name, char *buf, size_t cap)
{
    if (strcmp(name, "formats") == 0) {
        mz_file_format_names(buf, cap, 0, ", ", " or ");
    } else if (strcmp(name, "formats|") == 0) {
        mz_file_format_names(buf, cap, 0, "|", "|");
    } else if (strcmp(name, "formats-shapes") == 0) { /* "(every shape)" after those */
        size_t n = 0, total = 0, i = 0;
        buf[0] = '\0';
        for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++)
            total += mz_file_format_shapes((mz_file_format)f) != 0;
        for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++) {
            unsigned sh = mz_file_format_shapes((mz_file_format)f);
            if (!sh)
                continue;
            if (i++)
                list_put(buf, cap, &n, i == total ? " or " : ", ");
            list_put(buf, cap, &n, mz_file_format_name((mz_file_format)f));
            if (sh == MZ_SHAPES_ALL)
                list_put(buf, cap, &n, " (every shape)");
        }
    } else if (strcmp(name, "format-exts") == 0) {
        ext_list(buf, cap, true, ", ", " or ");
    } else if (strcmp(name, "formats-by-ext") == 0) {
        ext_list(buf, cap, false, ", ", ", ");
    } else {
        return false;
    }
    return true;
}

void mzc_format_refusal(char *buf, size_t cap, mz_file_format f, mz_shape s)
{
    char every[128];
    mz_file_format_names(every, sizeof every, MZ_SHAPES_ALL, ", ", " or ");
    if (mz_file_format_shapes(f) == MZ_SHAPE_BIT(MZ_SHAPE_ORTHO))
        snprintf(buf, cap, "the %s format holds square cells only, not a %s maze (%s holds "
                 "every shape)", mz_file_format_name(f), mz_shape_name(s), every);
    else
        snprintf(buf, cap, "the %s format does not hold a %s maze (%s holds every shape)",
                 mz_file_format_name(f), mz_shape_name(s), every);
}

/* ---- saving, shared with gen --save ---- */

int mzc_save_format(const char *cmd, const char *path, const char *fmt_text, mz_file_format *f)
{
    char names[256];
    mz_file_format_names(names, sizeof names, 0, ", ", ", ");
    if (fmt_text) {
        if (mz_file_format_parse(fmt_text, f) != MZ_OK || *f == MZ_FILE_AUTO) {
            mzc_error("%s: --save-format '%s' is not one of %s", cmd, fmt_text, names);
            return -1;
        }
        return 0;
    }
    if (mz_file_format_from_path(path, f) == MZ_OK)
        return 0;
    char exts[256];
    ext_list(exts, sizeof exts, true, ", ", " or ");
    mzc_error("%s: --save '%s': give --save-format (%s) or a name ending in %s", cmd, path,
              names, exts);
    return -1;
}

static int put_file(void *user, const char *buf, size_t n)
{
    return fwrite(buf, 1, n, (FILE *)user) == n ? 0 : -1;
}

int mzc_save_maze(const char *cmd, FILE *f, const char *path, mz_file_format fmt,
                  const mz_grid *g)
{
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.format = fmt;
    /* Blocks: a page of cells for a board of blocked cells that is one,
     * else rooms. */
    o.layout = MZ_BLOCKS_ROOMS;
    if (fmt == MZ_FILE_BLOCKS) {
        bool blocked = false;
        for (mz_idx i = 0; i < g->cells && !blocked && g->shape == MZ_SHAPE_ORTHO; i++)
            blocked = (g->c[i] & MZ_BLOCKED) != 0;
        if (blocked)
            o.layout = MZ_BLOCKS_CELLS;
    }
    mz_status s = mz_file_write(g, fmt, &o, put_file, f);
    if (s == MZ_EUNSUPPORTED && o.layout == MZ_BLOCKS_CELLS) {
        /* Not a page of cells: rooms hold it (the file written so far is
         * dropped: the layout check comes before any byte). */
        o.layout = MZ_BLOCKS_ROOMS;
        s = mz_file_write(g, fmt, &o, put_file, f);
    }
    if (s == MZ_EUNSUPPORTED && (mz_file_format_shapes(fmt) & MZ_SHAPE_BIT(g->shape))) {
        /* The formats that hold this maze, from the library's table. */
        char hold[256];
        size_t n = 0, total = 0, i = 0;
        hold[0] = '\0';
        for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++)
            total += mz_file_format_holds(g, (mz_file_format)k, NULL) == MZ_OK;
        for (unsigned k = 0; k < MZ_FILE_FORMAT_COUNT; k++)
            if (mz_file_format_holds(g, (mz_file_format)k, NULL) == MZ_OK) {
                if (i++)
                    list_put(hold, sizeof hold, &n, i == total ? " and " : ", ");
                list_put(hold, sizeof hold, &n, mz_file_format_name((mz_file_format)k));
            }
        mzc_error("%s: --save '%s': the %s format draws no gap in the south border (its reader "
                  "takes one for a drawing cut short; %s hold%s it)",
                  cmd, path, mz_file_format_name(fmt), hold, total == 1 ? "s" : "");
        return MZC_USAGE;
    }
    if (s == MZ_EUNSUPPORTED) {
        char why[300];
        mzc_format_refusal(why, sizeof why, fmt, g->shape);
        mzc_error("%s: --save '%s': %s", cmd, path, why);
        return MZC_USAGE;
    }
    if (s != MZ_OK) {
        mzc_error("%s: --save '%s': %s", cmd, path,
                  s == MZ_EIO ? strerror(errno) : mz_status_str(s));
        return MZC_FAIL;
    }
    return MZC_OK;
}

/* ---- reading ---- */

/* The whole of path ('-': stdin) into *text, checked against the memory
 * budget before it is read (a pipe as it grows). */
static int read_all(const char *path, char **text, size_t *len)
{
    bool in = strcmp(path, "-") == 0;
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f) {
        mzc_error("maze: cannot read '%s': %s", path, strerror(errno));
        return errno == ENOENT || errno == EISDIR ? MZC_USAGE : MZC_FAIL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        mzc_error("maze: cannot read '%s': it is a directory", path);
        if (!in)
            fclose(f);
        return MZC_USAGE;
    }
    mzu_budget b;
    mzu_mem_budget(&b);
    size_t cap = 1 << 16;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        char what[4200];
        snprintf(what, sizeof what, "maze: the file '%s' (%lld bytes)", path,
                 (long long)st.st_size);
        /* The text, and the grid and tables read from it: about its size again. */
        if (mzc_check_bytes(what, 2.0 * (double)st.st_size) != 0 ||
            (uint64_t)st.st_size >= SIZE_MAX / 2) {
            if (!in)
                fclose(f);
            return MZC_USAGE;
        }
        cap = (size_t)st.st_size + 1;
    }
    char *buf = malloc(cap);
    size_t n = 0;
    for (;;) {
        if (!buf) {
            mzc_error("maze: out of memory reading '%s'", path);
            if (!in)
                fclose(f);
            return MZC_FAIL;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        const char *nul = memchr(buf + n, '\0', got);
        n += got;
        if (nul) {
            /* Every format is text: a NUL byte (a binary file, /dev/zero)
             * ends the read at once. */
            mzc_error("maze: %s: a NUL byte at offset %zu: not a text file", path,
                      (size_t)(nul - buf));
            free(buf);
            if (!in)
                fclose(f);
            return MZC_USAGE;
        }
        if (n < cap)
            break;
        if (mzu_budget_fits(&b, 4.0 * (double)cap) != MZU_FITS) {
            mzc_error("maze: '%s' is larger than the memory this machine allows", path);
            free(buf);
            if (!in)
                fclose(f);
            return MZC_USAGE;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    bool bad = ferror(f) != 0;
    int e = errno;
    if (!in)
        fclose(f);
    if (bad) {
        mzc_error("maze: cannot read '%s': %s", path, strerror(e));
        free(buf);
        return MZC_FAIL;
    }
    *text = buf;
    *len = n;
    return MZC_OK;
}

/* The solver specs of a list separated by spaces. */
static int parse_solvers(const char *list, mz_stage **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    char *copy = strdup(list);
    if (!copy) {
        mzc_error("maze: out of memory");
        return MZC_FAIL;
    }
    int rc = MZC_OK;
    for (char *save = NULL, *tok = strtok_r(copy, " \t\n", &save); tok;
         tok = strtok_r(NULL, " \t\n", &save)) {
        mz_stage *m = realloc(*out, (*n + 1) * sizeof **out);
        if (!m) {
            mzc_error("maze: out of memory");
            rc = MZC_FAIL;
            break;
        }
        *out = m;
        char err[512];
        if (mz_solver_parse(tok, &m[*n], err, sizeof err) != MZ_OK) {
            mzc_error("maze: --solver: %s", err);
            rc = MZC_USAGE;
            break;
        }
        (*n)++;
    }
    if (rc == MZC_OK && *n == 0) {
        mzc_error("maze: --solver: no solver in '%s'", list);
        rc = MZC_USAGE;
    }
    free(copy);
    if (rc != MZC_OK) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

/* ---- drawing ---- */

static int put_pic(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)part;
    return fwrite(data, 1, len, (FILE *)user) == len ? 0 : -1;
}

static int pic_format(const char *path, mz_pic_format *f)
{
    static const char *const names[] = {".png", ".svg", ".pdf"};
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (unsigned k = 0; k < 3; k++)
            if (strcasecmp(dot, names[k]) == 0) {
                *f = (mz_pic_format)k; /* MZ_PIC_PNG, MZ_PIC_SVG, MZ_PIC_PDF */
                return 0;
            }
    mzc_error("maze: --render '%s': the name must end in .png, .svg or .pdf", path);
    return -1;
}

/* ---- the command ---- */

struct maze_opts {
    const char *file, *format, *walls, *cell_size, *layout, *solvers, *render, *save, *save_format,
        *out_format;
    bool force;
};

static int parse_opts(int argc, char **argv, struct maze_opts *o)
{
    memset(o, 0, sizeof *o);
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_maze, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP)
            return 1;
        if (id == MZC_ARGS_ERROR)
            return -1;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench maze --help')", a.value);
            return -1;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (o->file) {
                mzc_error("maze: unexpected argument '%s' (one FILE)", a.value);
                return -1;
            }
            o->file = a.value;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            o->force = true;
            continue;
        }
        static const char *const names[] = {"--format", "--wall-chars", "--cell-size", "--layout",
                                            "--solver", "--render", "--save", "--save-format",
                                            "--out-format"};
        const char **slots[] = {&o->format, &o->walls, &o->cell_size, &o->layout, &o->solvers,
                                &o->render, &o->save, &o->save_format, &o->out_format};
        size_t j = 0;
        while (j < sizeof names / sizeof names[0] && strcmp(name, names[j]) != 0)
            j++;
        if (j == sizeof names / sizeof names[0]) {
            mzc_error("maze: option '%s' is not handled", name);
            return -1;
        }
        *slots[j] = a.value;
    }
    if (!o->file) {
        mzc_error("maze: missing FILE (see 'mazebench maze --help')");
        return -1;
    }
    if (o->save_format && !o->save) {
        mzc_error("maze: --save-format without --save");
        return -1;
    }
    return 0;
}

static int parse_file_opts(const struct maze_opts *mo, mz_file_opts *fo)
{
    memset(fo, 0, sizeof *fo);
    if (mo->format && mz_file_format_parse(mo->format, &fo->format) != MZ_OK) {
        char names[256];
        mz_file_format_names(names, sizeof names, 0, ", ", ", ");
        mzc_error("maze: --format '%s' is not one of auto, %s", mo->format, names);
        return -1;
    }
    fo->wall_chars = mo->walls;
    if (mo->walls && strpbrk(mo->walls, " \t\r\n")) {
        mzc_error("maze: --wall-chars '%s': a space, a tab or a line end cannot be a wall",
                  mo->walls);
        return -1;
    }
    if (mo->cell_size) {
        mz_dims d;
        if (strchr(mo->cell_size, ':') || mz_dims_parse(mo->cell_size, &d) != MZ_OK ||
            d.cols > 64 || d.rows > 64) {
            mzc_error("maze: --cell-size '%s' is not WxH with W and H from 1 to 64",
                      mo->cell_size);
            return -1;
        }
        /* mz_dims_parse reads "RxC"; here the first number is across. */
        fo->cell_w = (unsigned)d.rows;
        fo->cell_h = (unsigned)d.cols;
    }
    if (mo->layout) {
        if (strcmp(mo->layout, "rooms") == 0)
            fo->layout = MZ_BLOCKS_ROOMS;
        else if (strcmp(mo->layout, "cells") == 0)
            fo->layout = MZ_BLOCKS_CELLS;
        else {
            mzc_error("maze: --layout '%s' is not rooms or cells", mo->layout);
            return -1;
        }
    }
    return 0;
}

int cmd_maze(int argc, char **argv)
{
    struct maze_opts mo;
    int r = parse_opts(argc, argv, &mo);
    if (r != 0)
        return r > 0 ? MZC_OK : MZC_USAGE;
    mz_file_opts fo;
    if (parse_file_opts(&mo, &fo) != 0)
        return MZC_USAGE;
    bool out_json = false;
    if (mo.out_format) {
        if (strcmp(mo.out_format, "json") == 0)
            out_json = true;
        else if (strcmp(mo.out_format, "csv") != 0) {
            mzc_error("maze: --out-format '%s' is not csv or json", mo.out_format);
            return MZC_USAGE;
        }
    }
    mz_file_format save_fmt = MZ_FILE_AUTO;
    if (mo.save && mzc_save_format("maze", mo.save, mo.save_format, &save_fmt) != 0)
        return MZC_USAGE;
    mz_pic_format pic = MZ_PIC_SVG;
    if (mo.render) {
        if (pic_format(mo.render, &pic) != 0)
            return MZC_USAGE;
        if (!mz_pic_supported(pic)) {
            mzc_error("maze: --render: this build draws no %s (install %s and rebuild)",
                      pic == MZ_PIC_PNG ? "png" : pic == MZ_PIC_SVG ? "svg" : "pdf",
                      mz_pic_package(pic));
            return MZC_FAIL;
        }
    }
    mz_stage *solvers = NULL;
    size_t nsolvers = 0;
    if (mo.solvers && (r = parse_solvers(mo.solvers, &solvers, &nsolvers)) != MZC_OK)
        return r;

    char *text = NULL;
    size_t len = 0;
    int rc = read_all(mo.file, &text, &len);
    if (rc != MZC_OK) {
        free(solvers);
        return rc;
    }
    const char *name = strcmp(mo.file, "-") == 0 ? "<stdin>" : mo.file;
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_file_info info;
    mz_status s = mz_file_read(text, len, &fo, &g, &info);
    free(text);
    mzc_outs outs;
    mzc_outs_init(&outs, "maze");
    mz_solution sol;
    mz_solution_init(&sol, false, NULL);
    if (s != MZ_OK) {
        if (info.line)
            mzc_error("maze: %s:%llu:%llu: %s", name, (unsigned long long)info.line,
                      (unsigned long long)info.col, info.err);
        else
            mzc_error("maze: %s: %s", name, info.err[0] ? info.err : mz_status_str(s));
        rc = s == MZ_ENOMEM ? MZC_FAIL : MZC_USAGE;
        goto done;
    }
    mz_dims d = mz_grid_dims(&g);
    for (size_t k = 0; k < nsolvers; k++)
        if (mzc_check_runs_on(NULL, &solvers[k], &d) != 0 || mzc_check_cells(&solvers[k], &d) != 0) {
            rc = MZC_USAGE;
            goto done;
        }
    {
        const mz_algo *algos[1];
        for (size_t k = 0; k <= nsolvers; k++) {
            size_t n = 0;
            if (k < nsolvers)
                algos[n++] = solvers[k].algo;
            if (mzc_check_estimate(&d, algos, n, MZ_EST_FIGURES) != 0) {
                rc = MZC_FAIL;
                goto done;
            }
        }
    }
    mz_pic_estimate est;
    mz_pic_opts po;
    mz_pic_defaults(&po);
    if (mo.render) {
        s = mz_pic_still_estimate(&d, &po, pic, &est);
        if (s != MZ_OK) {
            char dn[96];
            mz_dims_format(&d, dn, sizeof dn);
            mzc_error("maze: --render: a %s maze is too large to draw in this format "
                      "(see docs/render.md)", dn);
            rc = MZC_USAGE;
            goto done;
        }
        if (mzc_check_bytes("maze: the picture", (double)est.memory_bytes) != 0) {
            rc = MZC_FAIL;
            goto done;
        }
    }
    /* The outputs are opened (an existing one refused) before any work. */
    FILE *save_f = NULL, *pic_f = NULL;
    if (mo.save && !(save_f = mzc_outs_open(&outs, "--save", mo.save, mo.force, &rc)))
        goto done;
    if (mo.render && !(pic_f = mzc_outs_open(&outs, "--render", mo.render, mo.force, &rc)))
        goto done;

    mz_metrics m;
    mz_maze_stats st;
    s = mz_metrics_compute(&g, 0, &m);
    if (s == MZ_OK)
        s = mz_maze_stats_compute(&g, 0, &st);
    if (s != MZ_OK) {
        mzc_error("maze: figures of '%s': %s", name, mz_status_str(s));
        rc = MZC_FAIL;
        goto done;
    }
    mzo_fields *fs = malloc(sizeof *fs);
    if (!fs) {
        mzc_error("maze: out of memory");
        rc = MZC_FAIL;
        goto done;
    }
    const mz_algo **all = nsolvers ? calloc(nsolvers, sizeof *all) : NULL;
    if (nsolvers && !all) {
        free(fs);
        mzc_error("maze: out of memory");
        rc = MZC_FAIL;
        goto done;
    }
    for (size_t k = 0; k < nsolvers; k++)
        all[k] = solvers[k].algo;
    if (nsolvers == 0) {
        mzo_maze_fields(fs, &g, &m, &info, &st, NULL, NULL, NULL, 0);
        mzo_fields_write(stdout, fs, out_json, true);
    }
    for (size_t k = 0; k < nsolvers; k++) {
        s = mz_solve(&solvers[k], &g, NULL, &sol);
        if (s != MZ_OK) {
            mzc_error("maze: solver %s on '%s': %s", solvers[k].algo->name, name,
                      mz_status_str(s));
            rc = MZC_FAIL;
            break;
        }
        mzo_maze_fields(fs, &g, &m, &info, &st, &solvers[k], &sol, all, nsolvers);
        mzo_fields_write(stdout, fs, out_json, k == 0);
    }
    free(all);
    free(fs);
    if (rc == MZC_OK && save_f)
        rc = mzc_save_maze("maze", save_f, mo.save, save_fmt, &g);
    if (rc == MZC_OK && pic_f) {
        s = mz_pic_render(&g, &po, pic, put_pic, pic_f);
        if (s != MZ_OK) {
            mzc_error("maze: --render '%s': %s", mo.render,
                      s == MZ_EIO ? strerror(errno) : mz_status_str(s));
            rc = s == MZ_ETOOBIG ? MZC_USAGE : MZC_FAIL;
        }
    }
done:
    rc = mzc_outs_finish(&outs, rc);
    mz_solution_free(&sol);
    mz_grid_free(&g);
    free(solvers);
    return rc;
}
