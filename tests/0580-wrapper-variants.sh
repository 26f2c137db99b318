#!/bin/sh
# Variants (-V): every run once per variant, back to back, in an order
# drawn per pair and recorded; -z shuffles the runs and keeps a run's
# variants together; one file per variant naming the session, the
# variant and each run's pairing key; the same argument strings and
# environment size in every variant, as a case sees them; one batch per
# run across the variants; a failed run loses its pair, not the
# session; every bad SPEC refused before the first run.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
MV=$LM_TOP/multiview.sh
mkdir troot vroot binA binB

# A stand-in case: answers --check-lines as the engine does (no -B
# given), logs "VARIANT|ARGV|VARS BYTES" to $LOG, and prints a row with
# its -B or, sizing itself, the batch of its directory; --batch prints
# that batch and logs "VARIANT" to $LOG.size (exit 1 with FAILSIZE).
standin() {
	cat >"$1/sc" <<EOF2
#!/bin/sh
if [ "\$1" = --check-lines ]; then
	n=0
	while IFS= read -r l; do
		n=\$((n + 1))
		echo "\$n N=\${l##*-N	} B=0 Bgiven=0 D=10 P=1 T=1 C=100"
	done
	exit 0
fi
b=$2
prev=
name=sc
size=
for a; do
	[ "\$prev" = -B ] && b=\$a
	[ "\$prev" = -N ] && name=\$a
	[ "\$a" = --batch ] && size=1
	prev=\$a
done
if [ -n "\$size" ]; then
	echo "$3\$FOO\$VIACMD" >>"\$LOG.size"
	[ -z "\$FAILSIZE" ] || exit 1
	echo "\$b"
	exit 0
fi
v=$3
[ -z "\$FOO" ] || v=env
[ -z "\$VIACMD" ] || v=cmd
if [ -n "\$FAILB" ] && [ "\$v" = B ] && [ "\$name" = two ] &&
    [ ! -f "\$FAILB" ]; then
	: >"\$FAILB"
	exit 3
fi
printf '%s|%s|%s %s\n' "\$v" "\$*" "\$(env | grep -vc '^VIACMD=')" \
    "\$(env | grep -v '^VIACMD=' | wc -c)" >>"\$LOG"
printf '%s 1 1 %s 60 0 %s\n' "\$name" "1.\$(( (\$\$ % 9) + 1 ))0000" "\$b"
EOF2
	chmod +x "$1/sc"
}
standin binA 7 A
standin binB 9 B
printf 'sc -N one\nsc -N two\nsc -N three\n' >suite
export LOG="$PWD/log"
run() {
	sh "$W" -q -s suite -b binA -t troot -d vroot -O '-E' "$@"
}

# Two directories, an environment, a command prefix: four variants.
run -r 4 -z 5 -V A=binA -V B=binB -V C=env:FOO=1 \
    -V D='cmd:env VIACMD=1' -o s 2>err
rc=$?
check "four variants: exit 0 ($rc)" test "$rc" -eq 0
check "one file per variant" test -s s.A -a -s s.B -a -s s.C -a -s s.D
check "one session named in each file" test "$(grep -h '^!Session:' \
    s.A s.B s.C s.D | sort -u | wc -l)" -eq 1
check "each file names its variant" grep -q '^!Variant: *C (3 of 4)$' s.C
check "the SPEC is in the header" grep -q '^!Variant_spec: *env:FOO=1$' s.C
check "Bin_dir of a directory variant is its directory" \
    grep -q "^!Bin_dir: *$PWD/binB\$" s.B
check "12 runs of each variant logged" test "$(wc -l <log)" -eq 48
# The log, four lines a pair: all four variants of one run together.
check "-z: the variants of a run run back to back" awk -F'|' '
	{ split($2, w, " "); for (i = 1; i <= NF; i++) ; }
	{ n = 0; for (i = 2; i <= split($2, w, " "); i++)
		if (w[i - 1] == "-N") n = w[i] }
	(NR - 1) % 4 == 0 { cur = n; seen = "" }
	n != cur || index(seen, $1) { bad = 1 }
	{ seen = seen $1 }
	END { exit bad }' log
