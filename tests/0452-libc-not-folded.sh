#!/bin/sh
# The string and math runs of the libc suite time real calls, not loops
# the optimiser emptied.  Evidence that does not depend on speed: with
# tests/fixtures/libccount.c preloaded, which counts the calls of those
# functions and the bytes each string call covers, every run makes its
# call at least once per operation it reports, on a string of its -s size
# (beyond what the engine makes itself, counted on nop with the same
# options).  And as a check of the engine's accounting, every run reports
# at least a tenth of the time of a plain C loop of the same call
# (bench/bare_libc.c, its fastest repetition): a tenth, so that no state
# of this host or load from elsewhere reaches it.
. "$LM_TOP/tests/lib.sh"

SUITE=$(suite_part libc)
NAMES="strcpy_10 strcpy_1k strlen_10 strlen_1k strchr_10 strchr_1k \
strcmp_10 strcmp_1k scasecmp_10 scasecmp_1k strtol log exp lrand48"
B=100
C=4

# counted CASE ARGS...: run the case with the counter preloaded, with -B,
# -C and -D 0; its output in ./out, the counts in ./counts, the operations
# it reported (samples x batch) in lm_ops.
counted() {
	lm_case=$1
	shift
	rm -f counts
	timeout -k 5 60 env LD_PRELOAD="$PWD/libccount.so" \
	    LM_COUNT="$PWD/counts" "$BIN/$lm_case" -H -B "$B" -C "$C" -D 0 \
	    "$@" >out 2>err </dev/null
	lm_rc=$?
	lm_ops=$(awk 'NF >= 7 {print $5 * $7}' out)
}

# count FILE FUNCTION FIELD: the calls (FIELD 2) or bytes (FIELD 3).
count() {
	awk -v f="$2" -v k="$3" '$1 == f {n += $k} END {print n + 0}' "$1"
}

if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -O0 -fno-builtin -fPIC -shared \
    -o libccount.so "$LM_TOP/tests/fixtures/libccount.c" -ldl 2>cc.err; then
	skip "cannot build tests/fixtures/libccount.c as a shared library" \
	    "with ${CC:-cc}: $(head -1 cc.err)"
elif counted nop && [ "$lm_rc" -eq 0 ] && [ -s counts ] &&
    mv counts base; then
	for name in $NAMES; do
		set -f
		# shellcheck disable=SC2046 # a suite line is a list of words
		set -- $(suite_lines "$SUITE" | awk -v n="$name" '$3 == n')
		set +f
		case $name in
		*_10) size=10 ;;
		*_1k) size=1024 ;;
		*) size=0 ;;
		esac
		fn=$1	# each case is named after the function it calls
		counted "$@"
		if [ "$lm_rc" -ne 0 ] || [ -z "$lm_ops" ] || [ ! -s counts ]
		then
			not_ok "$name with the counter (exit $lm_rc)"
			head -5 err | diag
			continue
		fi
		n=$(($(count counts "$fn" 2) - $(count base "$fn" 2)))
		b=$(($(count counts "$fn" 3) - $(count base "$fn" 3)))
		what="$name: $n $fn calls"
		[ "$size" -eq 0 ] || what="$what over $b bytes"
		what="$what for $lm_ops operations"
		if [ "$lm_ops" -ge $((B * C)) ] && [ "$n" -ge "$lm_ops" ] &&
		    [ "$b" -ge $((lm_ops * size)) ]; then
			ok "$what"
		else
			not_ok "$what (want a call of $size bytes each)"
		fi
	done
else
	skip "the counter cannot be preloaded into the cases (static build?):" \
	    "$(head -1 err)"
fi

# usecs NAME: run the suite line named NAME quickly; its usecs/call.
QUICK="-C 21 -D 1 -X 3000"
usecs() {
	run_line "$(suite_lines "$SUITE" | awk -v n="$1" '$3 == n')"
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$1" out >why; then
		cat why err | diag >&2
		echo 0
	else
		awk -v n="$1" '$1 == n {print $4}' out
	fi
}

if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -o bare_libc \
    "$LM_TOP/bench/bare_libc.c" -lm 2>cc.err; then
	skip "cannot build bench/bare_libc.c with ${CC:-cc}: $(head -1 cc.err)"
	done_testing
	exit 0
fi
for name in $NAMES; do
	lm=$(usecs "$name")
	bare=$(./bare_libc "$name" | awk '{print $3}')
	what="$name: libmicro $lm us, over a tenth of a plain loop's $bare us"
	check "$what" awk -v a="$lm" -v b="$bare" \
	    'BEGIN {exit !(b > 0 && a >= b / 10)}'
done
done_testing
