#!/bin/sh
# multiview.sh on the files of one session (wrapper.sh -V): the signed-
# rank p-values against a table (counted by brute force over every sign
# pattern, Pratt's rule, mean ranks), a fixture of known ratio, a row of
# fewer than 6 pairs, files of two sessions under -P, unpaired under -U,
# a paired A/A of a few runs that marks nothing, and mawk = gawk.  Pair
# by pair is the median's figure (-F median); by default the files of a
# session compare by the low window, each side's own, as separate runs
# do (checked at the end).
# shellcheck source=/dev/null disable=SC2016 # awk programs
. "$LM_TOP/tests/lib.sh"

MV=$LM_TOP/multiview.sh
L=$LM_TOP/lib

# The p-values of lib/mv/paired.awk's pratt_p, one a line of differences.
cat >table <<'EOF2'
1 2 3 4 5 6 0.03125
-1 2 3 4 5 6 0.0625
0 1 2 3 4 5 0.0625
0 0 1 1 2 -3 0.625
1 1 1 1 1 1 0.03125
0 0 0 0 0 0 1
2 -2 2 2 3 3 -1 0.15625
1 2 3 4 5 6 7 8 9 10 0.00195312
0 1 -1 2 2 2 3 -4 5 0 0.179688
0.5 -0.25 0.5 0.5 0.75 1 1 -1 2 0.0976562
EOF2
cat >p.awk <<'EOF2'
BEGIN {
	while ((getline l <"table") > 0) {
		n = split(l, w) - 1
		for (j = 1; j <= n; j++)
			d[j] = w[j] + 0
		sortnum(d, n)
		got = sprintf("%.6g", pratt_p(d, n))
		if (got != w[n + 1]) {
			print "line " ++k ": got " got ", want " w[n + 1]
			bad = 1
		}
	}
	exit bad
}
EOF2
for a in mawk gawk; do
	if ! command -v "$a" >/dev/null 2>&1; then
		skip "$a: not installed"
		continue
	fi
	check "$a: Wilcoxon signed-rank p (Pratt, ties) as the table" \
	    env LC_ALL=C "$a" -f p.awk -f "$L/result.awk" -f "$L/mv/num.awk" \
	    -f "$L/mv/read.awk" -f "$L/mv/model.awk" -f "$L/mv/noise.awk" \
	    -f "$L/mv/paired.awk" -f "$L/mv/why.awk" -f "$L/mv/counts.awk" \
	    -f "$L/mv/show.awk" \
	    -f "$L/mv/fmt-text.awk" -f "$L/mv/series.awk" \
	    -f "$L/mv/series-text.awk" -f "$L/mv/main.awk"
done

# mkfile FILE SESSION VARIANT NAME V...: a result file of one variant,
# each value a pass of NAME headed by its pairing key.
mkfile() {
	f=$1
	printf '!Session: %s\n!Variant: %s\n' "$2" "$3" >"$f"
	n=$4
	shift 4
	k=0
	for v in "$@"; do
		k=$((k + 1))
		printf '# pair: %d.1 1 1,2\n%s 1 1 %s 60 0 1000\n' "$k" "$n" \
		    "$v" >>"$f"
	done
}
A='1.01000 1.02000 1.03000 1.04000 1.05000 1.06000 1.07000 1.08000 1.09000 1.10000'
B='1.08900 1.13328 1.13300 1.16129 1.14924 1.18955 1.16529 1.19395 1.19900 1.19199'
# shellcheck disable=SC2086 # the values are words
{ mkfile a s1 A known $A; mkfile b s1 B known $B; }
# shellcheck disable=SC2086
{ mkfile a2 s1 A same $A; mkfile b2 s1 B same $A; }
# shellcheck disable=SC2086
{ mkfile a3 s1 A few 1 1 1 1 1; mkfile b3 s1 B few 2 2 2 2 2; }
cat a2 a3 | grep -v '^!' >>a
cat b2 b3 | grep -v '^!' >>b
sh "$MV" -F median -f csv a b >p.csv 2>err
# Worked out apart: the median of the 55 Walsh averages of the log
# ratios, their 9th smallest and largest (n = 10: P(T <= 8) = 0.0244),
# widened by the printed digits.
check "known ratio: estimate 1.1, interval 1.08905 to 1.11106, paired" \
    awk -F, '$1 == "known" && $2 == "time" && $3 == "b" {
	exit !($9 == "1.1" && $10 == "1.08905" && $11 == "1.11106" &&
	    $14 == "paired" && $15 == "slower") }' p.csv
check "identical pairs: noise, p 1" awk -F, '
	$1 == "same" && $2 == "time" && $3 == "b" {
	exit !($15 == "noise" && $12 == "1") }' p.csv
