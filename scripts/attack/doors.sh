# doors.sh - the second table of scripts/attack.sh (sourced by it, after
# its rows): what mazebench runs or reads of other people's, its doors,
# against the promises a judged program or file may not break.
#
# A door is a way in for code or text that is not mazebench's own: an
# outside program of each kind a programs file declares, a plugin, a maze
# file of each format, the report's inputs, and each of the report's
# exports (what goes out to another program that opens it). Its cases are
# a catalogue of hostile programs, plugins and files, each run through the
# door; the columns are the promises:
#
#   hang    no hang past the limit: the command ends within the program's
#           time limit plus a margin (a hostile program gets 3 s; a file
#           or a plugin 10 s in all)
#   status  a status, never a crash: the documented exit code (0, 1 or 2;
#           after a signal, that signal's death or 1), no sanitizer report,
#           the status the case calls for (bad-output, timeout, wrong-size,
#           a refusal, ...) named, and nothing outside the run's folder
#           changed
#   tmpdir  nothing left in $TMPDIR, nothing new in the working folder but
#           the outputs asked for
#   procs   no process left: nothing the case started is alive two seconds
#           after mazebench ends, by any means (SIGKILL included)
#   inert   no output that runs anything where it is opened: mazebench's
#           terminal output carries no control character but newline and
#           tab; an export opened by its real reader (the markdown by
#           cmark-gfm --unsafe then headless Chromium, the LaTeX by
#           pdflatex, a CSV by a CSV reader) runs no payload and shows
#           the hostile text as text
#
# Coverage, as for the commands: the kinds of outside program (from the
# refusal of an unknown section kind), the formats of maze files (from
# 'maze --format'), the report's exports (its --help) and every option of
# every command that loads code (from 'mazebench --help') must each have a
# row and cases; one without fails the run. --case NAME runs only the
# outside generators' case NAME (the suite's own test).

DOOR_PROMISES="hang status tmpdir procs inert"
# DOOR | WHAT IT COVERS | hang | status | tmpdir | procs | inert
DOORS='
outside-generator|--programs [generator]|+|+|+|+|+
outside-solver|--programs [solver]|+|+|+|+|+
plugin|--plugin|+|+|+|n/a: runs in mazebench'"'"'s own process, nothing of its own to leave|+
maze-file|maze --format ascii blocks json mzb|+|+|+|n/a: a file runs nothing|+
report-input|report FILE...|+|+|+|n/a: a file runs nothing|+
export-md|report --md|+|+|+|n/a: a file runs nothing|+
export-tex|report --tex|+|+|+|n/a: a file runs nothing|+
export-csv|report --csv|+|+|+|n/a: a file runs nothing|+
'
doors=$(echo "$DOORS" | awk -F'|' 'NF > 3 { print $1 }')
dcell() { # DOOR PROMISE
    echo "$DOORS" | awk -F'|' -v r="$1" -v p="$2" -v ps="$DOOR_PROMISES" '
        BEGIN { n = split(ps, a, " "); for (i = 1; i <= n; i++) col[a[i]] = i + 2 }
        $1 == r { print $col[p] }'
}
dwants() { # DOOR: attack it?
    [ -z "$only" ] && return 0
    case ",$only," in *",$1,"*) return 0 ;; esac
    return 1
}

# ---- coverage of the doors ----
dcover() { # DOOR-COLUMN-TEXT WHAT: a door row covers it
    echo "$DOORS" | awk -F'|' '{ print $2 }' | grep -qF -- "$1" && return 0
    echo "UNCOVERED: $2 has no door row"
    uncovered=$((uncovered + 1))
}
for o in $("$mz" --help | awk '/^options of every command:/ { f = 1; next } f && /^  --/ { print $1 }'); do
    dcover "$o" "the option '$o' of every command"
