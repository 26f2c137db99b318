#!/bin/sh
# Calibration once per benchmark: the batch (cnt/samp) of a run's first
# clean pass is given as -B to its later passes, and the file shows it;
# a line or common options that set -B keep their own.  Whether they do
# is what the case's --check-lines settles (-NB names the run B and sets
# no batch); a program not built with this engine keeps its options as
# written.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir troot vroot
printf 'nop -N a\nnop -N own -B 7\ngetpid -N gp\n' >suite
sh "$W" -q -r 3 -b "$BIN" -s suite -t troot -d vroot \
    -O '-E -C 5 -D 1 -L -S -W' -o out 2>err
rc=$?
check "three passes, exit 0 (exit $rc)" test "$rc" -eq 0

# batches NAME [FILE]: the argument line's -B (or -) and the row's
# cnt/samp, pass by pass, in FILE (default out).
batches() {
	awk -v n="$1" '
	/^# bin\// {
		b = "-"
		for (i = 2; i < NF; i++) if ($i == "-B") b = $(i + 1)
		arg = b
	}
	$1 == n && NF >= 7 { printf "%s:%s ", arg, $7 }' "${2:-out}"
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
# The stand-in answers --check-lines as the engine does, so its options
# are settled (no -B given).
mkdir fbin
cat >fbin/flaky <<'EOF2'
#!/bin/sh
# fails the first time, then prints a row with its -B or 5
if [ "$1" = --check-lines ]; then
	n=0
	while IFS= read -r l; do
		n=$((n + 1))
		echo "$n N=flaky B=0 Bgiven=0 D=10 P=1 T=1 C=100"
	done
	exit 0
fi
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
    awk 'NR == 1 && /-B/ { bad = 1 } NR == 2 && !/ -B 5 / { bad = 1 }
    END { exit bad || NR != 2 }' flaky.log

# A program not built with this engine cannot say whether its line sets
# -B: it runs with its options as written, and a warning says so.
sed '/--check-lines/,/^fi$/d' fbin/flaky >fbin/plain
chmod +x fbin/plain
echo 'plain -N flaky' >suite4
rm -f flaky.log
FLAKY=$PWD/flaky.log sh "$W" -r 3 -b fbin -s suite4 -t troot \
    -d vroot -O '-E' -o out4 2>err
check "not built with this engine: no -B in any pass" \
    awk '/-B/ { bad = 1 } END { exit bad || NR != 2 }' flaky.log
check "... and a warning names it" grep -q "^wrapper.sh: warning: options \
not checked (not built with this engine): bin/plain\$" err

# getopt reads -NB as -N B: the run is named B, and the line sets no
# batch, so its batch is reused.
printf 'getpid -NB\n' >suite5
sh "$W" -q -r 2 -b "$BIN" -s suite5 -t troot -d vroot \
    -O '-E -C 5 -D 1 -L -S -W' -o out5 2>err
got=$(batches B out5)
check "-NB: named B, a row a pass ($got)" \
    test "$(awk '$1 == "B" && NF >= 7' out5 | wc -l)" -eq 2
check "-NB: sets no batch, so pass 2 reuses pass 1's ($got)" \
    awk -v s="$got" 'BEGIN {
	if (split(s, p, " ") != 2) exit 1
	split(p[1], f, ":"); if (f[1] != "-" || f[2] !~ /^[1-9][0-9]*$/) exit 1
	exit p[2] != f[2] ":" f[2] }'
check "nothing left in the roots" test -z "$(ls -A troot)$(ls -A vroot)"
done_testing
