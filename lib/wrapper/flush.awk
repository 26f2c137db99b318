# SPDX-License-Identifier: MIT
# flush.awk - the finished runs of a pass, from the wrapper's log, as
# rows of the result file; see flush() in run.sh.  Loaded after
# result.awk.  -v dir (the wrapper's state), pass, passes, hdr.
function comments(f, tag,    l) {
	while ((getline l <f) > 0) {
		if (tag == "stderr" && l ~ /^Running: / &&
		    match(l, /^Running: +[^ ]+/)) {
			l = substr(l, RLENGTH + 1)
			if (l ~ /^ for +[0-9.]+ seconds$/ || l == "")
				continue
		}
		print "# " tag ": " l
	}
	close(f)
}
function finish(    f, l, w, n, got) {
	if (k == "")
		return
	f = dir "/" k ".out"
	if (why == "") {
		while ((getline l <f) > 0) {
			print l
			n = split(l, w)
			if (got || w[RL_NAME] != name ||
			    rl_check(w, n) != "")
				continue
			got = 1
			if (w[RL_ERRORS] == 0)
				print name, pass, w[RL_USECS],
				    w[RL_CNT], cs >>figs
		}
		close(f)
		printf "# %22s %13.2f\n", "run wall time (s)", cs / 100
	} else {
		print "#" argv
		print rl_failed(name)
		printf "# FAILED: %s: %s\n", name, why
		comments(f, "stdout")
	}
	comments(dir "/" k ".err", "stderr")
	k = ""
}
BEGIN {
	figs = dir "/figures"
	if (hdr == "" && passes > 1)
		printf "# pass %d of %d\n", pass, passes
}
$1 == "R" {
	finish()
	k = $2; cs = $3; name = $4; why = ""; argv = ""
	next
}
$1 == "W" { why = substr($0, 3); next }
$1 == "A" { argv = substr($0, 2); next }
END { finish() }