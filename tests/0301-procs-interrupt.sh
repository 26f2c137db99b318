#!/bin/sh
# A run interrupted in the middle (SIGINT, SIGTERM or SIGHUP to the
# parent) dies of that signal without a result line and leaves nothing
# behind: no live process of the run, no System V semaphore, no lock file
# or other temporary file.  Children orphaned when the engine kills a
# worker outright (fork, exit) are dead already; init reaps them.
. "$LM_TOP/tests/lib.sh"

TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" || exit 1

# procs NAME [Z]: processes of this session running NAME; with Z, only
# the zombies, without, only the live ones.  One ps for all of them: a
# fork run has a thousand children, and a ps each outlasts the run.
procs() {
	if command -v pgrep >/dev/null 2>&1; then
		pids=$(pgrep -s 0 -x "$1" | tr '\n' ',')
	else
		pids=$(ps -e -o pid= -o comm= |
		    awk -v n="$1" '$2 == n {printf "%s,", $1}')
	fi
	[ -n "$pids" ] || return 0
	ps -o pid= -o stat= -p "${pids%,}" 2>/dev/null | awk -v z="${2:-}" '
	    $2 ~ /^Z/ { if (z == "Z") print $1; next }
	    NF == 2 { if (z != "Z") print $1 }'
}

sems() {
	ipcs -s 2>/dev/null | awk '$1 ~ /^0x/' | wc -l | tr -d ' '
}

if command -v ipcs >/dev/null 2>&1 && ipcs -s >/dev/null 2>&1; then
	have_ipcs=yes
else
	have_ipcs=no
	skip "ipcs is missing: System V semaphores are not counted"
fi

# interrupt SIG STATUS CASE ARGS...: start a long run of CASE, let it get
# going, send SIG to it and check what remains.
interrupt() {
	sig=$1 want=$2 c=$3
	shift 3
	s0=$([ "$have_ipcs" = yes ] && sems)
	"$BIN/$c" -D 60000 -X 60000 "$@" >out 2>err &
	pid=$!
	sleep 2
	if ! kill -0 "$pid" 2>/dev/null; then
		not_ok "$c $*: ended before the signal"
		cat out err | head -5 | diag
		return
	fi
	n=$(procs "$c" | wc -l | tr -d ' ')
	kill -s "$sig" "$pid"
	wait "$pid" 2>/dev/null
	rc=$?
	what="$c $* (SIG$sig with $n processes running)"
	check "$what: dies of the signal, no result" \
	    test "$rc" -eq "$want" -a ! -s out
	live=$(procs "$c" | wc -l | tr -d ' ')
	check "$what: no live process left ($live)" test "$live" -eq 0
	check "$what: no temporary file left" test -z "$(ls -A "$TMPDIR")"
	if [ "$have_ipcs" = yes ]; then
		check "$what: no semaphore set left ($s0 before, $(sems) after)" \
		    test "$(sems)" -eq "$s0"
	fi
	i=0
	while [ -n "$(procs "$c" Z)" ] && [ "$i" -lt 20 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	z=$(procs "$c" Z | wc -l | tr -d ' ')
	[ "$z" -eq 0 ] || skip "$what: init has not reaped $z orphaned zombies"
}

interrupt INT 130 cascade_fcntl -N c_fcntl_200 -P 200
interrupt INT 130 cascade_mutex -N c_mutex_200 -T 200
interrupt TERM 143 cascade_flock -N c_flock_200 -P 200
interrupt HUP 129 cascade_lockf -N c_lockf_200 -P 200
interrupt INT 130 cascade_cond -N c_cond_200 -1 -T 200
interrupt INT 130 semop -N semop -P 4
interrupt TERM 143 semop -N semop -1 -T 2
interrupt INT 130 exit -N exit_1000 -B 1000
interrupt TERM 143 fork -N fork_1000 -B 1000 -P 2
done_testing
