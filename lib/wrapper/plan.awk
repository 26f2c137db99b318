# SPDX-License-Identifier: MIT
# plan.awk - the runs of the next pass, NAME CASE ARGS...; see plan() in
# suite.sh.  Files: the figures so far, then the selected runs (NAME CASE
# LINE STATE BGIVEN D P T ARGS...).  -v seed, rf, cf, figs, pass,
# minpass, target.
function next_rand() {
	x = (x * 16807) % 2147483647
	return x / 2147483647
}
# t quantile (0.975) for df degrees of freedom
function t975(df,    t) {
	if (df > 10)
		return 1.96 + 2.4 / df
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 " \
	    "2.262 2.228", t)
	return t[df] + 0
}
# precise(NAME): its passes put its figure (geometric mean) within
# +/-target% at 95%
function precise(nm,    m, sd) {
	m = nf[nm]
	if (target == "" || pass <= minpass || m < minpass)
		return 0
	sd = (sq[nm] - sl[nm] * sl[nm] / m) / (m - 1)
	sd = sd > 0 ? sqrt(sd) : 0
	return 100 * (exp(t975(m - 1) * sd / sqrt(m)) - 1) <= target + 0
}
FILENAME == figs {
	if (!($1 in batch) && $4 ~ /^[0-9]+$/ && $4 > 0)
		batch[$1] = $4
	if ($3 + 0 > 0) {
		nf[$1]++; sl[$1] += log($3); sq[$1] += log($3) * log($3)
	}
	next
}
precise($1) { next }
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