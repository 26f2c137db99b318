#!/bin/sh
# Calibration once per benchmark: the batch (cnt/samp) of a run's first
# clean pass is given as -B to its later passes, and the file shows it;
# a line or common options that set -B keep their own.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir troot vroot
printf 'nop -N a\nnop -N own -B 7\ngetpid -N gp\n' >suite
sh "$W" -q -r 3 -b "$BIN" -s suite -t troot -d vroot \
    -O '-E -C 5 -D 1 -L -S -W' -o out 2>err
rc=$?
check "three passes, exit 0 (exit $rc)" test "$rc" -eq 0

# batches NAME: the argument line's -B (or -) and the row's cnt/samp,
# pass by pass.
batches() {
	awk -v n="$1" '
	/^# bin\// {
		b = "-"
		for (i = 2; i < NF; i++) if ($i == "-B") b = $(i + 1)
		arg = b
	}
	$1 == n && NF >= 7 { printf "%s:%s ", arg, $7 }' out
}
for n in a gp; do
	got=$(batches "$n")
	check "$n: pass 1 calibrates, passes 2 and 3 reuse its batch ($got)" \
	    awk -v s="$got" 'BEGIN {
		if (split(s, p, " ") != 3) exit 1
		split(p[1], f, ":"); if (f[1] != "-" || f[2] !~ /^[1-9][0-9]*$/) exit 1
		for (i = 2; i <= 3; i++) if (p[i] != f[2] ":" f[2]) exit 1 }'
done
got=$(batches own)
check "own: its line's -B 7 in every pass, nothing added ($got)" \
    test "$got" = "7:7 7:7 7:7 "
check "own: one -B on each argument line" test "$(grep -c \
    '^# bin/nop .*-B 7$' out)" -eq 3
check "!Batch_reuse says what is done" grep -q '^!Batch_reuse: .*-B' out

sh "$W" -q -r 2 -b "$BIN" -s suite -t troot -d vroot \
    -O '-E -C 5 -D 1 -B 3 -L -S -W' -n a -o out2 2>err
check "-B in the common options: kept, none added" test \
    "$(grep -c '^# bin/nop -E -C 5 -D 1 -B 3 -L -S -W -N a$' out2)" -eq 2

# A run that failed in its first pass is calibrated by its first clean one.
mkdir fbin
cat >fbin/flaky <<'EOF2'
#!/bin/sh
# fails the first time, then prints a row with its -B or 5
b=5
prev=
for a; do [ "$prev" = -B ] && b=$a; prev=$a; done
if [ ! -f "$FLAKY" ]; then : >"$FLAKY"; exit 1; fi
echo "$*" >>"$FLAKY"
printf 'flaky 1 1 1.00000 5 0 %s\n' "$b"
EOF2
chmod +x fbin/flaky
echo 'flaky -N flaky' >suite3
FLAKY=$PWD/flaky.log sh "$W" -q -r 3 -b fbin -s suite3 -t troot \
    -d vroot -O '-E' -o out3 2>err
check "flaky: pass 2 calibrates (no -B), pass 3 reuses it" \
    awk 'NR == 1 && /-B/ { exit 1 } NR == 2 && !/ -B 5 / { exit 1 }
    END { exit NR != 2 }' flaky.log
check "nothing left in the roots" test -z "$(ls -A troot)$(ls -A vroot)"
done_testing
