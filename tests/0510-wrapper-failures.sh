#!/bin/sh
# A run that crashes, hangs past the time limit (even ignoring SIGTERM),
# exits 1, or prints no well-formed result line still gets its FAILED row
# and a "# FAILED: NAME: reason" line; the runs around it are unharmed;
# a row with errors is kept as it is; the wrapper exits 1.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

CC=${CC:-cc}
mkdir bin troot vroot
cp "$BIN/nop" bin/
cat >crash.c <<'EOF'
#include <signal.h>
#include <unistd.h>
int main(void) { (void)kill(getpid(), SIGSEGV); return 0; }
EOF
cat >hang.c <<'EOF'
#include <unistd.h>
int main(void) { for (;;) pause(); }
EOF
cat >stubborn.c <<'EOF'
#include <signal.h>
#include <unistd.h>
int main(void) { (void)signal(SIGTERM, SIG_IGN); for (;;) pause(); }
EOF
cat >exit1.c <<'EOF'
#include <stdio.h>
int main(void) { fputs("exit1: no can do\n", stderr); return 1; }
EOF
for p in crash hang stubborn exit1; do
	if ! "$CC" -o "bin/$p" "$p.c" 2>cc.err; then
		skip "cannot build test programs with $CC: $(head -1 cc.err)"
		done_testing
		exit 0
	fi
done
printf '#!/bin/sh\nexit 0\n' >bin/silent
printf '#!/bin/sh\necho "errs 1 1 1.00000 5 3 1"\n' >bin/errs
# A line of its name that is not a well-formed result line (lib/result.awk:
# samples is not a count) is no row; a well-formed one after it is.
printf '#!/bin/sh\necho "malformed 1 1 1.00000 5 x 1"\n' >bin/malformed
printf '#!/bin/sh\necho "%s"\necho "%s"\n' "twice 1 1 1.00000 five 0 1" \
    "twice 1 1 2.00000 5 0 1" >bin/twice
chmod +x bin/silent bin/errs bin/malformed bin/twice
tag=$$
cat >suite <<EOF
nop -N first
crash -N crash_1
hang -N hang_$tag
stubborn -N stubborn_$tag
exit1 -N exit1_1
silent -N silent
errs -N errs
malformed -N malformed
twice -N twice
nop -N last
EOF

# shellcheck disable=SC3045 # no core file from the crash, where it works
ulimit -c 0 2>/dev/null
# failed NAME REASON-PATTERN: one exact FAILED row, then its reason.
failed() {
	awk -v n="$1" -v re="$2" '
	$1 == n { rows++
		if ($0 != sprintf("%-12s %3d %3d %12.5f %12d %8d %8d %s", n,
		    0, 0, 0, 0, 1, 0, "FAILED")) bad = 1
		getline
		if (index($0, "# FAILED: " n ": ") != 1 || $0 !~ re) bad = 1 }
	END { exit bad || rows != 1 }' out
}
W=$LM_TOP/wrapper.sh
sh "$W" -Q -l 2 -b bin -s suite -t troot -d vroot -o out 2>err
rc=$?
check "the wrapper exits 1 (exit $rc)" test "$rc" -eq 1
check "first: clean row" result_ok first out
check "last: clean row, after the failures" result_ok last out

check "crash: FAILED, killed by SIGSEGV" \
    failed crash_1 'killed by signal 11 [(]SIGSEGV[)]$'
check "hang: FAILED, timed out" \
    failed "hang_$tag" 'timed out after 2 s$'
check "stubborn (ignores SIGTERM): FAILED, timed out" \
    failed "stubborn_$tag" 'timed out after 2 s$'
check "exit1: FAILED, exit status 1" \
    failed exit1_1 'exit status 1$'
check "exit1: its stderr kept as a comment" \
    grep -qx '# stderr: exit1: no can do' out
check "silent: FAILED, no result line" \
    failed silent 'no result line'
check "silent: its progress line says so, once it is known" \
    grep -q '^\[ *6/10\] silent .*FAILED: exit status 0 but no result line' err
check "malformed: FAILED, no result line" \
    failed malformed 'no result line for malformed$'
check "twice: its well-formed line is its row, kept with the other" sh -c \
    'grep -c "^twice " "$1" | grep -qx 2 && ! grep -q "^# FAILED: twice" "$1"' \
    sh out
check "errs: its own row kept, errors and all" sh -c \
    'grep -c "^errs " "$1" | grep -qx 1 &&
    grep -q "^errs 1 1 1.00000 5 3 1$" "$1" &&
    ! grep -q "^# FAILED: errs" "$1"' sh out
check "a failed run's argument line is written" \
    grep -q '^# bin/crash -E -C 5 .* -N crash_1$' out
check "progress says FAILED and why" \
    grep -q '^\[ *2/10\] crash_1 .*FAILED: killed by signal 11' err
check "the summary counts them" \
    grep -q '10 runs, 6 failed, 1 with errors' err
check "!Runs in the file counts them" \
    grep -q '^!Runs: .*10 (6 failed, 1 with errors)$' out
check "no hung program is left" sh -c \
    '! ps -e -o args= | grep -q "[_]$1"' sh "$tag"
check "the roots are removed" \
    test -z "$(ls -A troot)$(ls -A vroot)"
check "the header names the runner" \
    grep -q '^!Runner: *lmspawn ' out
done_testing
