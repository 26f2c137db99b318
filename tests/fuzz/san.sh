# Sourced after tests/lib.sh by tests/0800, tests/0801 and
# tests/fuzz/sanitize.sh (make sanitize, make valgrind): libmicro under
# AddressSanitizer with UndefinedBehaviorSanitizer, ThreadSanitizer and
# valgrind.  Every report is fatal: the program exits with a status of
# its own, so the wrapper writes a FAILED row, and the result files are
# searched for report text as well.  Runs in the current directory.

SAN_ASAN_OPTIONS=halt_on_error=1:abort_on_error=0:exitcode=86:detect_leaks=1
SAN_ASAN_OPTIONS=$SAN_ASAN_OPTIONS:check_initialization_order=1
SAN_ASAN_OPTIONS=$SAN_ASAN_OPTIONS:strict_string_checks=1
SAN_UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87
SAN_TSAN_OPTIONS=halt_on_error=1:exitcode=88:second_deadlock_stack=1
SAN_TSAN_OPTIONS=$SAN_TSAN_OPTIONS:suppressions=$LM_TOP/tests/fuzz/tsan.supp
SAN_VALGRIND="valgrind -q --error-exitcode=1 --leak-check=full
    --errors-for-leak-kinds=definite,indirect,possible"
SAN_REPORT='(Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:'
# shellcheck disable=SC2034 # for the tests that source this file
SAN_CFLAGS="-O1 -g -fno-omit-frame-pointer"
SAN_QUICK="-C 5 -D 1 -X 2000 -L -S -W"

# The threaded runs for ThreadSanitizer: both modes (processes, -1).
SAN_TSAN_RUNS='mutex -T 2
mutex -1 -T 2
cascade_mutex -T 10
cascade_mutex -1 -T 10
cascade_cond -T 10
cascade_cond -1 -T 10
cachetocache -T 2
cachetocache -1 -T 2
getenv -s 100 -T 2
getenv -1 -s 100 -T 2
malloc -s 100 -g 10 -T 2
malloc -1 -s 100 -g 10 -T 2
mktime -T 2
mktime -1 -T 2
pthread_create -B 32
nop -P 2 -T 4
nop -1 -T 4'

# Single-process runs for valgrind; those without -f make, fill and
# remove a file of their own in the engine's temp directory.
SAN_VALGRIND_RUNS='getpid
nop
memset -s 8k
read -s 1k
stat
strlen -s 1k
malloc -s 100 -g 10
pipe
getenv -s 100
mktime'

# san_cases RUNS: the case names a run list needs, one a line.
san_cases() {
	printf '%s\n' "$1" | awk '{ print $1 }' | sort -u
}

# san_usable FLAGS: the compiler builds and runs a program with FLAGS.
san_usable() {
	printf 'int main(void) { return 0; }\n' >san_probe.c
	# shellcheck disable=SC2086 # FLAGS is a list
	${CC:-cc} $1 -o san_probe san_probe.c >san_probe.err 2>&1 &&
	    ./san_probe >>san_probe.err 2>&1
}

# san_flags BIN KEY: CFLAGS or LDFLAGS that BIN was built with.
san_flags() {
	sed -n "s/^$2=//p" "$1/.buildinfo" 2>/dev/null | head -n 1
}

