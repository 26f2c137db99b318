#!/bin/sh
# lint-awk.sh FILE...: report awk code that only gawk runs, or that mawk
# 1.3.4 runs differently, as "FILE:LINE: what" lines; exit 1 if there is
# any, 0 if none, 2 on a usage error.  A FILE named *.awk is one awk
# program; any other FILE is shell, and its awk programs are the quoted
# operand after an awk, mawk, gawk, nawk or $AWK word (after its -v, -F and
# -f options) and the quoted value of a variable whose name holds "awk".
# Inside a program, comments are skipped and string and regex literals are
# told apart from code, so each rule looks only where its construct means
# something: interval expressions {n} {n,} {n,m} and the \y \< \> \B \s \S
# \w \W \` \' operators in regexes (and in strings, which may be dynamic
# regexes), printf's positional %N$; gawk's functions, variables, BEGINFILE
# and ENDFILE, switch, func, **, |&, @, a[i][j] and the extra arguments of
# match, split and close in code; a line that ends in ? or : (gawk goes on
# to the next line, mawk stops); RS of more than one character; any awk
# option beyond -F, -v and -f.  Here-documents are data and are skipped.
# Then, where mawk is installed and no rule found anything, mawk parses
# each program (with -W dump, which does not run it), catching what the
# rules do not know of; a program is parsed alone, so a function it calls
# that another file defines is not an error.  A program the shell joins
# from quoted parts is checked whole, with what a "$name" part stands
# for guessed (see program()); one in double quotes, which the shell
# expands, is not parsed.
# The patterns below are written so that this file passes its own check.
# What it cannot see, because it depends on values: mawk 1.3.4 prints
# printf %d of 2^31 or more as 2147483647, and converts integers of 2^31
# or more to strings by CONVFMT (2.14748e+09); and substr() with a start
# below 1 gives other lengths in mawk and gawk.

if [ "$#" -eq 0 ]; then
	echo "usage: lint-awk.sh FILE..." >&2
	exit 2
fi
for f in "$@"; do
	if [ ! -r "$f" ]; then
		echo "lint-awk.sh: $f: cannot read" >&2
		exit 2
	fi
done

# The programs mawk parses are written to a private directory, removed
# on every exit.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lint-awk.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
LINT_TMP=$tmp
LINT_MAWK=$(command -v mawk 2>/dev/null) || LINT_MAWK=
export LINT_TMP LINT_MAWK

awk '
BEGIN {
	split("gensub asort asorti strftime systime mktime patsplit isarray " \
	    "typeof strtonum and or xor lshift rshift compl bindtextdomain " \
	    "dcgettext dcngettext mkbool", w, " ")
	for (k in w) gfunc[w[k]] = 1
	split("IGNORECASE PROCINFO FPAT FIELDWIDTHS RT ARGIND ERRNO BINMODE " \
	    "LINT TEXTDOMAIN SYMTAB FUNCTAB PREC ROUNDMODE", w, " ")
	for (k in w) gvar[w[k]] = 1
	# The extra argument gawk allows: match(s, r, arr), split(s, a, r,
	# seps), close(cmd, how).
	maxargs["match"] = 2; maxargs["split"] = 3; maxargs["close"] = 1
	# Regex operators after a backslash that POSIX and mawk lack.
	gops = "yBsSwW<>`" sprintf("%c", 39)
	sq = sprintf("%c", 39)
	bad = 0
	nrep = 0
	MAWK = ENVIRON["LINT_MAWK"]
	PROGFILE = ENVIRON["LINT_TMP"] "/prog.awk"
}

function report(line, what) {
	nrep++
	rline[nrep] = line
	rwhat[nrep] = what
	bad = 1
}

# flush(): the reports on this file, in line order (a stable sort).
function flush(    i, j, l, w) {
	for (i = 2; i <= nrep; i++) {
		l = rline[i]
		w = rwhat[i]
		for (j = i - 1; j > 0 && rline[j] > l; j--) {
			rline[j + 1] = rline[j]
			rwhat[j + 1] = rwhat[j]
		}
		rline[j + 1] = l
		rwhat[j + 1] = w
	}
	for (i = 1; i <= nrep; i++)
		printf "%s:%d: %s\n", file, rline[i], rwhat[i]
	nrep = 0
}

