#!/bin/sh
# ab_resume.sh - scripts/ab.sh across runs, with the same deterministic
# "builds" as ab_cli.sh (wrappers around one mazebench whose timing columns
# are rewritten). Checks: a round stopped by Ctrl-C (its file holds part of
# the plan's rows) or by SIGKILL (its rows in FILE.partial) is carried on by
# --resume, never compared half done, and --force clears it; a --force run
# that fails part-way leaves no output or round of the earlier run; --resume
# refuses other binaries, sweep arguments, plan content, order seed or jobs
# (exit 2, one line naming it) and takes what is left out from DIR/manifest;
# a sweep that fails or writes no CSV stops the run at once (exit 2, one line
# naming the binary and its exit status); no temporary file outlives the
# script, interrupted or not, with a space in TMPDIR.
#   sh tests/ab_resume.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
case $1 in /*) bin=$1 ;; *) bin=$PWD/$1 ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
ab="$here/scripts/ab.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR="$tmp/t dir"
export TMPDIR
mkdir "$TMPDIR"

# fake NAME MODE: a "binary" that runs the real sweep and sets its timing
# columns to the same figures on every run (so an A/A run is unchanged);
# other commands and --print-plan go to mazebench. MODE fail: every sweep
# exits 3; nocsv: every sweep exits 0 without writing. Each sweep appends
# "NAME ROUNDFILE" to $tmp/calls. $tmp/fail-ROUNDFILE makes that round's
# sweep exit 3; $tmp/stall-ROUNDFILE stops it after one row, as a sweep
# stopped there leaves it (FILE.partial, kept on SIGTERM or SIGINT), and
# waits 10 s for a signal, its pids in $tmp/stalled ($tmp/unstopped when
# none came).
fake() {
    cat >"$tmp/$1" <<EOF
#!/bin/sh
if [ "\$1" != sweep ]; then exec "$bin" "\$@"; fi
out=""; prev=""
for a in "\$@"; do
    if [ "\$a" = --print-plan ]; then exec "$bin" "\$@"; fi
    [ "\$prev" = --out ] && out=\$a
    prev=\$a
done
name=\${out##*/}
echo "$1 \$name" >>"$tmp/calls"
case $2 in
fail) echo "mazebench: sweep: no space left on device" >&2; exit 3 ;;
nocsv) exit 0 ;;
esac
if [ -f "$tmp/fail-\$name" ]; then echo "mazebench: sweep: no space left on device" >&2; exit 3; fi
"$bin" "\$@" || exit \$?
awk -F, -v OFS=, '
    /^#/ { print; next }
    !h { h = 1; for (i = 1; i <= NF; i++) c[\$i] = i; print; next }
    { n++; \$c["gen_ns"] = 100000 + 1000 * (n % 9); print }' "\$out" >"\$out.t" && mv "\$out.t" "\$out"
if [ -f "$tmp/stall-\$name" ]; then
    rm -f "$tmp/stall-\$name"
    awk '!/^#/ { n++ } n <= 2' "\$out" >"\$out.partial" && rm -f "\$out"
    sleep 10 &
    sp=\$!
    trap 'kill \$sp 2>/dev/null; exit 143' TERM INT
    echo "\$\$ \$sp" >"$tmp/stalled"
    wait \$sp
    touch "$tmp/unstopped"
    exit 1
fi
EOF
    chmod +x "$tmp/$1"
}
fake base ok
fake same ok
fake same2 ok
fake broken fail
fake nocsv nocsv

