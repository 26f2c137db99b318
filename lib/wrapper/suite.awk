# SPDX-License-Identifier: MIT
# suite.awk - the suite reader: each run of the suite file as one line,
# "LINE NAME CASE ARGS...", LINE its line in the file.  Comments and
# blank lines are skipped; a bad line is one message on stderr naming
# the file and line, and exit 2.
# NAME is the name as written, the word after the line's last -N, else
# CASE.  The engine settles the name of every line its case checks
# (settle.awk); this one stands for a program that cannot say (a missing
# one, one not built with this engine) and for a line the case refuses.
# -v prog, file (the suite, for messages), names (the placeholder names,
# blank-separated).
BEGIN {
	n = split(names, w)
	for (i = 1; i <= n; i++)
		known["$" w[i]] = 1
}
function fail(msg) {
	printf "%s: %s:%d: %s\n", prog, file, NR, msg | "cat 1>&2"
	bad = 1
	exit 2
}
{
	sub(/^[ \t]+/, "")
	if ($0 == "" || substr($0, 1, 1) == "#")
		next
	for (i = 1; i <= NF; i++)
		if (substr($i, 1, 1) == "#") {
			NF = i - 1
			break
		}
	if ($1 !~ /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/)
		fail("bad case name: " $1)
	name = $1
	for (i = 2; i <= NF; i++) {
		if ($i ~ /["\047`\\]/)
			fail("quotes and backslashes are not interpreted: " $i)
		if ($i ~ /\$/ && !($i in known))
			fail("unknown placeholder (whole words only): " $i)
		if ($i == "-N") {
			if (i == NF)
				fail("-N without a name")
			name = $(i + 1)
		}
	}
	line = NR " " name
	for (i = 1; i <= NF; i++)
		line = line " " $i
	print line
}
END { if (bad) exit 2 }
