#!/bin/sh
# The runner (bin/.lmspawn) starts the runs, so the wrapper's shell forks
# nothing per run: 24 runs cost it no more forks than 8, give or take the
# flush of the finished rows every 32 runs.  A copy of the wrapper with no
# runner beside it forks once a run.  Both give the same rows.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

if ! command -v strace >/dev/null 2>&1; then
	skip "no strace: the wrapper's forks are not counted"
	done_testing
	exit 0
fi
if ! strace -f -o /dev/null true >/dev/null 2>&1; then
	skip "strace cannot trace here (ptrace not permitted)"
	done_testing
	exit 0
fi
mkdir bin troot vroot
cp "$BIN/nop" bin/
check "a copy of the wrapper without the runner" no_runner_wrapper
awk 'BEGIN { for (i = 1; i <= 8; i++) print "nop -N nop_" i }' >s8
awk 'BEGIN { for (i = 1; i <= 24; i++) print "nop -N nop_" i }' >s24

# forks WRAPPER SUITE: the processes the wrapper's own shell starts.
forks() {
	strace -f -qq -e trace=fork,vfork,clone,clone3 -o "tr.$$" \
	    sh "$1" -Q -q -r 1 -b bin -s "$2" -t troot -d vroot \
	    -o "out.${1##*/}.${2}" 2>/dev/null || return 1
	awk 'NR == 1 { top = $1 } $1 == top && /= [0-9]+$/ { n++ }
	    END { print n + 0 }' "tr.$$"
}
for mode in lmspawn shell; do
	W=$(wrapper_in "$mode")
	f8=$(forks "$W" s8)
	f24=$(forks "$W" s24)
	check "$mode: both runs clean" sh -c '
	    grep -q "^!Runs: .*8 (0 failed, 0 with errors)" "$1" &&
	    grep -q "^!Runs: .*24 (0 failed, 0 with errors)" "$2"' sh \
	    "out.wrapper.sh.s8" "out.wrapper.sh.s24"
	check "$mode: the header names the runner" \
	    grep -q "^!Runner: *$mode " out.wrapper.sh.s24
	case $mode in
	lmspawn) check "$mode: 24 runs fork no more than 8 ($f8, $f24)" \
		test -n "$f8" -a -n "$f24" -a "$((f24 - f8))" -le 2 ;;
	*) check "$mode: a fork a run ($f8 for 8 runs, $f24 for 24)" \
		test -n "$f8" -a -n "$f24" -a "$((f24 - f8))" -ge 16 ;;
	esac
	for n in 8 24; do
		check "$mode: $n rows, named as in the suite" test "$(awk \
		    '$1 ~ /^nop_[0-9]+$/ && $4 > 0 && $6 == 0' \
		    "out.wrapper.sh.s$n" | wc -l)" -eq "$n"
	done
done
check "the roots are removed" test -z "$(ls -A troot)$(ls -A vroot)"
done_testing
