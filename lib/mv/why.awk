# SPDX-License-Identifier: MIT
#
# why.awk - why a row changed: for a row found faster or slower, the
# functions whose time per call moved, from the profiles that
# wrapper.sh -G appends to a result file ("# PROFILE" lines, see
# doc/format.md).  Part of multiview's program (main.awk says how it is
# put together): read.awk hands it the profile lines, main.awk calls
# why_all() once the verdicts are in, and the renderers print what it
# leaves with why_head() and why_fn_text().
#
# Reading.  A "samples" line starts a block of k passes of a row; the
# "self" and "total" lines after it give, per pass, the samples whose
# leaf was the function (self) or that had it anywhere on the call
# chain (total).  A side's profile of a row pools the blocks of its
# files, pass after pass, as the result rows of its files are pooled: a
# second block of a row in one file (files concatenated) adds its passes
# too.  A function absent from a block's list was below the wrapper's
# cut there, and counts 0 in that block's passes.  Two lines of one
# function in one block add up (two functions of one name in one
# object).  A malformed line ignores the row's profile on that side,
# with one warning per file and row among the reader's bad lines;
# "failed" lines, and kinds of line this program does not know, add
# nothing.  Not read with -T, -w, nor from the noise reference (-R).
#
# Per side i and row b: WK[i,b] passes, WN[i,b,k] the samples of pass k,
# WBAD[i,b] set when its profile is ignored; per kind ("self",
# "total") WNF[i,b,kind] functions, WFK[i,b,kind,j] their keys ("DSO
# SYMBOL": the object is one word), WHAS[i,b,kind,fk] whether listed,
# WC[i,b,kind,fk,k] the counts.  PBLK and PBK[file,b]: the first pass
# (less one) and the passes of a row's current block in a physical file.
#
# The model.  A side's figure u is the value the table prints (the
# median of its passes, usecs/call); its standard error comes from the
# row's interval, read as normal (half-width over z) on the log ratio,
# shared equally between the two sides: u * se / sqrt(2) each.  A
# function's share s is its pooled count over the pooled samples, its
# time per call s * u.  The share's standard error is the spread of its
# per-pass shares over the passes, never below the binomial
# sqrt(s (1 - s) / N); a function absent from a side's list has share 0
# there, give or take half the most it could hold unlisted (why_least).  The difference d = s_B u_B - s_A u_A has
# se_d^2 = (u_A se_sA)^2 + (u_B se_sB)^2 + (s_A se_uA)^2 + (s_B se_uB)^2;
# its two-sided normal p, Benjamini-Hochberg over the functions of the
# row, is significant at -q.  The functions are the union of the two
# sides' self lists; one listed on one side only is new or gone when the
# other side has no total entry for it either, else (its time went to a
# caller or callee: inlining differs) its total shares are compared,
# "inclusive".  A function listed on one side only whose name the other
# side lists, alone, in another object only, moved between them (a
# static link puts libc's functions in the program): the two compare,
# "moved".
#
# Set here, per comparison key: WHY[key] there is a why; WHYNA, WHYNB
# the pooled samples; WHYD the difference of the figures (ns/call);
# WHYNOTE why no function is named ("" when some are); WHYFLA, WHYFLB
# [key,j], for a side whose list lacks the function, the most it could
# hold there (ns/call; its value counts 0); WHYNF the
# functions shown, WHYFK, WHYFA, WHYFB, WHYFD, WHYFQ, WHYFNOTE[key,j]
# each one's key, ns/call on each side, difference, q and note ("new",
# "gone", "inclusive" or ""); WHYANY when any key has a why.

# ---- reading ----

# "# PROFILE NAME KIND ...": t is the line after its "#".
function profile_line(t,    w, n, b) {
	if (SERIES || READINGREF || NOWHY)
		return
	n = split(t, w)
	b = w[2]
	if (n < 3) {
		profile_bad(b)
		return
	}
	if ((NFILE, b) in WBAD)
		return
	if (w[3] == "samples")
		profile_samples(b, w, n)
	else if (w[3] == "self" || w[3] == "total")
		profile_counts(b, w[3], w, n, t)
}

# "samples N1 ... Nk": a block of k passes, appended to the side's.
function profile_samples(b, w, n,    k, j, off) {
	k = n - 3
	for (j = 4; j <= n; j++)
		if (!isint(w[j])) {
			profile_bad(b)
			return
		}
	off = WK[NFILE, b] + 0
	WK[NFILE, b] = off + k
	for (j = 1; j <= k; j++)
		WN[NFILE, b, off + j] = w[3 + j] + 0
	PBLK[NPHYS, b] = off
	PBK[NPHYS, b] = k
}

