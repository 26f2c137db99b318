#!/bin/sh
# The string and math runs of the libc suite time real calls, not loops
# the optimiser emptied: each _1k string run takes several times its _10
# run, and every run reports at least half the time of a plain C loop of
# the same call (bench/bare_libc.c) measured here, in its fastest
# repetition (load from elsewhere only slows it).  Structure, not speed.
. "$LM_TOP/tests/lib.sh"

QUICK="-C 21 -D 1 -X 3000"
SUITE=$(suite_part libc)

# usecs NAME: run the suite line named NAME; print its usecs/call.
usecs() {
	run_line "$(suite_lines "$SUITE" | awk -v n="$1" '$3 == n')"
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$1" out >why; then
		cat why err | diag >&2
		echo 0
	else
		awk -v n="$1" '$1 == n {print $4}' out
	fi
}

for c in strcpy strlen strchr strcmp scasecmp; do
	short=$(usecs "${c}_10")
	long=$(usecs "${c}_1k")
	check "${c}_1k ($long us) is at least 3 times ${c}_10 ($short us)" \
	    awk -v s="$short" -v l="$long" 'BEGIN {exit !(s > 0 && l >= 3 * s)}'
done

if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -o bare_libc \
    "$LM_TOP/bench/bare_libc.c" -lm 2>cc.err; then
	skip "cannot build bench/bare_libc.c with ${CC:-cc}: $(head -1 cc.err)"
	done_testing
	exit 0
fi
for name in strcpy_10 strcpy_1k strlen_10 strlen_1k strchr_10 strchr_1k \
    strcmp_10 strcmp_1k scasecmp_10 scasecmp_1k strtol log exp lrand48; do
	lm=$(usecs "$name")
	bare=$(./bare_libc "$name" | awk '{print $3}')
	check "$name: libmicro $lm us, a plain loop $bare us" \
	    awk -v a="$lm" -v b="$bare" 'BEGIN {exit !(b > 0 && a >= b / 2)}'
done
done_testing
