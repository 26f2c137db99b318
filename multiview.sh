#!/bin/sh
# SPDX-License-Identifier: MIT
#
# multiview.sh - compare libmicro result files: the percentage delta of
# every benchmark against a reference file, and whether each delta is
# signal or noise.  POSIX sh around a POSIX awk program made of the files
# of lib/mv/ (lib/mv/main.awk says how), which must print the same bytes
# under mawk and gawk.

LC_ALL=C
export LC_ALL
prog=${0##*/}

# The directory of the awk files: lib/ beside this script in the source
# tree, else share/libmicro/ beside the bin/ it is installed in.
findlib() {
	here=$(cd "$(dirname "$0")" && pwd) || die "cannot find my own directory"
	lib=$here/lib
	[ -f "$lib/mv/main.awk" ] || lib=$here/../share/libmicro
}

# The output formats are the files lib/mv/fmt-NAME.awk, one a format,
# each holding its renderer.  A file begins with its entry in the help:
#	# -f NAME, 2nd in the help:
#	#<tab>what it is for, on a line
#	#<tab>or more
# formats prints the entries in the order of their ranks (2nd), the
# name before the first line; formats names prints the names in that
# order, joined by ", ".
formats() {
	findlib
	# shellcheck disable=SC2016 # an awk program, run by $AWK
	"${AWK:-awk}" -v names="${1:-}" '
	FNR == 1 {
		n++
		name[n] = FILENAME
		sub(/.*\/fmt-/, "", name[n])
		sub(/[.]awk$/, "", name[n])
		rank[n] = 0
		text[n] = ""
		on = 0
	}
	/^# -f [^ ]+, [0-9]+[a-z]* in the help:$/ {
		rank[n] = $4 + 0
		on = 1
		next
	}
	on && /^#\t/ {
		text[n] = text[n] (text[n] == "" ? sprintf("%-8s  ", name[n]) : \
		    "\n          ") substr($0, 3)
		next
	}
	{ on = 0 }
	END {
		for (j = 1; j <= n; j++)
			idx[j] = j
		for (j = 2; j <= n; j++)
			for (k = j; k > 1 && rank[idx[k - 1]] > rank[idx[k]]; k--) {
				t = idx[k]
				idx[k] = idx[k - 1]
				idx[k - 1] = t
			}
		s = ""
		for (j = 1; j <= n; j++)
			if (names == "")
				print text[idx[j]] == "" ? name[idx[j]] : text[idx[j]]
			else
				s = s (j > 1 ? ", " : "") name[idx[j]]
		if (names != "")
			print s
	}' "$lib"/mv/fmt-*.awk
}

usage() {
	cat <<EOF
usage: $prog [options] REF CMP [CMP...]
       $prog -T [options] F1 F2 F3 [F4...]
       $prog -J [-u] [options] REF FILE

Compares libmicro result files (or Sun libMicro 0.4.1 ones) with the
reference REF.  For each benchmark, with a = REF usecs/call, b = the
compared usecs/call and f = b/a, the delta is -(f*100-100)% when f > 1
(slower) and 100/f-100% otherwise (faster): 2x slower is -100.0%, 2x
faster is +100.0%.  A benchmark repeated in one file (wrapper.sh -r N)
is a set of passes; the file's value is its passes' figure (-F).
An operand + joins the files on either side into one side (A1 + A2 +
A3: runs from three boots), their passes pooled.  An operand - is
standard input (once on a command line, -R - included; ./- is a file
named -), and a pipe, <(ssh host cat run.txt), is read as a path: each
is copied once into a directory under TMPDIR, removed on exit.

options:
  -a          text: the difference per call (usecs) after each delta
  -C          every count of every row (getrusage, -K counters) under
              it, changed or not, instead of those that changed
  -c LEVEL    confidence level of the intervals, in percent (default 95)
  -F FIGURE   a row's figure over its passes: auto (the default: the
              low window, the mean of the fastest 30% of passes, since
              the machine only adds time; the median where a file has
              fewer than 5 passes (10 in a table under 20 rows) or its
              faster passes fall in states a factor 2 apart), low, or
              median
  -f FORMAT   output format, one of:
