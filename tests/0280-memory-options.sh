#!/bin/sh
# Options of the memory and mapping cases: a bad value is one line on
# stderr and exit 2; a file that cannot be used is a clear runtime
# failure (exit 1), never a crash or a silent default.
. "$LM_TOP/tests/lib.sh"

for args in "mmap -l 0" "mmap -l x" "mmap -q" "munmap -l -8k" \
    "mprotect -l 100" "mprotect -l 0" "msync -l abc" "memset -s 0" \
    "memset -a x" "memcpy -s 1q" "memmove -o 0" "memmove -s x" \
    "memrand -s 10" "malloc -g 0" "malloc -g 5000" "malloc -s 0" \
    "cachetocache -s 1k"; do
	# shellcheck disable=SC2086 # split the case and its options
	set -- $args
	c=$1
	shift
	if usage_fails "$BIN/$c" "$@"; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done

fixtures || { not_ok "fixtures"; exit 1; }
# runtime_fails CMD...: exit 1, a message on stderr, no result line.
runtime_fails() {
	"$@" -C 2 -D 1 >out 2>err
	lm_rc=$?
	[ "$lm_rc" -eq 1 ] && [ -s err ] && ! grep -q ' 0 ' out
}
for c in mmap munmap mprotect msync; do
	check "$c -f on a missing file: exit 2, one line" \
	    usage_fails "$BIN/$c" -f "$LM_SCRATCH/nonexistent" -C 2 -D 1
done
# shellcheck disable=SC2016 # the inner shell expands them
check "mmap of 20m from a 10 MB file: exit 1, says it is shorter" \
    sh -c '"$1" -l 20m -f "$2" -C 2 -D 1 2>&1 >/dev/null |
    grep -q "shorter than -l"' sh "$BIN/mmap" "$TFILE"
check "mprotect of 2 x 8m chunks of a 10 MB file: exit 1" \
    runtime_fails "$BIN/mprotect" -B 2 -l 8m -f "$TFILE"
done_testing
