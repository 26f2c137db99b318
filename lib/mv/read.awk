# SPDX-License-Identifier: MIT
#
# read.awk - multiview's reader: the result files, line by line, and the
# warnings about what they hold (bad lines, files of one side that
# differ, figures of different statistics).  Part of multiview's program
# (main.awk says how it is put together).
#
# NFILE sides, FILE[1] the reference; a side is one file or several
# joined by "+" operands, their passes pooled.  NAME[1..NNAME] the
# benchmarks in order of first appearance (the reference first).  Per
# side i and benchmark b: NPASS[i,b] passes, PASSV[i,b,k] their
# usecs/call, BATCH and RESNS[i,b,k] the batch size and the clock step
# (ns) behind it, DEC[i,b] decimals to print, ERR[i,b] set when a pass
# had errors, FAIL[i,b] why a FAILED row failed, UNSUP[i,b] why the
# system could not run it (an unsupported row, which adds no pass); KINDS[i,b,1..NKINDS],
# KINDTEXT and KINDPASSES[i,b,kind] the warnings under its passes, one
# per kind, SIDEKIND[i,b,kind] those about the side as a whole; CILO,
# CIHI, SEM, NSAMPLES, NOUTLIERS[i,b,k] the engine statistics of pass k.
# A "# pair: KEY" line (wrapper.sh -V) goes to paired.awk's pair_line,
# and the next result line takes its key (pair_take); a "# PROFILE"
# line (wrapper.sh -G) to why.awk's profile_line; the counts of a pass
# (getrusage lines, -K counters) to counts.awk's.
# HDR[i,key] the header lines of side i, HKEY[1..NHKEY] their keys in
# order of first appearance.  The rest (CUR, PHDR, SIDEDIFF...) is the
# reader's own.

# A file joined to the side before it ("+") adds its passes to that side.
# path is the name shown, src what is read (a copy of standard input or
# of a pipe, multiview.sh's; path when not given).
function read_file(path, join, src,    line, rc, nres, j) {
	if (src == "")
		src = path
	# getline would take a lone "-" for standard input.
	if (src == "-")
		src = "./-"
	if (join)
		FILE[NFILE] = FILE[NFILE] "+" path
	else
		FILE[++NFILE] = path
	PATH = path
	NPHYS++
	NREPEAT = 0
	TIMERNS = 0
	NBAD = 0
	CUR = ""
	INWARN = 0
	LINENO = 0
	PENDPAIR = ""
	nres = 0
	for (;;) {
		rc = (getline line < src)
		if (rc <= 0)
			break
		LINENO++
		sub(/\r$/, "", line)
		nres += parse_line(line)
	}
	close(src)
	if (rc < 0)
		die(path ": cannot read")
	if (nres == 0)
		die(path ": no result lines")
	for (j = 1; j <= NBAD && j <= MAXBAD; j++)
		warn(BADMSG[j])
	if (NBAD > MAXBAD)
		warn(path ": " (NBAD - MAXBAD) " more bad lines skipped")
	if (NREPEAT > 0)
		warn(path ": header " REPEATED " repeated with another value:" \
		    " several files in one? their results are pooled as passes")
}

# The noise reference (-R): files of passes of the same machine, read
# joined as the side after the last, REFSIDE, for its rows' pass-to-pass
# spread; its headers and the rows the compared files lack are ignored.
# With MINREF files or more, each is also read as a side of its own,
# NREF sides from REFONE on, for each row's scatter between runs
# (noise.awk's ref_between).  NFILE and NPHYS stay the compared files'
# counts: a paired session stays paired with a reference.
function read_reference(    f, n, j, nfile, nphys) {
	if (NOISEREF == "")
		return
	n = split(NOISEREF, f, "\n")
	while (n > 0 && f[n] == "")
		n--
	nfile = NFILE
	nphys = NPHYS
	READINGREF = 1
	for (j = 1; j <= n; j++)
		read_file(input_name(f[j]), j > 1, input_path("r" j, f[j]))
	REFSIDE = NFILE
	if (n >= MINREF) {
		REFONE = NFILE + 1
		NREF = n
		for (j = 1; j <= n; j++)
			read_file(input_name(f[j]), 0, input_path("r" j, f[j]))
	}
	READINGREF = 0
	NFILE = nfile
	NPHYS = nphys
}