$(formats | sed 's/^/              /')
  -g          the html forest plot in the table's row order (-s; with
              -o the suite's, section by section) instead of by size
  -i          text without the intervals: libMicro's multiview layout
  -J          judge FILE against REF, for git bisect run: exit 0 when no
              row is slower by more than the floor (-p), 1 when one is,
              125 when that cannot be told (an interval holds the floor,
              a suspect row, errors); 128 for bad usage or input.  Prints
              the rows that decided, with their deltas and intervals
  -k KEY      with -T, label the files by their !KEY header (such as
              OS_release) instead of their names
  -m NEW=OLD  compare the row NEW of the compared files with the row OLD
              of the reference (getppid=getpid); repeatable
  -n PCT      run-to-run spread assumed for a figure resting on one
              run, when no passes measure it (default 10); -n table:
              fitted on the table's rows (20 or more) instead
  -o          keep the reference file's order (same as -s ref)
  -P          paired: the files must be those of one session of
              wrapper.sh -V (else exit 2); they are compared pair by
              pair, which they are by default when they are
  -u          with -J, faster is bad: the change sought is a speed-up
  -U          unpaired: compare the files of one session as separate runs
  -p PCT      noise floor where the spread was measured (default 3):
              two runs of the suite, minutes apart, can differ by 1-5%
              as the machine drifts, which their passes cannot see
  -q Q        false discovery rate over the whole table (default 0.05)
  -R FILE     noise reference: a file of passes (wrapper.sh -r N) of the
              same machine, whose rows' pass-to-pass spread stands for
              the spread of a row resting on one pass; given three
              times or more (runs of the same programs, run as the
              compared runs are), the scatter of each row's figure
              over those runs is also its own between-run term
  -s ORDER    row order: name (default), ref (the reference's) or delta
              (the largest change in the first compared file first)
  -t TITLE    title of the html page (default "multiview comparison")
  -T          the files are a series in time order (at least three):
              where each benchmark changed, and by how much
  -w          no why lines: leave the files' profiles (wrapper.sh -G)
              unread
  -x          only the rows whose verdict is not noise somewhere
  -h, -?, --help   print this text
Options come before the files; -- ends them.

The delta, its interval and its verdict come from one estimator, on
the log of the values (ratios are what matter, and timings are skewed
to the right):
  Passes on both sides, figure low: the difference of the two sides'
  low windows (the mean of the log of the fastest 30% of passes, the
  side of more passes taken as the side of fewer would give it: the
  mean over every subset of that many), with Yuen's interval: each
  side's passes winsorized at the window's end, Student's t on Welch's
  degrees of freedom.  Time the machine adds in a few passes, or in
  most of them, leaves the fast passes alone.
  Passes on both sides, figure median: the Hodges-Lehmann shift, the median of all
  differences between the two sides' log pass values, which one
  disturbed pass cannot move far, with the interval of the Mann-Whitney
  test (exact up to 20 passes a side without ties, else normal with the
  tie correction).  The delta is significant when it leaves out 0.
  Otherwise (one pass on a side, or too few passes for the level): a
  noise model.  A side's variance is the run-to-run spread of the
  benchmark, measured from its passes in any file of the comparison
  (then with Student's t), else -n; plus, for a single run, the
  engine's own interval (-S); plus quantization: one clock step
  (TimerRes, or the run's clock resolution) over the batch, and the
  printed digits, so identical passes never mean no uncertainty.  A
  single run with no statistics, where nothing was measured: untested.
  The files of one session of wrapper.sh -V (one !Session, each file
  another variant), which ran each run of every variant back to back,
  by default (and with -F median; -F low compares the two sides' low
  windows as above): per benchmark the log ratios of its pairs, their Hodges-Lehmann
  estimate (the median of the Walsh averages) with the Wilcoxon
  signed-rank interval (Pratt's rule for zero ratios, mean ranks for
  ties), widened by quantization.  No floor (-p) for these rows: the
  floor stands for the drift between separate runs, which the pairs
  cancel.  Fewer than 6 pairs give no 95% interval: such a row is
  untested, marked !pairs.  Three or more variants: each against the
  first file given.
  Between separate runs, a figure moves by more than its passes show:
  with 20 or more rows with passes, the table measures that (most rows
  do not change: the between-run spread that makes the rows' log ratios,
  around their median, as spread as their intervals say) and each
  interval is widened by it; a shift of the whole table is not noise,
  but the summary says how far the whole file moved.  One pass on a
  side and nothing to measure the spread with, with -n table: the table
  gives it, fitted the same way around 0, so that a shift of the whole
  file counts as the noise of that run.
  Benjamini-Hochberg keeps the expected share of false discoveries
  among the significant deltas of the whole table at Q.

Text marks after a delta and its interval, as in [-7.7%]+-2.1*:
  *        significant: faster or slower for real
  =        small: significant, but within the floor (-p)
  ~        within noise: the interval holds 0; no change beyond its
           ends is there
  ?        within noise across the table, though the row's own interval
           leaves out 0 (Benjamini-Hochberg does not select it)
  (none)   not tested: no -S statistics and no passes
  !REASON  suspect, the interval itself may be wrong: states (the
           passes fall in two groups), missing (fewer passes than the
           file's other rows), few (few samples), statistic (the files
           hold different statistics), or an unknown warning; a wide
           spread only widens the interval
  [zero]   a value is 0, so there is no ratio
  ERRORS   the benchmark had errors (or FAILED) in that file
  unsupported  the system lacked the call or feature (not compared)
  missing  the benchmark is absent from that file
The html page colours significant deltas beyond +/-10%: green faster,
red slower, deeper beyond 25% and 100%; the others are grey on white.
csv and json give, per benchmark and file: value, passes, delta and
ratio with their interval, p, BH-adjusted q, method, verdict
(reference, faster, slower, small, noise, untested, zero, errors,
missing), the change the data excludes, and the warnings; json also
the value of each pass (its layout: doc/format.md, schema_version).
csv is one table, every line with every column, empty where there is
no value: its family column says what a line holds (time, a count's
family, why).

With -T each file (or files joined by +) is one point of the series:
the log of its figure, since runs minutes apart differ by more than
their passes do.  A benchmark is tested for a change anywhere: the
largest two-sample t over the places the series could split (two
files a side at least, but the last file may stand alone) and the t of
a linear trend, Bonferroni over them; Benjamini-Hochberg at -q over
the benchmarks.  For those selected, binary segmentation: each further
split must reach -q within its segment.  A line that fits as well with
fewer parameters (BIC) is reported as a drift, not as steps.  A step
is the change between the means of the segments around it, with its
interval from their residual spread (never below what the passes
show); within the floor (-p) it is small (=).  A step at the last file
alone could be one bad run, and is said to be.  Each step is "at" the
first file after it: it happened between that file and the one before.

Why lines: where both files of a comparison carry a profile of a row
(wrapper.sh -G) and its delta is significant, the functions whose time
per call moved, under the row (text but -i, html), in lines of family
why (csv), in the row (json) or in a section after the table (markdown):
  why (B.txt): +301.3 ns/call in all, 6000 and 6000 samples
  second_fn bench  <5.0 -> 300.6  +300.6 ns/call (new)
A function's time per call is its share of the samples (self: it was
the leaf) times the side's usecs/call; its difference, compared minus
reference (+ is slower), is tested against the spread of its shares
over the passes (at least the binomial one) and the uncertainty of the
figures (from the row's interval), Benjamini-Hochberg at -q over the
functions of the row; up to five of those that stand out are named,
the largest first.  (new) and (gone): listed on one side only, and
absent from the other's inclusive list too; (inclusive): listed on one
side only, but on the call chain on the other (inlining differs), so
compared by the samples that hold it anywhere on the chain; (moved):
one of its name, alone, is listed in another object on the other side
(a static link puts libc's functions in the program), shown as
OLD->NEW.  A side that does not list a function shows <X: below the
cut, at most X ns/call.  With fewer
than 1000 samples on a side, or no function that stands out, the why
says so.

Counts of a call: the getrusage lines of -S (rusage:cpu-usecs,
rusage:vol-ctx-sw, rusage:invol-ctx-sw, rusage:minor-faults) and each
-K event (page-faults, instructions:u...) of a row are families of
their own, compared where the reference and a compared file both hold
them as the time is (passes: Hodges-Lehmann and Mann-Whitney, else the
noise model; the floor), in one Benjamini-Hochberg family of their own,
out of the times' summary.  A count steps by one over the batch (-K)
or over the run's calls (getrusage): the interval is never narrower
than one step.  Where a pass is 0 the values are compared plus one
step; 0 everywhere on both sides is same.  Marks as for the times (+
is fewer); under the row those that changed (all with -C), in text
(not -i), html and markdown; csv lines of the family's name, json a
counts member; each summary says how many changed.  The html forest
plot draws those shown, a hollow diamond on a line under the row; its
histogram is of the times only.  -T reads no counts.

Header lines whose values differ between the files are listed first,
except those that always differ (date, time, uptime, load, command,
elapsed, runs, and a clock overhead within 5 ns).

Environment: AWK names the awk to run (default: awk); TMPDIR where the
copies of standard input and pipes go (default: /tmp).
Exit status: 0, or 2 for bad usage or unusable input; with -J, 0 good,
1 bad, 125 cannot tell, 128 bad usage or unusable input.
EOF
}

die() {
	printf '%s: %s\n' "$prog" "$1" >&2
	exit "$badst"
}

fmt=text
order=name
q=0.05
spread1=10
floorn=3
level=95
intervals=yes
onlyreal=no
forestrow=no
paired=auto
series=no
key=
absolute=no
why=yes
counts=changed
figure=auto
noiseref=
maps=
title="multiview comparison"
judge=
# Under -J a status from 1 to 127 would be a verdict (git bisect run
# takes 1 for bad): bad usage is 128, which stops the bisection.
badst=2
for a in "$@"; do
	case $a in
	--) break ;;
	-J) badst=128 ;;
	esac
done

setopt() {
	case $1 in
	-c) level=$2 ;;
	-f) fmt=$2 ;;
	-F) figure=$2 ;;
	-k) key=$2 ;;
	-n) spread1=$2 ;;
	-p) floorn=$2 ;;
	-q) q=$2 ;;
	-s) order=$2 ;;
	-t) title=$2 ;;
	-R)
		[ -n "$2" ] || die "-R: an empty file name"
		noiseref="$noiseref$2
