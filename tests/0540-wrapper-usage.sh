#!/bin/sh
# wrapper.sh's usage: help on stdout with exit 0; every bad option, value,
# path or suite line is one line on stderr and exit 2, before any run;
# the script is clean under shellcheck -s sh.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir troot vroot
echo 'nop -N nop' >suite

for h in -h '-?' --help; do
	sh "$W" "$h" >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ] && grep -q '^usage: ' out && [ ! -s err ]; then
		ok "$h: usage on stdout, exit 0"
	else
		not_ok "$h: exit $rc"
	fi
done

# Run from this directory so that relative paths are tried for real.
base="-b $BIN -s suite -t troot -d vroot -Q"
for args in "-Z" "--bogus" "-n" "-r" "-r 0" "-r x" "-r -1" "-l x" "-l -1" \
    "-z abc" "-z 1234567890" "-b /nonexistent" "-s /nonexistent" \
    "-t /nonexistent" "-d /nonexistent" "-o /nonexistent/out"; do
	# shellcheck disable=SC2086 # split the option vectors on purpose
	if usage_fails sh "$W" $base $args; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done

n=0
while IFS= read -r line; do
	n=$((n + 1))
	printf 'nop -N fine\n%s\n' "$line" >"bad$n"
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails sh "$W" $base -s "bad$n"; then
		ok "suite line '$line': exit 2, one line: $(cat lm_err)"
	else
		not_ok "suite line '$line': exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done <<'EOF'
nop -N x $FOO
nop -N x -f$TFILE
nop -N "x"
nop -N x 'a b'
nop -N x a\z
nop -N x `id`
nop -N
../nop -N x
EOF
check "nothing left in the roots" test -z "$(ls -A troot)$(ls -A vroot)"

if command -v shellcheck >/dev/null 2>&1; then
	# shellcheck disable=SC2016 # the sh -c program takes its own $1
	check "shellcheck -s sh -x wrapper.sh (and lib/fixtures.sh)" \
	    sh -c 'cd "$1" && shellcheck -s sh -x wrapper.sh' sh "$LM_TOP"
else
	skip "no shellcheck here"
fi
done_testing
