#!/bin/sh
# multiview.sh on bad input: unusable input or usage gets exactly one
# line on stderr and status 2; one bad line gets a warning and is
# skipped; hostile names come out escaped; -h prints the usage.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

# fails MESSAGE ARG...: status 2 and exactly MESSAGE on stderr, per awk.
fails() {
	want=$1
	shift
	for a in $MV_AWKS; do
		if usage_fails mview "$a" "$@" &&
		    [ "$(cat lm_err)" = "multiview.sh: $want" ]; then
			ok "$want ($a)"
		else
			not_ok "$want ($a): status ${lm_rc:-?}"
			diag <lm_err
		fi
	done
}

printf 'getpid 1 1 0.15250 200 0 1000\nbind 1 1 20.16695 200 0 10\n' >good.txt
cp good.txt good2.txt
: >empty.txt
printf '!Libmicro_#: 0.1.0\n!Date: today\n# bin/getpid\n' >header.txt
printf 'this is not\na result file at all, but it has words\n' >words.txt
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", (i * 7919) % 255 + 1 }' \
    >binary.txt
mkdir dir.txt

fails "need a reference file and at least one file to compare (see -h)"
fails "need a reference file and at least one file to compare (see -h)" \
    good.txt
fails "nosuch.txt: no such file" good.txt nosuch.txt
fails "dir.txt: is a directory" dir.txt good.txt
fails "empty.txt: empty file" good.txt empty.txt
fails "header.txt: no result lines" header.txt good.txt
fails "words.txt: no result lines" good.txt words.txt
fails "binary.txt: no result lines" good.txt binary.txt
fails "-y: unknown option (see -h)" -y good.txt good2.txt
fails "-o: options come before the files (see -h)" good.txt -o good2.txt
fails "-fcsv: options come before the files (see -h)" good.txt good2.txt -fcsv
fails "+: joins two files (see -h)" + good.txt good2.txt
fails "+: joins two files (see -h)" good.txt + + good2.txt
fails "+: joins two files (see -h)" good.txt good2.txt +
fails "need a reference file and at least one file to compare (see -h)" \
    good.txt + good2.txt
fails "-c 100: not a confidence level from 50 to below 100" -c 100 \
    good.txt good2.txt
fails "-c x: not a confidence level from 50 to below 100" -cx \
    good.txt good2.txt
fails "-s size: unknown order (name, ref, delta)" -s size good.txt good2.txt
fails "--html: unknown option (see -h)" --html good.txt good2.txt
fails "-f: missing argument" -f
fails "-f xml: unknown format (text, html, csv, json, markdown)" -f xml good.txt good2.txt
fails "-q 0: not a rate between 0 and 1" -q 0 good.txt good2.txt
fails "-q 1.5: not a rate between 0 and 1" -q1.5 good.txt good2.txt
fails "-q abc: not a rate between 0 and 1" -q abc good.txt good2.txt
fails "-n -3: not a percentage" -n -3 good.txt good2.txt
fails "-p 5%: not a percentage" -p 5% good.txt good2.txt
chmod 000 good2.txt
if [ -r good2.txt ]; then
	skip "running as root: an unreadable file cannot be made"
else
	fails "good2.txt: permission denied" good.txt good2.txt
fi
chmod 644 good2.txt

# Usage on stdout, status 0, nothing on stderr: -h anywhere before --.
for a in $MV_AWKS; do
	for h in -h -? --help; do
		mview "$a" "$h" >usage.out 2>usage.err
		rc=$?
		check "$h prints the usage ($a)" test "$rc" -eq 0 -a ! -s usage.err
		check "$h usage text ($a)" grep -q '^usage: multiview.sh' usage.out
	done
	mview "$a" -f csv good.txt nosuch.txt --help >usage.out 2>usage.err
	check "--help after the files prints the usage ($a)" \
	    grep -q '^usage: multiview.sh' usage.out
	mview "$a" -t -h good.txt good2.txt >usage.out 2>usage.err
	check "-t -h: a title, not a request for help ($a)" \
	    grep -q '^files: good.txt | good2.txt' usage.out