printf 'gen dfs\nseeds 1..3\nsizes 5\n' >"$tmp/p.plan"
# 3 rows a round; 4 rounds at alpha 0.5 are enough for compare.
set -- --rounds 4 --order-seed 7 -- "$tmp/p.plan" -- --alpha 0.5
rows() { grep -v '^#' "$1" | grep -vc '^[[:space:]]*$'; } # header included
calls() { if [ -f "$tmp/calls" ]; then wc -l <"$tmp/calls"; else echo 0; fi; }
leftovers() { # DIR: no temporary folder of the script in DIR, nothing in TMPDIR
    ls -d "$1"/.ab-tmp.* >/dev/null 2>&1 && bad "$2: a temporary folder left in $1"
    [ -z "$(ls -A "$TMPDIR")" ] || bad "$2: files left in TMPDIR: $(ls -A "$TMPDIR")"
}
outputs="base.csv new.csv compare.txt compare.csv compare.json compare.md compare.xml"
expect2() { # NAME PATTERN ARGS...: exit 2, one line on stderr matching PATTERN
    name=$1 pat=$2
    shift 2
    sh "$ab" "$@" >/dev/null 2>"$tmp/err"
    rc=$?
    [ "$rc" = 2 ] || bad "$name: exit $rc, expected 2"
    [ "$(wc -l <"$tmp/err")" = 1 ] || bad "$name: stderr is not one line: $(cat "$tmp/err")"
    grep -q -- "$pat" "$tmp/err" || bad "$name: no '$pat' in: $(cat "$tmp/err")"
}
wait_stall() { # the stalled sweep's pids, once it stalls (at most 30 s)
    i=0
    while [ ! -s "$tmp/stalled" ] && [ "$i" -lt 300 ]; do
        sleep 0.1 2>/dev/null || sleep 1
        i=$((i + 1))
    done
    cat "$tmp/stalled" 2>/dev/null
    rm -f "$tmp/stalled"
}

# A whole A/A run, its manifest.
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/aa" "$@" >"$tmp/aa.out" 2>"$tmp/aa.err"
rc=$?
[ "$rc" = 0 ] || { bad "A/A: exit $rc, expected 0"; cat "$tmp/aa.err"; }
for f in $outputs manifest; do [ -s "$tmp/aa/$f" ] || bad "A/A: $f missing"; done
leftovers "$tmp/aa" "A/A"

# --resume takes what is left out from the manifest; a finished run runs
# no sweep again.
n0=$(calls)
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "resume of a finished run: exit $rc, expected 0"; cat "$tmp/err"; }
[ "$(calls)" = "$n0" ] || bad "resume of a finished run ran a sweep again"

# --resume refuses what differs from the run, and leaves the run as it was.
expect2 "resume, other base" "BASE_BIN" "$tmp/same" "$tmp/same" --out "$tmp/aa" --resume "$@"
expect2 "resume, other new" "NEW_BIN" "$tmp/base" "$tmp/same2" --out "$tmp/aa" --resume "$@"
expect2 "resume, other order seed" "order seed" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume \
    --rounds 4 --order-seed 8 -- "$tmp/p.plan" -- --alpha 0.5
expect2 "resume, other jobs" "jobs" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume --jobs 2 "$@"
expect2 "resume, other sweep" "sweep arguments" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume \
    --rounds 4 --order-seed 7 -- "$tmp/p.plan" --reps 2 -- --alpha 0.5
cp "$tmp/p.plan" "$tmp/p.keep"
echo 'seeds 1..4' >>"$tmp/p.plan"
expect2 "resume, other plan content" "plan file" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume "$@"
cp "$tmp/p.keep" "$tmp/p.plan"
expect2 "resume, fewer rounds" "rounds" "$tmp/base" "$tmp/same" --out "$tmp/aa" --resume \
    --rounds 3 --order-seed 7 -- "$tmp/p.plan" -- --alpha 0.5
[ -s "$tmp/aa/compare.xml" ] || bad "a refused --resume removed the run's outputs"
[ "$(calls)" = "$n0" ] || bad "a refused --resume ran a sweep"
mkdir -p "$tmp/old/rounds" && cp "$tmp/aa/rounds/base-1.csv" "$tmp/old/rounds/"
expect2 "resume without a manifest" "manifest" "$tmp/base" "$tmp/same" --out "$tmp/old" --resume "$@"

