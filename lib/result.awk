# SPDX-License-Identifier: MIT
#
# result.awk - the result line, for every awk program that reads or
# writes one (the wrapper, multiview, the tests).  Loaded before the
# program that uses it: awk -f result.awk -f prog.awk, or its text put
# in front of an inline program.
#
# A result line is seven columns, then any text of the case's own:
#
#	name prc thr usecs/call samples errors cnt/samp [text...]
#
# The columns are frozen (doc/format.md): new figures go in labelled
# "#" lines after the line, never in new columns.  RL_TITLE[k] is the
# title of column k, as the engine's header prints it.

BEGIN {
	RL_NAME = 1
	RL_PRC = 2
	RL_THR = 3
	RL_USECS = 4
	RL_SAMPLES = 5
	RL_ERRORS = 6
	RL_CNT = 7
	RL_NCOL = split("name prc thr usecs/call samples errors cnt/samp",
	    RL_TITLE, " ")
	# The engine's widths, which a FAILED row keeps.
	RL_FORMAT = "%-12s %3d %3d %12.5f %12d %8d %8d"
}

# "" if the fields f[1..n] are a well-formed result line (a plain
# decimal usecs/call, counts elsewhere), else what is wrong with them.
function rl_check(f, n,    k) {
	if (n < RL_NCOL)
		return "not a result line"
	if (f[RL_USECS] !~ /^[0-9]+\.[0-9]+$/)
		return RL_TITLE[RL_USECS] " is not a decimal number"
	for (k = RL_PRC; k <= RL_NCOL; k++)
		if (k != RL_USECS && f[k] !~ /^[0-9]+$/)
			return RL_TITLE[k] " is not a count"
	return ""
}

# The row that stands for a run of name that gave no result: no time,
# one error.
function rl_failed(name) {
	return sprintf(RL_FORMAT " %s", name, 0, 0, 0, 0, 1, 0, "FAILED")
}

# The reason of an unsupported row (what the engine prints for a run the
# system cannot do: the FAILED row's shape, no error, then the word
# "unsupported:" and the reason), or "" if f[1..n] is not one.
function rl_unsupported(f, n,    k, s) {
	if (n <= RL_NCOL || f[RL_NCOL + 1] != "unsupported:" ||
	    f[RL_USECS] + 0 != 0 || f[RL_ERRORS] != "0" ||
	    f[RL_SAMPLES] != "0")
		return ""
	s = ""
	for (k = RL_NCOL + 2; k <= n; k++)
		s = s (s == "" ? "" : " ") f[k]
	return s == "" ? "unsupported" : s
}
