#!/bin/sh
# bench/suncompat.sh on a directory laid out as Sun libMicro 0.4.1's
# sources are, holding our own Sun-style fixture cases: it builds every
# case of the Linux list against this tree's engine, turns the bench
# script's here-document into a suite (no $OPTS, no quotes, a line whose
# case was not built left out and named) and runs it through the wrapper
# in quick mode, every run clean.  A case that does not compile is named
# and makes the exit status 1.
# shellcheck disable=SC2016 # single quotes: literal $OPTS and awk
. "$LM_TOP/tests/lib.sh"

TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" sun || exit 1
for f in sun_initrun sun_initworker sun_barrier sun_operands; do
	cp "$LM_TOP/tests/fixtures/$f.c" sun/ || exit 1
done
printf 'ALL=\t\\\n\tsun_initrun\t\\\n\tsun_initworker\t\\\n\tsun_barrier\t\\\n\tsun_operands\t\\\n\tsun_elided\n' \
    >sun/Makefile.benchmarks
printf 'ELIDED_BENCHMARKS=\t\\\n\tsun_elided\n' >sun/Makefile.Linux
{
	echo '#!/bin/sh'
	echo 'OPTS="-E -C 200 -L -S -W"'
	printf 'while read A B\ndo\n\t:\ndone <<.\n'
	echo '# a comment line'
	printf '%s\n' 'sun_initrun	$OPTS -N "sb_initrun"	-I 100 -B 0' \
	    'sun_initworker	$OPTS -N "sb_initworker"	-P 2 -T 2' \
	    'sun_barrier	$OPTS -N "sb_barrier"	-B 0 -P 2' \
	    'sun_operands	$OPTS -N "sb_operands"	-I 100	$TDIR1 $TDIR2' \
	    'sun_elided	$OPTS -N "sb_elided"	-T 2'
	echo '.'
} >sun/bench.sh

timeout 300 sh "$LM_TOP/bench/suncompat.sh" -b out -o res sun >log 2>&1
rc=$?
check "four cases of four: exit 0 (got $rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -n 20 log | diag
check "... says it built 4 of 4" grep -q 'built 4 of 4 cases$' log
check "... names the line left out" grep -q 'left out.* sun_elided(1)' log
check "suite: \$OPTS and the quotes gone, options kept" grep -qx \
    'sun_initrun	-N sb_initrun	-I 100 -B 0' out/suite
check "suite: the elided case's line commented out" \
    grep -q '^# not built: sun_elided' out/suite
for n in sb_initrun sb_initworker sb_barrier sb_operands; do
	check "$n: one clean result line" result_ok "$n" res
done
check "the result file is in quick mode" grep -q '^!Mode: *quick' res

# A case that does not compile: named, and exit 1.
printf 'int benchmark(void *tsd, result_t *res) { return nosuch; }\n' \
    >sun/sun_broken.c
sed 's/sun_barrier\t\\/sun_barrier\t\\\n\tsun_broken\t\\/' \
    sun/Makefile.benchmarks >mk && mv mk sun/Makefile.benchmarks
timeout 120 sh "$LM_TOP/bench/suncompat.sh" -B -b out2 sun >log 2>&1
rc=$?
check "a case that does not build: exit 1 (got $rc)" test "$rc" -eq 1
check "... and it is named" grep -q 'built 4 of 5 cases; not built: sun_broken$' log
done_testing
