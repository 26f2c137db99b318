#!/bin/sh
# Nothing of ours is left behind: after a whole quick-suite run, and after
# runs of the wrapper cut short by SIGINT, SIGTERM and SIGKILL at random
# moments (LM_SEED, default 8100, decides which and when), there is no
# process of ours (after SIGKILL the case that was running may go on,
# but must end by itself within its limit), no System V IPC object, no
# POSIX shared memory, no socket, nothing new in TMPDIR, and the temp
# roots hold just what they held before.  Worker processes killed from
# outside end their run at once, with a message.  As root, the test runs
# in IPC, network and mount namespaces of its own, with its own
# /dev/shm, so whatever appears there is ours and nobody else's.
# shellcheck disable=SC1091 # lib.sh is found at run time
. "$LM_TOP/tests/lib.sh"

if [ -z "${LM_ISOLATED:-}" ] && [ "$(id -u)" -eq 0 ]; then
	if command -v ip >/dev/null 2>&1 && unshare --ipc --net --mount \
	    ip link set lo up 2>/dev/null; then
		LM_ISOLATED=ipc,net,mount exec unshare --ipc --net --mount \
		    sh "$0"
	elif unshare --ipc --mount true 2>/dev/null; then
		LM_ISOLATED=ipc,mount exec unshare --ipc --mount sh "$0"
	fi
fi
LM_ISOLATED=${LM_ISOLATED:-none}
case $LM_ISOLATED in
*net*)
	ip link set lo up 2>/dev/null ||
	    { not_ok "cannot bring up lo in the new network namespace"; exit 1; }
	;;
esac
case $LM_ISOLATED in
*mount*)
	mount -t tmpfs -o size=64m,mode=1777 lmshm /dev/shm 2>/dev/null ||
	    LM_ISOLATED=$(echo "$LM_ISOLATED" | sed 's/,mount//')
	;;
esac
echo "# namespaces of its own: $LM_ISOLATED"

SEED=${LM_SEED:-8100}
W=$LM_TOP/wrapper.sh
S=$LM_SCRATCH
mkdir bin troot vroot tmp run
cp -p "$BIN"/* bin/ && cp -p "$BIN/.buildinfo" bin/ 2>/dev/null
if ! ${CC:-cc} -o session "$LM_TOP/tests/fuzz/session.c" 2>cc.err; then
	skip "cannot build tests/fuzz/session.c: $(head -n 1 cc.err)"
	done_testing
	exit 0
fi
for d in troot vroot tmp; do
	echo "kept $d" >"$d/keep"
done
export TMPDIR="$S/tmp"

# ours: pids of the processes of ours: in the session of a wrapper we
# started, running a binary of our copy, or working under the scratch
# directory (this script works in it, not under it).
sids=
ours() {
	{
		cat /proc/[0-9]*/stat 2>/dev/null | awk -v s=" $sids " '{
			pid = $1
			sub(/.*\) /, "")	# past the command name
			if (index(s, " " $4 " ")) print pid
		}'
		# shellcheck disable=SC2012 # ls -l shows where links lead
		ls -l /proc/[0-9]*/exe /proc/[0-9]*/cwd 2>/dev/null |
		    awk -v top="$S/" -v shm=/dev/shm/libmicro. '
		    index($NF, top) == 1 || index($NF, shm) == 1 {
			split($(NF - 2), a, "/"); print a[3] }'
	} | sort -u | grep -v "^$$\$"
}

# procs_gone SECS: wait up to SECS for our processes to end; lists them
# if they did not.
procs_gone() {
	pg_end=$(($(date +%s) + $1))
	while [ -n "$(ours)" ] && [ "$(date +%s)" -lt "$pg_end" ]; do
		sleep 0.2
	done
	for p in $(ours); do
		printf '%s %s\n' "$p" "$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"
	done
}

