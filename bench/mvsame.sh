#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/mvsame.sh - do two trees' multiview.sh print the same bytes?
#
#   bench/mvsame.sh [-n COUNT] [-s SEED] [-j JOBS] [-k] OLD_TOP NEW_TOP
#
# OLD_TOP and NEW_TOP are two source trees, say main before a change to
# multiview and after it.  The inputs are the fuzz corpus of
# tests/0820-fuzz-multiview.sh: COUNT result files (default 2500) that
# tests/fuzz/mutate.awk makes from the seed files of tests/data/multiview
# and tests/fuzz/hostile.txt with seed SEED (default 8200), each planned
# with some options and one or two other files.  Every planned run is
# made in every format (text, html, csv, json, markdown) under mawk and
# under gawk (those installed), once by each tree, in one directory with
# the same operands; a run differs when its stdout, its stderr or its
# exit status does.  The corpus comes from NEW_TOP's generator and seed
# files; each run has 60 s (timeout), so a hang shows as status 124.
#
#   -j JOBS  runs at a time (default 1)
#   -k       keep the scratch directory (its path is printed), with the
#            outputs of the runs that differ in diff/
#
# Prints the corpus, the number of runs compared and how many differ
# (in stdout, stderr, exit status), then the first 20 that differ, as
# INDEX AWK FORMAT WHAT: OPTIONS AND FILES.  Exit status: 0 when no run
# differs, 1 when one does, 2 on bad usage.
prog=${0##*/}
LC_ALL=C
export LC_ALL

usage() {
	cat <<EOF
usage: $prog [-n COUNT] [-s SEED] [-j JOBS] [-k] OLD_TOP NEW_TOP
Run OLD_TOP/multiview.sh and NEW_TOP/multiview.sh on the fuzz corpus of
tests/0820 in every format, under mawk and gawk, and count the runs whose
stdout, stderr or exit status differ.
  -n COUNT  mutated files (default 2500)
  -s SEED   the generator's seed (default 8200)
  -j JOBS   runs at a time (default 1)
  -k        keep the scratch directory, with the outputs that differ
  -h        this help
EOF
}
die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

count=2500
seed=8200
jobs=1
keep=no
for a in "$@"; do
	case $a in
	--) break ;;
	--help) usage; exit 0 ;;
	esac
done
while getopts ':n:s:j:kh' opt; do
	case $opt in
	n) count=$OPTARG ;;
	s) seed=$OPTARG ;;
	j) jobs=$OPTARG ;;
	k) keep=yes ;;
	h) usage; exit 0 ;;
	:) die "option -$OPTARG needs a value (try -h)" ;;
	*) die "unknown option -$OPTARG (try -h)" ;;
	esac
done
shift $((OPTIND - 1))
for v in "$count" "$seed" "$jobs"; do
	case $v in '' | *[!0-9]* | 0) die "not a positive count: $v" ;; esac
done
[ $# -eq 2 ] || die "give OLD_TOP and NEW_TOP (try -h)"
old=$(cd "$1" && pwd) || die "$1: no such directory"
new=$(cd "$2" && pwd) || die "$2: no such directory"
for t in "$old" "$new"; do
	[ -r "$t/multiview.sh" ] || die "$t: no multiview.sh"
done
F=$new/tests/fuzz
D=$new/tests/data/multiview
awks=
for a in mawk gawk; do
	if command -v "$a" >/dev/null 2>&1; then
		awks="$awks $a"
	else
		echo "# $a is not installed: not run under it"
	fi
done
[ -n "$awks" ] || die "neither mawk nor gawk is installed"
gen=${awks# }
gen=${gen%% *}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mvsame.XXXXXX") || die "cannot make a scratch directory"
pids=
cleanup() {
	for p in $pids; do
		kill "$p" 2>/dev/null
	done
	wait
	if [ "$keep" = yes ]; then
		echo "# kept $tmp"
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
cd "$tmp" || exit 2
mkdir seed fz diff

# The corpus, as tests/0820 makes it, its seed files copied here so that
# the operands (and every message naming them) are the same for both.
for f in "$D/base.txt" "$D/debug.txt" "$D/tuned.txt" "$D/sun-debug.txt" \
    "$D/sun-nondebug.txt" "$F/hostile.txt"; do
	cp "$f" seed/ || die "cannot copy $f"
done
"$gen" -v n="$count" -v seed="$seed" -v dir=fz -f "$F/rand.awk" \
    -f "$F/mutate.awk" seed/base.txt seed/debug.txt seed/tuned.txt \
    seed/sun-debug.txt seed/sun-nondebug.txt seed/hostile.txt >plan ||
    die "cannot make the corpus"
while read -r f; do
	tr '\001' '\000' <"$f" >nul.tmp && mv nul.tmp "$f"
done <fz/nul

# run TOP AWK FORMAT OUT ARG...: one run, its stdout, stderr and status
# in OUT.out, OUT.err and OUT.rc.
run() {
	r_top=$1 r_awk=$2 r_fmt=$3 r_out=$4
	shift 4
	AWK=$r_awk timeout -k 1 60 sh "$r_top/multiview.sh" -f "$r_fmt" "$@" \
	    >"$r_out.out" 2>"$r_out.err" </dev/null
	echo "$?" >"$r_out.rc"
}

# worker K: the plan's lines K, K + JOBS, ..., each run by both trees
# in every format under every awk, into results.K: a line a pair of
# runs, INDEX AWK FORMAT, then "same" or what differs and the operands.
worker() {
	wk=$1
	awk -v k="$wk" -v j="$jobs" 'NR % j == k % j' plan >"plan.$wk"
	while read -r i _ rest; do
		set -f
		# shellcheck disable=SC2086 # the planned options and files
		set -- $rest
		set +f
		for fmt in text html csv json markdown; do
			for a in $awks; do
				run "$old" "$a" "$fmt" "w$wk.old" "$@"
				run "$new" "$a" "$fmt" "w$wk.new" "$@"
				what=
				for x in out err rc; do
					cmp -s "w$wk.old.$x" "w$wk.new.$x" ||
					    what="$what $x"
				done
				if [ -z "$what" ]; then
					echo "$i $a $fmt same"
					continue
				fi
				echo "$i $a $fmt differ$what: $rest"
				for x in out err rc; do
					cp "w$wk.old.$x" "diff/$i.$a.$fmt.old.$x"
					cp "w$wk.new.$x" "diff/$i.$a.$fmt.new.$x"
				done
			done
		done
	done <"plan.$wk" >"results.$wk"
}

t0=$(date +%s)
k=1
while [ "$k" -le "$jobs" ]; do
	worker "$k" &
	pids="$pids $!"
	k=$((k + 1))
done
wait
pids=
t1=$(date +%s)

echo "corpus: $(wc -l <plan | tr -d ' ') files from seed $seed" \
    "($new/tests/fuzz), $(du -sk fz | cut -f1) kB"
sort -n results.* | awk -v s="$((t1 - t0))" -v awks="${awks# }" '
	{ n++ }
	$4 == "same" { next }
	{
		if (++d <= 20)
			line[d] = $0
		w = $0
		sub(/:.*/, "", w)
		so += w ~ / out/
		se += w ~ / err/
		sr += w ~ / rc$/
	}
	END {
		printf "runs: %d pairs (%s, in %d s)\n", n, awks, s
		printf "differ: %d (stdout %d, stderr %d, exit status %d)\n",
		    d, so, se, sr
		for (k = 1; k <= d && k <= 20; k++)
			print line[k]
		exit (d > 0)
	}'
