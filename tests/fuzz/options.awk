# options.awk - random argument vectors for the case binaries, for the
# engine option fuzz test (tests/0821).
#   awk -v n=COUNT -v seed=SEED -v file=PATH -f rand.awk -f options.awk
# prints COUNT lines, each a case name and its arguments separated by
# byte 037 (an argument may be empty or hold blanks).  Half the values
# are good ones, kept small so that a run is short; the rest come from a
# list of bad ones.  Park-Miller in exact arithmetic: one seed, the same
# vectors under every awk.

# Bad values, and big ones: those only where they are refused or
# harmless (-B 1g, -D 1m or -s 8g ask for a run of minutes).
function bad(opt) {
	if (rnd(4) == 0 && index(" -B -D -d -s -a -g ", " " opt " ") == 0)
		return pick("1m|1g|1G|8g|2g|2147483648")
	return pick("|0|-1|-3|abc|1x|1k|99999999999999999999|1e3|" \
	    "0x10| 1|1 |%s%n%s|4097|8193|-0|+5|1.5|" \
	    rep("9", 300) "|\t|\351t\351|-|--|k|0k|-1k|1kk|1K|8g5")
}

function good(opt) {
	if (opt == "-B") return 1 + rnd(20000)
	if (opt == "-C") return 1 + rnd(200)
	if (opt == "-D") return rnd(50)
	if (opt == "-I") return 1 + rnd(100000)
	if (opt == "-N") return pick("x|a_b|n.1|<x>|" rep("n", 64))
	if (opt == "-P") return 1 + rnd(4)
	if (opt == "-R") return pick("5|0.5|100|50|1e1")
	if (opt == "-T") return 1 + rnd(4)
	if (opt == "-X") return 1 + rnd(50)
	if (opt == "-d") return rnd(100)
	if (opt == "-s") return pick("1|10|1k|4k|8k|64k|" (1 + rnd(60000)))
	if (opt == "-a") return rnd(4096)
	if (opt == "-f") return pick(file "|/dev/zero|/dev/null")
	if (opt == "-g") return 1 + rnd(1024)
	if (opt == "-m") return pick("st|mt|mp")
	if (opt == "-x") return pick("pipe|sock|tcp")
	return ""
}

BEGIN {
	X = seed % 2147483646 + 1
	US = sprintf("%c", 31)
	split("nop|getpid|memset|read|pipe|malloc", CASE, "|")
	COPTS["nop"] = "-d"
	COPTS["memset"] = "-s|-a"
	COPTS["read"] = "-s|-f|-w"
	COPTS["pipe"] = "-m|-s|-x"
	COPTS["malloc"] = "-s|-g"
	VALUED = " -B -C -D -I -N -P -R -T -X -d -s -a -f -g -m -x "
	for (v = 1; v <= n; v++) {
		c = CASE[1 + rnd(6)]
		# Short by default; the vector may override any of these.
		line = c US "-X" US "50" US "-D" US "1" US "-C" US "3"
		k = rnd(7)
		for (i = 0; i < k; i++) {
			r = rnd(20)
			if (r < 12)
				o = pick("-1|-A|-B|-C|-D|-E|-H|-I|-L|-M|-N|-P|-R|" \
				    "-S|-T|-W|-X")
			else if (r < 17 && c in COPTS)
				o = pick(COPTS[c])
			else
				o = pick("-V|-?|--help|--|-|-Z|-1AS|-B5|-C5|" \
				    "-x|-q|-N|operand|-Tx|-B")
			line = line US o
			if (index(VALUED, " " o " ") && rnd(8))
				line = line US (rnd(2) ? good(o) : bad(o))
		}
		print line
	}
}