ipc_list() { ipcs -m -s -q 2>/dev/null | awk '$1 ~ /^0x/ { print $1, $2 }'; }
shm_list() { ls -A /dev/shm 2>/dev/null; }
# Sockets but those in TIME-WAIT, which the kernel ends by itself.
sock_list() {
	ss -a -n -H -t -u -x -w 2>/dev/null | awk '$2 != "TIME-WAIT"'
}
roots_list() {
	for d in troot vroot tmp; do
		# shellcheck disable=SC2012 # our own names, one a line
		ls -A "$d" | sed "s|^|$d/|"
	done
	cat troot/keep vroot/keep tmp/keep
}

ipc_before=$(ipc_list)
shm_before=$(shm_list)
roots_before=$(roots_list)
case $LM_ISOLATED in *net*) sock_before=$(sock_list) ;; *) sock_before= ;; esac
nchecks=0

# leftovers WHAT: every kind of leftover, one check each.
leftovers() {
	lo_p=$(procs_gone 3)
	lo_i=$(ipc_list)
	lo_s=$(shm_list)
	lo_r=$(roots_list)
	nchecks=$((nchecks + 5))
	check "$1: no process of ours" test -z "$lo_p"
	[ -z "$lo_p" ] || printf '%s\n' "$lo_p" | diag
	check "$1: no System V IPC object" test "$lo_i" = "$ipc_before"
	[ "$lo_i" = "$ipc_before" ] || printf '%s\n' "$lo_i" | diag
	check "$1: nothing new in /dev/shm" test "$lo_s" = "$shm_before"
	[ "$lo_s" = "$shm_before" ] || printf '%s\n' "$lo_s" | diag
	check "$1: the temp roots and TMPDIR as before" \
	    test "$lo_r" = "$roots_before"
	[ "$lo_r" = "$roots_before" ] || find troot vroot tmp -ls | diag
	case $LM_ISOLATED in
	*net*)
		lo_k=$(sock_list)
		check "$1: no socket" test "$lo_k" = "$sock_before"
		[ "$lo_k" = "$sock_before" ] || printf '%s\n' "$lo_k" | diag
		;;
	*)
		skip "$1: sockets: no network namespace of our own (not root?)"
		;;
	esac
}

# start ARGS...: the wrapper in a session of its own, from ./run; its pid
# (and session id) in wpid.
start() {
	(cd run && exec ../session sh "$W" -Q -q -b "$S/bin" -l 10 "$@") \
	    >run/out 2>run/err </dev/null &
	wpid=$!
	sids="$sids $wpid"
}

# The whole quick suite.  Its runs get 60 s each, not 10: memset_4k_uc
# touches a 1 GB region, which took over 10 s on a loaded host, and this
# run is about leftovers, not time.
t0=$(date +%s)
start -t "$S/troot" -d "$S/vroot" -o "$S/full.txt" -l 60
wait "$wpid"
rc=$?
runs=$(grep -c '^# bin/' full.txt)
check "a whole quick-suite run: exit $rc, $runs runs, $(($(date +%s) - t0)) s" \
    test "$rc" -eq 0
[ "$rc" -eq 0 ] || grep -A3 ' FAILED$' full.txt | head -20 | diag
leftovers "after a whole run"

