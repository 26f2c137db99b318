#!/bin/sh
# The html comparison as a browser shows it: multiview.sh -f html of a
# small comparison holding a faster, a slower, a within-noise, a suspect,
# an ERRORS and a missing row is rendered by headless Chromium (Debian's
# chromium package; skipped when no chromium is on PATH) in a 1400x900
# window, once to a screenshot and once to the DOM it built, with a
# script appended that writes each coloured cell's computed colours and
# the boxes of the summary and the plot into the DOM.  Checked: the
# header table has one column per file and highlights the header that
# differs; each delta cell has the class, text and computed colour of its
# verdict; ERRORS and missing are words; the legend is there with its
# colours; the screenshot is a 1400x900 PNG showing the colours of the
# scale.  Then the first screen of a comparison of 41 rows, every fourth
# 10% slower and one in two states (whose interval once set the plot's
# scale): the summary and the top of the plot are on it, and the dots of
# the slower rows at least 20 pixels from the 0 line.  Chromium reads
# its own screenshots' pixels too: a page holding the PNG draws it on a
# canvas and writes what a script found into its DOM.
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

# The probe: a script that copies the computed colours of every classed
# cell of the results and the legend into its attributes, and the boxes
# of the forest plot, its plot area and the first summary paragraph.
cat >probe.js <<'EOF'
<script>
document.querySelectorAll("table.results td[class], table.legend td[class]")
    .forEach(function (c) {
	var s = getComputedStyle(c);
	c.setAttribute("data-bg", s.backgroundColor);
	c.setAttribute("data-fg", s.color);
});
["svg.forest", "svg.forest rect.plot", "p.verdict"].forEach(function (q) {
	var e = document.querySelector(q), r;
	if (!e)
		return;
	r = e.getBoundingClientRect();
	e.setAttribute("data-rect", [Math.floor(r.left), Math.floor(r.top),
	    Math.ceil(r.right), Math.ceil(r.bottom)].join(" "));
});
document.body.setAttribute("data-width",
    document.documentElement.scrollWidth + " " + window.innerWidth);
</script>
EOF
# probe PAGE OUT: PAGE with the probe, as OUT.
probe() {
	awk '/<\/body>/ { while ((getline l < "probe.js") > 0) print l }
	{ print }' "$1" >"$2"
}
probe page.html probe.html

# chrome ARG...: headless Chromium with a fresh profile.  A screenshot
# waits for every stage of drawing: on a loaded machine it was once
# taken with the tiles under the first 768 pixels not drawn yet.
chrome() {
	mkdir -p profile
	prof=$(mktemp -d "$PWD/profile/p.XXXXXX") || return 1
	timeout -k 10 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync --disable-dev-shm-usage \
	    --hide-scrollbars --run-all-compositor-stages-before-draw \
	    --user-data-dir="$prof" "$@" 2>>chrome.err
}

chrome --screenshot="$PWD/page.png" --window-size=1400,900 \
    "file://$PWD/page.html" >/dev/null
chrome --dump-dom --window-size=1400,900 "file://$PWD/probe.html" >dom.html
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

