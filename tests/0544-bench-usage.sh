#!/bin/sh
# bench/*.sh: -h and --help print the usage, under the name the script
# was called by, and exit 0 without building or running anything; a bad
# argument is one line on stderr and exit 2.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
. "$LM_TOP/tests/lib.sh"

for s in "$LM_TOP"/bench/*.sh; do
	name=${s##*/}
	for h in -h --help; do
		# A benchmark would take minutes, a build seconds: 20 s is
		# only a guard against one that starts.
		timeout 20 sh "$s" "$h" >out 2>err
		rc=$?
		if [ "$rc" -eq 0 ] && head -n 1 out | grep -q "^usage: $name" &&
		    [ ! -s err ]; then
			ok "$name $h: usage on stdout, exit 0"
		else
			not_ok "$name $h: exit $rc"
			head -3 out err | diag
		fi
	done
	cp "$s" "my-$name"
	timeout 20 sh "./my-$name" -h >out 2>err
	check "$name: usage under the name it was called by" \
	    grep -q "^usage: my-$name" out
done

for args in "suite.sh -Z" "suite.sh -p 0" "suite.sh one" "harness.sh x" \
    "harness.sh 1 2" "libc-vs-bare.sh extra" "ab.sh -Z" "ab.sh -r 0" \
    "suncompat.sh -Z" "suncompat.sh" "suncompat.sh -r 0 dir" "forest.sh -Z" \
    "forest.sh -o" "forest.sh a.html b.html" "forest.sh no-such.html" \
    "render.sh -Z" "render.sh -n 0 a b" "render.sh one.txt" \
    "estimator.sh one.txt" "estimator.sh -Z a b" \
    "estimator.sh -e p50 /dev/null /dev/null" "levels.sh -Z bin/nop" \
    "levels.sh -n 1 bin/nop" "levels.sh" "levels.sh no-such-program" \
    "spread.sh -Z" "spread.sh" "spread.sh no-such.txt" "heldout.sh -Z" \
    "heldout.sh a.txt b.txt" "heldout.sh -R no-such.txt a b" \
    "heldout.sh -R /dev/null a.txt"; do
	set -f
	# shellcheck disable=SC2086 # a script and its arguments
	set -- $args
	set +f
	s=$1
	shift
	if usage_fails timeout 20 sh "$LM_TOP/bench/$s" "$@" &&
	    grep -q "^$s: " lm_err; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc"
		head -3 lm_err | diag
	fi
done
done_testing