done
printf '[nosuch-kind x]\ncommand = true\n' >"$t/kinds.ini"
kinds=$("$mz" --programs "$t/kinds.ini" list 2>&1 | sed -n 's/.*(known: \(.*\)).*/\1/p' | tr -d ',')
[ -n "$kinds" ] || { echo "UNCOVERED: the kinds of outside program (no 'known:' list)"; uncovered=$((uncovered + 1)); }
for k in $kinds; do dcover "--programs [$k]" "the outside program kind '$k'"; done
mformats=$("$mz" maze - --format nosuch </dev/null 2>&1 | sed -n 's/.*is not one of \(.*\)/\1/p' | tr -d ',')
[ -n "$mformats" ] || { echo "UNCOVERED: the maze file formats (no 'is not one of' list)"; uncovered=$((uncovered + 1)); }
for f in $mformats; do
    [ "$f" = auto ] && continue
    echo "$DOORS" | awk -F'|' '$1 == "maze-file" { print $2 }' | tr ' ' '\n' | grep -qx "$f" ||
        { echo "UNCOVERED: the maze file format '$f' has no cases"; uncovered=$((uncovered + 1)); }
done
for o in $("$mz" report --help | sed -n 's/^  \(--[a-z]*\) \(FILE\|DIR\) .*/\1/p'); do
    [ "$o" = --out ] || [ "$o" = --charts ] && continue # the HTML report and its charts: the report row of the first table
    dcover "report $o" "the report's export '$o'"
done

