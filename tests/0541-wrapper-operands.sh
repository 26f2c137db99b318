#!/bin/sh
# wrapper.sh's operands and help: an option after a substring is an
# error (not a substring), a value that looks like an option is one
# forgotten, -h and --help print the usage wherever they stand, and the
# script speaks under the name it was called by.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir troot vroot
echo 'nop -N nop' >suite
base="-b $BIN -s suite -t troot -d vroot"

# refused MSG ARGS...: exit 2, one line on stderr holding MSG, no stdout.
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

refused "wrapper.sh: option -o after the substring 'extra': options come" \
    sh "$W" -q -Q -r 1 -n getpid extra -o s.txt
check "... and no s.txt was written" test ! -e s.txt
# shellcheck disable=SC2086 # split the option vector on purpose
refused "option -x after the substring 'nop'" sh "$W" $base -Q nop -x 'a*'
# shellcheck disable=SC2086
refused "a substring cannot start with '-': -x" sh "$W" $base -Q -- -x
# shellcheck disable=SC2086
refused "-n needs a value, not the option -Q" sh "$W" $base -n -Q
# shellcheck disable=SC2086
refused "-o needs a value, not the option -q" sh "$W" $base -o -q
# shellcheck disable=SC2086
refused "unknown long option" sh "$W" $base --bogus

for args in "-Q --help" "-Q -h" "-n getpid -h" "-q getpid --help" \
    "-n -h" "-Q nop -?" "-Z --help"; do
	# shellcheck disable=SC2086 # split the option vector on purpose
	sh "$W" $args >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ] && grep -q '^usage: wrapper.sh ' out && [ ! -s err ]
	then
		ok "wrapper.sh $args: usage on stdout, exit 0"
	else
		not_ok "wrapper.sh $args: exit $rc"
		head -3 err | diag
	fi
done

# Under another name, as installed.
cp "$W" libmicro-wrapper
sh ./libmicro-wrapper -h >usage 2>err
check "usage under the name it was called by" \
    grep -q '^usage: libmicro-wrapper \[options\]' usage
check "no wrapper.sh in its usage" sh -c '! grep -q "wrapper\.sh" usage'
# shellcheck disable=SC2086
refused "libmicro-wrapper: unknown option -Z" sh ./libmicro-wrapper $base -Z

# Substrings still select when the options come first.
# shellcheck disable=SC2086
sh "$W" $base -Q -q -o res nop 2>err
check "options, then a substring: runs (exit $?)" result_ok nop res
done_testing
