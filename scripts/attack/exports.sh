# exports.sh - the export doors of scripts/attack/doors.sh (sourced by it):
# the report's markdown, LaTeX and CSV made from hostile inputs, each opened
# by the program its users open it with.

# A sweep CSV whose texts carry payloads: provenance lines, a generator's
# name, and a file name.
E=$FX/ex
mkdir "$E"
ex_html='<img src=x onerror="document.body.setAttribute(`data-pwned`,1)">'
ex_script="<script>document.body.setAttribute('data-pwned',2)</script>"
ex_name='x<img src=y onerror=alert(1)>.csv'
# shellcheck disable=SC2016
awk -v h="$ex_html" -v s="$ex_script" '
    /^# command: / { print "# command: mazebench sweep " h " `` x | y [l](javascript:alert(1)) <!-- c"; next }
    /^# commit: / { print "# commit: " s; next }
    /^# plan: / { print "# plan: gen <a href=javascript:alert(1)>a</a> \\input{/etc/passwd} \\write18{touch PWNED} ^^5c \001\177"; next }
    /^#/ || !n++ { print; next }
    $1 == "kruskal" { sub(/^kruskal,/, "=HYPERLINK(\"http://x\"),") }
    $1 == "dfs" && !d++ { sub(/^dfs,/, "@SUM(1+1)\001,") }
    { print }' FS=, "$FX/a.csv" >"$E/$ex_name"
chromium_bin=$(command -v chromium || command -v chromium-browser || true)
# ex_open_md FILE.md: rendered by cmark-gfm --unsafe, opened in headless
# Chromium; prints what ran ('' when nothing did)
ex_open_md() {
    cmark-gfm --unsafe -e table "$1" >"$t/md.html" 2>/dev/null || { echo "cmark-gfm failed"; return; }
    [ -n "$chromium_bin" ] || { grep -qE '<(img|script|a href=.?javascript)' "$t/md.html" && echo "raw HTML in the rendered page"; return; }
    rm -rf "$t/chr"
    mkdir -p "$t/chrtmp"
    TMPDIR=$t/chrtmp timeout 60 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --disable-quic --user-data-dir="$t/chr" \
        --virtual-time-budget=3000 --dump-dom "file://$t/md.html" >"$t/dom.html" 2>/dev/null
    grep -q 'data-pwned="' "$t/dom.html" && echo "a script ran in Chromium (data-pwned set)"
    grep -qiE '<a [^>]*href="javascript' "$t/dom.html" && echo "a javascript: link"
    grep -qE '<(img|script)[ >]' "$t/md.html" && echo "raw HTML in the rendered page"
}

if dwants export-md || dwants export-tex || dwants export-csv; then
    timing exports
    fresh
    case_t0=""
    dc_before=$(listing)
    dc_t0=$(now_ms)
    timeout -s KILL 60 "$mz" report "$E/$ex_name" --out r.html --md r.md --tex r.tex --csv rc >"$t/out" 2>"$t/err" </dev/null
    dc_rc=$? dc_ms=$(($(now_ms) - dc_t0))
    ex_dir=$t/w$nw
    for door in export-md export-tex export-csv; do
        dwants "$door" || continue
        cd "$ex_dir" || exit 1
        dc_door=$door dc_desc="report of a hostile sweep CSV" dc_lim=10 dc_rcs=0 dc_pat="" dc_outs="r.html r.md r.tex rc"
        case $door in
        export-md)
            broke_ex=$(ex_open_md "$ex_dir/r.md" | tr '\n' ';')
            ;;
        export-tex)
            broke_ex=""
            if command -v pdflatex >/dev/null 2>&1; then
                rm -rf "$t/tex" && mkdir "$t/tex"
                if grep -q '\\documentclass' r.tex; then cp r.tex "$t/tex/d.tex"; else
                    { printf '\\documentclass{article}\\usepackage[utf8]{inputenc}\\usepackage[T1]{fontenc}\\usepackage{booktabs}\\usepackage{longtable}\\begin{document}\n'
                      cat r.tex; printf '\\end{document}\n'; } >"$t/tex/d.tex"; fi
                # shell escape on: a live \write18 would make PWNED
                (cd "$t/tex" && timeout 60 pdflatex -shell-escape -interaction=nonstopmode -halt-on-error d.tex >/dev/null 2>&1)
                [ -s "$t/tex/d.pdf" ] || broke_ex="pdflatex stopped: $(grep -m1 '^!' "$t/tex/d.log" 2>/dev/null)"
                [ -e "$t/tex/PWNED" ] && broke_ex="$broke_ex \\write18 ran"
                grep -q '(/etc/passwd' "$t/tex/d.log" 2>/dev/null && broke_ex="$broke_ex \\input read /etc/passwd"
            else
                grep -qE '\\(input|write18)\{' r.tex && broke_ex="a live \\input or \\write18 (no pdflatex to open it)"
            fi
            ;;
        export-csv)
            broke_ex=""
            for f in rc/*.csv; do
                [ -f "$f" ] || { broke_ex="no CSV written"; break; }
                # a cell a spreadsheet reads as a formula: = + - @ tab CR first, not a number
                v=$(awk '
                    function cells(line,   i, c, q, cell, n) {
                        n = 0; cell = ""; q = 0
                        for (i = 1; i <= length(line); i++) {
                            c = substr(line, i, 1)
                            if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cell = cell c; i++ } else q = 0 } else cell = cell c }
                            else if (c == "\"") q = 1
                            else if (c == ",") { C[++n] = cell; cell = "" }
                            else cell = cell c
                        }
                        C[++n] = cell
                        return n
                    }
                    { n = cells($0)
                      for (j = 1; j <= n; j++)
                          if (C[j] ~ /^[=+@\t\r-]/ && C[j] !~ /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?%?$/) { print FILENAME ": " C[j]; exit } }' "$f")
                [ -n "$v" ] && broke_ex="a formula cell: $(echo "$v" | cut -c1-80)"
            done
            ;;
        esac
        # the case's promises, the export's reader's verdict in its inert column
        dc_inert_why=${broke_ex:+opened by its reader: $broke_ex}
        d_judge
        broke_ex=""
    done
    cd "$t" || exit 1
fi
