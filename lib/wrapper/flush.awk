# SPDX-License-Identifier: MIT
# flush.awk - the finished runs of a pass, from the wrapper's log, as
# rows of the result file; see flush() in run.sh.  Loaded after
# result.awk, whose rl_check is the one rule of a well-formed result
# line: a run that exited 0 has a row when its output holds a line of
# its name that passes it, and that row's errors are the run's.
# -v dir (the wrapper's state), pass, passes, hdr, figs (default
# dir/figures).  With variants (-V), a "P KEY" line of the log, the
# run's pairing key, heads its rows as a "# pair: KEY" line.
# Besides the rows: the figures of clean rows appended to dir/figures
# (NAME PASS USECS BATCH CS); the failures found here, the runs that
# exited 0 without a row, in dir/late ("DONE CS NAME WHY", DONE the
# run's number among all); and in dir/tally "FAILED ERRORS UNSUPPORTED",
# how many of them, how many rows with errors, and how many unsupported
# rows (rl_unsupported: the system lacks what the run measures; neither
# a failure nor an error, and no figure).
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
# row(F): the run's output F read into out[1..nout]; the number of its
# row, or 0 if it has none.
function row(f,    l, w, n, got) {
	nout = 0
	got = 0
	while ((getline l <f) > 0) {
		out[++nout] = l
		n = split(l, w)
		if (!got && w[RL_NAME] == name && rl_check(w, n) == "") {
			got = nout
			unsup = rl_unsupported(w, n) != ""
			errors = w[RL_ERRORS] + 0
			usecs = w[RL_USECS]
			cnt = w[RL_CNT]
		}
	}
	close(f)
	return got
}
function finish(    f, i) {
	if (k == "")
		return
	f = dir "/" k ".out"
	if (pair != "")
		print "# pair: " pair
	if (why == "" && row(f) > 0) {
		for (i = 1; i <= nout; i++)
			print out[i]
		if (unsup)
			nunsup++
		else if (errors == 0)
			print name, pass, usecs, cnt, cs >>figs
		else
			nerr++
		printf "# %22s %13.2f\n", "run wall time (s)", cs / 100
	} else {
		if (why == "") {
			why = "exit status 0 but no result line for " name
			print done, cs, name, why >late
			nfail++
		}
		print "#" argv
		print rl_failed(name)
		printf "# FAILED: %s: %s\n", name, why
		comments(f, "stdout")
	}
	comments(dir "/" k ".err", "stderr")
	k = ""
}
BEGIN {
	if (figs == "")
		figs = dir "/figures"
	late = dir "/late"
	printf "" >late
	if (hdr == "" && passes > 1)
		printf "# pass %d of %d\n", pass, passes
}
$1 == "R" {
	finish()
	k = $2; cs = $3; done = $4; name = $5; why = ""; argv = ""; pair = ""
	next
}
$1 == "P" { pair = substr($0, 3); next }
$1 == "W" { why = substr($0, 3); next }
$1 == "A" { argv = substr($0, 2); next }
END {
	finish()
	printf "%d %d %d\n", nfail, nerr, nunsup >(dir "/tally")
}
