# SPDX-License-Identifier: MIT
# plan.awk - the runs of the next pass; see plan() in suite.sh.  Files:
# the figures so far, then the selected runs.  -v seed, rf, cf, figs,
# opts, pass, minpass, target.
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
function sets_batch(s) {
	return s ~ /[ \t]-[A-Za-z0-9]*B/
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
	if (!sets_batch(opts) && ($1 in batch) &&
	    !sets_batch(" " $0)) {
		$2 = $2 " -B " batch[$1]
	}
	line[++n] = $0
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