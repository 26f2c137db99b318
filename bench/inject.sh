#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/inject.sh - make an A/B copy of a result file with known changes,
# to measure what multiview finds: every EVERY-th benchmark (in order of
# first appearance) has its usecs/call multiplied by FACTOR in every
# pass; with -s, one pass of each such benchmark is also made 3x slower.
# The names changed are written to LIST.
prog=${0##*/}

usage() {
	cat <<EOF
usage: $prog [-e EVERY] [-f FACTOR] [-s] IN OUT LIST
  -e EVERY   change every EVERY-th benchmark (default 4)
  -f FACTOR  multiply its usecs/call by FACTOR (default 1.10)
  -s         and one of its passes (a different one for each) by 3
EOF
}

for a in "$@"; do
	case $a in --help) usage; exit 0 ;; esac
done
every=4
factor=1.10
spike=0
while getopts e:f:sh o; do
	case $o in
	e) every=$OPTARG ;;
	f) factor=$OPTARG ;;
	s) spike=1 ;;
	h)
		usage
		exit 0
		;;
	*)
		usage >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 3 ]; then
	usage >&2
	exit 2
fi
case $every in '' | *[!0-9]* | 0)
	printf '%s: -e %s: not a positive count\n' "$prog" "$every" >&2
	exit 2 ;;
esac
case $factor in '' | *[!0-9.]* | *.*.*)
	printf '%s: -f %s: not a number\n' "$prog" "$factor" >&2
	exit 2 ;;
esac

awk -v every="$every" -v factor="$factor" -v spike="$spike" \
    -v list="$3" '
function decimals(s,    p) {
	p = index(s, ".")
	return p ? length(s) - p : 0
}
/^[!#]/ || NF < 7 || $1 == "prc" || $4 !~ /^[0-9.]+$/ { print; next }
{
	if (!($1 in idx)) {
		idx[$1] = ++n
		if (n % every == 0)
			print $1 >list
	}
	k = ++pass[$1]
	i = idx[$1]
	if (i % every == 0) {
		v = $4 * factor
		# Each changed benchmark has its slow pass at another place.
		if (spike && k == (i / every) % 10 + 1)
			v *= 3
		$4 = sprintf("%." decimals($4) "f", v)
	}
	print
}' "$1" >"$2"
