#!/bin/sh
# wrapper.sh -G: profile passes after the timed ones; the profiles hold
# the timed phase only, with each function's samples per pass; without
# perf the timed passes run and the header says why there is no profile.
# shellcheck source=tests/lib.sh disable=SC2016,SC2009 # awk programs in single
# quotes; ps is POSIX, pgrep is not
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh

# profile NAME FILE: NAME's "# PROFILE" lines of FILE, without the prefix.
profile() {
	awk -v n="$1" '$1 == "#" && $2 == "PROFILE" && $3 == n {
		$1 = $2 = $3 = ""; sub(/^ +/, ""); print }' "$2"
}

# share NAME KIND FUNCTION FILE: the pooled share, in percent, of the
# FUNCTION (object and symbol) of NAME's KIND lines; -1 if absent.
share() {
	profile "$1" "$4" | awk -v k="$2" -v f="$3" '
	    $1 == "samples" { for (i = 2; i <= NF; i++) n += $i; k1 = NF - 1 }
	    $1 == k {
		s = $(k1 + 2)
		for (i = k1 + 3; i <= NF; i++)
			s = s " " $i
		if (s == f) { for (i = 2; i <= k1 + 1; i++) c += $i; got = 1 }
	    }
	    END { printf "%d\n", (got && n > 0) ? 100 * c / n : -1 }'
}

# well_formed NAME FILE: a samples line of three counts first, then self
# and total lines of three counts, an object and a symbol.
well_formed() {
	profile "$1" "$2" | awk '
	    NR == 1 { if ($1 != "samples" || NF != 4) exit 1; next }
	    ($1 != "self" && $1 != "total") || NF < 6 { exit 1 }
	    { for (i = 2; i <= 4; i++) if ($i !~ /^[0-9]+$/) exit 1 }
	    END { exit NR < 2 }'
}

# The test case, built against this engine.
mkdir bin
if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -Wall -Wextra -O2 -g -I"$LM_TOP" \
    -o bin/profiled "$LM_TOP/tests/fixtures/profiled.c" \
    "$LM_TOP/libmicro.c" "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" \
    -lpthread -lm 2>cc.err; then
	not_ok "tests/fixtures/profiled.c does not build"
	diag <cc.err
	done_testing
	exit 0
fi
cp "$BIN/nop" bin/
printf 'profiled -N prof_a\nprofiled -N prof_b -s 40\n' >suite

# -G with variants, and -G without perf: before anything needs perf.
# A PATH of every command but perf.
mkdir nobin
oifs=$IFS
IFS=:
for d in $PATH; do
	IFS=$oifs
	for f in "$d"/*; do
		n=${f##*/}
		case $n in perf | perf_*) continue ;; esac
		[ -x "$f" ] && [ ! -d "$f" ] && [ ! -e "nobin/$n" ] &&
		    ln -s "$f" "nobin/$n"
	done
done
IFS=$oifs
PATH=$PWD/nobin sh "$W" -G -r 1 -s suite -b bin -o noperf.txt \
    </dev/null >/dev/null 2>noperf.err
rc=$?
check "no perf: the timed passes run, exit 0" test "$rc" -eq 0
check "no perf: both rows are there" sh -c \
    "grep -c '^prof_[ab] ' noperf.txt | grep -qx 2"
check "no perf: a warning before the first run says what to install" \
    grep -q 'warning: -G: no perf on PATH (Debian: apt-get install linux-perf)' \
    noperf.err
check "no perf: the header says what the profiles lack" \
    grep -q '^!Profile_lacks: *everything: no perf on PATH' noperf.txt
check "no perf: no profile lines" sh -c '! grep -q "^# PROFILE" noperf.txt'

if ! command -v perf >/dev/null 2>&1; then
	skip "no perf on PATH (Debian: linux-perf): no profile to check"
	done_testing
	exit 0
fi
if ! perf record -q -e cpu-clock -o probe.data -- true >probe.err 2>&1; then
	skip "perf record cannot sample here: $(head -n 1 probe.err)"
	done_testing
	exit 0
