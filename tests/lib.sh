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
