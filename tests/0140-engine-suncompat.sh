#!/bin/sh
# Cases written in libMicro 0.4.1's style run as they did there: the
# batch size is settled before benchmark_initrun() and never changes, -B 0
# sizes it, the barrier_t helpers work across fork and leave nothing
# behind, and a per-worker hook's positive return counts as errors.  The
# Bimodal warning fires on two states and not on one skewed peak.
# shellcheck disable=SC2016 # single quotes: awk programs
. "$LM_TOP/tests/lib.sh"

TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" bin || exit 1

# build NAME: tests/fixtures/NAME.c with nothing but #include
# "libmicro.h", into bin/NAME; the compiler must say nothing.
build() {
	${CC:-cc} -std=c99 -D_GNU_SOURCE -Wall -Wextra -O1 -I"$LM_TOP" \
	    -o "bin/$1" "$LM_TOP/tests/fixtures/$1.c" "$LM_TOP/libmicro.c" \
	    "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" -lpthread -lm \
	    >"$1.cc" 2>&1 && [ ! -s "$1.cc" ]
}

procs() { pgrep -f "^bin/$1" | wc -l | tr -d ' '; }
shm() { find /dev/shm -mindepth 1 2>/dev/null | sort; }
sems() { ipcs -s 2>/dev/null | awk '$1 ~ /^0x/' | wc -l | tr -d ' '; }

for f in sun_initrun sun_initworker sun_barrier sun_flock twostate; do
	if build "$f"; then
		ok "$f.c builds with the plain header, no warnings"
	else
		not_ok "$f.c: build failed or warned"
		diag <"$f.cc"
	fi
done

shm >shm0
s0=$(sems)
for f in sun_initrun sun_initworker sun_barrier sun_flock; do
	for mode in "-P 2 -T 2" "-1" "-1 -T 2" "" "-B 0" "-B 0 -P 2 -T 2"; do
		# shellcheck disable=SC2086 # mode is a list of options
		timeout -k 5 60 "bin/$f" $mode -S -C 5 -D 1 -X 3000 >out 2>err
		rc=$?
		if [ "$rc" -eq 0 ] && result_ok "$f" out >why 2>&1; then
			ok "$f $mode: lm_optB as sized, 0 errors"
		else
			not_ok "$f $mode: exit $rc"
			cat why err | diag
		fi
	done
done
sleep 0.3
check "no process of the fixtures is left" test "$(procs sun_)" -eq 0
shm >shm1
check "nothing new in /dev/shm" cmp -s shm0 shm1
check "no temporary file left" test -z "$(ls -A "$TMPDIR")"
if command -v ipcs >/dev/null 2>&1 && ipcs -s >/dev/null 2>&1; then
	check "no System V semaphore set left ($s0 before)" \
	    test "$(sems)" -eq "$s0"
else
	skip "ipcs is missing: System V semaphores are not counted"
fi

# A given -B is used as it is, with no sizing round; -B 0 sizes it.
bin/sun_initrun -B 7 -S -C 5 -D 1 >out 2>&1
check "-B 7: 7 per sample, no sizing round" awk '
    $1 == "sun_initrun" { b = $7 } /^# +batch sizing rounds / { r = $NF }
    END { exit !(b == 7 && r == 0) }' out
bin/sun_initrun -B 0 -S -C 5 -D 1 >out 2>&1
check "-B 0: sized by the engine in one or more rounds" awk '
    $1 == "sun_initrun" { b = $7 } /^# +batch sizing rounds / { r = $NF }
    END { exit !(b > 1 && r >= 1) }' out
# --batch: the batch the run would use, one line, and nothing timed.
bin/sun_initrun --batch -D 1 >out 2>err
rc=$?
check "--batch: exit 0 ($rc), one line, a positive count" \
    awk -v rc="$rc" '{ n++; b = $0 } END {
	exit !(rc == 0 && n == 1 && b ~ /^[0-9]+$/ && b > 1) }' out
check "--batch: nothing on stderr" test ! -s err
bin/sun_initrun --batch -B 7 >out 2>err
check "--batch -B 7: prints 7" test "$(cat out)" = 7

# libMicro's hook convention: a positive return is a count of errors.
bin/sun_initworker -e -P 2 -T 2 -W -C 5 -D 1 >out 2>err
rc=$?
check "initworker returning 1 in 4 workers: exit 0, 4 errors (got $rc)" \
    awk -v rc="$rc" '$1 == "sun_initworker" { e = $6 }
    END { exit !(rc == 0 && e == 4) }' out
check "... and a warning says the hooks reported them" \
    grep -q '^#      Errors: the case.s set-up or clean-up hooks reported 4' out

# A suite line with -B 0, through the wrapper in quick mode.
printf '%s\n' 'sun_initrun	-N initrun_b0 -B 0' \
    'sun_barrier	-N barrier_b0 -B 0 -P 2' \
    'sun_initworker	-N initworker_b0 -B 0 -T 2' >suite
sh "$LM_TOP/wrapper.sh" -Q -b bin -s suite -o res >wout 2>&1
rc=$?
check "wrapper -Q with -B 0 lines: exit 0 (got $rc)" test "$rc" -eq 0
for n in initrun_b0 barrier_b0 initworker_b0; do
	check "$n: one clean result line" result_ok "$n" res
done

# Bimodal: a case alternating two costs is called so.
bin/twostate -B 250 -C 200 -W >out 2>&1
check "two alternating costs: the Bimodal warning names both modes" \
    grep -q '^#      Bimodal: the samples gather near [0-9.e+-]* and ' out
if ${CC:-cc} -std=c99 -D_GNU_SOURCE -O1 -I"$LM_TOP" -o twomodes \
    "$LM_TOP/tests/unit/twomodes.c" "$LM_TOP/engine/stats.c" -lm \
    2>cc.err; then
	./twomodes >tap
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "${line#ok [0-9]* - }" ;;
		"not ok "*) not_ok "${line#not ok [0-9]* - }" ;;
		esac
	done <tap
	[ "$rc" -eq 0 ] || not_ok "unit test exited $rc"
else
	not_ok "tests/unit/twomodes.c does not build"
	diag <cc.err
fi
done_testing