# -m NEW=OLD: the row NEW of the compared files is compared with the row
# OLD of the reference (getppid against getpid), without renaming runs;
# the reference's own NEW, if any, is set aside.  Copies every pass of
# OLD in side 1, with its statistics and warnings, to NEW.
function map_reference(    w, n, j, p, nw, od) {
	n = split(MAPS, w, "\n")
	for (j = 1; j <= n; j++) {
		if (w[j] == "")
			continue
		p = index(w[j], "=")
		nw = substr(w[j], 1, p - 1)
		od = substr(w[j], p + 1)
		if (p < 2 || od == "" || nw == od)
			die("-m " w[j] ": not NEW=OLD, two names")
		if (!have(1, od))
			die("-m " w[j] ": " FILE[1] " has no " od)
		copy_row(od, nw)
		if (!(nw in SEEN)) {
			SEEN[nw] = 1
			NAME[++NNAME] = nw
		}
		MAPPED[nw] = od
	}
}

function copy_row(od, nw,    k, j, kind) {
	NPASS[1, nw] = NPASS[1, od]
	DEC[1, nw] = DEC[1, od]
	ERR[1, nw] = ERR[1, od]
	if ((1, od) in FAIL)
		FAIL[1, nw] = FAIL[1, od]
	for (k = 1; k <= NPASS[1, od]; k++)
		copy_pass(od, nw, k)
	NKINDS[1, nw] = NKINDS[1, od]
	for (j = 1; j <= NKINDS[1, od]; j++) {
		kind = KINDS[1, nw, j] = KINDS[1, od, j]
		KINDTEXT[1, nw, kind] = KINDTEXT[1, od, kind]
		KINDPASSES[1, nw, kind] = KINDPASSES[1, od, kind]
		if ((1, od, kind) in SIDEKIND)
			SIDEKIND[1, nw, kind] = 1
	}
}

function copy_pass(od, nw, k) {
	PASSV[1, nw, k] = PASSV[1, od, k]
	BATCH[1, nw, k] = BATCH[1, od, k]
	RESNS[1, nw, k] = RESNS[1, od, k]
	if ((1, od, k) in CILO)
		CILO[1, nw, k] = CILO[1, od, k]
	if ((1, od, k) in CIHI)
		CIHI[1, nw, k] = CIHI[1, od, k]
	if ((1, od, k) in SEM)
		SEM[1, nw, k] = SEM[1, od, k]
	if ((1, od, k) in NSAMPLES)
		NSAMPLES[1, nw, k] = NSAMPLES[1, od, k]
	if ((1, od, k) in NOUTLIERS)
		NOUTLIERS[1, nw, k] = NOUTLIERS[1, od, k]
}

# Keys whose values differ between the files of one side, once a side.
function side_warnings(    i) {
	for (i = 1; i <= NFILE; i++)
		if (SIDEDIFF[i] != "")
			warn(FILE[i] ": its files differ in " SIDEDIFF[i] \
			    "; their results are pooled as passes")
}

# The statistic of the samples a file's figures are: its !Estimator
# header, or for files without one the mean under -M, else the median.
function estimator(i,    o) {
	if ((i, "Estimator") in HDR)
		return HDR[i, "Estimator"]
	o = (i, "Options") in HDR ? " " HDR[i, "Options"] " " : ""
	return o ~ / -M / ? "mean" : "median"
}

# Figures of different statistics differ by the statistic too: say so.
function estimator_warnings(    i) {
	for (i = 2; i <= NFILE; i++)
		if (estimator(i) != estimator(1))
			warn(FILE[i] " holds the " estimator(i) " of each run's" \
			    " samples, " FILE[1] " the " estimator(1) \
			    ": their figures differ by the statistic too")
}

# Did file i's runs count perf events?  Its options hold -K and a list
# other than none.
function counted(i,    o) {
	o = (i, "Options") in HDR ? " " HDR[i, "Options"] " " : ""
	return o ~ / -K [^ ]/ && o !~ / -K none /
}

# A counted task pays at every context switch, and its children inherit
# the counters: the runs that switch or create tasks are slower counted.
function counting_warnings(    i) {
	for (i = 2; i <= NFILE; i++)
		if (counted(i) != counted(1))
			warn((counted(i) ? FILE[i] : FILE[1]) " counted perf" \
			    " events (-K) and " (counted(i) ? FILE[1] : \
			    FILE[i]) " did not: the runs that switch contexts" \
			    " or create tasks are slower where counted")
}

# Returns 1 for a result line taken.
function parse_line(s,    c, f, n) {
	c = substr(s, 1, 1)
	if (c == "!") {
		parse_header(substr(s, 2))
		return 0
	}
	if (c == "#") {
		parse_comment(substr(s, 2))
		return 0
	}
	n = split(s, f)
	if (n == 0)
		return 0
	if (f[1] == RL_TITLE[RL_PRC]) {
		CUR = ""
		return 0
	}
	return parse_result(f, n)
}

