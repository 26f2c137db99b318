# check.awk - judges the multiview runs of the fuzz test (tests/0820).
# Run with LC_ALL=C.
#   awk -v out=DIR -v tags=FILE -f check.awk RESULTS
# RESULTS has one run a line: INDEX AWK FORMAT STATUS; DIR/INDEX.AWK.out
# and DIR/INDEX.AWK.err are its stdout and stderr.  TAGS lists the html
# tags multiview makes from clean input, one a line, with attribute
# values emptied (td class="").  A run passes when it ends with status 0
# and a well-formed table in its format (stderr: multiview.sh warnings
# only), or with status 2, nothing on stdout and multiview.sh messages
# on stderr; never an awk error or a timeout.  Prints one line per
# failed run, then "checked N runs, F failed, D differ between awks".

function fail(why) {
	if (++NFAIL <= 40)
		printf "FAIL %s %s (%s, exit %s): %s\n", RUN, AWKN, FMT, RC, why
	BAD = 1
}

function slurp(path, what,    line, n, rc) {
	n = 0
	while ((rc = (getline line < path)) > 0)
		what[++n] = line
	close(path)
	return rc < 0 ? -1 : n
}

function check_err(n, e,    j) {
	for (j = 1; j <= n; j++) {
		if (e[j] ~ /^(awk|mawk|gawk)[: ]/)
			fail("awk error: " substr(e[j], 1, 100))
		else if (index(e[j], "multiview.sh: ") != 1)
			fail("stray stderr: " substr(e[j], 1, 100))
	}
}

function check_text(n, o,    j, bench, last) {
	if (n < 1 || index(o[1], "files: ") != 1)
		return fail("text: no files line")
	for (j = 1; j <= n; j++)
		if (o[j] ~ /^BENCHMARK +USECS/)
			bench = j
	if (!bench)
		return fail("text: no BENCHMARK line")
	last = o[n]
	if (last !~ /: [0-9]+ faster, [0-9]+ slower, / ||
	    last !~ / slower, ([0-9]+ small, )?[0-9]+ within noise/)
		fail("text: no summary line at the end")
}

# csv: one table, every line with the header's 28 fields.
function check_csv(n, o,    j, k) {
	if (n < 1 || o[1] != "benchmark,family,file,value,passes,delta," \
	    "delta_lo,delta_hi,ratio,ratio_lo,ratio_hi,p,q,method,verdict," \
	    "excludes,suspect,reasons,warnings,difference,alone,function," \
	    "object,ref_ns,cmp_ns,difference_ns,note,figure")
		return fail("csv: no header")
	for (j = 2; j <= n; j++)
		if ((k = csv_fields(o[j])) != 28)
			return fail("csv: line " j " has " k " fields")
}

# Fields of a csv line, quotes understood; -1 for a broken quote.
function csv_fields(s,    k, i, c, q) {
	k = 1
	q = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q) {
			if (c == "\"") {
				if (substr(s, i + 1, 1) == "\"")
					i++
				else
					q = 0
			}
		} else if (c == "\"")
			q = 1
		else if (c == ",")
			k++
	}
	return q ? -1 : k
}

# html: every tag one multiview makes from clean input, no "<" or ">"
# outside tags, every "&" an entity.
function check_html(n, o,    j, s, t, sk, txt) {
	if (n < 2 || o[1] != "<!DOCTYPE html>" || o[n] != "</html>")
		return fail("html: not a whole page")
	for (j = 1; j <= n; j++) {
		s = o[j]
		while (match(s, /<[^<>]*>/)) {
			txt = substr(s, 1, RSTART - 1)
			t = substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
			if (!html_text(txt, j))
				return
			sk = t
			gsub(/="[^"]*"/, "=\"\"", sk)
			if (!(sk in TAG))
				return fail("html: unexpected tag <" \
				    substr(t, 1, 60) "> on line " j)
			if (!entities(t))
				return fail("html: raw & in a tag on line " j)
		}
		if (!html_text(s, j))
			return
	}
}

function html_text(s, j) {
	if (s ~ /[<>]/) {
		fail("html: raw < or > on line " j ": " substr(s, 1, 60))
		return 0
	}
	if (!entities(s)) {
		fail("html: raw & on line " j ": " substr(s, 1, 60))
		return 0
	}
	return 1
}