"
		;;
	-m) maps="$maps$2
" ;;
	esac
}

# -h anywhere before -- is a request for help.
skip=
for a in "$@"; do
	if [ -n "$skip" ]; then
		skip=
		continue
	fi
	case $a in
	--) break ;;
	-h | -\? | --help)
		usage
		exit 0
		;;
	-[cfFkmnpqRst]) skip=1 ;;
	esac
done

while [ $# -gt 0 ]; do
	case $1 in
	-o) order=ref ;;
	-i) intervals=no ;;
	-x) onlyreal=yes ;;
	-g) forestrow=yes ;;
	-P) paired=yes ;;
	-U) paired=no ;;
	-J) judge=${judge:-slower} ;;
	-u) judge=faster ;;
	-T) series=yes ;;
	-a) absolute=yes ;;
	-w) why=no ;;
	-C) counts=all ;;
	-c | -f | -F | -k | -m | -n | -p | -q | -R | -s | -t)
		[ $# -ge 2 ] || die "$1: missing argument"
		setopt "$1" "$2"
		shift
		;;
	-[cfFkmnpqRst]?*) setopt "${1%"${1#-?}"}" "${1#-?}" ;;
	--)
		shift
		break
		;;
	-?*) die "$1: unknown option (see -h)" ;;
	*)
		for a in "$@"; do
			case $a in
			-?*) die "$a: options come before the files (see -h)" ;;
			esac
		done
		break
		;;
	esac
	shift
