#!/bin/sh
# tests/lint-awk.sh, the check that awk code is POSIX awk mawk 1.3.4 runs:
# it names every gawk-only construct in an awk file and in awk programs
# embedded in shell, at the right line; it passes clean code that looks
# like those constructs (division, comments, strings, -f, options); and
# the project's own scripts and awk files pass it.  Run under every awk
# installed (mawk, gawk), since the check is itself an awk program.
# shellcheck disable=SC2016 # an sh -c script
. "$LM_TOP/tests/lib.sh"

LINT=$LM_TOP/tests/lint-awk.sh

# One forbidden construct a line, each listed in bad.want.
cat >bad.awk <<'EOF'
# a comment naming gensub( {3} ** |& a[1][2] is skipped
$0 ~ /^a{3}$/ { n++ }
$0 ~ "^b{2,}$" { n++ }
/c{1,4}/ { n++ }
/\yword/ { n++ }
/\<start/ { n++ }
{ s = gensub(/a/, "b", "g") }
{ n = asort(arr) }
{ t = strftime("%Y") }
{ x = 2 ** 3 }
{ print |& "cat" }
BEGINFILE { n = 0 }
{ if (IGNORECASE) n++ }
{ m = match($0, /x/, parts) }
{ k = split($0, a, ",", seps) }
{ a[1][2] = 3 }
BEGIN { RS = "ab" }
{ printf "%2$s %1$s\n", "a", "b" }
func f(x) { return x }
{ switch (n) { case 1: n++ } }
@include "other.awk"
$0 ~ "\\s+" { n++ }
{ close("cmd", "to") }
{ u = systime() }
{ s = s (s == "" ?
    "" : " ") $1 }
{ t = $1 ? 1 :
    2 }
EOF
cat >bad.awk.want <<'EOF'
bad.awk:2: interval expression {3} (mawk 1.3.4 has none)
bad.awk:3: interval expression {2,} (mawk 1.3.4 has none)
bad.awk:4: interval expression {1,4} (mawk 1.3.4 has none)
bad.awk:5: regex operator \y (gawk only)
bad.awk:6: regex operator \< (gawk only)
bad.awk:7: gensub() (gawk only)
bad.awk:8: asort() (gawk only)
bad.awk:9: strftime() (gawk only)
bad.awk:10: ** (POSIX: ^)
bad.awk:11: |& coprocess (gawk only)
bad.awk:12: BEGINFILE (gawk only)
bad.awk:13: IGNORECASE (gawk only)
bad.awk:14: match() with 3 arguments (gawk only)
bad.awk:15: split() with 4 arguments (gawk only)
bad.awk:16: array of arrays a[i][j] (gawk only)
bad.awk:17: RS of more than one character (POSIX: one)
bad.awk:18: printf positional argument %2$
bad.awk:19: func (POSIX: function)
bad.awk:20: switch (gawk only)
bad.awk:21: @ (gawk directive or indirect call)
bad.awk:22: regex operator \s (gawk only)
bad.awk:23: close() with 2 arguments (gawk only)
bad.awk:24: systime() (gawk only)
bad.awk:25: line break after ? (gawk reads on, mawk cannot parse it)
bad.awk:27: line break after : (gawk reads on, mawk cannot parse it)
EOF

# Embedded programs: single and double quotes, options before the
# program, a continuation line, a variable holding a program, a program
# joined to a variable's, and options POSIX awk does not have.
cat >bad.sh <<'EOF'
#!/bin/sh
awk '/x{2}/' f
awk -v a="b c" -F: \
    '{ print gensub(/a/, "b", "g") }' f
sh -c 'echo | awk "{ x = 2 ** 2 }"'
myawkprog='
BEGIN { t = systime() }
'
awk --posix '{ print }' f
awk -v RS=ab '{ print }' f
out=$(awk '$1 ~ /\<a/ { print }' f)
awk -F, '
{ print $1 }
{ z = $1 ? $2 :
    $3 }' f
awk -v x=1 "$lib"'BEGIN { y = 2 ** x }' f
EOF
cat >bad.sh.want <<'EOF'
bad.sh:2: interval expression {2} (mawk 1.3.4 has none)
bad.sh:4: gensub() (gawk only)
bad.sh:5: ** (POSIX: ^)
bad.sh:7: systime() (gawk only)
bad.sh:9: awk option --posix (POSIX has -F, -v and -f only)
bad.sh:10: RS of more than one character (POSIX: one)
bad.sh:11: regex operator \< (gawk only)
bad.sh:14: line break after : (gawk reads on, mawk cannot parse it)
bad.sh:16: ** (POSIX: ^)
EOF

