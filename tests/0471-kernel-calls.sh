#!/bin/sh
# The kernel section's runs make their call once per operation (strace
# -f -c, a fixed batch and sample count), the vDSO runs make none, the
# fault runs take one minor fault per operation (the engine's -S
# figure); a kernel without the call (a seccomp filter) or one CPU for
# a two-CPU run gives the unsupported row and exit 0; nothing is left.
# shellcheck disable=SC2016 # single quotes: awk programs
. "$LM_TOP/tests/lib.sh"

[ "$(uname -s)" = Linux ] || { skip "Linux only"; exit 0; }
fixtures || { not_ok "fixtures"; exit 1; }
REAL=$BIN
suite_lines "$(suite_part kernel)" >all

# The system calls a run makes per operation it reports.
if ! command -v strace >/dev/null 2>&1 ||
    ! strace -f -o /dev/null true >/dev/null 2>&1; then
	skip "strace cannot trace here"
else
	mkdir sbin
	awk '{print $1}' all | sort -u | while read -r c; do
		printf '#!/bin/sh\nexec strace -f -c -o "%s/trace" "%s/%s" "$@"\n' \
		    "$PWD" "$REAL" "$c" >"sbin/$c"
		chmod +x "sbin/$c"
	done
	BIN=$PWD/sbin QUICK="-B 64 -C 4 -D 0"
	# NAME CALLS MIN MAX: CALLS per operation between MIN and MAX.
	while read -r name calls lo hi; do
		rm -f trace
		run_line "$(grep "^[a-z_]* -N $name " all)" </dev/null
		ops=$(awk -v n="$name" '$1 == n { print $5 * $7 }' out)
		got=$(awk -v c="^($calls)\$" '$NF ~ c { n += $4 }
		    END { print n + 0 }' trace 2>/dev/null)
		if [ "$lm_rc" -eq 0 ] && [ "${ops:-0}" -gt 0 ] && awk \
		    -v g="$got" -v o="$ops" -v lo="$lo" -v hi="$hi" \
		    'BEGIN { exit !(g >= lo * o && g <= hi * o + 200) }'; then
			ok "$name: $got $calls for $ops operations"
		else
			not_ok "$name (exit $lm_rc): ${got:-no} $calls for" \
			    "${ops:-no} operations"
			cat err trace 2>/dev/null | head -10 | diag
		fi
	done <<-EOF
	syscall_getppid getppid 1 1
	clock_gettime_sys clock_gettime 1 1
	getcpu_sys getcpu 1 1
	getcpu_vdso getcpu 0 0
	io_uring_nop1 io_uring_enter 1 1
	io_uring_nop8 io_uring_enter 0.125 0.125
	io_uring_nop32 io_uring_enter 0.03125 0.03125
	membarrier_1t membarrier 1 1
	membarrier_2t membarrier 1 1
	tlbflush_1t madvise 1 1
	tlbflush_2t madvise 1 1
	statx_tmp statx 1 1
	close_range close_range 1 1
	pidfd_open pidfd_open 1 1
	copy_file_range_4k copy_file_range 1 1
	sendfile_4k sendfile 1 1
	splice_4k splice 2 2
	EOF
	BIN=$REAL
fi

# One minor fault per operation, and the pages a fault maps.
QUICK="-B 64 -C 4 -D 0 -S"
for name in fault_anon fault_thp fault_file; do
	run_line "$(grep "^fault -N $name " all)" </dev/null
	if why=$(unsupported "$name" out); then
		skip "$name: unsupported here: $why"
		continue
	fi
	f=$(awk '$2 == "minor" && $3 == "faults/call" { print $4 }' out)
	pg=$(awk -v n="$name" '$1 == n { print $8 }' out)
	check "$name: $f minor faults per operation, $pg pages a fault" \
	    awk -v f="${f:-0}" 'BEGIN { exit !(f > 0.95 && f < 1.05) }'
done

# Unsupported: the call denied by seccomp, or one CPU for two.
QUICK="-C 4 -D 1"
nr() {
	printf '#include <sys/syscall.h>\nSYS_%s\n' "$1" |
	    ${CC:-cc} -E - 2>/dev/null | tail -n 1
}
if ${CC:-cc} -std=c99 -D_GNU_SOURCE -o denysys \
    "$LM_TOP/tests/fixtures/denysys.c" 2>cc.err &&
    ./denysys 1 -- /bin/true 2>/dev/null; then
	while read -r name call; do
		# The case run through denysys, by run_line.
		mkdir -p "d$name"
		c=$(awk -v n="$name" '$3 == n { print $1 }' all)
		printf '#!/bin/sh\nexec "%s/denysys" %s -- "%s/%s" "$@"\n' \
		    "$PWD" "$(nr "$call")" "$REAL" "$c" >"d$name/$c"
		chmod +x "d$name/$c"
		BIN=$PWD/d$name run_line "$(grep "^[a-z_]* -N $name " all)" \
		    </dev/null
		why=$(unsupported "$name" out)
		check "$name without $call: unsupported ($why), exit $lm_rc" \
		    test "$lm_rc" -eq 0 -a -n "$why" -a ! -s err
	done <<-EOF
	io_uring_nop1 io_uring_setup
	membarrier_1t membarrier
	statx_tmp statx
	close_range close_range
	pidfd_open pidfd_open
	copy_file_range_4k copy_file_range
	splice_4k splice
	getcpu_sys getcpu
	EOF
else
	skip "no seccomp filter here"
fi
if command -v taskset >/dev/null 2>&1; then
	for name in membarrier_2t tlbflush_2t rtt_futex_cross rtt_pipe_cross
	do
		mkdir -p "o$name"
		c=$(awk -v n="$name" '$3 == n { print $1 }' all)
		printf '#!/bin/sh\nexec taskset -c 0 "%s/%s" "$@"\n' \
		    "$REAL" "$c" >"o$name/$c"
		chmod +x "o$name/$c"
		BIN=$PWD/o$name run_line "$(grep "^[a-z_]* -N $name " all)" \
		    </dev/null
		why=$(unsupported "$name" out)
		check "$name on one CPU: unsupported ($why), exit $lm_rc" \
		    test "$lm_rc" -eq 0 -a -n "$why"
	done
else
	skip "no taskset"
fi

# Nothing left: no process, no temp file, every ring's descriptor closed.
mkdir t
while IFS= read -r line; do
	TMPDIR=$PWD/t run_line "$line" </dev/null
done <all
sleep 0.2
check "no run of the section is left running" sh -c \
    '! ps -eo args= | grep -v grep | grep -q "$1/\(io_uring\|membarrier\|tlbflush\|fault\|copy\|futex\) "' \
    sh "$REAL"
check "nothing is left in the temp directory" test -z "$(ls -A t)"
if command -v strace >/dev/null 2>&1 &&
    strace -f -o /dev/null true >/dev/null 2>&1; then
	# One worker process each (-P 3), one trace file each (-ff), so
	# each file is one descriptor table's calls in order.
	strace -ff -e trace=io_uring_setup,close -o ring \
	    "$REAL/io_uring" -P 3 -B 64 -C 4 -D 0 >/dev/null 2>&1
	check "every io_uring descriptor is closed" awk '
	    /^io_uring_setup\(/ && $NF ~ /^[0-9]+$/ { open[FILENAME, $NF] }
	    /^close\([0-9]+\) += 0/ { fd = $0; sub(/^close\(/, "", fd)
	        sub(/\).*/, "", fd); delete open[FILENAME, fd] }
	    END { for (k in open) n++; exit n > 0 }' ring.*
	check "the rings were seen" sh -c \
	    'test "$(cat ring.* | grep -c "^io_uring_setup(.*= [0-9]")" -ge 4'
fi
done_testing
