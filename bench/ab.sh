#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/ab.sh - a real A/B comparison, the way the suite is meant to be
# used: build the cases twice side by side, run a subset chosen for the
# question on both builds, pass by pass, and compare the two with
# multiview.sh in text and html.  Not a test: the numbers are the
# machine's.  Usage: sh bench/ab.sh [-e opt|static] [-r passes] ... (-h)
#
# Experiment "opt" (default): gcc -O2 against -Os, the same cases built
# twice.  The flags change only code compiled here: the engine's loop
# around each batch (amortised over the batch, so invisible) and each
# case's own timed loop.  Most runs time a libc or kernel routine built
# long ago with its own flags, so they are the controls and should not
# move: memmove, strlen, strchr, strcmp, strtol, lrand48, malloc,
# mutex, log, exp, getpid, siglongjmp.  What may move: memcpy and
# memset, because -Os expands memcpy(d, s, n) and memset(d, c, n) of
# unknown n inline as "rep movsb"/"rep stosb" instead of calling glibc's
# vector routines: slower for short blocks, close from a few KB on;
# select, whose fd_set copies before each call become "rep movsl" (a
# small part of a system call); and the loops that are all our own
# code: recurse (gcc emits the same instructions at both levels, only
# the alignment differs), longjmp, memrand (pointer chasing, memory
# bound) and cachetocache (bound by the cache line's trips).  -Os also
# drops the alignment of functions, loops and jump targets, so a tight
# loop around a 1-10 ns libc call can shift by a few percent either way
# without any change in the code that does the work.
#
# Experiment "static": the same -O2 build, linked dynamically against
# -static (every case and helper, exec_bin among them).  A
# static program has no dynamic loader to run at exec and far fewer
# mappings to copy and tear down, so exec (of exec_bin, linked the same
# way), fork and exit should get faster; pthread_create may change with
# the TLS set-up.  Calls into libc go through the PLT when dynamic and
# are direct (or through IRELATIVE slots for IFUNCs) when static, a
# nanosecond or less; malloc keeps its per-thread cache in TLS, reached
# through the initial-exec model when dynamic and local-exec when static.
# Controls: system() (glibc spawns /bin/sh with posix_spawn, and /bin/sh
# keeps its own linking: system() times /bin/sh's linking, not
# the caller's), getpid (a system call), gettimeofday and clock_gettime
# (the vDSO in both: a static program that missed it would be many times
# slower), strlen, strchr, memcpy, strtol, lrand48, localtime_r, log,
# exp.  Beware: a static link also moves libc's code to other addresses,
# and a tight loop inside libc can change by tens of percent from its
# placement alone (32-byte boundaries and the like).  Here strtol came
# out 32% slower static, and linking one 16-byte function before libc.a
# brought it back to the dynamic time: placement, not linking.
#
# Experiment "dirs": two case directories built elsewhere (-A and -B,
# say the tree before and after a change to the cases' code), over the
# whole suite unless -n narrows it.  Nothing is built, and every run
# may move.
#
# The two builds are two variants of one wrapper.sh session (-V): each
# run of each pass runs on A and on B back to back, in an order drawn
# per pair, so the machine's noise, which is correlated over a second or
# so, lands on both alike; multiview.sh compares the two files pair by
# pair.  The builds go into the source tree (bin-O2, bin-Os, bin-dynamic,
# bin-static: make BIN=...), so that a result's Bin_dir can be run again.

