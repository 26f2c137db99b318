# SPDX-License-Identifier: MIT
# plan.awk - the runs of the next pass, NAME CASE ARGS...; see plan() in
# suite.sh.  Files: the figures so far, then the selected runs (NAME CASE
# LINE STATE BGIVEN D P T ARGS...), less those adaptive.awk, loaded
# before it with -w, leaves out.  -v seed, rf, cf, figs.
function next_rand() {
	x = (x * 16807) % 2147483647
	return x / 2147483647
}
FILENAME == figs {
	if (!($1 in batch) && $4 ~ /^[0-9]+$/ && $4 > 0)
		batch[$1] = $4
	if ($3 + 0 > 0) {
		nf[$1]++; sl[$1] += log($3); sq[$1] += log($3) * log($3)
	}
	next
}
{
	# The batch is reused where the engine says no -B was given (in the
	# line or the common options); a program that cannot say keeps its
	# options as written.
	s = $1 " " $2
	if ($4 == "ok" && $5 == 0 && ($1 in batch))
		s = s " -B " batch[$1]
	for (i = 9; i <= NF; i++)
		s = s " " $i
	line[++n] = s
}
END {
	x = seed % 2147483646 + 1
	if ((getline s <rf) > 0)
		x = s + 0
	for (i = 1; i <= n; i++)
		order[i] = i
	if (seed != "")
		for (i = n; i > 1; i--) {
			j = 1 + int(next_rand() * i)
			t = order[i]; order[i] = order[j]; order[j] = t
		}
	for (i = 1; i <= n; i++)
		print line[order[i]]
	printf "%d\n", x >rf
	printf "%d\n", n >cf
}