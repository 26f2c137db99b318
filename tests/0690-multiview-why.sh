#!/bin/sh
# multiview.sh says why a row changed, from the profiles of wrapper.sh -G
# (why-a.txt against why-b.txt, five passes a side, three profile passes):
# a function new in a slower row at the ns/call its shares imply, one
# gone from a faster row, one whose time moved to a callee (inclusive),
# kernel functions on one side only, too few samples, noise within the
# functions, a row within noise; goldens in every format; a file without
# profiles, a malformed profile line, -w, -i and -T.
# shellcheck disable=SC1091 # lib.sh and common.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/data/multiview/common.sh"

mv_need_awks
cp "$MVDATA/why-a.txt" "$MVDATA/why-b.txt" . || exit 1

golden "why, text" why.txt why-a.txt why-b.txt
golden "why, html" why.html -f html why-a.txt why-b.txt
golden "why, csv" why.csv -f csv why-a.txt why-b.txt
golden "why, json" why.json -f json why-a.txt why-b.txt
golden "why, markdown" why.md -f markdown why-a.txt why-b.txt

# whyline FILE ROW: the first why line of ROW in a text table.
whyline() {
	awk -v r="$2" '$1 == r { on = 1; next } on && /^    why / { print; exit }
	    on && !/^    / { exit }' "$1"
}
# whyrecords CSV: the why rows of the csv table, in order, as
# "benchmark,file,function,object,ref_ns,cmp_ns,difference_ns,q,note".
whyrecords() {
	awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
	$2 == "why" { print $1 "," $3 "," $c["function"] "," $c["object"] "," \
	    $c["ref_ns"] "," $c["cmp_ns"] "," $c["difference_ns"] "," \
	    $c["q"] "," $c["note"] }' "$1"
}
# fnrecords CSV ROW: the why records of ROW, in order.
fnrecords() {
	whyrecords "$1" | awk -F, -v r="$2" '$1 == r'
}
# share FILE ROW FUNCTION: the pooled self share of FUNCTION in ROW.
share() {
	awk -v r="$2" -v f="$3" '$2 == "PROFILE" && $3 == r {
		if ($4 == "samples") for (j = 5; j <= NF; j++) n += $j
		if ($4 == "self" && $NF == f) for (j = 5; j < NF - 1; j++) c += $j
	} END { printf "%.8f\n", c / n }' "$1"
}

for a in $MV_AWKS; do
	mview "$a" -f csv why-a.txt why-b.txt >w.csv 2>w.err
	whyrecords w.csv >w.why
	mview "$a" why-a.txt why-b.txt >w.txt 2>>w.err
	check "no warning from well-formed profiles ($a)" test ! -s w.err
	# The slower row: second_fn new, named first, at its share of the
	# compared figure.
	first=$(fnrecords w.csv slower | head -n 1)
	check "slower: second_fn first, slower, new ($a): $first" \
	    expr "$first" : 'slower,why-b.txt,second_fn,bench,0,[0-9.]*,[0-9.]*,[0-9.e-]*,new$'
	s=$(share why-b.txt slower second_fn)
	u=$(awk -F, '$1 == "slower" && $2 == "time" && $3 == "why-b.txt" {
	    print $4; exit }' w.csv)
	got=$(echo "$first" | cut -d, -f6)
	check "slower: second_fn $got ns/call = $s of $u usecs (0.5%) ($a)" \
	    awk -v g="$got" -v s="$s" -v u="$u" 'BEGIN { w = s * u * 1000
	    exit !(g > 0 && (g - w) / w < 0.005 && (w - g) / w < 0.005) }'
	check "slower: first_fn, whose time per call held, not named ($a)" \
	    sh -c '! grep -q "^slower,.*,first_fn," w.why'
	check "faster: gone_fn gone, 500 ns less ($a)" grep -qx \
	    'faster,why-b.txt,gone_fn,bench,500,0,-500,[0-9.e-]*,gone' w.why
	check "inlined: helper compared inclusively ($a)" grep -qx \
	    'inlined,why-b.txt,helper,bench,300,480.48,180.48,[0-9.e-]*,inclusive' \
	    w.why
	check "kernel functions on one side: new and gone ($a)" sh -c \
	    'grep -q "^sysrow,why-b.txt,srso_return_thunk,\[kernel\],0,.*,new$" \
	    w.why && grep -q "^sysrow,.*,syscall_exit_to_user_mode,\[kernel\],10,0,-10,.*,gone$" w.why'
	check "thin: too few samples to say ($a)" test "$(whyline w.txt thin)" \
	    = "    why (why-b.txt): too few samples to say (412 and 5210; 1000 needed)"
	check "spread: no function stands out ($a)" expr "$(whyline w.txt spread)" \
	    : ".*samples; no function's change stands out of the noise$"
	check "noisy: within noise, no why ($a)" test -z "$(whyline w.txt noisy)"
	check "six whys, one a changed row ($a)" test \
	    "$(grep -c '^    why (why-b.txt): ' w.txt)" -eq 6
