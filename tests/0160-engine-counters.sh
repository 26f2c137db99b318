#!/bin/sh
# -K: perf event counts per operation.  Counts the work fixes (page
# faults of a written mapping, migrations of a pinned run, switches of a
# pipe round trip), what a machine without a PMU says, and what a user
# whom perf_event_paranoid forbids kernel-mode counts gets: the events
# it cannot count are named unavailable, never 0.
# shellcheck disable=SC2016,SC2086 # awk programs; Q is a list
# shellcheck source=tests/lib.sh
. "$LM_TOP/tests/lib.sh"

# Short runs; Q is a list of options.
Q="-C 20 -D 1 -X 3000"

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo -)

# field EVENT FILE: the statistic of EVENT's counter line ("unavailable"
# when it was not counted).
field() {
	awk -v ev="$1" '$1 == "#" && $2 == "counter" && $3 == ev { print $4 }' \
	    "$2"
}

# is_count EVENT FILE WANT: EVENT's statistic is WANT exactly.
is_count() {
	v=$(field "$1" "$2")
	if [ -z "$v" ] || ! awk -v v="$v" -v w="$3" 'BEGIN { exit !(v == w) }'
	then
		echo "$1: '$v', expected $3"
		cat "$2"
		return 1
	fi
}

# as_user CMD...: CMD as nobody when root, else as this user.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	u=$(id -u nobody 2>/dev/null || echo 65534)
	as_user() { setpriv --reuid="$u" --regid="$u" --clear-groups "$@"; }
	who="nobody"
elif [ "$(id -u)" -ne 0 ]; then
	as_user() { "$@"; }
	who="$(id -un)"
else
	as_user() { return 99; }
	who=
fi

if ! "$BIN/getpid" $Q -K page-faults >probe 2>probe.err ||
    [ "$(field page-faults probe)" = unavailable ]; then
	skip "perf_event_open cannot count software events here: $(cat \
	    probe.err probe | grep -m1 'page-faults')"
	done_testing
	exit 0
fi

# ---- options -------------------------------------------------------------

for bad in foo context-switches:u cpu-migrations:k task-clock:u \
    page-faults:x '' 'page-faults,,cycles'; do
	check "-K '$bad' is a usage error" usage_fails "$BIN/getpid" -K "$bad"
done
check "the result line is the same with -K" result_ok getpid probe
check "-K prints a scope line" grep -q '^# counters scope inherited' probe
"$BIN/getpid" $Q -K software >sw 2>sw.err
check "-K software: the six software events, in the engine's order" \
    test "$(awk '$2 == "counter" { s = s " " $3 } END { print s }' sw)" = \
    " task-clock page-faults minor-faults major-faults context-switches cpu-migrations"

# ---- known counts, as root (or this user) and as nobody -------------------

thp=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
case $thp in
*"[always]"*) thpskip="THP is always: a 128k mapping may take one fault" ;;
*) thpskip= ;;
esac
for runner in self user; do
	if [ "$runner" = user ] && [ -z "$who" ]; then
		skip "root without setpriv: cannot run as another user"
		continue
	fi
	r=
	[ "$runner" = user ] && r="as_user"
	tag=${r:+ as $who}
	$r "$BIN/mmap" $Q -l 8k -w -a -K page-faults,minor-faults \
	    >"m8.$runner" 2>"m8.$runner.err"
	check "mmap -l 8k -w -a$tag: 2 page faults per operation" \
	    is_count page-faults "m8.$runner" 2
	check "mmap -l 8k -w -a$tag: 2 minor faults per operation" \
	    is_count minor-faults "m8.$runner" 2
	if [ -n "$thpskip" ]; then
		skip "$thpskip"
	else
		$r "$BIN/mmap" $Q -l 128k -w -a -K page-faults \
		    >"m128.$runner" 2>/dev/null
		check "mmap -l 128k -w -a$tag: 32 page faults per operation" \
		    is_count page-faults "m128.$runner" 32
	fi
done

