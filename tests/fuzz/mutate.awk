# mutate.awk - mutated libmicro result files for the multiview fuzz test
# (tests/0820).  Run with LC_ALL=C, so that characters are bytes.
#   awk -v n=COUNT -v seed=SEED -v dir=DIR -f rand.awk -f mutate.awk SEEDFILE...
# writes DIR/1.txt .. DIR/COUNT.txt, each a seed file with one to four
# mutations: bit flips, truncations, duplicated, reordered and dropped
# lines, huge and tiny numbers, NaN and infinities, long lines and
# fields, binary bytes, CR and CRLF line ends, HTML in names, headers,
# warnings and FAILED reasons, broken fields, headers and statistics,
# and repeated rows (passes).  Byte 1 stands for NUL: the test turns it
# into one with tr for the files listed in DIR/nul.
# The plan, on stdout, one run a line: INDEX FORMAT [OPTION...] FILE...
# The generator is Park-Miller's in exact arithmetic: one seed gives the
# same files under every awk.

function insert(at, s,    j) {
	for (j = N; j >= at; j--)
		L[j + 1] = L[j]
	L[at] = s
	N++
}

function delete_line(at,    j) {
	for (j = at; j < N; j++)
		L[j] = L[j + 1]
	delete L[N]
	N--
}

function anyline() { return N > 0 ? 1 + rnd(N) : 0 }

