#!/bin/sh
# The statistics functions on fixed data with independently computed
# answers (tests/unit/stats.c).
. "$LM_TOP/tests/lib.sh"

if ${CC:-cc} -std=c99 -D_GNU_SOURCE -O1 -I"$LM_TOP" -o stats \
    "$LM_TOP/tests/unit/stats.c" "$LM_TOP/engine/stats.c" \
    "$LM_TOP/engine/util.c" -lm 2>cc.err; then
	./stats >tap
	rc=$?
	# Renumber the unit test's own lines into this script's sequence.
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "${line#ok [0-9]* - }" ;;
		"not ok "*) not_ok "${line#not ok [0-9]* - }" ;;
		esac
	done <tap
	[ "$rc" -eq 0 ] || not_ok "unit test exited $rc"
else
	not_ok "tests/unit/stats.c does not build"
	diag <cc.err
fi
done_testing
