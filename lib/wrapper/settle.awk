# SPDX-License-Identifier: MIT
# settle.awk - every run of the suite with what its case's --check-lines
# settled.  Reads the suite reader's lines (LINE NAME CASE ARGS...) after
# the check's results in the directory -v dir:
#   cases         CASE STATE, STATE able, unchecked (no --check-lines in
#                 the program) or missing
#   CASE.inv      FROM RC for each --check-lines of the case's lines, the
#                 first of them its line FROM (1, then after each refused
#                 line), RC its exit status
#   CASE.out.FROM what that one printed: "K N=name B=b Bgiven=0|1 D=ms
#                 P=p T=t C=c" for its line K that passes, then K alone if
#                 line K is refused
# and prints each run as
#   NAME CASE LINE STATE BGIVEN D P T ARGS...
# STATE is ok (NAME and the rest as the engine settled them), unchecked
# (a program not built with this engine: NAME as written, the rest -; so
# is a line that an older engine's --check-lines passed without saying
# what it settled), missing (no such program), bad (its case refuses it)
# or broken (its case's --check-lines failed otherwise).  A bad or broken line is also
# written to the file -v rejects as "LINE KIND IDX FROM RC": IDX is its
# line among its case's, FROM and RC the --check-lines that says why.
# A name used twice is a warning on stderr (-v prog, file: the suite).

BEGIN {
	while ((getline l <(dir "/cases")) > 0) {
		split(l, w, " ")
		state[w[1]] = w[2]
		if (w[2] == "able")
			read_case(w[1])
	}
	close(dir "/cases")
}

# read_case(CASE): what each --check-lines of CASE's lines said.
function read_case(c,    l, w, f, from, rc) {
	f = dir "/" c ".inv"
	while ((getline l <f) > 0) {
		split(l, w, " ")
		from = w[1]
		rc = w[2]
		last[c] = from " " rc
		if (!read_out(c, from, rc) && !(c in broken))
			broken[c] = from
	}
	close(f)
}

# read_out(CASE, FROM, RC): one --check-lines' output, its line K being
# the case's line FROM + K - 1; 0 if it failed other than by refusing a
# line (RC 2 and the line's number).
function read_out(c, from, rc,    f, l, w, n, i, eq, key, good) {
	f = dir "/" c ".out." from
	while ((getline l <f) > 0) {
		n = split(l, w, " ")
		if (w[1] !~ /^[0-9]+$/)
			continue
		key = c SUBSEP (from + w[1] - 1)
		if (n == 1) {
			if (rc == 2) {
				refused[key] = from " " rc
				good = 1
			}
			continue
		}
		for (i = 2; i <= n; i++) {
			eq = index(w[i], "=")
			if (eq > 1)
				opt[key, substr(w[i], 1, eq - 1)] = \
				    substr(w[i], eq + 1)
		}
		settled[key] = 1
	}
	close(f)
	return rc == 0 || good
}

# val(KEY, OPT): what the engine settled OPT to on the line KEY, or -.
function val(key, o) {
	return opt[key, o] == "" ? "-" : opt[key, o]
}

{
	c = $3
	key = c SUBSEP (++idx[c])
	name = $2
	st = state[c]
	rest = "- - - -"
	if (key in settled) {
		st = "ok"
		name = val(key, "N")
		rest = val(key, "Bgiven") " " val(key, "D") " " val(key, "P") \
		    " " val(key, "T")
	} else if (key in refused) {
		st = "bad"
		print $1, st, idx[c], refused[key] >rejects
	} else if (st == "able" && (c in broken) && idx[c] >= broken[c]) {
		st = "broken"
		print $1, st, idx[c], last[c] >rejects
	} else if (st == "able") {
		st = "unchecked"
	}
	if (seen[name]++)
		printf "%s: %s:%d: warning: run %s appears twice\n", prog,
		    file, $1, name | "cat 1>&2"
	s = name " " c " " $1 " " st " " rest
	for (i = 4; i <= NF; i++)
		s = s " " $i
	print s
}
