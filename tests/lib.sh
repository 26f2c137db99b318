# Sourced by the numbered tests: TAP-style reporting and common checks.
# LM_TOP is the source tree; the working directory is a scratch directory
# that the runner removes afterwards.

: "${LM_TOP:?run the tests through tests/run.sh}"
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

# result_ok NAME FILE: FILE holds exactly one well-formed libMicro result
# line for NAME (name, prc, thr, usecs/call, samples, errors, cnt/samp),
# with a positive time, at least one sample and zero errors.
result_ok() {
	awk -v name="$1" '
	$1 == name {
		n++
		if (NF < 7 || $2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ ||
		    $4 !~ /^[0-9]+\.[0-9]+$/ || $5 !~ /^[0-9]+$/ ||
		    $6 !~ /^[0-9]+$/ || $7 !~ /^[0-9]+$/) {
			print "malformed: " $0; bad = 1
		} else if ($6 != 0) {
			print "errors: " $0; bad = 1
		} else if ($4 + 0 <= 0 || $5 + 0 < 1) {
			print "no time or no samples: " $0; bad = 1
		}
	}
	END {
		if (n != 1) { print n + 0 " result lines for " name; bad = 1 }
		exit bad
	}' "$2"
}

# fails CMD...: the command exits with status 2 and says something on stderr.
usage_fails() {
	"$@" >/dev/null 2>lm_err
	lm_rc=$?
	[ "$lm_rc" -eq 2 ] && [ -s lm_err ] && [ "$(wc -l <lm_err)" -eq 1 ]
}

done_testing() { [ "$lm_n" -gt 0 ] || not_ok "no test ran"; }