# --resume with more rounds runs only the new ones.
cp -R "$tmp/aa" "$tmp/more"
n0=$(calls)
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/more" --resume --rounds 5 >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "resume with more rounds: exit $rc, expected 0"; cat "$tmp/err"; }
[ "$(calls)" = $((n0 + 2)) ] || bad "resume with more rounds: $(($(calls) - n0)) sweeps, expected 2"
grep -qx 'rounds: 5' "$tmp/more/manifest" || bad "resume with more rounds: the manifest not updated"
[ "$(grep -c '^# ab: round' "$tmp/more/new.csv")" = 5 ] || bad "resume with more rounds: new.csv not 5 rounds"

# A round cut short (what Ctrl-C leaves: FILE with the rows finished so
# far) is carried on by --resume, not compared.
cp -R "$tmp/aa" "$tmp/cut"
awk '!/^#/ { n++ } n <= 2' "$tmp/aa/rounds/base-3.csv" >"$tmp/cut/rounds/base-3.csv"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/cut" --resume "$@" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "resume of a cut round: exit $rc, expected 0"; cat "$tmp/err"; }
[ "$(rows "$tmp/cut/rounds/base-3.csv")" = 4 ] || bad "resume compared a cut round: $(rows "$tmp/cut/rounds/base-3.csv") lines"
grep -q '^# resumed' "$tmp/cut/rounds/base-3.csv" || bad "the cut round was not carried on by sweep --resume"

# Ctrl-C in the middle of round 2: exit 130, the round's finished row kept
# (in new-2.csv.partial), no temporary file; --resume carries it on.
# A background job starts with SIGINT ignored, which a shell cannot trap:
# env --default-signal (GNU) gives it back; elsewhere SIGTERM stands in.
if env --default-signal=INT true 2>/dev/null; then
    sig=INT want=130 bg="env --default-signal=INT"
else
    sig=TERM want=143 bg=""
fi
touch "$tmp/stall-new-2.csv"
$bg sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/int" "$@" >/dev/null 2>"$tmp/int.err" &
pid=$!
pids=$(wait_stall)
[ -n "$pids" ] || bad "Ctrl-C: the sweep never stalled"
kill -"$sig" "$pid"
wait "$pid"
rc=$?
# shellcheck disable=SC2086
kill $pids 2>/dev/null && bad "Ctrl-C: the running sweep was not stopped"
[ -e "$tmp/unstopped" ] && bad "Ctrl-C: the running sweep was not stopped: it ran to its end"
[ "$rc" = "$want" ] || { bad "Ctrl-C: exit $rc, expected $want"; cat "$tmp/int.err"; }
[ -f "$tmp/int/rounds/new-2.csv.partial" ] && [ "$(rows "$tmp/int/rounds/new-2.csv.partial")" = 2 ] ||
    bad "Ctrl-C: round 2's finished row not kept in new-2.csv.partial"
[ -e "$tmp/int/compare.txt" ] && bad "Ctrl-C: compare ran"
leftovers "$tmp/int" "Ctrl-C"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/int" --resume "$@" >"$tmp/int.out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "resume after Ctrl-C: exit $rc, expected 0"; cat "$tmp/err"; }
[ "$(rows "$tmp/int/rounds/new-2.csv")" = 4 ] || bad "resume after Ctrl-C: round 2 not whole"
grep -q '^# resumed' "$tmp/int/rounds/new-2.csv" || bad "resume after Ctrl-C: round 2 run again, not carried on"
[ "$(rows "$tmp/int/new.csv")" = 16 ] || bad "resume after Ctrl-C: new.csv has $(rows "$tmp/int/new.csv") lines, expected 16"
grep -q 'carrying on' "$tmp/err" || bad "resume after Ctrl-C: no progress line for the carried-on round"
leftovers "$tmp/int" "resume after Ctrl-C"