# "self|total C1 ... Ck DSO SYMBOL": k counts of the current block, none
# above its pass's samples, then the object (not a number) and the name.
function profile_counts(b, kind, w, n, t,    k, off, j, s, fk) {
	if (!((NPHYS, b) in PBK)) {
		profile_bad(b)
		return
	}
	k = PBK[NPHYS, b]
	off = PBLK[NPHYS, b]
	if (n < 5 + k || isint(w[4 + k])) {
		profile_bad(b)
		return
	}
	for (j = 1; j <= k; j++)
		if (!isint(w[3 + j]) || w[3 + j] + 0 > WN[NFILE, b, off + j]) {
			profile_bad(b)
			return
		}
	# The name is the rest of the line, blanks within it kept.
	s = t
	for (j = 1; j <= 4 + k; j++)
		sub(/^[ \t]*[^ \t]+/, "", s)
	fk = w[4 + k] " " trim(s)
	if (!((NFILE, b, kind, fk) in WHAS)) {
		WHAS[NFILE, b, kind, fk] = 1
		WFK[NFILE, b, kind, ++WNF[NFILE, b, kind]] = fk
	}
	for (j = 1; j <= k; j++)
		WC[NFILE, b, kind, fk, off + j] += w[3 + j]
}

# The row's profile on this side is ignored; one warning a file and row.
function profile_bad(b) {
	WBAD[NFILE, b] = 1
	if ((NPHYS, b) in PWARNED)
		return
	PWARNED[NPHYS, b] = 1
	if (++NBAD <= MAXBAD)
		BADMSG[NBAD] = PATH ":" LINENO ": malformed profile line" \
		    (b == "" ? ", line skipped" : \
		    ", the profile of " b " is ignored")
}

function has_profile(i, b) {
	return WK[i, b] > 0 && !((i, b) in WBAD)
}

# ---- the model ----

# A why for every row faster or slower where both sides have a profile.
function why_all(    r, b, i, key, ra) {
	for (r = 1; r <= NNAME; r++) {
		b = NAME[r]
		# -m NEW=OLD: the reference's profile is OLD's.
		ra = b in MAPPED ? MAPPED[b] : b
		for (i = 2; i <= NFILE; i++) {
			key = b SUBSEP i
			if ((VERD[key] == "faster" || VERD[key] == "slower") && \
			    has_profile(1, ra) && has_profile(i, b))
				why_row(key, ra, b, i)
		}
	}
}

# The why of key: row ra of the reference against row b of side i.
function why_row(key, ra, b, i,    ua, ub, sa, sb, se, nf, fk, seen, \
    kk, p, q, j, m, d) {
	WHY[key] = WHYANY = 1
	WHYNA[key] = why_samples(1, ra)
	WHYNB[key] = why_samples(i, b)
	ua = MED[1, ra]
	ub = MED[i, b]
	WHYD[key] = (ub - ua) * 1000
	WHYNF[key] = 0
	if (WHYNA[key] < WHYMINN || WHYNB[key] < WHYMINN) {
		WHYNOTE[key] = sprintf("too few samples to say (%.0f and %.0f;" \
		    " %d needed)", WHYNA[key], WHYNB[key], WHYMINN)
		return
	}
	# The row's interval on the log ratio, as a standard error a side.
	se = (LHI[key] - LLO[key]) / (2 * ZHALF) / sqrt(2)
	sa = ua * se
	sb = ub * se
	why_moved(ra, b, i, moved, seen)
	nf = 0
	for (j = 1; j <= WNF[1, ra, "self"]; j++) {
		fk = WFK[1, ra, "self", j]
		seen[fk] = 1
		why_fn(++nf, fk, fk in moved ? moved[fk] : fk, ra, b, i, ua, ub,
		    sa, sb, d, p)
	}
	for (j = 1; j <= WNF[i, b, "self"]; j++) {
		fk = WFK[i, b, "self", j]
		if (!(fk in seen))
			why_fn(++nf, fk, fk, ra, b, i, ua, ub, sa, sb, d, p)
	}
	for (j = 1; j <= nf; j++)
		kk[j] = j
	bh_adjust(kk, nf, p, q)
	m = 0
	for (j = 1; j <= nf; j++)
		if (q[j] <= Q)
			kk[++m] = j
	why_sort(kk, m, d)
	for (j = 1; j <= m && j <= WHYMAX; j++)
		why_keep(key, j, kk[j], q[kk[j]])
	WHYNF[key] = j - 1
	if (m == 0)
		WHYNOTE[key] = "no function's change stands out of the noise"
}

