#!/bin/sh
# wrapper.sh without -K counts the software events in every run, and
# the header says it was the default; -K none counts nothing; programs
# not built with this engine (as Sun libMicro's) turn it off for the
# whole file, and a user whom perf_event_paranoid withholds events gets
# what can be counted: neither says a word on stderr.
# shellcheck disable=SC2016 # awk programs
# shellcheck source=tests/lib.sh
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
S=$LM_SCRATCH
SW="task-clock page-faults minor-faults major-faults context-switches cpu-migrations"
need_software_counters

# events FILE: the events of FILE's counter lines, in order, once each.
events() {
	awk '$1 == "#" && $2 == "counter" && !seen[$3]++ { s = s " " $3 }
	    END { print substr(s, 2) }' "$1"
}

# counted NAME FILE: every counter line of run NAME in FILE has a
# number per operation or says why not.
counted() {
	awk -v name="$1" '
	$1 == name && NF >= 7 { in_run = 1; next }
	/^[^#]/ { in_run = 0 }
	in_run && $2 == "counter" {
		n++
		if ($4 != "unavailable" && $4 !~ /^-?[0-9.]+$/) bad = 1
		if ($4 == "unavailable" && NF < 5) bad = 1
	}
	END { exit bad || n != 6 }' "$2"
}

# quiet FILE: FILE (stderr) says nothing of counting.
quiet() { ! grep -i -e '-K' -e counter -e counted "$1"; }

# ---- by default --------------------------------------------------------

sh "$W" -Q -n getpid -n memcpy_1k -o def.txt 2>def.err </dev/null
rc=$?
check "by default: exit 0 ($rc)" test "$rc" -eq 0
check "the header says the software events are the default" \
    grep -q '^!Counters: *software (by default)$' def.txt
check "-K software is in the common options" \
    grep -q '^!Options: .* -K software$' def.txt
check "the header lists the events counted" \
    grep -q '^!Counters_counted: *task-clock,' def.txt
check "the header lists the missing ones" grep -q '^!Counters_missing: ' def.txt
check "no hardware event by default" test "$(events def.txt)" = "$SW"
for n in getpid memcpy_1k; do
	check "$n: a clean row" result_ok "$n" def.txt
	check "$n: a COUNTERS block of six counts per operation" \
	    counted "$n" def.txt
done
check "nothing on stderr of counting" quiet def.err

# ---- -K none --------------------------------------------------------------

sh "$W" -Q -q -K none -n getpid -o none.txt 2>none.err </dev/null
rc=$?
check "-K none: exit 0 ($rc)" test "$rc" -eq 0
check "-K none: no counter header" test -z "$(grep '^!Counters' none.txt)"
check "-K none: no -K in the common options" \
    test -z "$(grep '^!Options: .*-K' none.txt)"
check "-K none: no counter lines" test -z "$(events none.txt)"
check "-K none: a clean row" result_ok getpid none.txt

# ---- programs not built with this engine -----------------------------

# As Sun libMicro 0.4.1's programs: no --check-lines in them, and an
# unknown option prints the usage and exits 0, without a result.
mkdir sun
for c in nop getpid; do
	cat >"sun/$c" <<EOF
#!/bin/sh
for a; do
	case \$a in -K*) echo "usage: $c [-E] [-C cnt] ..." >&2; exit 0 ;; esac
done
exec "$BIN/$c" "\$@"
EOF
	chmod +x "sun/$c"
done
sh "$W" -Q -b sun -n getpid -o sun.txt 2>sun.err </dev/null
rc=$?
check "Sun's programs: exit 0 ($rc)" test "$rc" -eq 0
check "... no run failed" grep -q '^!Runs: *1 (0 failed, 0 with errors)$' \
    sun.txt
check "... the header says why nothing is counted" grep -q \
    '^!Counters: *off (programs not built with this engine)$' sun.txt
check "... in one line" test "$(grep -c '^!Counters' sun.txt)" -eq 1
check "... no -K given to them" test -z "$(grep -e '-K' sun.txt)"
check "... nothing on stderr of counting" quiet sun.err
check "... but the warning that their options are not checked" grep -q \
    'warning: options not checked (not built with this engine): bin/getpid$' \
    sun.err

# A variant directory of them: counting is off in both files.
sh "$W" -Q -q -V ours="$BIN" -V sun=sun -n getpid -o v 2>v.err </dev/null
rc=$?
check "a variant of Sun's programs: exit 0 ($rc)" test "$rc" -eq 0
for f in v.ours v.sun; do
	check "$f: counting off, and why" grep -q \
	    '^!Counters: *off (programs not built with this engine)$' "$f"
	check "$f: a clean row" result_ok getpid "$f"
done

# ---- a user whom perf_event_paranoid withholds events ------------------

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo -)
as=
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	u=$(id -u nobody 2>/dev/null || echo 65534)
	as="setpriv --reuid=$u --regid=$u --clear-groups"
	who=nobody
	chmod 755 "$S"
else
	who=$(id -un)
fi
if [ "$(id -u)" -eq 0 ] && [ -z "$as" ]; then
	skip "root without setpriv: cannot run as another user"
elif [ "$paranoid" = - ] || [ "$paranoid" -lt 2 ]; then
	skip "perf_event_paranoid is $paranoid: nothing is withheld"
else
	mkdir t d u
	[ -z "$as" ] || chown "$u" t d u
	# shellcheck disable=SC2086 # as is a command or nothing
	$as sh "$W" -Q -t "$S/t" -d "$S/d" -n getpid -n memcpy_1k \
	    -o "$S/u/p.txt" 2>p.err </dev/null
	rc=$?
	tag="as $who, paranoid $paranoid"
	check "$tag: exit 0 ($rc)" test "$rc" -eq 0
	check "$tag: nothing on stderr of counting" quiet p.err
	check "$tag: no warning of counting in the header" \
	    test -z "$(grep '^!Warn_counters' u/p.txt)"
	check "$tag: clean rows" result_ok getpid u/p.txt
	check "$tag: nothing of counting in the rows' stderr" \
	    test -z "$(grep '^# stderr: .*-K' u/p.txt)"
	if [ "$paranoid" -ge 3 ]; then
		check "$tag: counting off, and why" grep -q \
		    '^!Counters: *off (nothing can be counted: .*paranoid' u/p.txt
		check "$tag: no counter lines" test -z "$(events u/p.txt)"
	else
		check "$tag: the header names what is withheld" grep -q \
		    '^!Counters_missing: .*context-switches.*paranoid' u/p.txt
		check "$tag: a COUNTERS block of six lines" \
		    counted getpid u/p.txt
	fi
	check "$tag: nothing left in the temp roots" \
	    test -z "$(ls -A t)$(ls -A d)"
fi
done_testing
