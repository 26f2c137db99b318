#!/bin/sh
# Under strace -f, the process, signal and lock runs of the procs section make
# their system calls at least as often as the operations they report
# (beyond what the engine itself makes, measured on nop with the same
# workers): a fork per fork, an exit per exit, an execve per exec, a
# clone per thread, a semop pair per semop, a kill and a signal return
# per signal, four lock calls per worker and step of a cascade.  longjmp,
# whose setjmp saves no signal mask, makes none.
. "$LM_TOP/tests/lib.sh"

SUITE=$(suite_part procs)
TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" || exit 1

# calls FILE SYSCALL...: the calls strace -c counted for these.
calls() {
	f=$1
	shift
	awk -v list=" $* " 'index(list, " " $NF " ") {n += $4}
	    END {print n + 0}' "$f"
}

# exits FILE SYSCALL: the calls of SYSCALL (exit or exit_group) in a
# strace -f trace; they never return, so strace -c does not count them.
exits() {
	awk -v s="$2" '$2 ~ "^" s "\\(" {n++} END {print n + 0}' "$1"
}

# traced NAME B C [STRACE OPTIONS...]: run the suite line named NAME with
# -B B -C C -D 0 under strace (output in ./st) and nop with the same
# workers (in ./base); lm_ops is the operations reported by all workers.
traced() {
	name=$1 b=$2 c=$3
	shift 3
	set -f
	# shellcheck disable=SC2046 # a suite line is a list of words
	set -- "$@" -- $(suite_lines "$SUITE" | awk -v n="$name" '$3 == n')
	set +f
	opts=
	while [ "$1" != -- ]; do
		opts="$opts $1"
		shift
	done
	shift
	lm_case=$1
	shift
	workers=$(printf '%s\n' "$@" | awk '$0 == "-1" {printf " -1"; next}
	    o != "" {printf " %s %s", o, $0; o = ""; next}
	    /^-[PT]$/ {o = $0}')
	# shellcheck disable=SC2086 # option lists
	strace -f $opts -o st timeout -k 5 120 "$BIN/$lm_case" -H -B "$b" \
	    -C "$c" -D 0 "$@" >out 2>err
	lm_rc=$?
	# shellcheck disable=SC2086 # option lists
	strace -f $opts -o base timeout -k 5 120 "$BIN/nop" -H -B "$b" \
	    -C "$c" -D 0 $workers >/dev/null 2>&1
	lm_ops=$(awk '{print $2 * $3 * $5 * $7}' out)
}

# expect NAME WHAT N MIN: N calls of WHAT beyond nop's for NAME's lm_ops
# operations; at least MIN per operation.
expect() {
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$1" out >why; then
		not_ok "$1 under strace (exit $lm_rc)"
		cat why err | head -5 | diag
	elif [ "$lm_ops" -gt 0 ] && [ "$3" -ge $(($4 * lm_ops)) ]; then
		ok "$1: $3 $2 for $lm_ops operations"
	else
		not_ok "$1: $3 $2 for $lm_ops operations (want $4 each)"
	fi
}

if ! command -v strace >/dev/null 2>&1; then
	skip "strace is not installed"
	exit 0
fi
if ! strace -f -c -o base timeout 60 "$BIN/nop" -H -B 10 -C 2 -D 0 \
    >/dev/null 2>err; then
	skip "strace cannot trace here: $(head -1 err)"
	exit 0
fi

# syscall counts: NAME B C MIN SYSCALL...
while read -r name b c min scs; do
	traced "$name" "$b" "$c" -c
	# shellcheck disable=SC2086 # a list of system calls
	n=$(($(calls st $scs) - $(calls base $scs)))
	expect "$name" "$scs" "$n" "$min"
done <<EOF
fork_10 10 4 1 clone clone3 fork vfork
exec 2 4 1 execve
system 2 4 1 execve
system 2 4 1 clone clone3 fork vfork
pthread_8 8 4 1 clone clone3
semop 10 4 2 semop semtimedop
sigaction 10 4 1 rt_sigaction
signal 10 4 1 kill
signal 10 4 1 rt_sigreturn
sigprocmask 10 4 1 rt_sigprocmask
getcontext 10 4 1 rt_sigprocmask
setcontext 10 4 1 rt_sigprocmask
siglongjmp 10 4 1 rt_sigprocmask
file_lock 10 4 2 fcntl
c_fcntl_10 4 3 4 fcntl
c_lockf_10 4 3 4 fcntl
c_flock_10 4 3 4 flock
EOF

# The children's ways out: libc's exit ends in exit_group, -e in exit.
for pair in exit_10:exit_group exit_100:exit_group exit_10_nolibc:exit; do
	name=${pair%%:*}
	sc=${pair#*:}
	traced "$name" 10 3 -qq -e "trace=exit,exit_group"
	n=$(($(exits st "$sc") - $(exits base "$sc")))
	expect "$name" "$sc" "$n" 1
done

traced longjmp 100 4 -c
n=$(($(calls st rt_sigprocmask) - $(calls base rt_sigprocmask)))
if [ "$lm_rc" -eq 0 ] && result_ok longjmp out >why && [ "$n" -lt 10 ]; then
	ok "longjmp: $n rt_sigprocmask beyond nop's for $lm_ops operations"
else
	not_ok "longjmp: $n rt_sigprocmask for $lm_ops operations (exit $lm_rc)"
fi
done_testing
