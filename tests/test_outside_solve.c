/*
 * test_outside_solve.c - outside solver entries (src/outside/solve.c) run
 * through the library, on mazes built here:
 *   - a maze whose exit cannot be reached: a program that prints no cell,
 *     or exits non-zero, has found nothing (MZ_OK, status ok);
 *   - where a route exists, the same programs fail (MZ_EOUTSIDE: invalid-path,
 *     exit), with the failure's account and status kept for the entry;
 *   - ends elsewhere than the defaults: a solver whose file cannot carry
 *     them and whose command does not name them is not run
 *     (MZ_EUNSUPPORTED); one that reads mzb, or names {entrance} and
 *     {exit}, is, and gets them;
 *   - the placeholders' values reach the program;
 *   - every allocation failure (the check's, the path's) is MZ_ENOMEM with
 *     nothing leaked;
 *   - nothing is left in $TMPDIR, not even folders a program made beside
 *     its maze (a symbolic link there is removed, never followed);
 *   - a bad section is refused with its line.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, setenv */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "failing_alloc.h"
#include "mazebench.h"
#include "outside/outside.h"
#include "outside/solver.h"

static const char programs[] =
    "[solver none]\n"
    "command = true\n"
    "[solver fails]\n"
    "command = sh -c 'exit 1'\n"
    "[solver by-ends]\n"
    "command = sh -c 'echo \"$1\"; echo \"$2\"' sh {entrance} {exit}\n"
    "[solver mzb-ends]\n"
    "command = sh -c 'read h; for w in $h; do case $w in entrance=*) echo ${{w#*=};; esac; done; "
    "for w in $h; do case $w in exit=*) echo ${{w#*=};; esac; done'\n"
    "format = mzb\n"
    "[solver litter]\n"
    "command = sh -c 'd=$(dirname \"$1\"); mkdir -p \"$d/a/b\" && echo x >\"$d/a/b/f\" && "
    "ln -s /etc \"$d/a/etc\" && echo 0 && echo 1' sh {in}\n"
    "[solver walk]\n"
    "command = sh -c 'echo 0; echo 1; echo 2; echo 3'\n"
    "[solver json-fixed]\n"
    "command = sh -c 'echo 0; echo 1'\n"
    "[solver sizes]\n"
    "command = sh -c 'test \"$*\" = \"1 2 1 2 ortho json\" "
    "&& printf \"0\\n1\\n\"' sh {rows} {cols} {levels} {cells} {shape} {format}\n";

static mzx_file file;
static char tmpdir[64] = "/tmp/mzt-outside-XXXXXX";

/* Entries of folder dir but . and .. */
static int entries(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(dp);
    return n;
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(tmpdir) || setenv("TMPDIR", tmpdir, 1) != 0)
        return -1;
    char msg[600];
    assert_int_equal(mzx_file_parse("t.ini", "/tmp", programs, strlen(programs), &file, msg,
                                    sizeof msg), MZ_OK);
    for (size_t k = 0; k < file.nsec; k++)
        if (mzx_solve_section(&file, &file.sec[k], msg, sizeof msg) != MZ_OK)
            fail_msg("section %s: %s", file.sec[k].name, msg);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    mzx_unload();
    mzx_file_free(&file);
    int left = entries(tmpdir);
    rmdir(tmpdir);
    if (left != 0)
        fprintf(stderr, "test_outside_solve: %d files left in %s\n", left, tmpdir);
    return left == 0 ? 0 : -1;
}

/* A 1 x n grid, cells joined left to right but for the wall after cut
 * (cut >= n - 1: all joined). */
static void row_maze(mz_grid *g, uint64_t n, uint64_t cut)
{
    mz_dims d = *MZ_SQUARE(1, n);
    memset(g, 0, sizeof *g);
    assert_int_equal(mz_grid_init(g, &d, NULL), MZ_OK);
    for (uint64_t i = 0; i + 1 < n; i++)
        if (i != cut)
            mz_port_knock(g, i, MZ_E);
}

static mz_status run(const char *name, const mz_grid *g, mz_solution *sol)
{
    const mz_algo *a = mz_find(MZ_SOLVER, name);
    assert_non_null(a);
    assert_true(mzx_is_outside_solver(a));
    mz_stage st = {a, {{0}}};
    mz_solution_init(sol, true, NULL);
    return mz_solve(&st, g, NULL, sol);
}

static const char *status_of(const mz_solution *sol)
{
    const mz_value *v = mz_extra_get(&sol->extra, "solve_outside_status");
    return v && v->type == MZ_V_TEXT ? v->text : "";
}

static void test_no_route(void **state)
{
    (void)state;
    mz_grid g;
    row_maze(&g, 4, 1); /* 0-1 | 2-3 */
    mz_solution sol;
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "fails" : "none";
        assert_int_equal(run(name, &g, &sol), MZ_OK);
        assert_false(sol.found);
        assert_int_equal(sol.path_steps, -1);
        assert_int_equal(sol.path_len, 0);
        assert_string_equal(status_of(&sol), "ok");
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);

    row_maze(&g, 4, 9); /* joined: a route */
    assert_int_equal(run("none", &g, &sol), MZ_EOUTSIDE);
    assert_string_equal(status_of(&sol), "invalid-path");
    char why[700];
    mzx_solve_status st;
    assert_true(mzx_solver_failure(mz_find(MZ_SOLVER, "none"), why, sizeof why, &st));
    assert_int_equal(st, MZX_SOLVE_INVALID_PATH);
    assert_non_null(strstr(why, "outside solver none (grid 1x4): invalid-path: "));
    mz_solution_free(&sol);
    assert_int_equal(run("fails", &g, &sol), MZ_EOUTSIDE);
    assert_string_equal(status_of(&sol), "exit");
    assert_true(mzx_solver_failure(mz_find(MZ_SOLVER, "fails"), why, sizeof why, &st));
    assert_int_equal(st, MZX_SOLVE_EXIT);
    mz_solution_free(&sol);
    /* a built-in solver is none of these */
    assert_false(mzx_is_outside_solver(mz_find(MZ_SOLVER, "bfs")));
    assert_false(mzx_solver_failure(mz_find(MZ_SOLVER, "bfs"), why, sizeof why, NULL));
    mz_grid_free(&g);
}