# Before the first pass's pair the first variant sizes the batch, and
# every variant gets it as -B: the argument strings are the same in
# every pass.
check "the same argument strings in every variant, every pass" \
    awk -F'|' '(NR - 1) % 4 == 0 { a = $2 } $2 != a || $2 !~ / -B [79] / {
	bad = 1 } bad { print; exit 1 }' log
check "sized once a run, by the first variant" \
    test "$(sort -u log.size)" = A -a "$(wc -l <log.size)" -eq 3
check "the argument vector as the suite gives it" awk -F'|' '
	$2 !~ /^-E / { bad = 1; print } END { exit bad }' log
check "the same environment size in every variant" awk -F'|' '
	NR == 1 { e = $3 } $3 != e { bad = 1; print } END { exit bad }' log
# The recorded order: the pair's ORDER and each file's POS agree with
# the log, and both orders of A and B occur.
for f in A B C D; do
	awk -v v="$f" '/^# pair: / { print v, $3, $4, $5 }' "s.$f"
done >pairs
check "each pair key: one POS per variant, the same ORDER" awk '
	{ k[$2]++; o[$2] = o[$2] == "" ? $4 : o[$2]; if (o[$2] != $4) bad = 1
	  if (index(p[$2], "<" $3 ">")) bad = 1; p[$2] = p[$2] "<" $3 ">" }
	END { for (x in k) if (k[x] != 4) bad = 1; exit bad }' pairs
awk '$1 == "A" { split($2, k, "."); print k[1], k[2], $4 }' pairs |
    sort -n -k1,1 -k2,2 | awk '{ print $3 }' >order
awk -F'|' '{ s = s (s == "" ? "" : ",") ($1 == "A" ? 1 : $1 == "B" ? 2 : \
    $1 == "env" ? 3 : 4) } NR % 4 == 0 { print s; s = "" }' log >ran
check "the log ran the variants in each pair's recorded ORDER" \
    cmp order ran
got=$(awk '$1 == "A" { print $4 }' pairs | sort -u | tr '\n' ' ')
check "orders drawn per pair, not one for the session ($got)" \
    test "$(printf '%s' "$got" | wc -w)" -ge 3
# One batch per run across the variants: the row's cnt/samp.
for f in A B C D; do
	awk -v v="$f" '/^# pair: / { k = $3 } $1 ~ /^(one|two|three)$/ {
	    print k, $7 }' "s.$f"
done | sort >batches
check "one batch per run across the variants" awk '
	$1 == k && $2 != b { bad = 1; print } { k = $1; b = $2 }
	END { exit bad || NR != 48 }' batches
check "pass 1: the first variant sized it (7)" awk '
	$1 ~ /^1\./ && $2 != 7 { bad = 1 } END { exit bad }' batches
mv log log1
rm -f log.size

# If --batch fails, the first of a pair to run sizes the batch, and the
# others get it as -B.
FAILSIZE=1 run -r 2 -V A=binA -V B=binB -o fs 2>err
rc=$?
check "sizing failed: exit 0 ($rc)" test "$rc" -eq 0
for f in A B; do
	awk -v v="$f" '/^# pair: / { k = $3 } $1 ~ /^(one|two|three)$/ {
	    print k, $7 }' "fs.$f"
done | sort >fsb
check "sizing failed: still one batch per run (7 or 9), pass 1 too" awk '
	$1 == k && $2 != b { bad = 1 } $2 != 7 && $2 != 9 { bad = 1 }
	{ k = $1; b = $2 } END { exit bad || NR != 12 }' fsb
rm -f log log.size

# multiview reads the pairing back.
sh "$MV" s.A s.B >mv.txt 2>err
check "multiview: paired, 4 pairs a row" grep -q '^s.B: paired, 4 pairs a row' mv.txt
check "multiview: 4 pairs, too few for 95%: said" \
    grep -q '^!pairs suspect: fewer than 6 pairs' mv.txt

# A run of B that fails loses that pair only.
FAILB=$PWD/failed run -r 6 -V A=binA -V B=binB -o f 2>err
rc=$?
check "a failed run of a variant: exit 1 ($rc), the session goes on" \
    test "$rc" -eq 1 -a "$(grep -c '^two ' f.A)" -eq 6
