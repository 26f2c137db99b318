#!/bin/sh
# multiview.sh -R given three times or more: the runs of the noise
# reference give each row its own between-run term.  Synthetic files of
# 300 rows and 10 passes, 1% apart pass to pass, where every tenth row
# also moves 10% (a standard deviation) from run to run and the others
# do not: the table's fitted term sees the quiet middle, so without the
# reference the noisy rows are marked in an A/A; with four reference
# runs, none is, and rows made 1.5 times slower are still found.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

gen() { awk -f "$MVDATA/lognormal.awk" -v passes=10 -v sigma=0.01 \
    -v between=0.10 -v bevery=10 "$@"; }
for k in 1 2 3 4; do
	gen -v seed=$((40 + k)) >"ref$k.txt"
done
gen -v seed=45 >x1.txt
gen -v seed=46 >x2.txt
gen -v seed=46 -v every=7 -v shift=1.5 >x2s.txt
R4="-R ref1.txt -R ref2.txt -R ref3.txt -R ref4.txt"

# marked CSV: the rows marked faster or slower.
marked() { awk -F, '$15 == "faster" || $15 == "slower"' "$1" | wc -l; }

for a in $MV_AWKS; do
	mview "$a" -f csv x1.txt x2.txt >aa0.csv 2>err
	n0=$(marked aa0.csv)
	check "without a reference the noisy rows are marked in the A/A ($n0, $a)" \
	    test "$n0" -ge 10
	# shellcheck disable=SC2086 # the -R options
	mview "$a" $R4 -f csv x1.txt x2.txt >aa4.csv 2>err
	check "four reference runs: nothing on stderr ($a)" test ! -s err
	n4=$(marked aa4.csv)
	check "four reference runs: nothing marked in the A/A ($n4, $a)" \
	    test "$n4" -eq 0
	mview "$a" -R ref1.txt -R ref2.txt -f csv x1.txt x2.txt >aa2.csv
	check "two reference runs give no row a term of its own ($a)" \
	    cmp -s aa0.csv aa2.csv
	# shellcheck disable=SC2086
	mview "$a" $R4 x1.txt x2.txt >aa4.txt
	check "the summary says which rows took the reference's term ($a)" \
	    grep -Eq "; [0-9]+ rows' own between-run term, larger, from 4 reference runs" \
	    aa4.txt
	# shellcheck disable=SC2086
	mview "$a" $R4 -f csv x1.txt x2s.txt >ab4.csv
	awk -F, 'NR > 1 && $15 != "reference" && $1 ~ /^b/ {
		r = substr($1, 2) + 0
		if (r % 7 == 0) { t++; f += $15 == "slower" }
		else bad += $15 == "faster" || $15 == "slower"
	} END { print f + 0, t + 0, bad + 0 }' ab4.csv >tally
	read -r f t bad <tally
	check "four reference runs: the slowed rows found ($f of $t, $a)" \
	    test "$((f * 10))" -ge "$((t * 9))"
	check "four reference runs: at most one other row marked ($bad, $a)" \
	    test "$bad" -le 1
	check "-R: a missing one of several, exit 2 ($a)" usage_fails \
	    sh "$MV" -R ref1.txt -R nosuch.txt -R ref2.txt x1.txt x2.txt
	check "-R: the missing one is named ($a)" grep -qxF \
	    "multiview.sh: -R nosuch.txt: no such file, unreadable or empty" \
	    lm_err
done
# shellcheck disable=SC2086
same_output "reference runs" $R4 -f csv x1.txt x2s.txt
done_testing
