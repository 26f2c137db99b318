#!/bin/sh
# The string and math runs of cases/suite against plain C loops of
# the same calls (bench/bare_libc.c, built here with ${CC:-cc} -O2): a
# run the optimiser had emptied would report far less than its bare loop.
# Prints: run, libmicro usecs/call, bare-loop usecs/call, ratio (libmicro
# over bare; near 1 when the harness times the call and nothing else).
# Not a test: the numbers vary with the machine.
# Usage: sh bench/libc-vs-bare.sh  (LM_BIN: binaries, default bin;
# LM_OPTS: engine options for the libmicro runs, default -C 200)
set -u
prog=${0##*/}
for a in "$@"; do
	case $a in
	-h | --help | '-?')
		printf 'usage: %s [-h]\n' "$prog"
		echo "The string and math runs against plain C loops of the" \
		    "same calls."
		echo "LM_BIN: the case binaries (default bin); LM_OPTS:" \
		    "engine options for"
		echo "the libmicro runs (default -C 200); CC: the compiler."
		exit 0 ;;
	esac
done
if [ $# -gt 0 ]; then
	echo "$prog: no arguments expected: $1 (try -h)" >&2
	exit 2
fi
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
bin=${LM_BIN:-$top/bin}
opts=${LM_OPTS:--C 200}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmbare.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -o "$tmp/bare_libc" \
    "$top/bench/bare_libc.c" -lm || exit 1

# The suite lines of the cases bare_libc knows, as "case args...".
cases='strcpy|strlen|strchr|strcmp|strcasecmp|strtol|log|exp|lrand48'
grep -E "^($cases)[[:space:]]" "$top/cases/suite" >"$tmp/lines"

: >"$tmp/lm"
: >"$tmp/bare"
# Each run and its bare loop back to back, so both see the same machine.
while IFS= read -r line; do
	set -f
	# shellcheck disable=SC2086 # a suite line and opts are word lists
	set -- $line $opts
	set +f
	c=$1
	shift
	if [ ! -x "$bin/$c" ]; then
		echo "$prog: no $bin/$c (run make first)" >&2
		exit 1
	fi
	"$bin/$c" -H "$@" </dev/null >"$tmp/one" || exit 1
	cat "$tmp/one" >>"$tmp/lm"
	"$tmp/bare_libc" "$(awk '{print $1}' "$tmp/one")" >>"$tmp/bare" ||
	    exit 1
done <"$tmp/lines"

printf '%-12s %14s %14s %8s\n' run "libmicro us" "bare us" ratio
awk 'NR == FNR { bare[$1] = $2; next }
{
	b = bare[$1]
	printf "%-12s %14.7f %14.7f %8.2f\n", $1, $4, b, (b > 0 ? $4 / b : 0)
}' "$tmp/bare" "$tmp/lm"
