#!/bin/sh
# The html comparison as a browser shows it: multiview.sh -f html of a
# small comparison holding a faster, a slower, a within-noise, a suspect,
# an ERRORS and a missing row is rendered by headless Chromium (Debian's
# chromium package; skipped when no chromium is on PATH), once to a
# screenshot and once to the DOM it built, with a script appended that
# writes each coloured cell's computed colours into the DOM.  Checked:
# the header table has one column per file and highlights the header that
# differs; each delta cell has the class, text and computed colour of its
# verdict; ERRORS and missing are words; the legend is there with its
# colours; the screenshot is a 1200x900 PNG, and (with python3) it shows
# the colours of the scale.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"

LC_ALL=C
export LC_ALL
if ! CHROMIUM=$(command -v chromium 2>/dev/null); then
	skip "chromium is not installed: html not rendered" \
	    "(apt-get install chromium)"
	done_testing
	exit 0
fi

# res NAME USECS ERRORS [WARNING]: a result row as the engine prints it
# with -L -S -W, its median's 99% interval +/-1% of USECS.
res() {
	awk -v n="$1" -v v="$2" -v e="$3" -v w="${4:-}" 'BEGIN {
		printf "# bin/case -E -C 200 -L -S -W -N %s\n", n
		printf "%-12s %3d %3d %12.5f %12d %8d %8d\n", n, 1, 1, v, 200,
		    e, 1000
		print "#"
		printf "# %22s %13.5f %13.5f\n", "median 99% ci low",
		    v * 0.99, v * 0.99
		printf "# %22s %13.5f %13.5f\n", "median 99% ci high",
		    v * 1.01, v * 1.01
		printf "# %22s %13d\n", "number of samples", 200
		if (w != "")
			printf "#\n# WARNINGS\n#      %s\n", w
	}'
}

{
	printf '!Machine_name: testbox\n!extra_CFLAGS: -O2 -g\n'
	res faster_run 10.0 0
	res slower_run 1.0 0
	res noise_run 2.0 0
	res suspect_run 3.0 0
	res errors_run 1.0 0
	res missing_run 1.0 0
} >ref.txt
{
	printf '!Machine_name: testbox\n!extra_CFLAGS: -Os -g\n'
	res faster_run 6.0 0
	res slower_run 1.5 0
	res noise_run 2.01 0
	res suspect_run 3.6 0 \
	    'Few samples: only 12; the statistics are rough'
	res errors_run 1.0 3
} >cmp.txt
# One pass a side: -n 1 says the runs vary by 1%, so that 20% counts.
sh "$LM_TOP/multiview.sh" -f html -n 1 -t "chromium check" ref.txt cmp.txt \
    >page.html 2>mv.err
check "multiview.sh -f html writes a page" test -s page.html

# The probe: the page, and a script that copies the computed colours of
# every classed cell of the results and the legend into its attributes.
cat >probe.js <<'EOF'
<script>
document.querySelectorAll("table.results td[class], table.legend td[class]")
    .forEach(function (c) {
	var s = getComputedStyle(c);
	c.setAttribute("data-bg", s.backgroundColor);
	c.setAttribute("data-fg", s.color);
});
var f = document.querySelector("svg.forest"), r;
if (f) {
	r = f.getBoundingClientRect();
	f.setAttribute("data-rect", [Math.floor(r.left), Math.floor(r.top),
	    Math.ceil(r.right), Math.ceil(r.bottom)].join(" "));
}
document.body.setAttribute("data-width",
    document.documentElement.scrollWidth + " " + window.innerWidth);
</script>
EOF
awk '/<\/body>/ { while ((getline l < "probe.js") > 0) print l } { print }' \
    page.html >probe.html

chrome() {
	mkdir -p profile
	prof=$(mktemp -d "$PWD/profile/p.XXXXXX") || return 1
	timeout -k 10 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync --disable-dev-shm-usage \
	    --hide-scrollbars --user-data-dir="$prof" "$@" 2>>chrome.err
}

chrome --screenshot="$PWD/page.png" --window-size=1200,900 \
    "file://$PWD/page.html" >/dev/null
chrome --dump-dom --window-size=1200,900 "file://$PWD/probe.html" >dom.html
if grep -q 'data-bg=' dom.html; then
	ok "chromium built the page and ran the probe"
else
	not_ok "chromium built the page and ran the probe"
	tail -n 20 chrome.err 2>/dev/null | diag
fi

# One table per line, then one row per line of the table wanted.
tr '\n' ' ' <dom.html | sed 's/<table/\
<table/g' >tables
rows() {
	awk -v c="<table class=\"$1\"" 'index($0, c) == 1 { print; exit }' \
	    tables | sed 's/<tr/\
<tr/g' | grep '^<tr'
}
rows headers >headers.rows
rows results >results.rows
rows legend >legend.rows

