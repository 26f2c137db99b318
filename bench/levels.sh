#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/levels.sh - does a case take one of a few levels per process, and
# what decides it?  (A benchmark of the machine, not a test.)
# Runs one case N times as fresh processes in each placement: as is,
# pinned to each CPU (taskset), without address randomization (setarch
# -R); then N pairs of runs back to back, as wrapper.sh -V runs a pair.
# Figures within 2% of each other are one level.  For each placement it
# prints the levels and how many runs took each; for the pairs, how
# many shared their level against how many would by chance (the sum
# over levels of the product of the two runs' shares).  Levels the same
# in every placement and pairs that share no more than chance say that
# the level is drawn per process, and that only more processes, not
# pairing, average it out.
set -u
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-n N] PROGRAM [ARG...]
Runs a case N times (default 30) per placement and N pairs back to back,
and prints the levels its figure takes.  Example:
  sh bench/levels.sh bin/strlen -C 60 -F min -B 45169 -s 10
EOF
}
case ${1:-} in -h | --help | '-?') usage; exit 0 ;; esac
n=30
while getopts :n: opt; do
	case $opt in
	n) n=$OPTARG ;;
	*) echo "$prog: unknown option -$OPTARG (try -h)" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $n in '' | *[!0-9]* | 0 | 1) echo "$prog: not a count above 1: $n" >&2
	exit 2 ;;
esac
[ $# -ge 1 ] || { echo "$prog: no program to run (try -h)" >&2; exit 2; }
[ -x "$1" ] || { echo "$prog: not a program: $1" >&2; exit 2; }
"$@" --check >/dev/null 2>&1 ||
    { echo "$prog: the case rejects its arguments: $*" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
rl=$(cat "$top/lib/result.awk") || exit 2
out=$(mktemp -d "${TMPDIR:-/tmp}/lmlevels.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP

# The figure (usecs/call) of one run, or nothing.
figure() {
	# shellcheck disable=SC2016 # an awk program
	"$@" 2>/dev/null | awk "$rl"'
	{
		for (k = 1; k <= NF; k++)
			f[k] = $k
	}
	rl_check(f, NF) == "" && $RL_ERRORS == 0 { print $RL_USECS; exit }'
}

# Placements: a label and a command prefix (empty: as is).
{
	echo "as-is"
	if command -v taskset >/dev/null 2>&1; then
		ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
		c=0
		while [ "$c" -lt "$ncpu" ] && [ "$c" -lt 4 ]; do
			echo "cpu$c taskset -c $c"
			c=$((c + 1))
		done
	fi
	if command -v setarch >/dev/null 2>&1 &&
	    setarch -R true >/dev/null 2>&1; then
		echo "no-aslr setarch -R"
	fi
} >"$out/placements"

i=1
while [ "$i" -le "$n" ]; do
	while read -r label pre; do
		# shellcheck disable=SC2086 # the prefix is words
		f=$(figure $pre "$@")
		[ -n "$f" ] && echo "$label $f"
	done <"$out/placements"
	a=$(figure "$@")
	b=$(figure "$@")
	[ -n "$a" ] && [ -n "$b" ] && echo "pair $a $b"
	i=$((i + 1))
done >"$out/runs"

awk '
# level of x: the first level within 2% of it, or a new one
function level(x,    k) {
	for (k = 1; k <= nl; k++)
		if (x <= lv[k] * 1.02 && x >= lv[k] / 1.02)
			return k
	lv[++nl] = x
	return nl
}
$1 != "pair" {
	l = level($2)
	c[$1, l]++
	if (!($1 in tot))
		order[++no] = $1
	tot[$1]++
}
$1 == "pair" {
	la = level($2)
	lb = level($3)
	np++
	same += la == lb
	pa[la]++
	pb[lb]++
}
END {
	if (nl == 0) { print "no run gave a figure"; exit 1 }
	printf "levels (usecs/call):"
	for (k = 1; k <= nl; k++)
		printf " %d=%.6g", k, lv[k]
	printf "\n"
	for (j = 1; j <= no; j++) {
		p = order[j]
		printf "%-8s %3d runs:", p, tot[p]
		for (k = 1; k <= nl; k++)
			printf " %d:%d", k, c[p, k] + 0
		printf "\n"
	}
	if (np) {
		for (k = 1; k <= nl; k++)
			chance += (pa[k] / np) * (pb[k] / np)
		printf "pairs back to back: %d of %d shared their level;" \
		    " %.1f would by chance\n", same, np, chance * np
	}
}' "$out/runs"
