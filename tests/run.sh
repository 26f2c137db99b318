#!/bin/sh
# Runs every tests/NNNN-*.sh in a scratch directory of its own and counts
# the "ok N", "not ok N" and "# SKIP" lines they print.  T=pattern (from
# make test T=...) runs only the scripts whose names contain it.
# The last line is "N passed, N failed, N skipped"; the exit status is
# non-zero when anything failed.

top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
log=$(mktemp "${TMPDIR:-/tmp}/lmtests.XXXXXX") || exit 2
scratch=
tpid=
# timeout(1) puts its test in a process group of its own, out of reach
# of a terminal's ^C: an interrupt stops it here, and its scratch goes.
stop() {
	[ -n "$tpid" ] && kill -TERM "$tpid" 2>/dev/null && wait "$tpid"
	[ -n "$scratch" ] && chmod -R u+w "$scratch" 2>/dev/null
	[ -n "$scratch" ] && rm -rf "$scratch"
	exit "$1"
}
trap 'rm -f "$log"' EXIT
trap 'stop 130' INT TERM HUP
trap 'stop 141' PIPE

pass=0
fail=0
skip=0
for t in "$top"/tests/[0-9]*.sh; do
	name=$(basename "$t" .sh)
	case $name in *"${T:-}"*) ;; *) continue ;; esac
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/lmtest.XXXXXX") || exit 2
	echo "# $name"
	(cd "$scratch" && LM_TOP="$top" LM_SCRATCH="$scratch" \
	    exec timeout -k 10 900 sh "$t") >"$log" 2>&1 &
	tpid=$!
	wait "$tpid"
	rc=$?
	tpid=
	chmod -R u+w "$scratch" 2>/dev/null
	rm -rf "$scratch"
	scratch=
	cat "$log"
	p=$(grep -c '^ok ' "$log" | tr -d ' ')
	s=$(grep -c '^ok [0-9]* # SKIP' "$log" | tr -d ' ')
	f=$(grep -c '^not ok ' "$log" | tr -d ' ')
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name exited with status $rc"
		f=1
	fi
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name ran no test"
		f=1
	fi
	pass=$((pass + p - s))
	skip=$((skip + s))
	fail=$((fail + f))
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
