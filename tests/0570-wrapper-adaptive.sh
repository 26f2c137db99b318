#!/bin/sh
# Adaptive passes (-w PCT, -p MIN): after MIN passes a run is repeated
# only while its passes leave its figure uncertain by more than PCT
# percent, up to -r passes.  A case whose processes all cost the same
# stops at MIN passes; one whose cost changes from process to process
# goes on.  The header says so, multiview reads rows with unequal
# passes, and bad values are refused.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin troot vroot
if ! ${CC:-cc} -std=c99 -D_GNU_SOURCE -O1 -I"$LM_TOP" -o bin/spread \
    "$LM_TOP/tests/fixtures/spread.c" "$LM_TOP/libmicro.c" \
    "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" -lpthread -lm >cc.out 2>&1; then
	not_ok "tests/fixtures/spread.c builds"
	diag <cc.out
	done_testing
	exit 0
fi
# wild: its processes cost 1x and 101x in turn, counted in the file turns
printf 'spread -N steady -c 20k\nspread -N wild -c 20k -v 10000 -f %s/turns\n' \
    "$PWD" >suite
run() { sh "$W" -q -b bin -s suite -t troot -d vroot -O '-C 5 -D 1 -L -S -W' "$@"; }
rows() { awk -v n="$1" '$1 == n && NF >= 7 && $2 ~ /^[0-9]+$/' "$2" | wc -l | tr -d ' '; }

run -r 8 -p 3 -w 100 -z 7 -o out 2>err
check "adaptive: exit 0" test "$?" -eq 0
check "adaptive: the steady run stops after the 3 passes of -p" \
    test "$(rows steady out)" -eq 3
n=$(rows wild out)
check "adaptive: the run whose processes disagree goes on to -r (8 passes, saw $n)" \
    test "$n" -eq 8
check "adaptive: the header says how passes were given" \
    grep -q '^!Adaptive_passes: *after 3 passes, only the runs whose figure is not yet within +/-100%' out
check "adaptive: no more than -r passes" \
    test "$(grep -c '^# pass [0-9]* of 8$' out)" -le 8

# The progress total shrinks once runs are left out: from the first run
# after the 3 passes of -p (run 7) on, it is the 11 runs done in all
# (steady 3, wild 8), not the 15 of two runs a pass.
sh "$W" -b bin -s suite -t troot -d vroot -O '-C 5 -D 1 -L -S -W' \
    -r 8 -p 3 -w 100 -o prog 2>progress
check "adaptive progress: after the -p passes the total is the runs done" awk '
    /^\[ *[0-9]+\/[0-9]+\] / { s = $0; sub(/^\[ */, "", s); split(s, w, /[\/\]]/)
        n++; if (w[1] + 0 >= 7 && w[2] + 0 != 11) { print $0; bad = 1 } }
    END { if (n != 11) print n " progress lines"; exit bad || n != 11 }' progress

# Without -w every run gets every pass.
run -r 4 -o plain 2>err
check "without -w: every pass for every run" \
    test "$(rows steady plain)" -eq 4 -a "$(rows wild plain)" -eq 4
check "without -w: no adaptive header" \
    awk '/^!Adaptive_passes:/ { exit 1 }' plain

# -p 2 with a wide target: the steady run is done after two passes.
run -r 6 -p 2 -w 1000 -n steady -o wide 2>err
check "-p 2 with a wide target: two passes" test "$(rows steady wide)" -eq 2

sh "$LM_TOP/multiview.sh" out plain >mvout 2>mverr
check "multiview compares files with unequal passes per row (exit 0)" \
    test "$?" -eq 0
check "multiview: both rows in the table" \
    test "$(grep -c -E '^(steady|wild) ' mvout)" -eq 2

# The interval's t is Student's: a run whose figures alternate 1 and
# e^0.1 has, after 12 passes, a 95% interval of +/-3.374% (t = 2.201 at
# 11 degrees of freedom; 1.96 + 2.4/11 = 2.178 would give +/-3.338%).
# -w 3.36 gives it a 13th pass, -w 3.39 does not.
cat >bin/alt <<'EOF2'
#!/bin/sh
n=$(($(cat "$ALT" 2>/dev/null || echo 0) + 1))
echo "$n" >"$ALT"
u=1.00000
[ $((n % 2)) -eq 0 ] && u=1.10517
printf 'alt 1 1 %s 5 0 1\n' "$u"
EOF2
chmod +x bin/alt
echo 'alt -N alt' >asuite
for w in 3.36:13 3.39:12; do
	rm -f alt.count
	ALT=$PWD/alt.count sh "$W" -q -b bin -s asuite -t troot -d vroot \
	    -O '-C 5' -r 13 -p 3 -w "${w%:*}" -o alt.out 2>err
	check "-w ${w%:*}: ${w#*:} passes of the alternating run" \
	    test "$(rows alt alt.out)" -eq "${w#*:}"
