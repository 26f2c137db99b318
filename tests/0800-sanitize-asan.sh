#!/bin/sh
# AddressSanitizer and UndefinedBehaviorSanitizer: every case built with
# both into the scratch directory; canaries show that a report fails its
# run (a FAILED row, wrapper exit 1); then the whole quick suite, once in
# worker processes and once with -1, gives zero reports.  make sanitize
# runs the same checks (tests/fuzz/san.sh).
# shellcheck disable=SC1091 # lib.sh and san.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/fuzz/san.sh"

san=-fsanitize=address,undefined
if ! san_usable "$san"; then
	skip "${CC:-cc} cannot build and run with $san:" \
	    "$(head -n 1 san_probe.err)"
	done_testing
	exit 0
fi
t0=$(date +%s)
if make -s -C "$LM_TOP" -j2 BIN="$LM_SCRATCH/bin-asan" CC="${CC:-cc}" \
    CFLAGS="$SAN_CFLAGS $san" LDFLAGS="$san" >make.out 2>&1; then
	ok "every case builds with $san ($(($(date +%s) - t0)) s)"
	san_asan "$LM_SCRATCH/bin-asan"
else
	not_ok "every case builds with $san"
	tail -20 make.out | diag
fi
done_testing