prog=${0##*/}
nl='
'

usage() {
	printf 'usage: %s [options]\n' "$prog"
	cat <<'EOF'
Build the suite twice side by side, run a subset on both builds as the
two variants of one wrapper.sh -V session, and compare them pair by
pair with multiview.sh (text and html).
  -e EXP    experiment: opt (-O2 against -Os, the default), static
            (dynamic against -static linking) or dirs (the case
            binaries of -A against those of -B, the whole suite)
  -A DIR    with -e dirs: the first directory of case binaries
  -B DIR    with -e dirs: the second one
  -r N      passes (default 10)
  -o DIR    output directory (default results/ab-EXP-YYYYMMDD-HHMMSS)
  -z SEED   shuffle seed (wrapper.sh -z), an integer below 10^8
            (default: from the clock)
  -n GLOB   run the runs matching GLOB instead of the experiment's
            subset; repeatable
  -a OPTS   extra options for every run (wrapper.sh -a), e.g. '-R 1'
  -G        profile passes too (wrapper.sh -G): the comparison then
            says which functions a changed row's time moved to
  -h        this help
Environment: CC (default cc), MAKE (default make).
Builds into bin-O2 and bin-Os (bin-dynamic and bin-static) in the
source tree; writes DIR/ab.O2 and DIR/ab.Os (ab.dynamic and ab.static,
ab.A and ab.B), DIR/compare.txt and DIR/compare.html, and prints the
text comparison.
Exit status: 0; 1 a build failed, or a run failed or had errors (the
comparison is still made); 2 bad usage.
EOF
}

bad() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
}

say() { printf '%s\n' "$*" >&2; }

is_uint() {
	case $1 in '' | *[!0-9]*) return 1 ;; esac
}

argv="bench/ab.sh $*"
exp=opt
passes=10
out=
seed=
globs=
extra=
profile=
dir_a=
dir_b=
for a in "$@"; do
	case $a in -h | --help) usage; exit 0 ;; esac
done
while getopts ':A:B:a:e:Ghn:o:r:z:' opt; do
	case $opt in
	A) dir_a=$OPTARG ;;
	B) dir_b=$OPTARG ;;
	a) extra="$extra $OPTARG" ;;
	G) profile=-G ;;
	e) exp=$OPTARG ;;
	h) usage; exit 0 ;;
	n) globs="$globs$OPTARG$nl" ;;
	o) out=$OPTARG ;;
	r) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 3 ] ||
	       [ "$OPTARG" -lt 1 ]; then
		bad "-r wants a count from 1 to 999: $OPTARG"
	   fi
	   passes=$OPTARG ;;
	z) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 8 ]; then
		bad "-z wants an integer below 10^8: $OPTARG"
	   fi
	   seed=$OPTARG ;;
	:) bad "option -$OPTARG needs a value (try -h)" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   bad "unknown option -$OPTARG (try -h)" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || bad "no operands expected: $1 (try -h)"

case $exp in
opt)
	a=O2 a_cflags='-O2 -g' a_ldflags=
	b=Os b_cflags='-Os -g' b_ldflags=
	title='gcc -O2 against -Os'
	moving='memcpy_10 memcpy_1k memcpy_10k memset_10 memset_1k
	    memset_4k select_10 select_100 recurse longjmp memrand
	    cachetocache'
	controls='memmove_10 memmove_1k strlen_1k strchr_10 strcmp_10
	    strtol lrand48 malloc_10 mutex_st log exp getpid siglongjmp'
	;;
static)
	a=dynamic a_cflags='-O2 -g' a_ldflags=
	b=static b_cflags='-O2 -g' b_ldflags=-static
	title='dynamic against static linking (-O2)'
	moving='exec fork_10 fork_100 exit_10 exit_100 exit_10_nolibc
	    pthread_8 pthread_32 malloc_10 mutex_st c_mutex_1 getenv'
	controls='system getpid gettimeofday clock_gettime_mono strlen_10
	    strchr_10 memcpy_10 strtol lrand48 localtime_r log exp'
	;;
dirs)
	if [ -z "$dir_a" ] || [ -z "$dir_b" ]; then
		bad "-e dirs needs -A and -B"
	fi
	for d in "$dir_a" "$dir_b"; do
		[ -x "$d/getpid" ] || bad "$d: no case binaries (no getpid)"
	done
	a=A
	b=B
	title="$dir_a against $dir_b"
	moving='*'
	controls=
	;;
