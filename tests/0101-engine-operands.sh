#!/bin/sh
# Operands and option values: a case takes operands only if it says so
# (chdir does, getpid does not), an option after an operand is refused
# rather than ignored, and a value that looks like an option is a value
# forgotten.  Each is one line on stderr, exit 2, and nothing runs.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
# shellcheck disable=SC2016 # single quotes: sh -c programs
. "$LM_TOP/tests/lib.sh"

# refused MSG CMD...: exit 2, one line on stderr containing MSG, no stdout.
refused() {
	lm_msg=$1
	shift
	"$@" >out 2>lm_err
	lm_rc=$?
	if [ "$lm_rc" -eq 2 ] && [ "$(wc -l <lm_err)" -eq 1 ] &&
	    grep -qF -- "$lm_msg" lm_err && [ ! -s out ]; then
		ok "$*: exit 2: $(cat lm_err)"
	else
		not_ok "$*: exit $lm_rc, stdout $(wc -l <out) lines, stderr:"
		head -3 lm_err | diag
	fi
}

refused "getpid: unexpected operand 'stray'" "$BIN/getpid" stray -C 5 -D 1
refused "getpid: unexpected operand 'stray'" "$BIN/getpid" -C 5 -D 1 stray more
refused "getpid: unexpected operand 'x'" "$BIN/getpid" -C 5 -- x
refused "getpid: -N needs a value, not the option -C" \
    "$BIN/getpid" -N -C 5 -D 1
refused "-C needs a value, not the option -D" "$BIN/getpid" -C -D 1
refused "-s needs a value, not the option -w" "$BIN/read" -s -w
refused "-N: a name" "$BIN/getpid" -N-C
refused "unknown option: --bogus" "$BIN/getpid" --bogus
refused "option -C after the operand '/'" "$BIN/chdir" / -C 5 -D 1
refused "option -- after the operand '/'" "$BIN/chdir" / -- /

# What is still allowed: a negative number as the next word (the case
# then judges it), a value glued to its option, operands for chdir, and
# after "--" an operand that starts with '-'.
"$BIN/strtol" -C 2 -D 0 -H >out 2>err
check "a case with no operands still runs" test "$?" -eq 0 -a -s out
"$BIN/strftime" -f -%c -C 2 -D 0 -H >out 2>err
check "a value glued or starting with -% is a value (strftime -f -%c)" \
    test "$?" -eq 0 -a -s out
mkdir -p d1 d2
if "$BIN/chdir" -C 2 -D 0 -H "$PWD/d1" "$PWD/d2" >out 2>err &&
    awk '{ exit $8 != 2 }' out; then
	ok "chdir takes its operands: two directories"
else
	not_ok "chdir with two operands"
	diag <err
fi
"$BIN/chdir" -C 2 -D 0 -H -- "$PWD/d1" >out 2>err
check "chdir: -- before the operands" test "$?" -eq 0 -a -s out
"$BIN/chdir" --help >out 2>&1
check "chdir's usage shows operands" grep -q '^usage: chdir .*operand' out
"$BIN/getpid" --help >out 2>&1
check "getpid's usage shows none" sh -c '! grep -q "^usage:.*operand" "$1"' sh out
done_testing