fi
rm -f probe.data

mkdir troot vroot
sh "$W" -G -r 6 -s suite -b bin -t troot -d vroot -o r.txt </dev/null >/dev/null 2>err
rc=$?
check "-G: exit 0" test "$rc" -eq 0
for n in prof_a prof_b; do
	check "$n: a profile of three passes, well formed" well_formed "$n" r.txt
	check "$n: its six rows are clean" awk -v n="$n" '
	    $1 == n { k++; if ($6 != 0) exit 1 } END { exit k != 6 }' r.txt
done
# The passes aim at 6000 samples in all; a loaded machine may give the
# first pass fewer, which the later ones make up, up to 4 s each.
check "prof_a: at least 3000 samples in all" awk '
    $2 == "PROFILE" && $3 == "prof_a" && $4 == "samples" {
	for (i = 5; i <= NF; i++) n += $i; ok = n >= 3000 }
    END { exit !ok }' r.txt
a=$(share prof_a self "profiled first_fn" r.txt)
check "prof_a: first_fn holds the time (self $a%, over 90%)" test "$a" -gt 90
b1=$(share prof_b self "profiled first_fn" r.txt)
b2=$(share prof_b self "profiled second_fn" r.txt)
# second_fn does 40% more work on top of first_fn's: 29% of the whole.
check "prof_b: second_fn holds 29% of the work (self $b2%, 18-40%)" \
    test "$b2" -ge 18 -a "$b2" -le 40
check "prof_b: first_fn the rest (self $b1%, 55-85%)" \
    test "$b1" -ge 55 -a "$b1" -le 85
check "prof_a: no second_fn" test "$(share prof_a self "profiled second_fn" \
    r.txt)" -eq -1
for n in prof_a prof_b; do
	check "$n: the set-up outside the timed phase is not in the profile" \
	    sh -c "! grep -q '^# PROFILE $n .* setup_fn\$' r.txt"
done
check "inclusive: benchmark holds first_fn's time" test "$(share prof_a \
    total "profiled benchmark" r.txt)" -ge "$a"
check "the header names the event" \
    grep -Eq '^!Profile_event: *(cpu-clock|cycles)(:u)?$' r.txt
check "the header gives the passes" grep -q '^!Profile_passes: *3$' r.txt
check "the header gives the wall time of the profile passes" \
    grep -Eq '^!Profile_wall \(s\): *[0-9]+\.[0-9]$' r.txt
check "the profile lines come after the rows" awk '
    /^# PROFILE/ { p = 1 } /^prof_/ && p { exit 1 }' r.txt
check "nothing left in the temp roots" test -z "$(ls -A troot)$(ls -A vroot)"

# multiview says why prof_b costs more than prof_a: second_fn, new, about
# as much time per call as the difference of the two rows.
sh "$LM_TOP/multiview.sh" -m prof_b=prof_a r.txt r.txt >mv.txt 2>mv.err
check "multiview: exit 0" test $? -eq 0
check "multiview: prof_b is slower than prof_a" \
    grep -Eq '^prof_b .*\[-[0-9.]+%\].*\*' mv.txt
check "multiview: a why under prof_b" grep -q '^    why (r.txt): +' mv.txt
check "multiview: the first function named is second_fn, new, more time" \
    awk '/^    why/ { getline; exit !($1 == "second_fn" &&
	$NF == "(new)" && $(NF - 2) ~ /^\+/) }' mv.txt
# Its ns/call against the rows' difference: 0.29 * 1.4 / 1.4 of prof_b's
# time, all of the difference; within the test's tolerance of 50-150%.
check "multiview: second_fn's ns/call is about the rows' difference" \
    awk '/^prof_a / { a = $2 } /^prof_b / { b = $3; sub(/\[.*/, "", b) }
	/^    why/ { getline; d = $(NF - 2); sub(/^\+/, "", d) }
	END { r = d / ((b - a) * 1000); exit !(r > 0.5 && r < 1.5) }' mv.txt
