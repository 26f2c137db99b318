# SPDX-License-Identifier: MIT
# pair.awk - with variants (wrapper.sh -V), the order of the variants of
# each run of the pass, drawn anew for every pair; see plan() in
# suite.sh.  Loaded before plan.awk, whose END prints pair_order(i) in
# front of the i-th selected run and calls pair_save().  -v nvar (0 or
# 1: no variants), vseed, of (the generator's state between passes).
# The generator is plan.awk's (Park-Miller), with a state of its own.
FILENAME != figs && nvar > 1 {
	# The batch is not settled yet: run_pair sizes it for the pair.
	share[n + 1] = $4 == "ok" && $5 == 0 && !($1 in batch)
}
# "ORDER " (variant numbers, comma-separated, + when the batch is
# shared), or "" without variants.
function pair_order(i,    j, k, t, p, s) {
	if (nvar < 2)
		return ""
	if (!pinit) {
		y = vseed % 2147483646 + 1
		if ((getline s <of) > 0)
			y = s + 0
		close(of)
		pinit = 1
	}
	for (j = 1; j <= nvar; j++)
		p[j] = j
	for (j = nvar; j > 1; j--) {
		y = (y * 16807) % 2147483647
		k = 1 + int(y / 2147483647 * j)
		t = p[j]; p[j] = p[k]; p[k] = t
	}
	s = p[1]
	for (j = 2; j <= nvar; j++)
		s = s "," p[j]
	return s (share[i] ? "+" : "") " "
}
function pair_save() {
	if (nvar > 1 && pinit)
		printf "%d\n", y >of
}
