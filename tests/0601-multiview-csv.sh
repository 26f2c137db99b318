#!/bin/sh
# multiview.sh -f csv is one rectangular table: one header, and every
# line with its number of fields (quoted commas are not separators); a
# strict reader (python's csv module, pandas when installed) takes it
# as one table whose family column holds "time" and each count family
# json names; the time rows hold what json holds of each benchmark and
# file, and the count rows what json's counts hold.  Files with counts,
# with profiles, real default runs, and names with commas and quotes.
# shellcheck disable=SC2016 # awk and python programs in single quotes
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

for f in counts-a.txt counts-b.txt why-a.txt why-b.txt; do
	cp "$MVDATA/$f" . || exit 1
done
gzip -dc "$MVDATA/real/run1.txt.gz" >run1.txt || exit 1
gzip -dc "$MVDATA/real/run2.txt.gz" >run2.txt || exit 1
# A benchmark and a file whose names hold a comma and a quote.
printf 'odd,"name 1 1 1.00000 200 0 1\nplain 1 1 2.00000 200 0 1\n' \
    >'ref,"1".txt'
printf 'odd,"name 1 1 1.50000 200 0 1\nplain 1 1 2.00000 200 0 1\n' >cmp.txt

# csvsplit(s, f): the fields of the csv line s in f[1..n], a quoted
# field taken whole ("" a quote inside it); returns n, or -1 where a
# quote is not closed.
csvsplit='
function csvsplit(s, f,    n, i, c, q, v) {
	n = 1
	q = 0
	v = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q && c == "\"" && substr(s, i + 1, 1) == "\"") {
			v = v c
			i++
		} else if (c == "\"")
			q = !q
		else if (!q && c == ",") {
			f[n++] = v
			v = ""
		} else
			v = v c
	}
	f[n] = v
	return q ? -1 : n
}
'

# fields CSV: exit 0 if every line of CSV has the header's number of
# fields.
fields() {
	awk "$csvsplit"'
	{ k = csvsplit($0, f) }
	NR == 1 { n = k }
	k != n { printf "line %d: %d fields, not %d\n", NR, k, n; bad = 1 }
	END { exit bad || NR < 2 }' "$1"
}