# A line that looks like a result row, or any line.
function rowline(    j, k, f) {
	for (k = 0; k < 20; k++) {
		j = anyline()
		if (j && split(L[j], f) >= 7 && L[j] !~ /^[#!]/)
			return j
	}
	return anyline()
}

function setfield(j, v,    f, k, i, s) {
	k = split(L[j], f)
	if (k == 0)
		return
	f[1 + rnd(k)] = v
	s = f[1]
	for (i = 2; i <= k; i++)
		s = s (rnd(4) ? " " : "\t") f[i]
	L[j] = s
}

function flip(    j, p, c, o, b) {
	if (!(j = anyline()) || length(L[j]) == 0)
		return
	p = 1 + rnd(length(L[j]))
	c = substr(L[j], p, 1)
	o = ORD[c]
	b = 2 ^ rnd(8)
	o = int(o / b) % 2 ? o - b : o + b
	if (o == 0) {
		o = 1
		NUL = 1
	}
	L[j] = substr(L[j], 1, p - 1) CHR[o] substr(L[j], p + 1)
}

function truncate(    j) {
	if (!(j = anyline()))
		return
	N = j
	L[j] = substr(L[j], 1, rnd(length(L[j]) + 1))
	NONL = rnd(2)
}

function duplicate(    j, k, i) {
	if (!(j = anyline()))
		return
	k = 1 + rnd(10)
	for (i = 0; i < k && j + i <= N; i++)
		insert(j + k + i, L[j + i])
}

function reorder(    a, b, t) {
	if (N < 2)
		return
	a = anyline()
	b = anyline()
	if (rnd(3)) {
		t = L[a]; L[a] = L[b]; L[b] = t
	} else
		delete_line(a)
}

function number() {
	setfield(rowline(), pick("1e308|1e309|1e999|-1e308|" \
	    "99999999999999999999999999|0|0.0|-0|1e-320|4.9e-324|" \
	    "123456789012345678901234567890.5|0x1p10|1.5e+|.5|5.|00012|" \
	    "1e15|1000000000000001|0.00000|2147483648|-2147483649|1e-5|+3"))
}

function notanumber() {
	setfield(rowline(), pick("nan|NaN|-nan|inf|-inf|Infinity|+inf|" \
	    "NAN|nan(0x1)|1.0nan|--|-|."))
}

function longline(    k, t, s) {
	k = 5000 + rnd(100000)
	t = rnd(6)
	if (t == 0)
		s = rep("x", k)
	else if (t == 1)
		s = rep("n", k) "   1   1      0.10000   10   0   10"
	else if (t == 2)
		s = "#" rep("9 ", int(k / 2))
	else if (t == 3)
		s = "!Key" rnd(9) ": " rep("v", k)
	else if (t == 4)
		s = "wide 1 1 0.5 10 0 10" rep(" 7", rnd(2) ? 5000 : 40000)
	else
		s = "#      median 99% ci low " rep("1", 400)
	insert(1 + rnd(N + 1), s)
}

function binary(    j, p, s, k, i, c) {
	s = ""
	k = 1 + rnd(200)
	for (i = 0; i < k; i++) {
		c = rnd(256)
		if (c == 0)
			NUL = 1
		s = s CHR[c ? c : 1]
	}
	if (rnd(2) && (j = anyline())) {
		p = rnd(length(L[j]) + 1)
		L[j] = substr(L[j], 1, p) s substr(L[j], p + 1)
	} else
		insert(1 + rnd(N + 1), s)
}

function carriage(    j) {
	CR = 1 + rnd(4)
	if (CR == 4 && (j = anyline()))
		L[j] = L[j] "\r" pick("|x|1 1 1 1 1 1 1")
}

function html(    j, h) {
	h = pick("<script ZQX>alert(1)</script>|</td ZQX><td>|" \
	    "<img src=ZQX onerror=alert(1)>|a&b_ZQX|\"ZQX\"|it's_ZQX|" \
	    "<!--ZQX|]]>ZQX|<ZQX|ZQX>|&lt;ZQX|&#x3c;ZQX|<b ZQX=\"x\">")
	j = rnd(4)
	if (j == 0)
		setfield(rowline(), h)
	else if (j == 1)
		insert(1 + rnd(N + 1), "!" h ": " h)
	else if (j == 2)
		insert(1 + rnd(N + 1), "#      High spread: " h)
	else
		insert(1 + rnd(N + 1), "# FAILED: x: " h)
}

function fields(    j, f, k, i, s, m) {
	j = rnd(4)
	if (j == 0) {
		insert(1 + rnd(N + 1), pick("| |\t|  \t  |prc|#|!|x"))
		return
	}
	if (!(j = rowline()))
		return
	k = split(L[j], f)
	if (rnd(2) && k > 1) {
		i = 1 + rnd(k)
		s = ""
		for (m = 1; m <= k; m++)
			if (m != i)
				s = s (s == "" ? "" : " ") f[m]
		L[j] = s
	} else
		L[j] = L[j] rep(" extra", 1 + rnd(20))
}

function header() {
	insert(1 + rnd(N + 1), pick("!|!:|!Key|!Key:|! : x|!Date: x|" \
	    "!Libmicro_#: 9|!" rep("k", 300) ": v|!::::|!Key: a: b"))
}

function stats(    j, v) {
	j = rowline()
	v = pick("nan|-1|0|1e308|1e-320|2.5|abc|-0.5|1e999|99999999999")
	insert(j + 1, pick("#      median 99% ci low|#     median 99% ci high|" \
	    "#         standard error|#      number of samples|" \
	    "#     number of outliers|#                 median") " " v " " v)
	if (rnd(2))
		insert(j + 1, "# WARNINGS")
}

function passes(    j, f, k, r, i, s, m) {
	if (!(j = rowline()) || (k = split(L[j], f)) < 7)
		return
	r = 1 + rnd(50)
	for (i = 0; i < r; i++) {
		f[4] = pick("0.5|0.50000|1.00000|0|1e-9|1e14|" rnd(1000) "." \
		    rnd(100000))
		s = f[1]
		for (m = 2; m <= k; m++)
			s = s " " f[m]
		insert(j + 1, s)
	}
}

function mutate(    m) {
	m = rnd(16)
	if (m == 0) flip()
	else if (m == 1) { flip(); flip(); flip() }
	else if (m == 2) truncate()
	else if (m == 3) duplicate()
	else if (m == 4) reorder()
	else if (m == 5) number()
	else if (m == 6) notanumber()
	else if (m == 7) longline()
	else if (m == 8) binary()
	else if (m == 9) carriage()
	else if (m == 10) html()
	else if (m == 11) fields()
	else if (m == 12) header()
	else if (m == 13) stats()
	else if (m == 14) passes()
	else html()
}

function write(path,    j, t) {
	printf "" >path
	for (j = 1; j <= N; j++) {
		t = CR == 1 ? "\r\n" : CR == 2 ? (rnd(2) ? "\r\n" : "\n") : \
		    CR == 3 ? "\r\r\n" : "\n"
		if (j == N && NONL)
			t = ""
		printf "%s%s", L[j], t >path
	}
	close(path)
}

BEGIN {
	for (i = 1; i < 256; i++) {
		CHR[i] = sprintf("%c", i)
		ORD[CHR[i]] = i
	}
	X = seed % 2147483646 + 1
}

{
	if (FNR == 1)
		NSEED++
	SEED[NSEED] = FILENAME
	S[NSEED, ++SN[NSEED]] = $0
}

END {
	nulfile = dir "/nul"
	printf "" >nulfile
	for (f = 1; f <= n; f++) {
		s = 1 + rnd(NSEED)
		N = SN[s]
		for (j = 1; j <= N; j++)
			L[j] = S[s, j]
		NUL = NONL = CR = 0
		if (rnd(50) == 0)
			N = rnd(3)	# next to empty
		k = 1 + rnd(4)
		for (m = 0; m < k; m++)
			mutate()
		path = dir "/" f ".txt"
		write(path)
		if (NUL)
			print path >nulfile
		# The plan: a format, now and then an option, and the
		# mutated file against one or two seeds or another one.
		opts = pick("text|html|csv|json")
		o = rnd(12)
		if (o == 0)
			opts = opts " -o"
		else if (o == 1)
			opts = opts " -q 0.5"
		else if (o == 2)
			opts = opts " -n 0 -p 50"
		else if (o == 3)
			opts = opts " -t<title_ZQX>&\"'"
		other = SEED[1 + rnd(NSEED)]
		r = rnd(4)
		if (r == 0)
			files = other " " path
		else if (r == 1)
			files = path " " other
		else if (r == 2 && f > 1)
			files = path " " dir "/" (f - 1) ".txt"
		else
			files = path " " other " " SEED[1 + rnd(NSEED)]
		print f, opts, files
	}
	close(nulfile)
}
