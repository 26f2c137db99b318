# rand.awk - the random helpers of the fuzz generators (mutate.awk,
# options.awk), loaded before them with a second -f.  Park-Miller in
# exact arithmetic: one seed (X) gives the same draws under every awk.

# A whole number from 0 to k - 1.
function rnd(k) {
	X = (X * 16807) % 2147483647
	return int(X / 2147483647 * k)
}

# One of the "|"-separated choices of list.
function pick(list,    a, k) {
	k = split(list, a, "|")
	return a[1 + rnd(k)]
}

# s repeated k times.
function rep(s, k,    r) {
	r = ""
	while (k > 0) {
		if (k % 2)
			r = r s
		s = s s
		k = int(k / 2)
	}
	return r
}