done

# Operands: files, and + between two of them; - is standard input, once
# on a command line (an operand or -R).
nside=0
nstdin=0
prev=+
for f in "$@"; do
	if [ "$f" = + ]; then
		[ "$prev" != + ] || die "+: joins two files (see -h)"
		prev=+
		continue
	fi
	[ "$prev" = + ] && [ "$nside" -gt 0 ] || nside=$((nside + 1))
	prev=$f
	[ "$f" != - ] || nstdin=$((nstdin + 1))
done
[ "$prev" != + ] || [ $# -eq 0 ] || die "+: joins two files (see -h)"
oifs=$IFS
IFS='
'
set -f
for f in $noiseref; do
	[ "$f" != - ] || nstdin=$((nstdin + 1))
done
set +f
IFS=$oifs
[ "$nstdin" -le 1 ] || die "-: standard input given twice; it can be read once"
[ "$nstdin" -eq 0 ] || [ ! -t 0 ] || die "-: standard input is a terminal"
if [ "$series" = yes ]; then
	[ "$nside" -ge 3 ] || die "-T: a series needs at least three files (see -h)"
else
	[ "$nside" -ge 2 ] ||
	    die "need a reference file and at least one file to compare (see -h)"
	[ -z "$key" ] || die "-k: labels the files of a series (-T)"
fi

# -J: one file against the reference, judged by judge.awk in place of a
# renderer.
if [ -n "$judge" ]; then
	[ "$badst" -eq 128 ] || die "-u: only with -J (see -h)"
	[ "$series" = no ] || die "-J: judges one file, not a series (-T)"
	[ "$nside" -eq 2 ] || die "-J: judges one FILE against REF (see -h)"
	[ "$fmt" = text ] || die "-J: prints its own report, in no -f format"
fi
MV_JUDGE=$judge
export MV_JUDGE

# The program: lib/result.awk, then the files of lib/mv/ with the one
# renderer of -f, main.awk last (or the same in share/libmicro when
# installed).  It reads the files itself with getline, in BEGIN, so an
# operand that looks like an assignment (a=b.txt) is never taken for
# one; options come through the environment, which awk does not
# unescape.
findlib
for f in result.awk mv/num.awk mv/read.awk mv/model.awk mv/noise.awk \
    mv/paired.awk mv/why.awk mv/counts.awk mv/show.awk mv/series.awk mv/main.awk; do
	[ -r "$lib/$f" ] || die "cannot read $lib/$f"
done
# A format is known when its file is there.
case $fmt in
'' | *[!A-Za-z0-9_-]*) fmtfile= ;;
*) fmtfile=$lib/mv/fmt-$fmt.awk ;;
esac
if [ -z "$fmtfile" ] || [ ! -f "$fmtfile" ]; then
	die "-f $fmt: unknown format ($(formats names))"
