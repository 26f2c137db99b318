# SPDX-License-Identifier: MIT
# estimate.awk - the expected seconds of one pass of each selected run
# (NAME CASE ARGS... lines) as "NAME SECS FROM"; see estimate() in
# suite.sh.  -v opts (the common options), est (an earlier result file,
# or empty).
function dur(s,    n, w, i, d) {
	n = split(s, w)
	for (i = 1; i <= n; i++)
		if (w[i] == "-D" && i < n)
			d = w[++i]
		else if (w[i] ~ /^-D[0-9]/)
			d = substr(w[i], 3)
	return d
}
BEGIN {
	while (est != "" && (getline l <est) > 0) {
		n = split(l, w)
		if (n >= 7 && w[1] !~ /^[#!]/ &&
		    w[4] ~ /^[0-9]+\.[0-9]+$/) {
			name = w[1]
			el[name] = ""
			continue
		}
		if (name == "" || w[1] != "#")
			continue
		if (l ~ /^# +run wall time \(s\) /) {
			wall[name] += w[n]; nw[name]++
		} else if (l ~ /^# +elapsed time /) {
			el[name] = w[n]
		} else if (l ~ /^# +batch sizing \(ms\) / &&
		    el[name] != "") {
			alt[name] += el[name] + w[n] / 1000 + 0.01
			na[name]++
		}
	}
	d0 = dur(opts)
	if (d0 == "")
		d0 = 10
}
{
	if ($1 in nw) {
		print $1, wall[$1] / nw[$1], "file"
	} else if ($1 in na) {
		print $1, alt[$1] / na[$1], "file"
	} else {
		$2 = ""
		d = dur($0)
		print $1, (d == "" ? d0 : d) / 1000 + 0.02, "options"
	}
}