#!/bin/sh
# No run of the pipes, sockets and polling fragment leaves anything
# behind.  Processes: each run starts a session of its own, which must be
# empty once the run has returned, also when the run is interrupted or
# killed.  Descriptors: each run with -1 under strace -ff, where every
# descriptor the process (or one of its threads) makes with socket,
# socketpair, accept, pipe, eventfd or epoll_create must be closed by it
# before it exits.
. "$LM_TOP/tests/lib.sh"

QUICK="-C 5 -D 1 -X 3000 -H"

# session_of FILE: the session id a run wrote into FILE, once it is there.
session_of() {
	i=0
	while [ ! -s "$1" ] && [ "$i" -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	cat "$1"
}

# left SID: the processes still in session SID, if any.
left() {
	ps -e -o sid= -o pid= -o args= | awk -v s="$1" '$1 == s'
}

# gone SID: wait up to 3 s for session SID to empty; its leftovers if not.
gone() {
	i=0
	while [ -n "$(left "$1")" ] && [ "$i" -lt 30 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	left "$1"
}

# in_session CMD...: run CMD in a new session, whose id goes to ./sid.
in_session() {
	rm -f sid
	# shellcheck disable=SC2016 # $$ is the inner shell's
	setsid sh -c 'echo $$ >sid; exec "$0" "$@"' "$@"
}

if ! command -v ps >/dev/null 2>&1 || ! command -v setsid >/dev/null 2>&1
then
	skip "no ps or setsid: cannot watch the process table"
else
	suite_lines "$(suite_part net)" >lines
	while IFS= read -r line; do
		set -f
		# shellcheck disable=SC2086 # a suite line is split into words
		set -- $line
		set +f
		c=$1
		shift
		for mode in "" "-T 2"; do
			# shellcheck disable=SC2086 # QUICK and mode are lists
			in_session timeout -k 5 60 "$BIN/$c" $QUICK $mode "$@" \
			    >out 2>err </dev/null
			rc=$?
			sid=$(session_of sid)
			rest=$(gone "$sid")
			if [ "$rc" -eq 0 ] && [ -n "$sid" ] && [ -z "$rest" ]; then
				ok "no process left: $line $mode"
			else
				not_ok "process left (exit $rc): $line $mode"
				printf '%s\n' "$rest" | cat - err | diag
			fi
		done
	done <lines

	# Interrupted and killed runs of the cases that make a peer process.
	for how in TERM INT KILL; do
		for mode in "" "-1" "-T 2"; do
			rm -f sid
			# shellcheck disable=SC2016,SC2086 # $$ is the inner sh's
			setsid sh -c 'echo $$ >sid; exec "$0" "$@"' "$BIN/pipe" \
			    -x tcp -m mp -B 1000 -C 100000 -D 20000 -X 30000 $mode \
			    >out 2>err </dev/null &
			pid=$!
			sid=$(session_of sid)
			sleep 1
			[ -n "$sid" ] && kill -"$how" "$sid"
			wait "$pid" 2>/dev/null
			rest=$(gone "$sid")
			if [ -n "$sid" ] && [ -z "$rest" ]; then
				ok "no process left after SIG$how: pipe -m mp $mode"
			else
				not_ok "process left after SIG$how: pipe -m mp $mode"
				printf '%s\n' "$rest" | diag
			fi
		done
	done
fi

# fd_left DIR ROOT: from strace -ff -ttt files DIR/t.TID, the descriptors
# that process ROOT and its threads made and did not close, one per line
# ("fd call"); the first line counts what was made and closed.
fd_left() {
	members=$(awk '
	    / (clone|clone3|fork|vfork)\(/ && / = [0-9]+$/ {
	        p = FILENAME; sub(/.*\./, "", p)
	        print p, $NF, ($0 ~ /CLONE_THREAD/)
	    }' "$1"/t.* | awk -v root="$2" '
	    { par[NR] = $1; kid[NR] = $2; thr[NR] = $3 }
	    END {
	        in_[root] = 1
	        do {
	            more = 0
	            for (i = 1; i <= NR; i++)
	                if (thr[i] && (par[i] in in_) && !(kid[i] in in_)) {
	                    in_[kid[i]] = 1; more = 1
	                }
	        } while (more)
	        for (t in in_) print t
	    }')
	for t in $members; do
		cat "$1/t.$t"
	done | sort -s -n -k1,1 | awk '
	    $2 ~ /^(socket|accept|accept4|eventfd2|epoll_create1)\(/ &&
	    $NF ~ /^[0-9]+$/ {
	        split($2, c, "("); open[$NF] = c[1]; made++
	    }
	    $2 ~ /^(pipe|pipe2|socketpair)\(/ && $NF == "0" &&
	    match($0, /\[[0-9]+, [0-9]+\]/) {
	        split(substr($0, RSTART + 1, RLENGTH - 2), f, ", ")
	        split($2, c, "(")
	        open[f[1]] = c[1]; open[f[2]] = c[1]; made += 2
	    }
	    $2 ~ /^close\(/ && $NF == "0" {
	        fd = $2; sub(/^close\(/, "", fd); sub(/\).*/, "", fd)
	        if (fd in open) { delete open[fd]; closed++ }
	    }
	    END {
	        print made + 0, closed + 0
	        for (fd in open) print fd, open[fd]
	    }'
}

if ! command -v strace >/dev/null 2>&1; then
	skip "strace is not installed: descriptors not checked"
elif ! strace -f -o /dev/null true >/dev/null 2>&1; then
	skip "strace cannot trace here: descriptors not checked"
else
	calls=socket,socketpair,pipe,pipe2,accept,accept4,eventfd2
	calls=$calls,epoll_create1,close,clone,clone3,fork,vfork
	suite_lines "$(suite_part net)" >lines
	while IFS= read -r line; do
		set -f
		# shellcheck disable=SC2086 # a suite line is split into words
		set -- $line
		set +f
		c=$1
		shift
		rm -rf tr pid
		mkdir tr
		# shellcheck disable=SC2016 # $$ is the inner shell's
		timeout -k 5 120 strace -ff -ttt -o tr/t -e trace="$calls" \
		    sh -c 'echo $$ >pid; exec "$0" "$@"' "$BIN/$c" -1 -H \
		    -B 20 -C 4 -D 0 "$@" >out 2>err </dev/null
		rc=$?
		fd_left tr "$(cat pid)" >fds
		read -r made closed <fds
		if [ "$rc" -eq 0 ] && [ "$(wc -l <fds)" -eq 1 ] &&
		    { [ "$made" -gt 0 ] || [ "$c" = futex ]; }; then
			ok "descriptors: $made made, $closed closed: $line"
		else
			not_ok "descriptors left (exit $rc): $line"
			cat fds err | head -10 | diag
		fi
	done <lines
fi
done_testing