fi
[ -r "$fmtfile" ] || die "cannot read $fmtfile"
# The renderer of a series (-T) in that format.
serfile=$lib/mv/series-$fmt.awk
[ -r "$serfile" ] || die "cannot read $serfile"
# -J: judge.awk stands in for both renderers.
if [ -n "$judge" ]; then
	fmtfile=$lib/mv/judge.awk
	serfile=/dev/null
	[ -r "$fmtfile" ] || die "cannot read $fmtfile"
fi


# Standard input and a pipe (a FIFO, or /dev/fd/N from a process
# substitution) give their bytes once, and the files are read more than
# once (here, then by the program; -R's twice): each is copied, once,
# into a file of a private directory, removed on every exit.  The
# program reads the copy and names the input as given (- as stdin):
# MV_COPIES holds KEY=NAME for each, KEY the operand's place (rJ for
# the J-th -R), NAME the copy's in MV_TMP.
tmp=
copies=
# copyin KEY PATH: PATH (- for standard input) into a new copy, $copy.
copyin() {
	if [ -z "$tmp" ]; then
		tmp=$(mktemp -d "${TMPDIR:-/tmp}/multiview.XXXXXX") ||
		    die "cannot make a temporary directory"
		trap 'rm -rf "$tmp"' EXIT
		trap 'exit 129' HUP
		trap 'exit 130' INT
		trap 'exit 143' TERM
	fi
	copy=$(mktemp "$tmp/in.XXXXXX") || die "cannot make a temporary file"
	if [ "$2" = - ]; then
		cat 2>/dev/null >"$copy" || die "stdin: cannot read"
	else
		cat 2>/dev/null <"$2" >"$copy" || die "$2: cannot read"
	fi
	copies="$copies $1=${copy##*/}"
}

