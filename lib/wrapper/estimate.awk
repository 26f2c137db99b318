# SPDX-License-Identifier: MIT
# estimate.awk - the expected seconds of one pass of each selected run
# (NAME CASE LINE STATE BGIVEN D ..., see suite.sh) as "NAME SECS FROM";
# see estimate() in suite.sh.  Loaded after result.awk, which tells the
# result lines of the earlier file, -v est (or empty), from the rest.
BEGIN {
	while (est != "" && (getline l <est) > 0) {
		n = split(l, w)
		if (w[1] !~ /^[#!]/ && rl_check(w, n) == "") {
			name = w[RL_NAME]
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
}
{
	if ($1 in nw) {
		print $1, wall[$1] / nw[$1], "file"
	} else if ($1 in na) {
		print $1, alt[$1] / na[$1], "file"
	} else {
		# -D as the engine settled it; the engine's default for a
		# program that cannot say
		d = $4 == "ok" ? $6 : 10
		print $1, d / 1000 + 0.02, "options"
	}
}