#!/bin/sh
# Progress: one updating status line when stderr is a terminal (through
# script(1)'s pty), one plain line per run otherwise, nothing with -q; a
# failed run is a plain line on a terminal too.  The dry run (-N,
# --dry-run) lists the selected runs with an estimate and runs nothing;
# -e estimates from an earlier file's run wall times.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin troot vroot
cp "$BIN/nop" bin/
# A stand-in case that notes each time it runs.
cat >bin/probe <<'EOF'
#!/bin/sh
while [ $# -gt 0 ] && [ "$1" != -N ]; do shift; done
echo "$2" >>"$LM_PROBE_LOG"
[ "$2" = bad ] && exit 3
printf '%-12s %3d %3d %12.5f %12d %8d %8d\n' "$2" 1 1 1 5 0 1
EOF
chmod +x bin/probe
export LM_PROBE_LOG="$LM_SCRATCH/ran"
printf 'probe -N pa\nprobe -N pb -D 500\nnop -N nn\n' >suite
run() { sh "$W" -b bin -s suite -t troot -d vroot -O '-C 5 -D 1' "$@"; }

# Not a terminal: a plain line per run, no control characters.
run -r 2 -o out 2>err
check "plain: exit 0" test "$?" -eq 0
check "plain: one [i/6] line per run" test "$(grep -c '^\[[1-6]/6\] ' err)" -eq 6
check "plain: no carriage return or escape" \
    awk '/\r/ || /\033/ { exit 1 }' err
check "plain: no status line" awk '/pass [0-9]+\/[0-9]+  run/ { exit 1 }' err

esc=$(printf '\033')
if command -v script >/dev/null 2>&1 &&
    script -qc 'test -t 2' /dev/null </dev/null >/dev/null 2>&1; then
	script -qc "sh '$W' -b bin -s suite -t troot -d vroot -O '-C 5 -D 1' \
	    -r 2 -o tout" /dev/null </dev/null >ttyout 2>&1
	check "terminal: the run wrote its rows" test "$(grep -c '^p[ab] ' tout)" -eq 4
	check "terminal: a status line before each run" test "$(grep -o \
	    "${esc}\[Kpass [12]/2  run [1-6]/6  [0-9]*:[0-9][0-9] elapsed" \
	    ttyout | wc -l)" -eq 6
	check "terminal: time left once a run is done" \
	    grep -q "run 6/6  [0-9:]* elapsed  ~[0-9:]* left  " ttyout
	check "terminal: no plain per-run lines" \
	    awk '/(^|\r)\[[0-9]\/6\] / { exit 1 }' ttyout
	check "terminal: the line is cleared before the summary" \
	    grep -q "${esc}\[Kwrapper.sh: 6 runs, 0 failed" ttyout
	script -qc "sh '$W' -q -b bin -s suite -t troot -d vroot \
	    -O '-C 5 -D 1' -r 2 -o qout" /dev/null </dev/null >qtty 2>&1
	check "terminal, -q: nothing on the terminal" \
	    awk '/pass|\[|runs/ { exit 1 }' qtty
	printf 'probe -N pa\nprobe -N bad\n' >fsuite
	script -qc "sh '$W' -b bin -s fsuite -t troot -d vroot \
	    -O '-C 5 -D 1' -r 1 -o fout" /dev/null </dev/null >ftty 2>&1
	check "terminal: a failed run is a line of its own" \
	    grep -q "${esc}\[K\[[12]/2\] bad .*FAILED: exit status 3" ftty
else
	skip "script(1) from util-linux is not installed: no pty to test on"
fi

# The dry run, of a suite whose pb is a case of this engine: its -D is
# what the case settles.
printf 'probe -N pa\nnop -N pb -D 500\nnop -N nn\n' >dsuite
rm -f "$LM_PROBE_LOG"
run -N -r 3 -s dsuite -o dout >dry 2>derr
check "dry run: exit 0" test "$?" -eq 0
check "dry run: nothing ran" test ! -e "$LM_PROBE_LOG"
check "dry run: no result file" test ! -e dout
check "dry run: no result line" awk 'NF >= 7 && $4 ~ /^[0-9]+\.[0-9]+$/ { exit 1 }' dry
check "dry run: each selected run listed" test "$(awk '$1 == "pa" ||
    $1 == "pb" || $1 == "nn"' dry | wc -l)" -eq 3
# nn: 1 ms of -D and 20 ms; pb: 500 ms and 20 ms; pa, a program not
# built with this engine: the engine's 10 ms and 20 ms; three passes.
check "dry run: the total from -D, 3 x 0.571 s" \
    grep -q '^3 runs x 3 passes = 9 runs, about 1\.[67] s (at least' dry
check "--dry-run is -N" sh -c "sh '$W' -b bin -s dsuite -t troot \
    -d vroot -O '-C 5 -D 1' --dry-run -r 3 pb | grep -q '^1 runs x 3'"
cat >prev <<'EOF'
!Libmicro_#:                            0.1.0
pa             1   1      1.00000            5        0        1
#      run wall time (s)          2.00
pa             1   1      1.00000            5        0        1
#      run wall time (s)          4.00
EOF
run -N -r 2 -e prev pa >edry 2>&1
check "dry run -e: the mean wall time of the file's passes" \
    grep -q '^1 runs x 2 passes = 2 runs, about 6\.0 s (from prev)' edry
check "a result file has a run wall time per clean run" \
    test "$(grep -c '^# *run wall time (s) *[0-9]*\.[0-9][0-9]$' out)" -eq 6
check "-e with no file: exit 2, one line" usage_fails run -N -e nosuch
check "-e without -N is still a run" sh -c "sh '$W' -q -b bin -s suite \
    -t troot -d vroot -O '-C 5 -D 1' -r 1 -e prev -o eout pa && grep -q '^pa ' eout"
done_testing