# SIGKILL in the middle of round 3 (the script and the sweep): the round's
# rows in FILE.partial; --resume carries it on, --force clears it.
touch "$tmp/stall-base-3.csv"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/kill" "$@" >/dev/null 2>&1 &
pid=$!
pids=$(wait_stall)
[ -n "$pids" ] || bad "SIGKILL: the sweep never stalled"
# shellcheck disable=SC2086
kill -KILL "$pid" $pids
wait "$pid" 2>/dev/null
[ -f "$tmp/kill/rounds/base-3.csv.partial" ] || bad "SIGKILL: no base-3.csv.partial"
leftovers "$tmp/kill" "SIGKILL in a sweep"
rm -rf "$TMPDIR" && mkdir "$TMPDIR"
cp -R "$tmp/kill" "$tmp/kill2"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/kill" --resume "$@" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "resume after SIGKILL: exit $rc, expected 0"; cat "$tmp/err"; }
[ -e "$tmp/kill/rounds/base-3.csv.partial" ] && bad "resume after SIGKILL: base-3.csv.partial left"
[ "$(rows "$tmp/kill/rounds/base-3.csv")" = 4 ] || bad "resume after SIGKILL: round 3 not whole"
leftovers "$tmp/kill" "resume after SIGKILL"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/kill2" --force "$@" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || { bad "force after SIGKILL: exit $rc, expected 0"; cat "$tmp/err"; }
[ -e "$tmp/kill2/rounds/base-3.csv.partial" ] && bad "force after SIGKILL: base-3.csv.partial left"
grep -q '^# resumed' "$tmp"/kill2/rounds/*.csv && bad "force after SIGKILL: a round was carried on"
leftovers "$tmp/kill2" "force after SIGKILL"

# --force that fails in round 2: none of the earlier run's outputs, rounds
# or orders stay beside the new round 1.
cp -R "$tmp/aa" "$tmp/ff"
touch "$tmp/fail-base-2.csv" "$tmp/fail-new-2.csv"
sh "$ab" "$tmp/base" "$tmp/same" --out "$tmp/ff" --force "$@" >/dev/null 2>"$tmp/err"
rc=$?
rm -f "$tmp/fail-base-2.csv" "$tmp/fail-new-2.csv"
[ "$rc" = 2 ] || bad "failing --force: exit $rc, expected 2"
for f in $outputs compare.png; do
    [ -e "$tmp/ff/$f" ] && bad "failing --force: the earlier run's $f is still there"
done
for f in base-3.csv new-3.csv base-4.csv new-4.csv order-2 order-3 order-4; do
    [ -e "$tmp/ff/rounds/$f" ] && bad "failing --force: the earlier run's rounds/$f is still there"
done
leftovers "$tmp/ff" "failing --force"

# A sweep that fails, or exits 0 without a CSV: stopped at its first sweep,
# exit 2, one line naming the binary and its exit status.
for b in broken nocsv; do
    rm -f "$tmp/calls"
    sh "$ab" "$tmp/base" "$tmp/$b" --out "$tmp/x-$b" "$@" >/dev/null 2>"$tmp/err"
    rc=$?
    [ "$rc" = 2 ] || bad "$b: exit $rc, expected 2"
    [ "$(grep -c "^$b " "$tmp/calls")" = 1 ] || bad "$b: not stopped at its first sweep"
    last=$(tail -n 1 "$tmp/err")
    case "$last" in *"$tmp/$b"*) ;; *) bad "$b: the last line does not name the binary: $last" ;; esac
    [ "$(grep -v 's so far$' "$tmp/err" | grep -vc '^ab: [0-9]* rounds, order seed')" = 1 ] ||
        bad "$b: more than one line besides progress: $(cat "$tmp/err")"
    leftovers "$tmp/x-$b" "$b"
done
grep -q 'exit status 3' "$tmp/err" && bad "nocsv: an exit status other than 0"
sh "$ab" "$tmp/base" "$tmp/broken" --out "$tmp/x-b2" "$@" >/dev/null 2>"$tmp/err"
grep -q 'exit status 3: mazebench: sweep: no space left' "$tmp/err" ||
    bad "broken: its exit status and message not named: $(cat "$tmp/err")"

if [ "$fails" -ne 0 ]; then
    echo "ab_resume: $fails failed"
    exit 1
fi
echo "ab_resume: all passed"