# san_canary BIN DIR: tests/fuzz/canary.c built as DIR/canary against the
# engine objects in BIN (BIN/.obj holds them all), with the flags BIN was
# built with.
san_canary() {
	mkdir -p "$2"
	# shellcheck disable=SC2046 # the flags are lists
	${CC:-cc} -std=c99 -D_GNU_SOURCE $(san_flags "$1" CFLAGS) -I"$LM_TOP" \
	    -o "$2/canary" "$LM_TOP/tests/fuzz/canary.c" "$1"/.obj/*.o \
	    $(san_flags "$1" LDFLAGS) -lpthread -lm \
	    >canary.cc 2>&1
}

# san_report FILE: FILE holds sanitizer report text.
san_report() {
	grep -Eq "$SAN_REPORT" "$1"
}

san_asan_env() {
	ASAN_OPTIONS=$SAN_ASAN_OPTIONS
	UBSAN_OPTIONS=$SAN_UBSAN_OPTIONS
	export ASAN_OPTIONS UBSAN_OPTIONS
}

# san_wrapper OUT ARGS...: the wrapper with temp roots in this directory.
san_wrapper() {
	san_out=$1
	shift
	mkdir -p troot vroot tmp
	# One sample of exit_1000 (a thousand children) outlasted both -Q's
	# 30 s limit and the engine's own watch (2 -X + 30 s) under ASan
	# here: -X 60000 and -l 300 leave room; other runs still end at -C 5.
	TMPDIR=$PWD/tmp sh "$LM_TOP/wrapper.sh" -Q -q -l 300 -a '-X 60000' \
	    -t troot -d vroot -o "$san_out" "$@" 2>"$san_out.err"
}

# failed_rows FILE: the FAILED rows of a result file, with their reasons.
failed_rows() {
	grep -E '^[^#!].* FAILED$|^# FAILED:|^# stderr: ' "$1"
}

# san_asan BIN: canaries show a report fails its run; then the quick
# suite, every run built with ASan and UBSan, gives zero reports.
san_asan() {
	san_asan_env
	if ! san_canary "$1" canbin; then
		not_ok "the canary case builds with the sanitizers"
		diag <canary.cc
	else
		cp "$1/nop" canbin/
		printf '%s\n' 'canary -N canary_clean' 'canary -N canary_uaf -k 1' \
		    'canary -N canary_ub -k 2 -1' 'canary -N canary_leak -k 3 -1' \
		    'nop -N canary_after' >canary.suite
		san_wrapper canary.txt -b canbin -s canary.suite
		san_rc=$?
		check "a sanitizer report makes the wrapper exit 1 (got $san_rc)" \
		    test "$san_rc" -eq 1
		# shellcheck disable=SC2016 # an awk program
		for n in uaf:heap-use-after-free ub:'runtime error: signed' \
		    leak:'LeakSanitizer: detected memory leaks'; do
			check "canary_${n%%:*}: a FAILED row with the report" \
			    awk -v n="canary_${n%%:*}" -v r="${n#*:}" '
			    $1 == n && $NF == "FAILED" { f = 1 }
			    f && /^# stderr: / && index($0, r) { ok = 1 }
			    END { exit !ok }' canary.txt
		done
		check "a clean canary run passes" result_ok canary_clean canary.txt
		check "a clean run after the canaries passes" \
		    result_ok canary_after canary.txt
	fi
	san_t0=$(date +%s)
	san_wrapper asan.txt -b "$1"
	san_check asan.txt "$?" "quick suite under ASan+UBSan" "$san_t0"
	# Worker processes leave by _exit, unseen by LeakSanitizer: with -1
	# every hook runs in the process that exits.
	san_t0=$(date +%s)
	san_wrapper asan-1.txt -b "$1" -a -1
	san_check asan-1.txt "$?" "the same with -1" "$san_t0"
}

# san_check FILE STATUS WHAT T0: the wrapper's run into FILE exited 0,
# with no FAILED row and no report text.
san_check() {
	san_runs=$(grep -c '^# bin/' "$1")
	san_failed=$(grep -c ' FAILED$' "$1")
	san_reports=$(cat "$1" "$1.err" | grep -Ec "$SAN_REPORT")
	if [ "$2" -eq 0 ] && [ "$san_failed" -eq 0 ] &&
	    [ "$san_reports" -eq 0 ] && [ "$san_runs" -gt 0 ]; then
		ok "$3: $san_runs runs, 0 failed, 0 reports" \
		    "($(($(date +%s) - $4)) s)"
	else
		not_ok "$3: exit $2, $san_runs runs, $san_failed failed," \
		    "$san_reports report lines"
		{ failed_rows "$1"; grep -E "$SAN_REPORT" "$1"; } | head -40 | diag
	fi
}

# san_tsan BIN: the threaded runs under ThreadSanitizer, and a canary
# race that must be reported.
san_tsan() {
	TSAN_OPTIONS=$SAN_TSAN_OPTIONS
	export TSAN_OPTIONS
	if san_canary "$1" canbin; then
		# shellcheck disable=SC2086 # a list of options
		timeout 60 canbin/canary -1 -T 2 -k 4 $SAN_QUICK >out 2>err
		san_rc=$?
		check "a canary race is reported and fatal (exit $san_rc)" \
		    grep -q 'ThreadSanitizer: data race' err
		[ "$san_rc" -eq 88 ] || not_ok "the race did not end the run"
	else
		not_ok "the canary case builds with ThreadSanitizer"
		diag <canary.cc
	fi
	while read -r san_c san_args; do
		set -f
		# shellcheck disable=SC2086 # a run is a list of words
		timeout -k 5 120 "$1/$san_c" $SAN_QUICK $san_args >out 2>err \
		    </dev/null
		san_rc=$?
		set +f
		if [ "$san_rc" -eq 0 ] && ! san_report err &&
		    result_ok "$san_c" out >why; then
			ok "ThreadSanitizer: $san_c $san_args: no report"
		else
			not_ok "ThreadSanitizer: $san_c $san_args: exit $san_rc"
			cat why err 2>/dev/null | head -30 | diag
		fi
	done <<EOF
$SAN_TSAN_RUNS
EOF
}

# san_valgrind BIN: canaries, then single-process runs under valgrind.
san_valgrind() {
	mkdir -p tmp
	if san_canary "$1" canbin; then
		for k in 1 3; do
			# shellcheck disable=SC2086 # lists of words
			TMPDIR=$PWD/tmp $SAN_VALGRIND canbin/canary -1 -k "$k" \
			    $SAN_QUICK >out 2>err
			san_rc=$?
			check "valgrind fails a canary with -k $k (exit $san_rc)" \
			    test "$san_rc" -eq 1
		done
	else
		not_ok "the canary case builds"
		diag <canary.cc
	fi
	while read -r san_c san_args; do
		set -f
		# shellcheck disable=SC2086 # lists of words
		TMPDIR=$PWD/tmp timeout -k 5 120 $SAN_VALGRIND "$1/$san_c" -1 \
		    $SAN_QUICK $san_args >out 2>err </dev/null
		san_rc=$?
		set +f
		if [ "$san_rc" -eq 0 ] && result_ok "$san_c" out >why; then
			ok "valgrind: $san_c -1${san_args:+ $san_args}: clean"
		else
			not_ok "valgrind: $san_c -1${san_args:+ $san_args}: exit $san_rc"
			cat why err 2>/dev/null | head -30 | diag
		fi
	done <<EOF
$SAN_VALGRIND_RUNS
EOF
	check "valgrind runs leave nothing in TMPDIR" test -z "$(ls -A tmp)"
}
