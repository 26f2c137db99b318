# SPDX-License-Identifier: MIT
# dryrun.awk - the dry run's list: each selected run with its estimated
# seconds per pass and its suite line, then the whole; see dry_run() in
# suite.sh.  Files: the estimate, then the selected runs (NAME CASE LINE
# STATE BGIVEN D P T ARGS...).  -v passes, est, budget, fewest.
FILENAME != ARGV[ARGC - 1] { e[$1] = $2; from[$1] = $3; next }
{
	t += e[$1]; n++
	if (from[$1] == "options") low++
	s = $2
	for (i = 9; i <= NF; i++)
		s = s " " $i
	printf "%-16s %8.2f s  %s\n", $1, e[$1], s
}
# s seconds of runs, cut to the budget (the first pass always runs)
function capped(s) {
	return budget != "" && s > t && s > budget + 0 ? \
	    (t > budget + 0 ? t : budget + 0) : s
}
END {
	if (fewest != "")
		printf "%d runs x %d to %d passes (adaptive) = %d to %d" \
		    " runs, about %.1f to %.1f s", n, fewest, passes,
		    n * fewest, n * passes, capped(t * fewest),
		    capped(t * passes)
	else
		printf "%d runs x %d passes = %d runs, about %.1f s", n,
		    passes, n * passes, capped(t * passes)
	if (budget != "" && t * passes > budget + 0)
		printf ", cut by the %d s budget", budget
	if (low == n)
		printf " (at least: from -D and start-up only)\n"
	else if (low > 0)
		printf " (from %s; %d runs not in it, at least -D)\n",
		    est, low
	else
		printf " (from %s)\n", est
}