# Pinned to one CPU, nothing migrates.
if command -v taskset >/dev/null 2>&1; then
	taskset -c 0 "$BIN/getpid" $Q -K cpu-migrations >pin 2>pin.err
	check "a run pinned to one CPU: 0 migrations (the statistic)" \
	    is_count cpu-migrations pin 0
	check "a run pinned to one CPU: 0 migrations (the mean)" \
	    awk '$2 == "counter" && $3 == "cpu-migrations" { m = $5 }
	    END { exit !(m != "" && m == 0) }' pin
else
	skip "no taskset: cannot pin a run"
fi

# A pipe round trip with the peer on the same CPU switches away at
# least once a trip.
"$BIN/pipe" $Q -s 1 -x pipe -m mt -c same -K context-switches >pp 2>pp.err
check "pipe round trip, peer on the same CPU: >= 1 switch per trip" \
    awk '$2 == "counter" && $3 == "context-switches" {
	v = $4 } END { exit !(v != "" && v + 0 >= 1) }' pp

# ---- what an unprivileged user may not count ------------------------------

if [ -z "$who" ]; then
	skip "root without setpriv: cannot run as another user"
elif [ "$paranoid" = - ] || [ "$paranoid" -lt 2 ]; then
	skip "perf_event_paranoid is $paranoid: kernel-mode counts allowed"
else
	as_user "$BIN/getpid" $Q \
	    -K context-switches,cpu-migrations,page-faults >un 2>un.err
	rc=$?
	check "as $who, paranoid $paranoid: the run exits 0" test "$rc" -eq 0
	for ev in context-switches cpu-migrations; do
		check "as $who, paranoid $paranoid: $ev unavailable, not 0" \
		    test "$(field $ev un)" = unavailable
	done
	check "as $who: stderr names them and perf_event_paranoid" \
	    grep -q 'switches, cpu-migrations: not counted:.*_paranoid' un.err
	check "as $who: page faults are counted in user mode, so marked" \
	    grep -q '^# counter page-faults .* user-mode-only$' un
fi

# ---- descriptors ------------------------------------------------------------

# Each worker holds a descriptor per event: 8 threads of 6 events need
# 48 more than a soft limit of 32 allows, and the engine takes them
# from the hard limit.
hard=$(awk '$1 == "Max" && $2 == "open" && $3 == "files" { print $5 }' \
    /proc/self/limits)
if [ "$hard" != unlimited ] && [ "$hard" -lt 128 ]; then
	skip "the hard limit on descriptors is $hard: no room to raise"
else
	# shellcheck disable=SC3045 # ulimit -S -n: in every shell we run under
	(ulimit -S -n 32 && exec "$BIN/getpid" $Q -T 8 -K software) \
	    >fd 2>fd.err
	rc=$?
	check "-K software, 8 threads, soft limit 32: exit 0 ($rc)" \
	    test "$rc" -eq 0
	check "... and every event counted" test "$(awk '$2 == "counter" &&
	    $4 != "unavailable"' fd | wc -l)" -eq 6
fi

# ---- hardware --------------------------------------------------------------

"$BIN/getpid" $Q -K instructions >hw 2>hw.err
rc=$?
if [ "$(field instructions hw)" = unavailable ]; then
	check "-K instructions without a PMU: exit 0" test "$rc" -eq 0
	check "-K instructions without a PMU: stderr says why" \
	    grep -q '^getpid: -K: instructions: not counted: no such counter' \
	    hw.err
	check "-K instructions without a PMU: the file says so" \
	    grep -q '^# counter instructions *unavailable no such counter' hw
	skip "no PMU here: instructions per operation cannot be checked"
else
	# A fixed loop: its instructions per call, 5 processes, within 1%.
	for p in 1 2 3 4 5; do
		: "process $p"
		"$BIN/getpid" $Q -K instructions:u 2>/dev/null |
		    awk '$3 == "instructions:u" { print $4 }'
	done >ins
	check "instructions:u per getpid within 1% across 5 processes" \
	    awk 'NR == 1 { lo = hi = $1 } { lo = $1 < lo ? $1 : lo
	    hi = $1 > hi ? $1 : hi } END { exit !(NR == 5 && lo > 0 &&
	    hi / lo < 1.01) }' ins
fi
done_testing
