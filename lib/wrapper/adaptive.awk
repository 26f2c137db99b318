# SPDX-License-Identifier: MIT
# adaptive.awk - adaptive passes (-w): after the first -p passes, a run
# whose passes already put its figure within +/-target% at 95% is left
# out of the pass.  Loaded, with -w only, after lib/mv/num.awk (tquant)
# and before plan.awk, whose rule for the figures file gathers, per run,
# nf (the figures so far), sl and sq (the sum of their logs and of their
# squares).  -v figs, pass, minpass, target.
# With variants (-V), the files figs.N, the figures of variant N, come
# after figs: then what must be within +/-target% is each variant's
# ratio to the first, pass by pass (the pairs' difference is what a
# paired comparison measures, not either figure alone).

FILENAME == figs && $3 + 0 > 0 { f1[$1, $2] = $3 }
index(FILENAME, figs ".") == 1 {
	v = substr(FILENAME, length(figs) + 2)
	if (!(v in isvar))
		isvar[v] = ++nvars
	if ($3 + 0 > 0)
		fv[isvar[v], $1, $2] = $3
	next
}

# logsd_ok(M, SL, SQ): M logs whose sums are SL and SQ put their mean
# within +/-target% at 95%.
function logsd_ok(m, s, q,    sd) {
	if (m < minpass || m < 2)
		return 0
	sd = (q - s * s / m) / (m - 1)
	sd = sd > 0 ? sqrt(sd) : 0
	return 100 * (exp(tquant(0.05, m - 1) * sd / sqrt(m)) - 1) <= \
	    target + 0
}

# paired_ok(NAME, V): variant V's ratio to the first, over the passes
# both have, is pinned.
function paired_ok(nm, v,    p, m, d, s, q) {
	m = s = q = 0
	for (p = 1; p < pass; p++)
		if (((nm, p) in f1) && ((v, nm, p) in fv)) {
			d = log(fv[v, nm, p]) - log(f1[nm, p])
			m++
			s += d
			q += d * d
		}
	return logsd_ok(m, s, q)
}

# precise(NAME): the 95% interval of its figure, the geometric mean of
# its passes (Student's t on their logs), or with variants of each
# variant's ratio to the first, is within +/-target%.
function precise(nm,    v) {
	if (pass <= minpass)
		return 0
	if (nvars == 0)
		return logsd_ok(nf[nm], sl[nm], sq[nm])
	for (v = 1; v <= nvars; v++)
		if (!paired_ok(nm, v))
			return 0
	return 1
}

FILENAME != figs && precise($1) { next }