# What no rule names but mawk cannot parse, in a file and in shell, at
# the line mawk gives.
cat >unparsed.awk <<'EOF'
BEGIN { n = 1 }
{ x = (1 + 2 }
EOF
cat >unparsed.awk.want <<'EOF'
unparsed.awk:2: mawk cannot parse it: missing ) near }
EOF
cat >unparsed.sh <<'EOF'
#!/bin/sh
out=$(awk -v n=1 "$lib"'
BEGIN { n = 1 }
{ y = (2 * 3 }' f)
EOF
cat >unparsed.sh.want <<'EOF'
unparsed.sh:4: mawk cannot parse it: missing ) near }
EOF

# Clean code that resembles the constructs above.
cat >clean.awk <<'EOF'
# comments may say gensub( a{3} ** |& @include a[1][2]
BEGIN { RS = "\n"; x = 10 / 2 / 5; y = 2 ^ 3; z = 1e5 * 2 }
$0 ~ /^a+[/]b*$/ && $1 ~ "^[0-9]+[.]?$" { n++ }
/[[:alpha:]]\.x\/y/ { print "a**b, |& and @ in a string" > "/dev/stderr" }
{ k = split($0, parts, ","); m = match($0, /x/); close("cmd") }
{ a[$1, $2]++; if (($1, $2) in a) delete a[$1, $2]; delete a }
{ print length(a), tolower($0), substr($0, 2, 3); fflush() }
function my_split(a, b, c, d) { return a b c d }
{ rtt = my_split(1, 2, 3, 4) / 2; nextfile }
{ printf "%5.2f %s %%\n", $1, "and" }
{ u = (u == "" ?  "" : ",") $1 ? \
    "a" : "b" }
{ v = defined_in_another_file($1) }
EOF
cat >clean.sh <<'EOF'
#!/bin/sh
# awk and gawk may be named in comments: awk 'a{3}'
awk -f prog.awk f
awk -F, '{ print $1 / $2 }' f
awk -F ':' -v x="a b" -- '{ print x }' f
command -v gawk >/dev/null && echo "gawk {3} is here"
n=2
awk '{ print $'"$n"' }' f
awk "{ print \${n} }" f
lib=$(cat lib.awk)
awk -v n=1 "$lib"'$1 == n { print lib_fn($2) }
END { print NR }' f
awk -v x=1 "$(cat "lib dir/lib.awk")"'BEGIN { print lib_fn(x) }' f
EOF

# The awks to run the check under: mawk and gawk if installed, else awk.
mawk=$(command -v mawk 2>/dev/null) || mawk=
awks=
for a in mawk gawk; do
	command -v "$a" >/dev/null 2>&1 && awks="$awks $a"
done
[ -n "$awks" ] || awks="awk"
# flags F WHAT: the check of F, with awk from $dir, exits 1 and says
# exactly F.want.
flags() {
	PATH=$dir:$PATH sh "$LINT" "$1" >"$1.got" 2>&1
	rc=$?
	if [ "$rc" -eq 1 ] && cmp -s "$1.want" "$1.got"; then
		ok "under $a: $2"
	else
		not_ok "under $a: $1 (exit $rc), the difference:"
		diff "$1.want" "$1.got" | diag
	fi
}
for a in $awks; do
	dir=$(mktemp -d "$LM_SCRATCH/awk.XXXXXX") || exit 1
	ln -s "$(command -v "$a")" "$dir/awk"
	for f in bad.awk bad.sh; do
		flags "$f" "each construct in $f named at its line"
	done
	for f in unparsed.awk unparsed.sh; do
		if [ -z "$mawk" ]; then
			skip "mawk is not installed: $f not parsed"
			continue
		fi
		flags "$f" "mawk's parse of $f, at its line"
	done
	check "under $a: clean.awk and clean.sh pass" \
	    env PATH="$dir:$PATH" sh "$LINT" clean.awk clean.sh
	mkdir "$dir/tmp"
	check "under $a: it leaves nothing in TMPDIR" \
	    env PATH="$dir:$PATH" sh -c 'TMPDIR=$1 && export TMPDIR &&
	    sh "$2" clean.awk; sh "$2" unparsed.awk; test -z "$(ls -A "$1")"' \
	    sh "$dir/tmp" "$LINT"
	check "under $a: the project's scripts and awk files pass" \
	    env PATH="$dir:$PATH" sh -c 'cd "$1" && sh tests/lint-awk.sh \
	    wrapper.sh multiview.sh tests/*.sh tests/*/*.sh tests/*/*/*.sh \
	    bench/*.sh .ci/run Makefile $(ls lib/*.awk lib/mv/*.awk \
	    tests/*/*.awk tests/*/*/*.awk 2>/dev/null)' sh "$LM_TOP"
done

usage_fails sh "$LINT"
check "no operand: usage, status 2" [ "$lm_rc" -eq 2 ]
usage_fails sh "$LINT" no-such-file
check "a missing file: status 2" [ "$lm_rc" -eq 2 ]
done_testing