# "!Key: value"; a key may hold blanks and punctuation (!Compiler Ver.:).
# A side keeps a key's first value.  A key that comes back with another
# value in one file (files concatenated), or in another file of the same
# side, is noted for a warning.
function parse_header(s,    p, key, val) {
	p = index(s, ":")
	key = trim(p ? substr(s, 1, p - 1) : s)
	val = p ? trim(substr(s, p + 1)) : ""
	if (key == "")
		return
	if ((NPHYS, key) in PHDR) {
		if (PHDR[NPHYS, key] != val && !((NPHYS, key) in REPEAT)) {
			REPEAT[NPHYS, key] = 1
			REPEATED = (NREPEAT++ ? REPEATED ", " : "") key
		}
	} else
		PHDR[NPHYS, key] = val
	if (key == "TimerRes" && TIMERNS == 0)
		TIMERNS = timer_ns(val)
	# Sun libMicro 0.4's Linux build reads gettimeofday: whatever its
	# TimerRes says, its figures step by 1.024 us over the batch.
	if (key == "OS_name" && val == "Linux" && \
	    PHDR[NPHYS, "Libmicro_#"] ~ /^0\.4/)
		TIMERNS = 1024
	if (READINGREF)
		return
	if ((NFILE, key) in HDR) {
		if (!((NPHYS, key) in REPEAT) && !ignored_key(key) && \
		    !same_value(key, HDR[NFILE, key], val) && \
		    !((NFILE, key) in SIDEKEY)) {
			SIDEKEY[NFILE, key] = 1
			SIDEDIFF[NFILE] = SIDEDIFF[NFILE] \
			    (SIDEDIFF[NFILE] == "" ? "" : ", ") key
		}
		return
	}
	HDR[NFILE, key] = val
	if (!(key in HSEEN)) {
		HSEEN[key] = 1
		HKEY[++NHKEY] = key
	}
}

# The keys that differ between any two runs: when, how long, the command
# line, how the runs ended, the wrapper's warnings about the moment
# (Warn_*), where the binaries were, the wall time of the profile
# passes, and the clock's overhead and resolution, which jitter by a few
# ns.
function ignored_key(k) {
	k = tolower(k)
	return k ~ /^(date|time|uptime|command|elapsed|runs|bin_dir)$/ || \
	    k ~ /^(load|warn_|profile_wall)/
}

function same_value(k, a, b,    x, y) {
	if (a == b || tolower(k) !~ /^(clock_overhead|timerres)$/)
		return a == b
	split(a, x)
	split(b, y)
	return isnum(x[1]) && isnum(y[1]) && x[2] == y[2] && \
	    abs(x[1] - y[1]) <= 5
}

# "20 nsecs", "1 usecs": the clock step in ns, or 0.
function timer_ns(v,    w, n) {
	n = split(v, w)
	if (n < 1 || !isnum(w[1]))
		return 0
	if (w[2] ~ /^(us|usecs?|microseconds?)$/)
		return w[1] * 1000
	if (w[2] ~ /^(ms|msecs?|milliseconds?)$/)
		return w[1] * 1000000
	return w[1] + 0
}

function parse_result(f, n,    b, k, why, d) {
	CUR = ""
	INWARN = 0
	why = bad_result(f, n)
	if (why != "") {
		if (++NBAD <= MAXBAD)
			BADMSG[NBAD] = PATH ":" LINENO ": " why \
			    ", line skipped"
		return 0
	}
	b = f[RL_NAME] ""
	if ((READINGREF && !(b in SEEN)) || (NFILE == 1 && (b in MAPNEW)))
		return 0
	if (!(b in SEEN)) {
		SEEN[b] = 1
		NAME[++NNAME] = b
	}
	# The system lacked what the run measures: a reason, no pass.
	if ((why = rl_unsupported(f, n)) != "") {
		UNSUP[NFILE, b] = why
		return 1
	}
	k = ++NPASS[NFILE, b]
	PASSV[NFILE, b, k] = f[RL_USECS] + 0
	BATCH[NFILE, b, k] = f[RL_CNT] + 0
	RESNS[NFILE, b, k] = TIMERNS
	d = decimals(f[RL_USECS])
	if (d > DEC[NFILE, b])
		DEC[NFILE, b] = d
	if (f[RL_ERRORS] + 0 > 0)
		ERR[NFILE, b] = 1
	CUR = b
	CURK = k
	pair_take(b, k)
	return 1
}