# The screenshot: a PNG of the window's size.
sig=$(od -An -tx1 -N8 page.png 2>/dev/null | tr -d ' \n')
size=$(od -An -tu1 -j16 -N8 page.png 2>/dev/null |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" \
    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
if [ "$sig" = 89504e470d0a1a0a ] && [ "$size" = 1400x900 ] &&
    [ "$(wc -c <page.png)" -gt 5000 ]; then
	ok "screenshot: a 1400x900 PNG of $(wc -c <page.png | tr -d ' ') bytes"
else
	not_ok "screenshot: a 1400x900 PNG (signature $sig, size $size)"
	tail -n 20 chrome.err 2>/dev/null | diag
fi
# rect SELECTOR DOM: the box the probe wrote on the element whose tag
# and class SELECTOR's pattern matches, "left top right bottom".
rect() {
	sed -n "s/.*<$1[^>]* data-rect=\"\\([0-9 -]*\\)\".*/\\1/p" "$2" |
	    head -n 1
}
# The forest plot's box in the page, and the page's width against the
# window's: nothing may stick out to the right.
box=$(rect 'svg class="forest"' dom.html)
width=$(sed -n 's/.*<body[^>]* data-width="\([0-9 ]*\)".*/\1/p' dom.html)
# shellcheck disable=SC2086 # four numbers
set -- $box
if [ $# -eq 4 ] && [ "$1" -ge 0 ] && [ "$3" -le 1400 ] && [ "$3" -gt "$1" ] &&
    [ "$4" -le 900 ] && [ "$4" -gt "$2" ]; then
	ok "forest plot: inside the 1400x900 window ($box)"
else
	not_ok "forest plot: inside the 1400x900 window (box: ${box:-none})"
fi
# shellcheck disable=SC2086 # two numbers
set -- $width
check "the page is no wider than the window ($width)" \
    test $# -eq 2 -a "${1:-1}" -le "${2:-0}"

# The pixels of a screenshot, as Chromium decodes them: pixels.js, run
# in a page holding the PNG, draws it on a canvas and writes what it
# finds, a line each, into the page's <pre>.  BOX names the boxes of
# the page's parts: forest (the svg), plot (its plot area), summary.
cat >pixels.js <<'EOF'
window.addEventListener("load", function () {
	var img = document.getElementById("shot");
	var c = document.createElement("canvas"), W, H, d, g, out = [];
	var seen = {}, n = 0, x, y, i, h, p, b;
	var marks = { "1a8a1a": [0, 0], "c81e1e": [0, 0] };
	W = c.width = img.naturalWidth;
	H = c.height = img.naturalHeight;
	g = c.getContext("2d");
	g.drawImage(img, 0, 0);
	d = g.getImageData(0, 0, W, H).data;
	function at(x, y) { return (y * W + x) * 4; }
	function hex(i) {
		return ((1 << 24) + (d[i] << 16) + (d[i + 1] << 8) +
		    d[i + 2]).toString(16).slice(1);
	}
	function dark(i) {
		return d[i] < 100 && d[i + 1] < 100 && d[i + 2] < 100;
	}
	function inside(b, x, y) {
		return b && x >= b[0] && x < b[2] && y >= b[1] && y < b[3];
	}
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++) {
			h = hex(at(x, y));
			if (!seen[h]) {
				seen[h] = 1;
				n++;
			}
			if (h in marks)
				marks[h][inside(BOX.forest, x, y) ? 0 : 1]++;
		}
	out.push("size " + W + " " + H, "colours " + n);
	Object.keys(seen).sort().forEach(function (k) { out.push("colour " + k); });
	for (h in marks)
		out.push("mark " + h + " " + marks[h][0] + " " + marks[h][1]);
	if (BOX.summary) {
		b = BOX.summary;
		n = 0;
		for (y = Math.max(b[1], 0); y < Math.min(b[3], H); y++)
			for (x = Math.max(b[0], 0); x < Math.min(b[2], W); x++)
				n += dark(at(x, y));
		out.push("summary " + n);
	}
	if (BOX.plot) {
		// Within the plot area on the screen: the 0 line is the
		// darkest column, the only line that runs its height (a
		// thin line between two columns greys both); a dot of a
		// slower row is a column of the slower red at least 5
		// pixels high (its bar is thinner).
		var y0 = Math.max(BOX.plot[1] + 2, 0), y1 = Math.min(BOX.plot[3] - 2, H);
		var zx = -1, zn = -1, k, run, best, near = -1, l = 0, r = 0;
		var dots = [];
		for (x = BOX.plot[0] + 2; x < BOX.plot[2] - 2; x++) {
			k = run = best = 0;
			for (y = y0; y < y1; y++) {
				i = at(x, y);
				k += 255 - (d[i] + d[i + 1] + d[i + 2]) / 3;
				run = hex(i) == "c81e1e" ? run + 1 : 0;
				best = Math.max(best, run);
			}
			if (k > zn) {
				zn = k;
				zx = x;
			}
			if (best >= 5)
				dots.push(x);
		}
		dots.forEach(function (x) {
			p = Math.abs(x - zx);
			if (near < 0 || p < near)
				near = p;
			if (x < zx)
				l++;
			else
				r++;
		});
		out.push("zero " + zx + " " + Math.round(zn / (y1 - y0)));
		out.push("dots " + dots.length + " " + near + " " + l + " " + r);
	}
	document.getElementById("out").textContent = out.join("\n") + "\n";
});
EOF
# pixels PNG BOXES OUT: what pixels.js finds in PNG, given the boxes
# (NAME LEFT TOP RIGHT BOTTOM, a line each), into OUT.
pixels() {
	{
		printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
		printf '</head><body>\n<img id="shot" alt="" '
		printf 'src="data:image/png;base64,'
		base64 "$1" | tr -d '\n'
		printf '">\n<pre id="out"></pre>\n<script>\nvar BOX = {'
		awk 'NF == 5 { printf "%s\"%s\": [%d, %d, %d, %d]", \
		    n++ ? ", " : "", $1, $2, $3, $4, $5 }' "$2"
		printf '};\n'
		cat pixels.js
		printf '</script>\n</body></html>\n'
	} >pixels.html
	chrome --dump-dom --window-size=1400,900 "file://$PWD/pixels.html" |
	    sed -n '/<pre id="out">/,/<\/pre>/p' | sed 's/<[^>]*>//g' >"$3"
}

if ! command -v base64 >/dev/null 2>&1; then
	skip "base64 is not installed: screenshot pixels not read"
	skip "base64 is not installed: the first screen's pixels not read"
	done_testing
	exit 0
fi

echo "forest $box" >page.boxes
pixels page.png page.boxes colours
n=$(sed -n 's/^colours //p' colours)
miss=
# f1 f2 f3 s1 s2 s3, the highlighted header, white.
for rgb in dcf5d3 aee59e 6fcf5a fbdcd7 f4aa9f e56b5b ffffcc ffffff; do
	grep -qx "colour $rgb" colours || miss="$miss $rgb"
done
if [ -z "$miss" ] && [ "${n:-0}" -gt 8 ]; then
	ok "screenshot: $n colours, the scale's among them"
else
	not_ok "screenshot: the scale's colours (missing:${miss:- none})"
	head -n 5 colours | diag
fi
# The forest plot draws the faster row's mark green and the slower
# rows' red, inside its box; the strip plots and histogram use other
# colours, so none of these pixels lie outside it.
for want in "1a8a1a green faster" "c81e1e red slower"; do
	# shellcheck disable=SC2086 # three words
	set -- $want
	got=$(awk -v c="$1" '$1 == "mark" && $2 == c { print $3, $4 }' colours)
	case $got in
	0\ *|'') not_ok "screenshot: the $3 mark's $2 in the forest plot" \
		"(inside, outside: ${got:-none})" ;;
	*\ 0) ok "screenshot: the $3 mark's $2 pixels, all in the" \
		"forest plot (${got% *})" ;;
	*) not_ok "screenshot: $2 pixels outside the forest plot" \
		"(inside, outside: $got)" ;;
	esac
