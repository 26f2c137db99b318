# SPDX-License-Identifier: MIT
# profile.awk - the profiles of the profile passes (-G; profile.sh), from
# $lm_state/pindex: a line per profile run, PASS NAME FILE [WHY], FILE
# the run's perf report (--children --sort dso,sym -n -t ';': children %,
# self %, self samples, object, "[k] symbol"), WHY why it failed.
# -v mode=ms (with ms, maxms, target, total, passes): per run, "NAME
# MS", the timed phase of each later pass, from the first pass's samples:
# target samples a pass, or more where the first fell short, so that
# the passes take total samples in all.
# -v mode=lines: per run, in the order they ran, the "# PROFILE" lines
# (doc/format.md): the samples of each pass; then the functions whose
# share of the pooled samples is at least CUTSELF (self) or CUTTOTAL
# (self and callees), the TOP largest of each, with their samples in
# each pass; or, when no pass gave a profile, why.
# A function seen twice in one report (perf splits some by address) has
# its self samples added and the larger of its inclusive ones.
BEGIN {
	CUTSELF = 0.005
	CUTTOTAL = 0.01
	TOP = 20
}

# read_report(F, P, NAME): F's samples and functions into pass P of NAME;
# the number of samples.
function read_report(f, p, name,    l, w, n, key, dso, sym, tot, c) {
	tot = 0
	delete self
	delete incl
	nk = 0
	while ((getline l <f) > 0) {
		if (l ~ /^#/ || l !~ /;/)
			continue
		n = split(l, w, ";")
		if (n < 5)
			continue
		dso = w[4]
		gsub(/^ +| +$/, "", dso)
		if (dso ~ /^\[kernel/)
			dso = "[kernel]"
		sub(/.*\//, "", dso)
		sym = w[5]
		for (c = 6; c <= n; c++)
			sym = sym ";" w[c]
		sub(/^ *\[[^]]*\] /, "", sym)
		gsub(/^ +| +$/, "", sym)
		if (sym == "" || dso == "")
			continue
		key = dso " " sym
		if (!(key in self)) {
			keys[++nk] = key
			self[key] = 0
			incl[key] = 0
		}
		self[key] += w[3] + 0
		if (pct(w[1]) > incl[key])
			incl[key] = pct(w[1])
		tot += w[3] + 0
	}
	close(f)
	for (c = 1; c <= nk; c++) {
		key = keys[c]
		if (!((name, key) in seen)) {
			seen[name, key] = 1
			fkey[name, ++nf[name]] = key
		}
		S[name, p, key] = self[key]
		T[name, p, key] = int(incl[key] * tot / 100 + 0.5)
	}
	return tot
}

function pct(s) {
	gsub(/[ %]/, "", s)
	return s + 0
}

{
	name = $2
	if (!(name in order)) {
		order[name] = ++nrun
		runs[nrun] = name
	}
	if (NF > 3) {
		if (!(name in why))
			why[name] = substr($0, index($0, $3) + length($3) + 1)
		next
	}
	n = read_report($3, $1, name)
	if (n > 0) {
		np[name]++
		pp[name, np[name]] = $1
		NS[name, $1] = n
	} else if (!(name in why))
		why[name] = "no samples in the timed phase"
	if (mode == "ms" && $1 == 1)
		first[name] = n
}

# The functions of NAME above the cut of kind K (S self, T inclusive),
# largest first, as lines.
function cut(name, k, tot,    i, j, p, key, c, m, v, t, sel) {
	m = 0
	for (i = 1; i <= nf[name]; i++) {
		key = fkey[name, i]
		c = 0
		for (j = 1; j <= np[name]; j++) {
			p = pp[name, j]
			c += (k == "S" ? S[name, p, key] : T[name, p, key]) + 0
		}
		if (c < (k == "S" ? CUTSELF : CUTTOTAL) * tot || c == 0)
			continue
		# A frame perf could not resolve is no caller of anything.
		if (k == "T" && key ~ /^\[unknown\] /)
			continue
		sel[++m] = key
		v[m] = c
	}
	# Insertion sort, largest first; ties in the order first seen.
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && v[j] > v[j - 1]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			t = sel[j]; sel[j] = sel[j - 1]; sel[j - 1] = t
		}
	for (i = 1; i <= m && i <= TOP; i++) {
		key = sel[i]
		printf "# PROFILE %s %s", name, k == "S" ? "self" : "total"
		for (j = 1; j <= np[name]; j++) {
			p = pp[name, j]
			printf " %d", (k == "S" ? S[name, p, key] : T[name, p, key])
		}
		printf " %s\n", key
	}
}

END {
	for (r = 1; r <= nrun; r++) {
		name = runs[r]
		if (mode == "ms") {
			# The later passes make up what the first fell short
			# of the whole (total), and take target each at least.
			n = first[name] + 0
			t = (total - n) / (passes - 1)
			if (t < target)
				t = target
			v = n > 0 ? int(ms * t / n + 0.999) : maxms
			if (v < ms)
				v = ms
			if (v > maxms)
				v = maxms
			print name, v
			continue
		}
		if (np[name] == 0) {
			print "# PROFILE " name " failed " \
			    (name in why ? why[name] : "no profile")
			continue
		}
		tot = 0
		printf "# PROFILE %s samples", name
		for (j = 1; j <= np[name]; j++) {
			printf " %d", NS[name, pp[name, j]]
			tot += NS[name, pp[name, j]]
		}
		printf "\n"
		cut(name, "S", tot)
		cut(name, "T", tot)
	}
}