static void test_ends(void **state)
{
    (void)state;
    mz_grid g;
    row_maze(&g, 2, 9);
    mz_solution sol;
    /* the defaults: every solver runs */
    assert_int_equal(run("json-fixed", &g, &sol), MZ_OK);
    assert_true(sol.found);
    assert_int_equal(sol.path_steps, 1);
    mz_solution_free(&sol);
    assert_int_equal(run("sizes", &g, &sol), MZ_OK);
    assert_true(sol.found);
    mz_solution_free(&sol);
    /* the ends swapped */
    g.entrance = 1;
    g.exit = 0;
    assert_int_equal(run("json-fixed", &g, &sol), MZ_EUNSUPPORTED);
    mz_solution_free(&sol);
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "mzb-ends" : "by-ends";
        mz_status s = run(name, &g, &sol);
        if (s != MZ_OK || !sol.found || sol.path_len != 2 || sol.path[0] != 1 || sol.path[1] != 0)
            fail_msg("%s: %s, found %d, %llu cells", name, mz_status_str(s), (int)sol.found,
                     (unsigned long long)sol.path_len);
        mz_solution_free(&sol);
    }
    mz_grid_free(&g);
}

static void test_enomem(void **state)
{
    (void)state;
    mz_grid g;
    row_maze(&g, 4, 9);
    const mz_algo *a = mz_find(MZ_SOLVER, "walk");
    assert_non_null(a);
    long k = 1;
    for (;; k++) {
        failing f = {0, k, 0};
        mz_allocator al = {fail_alloc, fail_free, &f};
        g.mem = &al;
        mz_solution sol;
        mz_solution_init(&sol, true, &al);
        mz_stage st = {a, {{0}}};
        mz_status s = mz_solve(&st, &g, NULL, &sol);
        bool found = sol.found;
        uint64_t len = sol.path_len;
        mz_solution_free(&sol);
        g.mem = NULL;
        if (f.live != 0)
            fail_msg("allocation %ld failed: %ld blocks leaked", k, f.live);
        if (s == MZ_OK) {
            assert_true(found);
            assert_int_equal(len, 4);
            break;
        }
        if (s != MZ_ENOMEM)
            fail_msg("allocation %ld failed and it said %s", k, mz_status_str(s));
    }
    assert_true(k > 2); /* the check and the path took memory */
    mz_grid_free(&g);
}

static void test_litter(void **state)
{
    (void)state;
    mz_grid g;
    row_maze(&g, 2, 9);
    mz_solution sol;
    assert_int_equal(run("litter", &g, &sol), MZ_OK);
    assert_true(sol.found);
    mz_solution_free(&sol);
    assert_int_equal(entries(tmpdir), 0);
    assert_int_equal(entries("/etc") > 0, 1);
    mz_grid_free(&g);
}

static void test_bad_sections(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"[solver a]\nformat = json\n", "t2.ini:1: [solver a] has no command"},
        {"[solver a]\ncommand = true\nformat = png\n", "t2.ini:3: format is"},
        {"[solver a]\ncommand = true\npath = xy\n", "t2.ini:3: path is"},
        {"[solver a]\ncommand = true\nshapes = hex\n", "t2.ini:3: shapes: a json file"},
        {"[solver a]\ncommand = true\nshapes = ,\n", "t2.ini:3: shapes: name one"},
        {"[solver a]\ncommand = true\nshapes = cube,foo\nformat = mzb\n",
         "t2.ini:3: shapes: unknown shape 'foo'"},
        {"[solver a]\ncommand = true {seed}\n", "t2.ini:2:"},
        {"[solver none]\ncommand = true\n", "t2.ini:1: [solver none]: a solver of that name"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mzx_file f;
        char msg[600] = "";
        assert_int_equal(mzx_file_parse("t2.ini", "/tmp", cases[k].text, strlen(cases[k].text),
                                        &f, msg, sizeof msg), MZ_OK);
        mz_status s = mzx_solve_section(&f, &f.sec[0], msg, sizeof msg);
        if (s != MZ_EFORMAT || strncmp(msg, cases[k].want, strlen(cases[k].want)) != 0)
            fail_msg("case %zu: %s, '%s'; expected '%s'", k, mz_status_str(s), msg, cases[k].want);
        mzx_file_free(&f);
    }
    for (unsigned s = 0; s < MZX_SOLVE_STATUS_COUNT; s++)
        assert_string_not_equal(mzx_solver_status_name((mzx_solve_status)s), "?");
    assert_string_equal(mzx_solver_status_name(MZX_SOLVE_STATUS_COUNT), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_route),
        cmocka_unit_test(test_ends),
        cmocka_unit_test(test_enomem),
        cmocka_unit_test(test_litter),
        cmocka_unit_test(test_bad_sections),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
