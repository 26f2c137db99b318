#!/bin/sh
# multiview.sh -T: a synthetic series of twelve files with known changes
# (tests/data/multiview/series.sh) comes out with each change at its
# file and of its size, the rows that never change with none, a lone
# bad file as no step, a drift as one drift, a last-file step said to
# be one; the floor, -x and -k; bad input.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"
# shellcheck source=/dev/null
. "$MVDATA/series.sh"

series 12
for a in $MV_AWKS; do
	mview "$a" -T f*.txt >"out.$a" 2>"err.$a"
	check "series runs, nothing on stderr ($a)" test ! -s "err.$a"
	for want in \
	    'step          2.00305 -> 2.39609 at F5 [-19.6%]±1.0*' \
	    'two           3.00659 -> 3.59527 at F4 [-19.6%]±0.8*; 3.59527 -> 2.87770 at F9 [+24.9%]±0.8*' \
	    'outl          4.00139 ~' \
	    'drift         5.09920 -> 6.34405 drift from F1 to F12 [-24.4%]±1.4* (-2.0% a file)' \
	    'last          5.96114 -> 7.48340 at F12 [-25.5%]±1.1* last file only: could be one bad run; confirm with another' \
	    '  F5  f05.txt     1' \
	    '  F6  f06.txt     0' \
	    '4 changed (1 by a drift), 0 small, 31 no change, 0 untested, of 35 rows'; do
		check "$want ($a)" grep -qxF "$want" "out.$a"
	done
	check "no row that never changes has a change ($a)" \
	    test "$(grep -c '^a[0-9][0-9] .* ~$' "out.$a")" -eq 30
done
same_output "series" -T f*.txt
golden "series text" series.txt -T -k OS_build f*.txt
golden "series csv" series.csv -T -f csv -k OS_build f*.txt
golden "series json" series.json -T -f json -k OS_build f*.txt
golden "series markdown" series.md -T -f markdown -x f*.txt
golden "series html" series.html -T -f html -k OS_build f*.txt

# The floor: a 20% step within -p 30 is small, and no change.
for a in $MV_AWKS; do
	mview "$a" -T -p 30 f*.txt >"floor.$a"
	check "-p 30: the 20% step is small ($a)" grep -qxF \
	    'step          2.00305 -> 2.39609 at F5 [-19.6%]±1.0=' "floor.$a"
	check "-p 30: nothing changed ($a)" grep -q '^0 changed' "floor.$a"
done

# -x: only the changed rows; -k: labels from a header; -s delta.
for a in $MV_AWKS; do
	mview "$a" -T -x -k OS_build -s delta f*.txt >"x.$a"
	check "-x -s delta: the changed rows, largest first ($a)" test \
	    "$(awk '/^BENCHMARK/ { on = 1; next } on && NF == 0 { exit }
	    on { printf "%s ", $1 }' "x.$a")" = "last two drift step "
	check "-k OS_build labels a step ($a)" grep -qF \
	    'at F5 (6.1-rc5) [-19.6%]' "x.$a"
done
same_output "series -x -k" -T -x -k OS_build f*.txt

# A series of six: the bad file is the last one, so it is a step there,
# but said to be only that file.
rm f*.txt
series 6
for a in $MV_AWKS; do
	mview "$a" -T f*.txt >"six.$a"
	for want in \
	    'outl          3.99998 -> 5.16792 at F6 [-29.2%]±1.7* last file only: could be one bad run; confirm with another' \
	    'step          2.00305 -> 2.39902 at F5 [-19.8%]±1.7*'; do
		check "six files: $want ($a)" grep -qxF "$want" "six.$a"
	done
done

# Bad input: one line on stderr, status 2; a file of another suite is
# named in a warning.
for a in $MV_AWKS; do
	if usage_fails mview "$a" -T f01.txt f02.txt && [ "$(cat lm_err)" = \
	    "multiview.sh: -T: a series needs at least three files (see -h)" ]
	then
		ok "two files are not a series ($a)"
	else
		not_ok "two files are not a series ($a)"
		diag <lm_err
	fi
	check "three joined into two are not a series ($a)" usage_fails \
	    mview "$a" -T f01.txt + f02.txt f03.txt
	check "-k without -T ($a)" usage_fails mview "$a" -k OS_build \
	    f01.txt f02.txt
	grep -v '^step' f02.txt >g02.txt
	mview "$a" -T f01.txt g02.txt f03.txt >/dev/null 2>"warn.$a"
	check "a file of another suite is named ($a)" grep -qxF \
	    'multiview.sh: g02.txt: lacks 1 of the 35 benchmarks (another suite?); the series of those skips it' \
	    "warn.$a"
done
done_testing