done
# Messages and usage under the name the script was called by.
cp "$MV" libmicro-multiview
cp -R "$LM_TOP/lib" lib
sh ./libmicro-multiview -h >usage.out
check "usage under the name it was called by" \
    grep -q '^usage: libmicro-multiview \[options\]' usage.out
sh ./libmicro-multiview good.txt >/dev/null 2>usage.err
check "errors under the name it was called by" grep -qx \
    'libmicro-multiview: need a reference file and at least one file to compare (see -h)' \
    usage.err
cp good.txt bad0.txt
printf 'nan 1 1 NaN 200 0 1000\n' >>bad0.txt
sh ./libmicro-multiview good.txt bad0.txt >/dev/null 2>usage.err
check "awk warnings under the name it was called by" grep -qx \
    'libmicro-multiview: bad0.txt:3: usecs/call NaN is not a number, line skipped' \
    usage.err

# One bad line: a warning each, the row skipped, the rest compared.
cat >bad.txt <<'EOF'
!Libmicro_#: 0.1.0
getpid 1 1 0.15000 200 0 1000
nan 1 1 NaN 200 0 1000
neg 1 1 -1.50000 200 0 1000
short 1 1 0.1
count 1 x 0.10000 200 0 1000
huge 1 1 1e999 200 0 1000
bind 1 1 20.00000 200 0 10
EOF
cat >bad.want <<'EOF'
multiview.sh: bad.txt:3: usecs/call NaN is not a number, line skipped
multiview.sh: bad.txt:4: negative usecs/call -1.50000, line skipped
multiview.sh: bad.txt:5: not a result line, line skipped
multiview.sh: bad.txt:6: thr is not a count, line skipped
multiview.sh: bad.txt:7: usecs/call 1e999 is out of range, line skipped
EOF
for a in $MV_AWKS; do
	mview "$a" good.txt bad.txt >bad.out 2>bad.err
	check "bad lines: status 0 ($a)" test $? -eq 0
	check "bad lines: one warning each ($a)" diff bad.want bad.err
	check "bad lines: rows skipped ($a)" test "$(rows bad.out | tr '\n' ' ')" \
	    = "bind getpid "
	check "bad lines: the rest compared ($a)" \
	    grep -qF '0.15250      0.15000[ +1.7%]' bad.out
done

# Many bad lines: five warnings, then a count.
{
	cat good.txt
	awk 'BEGIN { for (i = 1; i <= 12; i++) print "junk line", i }'
} >junk.txt
for a in $MV_AWKS; do
	mview "$a" good.txt junk.txt >/dev/null 2>junk.err
	check "many bad lines: capped ($a)" test "$(wc -l <junk.err)" -eq 6
	check "many bad lines: counted ($a)" grep -qx \
	    'multiview.sh: junk.txt: 7 more bad lines skipped' junk.err
done

# Zero values: no division, a marker instead of a percentage.
printf 'z 1 1 0.00000 200 0 1\nw 1 1 1.00000 200 0 1\n' >zero1.txt
printf 'z 1 1 1.00000 200 0 1\nw 1 1 0.00000 200 0 1\n' >zero2.txt
for a in $MV_AWKS; do
	for f in text html csv json; do
		mview "$a" -f "$f" zero1.txt zero2.txt >"zero.$f" 2>zero.err
		check "zero values, $f: status 0, quiet ($a)" \
		    test $? -eq 0 -a ! -s zero.err
	done
	check "zero values: [zero] ($a)" test "$(grep -c '\[zero\]$' zero.text)" \
	    -eq 2
	check "zero values: csv verdict ($a)" test "$(grep -c ',zero,' zero.csv)" \
	    -eq 2
done

