#!/bin/sh
# Every run of the procs section of cases/suite (processes, threads, signals, locks)
# prints one well-formed result line with no errors, and leaves nothing
# behind: no process of the run (the case's own name, exec_bin, or the
# shell of system()), no System V semaphore, no temporary file.
. "$LM_TOP/tests/lib.sh"

SUITE=$(suite_part procs)
TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" || exit 1

# procs NAME: the processes of this session running NAME (pgrep from
# procps; without it, every process of that name, from ps).
procs() {
	if command -v pgrep >/dev/null 2>&1; then
		pgrep -s 0 -x "$1"
	else
		ps -e -o pid= -o comm= | awk -v n="$1" '$2 == n {print $1}'
	fi
}

# sems: System V semaphore sets now present.
sems() {
	ipcs -s 2>/dev/null | awk '$1 ~ /^0x/' | wc -l | tr -d ' '
}

# leftovers CASE: what a run of CASE left behind, one line each.
leftovers() {
	for n in "$1" exec_bin; do
		for p in $(procs "$n"); do
			echo "process $p ($n)"
		done
	done
	if command -v pgrep >/dev/null 2>&1; then
		for p in $(pgrep -s 0 -f '^sh -c exit 0$'); do
			echo "process $p (sh -c exit 0)"
		done
	fi
	[ "$have_ipcs" = no ] || [ "$(sems)" -eq "$sems0" ] ||
	    echo "semaphore sets: $sems0 before, $(sems) after"
	for f in "$TMPDIR"/* "$TMPDIR"/.[!.]*; do
		[ -e "$f" ] && echo "temporary file: $f"
	done
}

if command -v ipcs >/dev/null 2>&1 && ipcs -s >/dev/null 2>&1; then
	have_ipcs=yes
else
	have_ipcs=no
	skip "ipcs is missing: System V semaphores are not counted"
fi

fixtures || { not_ok "fixtures"; exit 1; }
suite_lines "$SUITE" >lines
while IFS= read -r line; do
	sems0=$([ "$have_ipcs" = yes ] && sems)
	run_line "$line" </dev/null
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$lm_name" out >why; then
		not_ok "$lm_name (exit $lm_rc): $line"
		cat why err 2>/dev/null | head -10 | diag
		continue
	fi
	us=$(awk -v n="$lm_name" '$1 == n {print $4}' out)
	leftovers "$lm_case" >left
	if [ -s left ]; then
		not_ok "$lm_name: $us us/call, but it left things behind"
		head -10 left | diag
	else
		ok "$lm_name: $us us/call, nothing left behind"
	fi
done <lines

# Every run the procs section must have is there, once.
for n in fork_10 fork_100 fork_1000 exit_10 exit_100 exit_1000 \
    exit_10_nolibc exec system pthread_8 pthread_32 pthread_128 \
    pthread_512 mutex_st mutex_mt mutex_T2 c_mutex_1 c_mutex_10 \
    c_mutex_200 c_cond_1 c_cond_10 c_cond_200 c_lockf_1 c_lockf_10 \
    c_lockf_200 c_fcntl_1 c_fcntl_10 c_fcntl_200 c_flock c_flock_10 \
    c_flock_200 file_lock semop sigaction signal sigprocmask getcontext \
    setcontext longjmp siglongjmp recurse; do
	c=$(awk -v n="$n" '$2 == "-N" && $3 == n' lines | wc -l)
	[ "$c" -eq 1 ] || echo "$n: $c lines"
done >count
check "the procs section has one line for each of the 42 runs" test ! -s count
[ -s count ] && diag <count
done_testing