# ---- bookkeeping ----
dtried=0
dverdict() { # DOOR PROMISE DESCRIPTION BROKEN-WHY
    [ "$(dcell "$1" "$2")" = "+" ] || return 0
    k=$(key "$1" "$2")
    eval "DT_$k=\$((\${DT_$k:-0} + 1))"
    tried=$((tried + 1))
    dtried=$((dtried + 1))
    if [ -n "$4" ]; then
        eval "DB_$k=\$((\${DB_$k:-0} + 1))"
        broken=$((broken + 1))
        echo "BROKEN [$1 x $2] $3: $4"
    fi
}
HS=$FX/mzhostile-sleep # a program whose name marks every process a case starts
cp "$(command -v sleep)" "$HS"
# a process the case started: a program's child, or a process whose command
# line names the catalogue (a program, or mazebench's janitor, a copy of it)
# (a zombie has ended: it waits only for its new parent, often PID 1, to reap it)
marker() {
    for mk in $(pgrep -f "$HS|$FX/h/" 2>/dev/null); do
        [ "$(sed 's/.*) //' "/proc/$mk/stat" 2>/dev/null | cut -c1)" = Z ] || return 0
    done
    return 1
}
wait_gone() { # up to 3 s for the marked processes to end
    wg_i=0
    while marker && [ "$wg_i" -lt 30 ]; do sleep 0.1; wg_i=$((wg_i + 1)); done
    ! marker
}
wait_tmp_empty() {
    we_i=0
    while [ -n "$(ls -A "$TMPDIR" 2>/dev/null)" ] && [ "$we_i" -lt 30 ]; do sleep 0.1; we_i=$((we_i + 1)); done
    [ -z "$(ls -A "$TMPDIR" 2>/dev/null)" ]
}
raw_ctl() { # FILE...: a control character but newline and tab (or CR)?
    LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$@" 2>/dev/null
}
sanitizer() { grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$1"; }
# A folder outside every run's: a hostile program points links at it.
mkdir "$FX/victim"
printf 'keep me\n' >"$FX/victim/keep"
victim_ok() { [ "$(cat "$FX/victim/keep" 2>/dev/null)" = "keep me" ]; }

# d_case DOOR DESC LIMIT_S RCS PATTERN OUTPUTS ARGS...: run mazebench with
# ARGS in a fresh folder; it must end within LIMIT_S (plus a margin), exit
# with one of RCS (blank-separated), print PATTERN (a grep -E pattern on its
# stdout and stderr; '' for none), and make no file but OUTPUTS.
d_case() {
    dc_door=$1 dc_desc=$2 dc_lim=$3 dc_rcs=$4 dc_pat=$5 dc_outs=$6
    shift 6
    fresh
    case_t0=""
    dc_before=$(listing)
    dc_t0=$(now_ms)
    timeout -s KILL $((dc_lim + 20)) "$mz" "$@" >"$t/out" 2>"$t/err" </dev/null
    dc_rc=$?
    dc_ms=$(($(now_ms) - dc_t0))
    d_judge
}
# d_judge: the promises of the case just run ($dc_rc, $dc_ms, $t/out, $t/err).
d_judge() {
    w=""
    [ "$dc_ms" -gt $(((dc_lim + margin) * 1000)) ] && w="took $dc_ms ms, the limit is ${dc_lim} s"
    dverdict "$dc_door" hang "$dc_desc" "$w"
    w=""
    case " $dc_rcs " in *" $dc_rc "*) ;; *) w="exit $dc_rc, not $dc_rcs: $(head -c 200 "$t/err" | tr '\n' '|')" ;; esac
    [ -z "${dc_judged_crash:-}" ] && sanitizer "$t/err" && w="$w${w:+; }a sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error' "$t/err" | cut -c1-120)"
    if [ -n "$dc_pat" ] && ! cat "$t/out" "$t/err" | grep -qE -- "$dc_pat"; then
        w="$w${w:+; }no '$dc_pat' in its output: $(head -c 200 "$t/err" | tr '\n' '|')"
    fi
    victim_ok || w="$w${w:+; }a file outside the run's folder was changed"
    if [ -n "${dc_check_on:-}" ] || command -v dc_check >/dev/null 2>&1; then
        w="$w$(dc_check)"
        unset -f dc_check
    fi
    [ -e "$t/PWNED" ] && w="$w${w:+; }a payload ran (PWNED made)"
    dverdict "$dc_door" status "$dc_desc" "$w"
    w=""
    [ -d "$TMPDIR" ] && [ ! -L "$TMPDIR" ] || w="TMPDIR itself removed or replaced"
    wait_tmp_empty || w="$w${w:+; }left in TMPDIR: $(ls -A "$TMPDIR" | head -3 | tr '\n' ' ')"
    for f in $(ls -A); do
        case " $dc_before $dc_outs " in *" $f "*) continue ;; esac
        w="$w${w:+; }left '$f'"
    done
    dverdict "$dc_door" tmpdir "$dc_desc" "$w"
    w=""
    wait_gone || w="still running: $(pgrep -af "$HS|$FX/h/" | head -2 | cut -c1-120 | tr '\n' ' ')"
    dverdict "$dc_door" procs "$dc_desc" "$w"
    w=""
    raw_ctl "$t/out" "$t/err" && w="a raw control character on the terminal: $(LC_ALL=C grep -m1 "$(printf '[\001-\010\013\014\016-\037\177]')" "$t/out" "$t/err" | od -c | head -2 | tr -s ' \n' ' ')"
    [ -n "${dc_inert_why:-}" ] && w="$w${w:+; }$dc_inert_why"
    dc_inert_why=""
    dverdict "$dc_door" inert "$dc_desc" "$w"
    # leave nothing for the next case
    pkill -KILL -f "$HS|$FX/h/" 2>/dev/null
    [ -L "$TMPDIR" ] && rm -f "$TMPDIR" # a program replaced it with a link
    mkdir -p "$TMPDIR"
    chmod -R u+rwx "$TMPDIR" 2>/dev/null
    rm -rf "$TMPDIR"/* "$TMPDIR"/.[!.]* 2>/dev/null
    rm -f "$t/PWNED"
    [ -d "$FX/victim" ] || mkdir "$FX/victim"
    printf 'keep me\n' >"$FX/victim/keep"
    cd "$t" || exit 1
}
# d_signal DOOR SIG TARGET DESC ARGS...: start mazebench with ARGS (its own
# process group), wait until the hostile program runs, send SIG to
# mazebench (TARGET pid) or its process group (group: a Ctrl-C; group2:
# two, 0.3 s apart), then judge: it must end within 5 s of the signal,
# leave nothing and no process.
d_signal() {
    ds_door=$1 ds_sig=$2 ds_target=$3 dc_desc=$4
    shift 4
    # a sweep keeps its rows for --resume
    dc_door=$ds_door dc_lim=5 dc_outs="s.csv.partial"
    fresh
    case_t0=""
    dc_before=$(listing)
    # SIGINT as a terminal's Ctrl-C gives it: not ignored (a shell's
    # background job starts with SIGINT ignored)
    if env --default-signal=INT true 2>/dev/null; then
        setsid env --default-signal=INT "$mz" "$@" >"$t/out" 2>"$t/err" </dev/null &
    else
        setsid "$mz" "$@" >"$t/out" 2>"$t/err" </dev/null &
    fi
    ds_pid=$!
    ds_i=0
    while ! pgrep -f "$HS" >/dev/null 2>&1 && [ "$ds_i" -lt 100 ]; do sleep 0.1; ds_i=$((ds_i + 1)); done
    pgrep -f "$HS" >/dev/null 2>&1 || echo "attack: $ds_door: the hostile program never started: $*" >&2
    sleep 0.2
    dc_t0=$(now_ms)
    case $ds_target in
    pid) kill -s "$ds_sig" "$ds_pid" 2>/dev/null ;;
    group) kill -s "$ds_sig" -- "-$ds_pid" 2>/dev/null ;;
    group2) kill -s "$ds_sig" -- "-$ds_pid" 2>/dev/null; sleep 0.3; kill -s "$ds_sig" -- "-$ds_pid" 2>/dev/null ;;
    esac
    ds_w=0
    while kill -0 "$ds_pid" 2>/dev/null && [ "$ds_w" -lt 150 ]; do sleep 0.1; ds_w=$((ds_w + 1)); done
    kill -0 "$ds_pid" 2>/dev/null && kill -KILL "$ds_pid"
    wait "$ds_pid" 2>/dev/null
    dc_rc=$?
    dc_ms=$(($(now_ms) - dc_t0))
    # killed by the signal, or exited 1 (or 130 after an interrupt) having cleaned up
    case $ds_sig in HUP) ds_n=1 ;; INT) ds_n=2 ;; KILL) ds_n=9 ;; *) ds_n=15 ;; esac
    dc_rcs="1 130 $((128 + ds_n))"
    dc_pat=""
    d_judge
}
margin=4
[ -n "$ulim" ] || margin=10 # a sanitized build is slower

# ---- the hostile catalogue ----
H=$FX/h
mkdir "$H"
"$mz" gen dfs --seed 1 --size 3x3 --save "$H/m3.txt" >/dev/null 2>&1
# a maze.json of the solvers' input for the solver cases that answer one
"$mz" solve bfs --gen dfs --seed 1 --size 3x3 --save-path "$H/path3.txt" >/dev/null 2>&1
# hostile NAME BODY: a program, sh "$H/NAME.sh" OUT (its {out}) ROWS COLS
hostile() { printf '#!/bin/sh\nHS=%s\nM3=%s\nFX=%s\n%s\n' "$HS" "$H/m3.txt" "$FX" "$2" >"$H/$1.sh"; }
# generator cases: NAME | what the run must say | body
GCASES='
fifo|bad-output|rm -f "$1"; mkfifo "$1"
socket|bad-output|rm -f "$1"; python3 -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$1" || mkfifo "$1"
dev-zero|bad-output|rm -f "$1"; ln -s /dev/zero "$1"
link-out|bad-output|rm -f "$1"; ln -s "$M3" "$1"
folder|bad-output|rm -f "$1"; mkdir "$1"; cp "$M3" "$1/x"
deep-tree|ok|d=$(dirname "$1"); for i in 1 2 3 4 5 6 7 8 9 10 11 12; do d=$d/d$i; done; mkdir -p "$d"; cp "$M3" "$d/x"; cp "$M3" "$1"
locked|ok|d=$(dirname "$1")/locked; mkdir "$d"; cp "$M3" "$d/x"; chmod 000 "$d"; cp "$M3" "$1"
run-folder-link|bad-output|d=$(dirname "$1"); rm -rf "$d"; ln -s "$FX/victim" "$d"
run-folder-gone|bad-output|rm -rf "$(dirname "$1")"
orphan|ok|"$HS" 100 & cp "$M3" "$1"
hang|timeout|exec "$HS" 100
deaf|timeout|trap "" INT TERM HUP; "$HS" 100; "$HS" 100
flood|output-limit|yes
err-flood|timeout|yes >&2
big-file|output-limit|head -c 4000000 /dev/zero >"$1"
huge-header|wrong-size|printf "mazebench-maze 1 40000x40000\\n00\\n" >"$1"
cut-drawing|bad-output|head -c 40 "$M3" >"$1"
escapes|exit|printf "\\033]0;PWNED\\007\\033[2J\\033[31mred" >&2; exit 3
closed|ok|exec 0<&- 1>&- 2>&-; cp "$M3" "$1"
reads-stdin|ok|cat; cp "$M3" "$1"
kills-parent|-|kill -TERM $PPID; "$HS" 100
'
# solver cases: NAME | what the run must say | body (sh NAME.sh IN OUT)
SCASES='
fifo|bad-output|rm -f "$2"; mkfifo "$2"
dev-zero|bad-output|rm -f "$2"; ln -s /dev/zero "$2"
link-out|bad-output|rm -f "$2"; ln -s /etc/passwd "$2"
folder|bad-output|rm -f "$2"; mkdir "$2"
in-fifo|bad-output|rm -f "$1"; mkfifo "$1"
deep-tree|bad-output|d=$(dirname "$1"); for i in 1 2 3 4 5 6 7 8 9 10 11 12; do d=$d/d$i; done; mkdir -p "$d"; : >"$d/x"
run-folder-link|bad-output|d=$(dirname "$1"); rm -rf "$d"; ln -s "$FX/victim" "$d"
orphan|bad-output|"$HS" 100 &
hang|timeout|exec "$HS" 100
deaf|timeout|trap "" INT TERM HUP; "$HS" 100; "$HS" 100
flood|output-limit|yes
escapes|exit|printf "\\033]0;PWNED\\007\\033[2J" >&2; exit 3
'
d_programs() { # KIND NAME FILE: a programs file declaring the hostile NAME
    case $1 in
    generator) printf '[generator h-%s]\ncommand = sh %s {out} {rows} {cols}\nformat = auto\ntime-limit = 3\noutput-limit = 1\n' "$2" "$H/$2.sh" >"$3" ;;
    solver) printf '[solver h-%s]\ncommand = sh %s {in} {out}\nformat = json\ntime-limit = 3\noutput-limit = 1\n' "$2" "$H/g-$2.sh" >"$3" ;;
    esac
}
d_status_rc() { # STATUS: the exit codes a run with that status may give
    case $1 in ok) echo 0 ;; -) echo "1 143" ;; *) echo 1 ;; esac
}
d_status_pat() { case $1 in ok | -) echo "" ;; *) echo "$1" ;; esac; }

if dwants outside-generator; then
    timing outside-generator
    echo "$GCASES" | while IFS='|' read -r n st body; do [ -n "$n" ] && hostile "$n" "$body"; done
    for n in $(echo "$GCASES" | awk -F'|' 'NF > 2 { print $1 }'); do
        [ -n "$dcase" ] && [ "$n" != "$dcase" ] && continue
        st=$(echo "$GCASES" | awk -F'|' -v n="$n" '$1 == n { print $2 }')
        d_programs generator "$n" "$H/g-$n.ini"
        d_case outside-generator "gen h-$n" 3 "$(d_status_rc "$st")" "$(d_status_pat "$st")" "" \
            --programs "$H/g-$n.ini" gen "h-$n" --seed 1 --size 3x3
        case $n in fifo | hang | orphan | huge-header) ;; *) [ -n "$quick" ] && continue ;; esac
        # a program that kills mazebench ends the sweep, whose rows are kept for --resume
        sw_rcs="0 1"
        [ "$n" = kills-parent ] && sw_rcs="1 143"
        d_case outside-generator "sweep h-$n" 3 "$sw_rcs" "" "s.csv s.csv.partial" \
            --programs "$H/g-$n.ini" sweep --gen "h-$n" --solve bfs --seeds 1..2 --sizes 3 --jobs 2 --out s.csv
    done
    [ -n "$dcase" ] && skip_gen_rest=1
fi
if dwants outside-generator && [ -z "${skip_gen_rest:-}" ]; then
    # a declaration that would run a placeholder's value as shell text
    mkdir "$FX/inj;touch\${IFS}PWNED;x"
    printf '[generator h-inj]\ncommand = sh -c "cat {dir}/m3.txt > {out}"\n' >"$FX/inj;touch\${IFS}PWNED;x/p.ini"
    cp "$H/m3.txt" "$FX/inj;touch\${IFS}PWNED;x/"
    d_case outside-generator "a placeholder inside 'sh -c' text" 3 2 "" "" \
        --programs "$FX/inj;touch\${IFS}PWNED;x/p.ini" gen h-inj --seed 1 --size 3x3
    # signals to mazebench while the program runs
    # a slow program whose own child (mazebench's grandchild) sleeps too
    hostile slow '"$HS" 100 & "$HS" 101; wait'
    d_programs generator slow "$H/g-slow.ini"
    sed -i 's/time-limit = 3/time-limit = 60/' "$H/g-slow.ini"
    for s in INT TERM HUP KILL; do
        d_signal outside-generator "$s" pid "SIG$s of mazebench during gen" \
            --programs "$H/g-slow.ini" gen h-slow --seed 1 --size 3x3
    done
    d_signal outside-generator INT group2 "two Ctrl-C of a sweep" \
        --programs "$H/g-slow.ini" sweep --gen h-slow --solve bfs --seeds 1..4 --sizes 3 --jobs 2 --out s.csv
    d_signal outside-generator KILL pid "SIGKILL of a sweep" \
        --programs "$H/g-slow.ini" sweep --gen h-slow --solve bfs --seeds 1..4 --sizes 3 --jobs 2 --out s.csv
fi

if dwants outside-solver; then
    timing outside-solver
    echo "$SCASES" | while IFS='|' read -r n st body; do [ -n "$n" ] && hostile "g-$n" "$body"; done
    for n in $(echo "$SCASES" | awk -F'|' 'NF > 2 { print $1 }'); do
        st=$(echo "$SCASES" | awk -F'|' -v n="$n" '$1 == n { print $2 }')
        d_programs solver "$n" "$H/s-$n.ini"
        d_case outside-solver "solve h-$n" 3 "$(d_status_rc "$st")" "$(d_status_pat "$st")" "" \
            --programs "$H/s-$n.ini" solve "h-$n" --gen dfs --seed 1 --size 3x3
    done
    hostile g-slow '"$HS" 100 & "$HS" 101; wait'
    d_programs solver slow "$H/s-slow.ini"
    sed -i 's/time-limit = 3/time-limit = 60/' "$H/s-slow.ini"
    for s in INT TERM HUP KILL; do
        d_signal outside-solver "$s" pid "SIG$s of mazebench during solve" \
            --programs "$H/s-slow.ini" solve h-slow --gen dfs --seed 1 --size 3x3
    done
    d_signal outside-solver KILL pid "SIGKILL of a sweep" \
        --programs "$H/s-slow.ini" sweep --gen dfs --solve h-slow --seeds 1..4 --sizes 3 --jobs 2 --out s.csv
fi

if dwants maze-file; then
    timing maze-file
    M=$FX/mf
    mkdir "$M"
    "$mz" gen dfs --seed 1 --size 5x5 --save "$M/ok.txt" >/dev/null 2>&1
    "$mz" gen dfs --seed 1 --size 5x5 --save "$M/ok.json" >/dev/null 2>&1
    "$mz" gen dfs --seed 1 --size 5x5 --save "$M/ok.blocks" >/dev/null 2>&1
    "$mz" gen dfs --seed 1 --size 5x5 --save "$M/ok.mzb" >/dev/null 2>&1
    # FILE | format | what it is
    printf 'mazebench-maze 1 40000x40000\n00\n' >"$M/huge-header.mzb"
    head -c "$(($(wc -c <"$M/ok.mzb") - 3))" "$M/ok.mzb" >"$M/cut.mzb"
    head -n 8 "$M/ok.txt" >"$M/cut-rows.txt"
    { head -n 10 "$M/ok.txt"; tail -n 1 "$M/ok.txt" | cut -c1-9; } >"$M/cut-border.txt"
    { head -n 4 "$M/ok.blocks"; head -n 5 "$M/ok.blocks" | tail -n 1 | cut -c1-5; tail -n +6 "$M/ok.blocks"; } >"$M/ragged.blocks"
    head -c 60 "$M/ok.json" >"$M/cut.json"
    awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; }' >"$M/deep.json"
    printf '[{"x": 99999999999999999999, "y": 0, "top": true, "left": true, "bottom": true, "right": true}]' >"$M/big-number.json"
    printf '+--+\n|\033[2J|\n+--+\n' >"$M/escape.txt"
    mkfifo "$M/fifo.txt"
    # the drawing cut inside a line, at several places
    cuts=""
    for n in 20 40 50 70 100 150 180; do
        head -c "$n" "$M/ok.txt" >"$M/cut-$n.txt"
        cuts="$cuts cut-$n.txt:ascii"
    done
    # a file of a few bytes must cost a few bytes: its peak memory, when /usr/bin/time tells it
    small_rss() {
        [ -x /usr/bin/time ] && [ -n "$ulim" ] || return 0
        sr=$(/usr/bin/time -f '%M' "$mz" "$@" 2>&1 >/dev/null </dev/null | tail -1)
        [ "$sr" -gt 100000 ] 2>/dev/null && echo "; a peak of $sr KB for a file of $(wc -c <"$2") bytes"
    }
    for c in huge-header.mzb:mzb cut.mzb:mzb cut-rows.txt:ascii cut-border.txt:ascii $cuts ragged.blocks:blocks \
        cut.json:json deep.json:json big-number.json:json escape.txt:ascii; do
        f=${c%%:*} fm=${c##*:}
        dc_check() { small_rss maze "$M/$f" --format "$fm"; }
        d_case maze-file "maze $f --format $fm" 10 2 "" "" maze "$M/$f" --format "$fm"
    done
    d_case maze-file "maze /dev/zero" 10 2 "" "" maze /dev/zero
    d_case maze-file "maze of a folder" 10 2 "" "" maze "$M"
    # an endless stream on standard input: refused once past the largest
    # maze text the memory budget holds (under 'ulimit -v', so that the
    # budget is small; a sanitized build cannot run under one)
    if [ -n "$ulim" ]; then
        fresh
        case_t0=""
        dc_before=$(listing)
        dc_t0=$(now_ms)
        (ulimit -v 600000 && yes '+--+--+' | timeout -s KILL 60 "$mz" maze - --format ascii >"$t/out" 2>"$t/err")
        dc_rc=$? dc_ms=$(($(now_ms) - dc_t0))
        dc_door=maze-file dc_desc="an endless '+--+' stream on stdin" dc_lim=30 dc_rcs="1 2" dc_pat="" dc_outs=""
        d_judge
    fi
fi

if dwants report-input; then
    timing report-input
    R=$FX/ri
    mkdir "$R"
    cp "$FX/a.csv" "$R/good.csv"
    mkfifo "$R/fifo.csv"
    truncate -s 3G "$R/sparse.csv"
    for bad in /dev/zero "$R/fifo.csv" "$R/sparse.csv" /dev/urandom; do
        dc_check() { [ -s r.html ] || echo "; no report written"; }
        d_case report-input "report $(basename "$bad") good.csv" 10 1 "left.out|left out" "r.html" \
            report "$bad" "$R/good.csv" --out r.html
    done
    d_case report-input "report --charts X --out X" 10 2 "" "X" \
        report "$R/good.csv" --charts X --out X
fi

. "$here/scripts/attack/plugins.sh"
. "$here/scripts/attack/exports.sh"

# ---- the doors' table ----
print_table doors door 18 dcell D "$doors" "$DOOR_PROMISES" dwants
echo "doors: $(echo "$doors" | wc -w) rows, $dtried cases"