*) bad "-e $exp: unknown experiment (opt, static or dirs)" ;;
esac
[ "$exp" = dirs ] || [ -z "$dir_a$dir_b" ] || bad "-A and -B go with -e dirs"
moving=$(printf '%s\n' "$moving" | awk '{ $1 = $1; print }' ORS=' ')
moving=${moving% }
controls=$(printf '%s\n' "$controls" | awk '{ $1 = $1; print }' ORS=' ')
controls=${controls% }
custom=$globs
[ -n "$globs" ] || globs=$(echo "$moving $controls" | tr ' ' '\n')$nl
if [ -z "$seed" ]; then
	seed=$(( ($(date +%s 2>/dev/null || echo 0) + $$) % 100000000 ))
fi

top=$(cd "$(dirname "$0")/.." && pwd) || bad "cannot find the source tree"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmab.XXXXXX") || die "cannot make a temp dir"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

# Every glob must name a run of the suite: a typo would quietly shrink
# the comparison.
awk 'NF && $1 !~ /^#/ {
	n = $1
	for (i = 2; i < NF; i++) if ($i == "-N") n = $(i + 1)
	print n
}' "$top/cases/suite" >"$tmp/names"
ifs=$IFS
IFS=$nl
set -f
for g in $globs; do
	found=
	while IFS= read -r n; do
		# shellcheck disable=SC2254 # g is a glob on purpose
		case $n in $g) found=1; break ;; esac
	done <"$tmp/names"
	[ -n "$found" ] || bad "no run of cases/suite matches $g"
done
set +f
IFS=$ifs

[ -n "$out" ] || out=$top/results/ab-$exp-$(date +%Y%m%d-%H%M%S)
[ ! -e "$out/ab.$a" ] || bad "$out already holds ab.$a; choose another -o"
mkdir -p "$out" || die "cannot make $out"
out=$(cd "$out" && pwd) || die "cannot enter $out"

# build NAME CFLAGS LDFLAGS: the cases into bin-NAME in the source tree.
build() {
	say "$prog: building $1: make BIN=bin-$1 CFLAGS='$2' LDFLAGS='$3'"
	if ! (cd "$top" && "${MAKE:-make}" BIN="bin-$1" CC="${CC:-cc}" \
	    CFLAGS="$2" LDFLAGS="$3" all) >"$tmp/build-$1.log" 2>&1; then
		tail -n 20 "$tmp/build-$1.log" >&2
		die "the $1 build failed"
	fi
}
if [ "$exp" = dirs ]; then
	bin_a=$(cd "$dir_a" && pwd) || die "cannot enter $dir_a"
	bin_b=$(cd "$dir_b" && pwd) || die "cannot enter $dir_b"
else
	build "$a" "$a_cflags" "$a_ldflags"
	build "$b" "$b_cflags" "$b_ldflags"
	bin_a=$top/bin-$a
	bin_b=$top/bin-$b
fi

status=0
set -- -q -r "$passes" -z "$seed" -V "$a=$bin_a" -V "$b=$bin_b" \
    -o "$out/ab"
[ -z "$extra" ] || set -- "$@" -a "$extra"
[ -z "$profile" ] || set -- "$@" "$profile"
IFS=$nl
set -f
for g in $globs; do
	set -- "$@" -n "$g"
done
set +f
IFS=$ifs
say "$prog: $passes passes, $a and $b side by side, run by run"
sh "$top/wrapper.sh" "$@" || status=1

# The comparison, from inside DIR so that the columns are named ab.A
# and ab.B rather than by their full paths.
cd "$out" || die "cannot enter $out"
heading="$title, $passes passes, paired run by run"
sh "$top/multiview.sh" -t "libmicro A/B: $heading" "ab.$a" "ab.$b" \
    >compare.txt || die "multiview.sh failed"
sh "$top/multiview.sh" -f html -t "libmicro A/B: $heading" "ab.$a" \
    "ab.$b" >compare.html || die "multiview.sh -f html failed"
{
	echo "A/B: $heading ($argv)"
	echo
	cat compare.txt
	if [ -z "$custom" ]; then
		echo
		echo "runs that may move: $moving"
		echo "controls, expected not to move: $controls"
	fi
	echo
	echo "results in $out (compare.txt, compare.html)"
} | tee about.txt
exit "$status"