check "5 pairs: untested, said (pairs)" \
    grep -q '^few,time,b,[^,]*,5,.*,untested,,1,"*[a-z,]*pairs' p.csv
sh "$MV" -F median a b >txt 2>err
check "summary: paired, 5 to 10 pairs a row" \
    grep -q '^b: paired, 5 to 10 pairs a row; ' txt
check "legend: no floor for paired rows, and why" \
    grep -q '^paired (one session.*no floor' txt
check "legend: fewer than 6 pairs said" \
    grep -q '^!pairs suspect: fewer than 6 pairs' txt
sh "$MV" -U -f csv a b >u.csv 2>err
check "-U: compared as separate runs (low)" awk -F, '
	$1 == "known" && $2 == "time" && $3 == "b" { n++; bad = $14 != "low" }
	END { exit bad || n != 1 }' u.csv
sh "$MV" -U -F median -f csv a b >um.csv 2>err
check "-U -F median: compared as separate runs (hl)" awk -F, '
	$1 == "known" && $2 == "time" && $3 == "b" { n++; bad = $14 != "hl" }
	END { exit bad || n != 1 }' um.csv
mkfile c s2 B known 1 2
sh "$MV" -F median -P a c >out 2>err
rc=$?
check "-P, files of two sessions: exit 2 ($rc)" test "$rc" -eq 2
check "-P, files of two sessions: one line naming them" \
    grep -qx 'multiview.sh: -P: files of two different sessions: a and c' err
sh "$MV" -F median -f csv a c >p2.csv 2>err
check "two sessions without -P: compared as separate runs" \
    awk -F, '$1 == "known" && $2 == "time" && $3 == "c" {
	n++; bad = $14 == "paired" } END { exit bad || n != 1 }' p2.csv

# A paired A/A of a few short runs, the same binaries twice: nothing
# marked, and the same bytes from mawk and gawk.
printf 'getpid\nnop -N nop1\nmemset -N memset_64 -s 64\nstrlen -N strlen_10 -s 10\n' >suite
mkdir troot vroot
sh "$LM_TOP/wrapper.sh" -q -r 6 -s suite -b "$BIN" -t troot -d vroot \
    -O '-E -C 20 -D 2 -L -S -W -F min' -V A="$BIN" -V B="$BIN" \
    -o aa 2>err
rc=$?
check "A/A session: exit 0 ($rc)" test "$rc" -eq 0
sh "$MV" -F median aa.A aa.B >aa.txt 2>err
check "A/A: paired, 6 pairs a row" grep -q '^aa.B: paired, 6 pairs a row' aa.txt
sh "$MV" -F median -R aa.A aa.A aa.B >aar.txt 2>err
check "A/A with a noise reference: still paired" \
    grep -q '^aa.B: paired, 6 pairs a row' aar.txt
check "A/A: nothing marked" awk '$1 ~ /^(getpid|nop1|memset_64|strlen_10)$/ &&
    /[]][^ ]*\*/ { bad = 1 } END { exit bad }' aa.txt
sh "$MV" -F median -f json aa.A aa.B >aa.json 2>err
check "json: each compared cell of a paired row says its 6 pairs" sh -c \
    'test "$(grep -c "\"method\": \"paired\"" aa.json)" -eq 4 &&
    test "$(grep -c "\"pairs\": 6[,}]" aa.json)" -eq 4'
check "json: the reference's cells say no pairs" sh -c \
    'test "$(grep -c "\"pairs\":" aa.json)" -eq 4'
if command -v mawk >/dev/null && command -v gawk >/dev/null; then
	for f in text csv json html markdown; do
		AWK=mawk sh "$MV" -F median -f "$f" a b aa.B >m.out 2>m.err
		AWK=gawk sh "$MV" -F median -f "$f" a b aa.B >g.out 2>g.err
		check "-f $f: mawk and gawk print the same bytes" cmp m.out g.out
	done
	AWK=mawk sh "$MV" -F median aa.A aa.B >m.out 2>m.err
	AWK=gawk sh "$MV" -F median aa.A aa.B >g.out 2>g.err
	check "A/A: mawk and gawk print the same bytes" cmp m.out g.out
else
	skip "mawk or gawk not installed"
fi
# By default a session compares pair by pair; -F low by its sides' low
# windows.
sh "$MV" -f csv a b >d.csv 2>err
check "default: a row of ten pairs compares pair by pair" awk -F, '
	$1 == "known" && $2 == "time" && $3 == "b" { n++; bad = $14 != "paired" }
	END { exit bad || n != 1 }' d.csv
sh "$MV" -F low -f csv a b >dl.csv 2>err
check "-F low: a row of ten pairs compares by the low window" awk -F, '
	$1 == "known" && $2 == "time" && $3 == "b" { n++; bad = $14 != "low" }
	END { exit bad || n != 1 }' dl.csv
