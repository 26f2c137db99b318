#!/bin/sh
# A run whose system lacks what it measures prints the unsupported row
# (the FAILED row's shape, no error, "unsupported: REASON"), exits 0 and
# leaves nothing behind; lib/result.awk names the row.
# shellcheck disable=SC2016 # single quotes: awk programs
. "$LM_TOP/tests/lib.sh"

if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -Wall -Wextra -O1 -I"$LM_TOP" \
    -o unsupported "$LM_TOP/tests/fixtures/unsupported.c" \
    "$LM_TOP/libmicro.c" "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" \
    -lpthread -lm 2>cc.err; then
	not_ok "tests/fixtures/unsupported.c does not build"
	diag <cc.err
	done_testing
	exit 1
fi

# unsup_row FILE REASON: FILE's one result line is the unsupported row
# with REASON, read through lib/result.awk.
unsup_row() {
	awk -v why="$2" "$lm_rlawk"'
	$1 == "unsup" {
		n++
		split($0, f)
		if (rl_check(f, NF) != "" || rl_unsupported(f, NF) != why ||
		    $RL_PRC != 0 || $RL_USECS != "0.00000" || $RL_ERRORS != 0)
			{ print "bad row: " $0; bad = 1 }
	}
	END { exit bad || n != 1 }' "$1"
}

for w in optcheck initrun; do
	mkdir -p "t$w"
	TMPDIR=$LM_SCRATCH/t$w ./unsupported -N unsup -L -w "$w" \
	    >"$w.out" 2>"$w.err"
	rc=$?
	check "found in $w: exit 0, nothing on stderr" \
	    test "$rc" -eq 0 -a ! -s "$w.err"
	check "found in $w: the -L line, the header, then the row" \
	    awk 'NR == 1 && /^# \.\/unsupported/ {a = 1}
	    NR == 2 && $1 == "prc" {b = 1} END {exit !(a && b && NR == 3)}' \
	    "$w.out"
	check "found in $w: nothing left in the temp directory" \
	    test -z "$(ls -A "t$w")"
done
check "the reason ends in strerror when the format ends in ':'" \
    unsup_row optcheck.out "frobnicate: Function not implemented"
check "the reason is one line" unsup_row initrun.out "feature off in two lines"
check "--check passes an unsupported run (it would start and say so)" \
    ./unsupported --check -w optcheck
./unsupported -N unsup -w none -C 3 -D 1 >none.out 2>&1
check "a supported run's row is an ordinary one, not unsupported" \
    awk "$lm_rlawk"'$1 == "unsup" { split($0, f); n++
	bad = rl_check(f, NF) != "" || rl_unsupported(f, NF) != "" }
	END { exit bad || n != 1 }' none.out
check "nor a FAILED row" awk "$lm_rlawk"'BEGIN { split(rl_failed("x"), f)
	exit rl_unsupported(f, 8) != "" }'
done_testing
