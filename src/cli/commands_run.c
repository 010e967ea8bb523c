/*
 * commands_run.c - the options of the commands that run mazes over plans,
 * sizes and seeds (scale, sweep, merge, stats, eller-stream, scaling), as
 * one table each (commands.c says how a row is added).
 */
#include "cli.h"
#include "opts.h"

/* A row names only the fields it uses: values and shortname are NULL
 * when left out. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

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
