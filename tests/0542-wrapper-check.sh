#!/bin/sh
# Before the first run the wrapper checks every suite line with the
# common options through its case's --check-lines, and that every
# selected case program exists: a bad selected line is one line on
# stderr naming the suite line, exit 2, with no run started and no
# result file written.  -c stops after the checks.  The whole default
# suite passes.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc
# shellcheck disable=SC2016 # single quotes: suite lines, awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
S=$LM_TOP/cases/suite
# A quiet machine, so that only the checks speak.
mkdir -p troot vroot root/proc
export LM_SYSROOT="$LM_SCRATCH/root"

# refused MSG ARGS...: exit 2, one line on stderr holding MSG, nothing on
# stdout, no x.txt.
refused() {
	lm_msg=$1
	shift
	rm -f x.txt
	"$@" >out 2>lm_err
	lm_rc=$?
	if [ "$lm_rc" -eq 2 ] && [ "$(wc -l <lm_err)" -eq 1 ] &&
	    grep -qF -- "$lm_msg" lm_err && [ ! -s out ] && [ ! -e x.txt ]
	then
		ok "exit 2 before any run: $(cat lm_err)"
	else
		not_ok "$*: exit $lm_rc, stdout $(wc -l <out) lines, stderr:"
		head -3 lm_err | diag
	fi
}

# lineno NAME: the line of the default suite that names the run NAME.
lineno() {
	awk -v n="$1" '{ for (i = 1; i < NF; i++) if ($i == "-N" &&
	    $(i + 1) == n) { print NR; exit } }' "$S"
}

# The whole default suite, every line checked; loosely timed, not judged.
t0=$(date +%s)
sh "$W" -c >out 2>err
rc=$?
t1=$(date +%s)
n=$(grep -vc '^[[:space:]]*\(#\|$\)' "$S")
if [ "$rc" -eq 0 ] && [ "$(cat err)" = "wrapper.sh: $n runs checked: ready to run" ]
then
	ok "-c: the $n lines of the default suite pass (about $((t1 - t0)) s)"
else
	not_ok "-c on the default suite: exit $rc"
	head -5 err | diag
fi
check "-c writes nothing on stdout" test ! -s out

refused "cases/suite:$(lineno getpid): run getpid: getpid: -T: 0 is out of range" \
    sh "$W" -Q -r 2 -n getpid -a '-T 0' -o x.txt
check "... and says the common options made it fail" \
    grep -qF '(with the common options: -E -C 5 -D 1 -X 2000 -L -S -W -F min -T 0)' \
    lm_err
t0=$(date +%s)
refused "(with the common options: -E -C 60 -L -S -W -F min -B abc)" \
    sh "$W" -a '-B abc' -o x.txt
t1=$(date +%s)
echo "# the whole suite with a bad -a: refused in about $((t1 - t0)) s"
refused ": -T: 0 is out of range" sh "$W" -O '-T 0' -o x.txt
refused "run getpid: getpid: unexpected operand 'stray'" \
    sh "$W" -n getpid -a 'stray' -o x.txt

# A suite of our own: each bad line is named by its number.
cp "$BIN/nop" "$BIN/getpid" "$BIN/read" "$BIN/chdir" .
mkdir bin
cp nop getpid read chdir bin/
cat >good <<'EOF2'
# comment
nop -N nop
read -N read_t -f $TFILE -s 4k
read -N read_v -f $VFILE
chdir -N chdir_t $TDIR1 $TDIR2
EOF2
base="-b bin -t troot -d vroot -Q -q"
# shellcheck disable=SC2086 # split the option vector on purpose
sh "$W" $base -s good -o res 2>err
check "placeholders are real paths when checked: the runs run (exit $?)" \
    result_ok read_t res
for line in 'nosuch -N n1' 'read -N r1 -f /nonexistent/file' \
    'getpid -N g1 -C 0' 'chdir -N c1 $TDIR1 -g' 'getpid -N -C 5' \
    'nop -N n2 -d'; do
	{ cat good; echo "$line"; } >bad
	case $line in
	nosuch*) want="bad:6: no program bin/nosuch in" ;;
	*) want="bad:6: run " ;;
	esac
	# shellcheck disable=SC2086
	refused "$want" sh "$W" $base -s bad -o x.txt
done
check "the roots are removed" test -z "$(ls -A troot)$(ls -A vroot)"

# A program not built with this engine cannot be checked: said once,
# and it still runs.
printf '#!/bin/sh\necho "stand 1 1 1.00000 5 0 1"\n' >bin/stand
chmod +x bin/stand
echo 'stand -N stand' >>good
# shellcheck disable=SC2086
sh "$W" ${base%-q} -s good -o res 2>err
rc=$?
check "a stand-in program: the run goes on (exit $rc)" result_ok stand res
check "... with one warning naming it" test "$(grep warning err)" = \
    "wrapper.sh: warning: options not checked (not built with this engine): bin/stand"

# An older engine's --check-lines passes or refuses lines but does not
# say what it settled: its runs go on as a stand-in's do, named as
# written, and its refusals still hold.
cat >bin/older <<'EOF2'
#!/bin/sh
if [ "$1" = --check-lines ]; then
	n=0
	while IFS= read -r l; do
		n=$((n + 1))
		case $l in *-C*0) echo "$n"; echo "older: -C: 0" >&2; exit 2 ;; esac
	done
	exit 0
fi
echo "older_b 1 1 1.00000 5 0 1"
EOF2
chmod +x bin/older
printf 'older -N older_a -C 0\nolder -N older_b\n' >older
# shellcheck disable=SC2086
sh "$W" ${base%-q} -s older -n older_b -o res 2>err
rc=$?
check "an older engine: its passing line runs (exit $rc)" result_ok older_b res
check "... with the warning naming it" grep -q \
    "^wrapper.sh: warning: options not checked (.*): bin/older\$" err
# shellcheck disable=SC2086
refused "older:1: run older_a: older: -C: 0" sh "$W" $base -s older -o x.txt
done_testing
