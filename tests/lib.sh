# tests/lib.sh - the helpers every shell test shares; a test sources it
# first thing:  . "$(dirname "$0")/lib.sh"
#
#   bad MESSAGE...    say "FAIL: MESSAGE" and count it in $fails (the test
#   fail MESSAGE...   ends with its own verdict on $fails); fail is bad
#   expect CODE NAME [--] COMMAND...
#                     run COMMAND (through the function named in $expect_run
#                     when a test sets it: 'expect 2 NAME ARGS' then runs
#                     "$expect_run ARGS"), its stdout in $tmp/out and its
#                     stderr in $tmp/err; a failure when it does not exit
#                     with CODE, or when CODE is one of $expect_stderr_codes
#                     (2, a usage error, unless a test says more) and stderr
#                     is not one line starting with $expect_prefix
#                     ('mazebench: ' unless a test says more)
#   marked            a process of $HS (a test's copy of sleep) is alive
#   left WHAT         the hostile outside programs' tests: nothing in
#                     $TMPDIR and no process of the test's (the children
#                     of programs, named $HS, and mazebench's janitor,
#                     whose command line names $H/h.programs), waiting up
#                     to 5 s for them to go; then clears both
#   sig SIG DESC ARGS...
#                     start mazebench with ARGS (a process group of its
#                     own), wait until a program's child runs (marked),
#                     send SIG to mazebench (INT2: SIGINT to its group
#                     twice, as two Ctrl-C); it must end within 20 s, and
#                     then left DESC

fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
fail() { bad "$@"; }

expect_run=
expect_prefix='mazebench: '
expect_stderr_codes=2
expect() {
    want=$1 name=$2
    shift 2
    [ "${1-}" = -- ] && shift
    $expect_run "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" = "$want" ] ||
        { bad "$name: exit $got, expected $want"; cat "$tmp/out" "$tmp/err"; }
    for c in $expect_stderr_codes; do
        [ "$want" = "$c" ] || continue
        [ "$(wc -l <"$tmp/err")" = 1 ] || bad "$name: stderr is not one line: $(cat "$tmp/err")"
        grep -q "^$expect_prefix" "$tmp/err" || bad "$name: stderr is not '$expect_prefix...'"
    done
}

# (a zombie has ended: it waits only for its new parent, often PID 1, to reap it)
marked() {
    for mk in $(pgrep -f "$HS" 2>/dev/null); do
        [ "$(sed 's/.*) //' "/proc/$mk/stat" 2>/dev/null | cut -c1)" = Z ] || return 0
    done
    return 1
}
left() {
    i=0
    while { [ -n "$(ls -A "$TMPDIR")" ] || marked || pgrep -f "$H/h.programs" >/dev/null 2>&1; } &&
        [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    [ -z "$(ls -A "$TMPDIR")" ] || bad "$1: left in TMPDIR: $(ls -A "$TMPDIR" | head -3 | tr '\n' ' ')"
    marked && bad "$1: a program's child outlived mazebench: $(pgrep -af "$HS" | head -2)"
    pgrep -f "$H/h.programs" >/dev/null 2>&1 && bad "$1: a process of mazebench's outlived it"
    pkill -KILL -f "$HS" 2>/dev/null
    [ -L "$TMPDIR" ] && { bad "$1: TMPDIR itself was replaced"; rm -f "$TMPDIR"; mkdir "$TMPDIR"; }
    chmod -R u+rwx "$TMPDIR" 2>/dev/null
    rm -rf "$TMPDIR"/* "$TMPDIR"/.[!.]* 2>/dev/null
}

sig() {
    s=$1 d=$2
    shift 2
    # (a background job of a script ignores SIGINT: not mazebench's)
    setsid env --default-signal=INT "$mz" "$@" >"$H/sig.out" 2>"$H/sig.err" </dev/null &
    pid=$!
    i=0
    while ! marked && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    marked || bad "$d: the program never ran: $(cat "$H/sig.err")"
    sleep 0.3
    case $s in
    INT2) kill -INT "-$pid"; sleep 0.3; kill -INT "-$pid" ;;
    *) kill -s "$s" "$pid" ;;
    esac
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    kill -0 "$pid" 2>/dev/null && { bad "$d: mazebench still runs 20 s after SIG$s"; kill -KILL "$pid"; }
    wait "$pid" 2>/dev/null
    left "$d"
}
