#!/bin/sh
# Benchmarks of the harness itself (not tests: the numbers vary with the
# machine).  Prints the clock read overhead and resolution, nop's reported
# time per call (what the harness adds per operation), and the ratio of
# getpid's reported time to a bare loop of getpid timed in the same
# process, over several runs.  Usage: sh bench/harness.sh [-h] [runs]
set -u
prog=${0##*/}
usage() {
	printf 'usage: %s [-h] [runs]\n' "$prog"
	cat <<'EOF'
Clock overhead and resolution, nop's time per call, and getpid against a
bare getpid loop in the same process, over RUNS runs (default 5).
LM_BIN: the case binaries (default bin); CC: the compiler (default cc).
EOF
}
for a in "$@"; do
	case $a in -h | --help | '-?') usage; exit 0 ;; esac
done
case $# in
0) runs=5 ;;
1) runs=$1 ;;
*) echo "$prog: one operand at most: the number of runs (try -h)" >&2
   exit 2 ;;
esac
case $runs in
'' | *[!0-9]* | 0) echo "$prog: not a number of runs: $runs (try -h)" >&2
   exit 2 ;;
esac
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${LM_BIN:-$top/bin}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmbench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -I"$top" -o "$tmp/harness_getpid" \
    "$top/bench/harness_getpid.c" "$top/libmicro.c" "$top"/engine/*.c \
    "$top/bench.c" -lpthread -lm || exit 1
[ -x "$bin/nop" ] || { echo "$prog: build first (make)" >&2; exit 1; }

printf '%-4s %12s %10s %14s %14s %14s %8s\n' run "clock ovh ns" "res ns" \
    "nop us/call" "getpid us/call" "bare us/call" ratio
i=1
while [ "$i" -le "$runs" ]; do
	"$bin/nop" -S -C 200 >"$tmp/nop" || exit 1
	"$tmp/harness_getpid" -1 -C 200 -H >"$tmp/gp" || exit 1
	awk -v run="$i" '
	FILENAME ~ /nop$/ && $1 == "nop" { nop = $4 }
	/getnsecs overhead/ { ovh = $NF }
	/clock resolution/ { res = $NF }
	FILENAME ~ /gp$/ && $1 == "harness_getpid" { gp = $4; bare = $9 }
	END {
		printf "%-4d %12s %10s %14.7f %14.5f %14.5f %8.3f\n", run, ovh,
		    res, nop, gp, bare, gp / bare
	}' "$tmp/nop" "$tmp/gp"
	i=$((i + 1))
done
