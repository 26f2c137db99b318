#!/bin/sh
# The mapping cases really make their call: run under strace -f -c with
# a fixed batch and sample count, each suite run of mmap, munmap,
# mprotect and msync makes its system call at least once per operation
# that its result line reports (samples x cnt/samp; the engine's warm-up
# sample only adds calls).
. "$LM_TOP/tests/lib.sh"

if ! command -v strace >/dev/null 2>&1; then
	skip "strace is not installed"
	exit 0
fi
if ! strace -f -o /dev/null true >/dev/null 2>&1; then
	skip "strace cannot trace here (ptrace not permitted)"
	exit 0
fi
fixtures || { not_ok "fixtures"; exit 1; }

# Wrappers named like the cases, so run_line runs them under strace.
REAL=$BIN
mkdir sbin
for c in mmap munmap mprotect msync; do
	printf '#!/bin/sh\nexec strace -f -c -o "%s/trace" "%s/%s" "$@"\n' \
	    "$PWD" "$REAL" "$c" >"sbin/$c"
	chmod +x "sbin/$c"
done
BIN=$PWD/sbin
QUICK="-B 20 -C 4 -D 0"

suite_lines "$(suite_part memory)" |
    grep -E '^(mmap|munmap|mprotect|msync) ' >lines
while IFS= read -r line; do
	rm -f trace
	run_line "$line" </dev/null
	case $lm_case in
	mmap) call='mmap|mmap2' ;;
	*) call=$lm_case ;;
	esac
	ops=$(awk -v n="$lm_name" '$1 == n { print $5 * $7 }' out)
	calls=$(awk -v c="^($call)\$" '$NF ~ c { n += $4 }
	    END { print n + 0 }' trace 2>/dev/null)
	if [ "$lm_rc" -eq 0 ] && [ -n "$ops" ] && [ "$ops" -ge 80 ] &&
	    [ "${calls:-0}" -ge "$ops" ]; then
		ok "$lm_name: $calls $lm_case calls for $ops operations"
	else
		not_ok "$lm_name (exit $lm_rc): ${calls:-no} calls for" \
		    "${ops:-no} operations"
		cat err trace 2>/dev/null | head -10 | diag
	fi
done <lines
done_testing
