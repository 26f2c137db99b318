#!/bin/sh
# usage: sanitize.sh MODE BIN [MODE BIN...]
# What make sanitize and make valgrind run (tests/fuzz/san.sh); MODE is
# asan (BIN built with -fsanitize=address,undefined: canaries and the
# quick suite), tsan (BIN built with -fsanitize=thread: threaded runs)
# or valgrind (a plain BIN: single-process runs).  Prints ok / not ok
# lines; exits 1 if any is not ok.  Works in a temp directory.
LM_TOP=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
export LM_TOP
# shellcheck source=tests/lib.sh
. "$LM_TOP/tests/lib.sh"
# shellcheck source=tests/fuzz/san.sh
. "$LM_TOP/tests/fuzz/san.sh"

if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
	echo "usage: sanitize.sh asan|tsan|valgrind BIN [MODE BIN...]" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/lmsan.XXXXXX") || exit 2
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
while [ $# -ge 2 ]; do
	case $1 in
	asan | tsan | valgrind) ;;
	*) echo "sanitize.sh: unknown mode: $1" >&2; exit 2 ;;
	esac
	bin=$(cd "$2" && pwd) || exit 2
	mkdir "$work/$1"
	(cd "$work/$1" && case $1 in
	asan) san_asan "$bin" ;;
	tsan) san_tsan "$bin" ;;
	valgrind) san_valgrind "$bin" ;;
	esac) | tee -a "$work/log"
	shift 2
done
! grep -q '^not ok' "$work/log"
