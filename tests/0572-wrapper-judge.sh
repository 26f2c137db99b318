#!/bin/sh
# wrapper.sh -J REF: the runs REF holds, run with REF's options, judged
# against REF by multiview's rule, as the exit status git bisect run
# reads: 0 good, 1 bad, 125 cannot tell, 128 bad usage.  Case programs
# here are scripts printing fixed figures, so the verdicts are exact: a
# steady figure is settled after -p passes, one going up and down within
# noise runs to -r and cannot be told; twice the time is bad, 1.5 times
# faster good (bad with -u); a failed run or a missing program cannot
# be told; usage errors are one line and 128.
# shellcheck disable=SC1091 # lib.sh
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin slow fast failing none troot vroot
# fig DIR NAME VALUES [KEY]: DIR/NAME prints the row NAME with the
# values in turn, one a run, counted in $FIG.KEY (KEY: NAME).
fig() {
	cat >"$1/$2" <<EOF
#!/bin/sh
c=\$FIG.${4:-$2}
n=\$((\$(cat "\$c" 2>/dev/null || echo 0) + 1))
echo "\$n" >"\$c"
set -- $3
shift \$(((n - 1) % \$#))
printf '$2 1 1 %s 20 0 100\n' "\$1"
EOF
	chmod +x "$1/$2"
}
fig bin fig 1.00000
# Eight figures from 0.90 to 1.10 in turn.
fig bin alt '1.00 1.10 0.95 1.05 0.90 1.08 0.98 1.02'
fig slow fig 2.00000
fig fast fig 0.66667
printf '#!/bin/sh\necho oops >&2\nexit 3\n' >failing/fig
chmod +x failing/fig
printf 'fig -N fig\nalt -N alt\n' >suite
FIG=$PWD/count
export FIG
run() { sh "$W" -q -s suite -t troot -d vroot "$@"; }
rows() { awk -v n="$1" '$1 == n && NF >= 7 && $2 ~ /^[0-9]+$/' "$2" | wc -l | tr -d ' '; }

run -b bin -O '-C 20' -r 8 -o ref.txt 2>err
check "the reference: 8 passes of both runs" \
    test "$(rows fig ref.txt)" -eq 8 -a "$(rows alt ref.txt)" -eq 8

run -b bin -J ref.txt -n fig -o same.txt >out 2>err
check "the same figure: good" test "$?" -eq 0
check "good: settled after the 3 passes of -p" test "$(rows fig same.txt)" -eq 3
check "good: the report on stdout" grep -q '^good  *fig ' out
check "the judged file has REF's options" \
    grep -q '^!Options: *-C 20$' same.txt
check "its header says against what it was judged" \
    grep -q '^!Judged_against: *ref.txt: bad when a run is slower by more than 3%$' same.txt

# The same figures up and down by 10% in the reference and here, from
# the first on (the count starts again): the interval holds +3% at every
# count of passes.
rm -f count.alt
run -b bin -J ref.txt -n alt -o alt.txt >out 2>err
check "a figure up and down within noise: cannot tell (125)" test "$?" -eq 125
check "cannot tell: passes went on to -r, REF's 8" test "$(rows alt alt.txt)" -eq 8
check "cannot tell: the row and why" grep -q \
    '^unclear  *alt .*: the interval holds -3\.0%$' out
rm -f count.alt
run -b bin -J ref.txt -n alt -j 25 >out 2>err
check "up and down, threshold 25% (-j): good" test "$?" -eq 0

rm -f count.alt
run -b bin -J ref.txt -r 5 -o both.txt >out 2>err
check "both runs of REF by default: cannot tell (125)" test "$?" -eq 125
check "the steady run stops at 3 passes, the other goes on to -r 5" \
    test "$(rows fig both.txt)" -eq 3 -a "$(rows alt both.txt)" -eq 5

run -b slow -J ref.txt -n fig >out 2>err
check "twice the time: bad (1)" test "$?" -eq 1
check "bad: the row with its delta and interval" grep -q \
    '^bad  *fig  *1\.00000  *2\.00000 \[ *-100\.0%\] -100\.0% to -100\.0%$' out
check "bad: the verdict last" grep -q \
    '^judge: bad: 1 of 1 row slower by more than 3%$' out
check "without -o, stdout has the judgement only" \
    test "$(grep -c '^fig ' out)" -eq 0
run -b fast -J ref.txt -n fig >out 2>err
check "1.5 times faster: good (0)" test "$?" -eq 0
run -b fast -J ref.txt -n fig -u >out 2>err
check "1.5 times faster, -u: bad (1)" test "$?" -eq 1
run -b failing -J ref.txt -n fig -o failed.txt >out 2>err
check "a failed run: cannot tell (125)" test "$?" -eq 125
check "a failed run: its row says why" grep -q '^failed  *fig .*errors' out
run -b none -J ref.txt -n fig >out 2>err
check "no case program (it did not build): cannot tell (125), one line" \
    test "$?" -eq 125 -a "$(wc -l <err)" -eq 1

# Bad usage: 128, one line, so that git bisect run stops.
printf 'other -N other\n' >osuite
for args in '-J' '-J nonexistent' '-J ref.txt -n nosuchrun' \
    '-J ref.txt -O -C5' '-J ref.txt -Q' '-J ref.txt -j 0' \
    '-J ref.txt -o ref.txt' '-J suite' '-J ref.txt -s osuite'; do
	# shellcheck disable=SC2086 # the arguments are words
	run -b bin $args >out 2>err
	rc=$?
	check "$args: exit $rc (128 or more), one line" \
	    test "$rc" -ge 128 -a "$(wc -l <err)" -eq 1
done
check "-j without -J: usage error (2)" usage_fails run -b bin -j 5
check "-u without -J: usage error (2)" usage_fails run -b bin -u

# -J DIR: the reference's programs run beside -b's, pair by pair, in a
# session; its files kept with -o STEM.
run -b bin -J bin -n fig -r 8 -o same >out 2>err
check "-J DIR, the same programs: good (exit $?)" test "$?" -eq 0
check "-J DIR: settled after the 6 pairs a row needs" \
    test "$(rows fig same.ref)" -eq 6 -a "$(rows fig same.cur)" -eq 6
check "-J DIR: the two files are one session's, paired" sh -c \
    "grep -q '^!Session:' same.ref && grep -q '^# pair:' same.cur &&
    grep -q '^!Judged_against: *$PWD/bin' same.cur"
run -b slow -J bin -n fig -r 8 >out 2>err
check "-J DIR, twice the time: bad (exit $?)" test "$?" -eq 1
check "-J DIR, bad: the row, pairs compared" grep -q '^bad  *fig ' out
check "-J DIR without -o: stdout has the judgement only" \
    test "$(grep -cv '^\(bad\|judge\)' out)" -eq 0
run -b fast -J bin -n fig -r 8 >out 2>err
check "-J DIR, 1.5 times faster: good (exit $?)" test "$?" -eq 0
run -b fast -J bin -n fig -r 8 -u >out 2>err
check "-J DIR, 1.5 times faster, -u: bad (exit $?)" test "$?" -eq 1
# Against a steady reference, a build whose figure goes up and down by
# up to 10%, counted on its own: whatever the order of each pair, the
# pairs' interval holds 3%.
mkdir jref wob
fig jref alt 1.00000 jref
fig wob alt '1.00 1.10 0.95 1.05 0.90 1.08 0.98 1.02' wob
run -b wob -J jref -n alt -r 8 >out 2>err
check "-J DIR, a figure up and down within noise: cannot tell (exit $?)" \
    test "$?" -eq 125
run -b none -J bin -n fig >out 2>err
check "-J DIR, no case program in -b: cannot tell (125), one line" \
    test "$?" -eq 125 -a "$(wc -l <err)" -eq 1
for args in '-J none -n fig' '-J bin -V x=bin -n fig' '-J bin -w 5 -n fig'; do
	# shellcheck disable=SC2086 # the arguments are words
	run -b bin $args >out 2>err
	rc=$?
	check "$args: exit $rc (128 or more), one line" \
	    test "$rc" -ge 128 -a "$(wc -l <err)" -eq 1
done
check "-J DIR: nothing left in the temp roots" \
    test -z "$(ls -A troot)$(ls -A vroot)"

# A quick REF makes a quick run; -r defaults to REF's passes.
run -b bin -Q -r 4 -n fig -o qref.txt 2>err
run -b bin -J qref.txt -o q.txt >out 2>err
check "REF made with -Q: judged in quick mode too (exit $?)" \
    grep -q '^!Mode: *quick' q.txt
done_testing
