#!/bin/sh
# The runner (bin/.lmspawn) starts the runs, so the wrapper's shell forks
# nothing per run: 24 runs cost it no more forks than 8, give or take the
# flush of the finished rows every 32 runs.  A wrapper with no runner
# beside it says so in one line and exits 2.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

mkdir bin troot vroot
cp "$BIN/nop" bin/
awk 'BEGIN { for (i = 1; i <= 8; i++) print "nop -N nop_" i }' >s8
awk 'BEGIN { for (i = 1; i <= 24; i++) print "nop -N nop_" i }' >s24

# A copy of the wrapper and its lib/, with no bin/.lmspawn beside it.
mkdir norunner
cp "$LM_TOP/wrapper.sh" norunner/ && cp -R "$LM_TOP/lib" norunner/
check "no runner: exit 2, one line saying so" \
    usage_fails sh norunner/wrapper.sh -Q -q -b bin -s s8 -t troot -d vroot
check "... naming the runner" grep -q 'no runner bin/\.lmspawn' lm_err

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

# forks SUITE: the processes the wrapper's own shell starts.
forks() {
	strace -f -qq -e trace=fork,vfork,clone,clone3 -o "tr.$$" \
	    sh "$LM_TOP/wrapper.sh" -Q -q -r 1 -b bin -s "$1" -t troot \
	    -d vroot -o "out.$1" 2>/dev/null || return 1
	awk 'NR == 1 { top = $1 } $1 == top && /= [0-9]+$/ { n++ }
	    END { print n + 0 }' "tr.$$"
}
f8=$(forks s8)
f24=$(forks s24)
check "both runs clean" sh -c '
    grep -q "^!Runs: .*8 (0 failed, 0 with errors)" out.s8 &&
    grep -q "^!Runs: .*24 (0 failed, 0 with errors)" out.s24'
check "the header names the runner" grep -q '^!Runner: *lmspawn ' out.s24
check "24 runs fork no more than 8 ($f8, $f24)" \
    test -n "$f8" -a -n "$f24" -a "$((f24 - f8))" -le 2
for n in 8 24; do
	check "$n rows, named as in the suite" test "$(awk \
	    '$1 ~ /^nop_[0-9]+$/ && $4 > 0 && $6 == 0' "out.s$n" | wc -l)" \
	    -eq "$n"
done
check "the roots are removed" test -z "$(ls -A troot)$(ls -A vroot)"
done_testing