done

# A file without profiles against one with: no why, no warning; -w
# prints what files without profiles print.
mkdir bare
grep -v '^# PROFILE ' why-a.txt >bare/why-a.txt
grep -v '^# PROFILE ' why-b.txt >bare/why-b.txt
for a in $MV_AWKS; do
	(cd bare && mview "$a" why-a.txt why-b.txt) >bare.txt 2>bare.err
	mview "$a" bare/why-a.txt why-b.txt >half.txt 2>half.err
	check "reference without profiles: no why, no warning ($a)" sh -c \
	    '! grep -q "^    why" half.txt && test ! -s half.err'
	mview "$a" -w why-a.txt why-b.txt >nowhy.txt 2>nowhy.err
	check "-w: the table of files without profiles ($a)" \
	    cmp bare.txt nowhy.txt
	mview "$a" -i why-a.txt why-b.txt >i.txt 2>&1
	check "-i: no why ($a)" sh -c '! grep -q "why (" i.txt'
	mview "$a" -T why-a.txt why-b.txt why-a.txt >t.txt 2>&1
	check "-T: no why ($a)" sh -c '! grep -q "why (" t.txt'
done

# A function that moved between objects (a static link puts libc's
# functions in the program): compared as one, named with both objects;
# the one whose name has no counterpart stays new.
moved() {
	for k in 1 2 3 4 5; do
		printf '# pass %d of 5\n' "$k"
		printf 'linked 1 1 %s 200 0 1000\n' "$1"
	done
	printf '# PROFILE linked samples 3000 3000 3000\n'
	printf '# PROFILE linked self %s\n' "$2" "$3"
}
# strlen: 500 ns/call of 1 usecs, then 1000 of 1.5; benchmark 500 both.
moved 1.00000 '1500 1500 1500 libc.so.6 strlen@@GLIBC_2.2.5' \
    '1500 1500 1500 prog benchmark' >moved-a.txt
moved 1.50000 '2000 2000 2000 prog strlen' \
    '1000 1000 1000 prog benchmark' >moved-b.txt
for a in $MV_AWKS; do
	mview "$a" moved-a.txt moved-b.txt >moved.txt 2>moved.err
	check "moved: strlen compared across its objects ($a)" grep -Eq \
	    '^    strlen +libc\.so\.6->prog +500\.0 -> 1000\.0 +\+500\.0 ns/call \(moved\)$' \
	    moved.txt
	check "moved: no strlen new or gone ($a)" sh -c \
	    '! grep -Eq "strlen.*\((new|gone)\)" moved.txt'
done

# A count missing from slower's first self line (line 42): one warning
# naming the line, that row's profile ignored, the others' whys kept,
# the same exit status.
awk 'NR == 42 { sub(/ 770 768 772 /, " 770 768 ") } { print }' \
    why-b.txt >bad-b.txt
check "the malformed line is there" grep -qx \
    '# PROFILE slower self 770 768 bench first_fn' bad-b.txt
for a in $MV_AWKS; do
	mview "$a" why-a.txt why-b.txt >/dev/null 2>&1
	rc0=$?
	mview "$a" why-a.txt bad-b.txt >bad.txt 2>bad.err
	rc=$?
	check "malformed: exit $rc, as without it ($a)" test "$rc" -eq "$rc0"
	check "malformed: one warning naming file and line ($a)" test \
	    "$(cat bad.err)" = "multiview.sh: bad-b.txt:42: malformed profile line, the profile of slower is ignored"
	n=$(grep -c '^    why (bad-b.txt): ' bad.txt)
	check "malformed: $n whys, the five rows but slower ($a)" sh -c \
	    "test $n -eq 5 && ! grep -q second_fn bad.txt"
done

# The page is balanced, the json parses.
# shellcheck disable=SC2016 # awk program
check "html: every opened tag is closed" awk '
{
	s = $0
	while (match(s, /<\/?[a-z0-9]+/)) {
		t = substr(s, RSTART + 1, RLENGTH - 1)
		s = substr(s, RSTART + RLENGTH)
		if (t ~ /^(meta|br|!doctype)$/)
			continue
		e = index(s, ">")
		if (e > 1 && substr(s, e - 1, 1) == "/")
			continue
		if (t ~ /^\//) n[substr(t, 2)]--; else n[t]++
	}
}
END { for (t in n) if (n[t] != 0) { print t, n[t]; bad = 1 }; exit bad }' \
    "$MVDATA/why.html"
if command -v python3 >/dev/null 2>&1; then
	check "json parses" python3 -m json.tool "$MVDATA/why.json"
else
	skip "python3 is not installed; json not parsed"
fi

done_testing
