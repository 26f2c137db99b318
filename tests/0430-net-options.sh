#!/bin/sh
# Case options of the pipes, sockets and polling cases: each bad value is
# one line on stderr and exit 2; --help lists the case's own options.
. "$LM_TOP/tests/lib.sh"

while IFS= read -r args; do
	set -f
	# shellcheck disable=SC2086 # split the option vector on purpose
	set -- $args
	set +f
	c=$1
	shift
	if usage_fails "$BIN/$c" -C 2 -D 1 "$@"; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done <<'EOF_ARGS'
pipe -x fifo
pipe -m xx
pipe -s 0
pipe -s 1q
pipe -s 128k -m st
socket -f PF_X
poll -n 0
poll -n 10 -w 11
poll -r x
select -n 2000
select -n 10 -r 12
epoll -n -3
epoll -n 4 -w 5
connection -a -c
listen -z
socket -B 257
connection -B 300
EOF_ARGS

for c in pipe:-x socket:-f poll:-w select:-n epoll:-r connection:-a; do
	# shellcheck disable=SC2016 # expanded by the inner shell
	check "${c%%:*} --help lists ${c#*:}" sh -c \
	    '"$1" --help | grep -q "^  $2 "' sh "$BIN/${c%%:*}" "${c#*:}"
done

# The largest select the case allows still fits FD_SETSIZE here.
run_line "select -N select_max -n 1008 -w 1"
check "select -n 1008 runs with 0 errors" result_ok select_max out
# A message of any size round-trips when a peer echoes it.
run_line "pipe -N pipe_big -s 1m -x tcp -m mt"
check "pipe -s 1m over TCP with an echo thread" result_ok pipe_big out
run_line "socket -N socket_6 -f PF_INET6 -B 256"
check "socket -B 256, the most it allows" result_ok socket_6 out
done_testing