# Hostile names: a benchmark and a file name full of markup.
name='<script>alert("x")</script>&amp;'"'"
file='a&b<"c">.txt'
printf '!Run_by: <b>me</b>\n%s 1 1 1.00000 200 0 1\n' "$name" >"$file"
printf '%s 1 1 2.00000 200 0 1\n' "$name" >h2.txt
for a in $MV_AWKS; do
	mview "$a" -f html -t '<i>"t"</i>' "$file" h2.txt >h.html 2>h.err
	check "hostile: status 0 ($a)" test $? -eq 0 -a ! -s h.err
	check "hostile: no raw markup ($a)" test -z \
	    "$(grep -e '<script' -e '<b>' -e '<i>' -e 'a&b' h.html)"
	check "hostile: name escaped ($a)" grep -qF \
	    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;&#39;' h.html
	check "hostile: file name escaped ($a)" grep -qF \
	    'a&amp;b&lt;&quot;c&quot;&gt;.txt' h.html
	check "hostile: title escaped ($a)" grep -qF \
	    '<title>&lt;i&gt;&quot;t&quot;&lt;/i&gt;</title>' h.html
	mview "$a" -f csv "$file" h2.txt >h.csv
	check "hostile: csv quoted ($a)" grep -qF \
	    '"<script>alert(""x"")</script>&amp;'"'"'",time,"a&b<""c"">.txt",1.00000' \
	    h.csv
	mview "$a" -f json "$file" h2.txt >h.json
	check "hostile: json escaped ($a)" grep -qF \
	    '"name": "<script>alert(\"x\")</script>&amp;'"'"'"' h.json
	if command -v python3 >/dev/null 2>&1; then
		check "hostile: json parses ($a)" python3 -m json.tool h.json
	else
		skip "python3 is not installed; json not parsed"
	fi
done
same_output "hostile html" -f html "$file" h2.txt

# Bytes that are not UTF-8 (a Latin-1 e-acute, a lone continuation byte)
# become U+FFFD in json and html, which must be UTF-8; valid UTF-8 (an
# e-acute, a euro sign) passes through.
printf '!CPU_NAME: caf\351 \200\n!Run_by: \303\251\342\202\254\n' >u1.txt
printf 'r\351sum\303\251 1 1 1.00000 200 0 1\n' >>u1.txt
printf 'r\351sum\303\251 1 1 1.10000 200 0 1\n' >u2.txt
for a in $MV_AWKS; do
	mview "$a" -f json u1.txt u2.txt >u.json 2>u.err
	check "non-UTF-8 bytes: json status 0 ($a)" test $? -eq 0 -a ! -s u.err
	if command -v python3 >/dev/null 2>&1; then
		check "non-UTF-8 bytes: json is UTF-8 and parses ($a)" \
		    python3 -m json.tool u.json
	else
		skip "python3 is not installed; json not parsed"
	fi
	check "non-UTF-8 bytes: replaced in json ($a)" grep -q \
	    "$(printf '"CPU_NAME": "caf\357\277\275 \357\277\275"')" u.json
	check "non-UTF-8 bytes: UTF-8 kept in json ($a)" grep -q \
	    "$(printf '"Run_by": "\303\251\342\202\254"')" u.json
	mview "$a" -f html u1.txt u2.txt >u.html
	check "non-UTF-8 bytes: replaced in html ($a)" grep -q \
	    "$(printf 'r\357\277\275sum\303\251')" u.html
	if command -v python3 >/dev/null 2>&1; then
		check "non-UTF-8 bytes: none left in html ($a)" python3 -c \
		    'import sys; open(sys.argv[1], encoding="utf-8").read()' u.html
	else
		skip "python3 is not installed; html not decoded"
	fi
done

# An operand shaped like an awk assignment is still a file.
cp good.txt 'x=1.txt'
for a in $MV_AWKS; do
	mview "$a" x=1.txt good.txt >assign.out
	check "x=1.txt is a file ($a)" grep -q '^files: x=1.txt |' assign.out
done
done_testing