# The header table: a blank corner, then one column per file.
first=$(head -n 1 headers.rows)
nth=$(printf '%s\n' "$first" | awk '{ print gsub(/<th[ >]/, "") }')
if [ "$nth" -eq 3 ] && printf '%s\n' "$first" | grep -q '>ref.txt<' &&
    printf '%s\n' "$first" | grep -q '>cmp.txt<'; then
	ok "header table: one column per file, side by side"
else
	not_ok "header table: one column per file, side by side"
	printf '%s\n' "$first" | diag
fi
check "header table: the header that differs is highlighted" grep -q \
    '<tr class="diff"><th>extra_CFLAGS</th><td>-O2 -g</td><td>-Os -g</td>' \
    headers.rows
check "header table: the header that is the same is in the page" grep -q \
    '<th>Machine_name</th><td>testbox</td><td>testbox</td>' dom.html

# cell NAME K: the K-th cell of the results row of benchmark NAME.
cell() {
	awk -v n="<tr><td>$1</td>" -v k="$2" 'index($0, n) == 1 {
		split($0, f, "<td")
		print "<td" f[k + 1]
		exit
	}' results.rows
}

# hue CELL: green, red, white or other, from the computed background.
hue() {
	printf '%s\n' "$1" | sed -n 's/.*data-bg="rgba*(\([^)]*\))".*/\1/p' |
	    awk -F', *' 'NF < 3 { print "none"; exit }
	    NF == 4 && $4 == 0 { print "transparent"; exit }
	    $1 == 255 && $2 == 255 && $3 == 255 { print "white"; exit }
	    $2 > $1 + 20 && $2 > $3 + 20 { print "green"; exit }
	    $1 > $2 + 20 && $1 > $3 + 20 { print "red"; exit }
	    { print "other" }'
}

# delta NAME CLASS TEXT HUE: the delta cell of NAME (its 4th cell).
delta() {
	c=$(cell "$1" 4)
	got=$(hue "$c")
	case $c in
	*"class=\"$2\""*"$3"*)
		if [ "$got" = "$4" ]; then
			ok "$1: $3, class \"$2\", $4"
			return
		fi ;;
	esac
	not_ok "$1: want $3, class \"$2\", $4; got $got"
	printf '%s\n' "$c" | diag
}
delta faster_run "num f2" "+66.7% *" green
delta slower_run "num s2" "-50.0% *" red
delta noise_run "num noise" "% ~" white
delta suspect_run "num s1" "-20.0% *" red
c=$(cell suspect_run 4)
case $c in
*'<span class="warn" title="few: cmp.txt: Few samples:'*'">!</span>'*)
	ok "suspect_run: marked ! with its warning as the title" ;;
*)
	not_ok "suspect_run: marked ! with its warning as the title"
	printf '%s\n' "$c" | diag ;;
esac
for want in "errors_run 3 ERRORS" "missing_run 3 missing"; do
	# shellcheck disable=SC2086 # three words
	set -- $want
	c=$(cell "$1" "$2")
	case $c in
	*">$3</td>") ok "$1: the word $3" ;;
	*) not_ok "$1: the word $3"; printf '%s\n' "$c" | diag ;;
	esac
done

# The legend: each step of the scale in its colour, with words.
for want in "f1 green %" "f2 green %" "f3 green %" "s1 red %" \
    "s2 red %" "s3 red %" "noise white noise"; do
	# shellcheck disable=SC2086 # three words
	set -- $want
	c=$(tr '\n' ' ' <legend.rows | sed 's/<td/\
<td/g' | grep "^<td class=\"$1\"")
	got=$(hue "$c")
	if [ "$got" = "$2" ] && printf '%s\n' "$c" | grep -q "$3"; then
		ok "legend: $1 is $2, with its range in words"
	else
		not_ok "legend: $1 is $2 (got $got)"
		printf '%s\n' "$c" | diag
	fi
done
for word in "within noise" significant suspect ERRORS missing; do
	check "legend says \"$word\"" grep -q "$word" legend.rows
done

