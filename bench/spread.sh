#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/spread.sh - the pass-to-pass spread of result files, the figure
# to give beside any measurement of a day (a benchmark of the machine,
# not a test).  Per file: the rows with two passes or more, and over
# them the median and 90th percentile of a row's spread, the standard
# deviation of the log of its passes' usecs/call, in percent.  One pass
# a side has no spread: such a file says so.
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog FILE...
Prints, per result file, the median and 90th percentile over its rows
of the pass-to-pass spread (standard deviation of the log of the
passes' usecs/call, in percent).
EOF
}
case ${1:-} in -h | --help | '-?') usage; exit 0 ;; esac
case ${1:-} in -*) echo "$prog: unknown option $1 (try -h)" >&2; exit 2 ;; esac
[ $# -ge 1 ] || { echo "$prog: no result file (try -h)" >&2; exit 2; }
for f in "$@"; do
	if [ ! -f "$f" ] || [ ! -r "$f" ]; then
		echo "$prog: cannot read $f" >&2
		exit 2
	fi
done
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
rl=$(cat "$top/lib/result.awk" "$top/lib/mv/num.awk") || exit 2
for f in "$@"; do
	# shellcheck disable=SC2016 # an awk program
	"${AWK:-awk}" -v file="$f" "$rl"'
	/^[!#]/ { next }
	{
		for (k = 1; k <= NF; k++)
			f[k] = $k
	}
	rl_check(f, NF) == "" && $RL_ERRORS == 0 && $RL_USECS + 0 > 0 {
		x = log($RL_USECS + 0)
		n[$1]++; s[$1] += x; s2[$1] += x * x
		rows++
	}
	END {
		if (!rows) {
			printf "%s: no result lines\n", file
			exit 1
		}
		m = 0
		for (b in n)
			if (n[b] >= 2) {
				v = (s2[b] - s[b] * s[b] / n[b]) / (n[b] - 1)
				sd[++m] = 100 * sqrt(v > 0 ? v : 0)
			}
		if (!m) {
			printf "%s: one pass a row, no spread\n", file
			exit 0
		}
		sortnum(sd, m)
		p90 = int(0.9 * m + 0.5)
		if (p90 < 1)
			p90 = 1
		printf "%s: %d rows, pass-to-pass spread median %.1f%%," \
		    " 90th percentile %.1f%%\n", file, m,
		    sd[int((m + 1) / 2)], sd[p90]
	}' "$f" || exit 1
done