# A function that moved from one object to another (a libc function
# linked into the program by a static link): listed in self on one side
# only, in object X, while the other side lists in self only, in object
# Y, one function of the same name (its symbol version, "@..." aside).
# moved[fa] = fb for each such pair, fa the reference's key; seen[fb]
# set, so that fb is not taken again as a function of its own.
function why_moved(ra, b, i, moved, seen,    j, m, fk, nm, n, cand, got) {
	for (j = 1; j <= WNF[i, b, "self"]; j++) {
		fk = WFK[i, b, "self", j]
		if ((1, ra, "self", fk) in WHAS)
			continue
		nm = why_base(fk)
		n[nm]++
		cand[nm] = fk
	}
	for (j = 1; j <= WNF[1, ra, "self"]; j++) {
		fk = WFK[1, ra, "self", j]
		if ((i, b, "self", fk) in WHAS)
			continue
		nm = why_base(fk)
		got[nm]++
	}
	for (j = 1; j <= WNF[1, ra, "self"]; j++) {
		fk = WFK[1, ra, "self", j]
		if ((i, b, "self", fk) in WHAS)
			continue
		nm = why_base(fk)
		if (n[nm] == 1 && got[nm] == 1) {
			moved[fk] = cand[nm]
			seen[cand[nm]] = 1
		}
	}
}

# The name of a function key without its object and symbol version.
function why_base(fk,    s) {
	s = why_sym(fk)
	sub(/@.*/, "", s)
	return s
}

# Function number f of the row, its keys fk on the reference's side (ra)
# and fkb on side i's (b; the same unless it moved between objects): the
# shares of the kinds that compare, ns/call on each side into WT*[f],
# its difference into d[f] and its p into p[f].
function why_fn(f, fk, fkb, ra, b, i, ua, ub, sa, sb, d, p,    ka, kb, \
    na, nb, ea, eb, v) {
	ka = kb = "self"
	WTNOTE[f] = ""
	if (fk != fkb)
		WTNOTE[f] = "moved"
	else if (!((1, ra, "self", fk) in WHAS))
		WTNOTE[f] = (1, ra, "total", fk) in WHAS ? "inclusive" : "new"
	else if (!((i, b, "self", fk) in WHAS))
		WTNOTE[f] = (i, b, "total", fk) in WHAS ? "inclusive" : "gone"
	# The side with the self entry may lack the total one (below its
	# cut): its self counts stand for it, a total holds its self.
	if (WTNOTE[f] == "inclusive") {
		ka = (1, ra, "total", fk) in WHAS ? "total" : "self"
		kb = (i, b, "total", fk) in WHAS ? "total" : "self"
	}
	na = why_share(1, ra, ka, fk)
	ea = WSE
	WTLA[f] = (1, ra, ka, fk) in WHAS ? "" : 2 * WSE * ua * 1000
	nb = why_share(i, b, kb, fkb)
	eb = WSE
	WTLB[f] = (i, b, kb, fkb) in WHAS ? "" : 2 * WSE * ub * 1000
	WTFK[f] = fk
	if (fk != fkb)
		WTFK[f] = why_dso(fk) "->" fkb
	WTA[f] = na * ua * 1000
	WTB[f] = nb * ub * 1000
	d[f] = WTB[f] - WTA[f]
	v = (ua * ea) ^ 2 + (ub * eb) ^ 2 + (na * sa) ^ 2 + (nb * sb) ^ 2
	v = sqrt(v) * 1000
	p[f] = v > 0 ? normal_p(d[f] / v) : (d[f] == 0 ? 1 : 0)
}

# The pooled share of fk in side i's kind list, its standard error in
# WSE.  A function the list lacks: 0, give or take half the most it
# could hold unlisted.
function why_share(i, b, kind, fk,    k, c, n, s, m, x, nk, sd, bin) {
	if (!((i, b, kind, fk) in WHAS)) {
		WSE = why_least(i, b, kind) / 2
		return 0
	}
	c = n = nk = 0
	for (k = 1; k <= WK[i, b]; k++) {
		c += WC[i, b, kind, fk, k]
		n += WN[i, b, k]
		if (WN[i, b, k] > 0)
			x[++nk] = WC[i, b, kind, fk, k] / WN[i, b, k]
	}
	s = n > 0 ? c / n : 0
	bin = n > 0 ? sqrt(s * (1 - s) / n) : 0
	sd = 0
	if (nk >= 2) {
		m = 0
		for (k = 1; k <= nk; k++)
			m += x[k] / nk
		for (k = 1; k <= nk; k++)
			sd += (x[k] - m) ^ 2
		sd = sqrt(sd / (nk - 1) / nk)
	}
	WSE = max(sd, bin)
	return s
}

