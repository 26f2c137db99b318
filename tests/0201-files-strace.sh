#!/bin/sh
# The descriptor, path and I/O cases really make their call: run under
# strace -f -c with a fixed batch and sample count, each run of
# the files section of cases/suite makes its system call at least once per operation
# its result line reports (samples x cnt/samp), over and above what the
# engine alone makes (the nop case under the same options).
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

# The system calls that make each case's operation; glibc may use any of
# the alternatives (realpath checks each component with readlink).
calls_of() {
	case $1 in
	open) echo 'openat|open' ;;
	fcntl | fcntl_ndelay) echo 'fcntl|fcntl64' ;;
	lseek) echo 'lseek|_llseek' ;;
	isatty) echo 'ioctl' ;;
	stat) echo 'newfstatat|statx|stat|stat64|fstatat64' ;;
	realpath) echo 'readlink|readlinkat|newfstatat|lstat|statx' ;;
	pread) echo 'pread64|pread' ;;
	pwrite) echo 'pwrite64|pwrite' ;;
	*) echo "$1" ;;
	esac
}

# count TRACE PATTERN: calls of the matching system calls in strace -c.
count() {
	awk -v c="^($2)\$" '$NF ~ c { n += $4 } END { print n + 0 }' "$1"
}

# Wrappers named like the cases, so run_line runs them under strace.
REAL=$BIN
mkdir sbin
for c in nop $(suite_lines "$(suite_part files)" | awk '{print $1}' |
    sort -u); do
	printf '#!/bin/sh\nexec strace -f -c -o "%s/trace" "%s/%s" "$@"\n' \
	    "$PWD" "$REAL" "$c" >"sbin/$c"
	chmod +x "sbin/$c"
done
BIN=$PWD/sbin
QUICK="-B 50 -C 4 -D 0"

run_line "nop -N nop" </dev/null
mv trace base

suite_lines "$(suite_part files)" >lines
while IFS= read -r line; do
	rm -f trace
	run_line "$line" </dev/null
	ops=$(awk -v n="$lm_name" '$1 == n { print $5 * $7 }' out)
	what=$(calls_of "$lm_case")
	calls=$(($(count trace "$what") - $(count base "$what")))
	# chgetwd (-g): each operation is a chdir and a getcwd.
	if printf '%s\n' "$line" | grep -q '[[:space:]]-g\([[:space:]]\|$\)'
	then
		gets=$(($(count trace getcwd) - $(count base getcwd)))
		[ "$gets" -lt "$calls" ] && calls=$gets
		what="chdir and getcwd"
	fi
	if [ "$lm_rc" -eq 0 ] && [ -n "$ops" ] && [ "$ops" -ge 200 ] &&
	    [ "$calls" -ge "$ops" ]; then
		ok "$lm_name: $calls $what calls for $ops operations"
	else
		not_ok "$lm_name (exit $lm_rc): $calls $what calls for" \
		    "${ops:-no} operations"
		cat err trace 2>/dev/null | head -12 | diag
	fi
done <lines
done_testing
