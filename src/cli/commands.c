/*
 * commands.c - every command's options, as one table each (opts.h,
 * docs/cli.md): its parsing, usage line, --help, man page and completion
 * words all come from its table here.
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

/* ---- scale */
static const mzc_optdef scale_opts[] = {
    {"--gen", "SPEC", MZC_O_REQUIRED,
     "generator spec, as for 'mazebench gen'", "@gen"},
    {"--solve", "SOLVER", 0,
     "also time this solver on each maze", "@solver"},
    {"--shape", "SHAPE", 0,
     "the grids' cell shape: ortho (default), hex, tri, weave, torus (near-square rows x cols), polar (the most rings within the cells) or 3d (near-cubic levels x rows x cols); the topology column names it", "@shape"},
    {"--max-cells", "N", 0,
     "largest cell count (at least 1000)"},
    {"--seed", "N", 0,
     "seed of the random source (default 464; 64 bits with splitmix64)"},
    {"--rng", "NAME", 0,
     "the random source of each size: auto (default: mulberry32, and splitmix64 from the first size whose maze would take more than 2^28 draws, or for a seed past 32 bits, with a note), mulberry32 (refused, exit 2, when a size would need more than 2^31 draws or the seed more than 32 bits) or splitmix64 (docs/random.md)", "auto|mulberry32|splitmix64"},
    {"--reps", "N", 0,
     "timed runs a size, after one warm-up run (default 3, 1..1000)"},
    {"--out", "FILE", 0,
     "CSV file (default, or '-': stdout); its directory must exist, and an existing file is kept unless --force"},
    {"--force", NULL, 0,
     "replace an existing --out FILE (its charts and FILE.partial)"},
    {"--resume", NULL, 0,
     "carry on FILE.partial (or FILE): keep the sizes it holds and measure the rest; refused (exit 2) unless it was made by the same command (generator, solver, seed, source, reps, shape, sizes) and this build, and is whole"},
    {"--no-chart", NULL, 0,
     "do not run gnuplot; otherwise, when gnuplot and scripts/scale.gp are found, FILE's .png and .svg charts are drawn next to it (log-log, time and memory a cell) and committed with it (all three, or none)"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_scale = {
    "scale",
    "time and memory a cell as the grid doubles, to CSV and a chart",
    "",
    scale_opts,
    "Double the grid from 1000 cells up to N (default 100000000), near-square\n"
    "sizes of at most that many cells (10^8 is 10000x10000); for each size run\n"
    "the generator (and the solver) in a child process, timed by the library's\n"
    "engine (docs/measurement.md), and write one CSV row: the maze's real size,\n"
    "generator and solver time a cell in ns (median and minimum of the timed runs,\n"
    "and their spread), heap a cell, the child's peak resident memory and the\n"
    "maze's digest, its random source (rng) and the draws its generation took. A\n"
    "generator that makes a fixed-size maze is measured once.\n",
    "FILE is written as FILE.partial, a row a size, and renamed to FILE when every\n"
    "size is measured: a run stopped by anything (a size whose estimated memory\n"
    "does not fit, exit status 1; Ctrl-C; SIGKILL) leaves FILE as it was and its\n"
    "sizes in FILE.partial, which --resume carries on. Progress goes to stderr\n"
    "when it is a terminal.\n"};

/* ---- sweep */
static const mzc_optdef sweep_opts[] = {
    {"PLAN", NULL, MZC_O_OPERAND,
     "a plan file ('-' for stdin); without it, the default plan: every registered generator and solver plus the article's variants, seeds 464..473, sizes 31, 101, 317, 1001"},
    {"--gen", "SPECS", 0,
     "generator specs, comma-separated, replacing the plan's ('all' = every registered generator)", "@gen-all"},
    {"--solve", "SOLVERS", MZC_O_EMPTY_OK,
     "solver specs, comma-separated ('all' = every solver, '' = none)", "@solver-all"},
    {"--seeds", "LIST", 0,
     "e.g. 464..473 or 1,5,9..12 (any 64-bit seeds: tasks are computed as they run, never listed)"},
    {"--rng", "NAME", 0,
     "the random source: 'auto' (default) draws from mulberry32 (the article's source) unless a maze would take more than 2^28 draws or its seed is past 32 bits, and then from splitmix64, with a note; 'mulberry32' serves mazes of up to 2^31 draws and 32-bit seeds, and refuses others; 'splitmix64' draws every maze from it. The rng column names each row's source (docs/random.md)", "auto|mulberry32|splitmix64"},
    {"--grids", "LIST", 0,
     "e.g. 31,101,31x61,hex:31x31,polar:16,3d:4x15x15 (N means N x N square cells; SHAPE:DIMS as for 'gen --grid'); --sizes is its older name"},
    {"--sizes", "LIST", MZC_O_OLDER, NULL, "--grids"},
    {"--skip-unsupported", NULL, 0,
     "drop the grids a generator does not run on (its shape, 'mazebench list') instead of refusing the plan; a solver that does not run on a maze keeps its row, figures empty"},
    {"--reps", "N", 0,
     "repetitions of each maze (for timing spread), default 1"},
    {"--jobs", "N", 0,
     "worker threads, default 1"},
    {"--threads", "N", 0,
     "threads for each maze's figures, after its timed runs (default: the online cores shared among the jobs); the figures are the same at any N"},
    {"--out", "FILE", 0,
     "output CSV; default stdout. An existing FILE is refused unless --force or --resume; FILE is written beside and renamed into place when the sweep ends"},
    {"--force", NULL, 0,
     "replace an existing --out FILE"},
    {"--resume", NULL, 0,
     "carry on an interrupted --out FILE of the same plan"},
    {"--shard", "I/N", 0,
     "run only part I of N (tasks whose index mod N is I-1); 'mazebench merge' joins the parts"},
    {"--print-plan", NULL, 0,
     "dry run: print the effective plan, its task count and an estimate of time and memory, and exit"},
    {"--progress", "SECS", 0,
     "a progress line every SECS seconds when stderr is not a terminal (default 10, 0 for none); a terminal gets a live line"},
    {"--count", "COUNTER", 0,
     "instruction counts of each timed call into gen_instr, solve_instr, gen_llc_miss and solve_llc_miss (empty without it): 'callgrind' runs the sweep under valgrind's Callgrind (exact, the same on every run; one job; 50 to 100 times slower), 'perf' reads the hardware counters (where the kernel offers them), 'auto' the first of perf and callgrind that is there", "callgrind|perf|auto"},
    {"--", NULL, MZC_O_OPERAND,
     "what follows is PLAN, even if it starts with '-'"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_sweep = {
    "sweep",
    "run a plan of generators x sizes x seeds x solvers into a CSV",
    "[PLAN]",
    sweep_opts,
    "Run every generator of a plan on every grid, seed and repetition, solve each\n"
    "maze with every solver of the plan, and write one CSV row per (generator,\n"
    "grid, seed, rep, solver), in plan order whatever --jobs is.\n",
    "Plan file lines: 'gen SPEC', 'gen? SPEC' (skipped with a note when not\n"
    "registered), 'gen all', the same for 'solve', 'seeds LIST', 'sizes LIST'\n"
    "(grids; 'grids LIST' is the same), 'reps N', 'limit GENERATOR SIZE' (that\n"
    "generator only up to SIZE's cells), 'skip unsupported', 'rng NAME',\n"
    "'# comments'.\n"
    "Duplicate generators, solvers, seeds and grids run once.\n"
    "See docs/sweeps.md.\n"};

/* ---- merge */
static const mzc_optdef merge_opts[] = {
    {"FILE", NULL, MZC_O_OPERAND,
     "a part file of the sweep (every part once, in any order)", "@file"},
    {"--out", "FILE", 0,
     "the merged CSV (default stdout); an existing FILE is refused unless --force, and is never one of the parts"},
    {"--force", NULL, 0,
     "replace an existing --out FILE"},
    {"--", NULL, MZC_O_OPERAND,
     "what follows are FILEs, even if they start with '-'"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_merge = {
    "merge",
    "join the part files of a sharded sweep into one CSV",
    "FILE...",
    merge_opts,
    "Join the part files of a sharded sweep ('mazebench sweep --shard I/N') into\n"
    "the CSV one machine would have written: the same rows in the same order.\n"
    "Every part of one plan must be given once, in any order; every row is\n"
    "checked against the plan's task order. The output keeps the first file's\n"
    "provenance lines, its '# shard:' line becoming '# shard: 1/1, tasks T, rows\n"
    "per task K' followed by a '# merged:' line naming the parts. Writes to\n"
    "stdout unless --out is given; an existing --out FILE is refused unless\n"
    "--force, is never one of the parts, and is replaced atomically.\n",
    NULL};

/* ---- check */
static const mzc_optdef check_opts[] = {
    {"--jobs", "N", 0,
     "worker threads, default 1"},
    {"--any-registry", NULL, 0,
     "compare a file written by another registry too (to review what a registry change moved), instead of refusing it"},
    {"--junit", "FILE", 0,
     "also write a JUnit XML report for CI: one test case per row, a failure holding its difference lines; written only when the result reached stdout ('-' is refused)"},
    {"--force", NULL, 0,
     "replace an existing --junit FILE"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_check = {
    "check",
    "re-run every row of a sweep CSV and report figures that differ",
    "FILE.csv",
    check_opts,
    "Re-run every row of a sweep CSV (its gen, seed, rng, topology, rows, cols,\n"
    "rep and solver columns; a file without rng is mulberry32's) and compare\n"
    "every deterministic column, those before gen_ns, with\n"
    "the file. Timing and memory columns are ignored; columns the file lacks are\n"
    "not compared. Prints one line per difference (FILE:LINE, the row, the\n"
    "column, the expected and the obtained value), one line per recipe that\n"
    "fails (the generator's or solver's status; its rows are not compared) and\n"
    "a summary line. When the file carries its plan ('# plan:' lines, as a sweep\n"
    "writes them), its rows must be the plan's, in order: each run of missing\n"
    "rows, each extra row and each row out of order is one more line; without\n"
    "a plan the summary says completeness was not checked.\n",
    "Exit status: 0 when everything matches, 1 on any difference, a recipe that\n"
    "fails or a row missing, extra or out of order, 2 for a file that cannot be\n"
    "checked (missing, not text, no header or no rows, a row cut short, an\n"
    "unknown, repeated or missing recipe column, an unknown recipe, a recipe\n"
    "given twice, plan lines that are not a plan, or a '# registry:' line\n"
    "written by a different registry: regenerate the file with this build).\n"
    "\n"
    "Workflow: 'mazebench sweep PLAN --out golden.csv' once, commit golden.csv,\n"
    "run 'mazebench check golden.csv' on every push (docs/check.md).\n"};

/* ---- compare */
static const mzc_optdef compare_opts[] = {
    {"BASE.csv", NULL, MZC_O_OPERAND,
     "the old build's sweep CSV", "@file"},
    {"NEW.csv", NULL, MZC_O_OPERAND,
     "the new build's sweep CSV", "@file"},
    {"--time", "wall|cpu", 0,
     "the timings compared: wall (gen_ns, solve_ns; default) or cpu (gen_cpu_ns, solve_cpu_ns: the thread's CPU time, which a loaded machine disturbs far less)", "wall|cpu"},
    {"--alpha", "A", 0,
     "family-wise error rate, default 0.05"},
    {"--threshold", "T", 0,
     "smallest change that counts, a fraction or a percentage (0.05 or 5%), default 5%"},
    {"--outside-threshold", "T", 0,
     "the same for an outside program's rows (wall time): the larger of it and --threshold counts, default 10%, the noise floor of whole-process timing; those rows compare own_ns when the program reports it, else process_ns"},
    {"--format", "F", 0,
     "text (default: a table, slower first, and a summary), csv or json (every recipe and algorithm with all fields), markdown (a short summary for a CI job page)", "text|csv|json|markdown"},
    {"--out", "FILE", 0,
     "write there instead of stdout; refused when FILE exists"},
    {"--force", NULL, 0,
     "replace FILE (and the --junit and --chart files)"},
    {"--junit", "FILE", 0,
     "JUnit XML: a test case per recipe and algorithm; slower ones and determinism differences fail"},
    {"--chart", "FILE", 0,
     "per-algorithm ratios with their intervals, log scale, the threshold band shaded (gnuplot; .png or .svg)"},
    {"--any-registry", NULL, 0,
     "compare files (or rounds of one file) written by different registries"},
    {"--", NULL, MZC_O_OPERAND,
     "what follows are BASE and NEW, even if they start with '-'"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_compare = {
    "compare",
    "timing changes between two sweep CSVs, with rank tests; determinism too",
    "BASE.csv NEW.csv",
    compare_opts,
    "Compare the timings of two sweep CSVs ('mazebench sweep' output, one file may\n"
    "hold several rounds concatenated), BASE the old build's and NEW the new one's,\n"
    "and check that every deterministic column (those before gen_ns) is equal.\n"
    "\n"
    "Rows pair by recipe (gen, seed, rng, rows, cols, solver): the random source\n"
    "(rng) is part of a maze's recipe, so rows drawn from different sources are\n"
    "never paired; rows of a file without an rng column count as mulberry32.\n"
    "gen_ns is taken once per maze (generator recipes), solve_ns per row (solver\n"
    "recipes). An algorithm is a generator at one size and source over its seeds,\n"
    "or a solver at one size and source over every maze of that size. Every header\n"
    "line starts a round. The outputs name a source other than mulberry32 in\n"
    "text and markdown, and every row's in csv and json (rng).\n"
    "\n"
    "Paired by round, when both files hold as many rounds, 2 or more (scripts/ab.sh):\n"
    "per recipe and round, d = log(NEW median) - log(BASE median); per algorithm and\n"
    "round, the mean d of its recipes; over the rounds, Wilcoxon's signed-rank test,\n"
    "the ratio exp(Hodges-Lehmann estimate) and its 95% Walsh-average interval.\n"
    "Unpaired otherwise, every row a sample: per recipe the ratio exp(Hodges-Lehmann\n"
    "estimate), its 95% Moses interval and a Mann-Whitney p-value; per algorithm the\n"
    "geometric mean of its recipes' ratios, a t-interval and van Elteren's test.\n"
    "\n"
    "p-values are Holm-adjusted within recipes and within algorithms. A verdict is\n"
    "'slower' when the adjusted p < alpha and ratio > 1 + threshold, 'faster' when\n"
    "adjusted p < alpha and ratio < 1/(1 + threshold), 'unchanged' otherwise.\n"
    "gen_instr and solve_instr (instruction counts), when both files have them, give\n"
    "a ratio too.\n",
    "Every output file is written beside its name and all of them are renamed into\n"
    "place together, only when everything succeeded (the report on stdout included).\n"
    "An interval or p-value undefined for its sample (too few samples or rounds, no\n"
    "spread) is n/a (text), empty (csv) or null (json), its note saying why.\n"
    "\n"
    "Exit status: 0 when nothing is slower and every deterministic column matches,\n"
    "1 when a recipe or algorithm is slower or a column differs, or on a failure (out\n"
    "of memory, an output that cannot be written), 2 on bad input: a missing file, no\n"
    "header, a row cut short, different registries or headers, no recipe in\n"
    "common, or too few samples or rounds for any test to reach significance (then\n"
    "run more rounds: scripts/ab.sh --rounds N). docs/compare.md.\n"};

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

/* ---- stats */
static const mzc_optdef stats_opts[] = {
    {"GEN", NULL, MZC_O_OPERAND,
     "a generator spec, or 'all'", "@gen-all"},
    {"--grid", "LIST", 0,
     "grids, comma-separated, each ROWSxCOLS or N (square cells; default 101) or SHAPE:DIMS: hex:RxC, tri:RxC, weave:RxC, torus:RxC, polar:RINGS, 3d:LxRxC. The CSV, JSON and markdown outputs give each grid's topology and cells; a generator that does not run on a shape is skipped there. --sizes and --size: older names"},
    {"--sizes", "LIST", MZC_O_OLDER, NULL, "--grid"},
    {"--size", "LIST", MZC_O_OLDER, NULL, "--grid"},
    {"--seeds", "LIST", 0,
     "seeds, comma-separated, each a seed or a range A..B (default 1..10; 64-bit seeds)"},
    {"--rng", "NAME", 0,
     "the random source of each generator and grid: auto (default: mulberry32, or splitmix64 with a note when a maze would take more than 2^28 draws or a seed is past 32 bits), mulberry32 (refused, exit 2, when it cannot serve) or splitmix64 (docs/random.md). Every output names each row's source (rng)", "auto|mulberry32|splitmix64"},
    {"--band", "N", 0,
     "border band left out of inner_dead_ends (default 10)"},
    {"--format", "F", 0,
     "text (default), csv, json or markdown (one table row a generator and size)", "text|csv|json|markdown"},
    {"--published", "FILE", 0,
     "published figures (default data/published-deadends.csv when it exists)"},
    {"--against", "B", 0,
     "a claim: every GEN against the generator spec B", "@gen"},
    {"--against-seeds", "LIST", 0,
     "B's seeds (default: --seeds)"},
    {"--alpha", "A", 0,
     "the claim's family-wise level over its figures (default 0.01; 1e-12 to 0.5)"},
    {"--correction", "C", 0,
     "holm (default) or bonferroni", "holm|bonferroni"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_stats = {
    "stats",
    "dead ends, degrees, corridors, route and longest path over seeds",
    "GEN...",
    stats_opts,
    "Generate each GEN spec (or 'all': every generator at its defaults plus every\n"
    "spec of the published file) on each grid and seed, and summarise over the\n"
    "seeds: mean, standard deviation and 95% confidence interval (Student's t) of\n"
    "  dead_ends         share of the open cells with one open side\n"
    "  inner_dead_ends   the same, leaving out a border band of N cells\n"
    "  degree_1..D       shares of the open cells with 1..D open sides (D: 4 on\n"
    "                    square and weave cells, 6 hex, polar and 3d, 3 tri)\n"
    "  straight, turn    shares of the open cells that are straight or turning\n"
    "                    corridor cells (two open sides, opposite or not)\n"
    "  route             entrance -> exit steps\n"
    "  longest           longest path by a double breadth-first sweep: exact on a\n"
    "                    maze without loops, a lower bound otherwise (marked)\n"
    "The published dead-end share of the generator, when the published file has\n"
    "one, is printed next to the measured one (on square cells: the published\n"
    "figures are of square grids) with a verdict: agree when the measured 95%\n"
    "interval meets the published figure widened by its rounding (+-0.5%), differ\n"
    "otherwise, and the one-sample t-test's p against it.\n"
    "\n"
    "A claim, --against B: each GEN and B are made on the same grids (B over\n"
    "--against-seeds, default the same seeds: give other seeds to set a\n"
    "generator against itself) and compared on dead_ends, inner_dead_ends, route\n"
    "and longest: both means with 95% intervals, the difference with its 95%\n"
    "interval (Welch), Welch's t-test p and the Mann-Whitney rank test p (normal\n"
    "approximation, tie-corrected), each corrected over the figures tested, the\n"
    "difference the test finds 4 times in 5 (detectable), and a verdict per\n"
    "figure: differ when Welch's corrected p < A, agree otherwise.\n",
    "A seed an outside program fails on is left out of the figures and counted\n"
    "(a line on stderr); no seed left is an error (exit 1).\n"
    "Over one seed a statistic has no standard deviation or interval: n/a in text\n"
    "and markdown, empty in CSV, null in JSON, and one note on stderr.\n"};

/* ---- eller-stream */
static const mzc_optdef eller_stream_opts[] = {
    {"--size", "RxC", MZC_O_REQUIRED,
     "rows x columns (columns below 2^31, rows x columns below 2^64)"},
    {"--seed", "N", MZC_O_REQUIRED,
     "seed of the random source, 0..4294967295 (64 bits with splitmix64)"},
    {"--rng", "NAME", 0,
     "auto (default), mulberry32 or splitmix64, as for 'mazebench gen' (docs/random.md): eller takes about 0.05 draws a cell, so auto leaves mulberry32 past about 5x10^9 cells", "auto|mulberry32|splitmix64"},
    {"--out", "FILE", 0,
     "also write the cells, one byte a cell (its wall bits: N 1, E 2, S 4, W 8), row after row, as they are made; FILE is written beside its name and renamed at the end, once the figures reached stdout ('-' is refused: stdout has them)"},
    {"--force", NULL, 0,
     "replace an existing FILE (otherwise kept)"},
    {"--format", "F", 0,
     "csv (default) or json", "csv|json"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_eller_stream = {
    "eller-stream",
    "stream Eller's maze row by row: figures of any height, rows to a file",
    "",
    eller_stream_opts,
    "Make the maze 'mazebench gen eller' makes at the same seed and size, one row\n"
    "at a time, without holding it: memory grows with the columns only (about 80\n"
    "bytes a column), so the rows may number in the millions. Prints the maze's\n"
    "figures: cells, passages, dead ends, the shares of cells with 1..4 open sides,\n"
    "the digest, the route (entrance to exit steps) and the longest path (all equal\n"
    "to the in-memory maze's), the most nodes its compressed tree of the rows held,\n"
    "then the time and peak memory.\n",
    "A progress line goes to stderr every 10 s.\n"};

/* ---- scaling */
static const mzc_optdef scaling_opts[] = {
    {"GEN", NULL, MZC_O_OPERAND,
     "a generator spec, or 'eller-stream'", "@gen"},
    {"--sizes", "LIST", 0,
     "sides n, comma-separated (N or NxN; default 16,32,64,128,256)"},
    {"--seeds", "LIST", 0,
     "seeds, comma-separated, each a seed or a range A..B (default 1..10; 64-bit seeds)"},
    {"--stream-sizes", "LIST", 0,
     "sides for eller-stream (default: --sizes)"},
    {"--stream-seeds", "LIST", 0,
     "seeds for eller-stream (default: --seeds)"},
    {"--shape", "SHAPE", 0,
     "cells of another shape, side n: hex:nxn, tri:nxn, weave:nxn, torus:nxn, polar:n (n rings, centre to rim) or 3d:nxnxn (a cube; published: 3D loop-erased walk, about 1.624, for wilson and aldous-broder; default: ortho, square cells). The CSV outputs name it in their topology column", "@shape"},
    {"--rng", "NAME", 0,
     "the random source of each generator and size: auto (default: mulberry32, or splitmix64 with a note when a maze would take more than 2^28 draws or a seed is past 32 bits), mulberry32 (refused, exit 2, when it cannot serve) or splitmix64 (docs/random.md). The outputs name it (rng; 'mulberry32+splitmix64' for a fit over both, the points file a size's own); eller-stream chooses as 'eller' would", "auto|mulberry32|splitmix64"},
    {"--points", "FILE", 0,
     "also write one CSV row a generator and size: the mean, sd and geometric mean route, the fitted and the theoretical line there, the local slope (for a chart: scripts/scaling-chart.sh); written only when the result reached stdout ('-' is refused)"},
    {"--force", NULL, 0,
     "replace an existing FILE (otherwise kept)"},
    {"--format", "F", 0,
     "text (default) or csv", "text|csv"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_scaling = {
    "scaling",
    "how the route grows with the side: a fitted exponent against theory",
    "GEN...",
    scaling_opts,
    "Measure how the route (entrance to exit steps, corner to corner) of each\n"
    "GEN's square n x n mazes grows with n, and fit route = c * n^b by least\n"
    "squares of ln route on ln n over every maze (each size and seed a point):\n"
    "the exponent b with its standard error and 95% confidence interval\n"
    "(Student's t, points - 2 degrees of freedom), R^2, and the local slope\n"
    "between the two largest sizes (of the mean ln route). The published\n"
    "exponent is shown where there is one: 1.25 for the uniform spanning tree\n"
    "(wilson, aldous-broder: the loop-erased random walk, 5/4), about 1.22 for\n"
    "random-weight minimum spanning trees (kruskal, prim).\n"
    "\n"
    "GEN is a generator spec, or 'eller-stream': Eller's maze made row by row\n"
    "(mazebench eller-stream), for sizes far beyond a stored grid.\n",
    "Two mazes (two sizes, one seed) fix the line: their exponent has no standard\n"
    "error or interval (n/a in text, empty in CSV), nor has a size of one seed a\n"
    "route_sd. A size past 2^40 cells on the shape, or a generator of one fixed\n"
    "size, is refused with exit status 2 before any maze is made.\n"};

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

/* ---- verdict */
static const mzc_optdef verdict_opts[] = {
    {"NAME", NULL, MZC_O_OPERAND,
     "the generator or solver judged", "@any"},
    {"--format", "F", 0,
     "text (default), markdown or json", "text|markdown|json"},
    {"--seeds", "N", 0,
     "seeds of the statistics (default 12; perfect and deterministic use seeds 1..min(N, 4)), 2 to 10000"},
    {"--sizes", "LIST", 0,
     "the ladder, RxC or N, comma-separated (default 2,3,5,8,15,31)"},
    {"--shapes", "LIST", 0,
     "shapes, comma-separated (default square)", "@shape"},
    {"--time-budget", "S", 0,
     "seconds the shrinking and timing may take (default 60)"},
    {"--claims", "GEN", 0,
     "the built-in generator it claims to match", "@gen"},
    {"--no-vet", NULL, 0,
     "leave out the vet line (mazebench vet's checks, in process: run mazebench vet for an entry that may crash)"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_verdict = {
    "verdict",
    "one verdict on a generator or solver: perfect, deterministic, statistics, speed",
    "NAME",
    verdict_opts,
    "One verdict on one generator or solver, built in or not, to paste into an\n"
    "issue or a CI summary (docs/verdict.md): an outside program's with\n"
    "--programs PROGRAMS (docs/outside.md), a plugin's with --plugin LIB.so.\n"
    "Each check is one line: pass, FAIL or skip, what was found, and on a\n"
    "failure the program's own account (its status and first stderr line).\n"
    "\n"
    "generator checks, on each shape asked for:\n"
    "  runs           every run on the size ladder made a maze (or refused a\n"
    "                 size it declares it refuses)\n"
    "  perfect        one component and no loop at every size and seed; when\n"
    "                 not, the failing case is shrunk (rows, then columns, the\n"
    "                 smallest that still fails, then the smallest seed) and\n"
    "                 given with a passage that closes a loop or a cell the\n"
    "                 entrance does not reach (FAIL when declared perfect)\n"
    "  deterministic  each seed twice on the first four sizes: the same digest\n"
    "  statistics     dead_ends, inner_dead_ends, route, longest at 15x15 over\n"
    "                 N seeds against every built-in generator of the shape\n"
    "                 (Welch, Holm over the whole family): matches, differs\n"
    "  claims         the claims = GEN key of its programs file, or --claims:\n"
    "                 that comparison alone\n"
    "  speed          its time against its closest built-in (the claimed one,\n"
    "                 else the one whose statistics are closest, else dfs):\n"
    "                 a geometric-mean ratio over sizes with its interval\n"
    "  memory         peak resident KiB a cell (outside) or heap bytes a cell\n"
    "  vet            mazebench vet's checks, counted (walls, scratch bits,\n"
    "                 same seed, trace, allocation failures)\n"
    "solver checks (on dfs and on dfs+braid mazes of the ladder):\n"
    "  path           found, and every path a valid walk\n"
    "  shortest       path_excess 0 (FAIL when declared shortest)\n",
    "Exit status: 0 every check passed or was skipped, 1 a check failed,\n"
    "2 bad input (an unknown NAME, a bad option).\n"};

/* ---- report */
static const mzc_optdef report_opts[] = {
    {"DIR|FILE", NULL, MZC_O_OPERAND,
     "a results folder, or a file recognised by its header line (below)", "@file"},
    {"--out", "FILE.html", MZC_O_REQUIRED,
     "the HTML report (required)"},
    {"--md", "FILE", 0,
     "every table as GitHub markdown (a README, a CI job summary)"},
    {"--tex", "FILE", 0,
     "every table as LaTeX (booktabs: \\usepackage{booktabs})"},
    {"--csv", "DIR", 0,
     "every table as DIR/ID.csv (DIR made when missing)"},
    {"--charts", "DIR", 0,
     "every chart as DIR/NAME.svg and DIR/NAME.pdf (PDF needs cairo)"},
    {"--chart-size", "WxH", 0,
     "the charts' size in points, default 720x405 (200 to 5000)"},
    {"--force", NULL, 0,
     "replace existing output files"},
    {NULL, NULL, 0, NULL, NULL, NULL}};
const mzc_cmddef mzc_cmd_report = {
    "report",
    "one self-contained HTML report of a run's files; its tables as markdown, LaTeX, CSV",
    "DIR|FILE...",
    report_opts,
    "One self-contained HTML report of a run: no network, every picture inline,\n"
    "readable without JavaScript, printable. Inputs are a results folder (its\n"
    "*.csv and *.xml, and those of its stats/ and scaling/ folders) or files\n"
    "given one by one, each recognised by its header line:\n"
    "  a sweep CSV (sweep)            the run, generators and solvers by size, charts,\n"
    "                                 one small render of each generator and shape\n"
    "  a stats CSV (stats --out)      statistics against published values\n"
    "  fits.csv, points.csv (scaling) the route's growth exponents\n"
    "  a scale CSV (scale)            the cost a cell as the maze grows\n"
    "  compare --format csv           the A/B verdicts\n"
    "  check --junit XML              the re-run's failures\n"
    "A file that is missing, does not read, is not a regular file of at most\n"
    "256 MiB (a device, a FIFO: left out before it is read), or is not one of these\n"
    "(when named) is listed in the report's 'left-out' section and on stderr, and\n"
    "the report is still written. Every text of the markdown, LaTeX and CSV\n"
    "exports is escaped to be inert (docs/report.md).\n",
    "The tables are computed by the library (the sweep summary: medians of the\n"
    "time and memory a cell with distribution-free 95% intervals; docs/report.md).\n"
    "\n"
    "Exit status: 0 the report is written from every input; 1 it is written but\n"
    "an input was left out (or writing failed); 2 bad arguments, an output that\n"
    "exists without --force, is an input, or has the path of another output.\n"};


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