check "its FAILED row in B's file only" test "$(grep -c FAILED f.B)" -ge 1
sh "$MV" -f csv f.A f.B >fcsv 2>err
check "multiview: that benchmark has 5 pairs (untested, pairs)" awk -F, '
	$1 == "two" && $2 == "time" && $3 == "f.B" { n++
	    bad = !($15 == "untested" && /pairs/) } END { exit bad || n != 1 }' \
	    fcsv
rm -f log

# Bad input: one line, exit 2, nothing run.
bad_spec() {
	desc=$1
	shift
	run -r 1 -o b "$@" >out 2>err
	rc=$?
	check "$desc: exit 2 ($rc), one line, nothing run" test "$rc" -eq 2 \
	    -a "$(wc -l <err)" -eq 1 -a ! -f log
}
bad_spec "no such directory" -V A=binA -V B=nodir
mkdir empty
bad_spec "a directory without the cases" -V A=binA -V B=empty
bad_spec "an unknown kind" -V A=binA -V B=foo:bar
bad_spec "a name used twice" -V A=binA -V A=binB
bad_spec "one variant" -V A=binA
bad_spec "env: not NAME=VALUE" -V A=binA -V B=env:FOO
bad_spec "cmd: no such command" -V A=binA -V B=cmd:no-such-command-here
bad_spec "a bad name" -V A=binA -V 'B/x=binB'
bad_spec "no SPEC" -V A=binA -V B
# A session stopped by SIGTERM once its runs have begun: it dies by it,
# and leaves no process of its own and nothing in its temp roots; each
# variant's file says so.
mkdir troot3 vroot3
printf 'getpid\nnop\n' >realsuite
sh "$W" -q -r 50 -s realsuite -b "$BIN" -t troot3 -d vroot3 \
    -V A="$BIN" -V B="$BIN" -o stopped </dev/null >/dev/null 2>stopped.err &
wpid=$!
# Until the first pass's rows are in, or 60 s.
i=0
while [ "$i" -lt 600 ] && ! grep -q '^# pair:' stopped.A 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM "$wpid"
wait "$wpid"
rc=$?
check "-V stopped by SIGTERM: the wrapper dies by it ($rc)" sh -c \
    "test $rc -eq 143 || { cat stopped.err; exit 1; }"
sleep 1
check "-V stopped by SIGTERM: no process of its own left" sh -c \
    "! ps -eo args= | grep -v grep | grep -q '$PWD/troot3'"
check "-V stopped by SIGTERM: nothing left in the temp roots" \
    test -z "$(ls -A troot3)$(ls -A vroot3)"
for v in A B; do
	check "-V stopped by SIGTERM: stopped.$v says it was interrupted" \
	    grep -q '^!Interrupted: SIGTERM' "stopped.$v"
done

# Stopped at any moment of its start: each variant's file is either not
# there or a header that ends saying so; never an empty file, and
# nothing left in the temp roots.
for d in 0 0.05 0.1 0.15 0.2 0.3 0.4 0.6; do
	rm -f early.A early.B
	sh "$W" -q -r 50 -s realsuite -b "$BIN" -t troot3 -d vroot3 \
	    -V A="$BIN" -V B="$BIN" -o early </dev/null >/dev/null 2>&1 &
	wpid=$!
	sleep "$d"
	kill -TERM "$wpid"
	wait "$wpid"
	rc=$?
	check "-V stopped after ${d} s: dies by SIGTERM ($rc), each file absent or interrupted, roots empty" \
	    sh -c 'test "$1" -eq 143 || exit 1
		for f in early.A early.B; do
			[ ! -e "$f" ] && continue
			grep -q "^!Interrupted: SIGTERM" "$f" || exit 1
		done
		test -z "$(ls -A troot3)$(ls -A vroot3)"' sh "$rc"
done

sh "$W" -q -s suite -b binA -t troot -d vroot -r 1 -V A=binA -V B=binB \
    >out 2>err
rc=$?
check "-V without -o: exit 2 ($rc)" test "$rc" -eq 2
check "-V without -o: says -o names the files" grep -q -- '-o STEM' err
