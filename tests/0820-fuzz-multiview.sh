#!/bin/sh
# multiview.sh on a few thousand mutated result files (tests/fuzz/
# mutate.awk: bit flips, truncations, duplicated and reordered lines,
# huge numbers, NaN, long lines, binary bytes, CRLF, HTML) and files
# with profiles among the seeds, under mawk and gawk, in every format:
# each run ends within the timeout with status 0 and a well-formed
# table (the csv one rectangular table), or status 2 and a message; never an
# awk error, a hang or unescaped HTML; and both awks print the same.
# LM_SEED (default 8200) and LM_FUZZ (default 2500 files) vary it.
# shellcheck disable=SC1091 # lib.sh and common.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/data/multiview/common.sh"

LC_ALL=C
export LC_ALL
SEED=${LM_SEED:-8200}
COUNT=${LM_FUZZ:-2500}
F=$LM_TOP/tests/fuzz
D=$MVDATA
mv_need_awks
gen=${MV_AWKS# }
gen=${gen%% *}	# the first awk makes the files and judges the runs

# The tags multiview makes from clean input: the html whitelist.
tr -d '<>&"'"'" <"$F/hostile.txt" | sed 's/ZQX//g' >clean.txt
for a in $MV_AWKS; do
	mview "$a" -f html -t title "$D/base.txt" "$D/debug.txt" \
	    "$D/tuned.txt" clean.txt
	mview "$a" -f html "$D/sun-debug.txt" "$D/sun-nondebug.txt"
	mview "$a" -f html "$D/why-a.txt" "$D/why-b.txt"
done 2>/dev/null | awk '{
	while (match($0, /<[^<>]*>/)) {
		t = substr($0, RSTART + 1, RLENGTH - 2)
		$0 = substr($0, RSTART + RLENGTH)
		gsub(/="[^"]*"/, "=\"\"", t)
		print t
	}
}' | sort -u >tags
check "a clean html page has tags to compare with" test -s tags

mkdir fz out neg
# The judge must see what it is there for: raw html, broken json, an
# awk error, a hang.
printf '<!DOCTYPE html>\n<td>a<script ZQX>b</td>\n</html>\n' >neg/1.x.out
printf '{"a": "\001"}\n' >neg/2.x.out
printf 'files: a\nBENCHMARK  USECS\nb: 1 faster, 0 slower, 0 within noise\n' \
    >neg/3.x.out
printf 'mawk: run time error: x\n' >neg/3.x.err
: >neg/4.x.out
touch neg/1.x.err neg/2.x.err neg/4.x.err
printf '1 x html 0\n2 x json 0\n3 x text 0\n4 x text 124\n' >neg/results
"$gen" -v out=neg -v tags=tags -f "$F/check.awk" neg/results >neg/verdict
if grep -q '^checked 4 runs, 4 failed' neg/verdict &&
    grep -q 'unexpected tag <script ZQX>' neg/verdict; then
	ok "the judge fails raw html, bad json, awk errors and hangs"
else
	not_ok "the judge fails raw html, bad json, awk errors and hangs"
	diag <neg/verdict
fi
t0=$(date +%s)
"$gen" -v n="$COUNT" -v seed="$SEED" -v dir=fz -f "$F/rand.awk" \
    -f "$F/mutate.awk" "$D/base.txt" "$D/debug.txt" "$D/tuned.txt" "$D/sun-debug.txt" \
    "$D/sun-nondebug.txt" "$D/why-a.txt" "$D/why-b.txt" "$F/hostile.txt" >plan
while read -r f; do
	tr '\001' '\000' <"$f" >nul.tmp && mv nul.tmp "$f"
done <fz/nul
check "$COUNT mutated files from seed $SEED ($(du -sk fz | cut -f1) kB)" \
    test "$(wc -l <plan)" -eq "$COUNT"

t1=$(date +%s)
while read -r i fmt rest; do
	set -f
	# shellcheck disable=SC2086 # the planned options and files
	set -- $rest
	set +f
	for a in $MV_AWKS; do
		AWK=$a timeout -k 1 2 sh "$MV" -f "$fmt" "$@" \
		    >"out/$i.$a.out" 2>"out/$i.$a.err" </dev/null
		echo "$i $a $fmt $?"
	done
done <plan >results
t2=$(date +%s)
nruns=$(wc -l <results)
"$gen" -v out=out -v tags=tags -f "$F/check.awk" results >verdict
tail -n 1 verdict | sed 's/^/# /'
what="each ends in time with a table or a message, no awk error, no raw html"
check "$nruns multiview runs ($((t2 - t1)) s): $what" \
    sh -c '! grep -aq "^FAIL" verdict'
grep -a '^FAIL' verdict | head -20 | diag
if [ "$MV_AWKS" = " $gen" ]; then
	skip "only $gen is installed: no second awk to agree with"
else
	check "mawk and gawk agree on every run" \
	    sh -c '! grep -aq "^DIFF" verdict'
	grep -a '^DIFF' verdict | head -10 | diag
fi
awk '$4 == 0 { ok++ } $4 == 2 { bad++ } END {
	printf "# %d runs gave a table, %d refused the input\n", ok, bad }' \
    results
echo "# $((t2 - t0)) s in all"
done_testing
