#!/bin/sh
# The process and lock cases do what they say: a cascade really hands
# the token on (every worker waits for its predecessor at every step) and
# finishes for any ring (odd batches, processes and threads mixed, -1);
# their options and failures are plain; the chain of recurse is real.
# shellcheck disable=SC2016 # awk programs and sh -c scripts
. "$LM_TOP/tests/lib.sh"

TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
mkdir -p "$TMPDIR" || exit 1

# run CASE ARGS...: a quick run; stdout in ./out, stderr in ./err.
run() {
	lm_case=$1
	shift
	timeout -k 5 60 "$BIN/$lm_case" -C 5 -D 1 -X 3000 "$@" >out 2>err
	lm_rc=$?
}

# stat LABEL: the value of a -S statistics line of ./out.
stat() {
	awk -v l="$1" 'substr($0, 1, 24) == sprintf("# %22s", l) {
	    print $NF; exit}' out
}

# A worker of a contended ring blocks once per step: about one voluntary
# context switch per operation, where a broken ring would run freely.
for c in cascade_mutex:-T cascade_cond:-T cascade_lockf:-P \
    cascade_fcntl:-P cascade_flock:-P cascade_flock:-T; do
	run "${c%%:*}" -N ring -S -B 16 "${c#*:}" 10
	v=$(stat "vol ctx sw/call")
	if [ "$lm_rc" -eq 0 ] && result_ok ring out >why; then
		check "${c%%:*} ${c#*:} 10: $v voluntary switches per step" \
		    awk -v v="$v" 'BEGIN {exit !(v >= 0.5)}'
	else
		not_ok "${c%%:*} ${c#*:} 10 (exit $lm_rc)"
		cat why err | head -5 | diag
	fi
done

# Rings of every shape finish, with no errors.
for args in "cascade_mutex -B 7 -T 5" "cascade_mutex -P 3 -T 3 -B 3" \
    "cascade_mutex -1 -T 4" "cascade_cond -P 2 -T 3 -B 5" \
    "cascade_cond -1 -T 3 -B 1" "cascade_lockf -P 3 -B 5" \
    "cascade_fcntl -P 4 -B 1" "cascade_fcntl -1" "cascade_flock -P 2 -T 2" \
    "cascade_flock -1 -T 3 -B 9" "cascade_mutex -T 2 -B 2"; do
	set -f
	# shellcheck disable=SC2086 # a list of words
	run $args -N ring
	set +f
	if [ "$lm_rc" -eq 0 ] && result_ok ring out >why; then
		ok "$args: $(awk '$1 == "ring" {print $4}' out) us/step"
	else
		not_ok "$args (exit $lm_rc)"
		cat why err | head -5 | diag
	fi
done

# Options and plain failures.
for args in "cascade_fcntl -T 2" "cascade_lockf -T 3" "recurse -d 0" \
    "recurse -d x" "system -c" "exit -x" "semop -q"; do
	set -f
	# shellcheck disable=SC2086 # a list of words
	set -- $args
	set +f
	c=$1
	shift
	if usage_fails "$BIN/$c" "$@"; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done
run file_lock -f "$LM_SCRATCH/none/such"
check "file_lock -f a missing file: exit 2, one line naming it" \
    sh -c '[ "$1" -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] &&
    grep -q "^file_lock: -f .*none/such: " err' sh "$lm_rc"
mkdir -p alone
cp "$BIN/exec" alone/exec
timeout 60 ./alone/exec -C 2 -D 1 >out 2>err
rc=$?
check "exec without exec_bin beside it: exit 1, naming exec_bin" \
    sh -c '[ "$1" -eq 1 ] && grep -q "exec_bin" err' sh "$rc"

# -f: the cascades lock bytes of a given file without changing it.
printf 'unchanged\n' >given
for c in cascade_lockf cascade_fcntl file_lock; do
	run "$c" -N given -P 3 -f "$PWD/given"
	check "$c -f: runs and leaves the file as it was" \
	    sh -c '[ "$1" -eq 0 ] && [ "$(cat given)" = unchanged ]' sh \
	    "$lm_rc"
done

# system -c: a command that fails is an error, not a silent success.
run system -N sysfail -c false
check "system -c false: every call counted as an error" \
    awk '$1 == "sysfail" {e = $6} END {exit !(e > 0)}' out

# recurse: the chain is really walked.  A thousand times deeper costs
# about a thousand times more (here 900 to 1400 times); folded into a loop
# or a formula it would cost about the same.  Asking for ten times leaves
# a margin of a hundred, which no state of the host and no load reaches.
run recurse -N r10 -d 10
a=$(awk '$1 == "r10" {print $4}' out)
run recurse -N r10000 -d 10000
b=$(awk '$1 == "r10000" {print $4}' out)
check "recurse: depth 10000 ($b us) costs over 10x depth 10 ($a us)" \
    awk -v a="$a" -v b="$b" 'BEGIN {exit !(a > 0 && b > 10 * a)}'

# RLIMIT_NPROC: a run that cannot have its processes says so plainly.
# Root is not held to the limit, so drop to nobody where we can.
if ! command -v prlimit >/dev/null 2>&1; then
	skip "prlimit (util-linux) is missing: RLIMIT_NPROC not tested"
elif [ "$(id -u)" -eq 0 ] && ! command -v setpriv >/dev/null 2>&1; then
	skip "running as root without setpriv: RLIMIT_NPROC not enforced"
else
	asuser=
	if [ "$(id -u)" -eq 0 ]; then
		asuser="setpriv --reuid=nobody --regid=nogroup --clear-groups"
		chmod a+x "$LM_SCRATCH" && chmod 1777 "$TMPDIR"
	fi
	for args in "fork -B 1000" "cascade_fcntl -P 200" \
	    "pthread_create -B 512"; do
		set -f
		# shellcheck disable=SC2086 # lists of words
		timeout 60 prlimit --nproc=40:40 $asuser "$BIN"/$args -C 2 \
		    -D 1 >out 2>err
		rc=$?
		set +f
		check "$args under ulimit -u 40: exit 1, says RLIMIT_NPROC" \
		    sh -c '[ "$1" -eq 1 ] && grep -q "RLIMIT_NPROC" err' sh \
		    "$rc"
	done
	set -f
	# shellcheck disable=SC2086 # a list of words
	timeout 60 prlimit --nproc=20:300 $asuser "$BIN/cascade_fcntl" \
	    -N raised -P 200 -C 2 -D 1 >out 2>err
	set +f
	check "cascade_fcntl -P 200 under a soft limit of 20: raised to 300" \
	    result_ok raised out
fi
done_testing
