#!/bin/sh
# Selection (-n globs, -x exclusions, substring operands), by the names
# the engine settles, and repetition (-r N, shuffled with -z SEED)
# produce exactly the expected rows.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir troot vroot
cat >suite <<'EOF'
nop -N pipe_a
nop -N pipe_b
nop -N fork_10
getpid -N getpid
getpid -N gp2
nop -N c_mutex_200
EOF

# rows ARGS...: run the suite with ARGS; the result rows' names, in order.
rows() {
	sh "$W" -Q -q -b "$BIN" -s suite -t troot -d vroot -o out "$@" \
	    2>err || echo "exit $?"
	awk '/^[^#!]/ && $1 != "prc" { printf "%s ", $1 }' out
}
# expect WANT ARGS...
expect() {
	lm_want=$1
	shift
	lm_got=$(rows "$@")
	if [ "$lm_got" = "$lm_want" ]; then
		ok "${*:-no selection}: $lm_want"
	else
		not_ok "$*: got '$lm_got', want '$lm_want'"
		diag <err
	fi
}

all="pipe_a pipe_b fork_10 getpid gp2 c_mutex_200 "
expect "$all"
expect "pipe_a pipe_b " -n 'pipe_*'
expect "pipe_a pipe_b getpid " -n 'pipe_*' -n getpid
expect "fork_10 c_mutex_200 " -n '*_[0-9]*'
expect "fork_10 " fork
expect "getpid gp2 " getpid
expect "pipe_b fork_10 " pipe_b fork
expect "fork_10 getpid gp2 " -x 'pipe_*' -x c_mutex_200
expect "pipe_a " -n 'pipe_*' -x '*_b'
expect "$all$all$all" -r 3
check "-r 3: a comment line at each pass" \
    test "$(grep -c '^# pass [123] of 3$' out)" -eq 3
check "-r 3: !Passes: 3" grep -q '^!Passes: *3$' out

# Without -Q and -r, ten passes; -Q alone, one.
sh "$W" -q -b "$BIN" -s suite -t troot -d vroot -o out \
    -O '-E -C 5 -D 1 -L -S -W' -n gp2 2>err
check "default: ten passes of gp2" test "$(grep -c '^gp2 ' out)" -eq 10
check "default: !Passes: 10" grep -q '^!Passes: *10$' out
expect "gp2 " -n gp2
check "-Q: !Passes: 1" grep -q '^!Passes: *1$' out

# The data files are made anew for each pass.  A stand-in case, a shell
# script, notes the size of the file it is given, adds a byte to it and
# prints a result: a file kept from the pass before would have grown.
mkdir fakebin
cat >fakebin/grow <<'EOF2'
#!/bin/sh
for a; do f=$a; done
wc -c <"$f" | tr -d ' ' >>"$SIZES"
printf x >>"$f"
printf 'grow           1   1      0.10000           10        0        1\n'
EOF2
chmod +x fakebin/grow
printf 'grow -N grow $TFILE\n' >suite2
SIZES=$PWD/sizes sh "$W" -q -b fakebin -s suite2 -t troot -d vroot \
    -O '-E' -r 3 -o out 2>err
check "-r 3: three runs of the stand-in case" test "$(wc -l <sizes)" -eq 3
check "-r 3: \$TFILE was new, 10 MiB, in each pass ($(tr '\n' ' ' <sizes))" \
    test "$(sort -u sizes)" = 10485760

shuffled=$(rows -r 3 -z 42)
check "-r 3 -z 42: !Shuffle_seed: 42" grep -q '^!Shuffle_seed: *42$' out
check "-r 3 -z 42: every run three times, each pass a permutation" \
    awk -v s="$shuffled" -v a="$all" 'BEGIN {
	n = split(s, r, " "); m = split(a, u, " ")
	if (n != 3 * m) exit 1
	for (p = 0; p < 3; p++) {
		split("", seen)
		for (i = 1; i <= m; i++) seen[r[p * m + i]]++
		for (i = 1; i <= m; i++) if (seen[u[i]] != 1) exit 1
	}
    }'
check "-r 3 -z 42: shuffled ($shuffled)" test "$shuffled" != "$all$all$all"
check "-z 42 again: the same order" test "$(rows -r 3 -z 42)" = "$shuffled"
check "-z 43: another order" test "$(rows -r 3 -z 43)" != "$shuffled"
rows -z random -n 'pipe_*' >/dev/null
check "-z random: the seed is recorded" grep -Eq '^!Shuffle_seed: +[0-9]+$' out

check "no run selected: exit 2, one line" \
    usage_fails sh "$W" -Q -b "$BIN" -s suite -t troot -d vroot -n 'zzz*'
check "... naming the selection" grep -qF "matches the selection: -n zzz*" \
    lm_err

# Names are what the engine settles: an attached -Nname names the run.
printf 'getpid -Nname\ngetpid -N other\nnop -NB\n' >suite6
# names6 ARGS...: the rows' names of suite6 run with ARGS
names6() {
	sh "$W" -Q -q -b "$BIN" -s suite6 -t troot -d vroot -o out6 "$@" \
	    2>err && awk '/^[^#!]/ && $1 != "prc" { printf "%s ", $1 }' out6
}
lm_got=$(names6 -n name)
check "-n name selects the line -Nname ($lm_got)" test "$lm_got" = "name "
lm_got=$(names6 -x name -x B)
check "-x name -x B leaves the other ($lm_got)" test "$lm_got" = "other "
check "nothing left in the roots" test -z "$(ls -A troot)$(ls -A vroot)"
done_testing
