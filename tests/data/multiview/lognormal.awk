# lognormal.awk - writes a synthetic result file of many benchmarks whose
# passes are lognormal around a known value, the same bytes under every
# awk (Park-Miller draws; Box-Muller through log, sqrt and cos).
#
# Variables (-v): rows (300), passes (10), sigma (0.03): the standard
# deviation of log(value) from pass to pass; seed (1); shift (1): every
# value of the rows whose number is a multiple of every (0: none) is
# multiplied by it.  sun (0): 1 writes Sun libMicro 0.4.1's layout, one
# line a pass, its values rounded to multiples of step (1.024) with a
# batch of 1, a zero standard error and "!TimerRes: 1024 nsecs".
# between (0): the standard deviation of log(value) of an offset drawn
# once a row for the whole file, as a run of the suite differs from the
# next by more than its passes show; bevery (0): only the rows whose
# number is a multiple of it get that offset.
# Row r has the value 1 + r * 0.37 usecs (from about 1 to 100).

function uniform() {
	state = (state * 16807) % 2147483647
	return state / 2147483647
}

function gauss(    u, v) {
	u = uniform()
	v = uniform()
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v)
}

function value(r,    v) {
	v = (1 + r * 0.37) * exp(sigma * gauss())
	if (r in offset)
		v *= offset[r]
	if (every > 0 && r % every == 0)
		v *= shift
	if (sun)
		v = step * int(v / step + 0.5)
	return v
}

BEGIN {
	if (rows == "")
		rows = 300
	if (passes == "")
		passes = 10
	if (sigma == "")
		sigma = 0.03
	if (shift == "")
		shift = 1
	if (step == "")
		step = 1.024
	state = seed > 0 ? seed : 1
	for (r = 1; between > 0 && r <= rows; r++) {
		o = exp(between * gauss())
		if (!(bevery > 0) || r % bevery == 0)
			offset[r] = o
	}
	if (sun) {
		printf "!Libmicro_#:\t0.4.1\n!Options:\t-E -C 200 -L -S -W\n"
		printf "!TimerRes:\t1024 nsecs\n \n"
		for (r = 1; r <= rows; r++) {
			printf "# bin/b%03d -E -C 200 -L -S -W -N b%03d\n", r, r
			printf "             prc thr   usecs/call      samples" \
			    "   errors cnt/samp \n"
			printf "b%03d           1   1 %12.5f          201" \
			    "        0        1 \n", r, value(r)
			printf "#\n# STATISTICS         usecs/call (raw)" \
			    "          usecs/call (outliers removed)\n"
			printf "#         standard error       0.00000" \
			    "       0.00000\n#\n"
		}
		exit
	}
	printf "!Libmicro_#: 0.1.0\n!TimerRes: 20 nsecs\n"
	for (p = 1; p <= passes; p++)
		for (r = 1; r <= rows; r++)
			printf "b%03d 1 1 %.5f 200 0 1000\n", r, value(r)
}
