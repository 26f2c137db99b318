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
pipe -c near
pipe -c same -m st
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
# -c places the peer.  While the case runs, the CPUs each of its threads
# may use (its descendants' too: with -m mp the peer is a process).
# pinned PID: one line per thread pinned to a single CPU, that CPU.
# The stat files come through cat, which goes on past a process that
# ended after the glob was expanded (awk would stop at it).
pinned() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v top="$1" '{ pid = $1
		sub(/^.*\) /, ""); pp[pid] = $2 }
	END { want[top] = 1
		do { more = 0
			for (p in pp) if (!(p in want) && (pp[p] in want)) {
				want[p] = 1; more = 1 } } while (more)
		for (p in want) print p }' |
	while read -r p; do
		cat /proc/"$p"/task/*/status 2>/dev/null
	done | awk '$1 == "Cpus_allowed_list:" && $2 ~ /^[0-9]+$/ { print $2 }'
}
# placement MODE PLACE: the distinct single CPUs of the pinned threads,
# once at least two threads are pinned (or "none" after 50 looks).  The
# run is sized to last a minute (-B 100 -D 60000), so it is still there
# however slowly the looks come under load; it is stopped once seen.
placement() {
	"$BIN/pipe" -N placed -m "$1" -c "$2" -s 1 -B 100 -D 60000 \
	    -X 60000 >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ "$i" -lt 50 ]; do
		pinned "$pid" >pins
		[ "$(wc -l <pins)" -ge 2 ] && break
		sleep 0.1
		i=$((i + 1))
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if [ "$(wc -l <pins)" -ge 2 ]; then
		sort -u pins | tr '\n' ' '
	else
		echo none
	fi
}
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
for m in mt mp; do
	got=$(placement "$m" same)
	check "-m $m -c same: worker and peer on one CPU ($got)" \
	    test "$(echo "$got" | wc -w)" -eq 1 -a "$got" != none
	if [ "$ncpu" -ge 2 ]; then
		got=$(placement "$m" cross)
		check "-m $m -c cross: worker and peer on two CPUs ($got)" \
		    test "$(echo "$got" | wc -w)" -eq 2
	else
		skip "-m $m -c cross: needs two CPUs, this machine has $ncpu"
	fi
done
run_line "pipe -N pipe_same -s 1 -x sock -m mp -c same"
# shellcheck disable=SC2016 # awk's fields, not the shell's
check "pipe -c same: clean, and the result line says same" \
    awk '$1 == "pipe_same" && $6 == 0 && $NF == "same" {f = 1}
    END {exit !f}' out
done_testing
