#!/bin/sh
# The file I/O cases rewind instead of running off the end or growing a
# file, say so when a read comes up short, refuse bad options with exit
# 2, and stop with exit 1 and a message when a file cannot be opened.
. "$LM_TOP/tests/lib.sh"

fixtures || { not_ok "fixtures"; exit 1; }
Q="-C 3 -D 0 -H"

# run NAME CASE ARGS...: a quick run; its result line in ./out.
run() {
	lm_name=$1
	shift
	c=$1
	shift
	# shellcheck disable=SC2086 # Q is a list of options
	"$BIN/$c" $Q -N "$lm_name" "$@" </dev/null >out 2>err
}

# Reading 15 MB per sample from the 10 MB file wraps, with no short read.
run wrapread read -s 100k -B 150 -f "$TFILE"
check "read passes the end of the file and rewinds, 0 errors" \
    result_ok wrapread out

# A file whose size is not a multiple of -s: writes rewind before the
# end, so the file keeps its size and (zeros over zeros) its contents.
dd if=/dev/zero of=odd bs=1000 count=1000 2>/dev/null
want=$(cksum <odd)
for args in "read -s 300k" "write -s 300k" "writev -s 100k -v 3" \
    "pwrite -s 300k" "pread -s 300k"; do
	set -f
	# shellcheck disable=SC2086 # split the arguments on purpose
	run odd $args -B 20 -f odd
	set +f
	if result_ok odd out >why && [ "$(cksum <odd)" = "$want" ]; then
		ok "$args -B 20 on a 1000000-byte file: 0 errors, file unchanged"
	else
		not_ok "$args on a 1000000-byte file: $(cksum <odd)"
		cat why err | head -5 | diag
	fi
done

# A file shorter than one write grows to one write, no further.
dd if=/dev/zero of=short bs=1000 count=1 2>/dev/null
run short write -s 4k -B 10 -f short
check "write -s 4k on a 1000-byte file: the file ends at 4096 bytes" \
    test "$(wc -c <short | tr -d ' ')" -eq 4096

# A file shorter than one read: every read is short and counted.
run shortread read -s 8k -B 10 -f short
# errors_counted NAME: the result line of NAME reports errors.
errors_counted() {
	# shellcheck disable=SC2016 # an awk program
	awk -v n="$1" '$1 == n && $6 > 0 { f = 1 } END { exit !f }' out
}
check "read -s 8k of a 4k file counts its short reads as errors" \
    errors_counted shortread

# isatty says what it tested.
run tty isatty
check "isatty with no terminal on stdin tests a pseudo-terminal" \
    grep -q '^tty .* pty$' out
run notty isatty -f "$IFILE"
check "isatty -f FILE tests the file" grep -q '^notty .* file$' out
check "isatty -f FILE: 0 errors" result_ok notty out
if command -v script >/dev/null 2>&1; then
	script -qec "$BIN/isatty $Q -N stdin" /dev/null </dev/null |
	    tr -d '\r' >out 2>err
	check "isatty with a terminal on stdin tests stdin" \
	    grep -q '^stdin .* stdin$' out
	check "isatty with a terminal on stdin: 0 errors" result_ok stdin out
else
	skip "script(1) is not installed: no terminal to test stdin with"
fi

for args in "read -s abc" "read -s 0" "write -s -1" "pread -s 1x" \
    "writev -v 0" "writev -v 99999" "lseek -s x" "close -q" \
    "chdir $TDIR1 relative/dir"; do
	set -f
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails "$BIN/"$args; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
	set +f
done

# A -f file that is missing is a usage error, found while parsing: one
# line naming it, exit 2, before anything runs.
for c in read write writev pread pwrite close fcntl lseek isatty dup \
    open stat realpath; do
	# shellcheck disable=SC2086 # Q is a list of options
	"$BIN/$c" $Q -f "$LM_SCRATCH/missing" </dev/null >out 2>err
	rc=$?
	if [ "$rc" -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] &&
	    grep -q "^$c: -f $LM_SCRATCH/missing: " err; then
		ok "$c -f missing: exit 2, says why: $(head -1 err)"
	else
		not_ok "$c -f missing: exit $rc, stderr: $(head -3 err)"
	fi
done
done_testing
