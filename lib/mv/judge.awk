# SPDX-License-Identifier: MIT
#
# judge.awk - multiview -J: is the compared file slower than the
# reference, by the comparison's own rule, as an exit status that
# git bisect run reads.  Loaded in place of the renderers (it defines
# render(), and series_render(), which -J never reaches); it computes
# nothing statistical, and reads what model.awk
# and noise.awk left: each row's interval of the log ratio (LLO, LHI,
# widened by the noise between runs), its q over the table (QVAL),
# whether it is suspect (SUSPECT, REASONS) and the verdict of a row
# with no interval.  Part of multiview's program (main.awk says how it
# is put together).
#
# A row is judged where both files hold it.  With T the threshold (the
# floor, -p) as a log ratio, and lo and hi the ends of the row's
# interval in the direction sought (slower; faster with -u):
#	bad      lo > T, and the row is selected at the table's false
#	         discovery rate (-q): faster or slower by the table's verdict
#	good     hi <= T: the data leaves out a change beyond T
#	unclear  neither: the interval holds T, the row is suspect (!), or
#	         it has no interval; more passes may decide it
#	failed   errors, a value of 0, or unsupported in one file only;
#	         more passes cannot decide it
# The file is bad when a row is bad; else it cannot be told when a row
# is unclear or failed; else it is good.  Exit status 0 good, 1 bad,
# 125 cannot tell; main.awk's die exits 128 under -J.
#
# Printed: a line saying what was judged, the rows that decided (the bad
# ones; else the unclear and failed ones; else every good one), one a
# line, "STATE NAME REF FILE [DELTA] LO% to HI%: why", then the rows
# not judged, if any, and a last line "judge: good|bad|cannot tell: ...".
# The wrapper (-J) reads the unclear rows of that list by their first
# two words.

# The state of row b: "" when not judged; else JWHY[b] says why when it
# is not plain.
function judge_row(b, t, up,    key, v, lo, hi) {
	if (!(have(1, b) || ((1, b) in UNSUP)) || \
	    !(have(2, b) || ((2, b) in UNSUP)))
		return ""
	key = b SUBSEP 2
	v = VERD[key]
	if (v == "unsupported") {
		if (!have(1, b) && !have(2, b))
			return ""
		JWHY[b] = "unsupported in " FILE[have(1, b) ? 2 : 1]
		return "failed"
	}
	if (v == "errors") {
		JWHY[b] = "errors in " (ERR[1, b] && ERR[2, b] ? "both files" : \
		    FILE[ERR[1, b] ? 1 : 2])
		return "failed"
	}
	if (v == "zero") {
		JWHY[b] = "a value is 0: no ratio"
		return "failed"
	}
	if (v == "untested") {
		JWHY[b] = "no interval: one pass and no -S statistics"
		return "unclear"
	}
	if (SUSPECT[key]) {
		JWHY[b] = "suspect: !" REASONS[key]
		return "unclear"
	}
	lo = up ? -LHI[key] : LLO[key]
	hi = up ? -LLO[key] : LHI[key]
	if (lo > t && QVAL[key] <= Q)
		return "bad"
	if (hi <= t)
		return "good"
	JWHY[b] = lo > t ? sprintf("beyond it alone, not across the table" \
	    " (q %.3g > %g)", QVAL[key], Q) : "the interval holds " \
	    judge_pct(up ? FLOORN : -FLOORN)
	return "unclear"
}

function judge_pct(x) { return sprintf("%+.1f%%", x) }
function rows(n) { return n (n == 1 ? " row" : " rows") }

# One row's line: its state, name, the two values, the delta and its
# interval when it has them, and why.
function judge_line(b, st, nw, vw,    key, s) {
	key = b SUBSEP 2
	s = rpad(st, 8) rpad(b, nw) lpad(value_text(1, b), vw) \
	    lpad(value_text(2, b), vw + 1)
	if (hasratio(VERD[key]))
		s = s " " bracket(DELTA[key])
	if (tested(VERD[key]))
		s = s " " judge_pct(DLO[key]) " to " judge_pct(DHI[key])
	if (b in JWHY)
		s = s ": " JWHY[b]
	return s
}

function render(    up, t, r, b, st, n, cnt, nw, vw, sel, way, s, in1, in2) {
	up = ENVIRON["MV_JUDGE"] == "faster"
	way = up ? "faster" : "slower"
	if (FLOORN <= 0)
		die("-J: the threshold, -p " FLOORN ", must be above 0")
	t = log(1 + FLOORN / 100)
	n = 0
	nw = 12
	vw = 11
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		st = judge_row(b, t, up)
		if (st == "") {
			in1 = have(1, b) || ((1, b) in UNSUP)
			in2 = have(2, b) || ((2, b) in UNSUP)
			cnt[in1 && !in2 ? "notinfile" : (in2 && !in1 ? \
			    "notinref" : "unsupported")]++
			continue
		}
		JST[b] = st
		cnt[st]++
		n++
		nw = max(nw, length(b) + 1)
		vw = max(vw, max(length(value_text(1, b)), \
		    length(value_text(2, b))) + 1)
	}
	if (n == 0)
		die(FILE[2] ": no row that " FILE[1] " holds too: nothing to judge")
	printf "judge: %s against %s: bad when %s by more than %g%%\n",
	    FILE[2], FILE[1], way, FLOORN
	sel = cnt["bad"] > 0 ? "bad" : \
	    (cnt["unclear"] + cnt["failed"] > 0 ? "unclear failed" : "good")
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		if ((b in JST) && index(" " sel " ", " " JST[b] " "))
			print judge_line(b, JST[b], nw, vw)
	}
	s = ""
	if (cnt["notinfile"] > 0)
		s = s ", " rows(cnt["notinfile"]) " only in " FILE[1]
	if (cnt["notinref"] > 0)
		s = s ", " rows(cnt["notinref"]) " only in " FILE[2]
	if (cnt["unsupported"] > 0)
		s = s ", " rows(cnt["unsupported"]) " unsupported in both"
	if (s != "")
		print "not judged:" substr(s, 2)
	if (sel == "bad")
		printf "judge: bad: %d of %s %s by more than %g%%\n",
		    cnt["bad"], rows(n), way, FLOORN
	else if (sel == "good")
		printf "judge: good: %s, none %s by more than %g%%\n",
		    rows(n), way, FLOORN
	else
		printf "judge: cannot tell: %d unclear, %d failed, %d good," \
		    " of %s\n", cnt["unclear"], cnt["failed"], cnt["good"],
		    rows(n)
	close(ERRCMD)
	exit (sel == "bad" ? 1 : (sel == "good" ? 0 : 125))
}

function series_render() { die("-J: judges no series") }