# The most a function missing from side i's kind list can hold: the
# wrapper lists the top 20 above a cut (0.5% of the samples for self, 1%
# for total), so the cut when the list is shorter, else the smallest
# share in it.
function why_least(i, b, kind,    j, s, m) {
	m = kind == "self" ? 0.005 : 0.01
	if (WNF[i, b, kind] < 20)
		return m
	for (j = 1; j <= WNF[i, b, kind]; j++) {
		s = why_share(i, b, kind, WFK[i, b, kind, j])
		if (j == 1 || s < m)
			m = s
	}
	return m
}

function why_samples(i, b,    k, n) {
	n = 0
	for (k = 1; k <= WK[i, b]; k++)
		n += WN[i, b, k]
	return n
}

# kk[1..m] by |d| falling, ties by the function's key.
function why_sort(kk, m, d,    j, k, t) {
	for (j = 2; j <= m; j++) {
		t = kk[j]
		for (k = j; k > 1 && why_before(t, kk[k - 1], d); k--)
			kk[k] = kk[k - 1]
		kk[k] = t
	}
}

function why_before(x, y, d) {
	if (abs(d[x]) != abs(d[y]))
		return abs(d[x]) > abs(d[y])
	return WTFK[x] < WTFK[y]
}

function why_keep(key, j, f, q) {
	WHYFK[key, j] = WTFK[f]
	WHYFA[key, j] = WTA[f]
	WHYFB[key, j] = WTB[f]
	WHYFD[key, j] = WTB[f] - WTA[f]
	WHYFQ[key, j] = q
	WHYFNOTE[key, j] = WTNOTE[f]
	WHYFLA[key, j] = WTLA[f]
	WHYFLB[key, j] = WTLB[f]
}

# Side s ("A" the reference, "B" the compared) of function j of key's
# why, as text: its ns/call, or "<X" where the side's list lacks it,
# X the most it could hold below the wrapper's cut.
function why_side(key, j, s,    l) {
	l = s == "A" ? WHYFLA[key, j] : WHYFLB[key, j]
	if (l != "")
		return "<" why_ns(l)
	return why_ns(s == "A" ? WHYFA[key, j] : WHYFB[key, j])
}

# ---- for the renderers ----

# The function's name and object of a function key.
function why_sym(fk) { return substr(fk, index(fk, " ") + 1) }
function why_dso(fk) { return substr(fk, 1, index(fk, " ") - 1) }

# ns/call: one decimal, two significant digits below 1 ns.
function why_ns(x) {
	return sprintf(abs(x) >= 0.95 || x == 0 ? "%.1f" : "%.2g", x)
}
function why_sns(x) {
	return sprintf(abs(x) >= 0.95 || x == 0 ? "%+.1f" : "%+.2g", x)
}

# The legend's words for the whys, once for every format.
function why_legend() {
	return sprintf("why: from the profiles, the functions whose ns/call" \
	    " moved, compared minus reference (Benjamini-Hochberg q <= %g" \
	    " over the row's functions)", Q)
}

# The first line of a why, after "why (FILE): ".
function why_head(key) {
	if (WHYNOTE[key] ~ /^too few/)
		return WHYNOTE[key]
	return why_sns(WHYD[key]) " ns/call in all, " \
	    sprintf("%.0f and %.0f samples", WHYNA[key], WHYNB[key]) \
	    (WHYNOTE[key] == "" ? "" : "; " WHYNOTE[key])
}

# A function's line, as one text: "name object: A -> B, +D ns/call".
function why_fn_text(key, j) {
	return why_sym(WHYFK[key, j]) " (" why_dso(WHYFK[key, j]) "): " \
	    why_side(key, j, "A") " -> " why_side(key, j, "B") ", " \
	    why_sns(WHYFD[key, j]) " ns/call" \
	    (WHYFNOTE[key, j] == "" ? "" : " (" WHYFNOTE[key, j] ")")
}
