/*
 * commands.c - every command's options, as one table each (opts.h,
 * docs/cli.md): its parsing, usage line, --help, man page and completion
 * words all come from its table. The tables are in three files by the
 * commands' group: here the mazes (list, gen, solve, render, maze, vet)
 * and the list of every command; commands_run.c the runs (scale, sweep,
 * merge, stats, eller-stream, scaling); commands_check.c the checks and
 * reports (check, compare, verdict, report).
 *
 * To add an option: add its row to the command's table (a value's name in
 * arg, the values completion offers in values; @{name} in a help text or
 * values is a list made from a library table, mzc_text_var in cli.h, such
 * as @{formats} for the maze file formats), then handle it in the
 * command's loop over mzc_args_next; tests/options_cli.sh checks that
 * every row is parsed and every option the help names is a row.
 */
#include "cli.h"
#include "opts.h"

/* A row names only the fields it uses: values and shortname are NULL
 * when left out. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

/* ---- list */
static const mzc_optdef list_opts[] = {
    {"--format", "F", 0,
     "text (for people, the default); csv: one record a line: record (algo, shape, param, column, trace_op, trace_size), algo, kind, name, type, default, min, max, choices, flags, bytes_per_cell, bytes_fixed, bytes_per_col, trace_steps_per_cell, text; a shape record a shape the entry runs on, its name in name and what it declares there: its peak bytes a cell, fixed and a column, and its trace steps a cell at most (or unbounded, a random walk); json: one object an entry", "text|csv|json"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_list = {
    "list",
    "every generator, post-processor and solver with its parameters",
    "",
    list_opts,
    "Print every generator, post-processor and solver of the registry: its\n"
    "kind, flags, the cell shapes it runs on (ortho, hex, tri, polar, 3d,\n"
    "weave, torus: the SHAPE of --grid SHAPE:DIMS), parameters (name=value in\n"
    "a spec) with their types, defaults and ranges, the extra columns it\n"
    "reports, its bytes a cell beyond the grid (measured, on each shape), its\n"
    "summary and its trace ops.\n",
    NULL};

/* ---- gen */
static const mzc_optdef gen_opts[] = {
    {"SPEC", NULL, MZC_O_OPERAND,
     "name[:key=value,...][+post[:key=value,...]], e.g. dfs+braid:keep=0.4,offset=99 ('mazebench list' shows the names)", "@gen"},
    {"--seed", "N", MZC_O_REQUIRED,
     "seed of the random source, 0..4294967295 (64 bits with splitmix64)"},
    {"--rng", "NAME", 0,
     "the random source: auto (default: mulberry32, or splitmix64 with a note when the maze would take more than 2^28 draws or the seed is past 32 bits), mulberry32 (up to 2^31 draws and 32-bit seeds; refuses others), splitmix64 (docs/random.md)", "auto|mulberry32|splitmix64"},
    {"--grid", "GRID", MZC_O_REQUIRED,
     "RxC (rows x columns of square cells), N (N x N), or SHAPE:DIMS: hex:RxC, tri:RxC, weave:RxC, torus:RxC (R, C at least 3), polar:RINGS, 3d:LEVELSxRxC ('mazebench list' shows the shapes each generator runs on); --size is its older name"},
    {"--size", "GRID", MZC_O_OLDER, NULL, "--grid"},
    {"--format", "F", 0,
     "csv (default), json, or ascii (the maze drawn, then its figures)", "csv|json|ascii"},
    {"--trace", "FILE", 0,
     "write every step as CSV: step,op,cell,dir,size ('-' for stdout); an existing FILE is kept unless --force"},
    {"--save", "FILE", 0,
     "write the maze to FILE ('mazebench maze FILE' reads it back; docs/maze-files.md); an existing FILE is kept unless --force"},
    {"--save-format", "F", 0,
     "@{formats-shapes}; default from FILE's extension: @{formats-by-ext}", "@{formats|}"},
    {"--force", NULL, 0,
     "replace an existing trace or --save FILE"},
    {"--threads", "N", 0,
     "threads for the generator (binary-tree uses them) and the figures, 1..256 (default: every online core); the maze and its figures are the same at any N"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_gen = {
    "gen",
    "generate a maze and print its figures",
    "SPEC",
    gen_opts,
    "Generate one maze and print its figures (one CSV row with a header by default).\n",
    NULL};

/* ---- solve */
static const mzc_optdef solve_opts[] = {
    {"SOLVER", NULL, MZC_O_OPERAND,
     "a solver spec, name[:key=value,...] ('mazebench list' shows the names)", "@solver"},
    {"--gen", "SPEC", MZC_O_REQUIRED,
     "the generator spec, as for 'mazebench gen'", "@gen"},
    {"--seed", "N", MZC_O_REQUIRED,
     "seed of the random source, 0..4294967295 (64 bits with splitmix64)"},
    {"--rng", "NAME", 0,
     "auto (default), mulberry32 or splitmix64, as for 'mazebench gen'", "auto|mulberry32|splitmix64"},
    {"--grid", "GRID", MZC_O_REQUIRED,
     "RxC, N, or SHAPE:DIMS (hex:RxC, tri:RxC, weave:RxC, torus:RxC, polar:RINGS, 3d:LEVELSxRxC); --size is its older name"},
    {"--size", "GRID", MZC_O_OLDER, NULL, "--grid"},
    {"--format", "F", 0,
     "csv (default), json, or ascii (the maze with the path drawn)", "csv|json|ascii"},
    {"--trace", "FILE", 0,
     "write the solver's steps as CSV: step,op,cell,dir,size ('-': stdout); an existing FILE is kept unless --force"},
    {"--save-path", "FILE", 0,
     "write the solver's path to FILE, one cell a line (ROW COL; RING POS on polar, LEVEL ROW COL on 3d cells), after the line 'mazebench-path 1' (docs/outside-solvers.md); no cell when it found none"},
    {"--force", NULL, 0,
     "replace an existing trace or --save-path FILE"},
    {"--threads", "N", 0,
     "threads, 1..256 (default: every online core): the generator may use all (binary-tree does), then the solver runs on one while the figures use the others; the results are the same at any N"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_solve = {
    "solve",
    "generate a maze, solve it and print both sets of figures",
    "SOLVER[:key=value,...]",
    solve_opts,
    "Generate a maze from SPEC, solve it with SOLVER and print the maze's and the\n"
    "solver's figures as one row. SOLVER is a built-in solver ('mazebench list') or\n"
    "a program declared with --programs (docs/outside-solvers.md).\n",
    NULL};

/* ---- render */
static const mzc_optdef render_opts[] = {
    {"SPEC", NULL, MZC_O_OPERAND,
     "the generator spec, as for 'mazebench gen'", "@gen"},
    {"--seed", "N", MZC_O_REQUIRED,
     "seed of the random source, as for 'mazebench gen'"},
    {"--grid", "GRID", MZC_O_REQUIRED,
     "RxC (square cells), hex:RxC, tri:RxC, polar:RINGS, 3d:LxRxC, weave:RxC or torus:RxC (--size is the same option)"},
    {"--size", "GRID", MZC_O_OLDER, NULL, "--grid"},
    {"--out", "FILE", 0,
     "the picture (default: SVG on stdout); its extension chooses the format"},
    {"--force", NULL, 0,
     "replace an existing FILE"},
    {"--rng", "NAME", 0,
     "random source: auto (default), mulberry32 or splitmix64, as for 'mazebench gen'", "auto|mulberry32|splitmix64"},
    {"--style", "plain|hedge", 0,
     "a clean line drawing (default), or board 09's hedge garden (answer path, lantern, sun shadows, fog)", "plain|hedge"},
    {"--solve", "S", 0,
     "the solver for route, closed and trail (default bfs)", "@solver"},
    {"--overlay", "LIST", 0,
     "comma-separated: route, heat, valley, closed, trail, tiles, all (every one that applies to the cells: no trail or tiles but on squares), none (default)"},
    {"--from", "CELL", 0,
     "heat source: an index, R,C, entrance, exit or centre"},
    {"--cell", "PX", 0, "a cell's side in px (default automatic)"},
    {"--wall", "PX", 0, "a wall's width in px (default automatic)"},
    {"--margin", "PX", 0, "the blank border in px (default automatic)"},
    {"--bg", "RRGGBB", 0, "the background colour"},
    {"--fg", "RRGGBB", 0, "the walls' colour"},
    {"--route-colour", "RRGGBB", 0, "the route's colour"},
    {"--no-legend", NULL, 0, "no legend band under the maze"},
    {"--no-marks", NULL, 0, "no marks on the entrance and the exit"},
    {"--no-antialias", NULL, 0, "exact pixels, no antialiasing"},
    {"--time", "MS", 0,
     "hedge style only: the frame's time in ms (default 0)"},
    {"--format", "F", 0,
     "png, svg, pdf or gif, overriding the extension", "png|svg|pdf|gif"},
    {"--animate", "gen|solve", 0,
     "replay the generator's or the solver's trace (default: solve with --solve, else gen); a .png gets the folder FILE without .png, holding NAME-00000.png, ..., put in place whole (--force swaps a frame folder)", "gen|solve"},
    {"--stride", "N", 0,
     "trace steps a frame (default: about 150 frames)"},
    {"--duration", "MS", 0,
     "gif: playing time of the steps (default 4000)"},
    {"--hold", "MS", 0,
     "gif: time the last frame stays (default 2000)"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_render = {
    "render",
    "draw a maze as PNG, SVG or PDF, or animate a trace as GIF",
    "SPEC",
    render_opts,
    "Draw a maze as a picture, its format chosen by the extension of FILE\n"
    "(.png, .svg, .pdf, .gif); without --out, SVG on stdout. A .gif, or --animate,\n"
    "replays a trace step by step (docs/render.md). A file that exists is kept\n"
    "unless --force; a picture is written beside FILE and renamed at the end.\n"
    "Options that do not apply to the cells or the format are refused.\n",
    "Limits: PNG up to 2^27 pixels and 32767 a side, SVG and PDF up to 3072x3072\n"
    "cells and files estimated at 128 MiB (PDF pages up to 14400 pt a side), GIF\n"
    "up to 256x256 cells and 64 MiB; larger is refused before anything is drawn\n"
    "(bigger --cell and overlays lower them; docs/render.md). An animation's trace\n"
    "is recorded up to 2^24 steps; its memory is estimated before anything runs\n"
    "from the trace steps a cell the registry declares (mazebench list).\n"};

/* ---- maze */
static const mzc_optdef maze_opts[] = {
    {"FILE|-", NULL, MZC_O_OPERAND,
     "the maze file, or '-' for standard input", "@file"},
    {"--format", "F", 0,
     "the file's format: auto (default: detected), @{formats}", "auto|@{formats|}"},
    {"--wall-chars", "S", 0,
     "blocks: the characters that are wall (default: # X 1 and the full block U+2588); every other one is open"},
    {"--cell-size", "WxH", 0,
     "blocks: characters across and lines down a block takes (default 1x1; 1..64 each)"},
    {"--layout", "L", 0,
     "blocks: rooms (default: rooms on odd rows and columns, walls or passages between) or cells (every block a cell, wall blocks blocked)", "rooms|cells"},
    {"--solver", "\"S ...\"", 0,
     "solve the maze with each solver spec of the list (separated by spaces): one row each, with the solver's columns as 'mazebench solve' prints them", "@solver"},
    {"--render", "FILE", 0,
     "draw the maze, the format from FILE's extension: .png, .svg or .pdf"},
    {"--save", "FILE", 0,
     "write the maze to FILE"},
    {"--save-format", "F", 0,
     "@{formats} (default from FILE's extension: @{formats-by-ext})", "@{formats|}"},
    {"--out-format", "F", 0,
     "csv (default: a header and the rows) or json (an object a line)", "csv|json"},
    {"--force", NULL, 0,
     "replace an existing --render or --save file"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_maze = {
    "maze",
    "read a maze file: its figures, solvers, a picture, another format",
    "FILE|-",
    maze_opts,
    "Read a maze from FILE ('-': standard input) and print its figures: the\n"
    "columns 'mazebench gen' prints (gen is \"file\", seed and draws 0, rng empty),\n"
    "then format, inconsistent_walls, longest, degree_0..degree_D, straight and\n"
    "turn (docs/maze-files.md).\n",
    "A file that does not read gives one line 'mazebench: maze: FILE:LINE:COL: why'\n"
    "and exit status 2. Files are written beside their name and renamed when the\n"
    "whole command has succeeded.\n"};

/* ---- vet */
static const mzc_optdef vet_opts[] = {
    {"NAME", NULL, MZC_O_OPERAND,
     "an entry to check (a generator, post-processor or solver)", "@any"},
    {"--all", NULL, 0,
     "every entry of the registry and every added one"},
    {"--timeout", "S", 0,
     "seconds an entry's checks may take (default 300); past them the entry fails"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_vet = {
    "vet",
    "the test suite's checks on any entry: a plugin's, an outside program's",
    "[NAME...]",
    vet_opts,
    "Run the checks the test suite makes on every built-in entry on any entry:\n"
    "a plugin's (--plugin, before or after 'vet'), an outside program's, or a\n"
    "built-in one. With no NAME, every entry added at run time (plugins,\n"
    "outside programs); --all: every entry, the built-in ones too.\n"
    "Each entry runs at its default parameters and at each documented value\n"
    "of each parameter, one moved at a time, on the sample grids of every\n"
    "shape it runs on (square 1x1, 1x7, 7x1, 2x2, 9x13, 31x31 and a typical,\n"
    "thin and least grid of each other shape) under four seeds (an outside\n"
    "program, a process a run, at its defaults under two); a solver on mazes\n"
    "of a built-in perfect generator, with and without loops.\n"
    "\n"
    "checks (one line each: ok, skip: why, or FAIL: why):\n"
    "  runs       MZ_OK, or MZ_EUNSUPPORTED exactly where it declares a refusal\n"
    "  walls      both sides of every wall agree, the border stays closed,\n"
    "             entrance and exit are open cells of the grid\n"
    "  scratch    no scratch bit or bit beyond the shape's ports left set\n"
    "  perfect    flagged perfect: one component, cells - 1 passages, no loop\n"
    "  same-seed  the same seed gives the same maze (or solution)\n"
    "  path       a solver's path walks through open walls from start to end;\n"
    "             found comes with a route (path_steps, and the path)\n"
    "  shortest   flagged shortest: found when reachable, the shortest route\n"
    "  trace      tracing changes nothing, its ops are declared in trace_ops,\n"
    "             a sink that says stop gets MZ_EIO and nothing leaks\n"
    "  alloc      each allocation from g->mem fails in turn: MZ_ENOMEM, no\n"
    "             leak (skipped for outside programs)\n"
    "  finishes   (on failure only) the entry crashed, hung or ended the process\n",
    "Exit status: 0 every check passed or was skipped, 1 a check failed or an\n"
    "entry crashed or hung, 2 bad usage (an unknown NAME, nothing to check).\n"};

const mzc_cmddef *const mzc_commands[] = {
    &mzc_cmd_list,
    &mzc_cmd_gen,
    &mzc_cmd_solve,
    &mzc_cmd_scale,
    &mzc_cmd_sweep,
    &mzc_cmd_merge,
    &mzc_cmd_check,
    &mzc_cmd_compare,
    &mzc_cmd_render,
    &mzc_cmd_stats,
    &mzc_cmd_eller_stream,
    &mzc_cmd_scaling,
    &mzc_cmd_maze,
    &mzc_cmd_vet,
    &mzc_cmd_verdict,
    &mzc_cmd_report,
    NULL};