# Interrupted runs: signal, moment (ms into the run) and shuffle seed
# from a Park-Miller generator, the same under every awk.
awk -v seed="$SEED" 'BEGIN {
	x = seed % 2147483646 + 1
	n = split("INT TERM KILL INT TERM KILL", sig, " ")
	for (i = 1; i <= n; i++) {
		x = (x * 16807) % 2147483647
		ms = 300 + x % 5700
		x = (x * 16807) % 2147483647
		print sig[i], ms, x % 1000000
	}
}' >plan
echo "# seed $SEED: $(tr '\n' ';' <plan)"
n=0
while read -r sig ms z; do
	n=$((n + 1))
	# Every other run uses the wrapper's default fast root, /dev/shm:
	# in a mount namespace of our own, nobody else's.
	troot="-t $S/troot"
	case $LM_ISOLATED in *mount*) [ $((n % 2)) -eq 0 ] && troot= ;; esac
	what="SIG$sig at $ms ms${troot:+ (-t)}"
	# Three passes, so that even a fast machine is still at it.
	# shellcheck disable=SC2086 # troot is empty or two words
	start $troot -d "$S/vroot" -z "$z" -r 3 -o "$S/int.txt"
	sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
	if ! kill -0 "$wpid" 2>/dev/null; then
		not_ok "$what: the wrapper had ended before the signal"
		continue
	fi
	# shellcheck disable=SC2012 # ls -l shows where links lead
	running=$(ls -l /proc/[0-9]*/exe 2>/dev/null | awk -v b="$S/bin/" '
	    index($NF, b) == 1 { c = substr($NF, length(b) + 1) }
	    END { print c }')
	kill -s "$sig" "$wpid"
	wait "$wpid" 2>/dev/null
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; *) want=137 ;; esac
	done_runs=$(grep -c '^# bin/' int.txt)
	at="after $done_runs runs${running:+, in $running}"
	check "$what, $at: the wrapper dies by it ($rc)" \
	    test "$rc" -eq "$want"
	if [ "$sig" = KILL ]; then
		# The case under way may go on: it must end within -X (2 s)
		# plus its batch, and well within the wrapper's -l 10.
		t0=$(date +%s)
		left=$(procs_gone 20)
		nchecks=$((nchecks + 1))
		check "$what: the orphaned run ends by itself ($(($(date +%s) - t0)) s)" \
		    test -z "$left"
		[ -z "$left" ] || printf '%s\n' "$left" | diag
		# Nothing can clean up after SIGKILL: the wrapper's own two
		# roots stay, holding its fixtures and nothing else.
		for r in troot/libmicro.* vroot/libmicro.* \
		    /dev/shm/libmicro.*; do
			[ -d "$r" ] || continue
			find "$r" -mindepth 1 ! -path "$r/.wrapper*" \
			    ! -path "$r/[0-9]*" ! -name data ! -name ifile \
			    ! -name bin >>stray
			chmod -R u+w "$r"
			rm -rf "$r"
		done
		nchecks=$((nchecks + 1))
		check "$what: the wrapper's roots hold only its fixtures" \
		    test ! -s stray
		diag <stray
		rm -f stray
	fi
	leftovers "$what"
done <plan

# Worker processes killed from outside (as the OOM killer would): the
# run ends at once, with a message, and removes its temp file.  A worker
# killed while waiting at the barrier once left the parent blocked for
# good in pthread_cond_broadcast.
children() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v p="$1" '{
		pid = $1; sub(/.*\) /, ""); if ($2 == p) print pid }'
}
hung=0
slow=
for k in 1 2 3 4 5 6 7 8; do
	ms=$(awk -v k="$k" -v s="$SEED" 'BEGIN {
		print 100 + (s * 7919 + k * 104729) % 400 }')
	"$S/bin/read" -P 4 -s 1k -C 100000 -D 5000 -X 5000 >"kw.$k" \
	    2>"kw.$k.err" </dev/null &
	pid=$!
	sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
	# shellcheck disable=SC2046 # a list of pids
	kill -9 $(children "$pid") 2>/dev/null
	t0=$(date +%s)
	i=0
	while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		hung=$((hung + 1))
		# shellcheck disable=SC2046 # a list of pids
		kill -9 "$pid" $(children "$pid") 2>/dev/null
	fi
	wait "$pid" 2>/dev/null
	rc=$?
	grep -q 'worker process [0-9]* died: signal 9' "kw.$k.err" &&
	    [ "$rc" -eq 1 ] || slow="$slow $k(exit $rc: $(head -c 80 "kw.$k.err"))"
done
check "workers killed from outside: the run ends within 5 s, 8 of 8" \
    test "$hung" -eq 0
check "... with exit 1 and a message naming the dead worker" test -z "$slow"
[ -z "$slow" ] || echo "$slow" | diag
nchecks=$((nchecks + 1))
check "... and leaves nothing in TMPDIR" test "$(roots_list)" = "$roots_before"
echo "# $nchecks leftover checks"
done_testing