# first_fn's time per call held: it is not named, or, where the
# machine's noise between the two runs names it, it moved by less than a
# third of second_fn's time.
check "multiview: first_fn's time held (not named, or under a third of second_fn's)" \
    awk '/^    why/ { w = 1; next }
	w && $1 == "second_fn" { s = $(NF - 2) }
	w && $1 == "first_fn" { f = $NF ~ /^\(.*\)$/ ? $(NF - 2) : $(NF - 1) }
	END { sub(/^\+/, "", s); sub(/^[-+]/, "", f)
	    exit !(s + 0 > 0 && (f == "" || f + 0 < (s + 0) / 3)) }' mv.txt
check "multiview: the set-up function is nowhere" \
    sh -c '! grep -q setup_fn mv.txt'
[ "$(grep -c . mv.err)" -eq 0 ] || diag <mv.err

# With variants: each variant's runs are profiled, back to back, into
# its own file.
sh "$W" -G -r 1 -s suite -b bin -n prof_b -V one=env:X=1 \
    -V two=cmd:env -o v </dev/null >/dev/null 2>verr
check "-G -V: exit 0" test $? -eq 0
for v in one two; do
	check "-G -V: variant $v has the profile of prof_b" well_formed prof_b \
	    "v.$v"
	check "-G -V: variant $v's profile holds second_fn" test "$(share \
	    prof_b self "profiled second_fn" "v.$v")" -ge 20
	check "-G -V: variant $v's header gives the wall time of the profiles" \
	    grep -q '^!Profile_wall (s):' "v.$v"
done

# Stopped during the profile passes: the wrapper dies by the signal and
# leaves no perf process and nothing in its temp roots.
mkdir troot2 vroot2
sh "$W" -q -G -r 1 -s suite -b bin -n prof_a -t troot2 -d vroot2 \
    -o stopped.txt </dev/null >/dev/null 2>stopped.err &
wpid=$!
i=0
until grep -q '^# PROFILE' stopped.txt 2>/dev/null ||
    ps -eo args= | grep -q "^[^ ]*perf record .*$PWD/troot2"; do
	i=$((i + 1))
	[ "$i" -lt 300 ] || break
	sleep 0.1
done
kill -TERM "$wpid"
wait "$wpid"
rc=$?
check "SIGTERM in the profile passes: the wrapper dies by it ($rc)" \
    test "$rc" -eq 143
sleep 1
check "SIGTERM in the profile passes: no perf process left" sh -c \
    "! ps -eo args= | grep -v grep | grep -q '$PWD/troot2'"
check "SIGTERM in the profile passes: nothing left in the temp roots" \
    test -z "$(ls -A troot2)$(ls -A vroot2)"

# Kernel symbols hidden (kptr_restrict 2 hides them even from root): the
# check says so before the first run.
mkdir -p kroot/proc/sys/kernel
echo 2 >kroot/proc/sys/kernel/kptr_restrict
echo 1 >kroot/proc/sys/kernel/perf_event_paranoid
LM_SYSROOT=$PWD/kroot sh "$W" -G -c -s suite -b bin </dev/null >/dev/null \
    2>kerr
check "kptr_restrict 2: the check says the profiles lack kernel symbols" \
    grep -q 'warning: -G: the profiles lack kernel symbols: kptr_restrict is 2; 0 shows them' \
    kerr

# A real case: getpid's profile holds the kernel's system-call entry,
# where the kernel can be sampled and its symbols are shown.
sh "$W" -G -r 1 -n getpid -o g.txt </dev/null >/dev/null 2>gerr
check "getpid -G: exit 0" test $? -eq 0
check "getpid: a profile of three passes, well formed" well_formed getpid g.txt
if grep -q '^!Profile_lacks: *nothing$' g.txt; then
	check "getpid: the kernel's system-call entry is in the profile" \
	    grep -Eq '^# PROFILE getpid (self|total) [0-9 ]+ \[kernel\] (do_syscall_64|entry_SYSCALL_64.*)$' \
	    g.txt
else
	skip "the profiles lack $(sed -n 's/^!Profile_lacks: *//p' g.txt)"
fi
done_testing
