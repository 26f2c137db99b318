# shellcheck shell=sh
# Sourced by the numbered tests: TAP-style reporting and common checks.
# LM_TOP is the source tree; the working directory is a scratch directory
# that the runner removes afterwards.

: "${LM_TOP:?run the tests through tests/run.sh}"
# shellcheck source=lib/fixtures.sh
. "$LM_TOP/lib/fixtures.sh"
# The result line's columns, for the awk programs that check one.
lm_rlawk=$(cat "$LM_TOP/lib/result.awk") || exit 1
BIN=${LM_BIN:-$LM_TOP/bin}
lm_n=0

ok() { lm_n=$((lm_n + 1)); echo "ok $lm_n - $*"; }
not_ok() { lm_n=$((lm_n + 1)); echo "not ok $lm_n - $*"; }
skip() { lm_n=$((lm_n + 1)); echo "ok $lm_n # SKIP $*"; }
diag() { sed 's/^/#   /'; }

# check DESC CMD...: ok when CMD succeeds; shows its output when it fails.
check() {
	lm_desc=$1
	shift
	if lm_out=$("$@" 2>&1); then
		ok "$lm_desc"
	else
		not_ok "$lm_desc"
		printf '%s\n' "$lm_out" | head -20 | diag
	fi
}

# result_ok NAME FILE: FILE holds exactly one well-formed result line for
# NAME (the columns of lib/result.awk), with a positive time, at least
# one sample and zero errors.
result_ok() {
	awk -v name="$1" "$lm_rlawk"'
	$RL_NAME == name {
		n++
		split($0, f)
		if ((why = rl_check(f, NF)) != "") {
			print "malformed (" why "): " $0; bad = 1
		} else if ($RL_ERRORS != 0) {
			print "errors: " $0; bad = 1
		} else if ($RL_USECS + 0 <= 0 || $RL_SAMPLES + 0 < 1) {
			print "no time or no samples: " $0; bad = 1
		}
	}
	END {
		if (n != 1) { print n + 0 " result lines for " name; bad = 1 }
		exit bad
	}' "$2"
}

# unsupported NAME FILE: FILE's one result line for NAME is an
# unsupported row; prints its reason.
unsupported() {
	awk -v name="$1" "$lm_rlawk"'
	$RL_NAME == name { n++; split($0, f); why = rl_unsupported(f, NF) }
	END { if (n != 1 || why == "") exit 1; print why }' "$2"
}

# fails CMD...: the command exits with status 2 and says something on stderr.
usage_fails() {
	"$@" >/dev/null 2>lm_err
	lm_rc=$?
	[ "$lm_rc" -eq 2 ] && [ -s lm_err ] && [ "$(wc -l <lm_err)" -eq 1 ]
}

done_testing() { [ "$lm_n" -gt 0 ] || not_ok "no test ran"; }

# need_software_counters: the test ends here, one skip saying why, if
# the engine cannot count a software event on this machine.
need_software_counters() {
	if ! "$BIN/nop" -K page-faults -B 1 -C 1 -D 0 >probe 2>&1 ||
	    grep -q '^# counter page-faults *unavailable' probe; then
		skip "software events cannot be counted here: $(grep -m1 -e \
		    page-faults probe)"
		done_testing
		exit 0
	fi
}

# fixtures: make, under the scratch directory, the files and directories
# that suite lines name, and set the variables the placeholders stand for.
# The wrapper's own definitions (lib/fixtures.sh) are used.
fixtures() {
	lm_fixture_paths "$LM_SCRATCH/troot" "$LM_SCRATCH/vroot"
	lm_make_fixtures
}

# Options that make a run short; they come before the suite line's own
# arguments, as the wrapper's common options do.
QUICK="-L -S -W -C 5 -D 1 -X 3000"

# run_line 'CASE ARGS...': run one suite line (placeholders replaced, no
# shell evaluation) with $QUICK; stdout in ./out, stderr in ./err, exit
# status in lm_rc, the run's name (its -N) in lm_name.
run_line() {
	set -f
	# shellcheck disable=SC2086 # a suite line is split into words
	set -- $1
	set +f
	lm_case=$1
	shift
	lm_name=$lm_case
	lm_i=$#
	lm_prev=
	while [ "$lm_i" -gt 0 ]; do
		lm_a=$1
		shift
		lm_subst "$lm_a"
		[ "$lm_prev" = -N ] && lm_name=$lm_a
		lm_prev=$lm_a
		set -- "$@" "$lm_a"
		lm_i=$((lm_i - 1))
	done
	# shellcheck disable=SC2086 # QUICK is a list of options
	timeout -k 5 60 "$BIN/$lm_case" $QUICK "$@" >out 2>err
	lm_rc=$?
}

# suite_lines FILE: the runs in a suite file (no comments, no blanks).
suite_lines() {
	grep -v '^[[:space:]]*#' "$1" | grep -v '^[[:space:]]*$'
}

# check_suite FILE: every line of a suite file runs quickly and prints one
# well-formed result line with zero errors.
check_suite() {
	suite_lines "$1" >lines
	while IFS= read -r line; do
		run_line "$line" </dev/null
		if [ "$lm_rc" -eq 0 ] && lm_why=$(unsupported "$lm_name" out)
		then
			skip "$lm_name: unsupported here: $lm_why"
		elif [ "$lm_rc" -eq 0 ] && result_ok "$lm_name" out >why; then
			ok "$lm_name runs: $(awk -v n="$lm_name" \
			    '$1 == n {print $4 " us/call"}' out)"
		else
			not_ok "$lm_name (exit $lm_rc): $line"
			cat why err 2>/dev/null | head -10 | diag
		fi
	done <lines
}

# suite_part NAME: the "## NAME" section of the default suite, written to
# ./suite.NAME; prints that path.
suite_part() {
	awk -v want="## $1" '
	/^## / { on = ($0 == want); next }
	on' "$LM_TOP/cases/suite" >"suite.$1"
	echo "$PWD/suite.$1"
}
