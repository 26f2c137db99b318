#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/render.sh - how heavy the html comparison of some result files
# is: the page's size, multiview's time to write it, and the time
# headless Chromium takes from navigation to the end of the load event
# (parsing, style, layout of the tables and the inline SVG), the median
# of N loads.  Not a test: the times are the machine's.
prog=${0##*/}

usage() {
	cat <<EOF
usage: $prog [-n LOADS] FILE1 FILE2 [FILE...]
The html page multiview.sh writes for the files: its bytes, the time to
write it, and Chromium's load time (the median of LOADS, default 5).
  -n LOADS  page loads to time (default 5)
  -h        this help
EOF
}
die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

for a in "$@"; do
	case $a in --help) usage; exit 0 ;; esac
done
loads=5
while getopts ':n:h' opt; do
	case $opt in
	n) loads=$OPTARG ;;
	h) usage; exit 0 ;;
	:) die "option -$OPTARG needs a value (try -h)" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   die "unknown option -$OPTARG (try -h)" ;;
	esac
done
shift $((OPTIND - 1))
case $loads in '' | *[!0-9]* | 0) die "-n wants a count: $loads" ;; esac
[ $# -ge 2 ] || die "give two result files or more (try -h)"
chromium=$(command -v chromium 2>/dev/null) ||
    die "chromium is not installed (apt-get install chromium)"
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmrender.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

t0=$(date +%s.%N)
sh "$top/multiview.sh" -f html "$@" >"$tmp/page.html" ||
    die "multiview.sh -f html failed"
t1=$(date +%s.%N)
# The same page with a script that writes its load time into the DOM.
awk '/<\/body>/ {
	print "<script>window.addEventListener(\"load\", function () {"
	print "setTimeout(function () { var t = performance.timing;"
	print "document.body.setAttribute(\"data-load\","
	print "t.loadEventEnd - t.navigationStart); }, 0); });</script>"
} { print }' "$tmp/page.html" >"$tmp/probe.html"
k=0
while [ "$k" -lt "$loads" ]; do
	k=$((k + 1))
	timeout -k 10 120 "$chromium" --headless --no-sandbox --disable-gpu \
	    --no-first-run --disable-background-networking --disable-sync \
	    --disable-component-update --disable-dev-shm-usage \
	    --user-data-dir="$tmp/profile$k" --window-size=1200,900 \
	    --dump-dom "file://$tmp/probe.html" 2>/dev/null |
	    sed -n 's/.*<body[^>]* data-load="\([0-9]*\)".*/\1/p' >>"$tmp/ms"
done
[ -s "$tmp/ms" ] || die "chromium gave no load time"
sort -n "$tmp/ms" | awk -v n=$# -v b="$(wc -c <"$tmp/page.html")" \
    -v a="$t0" -v z="$t1" '{ v[NR] = $1 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "%d files: page %d bytes, written in %.2f s; Chromium load" \
	    " %d ms (median of %d, %d to %d)\n", n, b, z - a, m, NR, v[1],
	    v[NR] }'
