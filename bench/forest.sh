#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/forest.sh - a PNG of the forest plot of an html comparison, as
# headless Chromium draws it: the plot's SVG is cut out of the page and
# rendered at its own size.  With no page given, a real A/B is run first
# (bench/ab.sh, its default experiment and passes) and its compare.html
# is drawn.  "make forest" writes doc/forest.png this way for the README.
prog=${0##*/}

usage() {
	cat <<EOF
usage: $prog [-o PNG] [PAGE.html]
Draw the forest plot of PAGE.html (multiview.sh -f html) into PNG with
headless Chromium; with no PAGE, run bench/ab.sh and draw its comparison.
  -o PNG    the picture to write (default forest.png)
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
png=forest.png
while getopts ':o:h' opt; do
	case $opt in
	o) png=$OPTARG ;;
	h) usage; exit 0 ;;
	:) die "option -$OPTARG needs a value (try -h)" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   die "unknown option -$OPTARG (try -h)" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 1 ] || die "give one html page or none (try -h)"
chromium=$(command -v chromium 2>/dev/null) ||
    die "chromium is not installed (apt-get install chromium)"
top=$(cd "$(dirname "$0")/.." && pwd)
case $png in /*) ;; *) png=$PWD/$png ;; esac
if [ $# -eq 1 ]; then
	[ -r "$1" ] || die "cannot read $1"
	case $1 in /*) page=$1 ;; *) page=$PWD/$1 ;; esac
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmforest.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
if [ $# -eq 0 ]; then
	sh "$top/bench/ab.sh" -o "$tmp/ab" >&2 || [ -s "$tmp/ab/compare.html" ] ||
	    die "bench/ab.sh made no comparison"
	page=$tmp/ab/compare.html
fi

# The plot alone, on a white page with no margin, and its size: it
# takes the page's width, so a window as wide as its viewBox draws it
# at one pixel a unit.
awk '/<svg class="forest"/ { on = 1 } on { print } on && /<\/svg>/ { exit }' \
    "$page" >"$tmp/svg"
size=$(sed -n '1s/.* viewBox="0 0 \([0-9]*\) \([0-9]*\)".*/\1,\2/p' \
    "$tmp/svg")
[ -n "$size" ] || die "$page has no forest plot"
{
	printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
	printf '<style>body { margin: 0; background: #fff; }</style>\n'
	printf '</head><body>\n'
	cat "$tmp/svg"
	printf '</body></html>\n'
} >"$tmp/plot.html"
timeout -k 10 120 "$chromium" --headless --no-sandbox --disable-gpu \
    --no-first-run --disable-background-networking --disable-sync \
    --disable-component-update --disable-dev-shm-usage --hide-scrollbars \
    --user-data-dir="$tmp/profile" --window-size="$size" \
    --screenshot="$png" "file://$tmp/plot.html" >/dev/null 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; die "chromium failed"; }
[ -s "$png" ] || die "chromium wrote no picture"
echo "$png: the forest plot of $page, ${size%,*}x${size#*,} pixels"