done

# With variants, -w pins each pair's ratio, not either figure: the two
# processes of a pair run back to back and share a counter's half, so
# both cost 1 or both 2 (figures 50% apart, pass to pass), B always 1.05
# times A.  The ratio is steady: 3 passes.  With C, whose ratio to A is
# 1 or 1.5 by its own turn (odd and even runs of C), the pairs
# disagree: all 6.
mkdir vA vB vC
for v in A:1 B:1.05 C:x; do
	cat >"v${v%:*}/pr" <<EOF2
#!/bin/sh
n=\$((\$(cat "\$PRC" 2>/dev/null || echo 0) + 1))
echo "\$n" >"\$PRC"
k=\$(((n - 1) / ${PRN:-2}))
u=1
[ \$((k % 2)) -eq 1 ] && u=2
f=${v#*:}
if [ "\$f" = x ]; then
	c=\$((\$(cat "\$PRC.own" 2>/dev/null || echo 0) + 1))
	echo "\$c" >"\$PRC.own"
	f=1
	[ \$((c % 2)) -eq 0 ] && f=1.5
fi
awk -v u="\$u" -v f="\$f" 'BEGIN { printf "pr 1 1 %.5f 5 0 1\\n", u * f }'
EOF2
	chmod +x "v${v%:*}/pr"
done
echo 'pr -N pr' >psuite
rm -f pr.count
PRC=$PWD/pr.count sh "$W" -q -b vA -s psuite -t troot -d vroot -O '-C 5' -r 6 \
    -p 3 -w 3 -V A=vA -V B=vB -o pw 2>err
check "-V -w: exit 0" test "$?" -eq 0
check "-V -w: figures 2x apart pass to pass, a steady ratio: 3 passes" \
    test "$(rows pr pw.A)" -eq 3 -a "$(rows pr pw.B)" -eq 3
check "-V -w -p 3: the header warns that 3 pairs are too few" \
    grep -q '^!Warn_pairs: *-V with -w: a run may stop at 3 pairs, .* at least 0.25; multiview needs 6 pairs .* across 1 runs' pw.A
rm -f pr.count pr.count.own
PRC=$PWD/pr.count sh "$W" -q -b vA -s psuite -t troot -d vroot -O '-C 5' -r 12 \
    -w 3 -V A=vA -V B=vB -o p10 2>err
check "-V -w without -p: one run, a steady ratio stops at 6 pairs" \
    test "$(rows pr p10.A)" -eq 6 -a "$(rows pr p10.B)" -eq 6
check "-V -w without -p: no warning of too few pairs" \
    test -z "$(grep '^!Warn_pairs' p10.A)"
rm -f pr.count pr.count.own
PRC=$PWD/pr.count sh "$W" -q -b vA -s psuite -t troot -d vroot -O '-C 5' -r 4 \
    -w 3 -V A=vA -V B=vB -o p6 2>err
check "-V -w -r 4 without -p: every pass, no usage error" \
    test "$(rows pr p6.A)" -eq 4
check "-V -w -r 4: the header warns that 4 pairs are too few" \
    grep -q '^!Warn_pairs: *-V with -w: a run may stop at 4 pairs' p6.A
rm -f pr.count pr.count.own
PRC=$PWD/pr.count sh "$W" -q -b vA -s psuite -t troot -d vroot -O '-C 5' -r 6 \
    -p 3 -w 3 -V A=vA -V C=vC -o pc 2>err
check "-V -w: a ratio that moves pass to pass: all 6 passes" \
    test "$(rows pr pc.A)" -eq 6 -a "$(rows pr pc.C)" -eq 6

for bad in 0 -1 abc 1.2.3 . 0.0; do
	check "-w $bad is refused" usage_fails sh "$W" -b bin -s suite -w "$bad" -N
done
check "-p 1 is refused" usage_fails sh "$W" -b bin -s suite -p 1 -w 5 -N
check "-p more than -r is refused" usage_fails sh "$W" -b bin -s suite -r 3 -p 4 -w 5 -N
done_testing