function entities(s) {
	gsub(/&(amp|lt|gt|quot|#[0-9]+|[a-z]+);/, "", s)
	return index(s, "&") == 0
}

# json: the whole output is one value, by the grammar of RFC 8259 (bytes
# above 127 are taken as they are).
function check_json(n, o,    j) {
	J = ""
	for (j = 1; j <= n; j++)
		J = J o[j] "\n"
	JP = 1
	JN = length(J)
	JERR = ""
	ws()
	if (!value())
		return fail("json: " JERR " at byte " JP ": " \
		    substr(J, JP > 20 ? JP - 20 : 1, 40))
	ws()
	if (JP <= JN)
		fail("json: trailing bytes at " JP)
}

function ws() {
	while (JP <= JN && index(" \t\n\r", substr(J, JP, 1)))
		JP++
}

function jerr(s) {
	if (JERR == "")
		JERR = s
	return 0
}

function value(    c) {
	c = substr(J, JP, 1)
	if (c == "{")
		return object()
	if (c == "[")
		return array()
	if (c == "\"")
		return jstring()
	if (substr(J, JP, 4) == "true" || substr(J, JP, 4) == "null") {
		JP += 4
		return 1
	}
	if (substr(J, JP, 5) == "false") {
		JP += 5
		return 1
	}
	return jnumber()
}

# Past the opening bracket at JP: 1 when the list is empty (and closed).
function opened(cl) {
	JP++
	ws()
	if (substr(J, JP, 1) != cl)
		return 0
	JP++
	return 1
}

# After a value: 1 at the close of the list, 0 after a comma, -1 else.
function list_end(cl,    c) {
	c = substr(J, JP, 1)
	if (c != cl && c != ",")
		return -1
	JP++
	return c == cl
}

function object(    r) {
	if (opened("}") == 1)
		return 1
	for (;;) {
		ws()
		if (substr(J, JP, 1) != "\"" || !jstring())
			return jerr("object key")
		ws()
		if (substr(J, JP, 1) != ":")
			return jerr("no colon")
		JP++
		ws()
		if (!value())
			return 0
		ws()
		if ((r = list_end("}")) < 0)
			return jerr("object: , or }")
		if (r == 1)
			return 1
	}
}

function array(    r) {
	if (opened("]") == 1)
		return 1
	for (;;) {
		ws()
		if (!value())
			return 0
		ws()
		if ((r = list_end("]")) < 0)
			return jerr("array: , or ]")
		if (r == 1)
			return 1
	}
}

function jstring(    c) {
	JP++
	while (JP <= JN) {
		c = substr(J, JP, 1)
		if (c == "\"") {
			JP++
			return 1
		}
		if (c in CTL)
			return jerr("raw control byte in a string")
		if (c == "\\") {
			c = substr(J, JP + 1, 1)
			if (c == "u") {
				if (substr(J, JP + 2, 4) !~ \
				    /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/)
					return jerr("bad \\u escape")
				JP += 6
				continue
			}
			if (!index("\"\\/bfnrt", c) || c == "")
				return jerr("bad escape")
			JP += 2
			continue
		}
		JP++
	}
	return jerr("unterminated string")
}

function jnumber(    s) {
	s = substr(J, JP, 64)
	if (!match(s, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/))
		return jerr("not a value")
	JP += RLENGTH
	return 1
}

BEGIN {
	for (i = 0; i < 32; i++)
		CTL[sprintf("%c", i)] = 1
	while ((getline t < tags) > 0)
		TAG[t] = 1
	close(tags)
}

{
	RUN = $1
	AWKN = $2
	FMT = $3
	RC = $4
	BAD = 0
	NRUN++
	base = out "/" RUN "." AWKN
	split("", o)
	split("", e)
	no = slurp(base ".out", o)
	ne = slurp(base ".err", e)
	if (no < 0 || ne < 0)
		fail("output missing")
	else if (RC == 124 || RC == 137)
		fail("timed out: a hang")
	else if (RC != 0 && RC != 2)
		fail("exit status " RC)
	else {
		check_err(ne, e)
		if (RC == 2) {
			if (no > 0)
				fail("exit 2 with output on stdout")
			if (ne < 1)
				fail("exit 2 without a message")
		} else if (FMT == "text")
			check_text(no, o)
		else if (FMT == "csv")
			check_csv(no, o)
		else if (FMT == "html")
			check_html(no, o)
		else
			check_json(no, o)
	}
	NFAILED += BAD
	# The same bytes and status under every awk.
	if (PREV == RUN && PRC != RC)
		diff("status " PRC " and " RC)
	else if (PREV == RUN && !same(PBASE ".out", base ".out"))
		diff("stdout")
	PREV = RUN
	PRC = RC
	PBASE = base
}

function diff(what) {
	if (++NDIFF <= 20)
		printf "DIFF %s: %s differs between awks\n", RUN, what
}

function same(a, b,    x, y, ra, rb) {
	for (;;) {
		ra = (getline x < a)
		rb = (getline y < b)
		if (ra != rb || (ra > 0 && x != y))
			break
		if (ra <= 0) {
			close(a)
			close(b)
			return 1
		}
	}
	close(a)
	close(b)
	return 0
}

END {
	printf "checked %d runs, %d failed, %d differ between awks\n", NRUN,
	    NFAILED, NDIFF
}
