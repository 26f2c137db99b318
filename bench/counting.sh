#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/counting.sh - the time cost of -K (a benchmark, not a test: the
# numbers are the machine's).  For each run, R rounds; each round runs
# the case once without -K and once with -K EVENTS, as separate
# processes, the order alternating round by round so that a drift of the
# machine falls on both alike.  Per run it prints the median of the
# rounds' ratios (with/without) and, beside it, the pass-to-pass spread
# of the runs without -K (the median of |a[i]/a[i-1] - 1|): a cost
# smaller than that spread is not seen.
# Usage: sh bench/counting.sh [-r R] [-b BINDIR] [-K EVENTS] [-- ARGS]
# ARGS are engine options for every run (default: -C 200).
set -u
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-r rounds] [-b bindir] [-K events] [-- args]
The time cost of counting: each round runs getpid, memcpy_1k and four
runs that switch contexts (a pipe round trip on one CPU, a cascade of
ten threads, thread creation, fork) once without -K and once with
-K EVENTS, as separate processes, the order alternating.
  -r ROUNDS  rounds per run, 2 or more (default 10)
  -b BINDIR  the case binaries (default: bin of this tree)
  -K EVENTS  the events counted (default: default)
  ARGS       engine options for every run (default: -C 200)
EOF
}
bad() {
	usage >&2
	exit 2
}
for a in "$@"; do
	case $a in
	--) break ;;
	--help) usage; exit 0 ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
rounds=10
bin=$top/bin
events=default
while getopts r:b:K:h opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	b) bin=$OPTARG ;;
	K) events=$OPTARG ;;
	h) usage; exit 0 ;;
	*) bad ;;
	esac
done
shift $((OPTIND - 1))
case $rounds in '' | *[!0-9]*) bad ;; esac
[ "$rounds" -ge 2 ] || bad
[ $# -eq 0 ] && set -- -C 200
tmp=$(mktemp -d "${TMPDIR:-/tmp}/counting.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# usecs NAME CASE ARGS...: one run's usecs/call.
usecs() {
	n=$1
	shift
	"$@" -N "$n" 2>/dev/null | awk -v n="$n" '$1 == n { print $4 }'
}

# measure NAME CASE ARGS...: R rounds, the ratios in $tmp/NAME.
measure() {
	name=$1
	shift
	: >"$tmp/$name"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		if [ $((i % 2)) -eq 0 ]; then
			a=$(usecs "$name" "$@")
			b=$(usecs "$name" "$@" -K "$events")
		else
			b=$(usecs "$name" "$@" -K "$events")
			a=$(usecs "$name" "$@")
		fi
		echo "$a $b" >>"$tmp/$name"
		i=$((i + 1))
	done
	awk -v name="$name" -v ev="$events" '
	function median(x, n,    i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && x[j - 1] > x[j]; j--) {
				t = x[j]; x[j] = x[j - 1]; x[j - 1] = t
			}
		return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
	}
	{
		r[NR] = $2 / $1
		if (NR > 1) {
			d = $1 / prev - 1
			s[NR - 1] = d < 0 ? -d : d
		}
		prev = $1
		sa += $1; sb += $2
	}
	END {
		printf "%-12s without %9.5f  with -K %-8s %9.5f  ratio %.4f" \
		    "  (A/A spread %.2f%%, %d rounds)\n", name, sa / NR, ev,
		    sb / NR, median(r, NR), 100 * median(s, NR - 1), NR
	}' "$tmp/$name"
}

echo "# $(uname -n) $(uname -r), $(nproc 2>/dev/null || echo ?) CPUs;" \
    "engine options: $*"
measure getpid "$bin/getpid" "$@"
measure memcpy_1k "$bin/memcpy" -s 1k "$@"
# A counted task pays at every context switch: the kernel switches its
# counters out and in.
measure pipe_smp1 "$bin/pipe" -s 1 -x sock -m mp -c same "$@"
measure c_mutex_10 "$bin/cascade_mutex" -T 10 "$@"
measure pthread_32 "$bin/pthread_create" -B 32 "$@"
measure fork_100 "$bin/fork" -B 100 "$@"
