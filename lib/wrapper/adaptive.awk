# SPDX-License-Identifier: MIT
# adaptive.awk - adaptive passes (-w): after the first -p passes, a run
# whose passes already put its figure within +/-target% at 95% is left
# out of the pass.  Loaded, with -w only, after lib/mv/num.awk (tquant)
# and before plan.awk, whose rule for the figures file gathers, per run,
# nf (the figures so far), sl and sq (the sum of their logs and of their
# squares).  -v figs, pass, minpass, target.

# precise(NAME): the 95% interval of its figure, the geometric mean of
# its passes (Student's t on their logs), is within +/-target%.
function precise(nm,    m, sd) {
	m = nf[nm]
	if (pass <= minpass || m < minpass)
		return 0
	sd = (sq[nm] - sl[nm] * sl[nm] / m) / (m - 1)
	sd = sd > 0 ? sqrt(sd) : 0
	return 100 * (exp(tquant(0.05, m - 1) * sd / sqrt(m)) - 1) <= \
	    target + 0
}

FILENAME != figs && precise($1) { next }