# The screenshot: a PNG of the window's size, and (python3) its colours.
sig=$(od -An -tx1 -N8 page.png 2>/dev/null | tr -d ' \n')
size=$(od -An -tu1 -j16 -N8 page.png 2>/dev/null |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" \
    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
if [ "$sig" = 89504e470d0a1a0a ] && [ "$size" = 1200x900 ] &&
    [ "$(wc -c <page.png)" -gt 5000 ]; then
	ok "screenshot: a 1200x900 PNG of $(wc -c <page.png | tr -d ' ') bytes"
else
	not_ok "screenshot: a 1200x900 PNG (signature $sig, size $size)"
	tail -n 20 chrome.err 2>/dev/null | diag
fi
# The forest plot's box in the page, and the page's width against the
# window's: nothing may stick out to the right.
rect=$(sed -n 's/.*<svg class="forest"[^>]* data-rect="\([0-9 ]*\)".*/\1/p' \
    dom.html | head -n 1)
width=$(sed -n 's/.*<body[^>]* data-width="\([0-9 ]*\)".*/\1/p' dom.html)
# shellcheck disable=SC2086 # four numbers
set -- $rect
if [ $# -eq 4 ] && [ "$1" -ge 0 ] && [ "$3" -le 1200 ] && [ "$3" -gt "$1" ] &&
    [ "$4" -le 900 ] && [ "$4" -gt "$2" ]; then
	ok "forest plot: inside the 1200x900 window ($rect)"
else
	not_ok "forest plot: inside the 1200x900 window (box: ${rect:-none})"
fi
# shellcheck disable=SC2086 # two numbers
set -- $width
check "the page is no wider than the window ($width)" \
    test $# -eq 2 -a "${1:-1}" -le "${2:-0}"
if ! command -v python3 >/dev/null 2>&1; then
	skip "python3 is not installed: screenshot pixels not checked"
else
	# shellcheck disable=SC2086 # four numbers
	python3 - page.png ${rect:-0 0 0 0} >colours 2>&1 <<'EOF'
import sys, zlib, struct
data = open(sys.argv[1], "rb").read()
pos, idat, hdr = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        hdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
w, h, depth, ctype, _, _, lace = hdr
if depth != 8 or ctype not in (2, 6) or lace:
    sys.exit("unsupported PNG: depth %d, colour type %d" % (depth, ctype))
bpp = 3 if ctype == 2 else 4
# The forest plot's box, and its faster and slower marks' colours.
box = [int(v) for v in sys.argv[2:6]]
marks = {"1a8a1a": [0, 0], "c81e1e": [0, 0]}
raw, stride = zlib.decompress(idat), w * bpp
prev, seen = bytearray(stride), set()
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(
        raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            line[i] = (line[i] + pr) & 255
    for x in range(0, stride, bpp):
        rgb = "%02x%02x%02x" % tuple(line[x:x + 3])
        seen.add(rgb)
        if rgb in marks:
            inside = box[0] <= x // bpp < box[2] and box[1] <= y < box[3]
            marks[rgb][0 if inside else 1] += 1
    prev = line
print(len(seen))
for s in sorted(seen):
    print(s)
for rgb, (i, o) in sorted(marks.items()):
    print("mark", rgb, i, o)
EOF
	n=$(head -n 1 colours)
	miss=
	# f1 f2 f3 s1 s2 s3, the highlighted header, white.
	for rgb in dcf5d3 aee59e 6fcf5a fbdcd7 f4aa9f e56b5b ffffcc ffffff; do
		grep -qx "$rgb" colours || miss="$miss $rgb"
	done
	if [ -z "$miss" ] && [ "$n" -gt 8 ]; then
		ok "screenshot: $n colours, the scale's among them"
	else
		not_ok "screenshot: the scale's colours (missing:${miss:- none})"
		head -n 5 colours | diag
	fi
	# The forest plot draws the faster row's mark green and the slower
	# rows' red, inside its box; the strip plots and histogram use
	# other colours, so none of these pixels lie outside it.
	for want in "1a8a1a green faster" "c81e1e red slower"; do
		# shellcheck disable=SC2086 # three words
		set -- $want
		got=$(awk -v c="$1" '$1 == "mark" && $2 == c { print $3, $4 }' \
		    colours)
		case $got in
		0\ *|'') not_ok "screenshot: the $3 mark's $2 in the forest plot" \
			"(inside, outside: ${got:-none})" ;;
		*\ 0) ok "screenshot: the $3 mark's $2 pixels, all in the" \
			"forest plot (${got% *})" ;;
		*) not_ok "screenshot: $2 pixels outside the forest plot" \
			"(inside, outside: $got)" ;;
		esac
	done
fi

# bench/forest.sh draws the forest plot alone, a pixel a unit of its
# viewBox.
want=$(sed -n 's/^<svg class="forest".* viewBox="0 0 \([0-9]*\) \([0-9]*\)".*/\1x\2/p' \
    page.html)
sh "$LM_TOP/bench/forest.sh" -o "$PWD/forest.png" page.html >forest.out \
    2>forest.err
got=$(od -An -tu1 -j16 -N8 forest.png 2>/dev/null |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" \
    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	ok "bench/forest.sh: a $got PNG of the forest plot"
else
	not_ok "bench/forest.sh: a ${want:-?} PNG (got ${got:-none})"
	diag <forest.err
fi
done_testing
