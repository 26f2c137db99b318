# gen.awk - writes a synthetic libmicro result file for the multiview
# tests, the same bytes every time (no rand(): awks differ).
#
# Input, one benchmark a line:  NAME USECS [FACTOR [FLAGS]]
#   FACTOR multiplies USECS (default 1); FLAGS, comma-separated:
#   err (3 errors), failed (a wrapper.sh FAILED row), warn (a warning).
# Variables (-v): passes (1): how many times the suite repeats, as
#   wrapper.sh -r does; noise (0): each value is USECS*FACTOR*(1 + noise*u)
#   with u spread over [-1, 1]; seed (1); ci (0): half-width of the
#   median's 99% interval, relative, and 0 for no statistics block;
#   build and date: the OS_build and Date headers.

# Park-Miller: the products stay below 2^53, so every awk agrees.
function uniform() {
	state = (state * 16807) % 2147483647
	return state / 2147483647
}

function usecs(v) {
	return sprintf(v < 0.01 ? "%12.7f" : "%12.5f", v)
}

function stat(label, v) {
	printf "# %22s %13.5f %13.5f\n", label, v, v
}

function row(name, v, flags) {
	printf "# bin/%s -E -C 200 -L -S -W -N %s\n", name, name
	printf "%-12s %3s %3s %12s %12s %8s %8s\n", "", "prc", "thr",
	    "usecs/call", "samples", "errors", "cnt/samp"
	if (flags ~ /failed/) {
		printf "%-12s %3d %3d %12.5f %12d %8d %8d FAILED\n", name, 0, 0,
		    0, 0, 1, 0
		printf "# FAILED: %s: killed by signal 9\n", name
		return
	}
	printf "%-12s %3d %3d %s %12d %8d %8d\n", name, 1, 1, usecs(v), 200,
	    flags ~ /err/ ? 3 : 0, 1000
	if (ci > 0) {
		printf "#\n# %-22s %-17s %s\n", "STATISTICS",
		    "usecs/call (raw)", "usecs/call (outliers removed)"
		stat("median", v)
		stat("median 99% ci low", v * (1 - ci))
		stat("median 99% ci high", v * (1 + ci))
		printf "#\n# %22s %13d\n", "number of samples", 200
		printf "# %22s %13d\n", "number of outliers", 0
	}
	if (flags ~ /warn/)
		printf "#\n# WARNINGS\n#      %s\n", "Quantization error likely;" \
		    " increase batch size (-B option) 4X to avoid."
	if (flags ~ /few/)
		printf "#\n# WARNINGS\n#      %s\n", "Few samples: 8 of -C 60;" \
		    " raise -D"
}

BEGIN {
	state = seed > 0 ? seed : 1
	if (passes < 1)
		passes = 1
	if (build == "")
		build = "6.1.0-18-amd64"
	if (date == "")
		date = "Mon Jan  1 10:00:00 UTC 2024"
}

NF >= 2 {
	n++
	name[n] = $1
	base[n] = $2 * (NF >= 3 ? $3 : 1)
	flags[n] = $4
}

END {
	printf "!%s:%32s\n", "Libmicro_#", "0.1.0"
	printf "!%s:%28s\n", "Options", "-E -C 200 -L -S -W"
	printf "!%s:%30s\n", "OS_build", build
	printf "!%s:%33s\n", "Date", date
	for (p = 1; p <= passes; p++)
		for (i = 1; i <= n; i++)
			row(name[i], base[i] * (1 + noise * (2 * uniform() - 1)),
			    flags[i])
}