FNR == 1 && NR > 1 { finish() }
FNR == 1 { file = FILENAME; text = ""; hd = "" }
# A here-document in shell is data: its lines are left out (kept blank).
hd != "" {
	t = $0
	if (hdtabs)
		sub(/^\t*/, "", t)
	if (t == hd)
		hd = ""
	text = text "\n"
	next
}
{ text = text $0 "\n" }
file !~ /[.]awk$/ && match($0, /<<-?[ \t]*["\047]?[A-Za-z_0-9]+/) {
	hd = substr($0, RSTART + 2, RLENGTH - 2)
	hdtabs = sub(/^-/, "", hd)
	sub(/^[ \t]*["\047]?/, "", hd)
}
END {
	if (NR > 0)
		finish()
	exit bad
}

function finish() {
	if (file ~ /[.]awk$/)
		check_awk(text, 1, 1)
	else
		scan_sh(text)
	flush()
}

# Shell: find the awk programs.
function scan_sh(t,    pos, rest, line, pre, w, i) {
	pos = 1
	line = 1
	while (pos <= length(t)) {
		rest = substr(t, pos)
		if (!match(rest, "(^|[^A-Za-z0-9_./-])([mgn]?awk|[$]AWK|\"[$]AWK\"|[$][{]AWK[^}]*[}]|\"[$][{]AWK[^}]*[}]\")[ \t]|[A-Za-z_0-9]*[Aa][Ww][Kk][A-Za-z_0-9]*=[\"" sq "]"))
			break
		pre = substr(rest, 1, RSTART + RLENGTH - 1)
		w = pre
		line += gsub(/\n/, "", w)
		i = pos + RSTART + RLENGTH - 1
		w = substr(pre, length(pre))
		if (w == sq || w == "\"")
			i = program(t, i - 1, line)
		else
			i = awk_args(t, i, line)
		w = substr(t, pos + length(pre), i - pos - length(pre))
		line += gsub(/\n/, "", w)
		pos = i
	}
}

# awk_args(t, i, line): the options and program of an awk command that
# starts at t[i]; returns the index after what was read.
function awk_args(t, i, line,    c, w, j, hasf) {
	hasf = 0
	for (;;) {
		while ((c = substr(t, i, 1)) == " " || c == "\t" ||
		    (c == "\\" && substr(t, i + 1, 1) == "\n")) {
			if (c == "\\") {
				i++
				line++
			}
			i++
		}
		if (c == "-") {
			j = shword(t, i)
			w = substr(t, i, j - i)
			i = j
			if (w == "-v" || w == "-F" || w == "-f") {
				while ((c = substr(t, i, 1)) == " " || c == "\t")
					i++
				j = shword(t, i)
				if (w == "-v")
					rs_assign(substr(t, i, j - i), line)
				i = j
				if (w == "-f")
					hasf = 1
			} else if (w ~ /^-v/)
				rs_assign(substr(w, 3), line)
			else if (w ~ /^-f/)
				hasf = 1
			else if (w != "--" && w !~ /^-F/)
				report(line, "awk option " w \
				    " (POSIX has -F, -v and -f only)")
			continue
		}
		if ((c == sq || c == "\"") && !hasf)
			return program(t, i, line)
		return i
	}
}

# shword(t, i): the index after the shell word at t[i].
function shword(t, i,    c) {
	while ((c = substr(t, i, 1)) != "" && c !~ /[ \t\n;|&<>()]/) {
		if (c == sq) {
			i++
			while ((c = substr(t, i, 1)) != "" && c != sq)
				i++
		} else if (c == "\"") {
			i++
			while ((c = substr(t, i, 1)) != "" && c != "\"")
				i += (c == "\\") ? 2 : 1
		} else if (c == "\\")
			i++
		i++
	}
	return i
}

# program(t, i, line): check the program in the shell word whose first
# quote is at t[i]; returns the index after what was read.  A program in
# double quotes, which the shell expands, is checked by the rules alone.
# A single-quoted one may be joined to "$name" or "$(command)" parts,
# expansions that stand for a part of the program that is not here:
# nothing at the start (a file of functions before the rules), else 1
# (a number, as where a field number is spliced in).  mawk parses it
# unless the word goes on in another way.
function program(t, i, line,    q, p, part, parse, x) {
	p = ""
	parse = 1
	for (;;) {
		q = substr(t, i, 1)
		part = quoted(t, i)
		i += QLEN
		x = q == "\"" && part ~ \
		    /^[$]([A-Za-z_][A-Za-z_0-9]*|[{][A-Za-z_][A-Za-z_0-9]*[}]|[(].*[)])$/
		if (q == "\"" && !x) {
			# A double-quoted program, or one with a part that is.
			parse = 0
			if (p == "")
				p = part
			break
		}
		p = p (x ? (p == "" ? "" : "1") : part)
		q = substr(t, i, 1)
		if (q == sq || (q == "\"" && substr(t, i + 1, 1) == "$"))
			continue
		if (q !~ /^([ \t\n;&|)<>]|)$/)
			parse = 0
		break
	}
	check_awk(p, line, parse)
	return i
}

# quoted(t, i): the text of the quoted part at t[i], unescaped as the
# shell does in double quotes; QLEN its length with the quotes.
function quoted(t, i,    q, j, c, part, k) {
	q = substr(t, i, 1)
	part = ""
	for (j = i + 1; (c = substr(t, j, 1)) != "" && c != q; j++) {
		if (q == "\"" && c == "$" && substr(t, j + 1, 1) == "(") {
			k = subst_end(t, j + 1)
			part = part substr(t, j, k - j + 1)
			j = k
			continue
		}
		if (q == "\"" && c == "\\") {
			c = substr(t, ++j, 1)
			if (c == "\n")
				continue
			if (c !~ /[$`"\\]/)
				part = part "\\"
		}
		part = part c
	}
	QLEN = j + 1 - i
	return part
}

# subst_end(t, i): the index of the parenthesis that closes the one at
# t[i], quotes inside skipped.
function subst_end(t, i,    depth, c, n) {
	n = length(t)
	for (depth = 0; i <= n; i++) {
		c = substr(t, i, 1)
		if (c == "(")
			depth++
		else if (c == ")" && --depth == 0)
			return i
		else if (c == sq || c == "\"") {
			quoted(t, i)
			i += QLEN - 1
		}
		else if (c == "\\")
			i++
	}
	return n
}

function rs_assign(a, line) {
	gsub(/["\047]/, "", a)
	if (a ~ /^RS=/ && unescaped_len(substr(a, 4)) > 1)
		report(line, "RS of more than one character (POSIX: one)")
}

function unescaped_len(s) {
	gsub(/\\./, "x", s)
	return length(s)
}

# check_awk(prog, line, parse): prog is awk code whose first line is
# line; parse: mawk parses it too, if no rule found anything in it.
function check_awk(prog, line, parse,    n, i, j, c, d, code, last, word,
    val, inbr, L, k, cl, pc, nr0) {
	nr0 = nrep
	n = length(prog)
	code = ""
	last = ";"
	word = ""
	cl = line
	for (i = 1; i <= n; i++) {
		c = substr(prog, i, 1)
		if (c == "\n") {
			code = code c
			cl++
			last = ";"
			word = ""
		} else if (c == "#") {
			while (i < n && substr(prog, i + 1, 1) != "\n")
				i++
		} else if (c == "\"") {
			val = ""
			for (j = i + 1; j <= n; j++) {
				d = substr(prog, j, 1)
				if (d == "\\") {
					d = substr(prog, ++j, 1)
					if (d == "\\" || d == "\"" || d == "/")
						val = val d
					else
						val = val "\\" d
					continue
				}
				if (d == "\"" || d == "\n")
					break
				val = val d
			}
			if (code ~ /(^|[^A-Za-z_0-9])RS[ \t]*=[ \t]*$/ &&
			    unescaped_len(val) > 1)
				report(cl, "RS of more than one character " \
				    "(POSIX: one)")
			check_re(val, cl)
			if (match(val, /%[0-9]+[$]/))
				report(cl, "printf positional argument " \
				    substr(val, RSTART, RLENGTH))
			code = code "\"\""
			i = (d == "\n") ? j - 1 : j
			last = "\""
			word = ""
		} else if (c == "/" && (last ~ /[-(,{};!~&|=<>+*%^?:[\/]/ ||
		    word ~ /^(print|printf|return|in|getline)$/)) {
			val = ""
			inbr = 0
			for (j = i + 1; j <= n; j++) {
				d = substr(prog, j, 1)
				if (d == "\n")
					break
				if (d == "\\") {
					d = substr(prog, ++j, 1)
					val = val (d == "/" ? d : "\\" d)
					continue
				}
				if (inbr) {
					if (d == "[" && substr(prog, j + 1, 1) == ":") {
						k = index(substr(prog, j + 2), ":]")
						if (k > 0) {
							val = val substr(prog, j, k + 3)
							j += k + 2
							continue
						}
					}
					if (d == "]" && inbr > 1)
						inbr = 0
					else
						inbr++
				} else if (d == "[") {
					inbr = 1
					if (substr(prog, j + 1, 1) == "^") {
						val = val d
						d = "^"
						j++
					}
				} else if (d == "/")
					break
				val = val d
			}
			check_re(val, cl)
			code = code "//"
			i = (d == "\n") ? j - 1 : j
			last = "/"
			word = ""
		} else {
			code = code c
			pc = (i > 1) ? substr(prog, i - 1, 1) : ""
			if (c ~ /[A-Za-z_0-9]/)
				word = (pc ~ /[A-Za-z_0-9]/ ? word : "") c
			else if (c != " " && c != "\t")
				word = ""
			if (c != " " && c != "\t")
				last = c
		}
	}
	n = split(code, L, "\n")
	for (k = 1; k <= n; k++)
		check_code(L[k], line + k - 1)
	check_args(code, line)
	if (parse && MAWK != "" && nrep == nr0)
		mawk_parse(prog, line)
}

# mawk_parse(prog, line): what mawk says of prog, whose first line is
# line, parsing it without running it; a call of a function that prog
# does not define is no error, since another file may define it.
function mawk_parse(prog, line,    cmd, l, n, msg) {
	printf "%s", prog > PROGFILE
	close(PROGFILE)
	cmd = shq(MAWK) " -W dump -f " shq(PROGFILE) " 2>&1 >/dev/null </dev/null"
	while ((cmd | getline l) > 0) {
		if (l ~ /function [^ ]+ never defined$/)
			continue
		if (match(l, /: line [0-9]+: /)) {
			n = substr(l, RSTART + 7, RLENGTH - 9) + 0
			msg = substr(l, RSTART + RLENGTH)
			report(line + n - 1, "mawk cannot parse it: " msg)
		} else
			report(line, "mawk cannot parse it: " l)
	}
	close(cmd)
}

# shq(s): s quoted for sh.
function shq(s) {
	gsub(sq, sq "\\" sq sq, s)
	return sq s sq
}

# check_re(v, line): v is a regex (or a string that may serve as one).
function check_re(v, line,    i, n, c, inbr) {
	n = length(v)
	inbr = 0
	for (i = 1; i <= n; i++) {
		c = substr(v, i, 1)
		if (c == "\\") {
			c = substr(v, ++i, 1)
			if (!inbr && c != "" && index(gops, c))
				report(line, "regex operator \\" c \
				    " (gawk only)")
		} else if (inbr) {
			if (c == "]" && inbr > 1)
				inbr = 0
			else
				inbr++
		} else if (c == "[") {
			inbr = 1
			if (substr(v, i + 1, 1) == "^")
				i++
		} else if (c == "{" &&
		    match(substr(v, i), /^[{]([0-9]+(,[0-9]*)?|,[0-9]+)[}]/))
			report(line, "interval expression " \
			    substr(v, i, RLENGTH) " (mawk 1.3.4 has none)")
	}
}

function check_code(s, line,    t, w, rest) {
	if (match(s, /[?:][ \t]*$/))
		report(line, "line break after " substr(s, RSTART, 1) \
		    " (gawk reads on, mawk cannot parse it)")
	if (index(s, "*" "*"))
		report(line, "** (POSIX: ^)")
	if (index(s, "|" "&"))
		report(line, "|& coprocess (gawk only)")
	if (index(s, "@"))
		report(line, "@ (gawk directive or indirect call)")
	if (match(s, /[]][ \t]*[[]/))
		report(line, "array of arrays a[i][j] (gawk only)")
	t = s
	while (match(t, /[A-Za-z_][A-Za-z_0-9]*/)) {
		w = substr(t, RSTART, RLENGTH)
		if (RSTART > 1 && substr(t, RSTART - 1, 1) ~ /[0-9.$]/) {
			t = substr(t, RSTART + RLENGTH)
			continue
		}
		rest = substr(t, RSTART + RLENGTH)
		t = rest
		sub(/^[ \t]*/, "", rest)
		if ((w in gfunc) && substr(rest, 1, 1) == "(")
			report(line, w "() (gawk only)")
		else if (w in gvar)
			report(line, w " (gawk only)")
		else if (w == "BEGINFILE" || w == "ENDFILE")
			report(line, w " (gawk only)")
		else if (w == "switch" && substr(rest, 1, 1) == "(")
			report(line, "switch (gawk only)")
		else if (w == "func" && rest ~ /^[A-Za-z_]/)
			report(line, "func (POSIX: function)")
	}
}

# check_args(code, line): calls of match, split and close with more
# arguments than POSIX gives them.  String and regex literals are blank
# in code, so every comma at depth one separates arguments.
function check_args(code, line,    t, w, i, n, c, depth, commas) {
	t = code
	while (match(t, /(^|[^A-Za-z_0-9])(match|split|close)[ \t]*[(]/)) {
		w = substr(t, RSTART, RLENGTH)
		sub(/^[^a-z]/, "", w)
		sub(/[ \t]*[(]$/, "", w)
		t = substr(t, RSTART + RLENGTH)
		n = length(t)
		depth = 1
		commas = 0
		for (i = 1; i <= n && depth > 0; i++) {
			c = substr(t, i, 1)
			if (c == "(")
				depth++
			else if (c == ")")
				depth--
			else if (c == "," && depth == 1)
				commas++
		}
		if (commas + 1 > maxargs[w]) {
			c = substr(code, 1, length(code) - length(t))
			report(line + gsub(/\n/, "", c), w "() with " \
			    commas + 1 " arguments (gawk only)")
		}
	}
}
' "$@"
exit "$?"