done

# The first screen of a larger comparison: 40 rows of ten passes a side,
# spread 2%, every fourth 10% slower, and a row in two states, its
# passes 8 times as long in turn, whose interval reaches far.
awk 'BEGIN {
	for (j = 1; j <= 40; j++)
		printf "row_%02d %.3f %s\n", j, 1 + j / 3, j % 4 == 0 ? 1.10 : 1
	print "twostate 5.000"
}' >slower.in
sed 's/ 1\.10*$//' slower.in >same.in
awk -v passes=10 -v noise=0.02 -f "$LM_TOP/tests/data/multiview/gen.awk" \
    same.in >a.txt
awk -v passes=10 -v noise=0.02 -v seed=7 \
    -f "$LM_TOP/tests/data/multiview/gen.awk" slower.in |
    awk '$1 == "twostate" && NF >= 7 && ++k % 2 == 0 {
	$4 = sprintf("%.5f", $4 * 8)
    } { print }' >b.txt
sh "$LM_TOP/multiview.sh" -f html a.txt b.txt >first.html 2>mv.err
probe first.html firstprobe.html
chrome --screenshot="$PWD/first.png" --window-size=1400,900 \
    "file://$PWD/first.html" >/dev/null
chrome --dump-dom --window-size=1400,900 "file://$PWD/firstprobe.html" \
    >first.dom
sbox=$(rect 'p class="verdict"' first.dom)
pbox=$(rect 'rect class="plot"' first.dom)
printf 'summary %s\nplot %s\n' "$sbox" "$pbox" >first.boxes
pixels first.png first.boxes first.px
# shellcheck disable=SC2086 # four numbers
set -- $sbox
stop=${2:--1}
sbottom=${4:-9999}
spx=$(sed -n 's/^summary //p' first.px)
if [ $# -eq 4 ] && [ "$2" -ge 0 ] && [ "$4" -le 900 ] &&
    [ "${spx:-0}" -ge 200 ] && grep -q \
    '<p class="verdict"[^>]*><strong>b.txt</strong>: 0 faster, 11 slower' \
    first.dom; then
	ok "first screen: the summary, drawn ($spx dark pixels in $sbox)"
else
	not_ok "first screen: the summary (box ${sbox:-none}, ${spx:-no}" \
	    "dark pixels)"
fi
# shellcheck disable=SC2086 # four numbers
set -- $pbox
if [ $# -eq 4 ] && [ "$2" -gt "$sbottom" ] && [ "$2" -lt 900 ] &&
    [ "$stop" -ge 0 ]; then
	ok "first screen: the plot begins under the summary ($pbox)"
else
	not_ok "first screen: the plot under the summary (${pbox:-none})"
fi
# shellcheck disable=SC2046 # two numbers
set -- $(sed -n 's/^zero //p' first.px)
if [ $# -eq 2 ] && [ "$2" -ge 60 ]; then
	ok "first screen: the 0 line at x = $1 (its darkness $2 of 255)"
else
	not_ok "first screen: no 0 line in the plot (${*:-nothing read})"
	tail -n 5 chrome.err 2>/dev/null | diag
fi
# shellcheck disable=SC2046 # four numbers
set -- $(sed -n 's/^dots //p' first.px)
if [ $# -eq 4 ] && [ "$1" -gt 0 ] && [ "$2" -ge 20 ] && [ "$4" -eq 0 ]; then
	ok "first screen: the 10% slower rows' dots, $2 pixels from 0 or more"
else
	not_ok "first screen: the 10% slower rows' dots 20 pixels from 0" \
	    "(columns, nearest, left, right: ${*:-none})"
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
