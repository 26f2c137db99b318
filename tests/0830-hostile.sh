#!/bin/sh
# A hostile environment: a read-only or a full TMPDIR, a read-only or a
# full fast temp root, a disk temp root that does not exist, a limit of
# 64 descriptors, a process limit too low for fork_1000, no /proc.  Each
# run that cannot work says why and fails alone, as a FAILED row, while
# the rest of the suite runs; a root the wrapper cannot use stops it at
# once with one line; nothing crashes and nothing is left behind.  The
# mounts (tmpfs, over /proc) are made in mount namespaces of their own,
# so none outlives the test; without root those parts are skipped.
# shellcheck disable=SC1091 # lib.sh is found at run time
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
S=$LM_SCRATCH
# Root with mount namespaces can mount a tmpfs anywhere, for itself.
mounts=
[ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null && mounts=1

# The runs that need the engine's own temp directory (no -f), between
# two that need nothing.
cat >suite.tmp <<'EOF'
getpid -N getpid_before
read -N read_own -s 1k
mmap -N mmap_own -l 8k
stat -N stat_own
cascade_flock -N c_flock_own
getpid -N getpid_after
EOF

# judge FILE WHY PASS...: every row of FILE is clean or a FAILED row
# whose stderr says WHY (an extended regex); no run was killed or timed
# out; at least one failed; the runs named PASS... are clean.
judge() {
	jf=$1
	jwhy=$2
	shift 2
	awk -v why="$jwhy" -v pass=" $* " '
	function close_run() {
		if (name != "" && failed && !said)
			bad = bad " " name "(no reason)"
	}
	/^# bin\// { close_run(); name = ""; failed = said = 0; next }
	/^[!#]/ || $1 == "prc" || NF < 7 { 
		if (failed && $0 ~ /^# stderr: / && $0 ~ why)
			said = 1
		if (failed && $0 ~ /^# FAILED: .*(killed by|timed out)/)
			bad = bad " " name "(" $0 ")"
		next
	}
	{
		name = $1
		failed = $NF == "FAILED"
		nf += failed
		if (!failed && $6 != 0)
			bad = bad " " name "(errors)"
		if (index(pass, " " name " ") && failed)
			bad = bad " " name "(should pass)"
		if (index(pass, " " name " "))
			seen++
	}
	END {
		close_run()
		if (nf == 0)
			bad = bad " (no run failed)"
		if (seen != split(pass, p, " "))
			bad = bad " (a clean run is missing)"
		if (bad != "") {
			print "bad:" bad
			exit 1
		}
		print nf " runs failed, each saying why"
	}' "$jf"
}

# nothing_left DIR...: each DIR is empty.
nothing_left() {
	for nl_d in "$@"; do
		[ -z "$(ls -A "$nl_d")" ] || { ls -A "$nl_d"; return 1; }
	done
}

# clean_after LIST DIR...: LIST (what in_tmpfs found left) is empty and
# so is each DIR.
clean_after() {
	ca_l=$1
	shift
	! { test -s "$ca_l" && cat "$ca_l"; } && nothing_left "$@"
}

# scenario WHAT FILE WHY PASS...: the wrapper exited 1; judge the rows;
# nothing left in the roots.
scenario() {
	sc_what=$1
	sc_file=$2
	shift 2
	if [ "$rc" -eq 1 ] && judge "$sc_file" "$@" >judge.out 2>&1; then
		ok "$sc_what: $(cat judge.out)"
	else
		not_ok "$sc_what: wrapper exit $rc"
		{ cat judge.out; grep -A4 ' FAILED$' "$sc_file" | head -30
		  cat "$sc_file.err"; } | diag
	fi
}

# ---- TMPDIR read-only, then full --------------------------------------

# in_tmpfs DIR OPTS FILL LIST CMD...: CMD in a mount namespace of its
# own, with a tmpfs mounted on DIR (filled up when FILL is "full"); what
# is left on it afterwards is listed in LIST.  CMD's status.
in_tmpfs() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m sh -c 'd=$1 o=$2 f=$3 l=$4
	    shift 4
	    mount -t tmpfs -o "$o" lmtest "$d" || exit 125
	    [ "$f" != full ] || dd if=/dev/zero of="$d/fill" bs=4k 2>/dev/null
	    "$@"
	    rc=$?
	    ls -A "$d" | grep -v "^fill$" >"$l"
	    exit "$rc"' sh "$@"
}

if [ -n "$mounts" ]; then
	for how in ro full; do
		rm -rf t d
		mkdir t d "$how"
		opts=size=256k
		[ "$how" = ro ] && opts=ro,size=64k
		in_tmpfs "$S/$how" "$opts" "$how" "$how.left" \
		    env TMPDIR="$S/$how" sh "$W" -Q -q -l 20 -b "$BIN" \
		    -t "$S/t" -d "$S/d" -s "$S/suite.tmp" -o "$S/$how.txt" \
		    2>"$how.txt.err" </dev/null
		rc=$?
		why="No space left on device"
		[ "$how" = ro ] && why="Read-only file system"
		scenario "$how TMPDIR" "$how.txt" "$why" getpid_before \
		    getpid_after
		check "$how TMPDIR: nothing left in it or in the temp roots" \
		    clean_after "$how.left" t d
	done

	# The wrapper's fast root read-only, then full: it stops at once.
	for how in ro full; do
		rm -rf d
		mkdir d "$how-t"
		opts=size=2m
		[ "$how" = ro ] && opts=ro,size=2m
		in_tmpfs "$S/$how-t" "$opts" "$how" "$how-t.left" \
		    sh "$W" -Q -q -b "$BIN" -t "$S/$how-t" -d "$S/d" \
		    -s "$S/suite.tmp" -o "$S/root-$how.txt" \
		    2>"root-$how.err" </dev/null
		rc=$?
		msg=$(tail -n 1 "root-$how.err")
		check "-t on a $how file system: exit 1 ($rc), saying: $msg" \
		    test "$rc" -eq 1 -a -z "${msg##wrapper.sh: cannot *}"
		[ "$rc" -eq 1 ] || diag <"root-$how.err"
		check "-t on a $how file system: nothing left in -t or -d" \
		    clean_after "$how-t.left" d
	done
elif [ "$(id -u)" -eq 0 ]; then
	skip "root without mount namespaces: no tmpfs, and modes do not stop root"
else
	# Not root: permissions make a directory read-only (no full one).
	rm -rf t d ro
	mkdir t d ro
	chmod 555 ro
	TMPDIR=$S/ro sh "$W" -Q -q -l 20 -b "$BIN" -t "$S/t" -d "$S/d" \
	    -s "$S/suite.tmp" -o "$S/ro.txt" 2>ro.txt.err </dev/null
	rc=$?
	scenario "read-only TMPDIR (mode 555)" ro.txt "Permission denied" \
	    getpid_before getpid_after
	check "read-only TMPDIR: nothing left in it or in the temp roots" \
	    nothing_left ro t d
	skip "not root: no tmpfs to fill up"
fi

# ---- -d names a directory that does not exist -------------------------

rm -rf t
mkdir t
sh "$W" -Q -q -b "$BIN" -t "$S/t" -d "$S/no/such/dir" -s suite.tmp \
    -o nodir.txt 2>nodir.err </dev/null
rc=$?
check "-d missing: exit 2, one line: $(cat nodir.err)" \
    test "$rc" -eq 2 -a "$(wc -l <nodir.err)" -eq 1
check "-d missing: nothing made in -t" nothing_left t
check "-d missing: the directory is not made either" test ! -e "$S/no"

# ---- 64 descriptors ----------------------------------------------------

rm -rf t d
mkdir t d
# shellcheck disable=SC3045 # ulimit -n: in every shell we run under
(ulimit -n 64 && exec sh "$W" -Q -q -l 20 -b "$BIN" -t "$S/t" -d "$S/d" \
    -o "$S/nofile.txt" -n getpid -n 'dup' -n 'open_*' -n 'close_*' \
    -n 'poll_*' -n 'select_*' -n 'epoll_*' -n socket_u -n 'c_flock*' \
    -n getrandom) 2>nofile.txt.err </dev/null
rc=$?
scenario "ulimit -n 64" nofile.txt "Too many open files|descriptor" \
    getpid getrandom
check "ulimit -n 64: nothing left in the temp roots" nothing_left t d

# ---- a process limit too low for fork_1000 ----------------------------

# Root is not held to RLIMIT_NPROC: run as nobody.  Another user runs
# as itself, with room for the processes it already has.
user=
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	user=$(id -u nobody 2>/dev/null || echo 65534)
	chmod 755 "$S"
fi
if ! command -v prlimit >/dev/null 2>&1; then
	skip "no prlimit: cannot lower RLIMIT_NPROC"
elif [ "$(id -u)" -eq 0 ] && [ -z "$user" ]; then
	skip "root and no setpriv: cannot run as a user held to RLIMIT_NPROC"
else
	rm -rf t d u
	mkdir t d u
	limit=200
	if [ -n "$user" ]; then
		chown "$user" t d u
		as="setpriv --reuid=$user --regid=$user --clear-groups"
	else
		as=
		# shellcheck disable=SC2009 # ps is POSIX, pgrep is not
		limit=$(($(ps -e -o uid= | grep -c "^ *$(id -u)\$") + 200))
	fi
	# shellcheck disable=SC2086 # as is a command or nothing
	$as prlimit --nproc="$limit" sh "$W" -Q -q -l 20 -b "$BIN" \
	    -t "$S/t" -d "$S/d" -o "$S/u/nproc.txt" -n getpid -n fork_10 \
	    -n fork_100 -n fork_1000 -n exit_1000 -n getrandom \
	    2>nproc.err </dev/null
	rc=$?
	cp nproc.err u/nproc.txt.err
	what="${user:+nobody, }$limit processes"
	scenario "$what" u/nproc.txt "RLIMIT_NPROC" getpid fork_10 \
	    fork_100 getrandom
	check "$what: fork_1000 is one that failed" \
	    grep -q '^fork_1000 .* FAILED$' u/nproc.txt
	check "$what: nothing left in the temp roots" nothing_left t d
fi

# ---- no /proc ----------------------------------------------------------

if [ -n "$mounts" ]; then
	rm -rf t d
	mkdir t d
	unshare -m sh -c 'mount -t tmpfs -o ro,size=4k lmproc /proc &&
	    exec "$@"' sh sh "$W" -Q -q -l 20 -b "$BIN" -t "$S/t" -d "$S/d" \
	    -o "$S/noproc.txt" -n getpid -n fork_10 -n exec -n system \
	    -n pthread_8 -n c_mutex_10 -n cachetocache -n mmap_t8k \
	    -n 'pipe_p*' -n semop -n 'read_t1k' 2>noproc.err </dev/null
	rc=$?
	n=$(grep -c '^# bin/' noproc.txt)
	check "no /proc: exit 0 ($rc), $n runs, none failed" \
	    test "$rc" -eq 0 -a "$n" -gt 5
	[ "$rc" -eq 0 ] || { grep -A4 ' FAILED$' noproc.txt; cat noproc.err; } |
	    head -30 | diag
	check "no /proc: the header says what it could not find" \
	    grep -q '^!Memory: *unknown$' noproc.txt
	check "no /proc: nothing left in the temp roots" nothing_left t d
else
	skip "no mount namespace of our own (not root?): cannot hide /proc"
fi
done_testing