# timejson JSON: per benchmark and file, "benchmark,file,value,passes,
# delta,delta_lo,delta_hi,ratio,ratio_lo,ratio_hi,p,q,method,verdict,
# excludes,difference" from the json (null as empty).
timejson() {
	awk '
	function get(k,    v) {
		if (!match($0, "\"" k "\": (\"[^\"]*\"|[^,}]*)"))
			return ""
		v = substr($0, RSTART + length(k) + 4, RLENGTH - length(k) - 4)
		gsub(/"/, "", v)
		return v == "null" ? "" : v
	}
	/^    \{"name": / { b = $0; sub(/^    \{"name": "/, "", b); sub(/".*/, "", b) }
	/^      \{"file": / {
		print b "," get("file") "," get("value") "," get("passes") "," \
		    get("delta") "," get("delta_lo") "," get("delta_hi") "," \
		    get("ratio") "," get("ratio_lo") "," get("ratio_hi") "," \
		    get("p") "," get("q") "," get("method") "," \
		    get("verdict") "," get("excludes_pct") "," \
		    get("difference")
	}' "$1"
}

# countjson JSON: per benchmark, compared file and count family,
# "benchmark,family,file,ref,cmp,delta,low,high,verdict".
countjson() {
	awk '
	/^    \{"name": / { b = $0; sub(/^    \{"name": "/, "", b); sub(/".*/, "", b) }
	/^      \{"file": / && /"counts": / {
		f = $0
		sub(/^      \{"file": "/, "", f)
		sub(/".*/, "", f)
		s = $0
		sub(/.*"counts": \[/, "", s)
		while (match(s, /\{"family": [^}]*\}/)) {
			c = substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
			gsub(/"[a-z]+": /, "", c)
			gsub(/"/, "", c)
			gsub(/null/, "", c)
			gsub(/, /, ",", c)
			split(c, w, ",")
			print b "," w[1] "," f "," w[2] "," w[3] "," w[4] "," \
			    w[5] "," w[6] "," w[7]
		}
	}' "$1"
}

# The same columns from the csv, by their titles: time rows, and count
# rows with the reference's figure.
timecsv() {
	awk "$csvsplit"'
	{ csvsplit($0, f) }
	NR == 1 { for (k in f) c[f[k]] = k; next }
	f[2] == "time" {
		print f[1] "," f[3] "," f[c["value"]] "," f[c["passes"]] "," \
		    f[c["delta"]] "," f[c["delta_lo"]] "," f[c["delta_hi"]] "," \
		    f[c["ratio"]] "," f[c["ratio_lo"]] "," f[c["ratio_hi"]] "," \
		    f[c["p"]] "," f[c["q"]] "," f[c["method"]] "," \
		    f[c["verdict"]] "," f[c["excludes"]] "," f[c["difference"]]
	}' "$1"
}
countcsv() {
	awk "$csvsplit"'
	{ csvsplit($0, f) }
	NR == 1 { for (k in f) c[f[k]] = k; next }
	f[2] == "time" || f[2] == "why" { next }
	f[c["verdict"]] == "reference" { ref[f[1], f[2]] = f[c["value"]]; next }
	{
		print f[1] "," f[2] "," f[3] "," ref[f[1], f[2]] "," \
		    f[c["value"]] "," f[c["delta"]] "," f[c["delta_lo"]] "," \
		    f[c["delta_hi"]] "," f[c["verdict"]]
	}' "$1"
}

pyread='
import csv, sys
want = set(sys.argv[2].split())
with open(sys.argv[1], newline="") as f:
    r = csv.DictReader(f, restkey="EXTRA", strict=True)
    rows = list(r)
if len(r.fieldnames) != 28:
    sys.exit("%d columns" % len(r.fieldnames))
for n, row in enumerate(rows, 2):
    if "EXTRA" in row or None in row.values():
        sys.exit("row %d: not %d fields" % (n, len(r.fieldnames)))
got = {row["family"] for row in rows}
if got != want:
    sys.exit("families %s, not %s" % (sorted(got), sorted(want)))
'
pdread='
import sys
import pandas
t = pandas.read_csv(sys.argv[1], keep_default_na=False, dtype=str)
want = set(sys.argv[2].split())
if t.shape[1] != 28 or set(t["family"]) != want:
    sys.exit("%s columns, families %s" % (t.shape[1], sorted(set(t["family"]))))
'
if command -v python3 >/dev/null 2>&1; then
	python=python3
	if python3 -c 'import pandas' >/dev/null 2>&1; then
		pandas=yes
	else
		pandas=
	fi
else
	python=
fi

for a in $MV_AWKS; do
	for pair in counts why real odd; do
		case $pair in
		counts) set -- counts-a.txt counts-b.txt ;;
		why) set -- why-a.txt why-b.txt ;;
		real) set -- run1.txt run2.txt ;;
		odd) set -- 'ref,"1".txt' cmp.txt ;;
		esac
		mview "$a" -f csv "$@" >"$pair.csv" 2>err
		mview "$a" -f json "$@" >"$pair.json" 2>>err
		check "$pair: csv and json, quiet ($a)" test ! -s err
		check "$pair: every line has the header's fields ($a)" \
		    fields "$pair.csv"
		countjson "$pair.json" >want.count
		# Names json escapes are not unescaped here.
		if [ "$pair" != odd ]; then
			timejson "$pair.json" >want.time
			timecsv "$pair.csv" >got.time
			check "$pair: the time rows hold what json holds ($a)" \
			    sh -c 'test -s want.time && cmp want.time got.time'
			countcsv "$pair.csv" >got.count
			check "$pair: the count rows hold json's counts ($a)" \
			    cmp want.count got.count
		fi
		fams=$({
			echo time
			cut -d, -f2 want.count | sort -u
			[ "$pair" != why ] || echo why
		} | tr '\n' ' ')
		fams=${fams% }
		if [ -n "$python" ]; then
			check "$pair: python's csv reads one table, families $fams ($a)" \
			    "$python" -c "$pyread" "$pair.csv" "$fams"
		else
			skip "python3 is not installed: csv not read by python"
		fi
		if [ -n "$pandas" ]; then
			check "$pair: pandas reads one table ($a)" \
			    "$python" -c "$pdread" "$pair.csv" "$fams"
		else
			skip "pandas is not installed: csv not read by pandas"
		fi
	done
	check "counts: rusage and -K families both there ($a)" \
	    sh -c 'grep -q "^faults,rusage:minor-faults,counts-a.txt,70.10000," \
	    counts.csv && grep -q "^faults,page-faults,counts-b.txt,37.00000," \
	    counts.csv'
	check "odd names quoted ($a)" grep -q \
	    '^"odd,""name",time,"ref,""1"".txt",1.00000,' odd.csv
done
done_testing
