#!/bin/sh
# --check: parses and checks a command line as a run would, prints
# nothing and exits 0 if the run would start, prints the run's one-line
# usage error and exits 2 if not; never runs.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
# shellcheck disable=SC2016 # single quotes: sh -c programs
. "$LM_TOP/tests/lib.sh"

# quiet_ok CMD...: exit 0, nothing on stdout or stderr.
quiet_ok() {
	"$@" >out 2>err
	lm_rc=$?
	if [ "$lm_rc" -eq 0 ] && [ ! -s out ] && [ ! -s err ]; then
		ok "$*: exit 0, silent"
	else
		not_ok "$*: exit $lm_rc"
		cat out err | head -5 | diag
	fi
}

quiet_ok "$BIN/getpid" --check
quiet_ok "$BIN/getpid" -C 5 -D 1 --check -L -S -W
# -E would echo the run on stderr; a day-long run would not end in time.
quiet_ok timeout 20 "$BIN/getpid" --check -E -C 1000000 -D 86400000 \
    -X 86400000
quiet_ok "$BIN/read" --check -f /dev/null -s 4k
quiet_ok "$BIN/chdir" --check -g / /tmp
quiet_ok "$BIN/pipe" --check -P 2 -T 2 -x pipe -m st -s 1k

for args in "-T 0" "-B abc" "-N" "-P 100 -T 100" "-D 5000 -X 100" \
    "-N -C" "stray" "-f /nonexistent/file"; do
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails "$BIN/read" --check $args; then
		ok "read --check $args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "read --check $args: exit $lm_rc"
		head -3 lm_err | diag
	fi
done
check "the case's own check runs: pipe --check -m bogus" \
    usage_fails "$BIN/pipe" --check -m bogus
check "after --, --check is an operand" \
    usage_fails "$BIN/getpid" -- --check
check "--help wins over --check" sh -c \
    '"$1" --check --help | grep -q "^  --check "' sh "$BIN/getpid"

# --check-lines: one process, every line checked on its own.
printf -- '-C\t5\n-N\tone\t-S\n\n-P\t2\t-T\t2\n' >lines
"$BIN/getpid" --check-lines <lines >out 2>err
check "--check-lines: good lines, exit 0, nothing on stderr" \
    test "$?" -eq 0 -a ! -s err
cat >want <<'EOF'
1 N=getpid B=0 Bgiven=0 D=10 P=1 T=1 C=5
2 N=one B=0 Bgiven=0 D=10 P=1 T=1 C=100
3 N=getpid B=0 Bgiven=0 D=10 P=1 T=1 C=100
4 N=getpid B=0 Bgiven=0 D=10 P=2 T=2 C=100
EOF
check "--check-lines: each good line's settled options on stdout" \
    cmp -s out want
# getopt's reading, not a pattern's: -NB names the run B (it sets no
# batch), -Nname is attached, the last of a repeated option wins, and a
# case's own default batch is not a given -B.
printf -- '-NB\n-Nname\t-B\t7\n-D\t5\t-D\t3\t-P2\n' >lines
"$BIN/getpid" --check-lines <lines >out 2>err
printf -- '-N\tf\n' | "$BIN/fork" --check-lines >>out 2>>err
cat >want <<'EOF'
1 N=B B=0 Bgiven=0 D=10 P=1 T=1 C=100
2 N=name B=7 Bgiven=1 D=10 P=1 T=1 C=100
3 N=getpid B=0 Bgiven=0 D=3 P=2 T=1 C=100
EOF
check "--check-lines: -NB is a name, -Nname attached, the last -D wins" \
    sh -c 'head -n 3 out | cmp -s - want'
check "--check-lines: a case's default batch is not a given one" \
    sh -c 'sed -n 4p out | grep -q "^1 N=f B=[0-9]* Bgiven=0 "'
printf -- '-C\t5\n-T\t3\n-T\t0\n-B\tabc\n' >lines
"$BIN/getpid" --check-lines <lines >out 2>err
rc=$?
if [ "$rc" -eq 2 ] && [ "$(tail -n 1 out)" = 3 ] &&
    [ "$(cat err)" = "getpid: -T: 0 is out of range [1, 4096]" ]; then
	ok "--check-lines: stops at line 3: its number alone last on stdout"
else
	not_ok "--check-lines on a bad third line: exit $rc, stdout $(cat out)"
	diag <err
fi
# A line's options do not leak into the next: -X 100 on one line would
# make -D 5000 on the next longer than -X.
printf -- '-X\t100\n-D\t5000\n' >lines
"$BIN/getpid" --check-lines <lines >out 2>err
check "--check-lines: each line alone (-X 100, then -D 5000)" \
    test "$?" -eq 0 -a ! -s err
printf -- '/a\t/b c\n' >lines
check "--check-lines: a word may hold a blank (chdir)" \
    sh -c '"$1" --check-lines <lines' sh "$BIN/chdir"
check "--check-lines takes no other argument" \
    usage_fails "$BIN/getpid" --check-lines -C 5
done_testing
