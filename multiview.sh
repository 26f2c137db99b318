#!/bin/sh
# SPDX-License-Identifier: MIT
#
# multiview.sh - compare libmicro result files: the percentage delta of
# every benchmark against a reference file, and whether each delta is
# signal or noise.  POSIX sh around one POSIX awk program,
# lib/multiview.awk, which must print the same bytes under mawk and gawk.

LC_ALL=C
export LC_ALL
prog=multiview.sh

usage() {
	cat <<'EOF'
usage: multiview.sh [options] REF CMP [CMP...]

Compares libmicro result files (or Sun libMicro 0.4.1 ones) with the
reference REF.  For each benchmark, with a = REF usecs/call, b = the
compared usecs/call and f = b/a, the delta is -(f*100-100)% when f > 1
(slower) and 100/f-100% otherwise (faster): 2x slower is -100.0%, 2x
faster is +100.0%.  A benchmark repeated in one file (wrapper.sh -r N)
is a set of passes; the file's value is the median of its passes.

options:
  -f FORMAT   output format: text (default), html, csv or json
  -o          keep the reference file's order (default: sort by name)
  -q Q        false discovery rate over the whole table (default 0.05)
  -n PCT      run-to-run spread assumed for a figure resting on one
              run (default 10)
  -p PCT      noise floor for comparisons with passes on both sides
              (default 3): two runs of the suite, minutes apart, can
              differ by 1-5% as the machine drifts, which their
              passes cannot see
  -t TITLE    title of the html page (default "multiview comparison")
  -h, -?, --help   print this text
Options come before the files; -- ends them.

Signal or noise:
  With two or more passes in both files: Welch's t-test on the log of
  the per-pass values.  Log, because ratios are what matter: 10% is the
  same change at 0.1 and at 1000 usecs, and timings are skewed to the
  right.  Not Mann-Whitney: with 3 passes a side its smallest two-sided
  p is 0.1, so it could never fire.
  With one pass: the statistics block each run printed (-S).  The
  standard error of the median is the half-width of its 99% confidence
  interval / 2.576 (Sun files: 1.2533 x the standard error of the mean),
  and a z-test is made on the log ratio; a side with passes uses their
  spread, and an interval from fewer than 10 kept samples is not used.
  A run's own interval cannot see run-to-run variation (another CPU,
  another page layout), so a side resting on one run also gets a
  run-to-run spread of -n percent: with the default 10, two single
  runs must differ by about 30% to count.
  Benjamini-Hochberg keeps the expected share of false discoveries
  among the significant deltas of the whole table at Q: an A/A pair of
  260 benchmarks would otherwise "find" a dozen changes.

Text marks after a delta:
  *        significant: faster or slower for real
  ~        within noise
  (none)   not tested: no -S statistics and no passes
  !        suspect: a kind of warning (-W) came from over half of the
           passes in either file, or the passes are over 10% apart
  [zero]   a value is 0, so there is no ratio
  ERRORS   the benchmark had errors (or FAILED) in that file
  missing  the benchmark is absent from that file
The html page colours deltas beyond +/-10%: green faster, red slower,
deeper beyond 25% and 100%; deltas within noise are grey on white.
csv and json give, per benchmark and file: value, passes, delta,
ratio, p, BH-adjusted q, verdict (reference, faster, slower, noise,
untested, zero, errors, missing) and the warnings.

Header lines whose values differ between the files are listed first,
except the date, time, uptime and load keys, which always differ.

Environment: AWK names the awk to run (default: awk).
Exit status: 0, or 2 for bad usage or unusable input.
EOF
}

die() {
	printf '%s: %s\n' "$prog" "$1" >&2
	exit 2
}

fmt=text
order=name
q=0.05
spread1=10
floorn=3
title="multiview comparison"

setopt() {
	case $1 in
	-f) fmt=$2 ;;
	-n) spread1=$2 ;;
	-p) floorn=$2 ;;
	-q) q=$2 ;;
	-t) title=$2 ;;
	esac
}

while [ $# -gt 0 ]; do
	case $1 in
	-h | -\? | --help)
		usage
		exit 0
		;;
	-o) order=ref ;;
	-f | -n | -p | -q | -t)
		[ $# -ge 2 ] || die "$1: missing argument"
		setopt "$1" "$2"
		shift
		;;
	-[fnpqt]?*) setopt "${1%"${1#-?}"}" "${1#-?}" ;;
	--)
		shift
		break
		;;
	-?*) die "$1: unknown option (see -h)" ;;
	*) break ;;
	esac
	shift
done

[ $# -ge 2 ] ||
	die "need a reference file and at least one file to compare (see -h)"
for f in "$@"; do
	if [ -d "$f" ]; then
		die "$f: is a directory"
	elif [ ! -e "$f" ]; then
		die "$f: no such file"
	elif [ ! -r "$f" ]; then
		die "$f: permission denied"
	elif [ ! -s "$f" ]; then
		die "$f: empty file"
	fi
done

# The program (lib/multiview.awk, or share/libmicro/multiview.awk when
# installed) reads the files itself with getline, in BEGIN, so an
# operand that looks like an assignment (a=b.txt) is never taken for
# one; options come through the environment, which awk does not
# unescape.
here=$(cd "$(dirname "$0")" && pwd) || die "cannot find my own directory"
lib=$here/lib
[ -f "$lib/multiview.awk" ] || lib=$here/../share/libmicro
[ -r "$lib/multiview.awk" ] || die "cannot read $lib/multiview.awk"

MV_FORMAT=$fmt MV_ORDER=$order MV_TITLE=$title
MV_Q=$q MV_SPREAD1=$spread1 MV_FLOORN=$floorn
export MV_FORMAT MV_ORDER MV_TITLE MV_Q MV_SPREAD1 MV_FLOORN
exec "${AWK:-awk}" -f "$lib/multiview.awk" -- "$@"
