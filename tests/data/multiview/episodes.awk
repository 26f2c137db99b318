# SPDX-License-Identifier: MIT
# episodes.awk - a synthetic result file whose passes the machine slows
# as this one does: each row's own time, a small symmetric scatter, and
# in some passes a level of added time.  Deterministic (its own linear
# congruential generator), the same bytes under mawk and gawk.
#   rows=60 passes=10 seed=1  the table
#   sigma=0.005               the symmetric scatter of a pass (log)
#   slow=0.6                  the share of passes slowed
#   level=0.3                 how much a slowed pass takes longer
#   every=0 shift=1           every every-th row times shift
#   states=0                  the last row: 3 passes of 10 four times faster
function rnd() {
	S = (S * 16807) % 2147483647
	return S / 2147483647
}
# A standard normal, by Box-Muller.
function gauss() {
	return sqrt(-2 * log(1 - rnd())) * cos(6.283185307179586 * rnd())
}
BEGIN {
	rows = rows ? rows : 60
	passes = passes ? passes : 10
	S = (seed ? seed : 1) * 7919 + 1
	sigma = sigma != "" ? sigma : 0.005
	slow = slow != "" ? slow : 0.6
	level = level != "" ? level : 0.3
	for (r = 1; r <= rows; r++)
		base[r] = 0.05 + 2 * r * r / rows
	for (k = 1; k <= passes; k++) {
		printf "# pass %d of %d\n", k, passes
		for (r = 1; r <= rows; r++) {
			v = base[r] * exp(sigma * gauss())
			if (rnd() < slow)
				v *= 1 + level * (0.8 + 0.4 * rnd())
			if (every && r % every == 0)
				v *= shift
			if (states && r == rows && k <= 3)
				v /= 4
			printf "e%03d 1 1 %.5f 200 0 1000\n", r, v
		}
	}
}