# usable PATH LABEL [-R]: PATH, named LABEL, can be read and is not empty.
usable() {
	if [ -d "$1" ]; then
		die "${3:+-R }$2: is a directory"
	elif [ "$2" = stdin ] && [ ! -s "$1" ]; then
		die "stdin: empty"
	elif [ -n "${3:-}" ] && { [ ! -r "$1" ] || [ ! -s "$1" ]; }; then
		die "-R $2: no such file, unreadable or empty"
	elif [ ! -e "$1" ]; then
		die "$2: no such file"
	elif [ ! -r "$1" ]; then
		die "$2: permission denied"
	elif [ ! -s "$1" ]; then
		die "$2: empty file"
	fi
}

k=0
for f in "$@"; do
	k=$((k + 1))
	[ "$f" != + ] || continue
	if [ "$f" = - ]; then
		copyin "$k" -
		usable "$copy" stdin
	elif [ -p "$f" ]; then
		copyin "$k" "$f"
		usable "$copy" "$f"
	else
		usable "$f" "$f"
	fi
done
k=0
oifs=$IFS
IFS='
'
set -f
for f in $noiseref; do
	k=$((k + 1))
	if [ "$f" = - ]; then
		copyin "r$k" -
		usable "$copy" stdin -R
	elif [ -p "$f" ]; then
		copyin "r$k" "$f"
		usable "$copy" "$f" -R
	else
		usable "$f" "$f" -R
	fi
done
set +f
IFS=$oifs

MV_PROG=$prog MV_ORDER=$order MV_TITLE=$title
MV_Q=$q MV_SPREAD1=$spread1 MV_FLOORN=$floorn MV_LEVEL=$level
MV_INTERVALS=$intervals MV_ONLYREAL=$onlyreal MV_FORESTROW=$forestrow
MV_SERIES=$series MV_KEY=$key MV_PAIRED=$paired
MV_NOISEREF=$noiseref MV_ABS=$absolute MV_MAP=$maps MV_WHY=$why
MV_COUNTS=$counts MV_TMP=$tmp MV_COPIES=$copies
MV_FIGURE=$figure
export MV_PROG MV_ORDER MV_TITLE MV_Q MV_SPREAD1 MV_FLOORN MV_LEVEL \
    MV_INTERVALS MV_ONLYREAL MV_FORESTROW MV_SERIES MV_KEY MV_NOISEREF \
    MV_ABS MV_MAP MV_PAIRED MV_WHY MV_COUNTS MV_TMP MV_COPIES MV_FIGURE
# Not exec: the copies go when the program has read them.
"${AWK:-awk}" -f "$lib/result.awk" -f "$lib/mv/num.awk" \
    -f "$lib/mv/read.awk" -f "$lib/mv/model.awk" -f "$lib/mv/noise.awk" \
    -f "$lib/mv/paired.awk" -f "$lib/mv/why.awk" -f "$lib/mv/counts.awk" \
    -f "$lib/mv/show.awk" \
    -f "$fmtfile" -f "$lib/mv/series.awk" -f "$serfile" \
    -f "$lib/mv/main.awk" -- "$@"
exit
