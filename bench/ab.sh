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
# Passes alternate between the builds, A B B A A B ..., each a
# "wrapper.sh -r 1" of the subset in a shuffled order that is the same
# for A and B within a pass (seed SEED+k-1 for pass k), so drift in the
# machine's load lands on both builds alike.  The passes of one build
# are then joined into one result file, which multiview.sh reads as a
# set of passes (the Hodges-Lehmann shift of their logs, with its
# Mann-Whitney interval).

prog=${0##*/}
nl='
'

usage() {
	printf 'usage: %s [options]\n' "$prog"
	cat <<'EOF'
Build the suite twice side by side, run a subset on both builds with
interleaved passes, and compare them with multiview.sh (text and html).
  -e EXP    experiment: opt (-O2 against -Os, the default), static
            (dynamic against -static linking) or dirs (the case
            binaries of -A against those of -B, the whole suite)
  -A DIR    with -e dirs: the first directory of case binaries
  -B DIR    with -e dirs: the second one
  -r N      passes per build (default 5)
  -o DIR    output directory (default results/ab-EXP-YYYYMMDD-HHMMSS)
  -z SEED   shuffle seed of pass 1, an integer below 10^8; pass k uses
            SEED+k-1 (default: from the clock)
  -n GLOB   run the runs matching GLOB instead of the experiment's
            subset; repeatable
  -a OPTS   extra options for every run (wrapper.sh -a), e.g. '-R 1'
  -h        this help
Environment: CC (default cc), MAKE (default make).
Writes DIR/O2.txt and DIR/Os.txt (dynamic.txt and static.txt), the passes
under DIR/passes/, DIR/compare.txt and DIR/compare.html, and prints
the text comparison.
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
passes=5
out=
seed=
globs=
extra=
dir_a=
dir_b=
for a in "$@"; do
	case $a in -h | --help) usage; exit 0 ;; esac
done
while getopts ':A:B:a:e:hn:o:r:z:' opt; do
	case $opt in
	A) dir_a=$OPTARG ;;
	B) dir_b=$OPTARG ;;
	a) extra="$extra $OPTARG" ;;
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
[ ! -e "$out/passes" ] || bad "$out already holds passes; choose another -o"
mkdir -p "$out/passes" || die "cannot make $out/passes"
out=$(cd "$out" && pwd) || die "cannot enter $out"

# build NAME CFLAGS LDFLAGS: the cases into $tmp/bin-NAME.
build() {
	say "$prog: building $1: CFLAGS='$2' LDFLAGS='$3'"
	if ! (cd "$top" && "${MAKE:-make}" BIN="$tmp/bin-$1" CC="${CC:-cc}" \
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
	bin_a=$tmp/bin-$a
	bin_b=$tmp/bin-$b
fi

status=0

# pass NAME K: one wrapper.sh pass of the subset on build NAME.
pass() {
	if [ "$1" = "$a" ]; then bin=$bin_a; else bin=$bin_b; fi
	set -- -q -r 1 -z "$((seed + $2 - 1))" -b "$bin" \
	    -o "$out/passes/$1-$2.txt"
	[ -z "$extra" ] || set -- "$@" -a "$extra"
	IFS=$nl
	set -f
	for g in $globs; do
		set -- "$@" -n "$g"
	done
	set +f
	IFS=$ifs
	sh "$top/wrapper.sh" "$@" || status=1
}

k=1
while [ "$k" -le "$passes" ]; do
	# A B, B A, A B, ...: neither build always goes first.
	if [ $((k % 2)) -eq 1 ]; then
		first=$a second=$b
	else
		first=$b second=$a
	fi
	say "$prog: pass $k of $passes: $first, then $second"
	pass "$first" "$k"
	pass "$second" "$k"
	k=$((k + 1))
done

# merge NAME HOW: the passes of build NAME (made HOW) as one result file,
# headed by pass 1's header; the lines that describe the whole
# (passes, seeds, command, runs, time) are rewritten for the joined file.
merge() {
	k=1
	while [ "$k" -le "$passes" ]; do
		printf '%s\n' "$out/passes/$1-$k.txt"
		k=$((k + 1))
	done >"$tmp/files"
	awk -v n="$passes" -v seed="$seed" -v cmd="$argv" -v name="$1" \
	    -v built="$2" '
	function hdr(k, v) { printf "!%-15s %30s\n", k ":", v }
	function key(s) { s = substr(s, 2); sub(/:.*/, "", s); return s }
	function val(s) { sub(/^[^:]*: */, "", s); return s }
	{ file[++nf] = $0 }
	END {
		for (k = 1; k <= nf; k++) {
			body = 0
			while ((getline s < file[k]) > 0) {
				if (substr(s, 1, 1) != "!") {
					if (!body++)
						printf "# pass %d of %d\n", k, n
					print s
					continue
				}
				kk = key(s)
				if (kk == "Runs") {
					split(val(s), w, /[^0-9]+/)
					runs += w[1]; failed += w[2]; errs += w[3]
				} else if (kk == "Elapsed") {
					secs += val(s) + 0
				} else if (kk == "Load_avg_end") {
					loadend = val(s)
				} else if (kk == "Interrupted") {
					print s
				} else if (k > 1) {
					continue
				} else if (kk == "Command") {
					hdr(kk, cmd)
					hdr("AB_build", name ": " built)
				} else if (kk == "Passes") {
					hdr(kk, n " (one wrapper.sh -r 1 per " \
					    "pass, builds alternating)")
				} else if (kk == "Shuffle_seed") {
					hdr(kk, seed " (pass k: " seed "+k-1)")
				} else {
					print s
				}
			}
			close(file[k])
		}
		hdr("Load_avg_end", loadend)
		hdr("Runs", runs " (" failed " failed, " errs " with errors)")
		hdr("Elapsed", sprintf("%.1f s", secs))
	}' "$tmp/files" >"$out/$1.txt"
}
if [ "$exp" = dirs ]; then
	merge "$a" "the binaries of $bin_a"
	merge "$b" "the binaries of $bin_b"
else
	merge "$a" "make CFLAGS='$a_cflags' LDFLAGS='$a_ldflags'"
	merge "$b" "make CFLAGS='$b_cflags' LDFLAGS='$b_ldflags'"
fi

# The comparison, from inside DIR so that the columns are named A.txt
# and B.txt rather than by their full paths.
cd "$out" || die "cannot enter $out"
heading="$title, $passes interleaved passes each"
sh "$top/multiview.sh" -t "libmicro A/B: $heading" "$a.txt" "$b.txt" \
    >compare.txt || die "multiview.sh failed"
sh "$top/multiview.sh" -f html -t "libmicro A/B: $heading" "$a.txt" \
    "$b.txt" >compare.html || die "multiview.sh -f html failed"
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
