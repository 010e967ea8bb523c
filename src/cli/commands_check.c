/*
 * commands_check.c - the options of the commands that check, compare and
 * report runs (check, compare, verdict, report), as one table each
 * (commands.c says how a row is added).
 */
#include "cli.h"
#include "opts.h"

/* A row names only the fields it uses: values and shortname are NULL
 * when left out. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

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
