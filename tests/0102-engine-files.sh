#!/bin/sh
# A file option (-f) naming a missing or unusable file is one line on
# stderr, exit 2, before anything runs; in every case whose usage lists
# "-f path" or "-f file".
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
. "$LM_TOP/tests/lib.sh"

"$BIN/read" -f /nonexistent/file >out 2>lm_err
rc=$?
if [ "$rc" -eq 2 ] && [ "$(cat lm_err)" = \
    "read: -f /nonexistent/file: No such file or directory" ]; then
	ok "read -f /nonexistent/file: exit 2: $(cat lm_err)"
else
	not_ok "read -f /nonexistent/file: exit $rc"
	diag <lm_err
fi

n=0
for f in "$BIN"/*; do
	if [ ! -x "$f" ] || [ ! -f "$LM_TOP/cases/${f##*/}.c" ]; then
		continue
	fi
	"$f" --help 2>/dev/null | grep -Eq '^  -f (path|file) ' || continue
	n=$((n + 1))
	name=${f##*/}
	if usage_fails "$f" -C 2 -D 0 -f /nonexistent/file &&
	    grep -q "^$name: -f /nonexistent/file: " lm_err; then
		ok "$name -f /nonexistent/file: exit 2, one line"
	else
		not_ok "$name -f /nonexistent/file: exit $lm_rc"
		head -3 lm_err | diag
	fi
done
check "found the cases with a file option ($n)" test "$n" -ge 15

if [ "$(id -u)" -eq 0 ]; then
	skip "running as root: access(2) grants every read and write"
	skip "running as root: access(2) grants every read and write"
else
	: >noread
	chmod 0 noread
	check "read of an unreadable file: exit 2, one line" \
	    usage_fails "$BIN/read" -f noread
	: >nowrite
	chmod 444 nowrite
	check "write to a read-only file: exit 2, one line" \
	    usage_fails "$BIN/write" -f nowrite
fi
dd if=/dev/zero of=data bs=1k count=64 2>/dev/null
"$BIN/read" -f data -C 2 -D 0 -H >out 2>err
check "read -f of an existing file runs" test "$?" -eq 0 -a -s out
done_testing