function bad_result(f, n,    u, v, k) {
	if (n < RL_NCOL)
		return "not a result line"
	u = f[RL_USECS]
	# Quote the field only when it is printable and short.
	v = u ~ /^[!-~]+$/ && length(u) <= 20 ? " " u : ""
	if (substr(u, 1, 1) == "-" && isnum(substr(u, 2)))
		return "negative " RL_TITLE[RL_USECS] v
	if (!isnum(u))
		return RL_TITLE[RL_USECS] v " is not a number"
	# Beyond these bounds a ratio of two values could overflow.
	if (u + 0 > 1e15 || (u + 0 > 0 && u + 0 < 1e-15))
		return RL_TITLE[RL_USECS] v " is out of range"
	for (k = RL_PRC; k <= RL_NCOL; k++)
		if (k != RL_USECS && !isint(f[k]))
			return RL_TITLE[k] " is not a count"
	return ""
}

# Print a value with the digits its file gave it (at least five, as the
# engine and Sun libMicro do); an exponent gets seven.
function decimals(s,    p) {
	if (s ~ /[eE]/)
		return 7
	p = index(s, ".")
	p = p ? length(s) - p : 0
	return p < 5 ? 5 : (p > 12 ? 12 : p)
}

# The "#" lines after a result line, up to the next result line or -L
# argument line, belong to it: its statistics, warnings, FAILED reason.
# Labels are matched word by word: most comment lines are histogram
# bars, and trimming each one costs more than splitting it.
function parse_comment(t,    w, n, v) {
	if (substr(t, 1, 9) == " PROFILE ") {
		profile_line(t)
		return
	}
	if (substr(t, 1, 7) == " pair: ") {
		pair_line(t)
		return
	}
	if (CUR == "")
		return
	if (INWARN) {
		# The wrapper's run wall time line follows the warnings at
		# the same indent: it is a figure, not a warning.
		if (t ~ /^  +[^ \t]/ &&
		    t !~ /^ +run wall time \(s\) +[0-9.]+$/) {
			add_warning(NFILE, CUR, CURK, trim(t))
			return
		}
		INWARN = 0
	}
	n = split(t, w)
	if (n == 0)
		return
	if (n == 1 && w[1] == "WARNINGS")
		INWARN = 1
	else if (w[1] == "counter")
		counter_line(w, n)
	else if (w[1] == "FAILED:")
		failed(trim(t))
	else if (w[1] ~ /\//)
		CUR = ""
	else if (n >= 3 && isnum(w[n]) && w[n] + 0 <= 1e15)
		statistic(w, n, w[n] + 0)
}

function failed(t) {
	t = trim(substr(t, 8))
	if (index(t, CUR ":") == 1)
		t = trim(substr(t, length(CUR) + 2))
	FAIL[NFILE, CUR] = t
}

# "LABEL RAW CLEAN" or "LABEL VALUE": the last number is the one kept.
function statistic(w, n, v,    label, k) {
	label = w[1]
	for (k = 2; k < n && !isnum(w[k]); k++)
		label = label " " w[k]
	if (label == "median 99% ci low")
		CILO[NFILE, CUR, CURK] = v
	else if (label == "median 99% ci high")
		CIHI[NFILE, CUR, CURK] = v
	else if (label == "number of samples")
		NSAMPLES[NFILE, CUR, CURK] = v
	else if (label == "number of outliers")
		NOUTLIERS[NFILE, CUR, CURK] = v
	else if (label == "clock resolution (ns)")
		RESNS[NFILE, CUR, CURK] = v
	else if (w[1] == "standard" && w[2] == "error")
		SEM[NFILE, CUR, CURK] = v
	else if (label in CLABEL)
		rusage_line(label, w[n])
}

# The kind of a warning is its text up to the colon ("High spread").
# KINDTEXT keeps the first text of each kind, KINDPASSES counts the
# passes that printed it; pass 0 is the side as a whole (its passes
# disagree, its timer is coarse), SIDEKIND.
function add_warning(i, b, k, s,    kind) {
	kind = index(s, ":") ? substr(s, 1, index(s, ":") - 1) : s
	if (!((i, b, kind) in KINDTEXT)) {
		KINDTEXT[i, b, kind] = s
		KINDS[i, b, ++NKINDS[i, b]] = kind
	}
	if (k == 0)
		SIDEKIND[i, b, kind] = 1
	else if (!((i, b, kind, k) in KINDSEEN)) {
		KINDSEEN[i, b, kind, k] = 1
		KINDPASSES[i, b, kind]++
	}
}

function have(i, b) { return (i, b) in NPASS }
function npasses(i, b) { return have(i, b) ? NPASS[i, b] : 0 }
