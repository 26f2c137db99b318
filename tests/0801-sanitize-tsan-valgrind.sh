#!/bin/sh
# ThreadSanitizer: the engine and the threaded cases built with
# -fsanitize=thread; a canary race is reported, the threaded runs (both
# with worker processes and with -1) give no report.  valgrind: canaries
# fail, single-process runs of the plain build are clean and leave no
# temp file.  make sanitize and make valgrind run the same checks.
# shellcheck disable=SC1091 # lib.sh and san.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/fuzz/san.sh"

san=-fsanitize=thread
tbin=$LM_SCRATCH/bin-tsan
targets=$(san_cases "$SAN_TSAN_RUNS" | sed "s|^|$tbin/|")
# shellcheck disable=SC2086 # targets is a list of paths
if ! san_usable "$san"; then
	skip "${CC:-cc} cannot build and run with $san:" \
	    "$(head -n 1 san_probe.err)"
elif make -s -C "$LM_TOP" -j2 BIN="$tbin" CC="${CC:-cc}" \
    CFLAGS="$SAN_CFLAGS $san" LDFLAGS="$san" buildinfo $targets \
    >make.out 2>&1; then
	ok "the threaded cases build with $san"
	san_tsan "$tbin"
else
	not_ok "the threaded cases build with $san"
	tail -20 make.out | diag
fi

if ! command -v valgrind >/dev/null 2>&1; then
	skip "valgrind is not installed"
else
	san_valgrind "$BIN"
fi
done_testing
