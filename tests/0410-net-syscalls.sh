#!/bin/sh
# Each run of the pipes, sockets and polling fragment really makes its
# system call: under strace -f -c, with a fixed batch and sample count,
# the call (or each of the calls) the run names is counted at least once
# per operation the run reports (the warm-up sample only adds calls).
. "$LM_TOP/tests/lib.sh"

if ! command -v strace >/dev/null 2>&1; then
	skip "strace is not installed"
	done_testing
	exit 0
fi
if ! strace -f -c -o /dev/null true >/dev/null 2>&1; then
	skip "strace cannot trace here (ptrace not permitted)"
	done_testing
	exit 0
fi

# calls NAME CASE: the calls a run must make, one word per call, with
# the system call names that count for it joined by '|'.
calls() {
	case $1 in
	connection) echo "connect accept|accept4" ;;
	conn_connect) echo connect ;;
	conn_accept) echo "accept|accept4" ;;
	close_tcp) echo close ;;
	*) case $2 in
		pipe | eventfd) echo "write read" ;;
		poll) echo "poll|ppoll" ;;
		select) echo "select|pselect6|_newselect" ;;
		epoll) echo "epoll_wait|epoll_pwait|epoll_pwait2" ;;
		*) echo "$2" ;;
		esac ;;
	esac
}

suite_lines "$(suite_part net)" >lines
while IFS= read -r line; do
	set -f
	# shellcheck disable=SC2086 # a suite line is split into words
	set -- $line
	set +f
	c=$1
	shift
	name=$(printf '%s\n' "$line" | awk '{for (i = 1; i < NF; i++)
	    if ($i == "-N") print $(i + 1)}')
	timeout -k 5 120 strace -f -c -o counts "$BIN/$c" -H -B 20 -C 4 \
	    -D 0 "$@" >out 2>err </dev/null
	rc=$?
	ops=$(awk -v n="$name" '$1 == n {print $5 * $7}' out)
	if [ "$rc" -ne 0 ] || [ -z "$ops" ] || [ "$ops" -lt 80 ]; then
		not_ok "$name under strace (exit $rc, ${ops:-no} ops)"
		cat err out | head -5 | diag
		continue
	fi
	for want in $(calls "$name" "$c"); do
		# Rows: % time, seconds, usecs/call, calls, [errors,] syscall.
		n=$(awk -v w="|$want|" 'index(w, "|" $NF "|") {
		    s += NF == 6 ? $(NF-2) : $(NF-1)} END {print s + 0}' counts)
		if [ "$n" -ge "$ops" ]; then
			ok "$name: $want x $n for $ops operations"
		else
			not_ok "$name: $want x $n for $ops operations"
			diag <counts
		fi
	done
done <lines
done_testing
