#!/bin/sh
# multiview.sh output against golden files: a three-file comparison with
# ERRORS (an error count and a FAILED row), missing rows, a suspect row,
# an untested row and seven-decimal values, in text, html, csv and json;
# a comparison with passes in text, csv and json;
# -o; files in Sun libMicro 0.4.1's layout; CRLF line ends.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

for f in base.txt debug.txt tuned.txt sun-nondebug.txt sun-debug.txt \
    passes-a.txt passes-b.txt; do
	cp "$MVDATA/$f" . || exit 1
done
three="base.txt debug.txt tuned.txt"

# shellcheck disable=SC2086 # $three is three words on purpose
{
	golden "three files, text" three.txt $three
	golden "three files, html" three.html -f html $three
	golden "three files, csv" three.csv -f csv $three
	golden "three files, json" three.json -fjson $three
	golden "three files, markdown" three.md -f markdown $three
}
# Five passes a side (lognormal.awk), every third row 20% slower: the
# Hodges-Lehmann intervals, largest change first.
golden "passes, text, -s delta" passes.txt -s delta passes-a.txt passes-b.txt
golden "passes, csv" passes.csv -f csv passes-a.txt passes-b.txt
golden "passes, json" passes.json -f json passes-a.txt passes-b.txt
golden "passes, markdown" passes.md -f markdown passes-a.txt passes-b.txt
# shellcheck disable=SC2016 # an awk program
check "json: one pass value for each pass" awk '
/"pass_values"/ {
	match($0, /"passes": [0-9]+/); n = substr($0, RSTART + 10, RLENGTH - 10) + 0
	v = $0; sub(/.*"pass_values": \[/, "", v); sub(/\].*/, "", v)
	if (n != split(v, w, ", ")) bad = 1; seen++
}
END { exit bad || seen < 12 }' "$MVDATA/passes.json"

# The reference order: base.txt's rows, then sysconf, first seen in
# debug.txt; sorted by name is what the golden text shows.
printf '%s\n' getpid close_tcp bind memset_10 exec pipe_pst1 longjmp \
    strchr_10 sysconf >want.order
for a in $MV_AWKS; do
	mview "$a" -o base.txt debug.txt tuned.txt >o.txt
	rows o.txt >got.order
	check "-o keeps the reference order ($a)" cmp want.order got.order
done
rows "$MVDATA/three.txt" >got.sorted
LC_ALL=C sort want.order >want.sorted
check "rows sorted by name by default" cmp want.sorted got.sorted

# Sun libMicro 0.4.1 layout: tab-separated "!Key:" headers, a blank
# line, trailing blanks, its own statistics block (standard error but no
# median interval).  With -i the rows read exactly as libMicro's multiview
# printed them; by default the interval follows the bracket, and the
# columns before it do not move.
golden "Sun libMicro 0.4.1 files" sun.txt sun-nondebug.txt sun-debug.txt
for a in $MV_AWKS; do
	mview "$a" -i sun-nondebug.txt sun-debug.txt >"seed.$a"
done
for line in \
    'bind            20.16695     55.81066[ -176.7%]' \
    'c_cond_10       62.07450     73.30700[-18.1%]' \
    'close_tcp        6.67647     79.15516[-1085.6%]' \
    'memsetP2_10m  6621.03570   6624.18080[ -0.0%]' \
    'strchr_10        0.01775      0.01560[+13.8%]' \
    'getpid           0.15250      0.23470[-53.9%]*' \
    '  OS_build: snv_20 non-DEBUG | snv_20 DEBUG'; do
	for a in $MV_AWKS; do
		check "seed layout, -i: $line ($a)" grep -qxF "$line" "seed.$a"
	done
	check "seed layout, intervals after it: $line" \
	    grep -qF "${line%\*}" "$MVDATA/sun.txt"
done
check "Sun statistics used: getpid tested, with its interval" grep -qx \
    'getpid           0.15250      0.23470\[-53.9%\]±[0-9.]*\*' \
    "$MVDATA/sun.txt"
if grep -q '^  Date' "$MVDATA/sun.txt"; then
	not_ok "Date differs but is not listed"
else
	ok "Date differs but is not listed"
fi

# CRLF line ends read as LF ones.
mkdir crlf
for f in $three; do
	awk '{ printf "%s\r\n", $0 }' "$f" >"crlf/$f"
done
cd crlf || exit 1
# shellcheck disable=SC2086
golden "CRLF files" three.txt $three
cd .. || exit 1

# The html page is balanced and the json parses.
for a in $MV_AWKS; do
	mview "$a" -f html base.txt debug.txt tuned.txt >page.html 2>&1
	break
done
# shellcheck disable=SC2016 # awk program
check "html: every opened tag is closed" awk '
{
	s = $0
	while (match(s, /<\/?[a-z0-9]+/)) {
		t = substr(s, RSTART + 1, RLENGTH - 1)
		s = substr(s, RSTART + RLENGTH)
		if (t ~ /^(meta|br|!doctype)$/)
			continue
		e = index(s, ">")	# <circle .../> closes itself
		if (e > 1 && substr(s, e - 1, 1) == "/")
			continue
		if (t ~ /^\//) n[substr(t, 2)]--; else n[t]++
	}
}
END { for (t in n) if (n[t] != 0) { print t, n[t]; bad = 1 }; exit bad }' \
    page.html
if command -v python3 >/dev/null 2>&1; then
	check "json parses" python3 -m json.tool "$MVDATA/three.json"
else
	skip "python3 is not installed; json not parsed"
fi
# The formats the help lists are the ones -f takes: each renders.
fmts=$(sh "$MV" --help | awk '/^  -f FORMAT/ { on = 1; next }
    on && /^  -/ { exit } on && /^              [a-z]/ { print $1 }')
check "the help lists five formats" [ "$(printf '%s' "$fmts" | tr '\n' ' ')" \
    = "text html csv json markdown" ]
for f in $fmts; do
	sh "$MV" -f "$f" base.txt debug.txt >fmt.out 2>fmt.err
	check "-f $f, listed in the help, renders (exit $?)" \
	    test -s fmt.out -a ! -s fmt.err
done

done_testing
