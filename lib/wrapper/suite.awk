# SPDX-License-Identifier: MIT
# suite.awk - the suite reader: each run of the suite file as one line,
# NAME CASE ARGS..., on stdout, and "NR NAME CASE ARGS..." in the file
# named by -v lines.  Comments and blank lines are skipped; a bad line is
# one message on stderr naming the file and line, and exit 2.
# -v prog, file (the suite, for messages), lines, names (the placeholder
# names, blank-separated).
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
	if (seen[name]++)
		printf "%s: %s:%d: warning: run %s appears twice\n", prog,
		    file, NR, name | "cat 1>&2"
	line = name
	for (i = 1; i <= NF; i++)
		line = line " " $i
	print line
	print NR, line > lines
}
END { if (bad) exit 2 }