#!/bin/sh
# Started by hand with no -f (or no directories), each case of the files
# family makes what it needs in a private directory under $TMPDIR, gives
# a clean result, and leaves nothing behind; also with several workers,
# and when it is stopped by a signal in the middle of the run.
. "$LM_TOP/tests/lib.sh"

mkdir tmp
TMPDIR=$LM_SCRATCH/tmp
export TMPDIR

# left: nothing is left in $TMPDIR.
left() {
	[ -z "$(ls -A "$TMPDIR")" ] || { ls -lAR "$TMPDIR"; return 1; }
}

for args in "read" "read -w" "pread" "pread -w" "write" "writev" \
    "pwrite" "open" "close" "close -b" "dup" "fcntl" "fcntl_ndelay" \
    "lseek" "isatty" "stat" "chdir" "chdir -g" "realpath" \
    "read -P 2 -T 2 -s 100k" "write -P 2 -T 2 -s 100k" \
    "writev -T 2" "close -T 2" "open -P 2" "chdir -1 -T 2 -g"; do
	set -f
	# shellcheck disable=SC2086 # split the arguments on purpose
	set -- $args
	set +f
	c=$1
	shift
	# shellcheck disable=SC2086 # QUICK is a list of options
	"$BIN/$c" $QUICK -N standalone "$@" </dev/null >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ] && result_ok standalone out >why && left >>why
	then
		ok "$args: $(awk '$1 == "standalone" { print $4 }' out)" \
		    "us/call, nothing left in TMPDIR"
	else
		not_ok "$args: exit $rc"
		cat why err | head -10 | diag
	fi
	rm -rf "${TMPDIR:?}"/*
done

# A run stopped by SIGTERM in the middle still removes its files.
for c in read writev chdir realpath isatty; do
	"$BIN/$c" -D 20000 -X 30000 </dev/null >out 2>err &
	pid=$!
	sleep 1
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null
	rc=$?
	if [ "$rc" -ne 0 ] && left >why; then
		ok "$c stopped by SIGTERM (exit $rc): nothing left in TMPDIR"
	else
		not_ok "$c stopped by SIGTERM: exit $rc"
		cat why err | head -10 | diag
	fi
	rm -rf "${TMPDIR:?}"/*
done
done_testing
