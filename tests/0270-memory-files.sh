#!/bin/sh
# Files: started by hand (no -f), the mapping cases make their scratch
# file in a private directory under $TMPDIR and leave nothing behind, even
# when interrupted; suite runs on $TFILE and $VFILE leave those files as
# they were (same size and checksum).
. "$LM_TOP/tests/lib.sh"

mkdir tmp
TMPDIR=$PWD/tmp
export TMPDIR
empty() { [ -z "$(ls -A "$TMPDIR")" ]; }

for args in "mmap -w" "mmap -r -l 128k" "munmap -w" "mprotect -w -t" \
    "msync" "msync -w -l 128k"; do
	set -f
	# shellcheck disable=SC2086 # split the case and its options
	set -- $args
	set +f
	c=$1
	shift
	# shellcheck disable=SC2086 # QUICK is a list of options
	"$BIN/$c" $QUICK "$@" >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ] && result_ok "$c" out >why && empty; then
		ok "$args: runs, \$TMPDIR left empty"
	else
		not_ok "$args (exit $rc)"
		{ cat why err; ls -AR "$TMPDIR"; } | head -10 | diag
	fi
done

# The scratch file is really made in a private directory of $TMPDIR.
if command -v strace >/dev/null 2>&1 &&
    strace -f -o /dev/null true >/dev/null 2>&1; then
	for c in mmap munmap msync; do
		# shellcheck disable=SC2086 # QUICK is a list of options
		strace -f -e trace=openat -o trace "$BIN/$c" $QUICK >out 2>&1
		check "$c: maps a scratch file in \$TMPDIR/libmicro.XXXXXX" \
		    grep -q "\"$TMPDIR/libmicro\.[^/]*/[a-z]*\"" trace
	done
else
	skip "strace is not available to see the scratch file"
fi

# Interrupted mid-run, the scratch directory goes too.
"$BIN/msync" -w -C 5 -D 5000 -X 6000 >out 2>err &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
check "msync interrupted by SIGINT: \$TMPDIR left empty" empty

# Suite runs on the fixtures leave them as they were.
fixtures || { not_ok "fixtures"; exit 1; }
sum() { cksum "$TFILE" "$VFILE" "$IFILE"; }
before=$(sum)
suite_lines "$(suite_part memory)" | grep -E '\$[TV]FILE' >lines
n=0
bad=0
while IFS= read -r line; do
	run_line "$line" </dev/null
	n=$((n + 1))
	if [ "$lm_rc" -ne 0 ]; then
		bad=1
		echo "$line: exit $lm_rc" | diag
	fi
done <lines
check "$n suite runs on \$TFILE and \$VFILE all ran" [ "$bad" -eq 0 ]
after=$(sum)
check "\$TFILE, \$VFILE and \$IFILE keep their size and checksum" \
    [ "$before" = "$after" ]
done_testing
