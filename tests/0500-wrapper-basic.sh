#!/bin/sh
# wrapper.sh in quick mode: one clean result row per run, every header key,
# the placeholders replaced by real fixtures in the configured roots, the
# common options before the line's own, and nothing left behind.
# shellcheck disable=SC1091,SC2016 # lib.sh; awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin troot vroot tmp
export TMPDIR="$LM_SCRATCH/tmp"
cp "$BIN/nop" "$BIN/getpid" bin/

# A stand-in case: log its argument vector, describe each argument after
# its name, print a result row.
cat >bin/probe <<'EOF'
#!/bin/sh
argv=$*
while [ $# -gt 0 ] && [ "$1" != -N ]; do shift; done
name=$2
shift 2
echo "$argv" >"$LM_PROBE_LOG.$name.argv"
for a in "$@"; do
	if [ -f "$a" ]; then
		echo "file $(wc -c <"$a" | tr -d ' ') $a"
	elif [ -d "$a" ]; then
		echo "dir - $a"
	else
		echo "word - $a"
	fi
done >"$LM_PROBE_LOG.$name"
printf '%-12s %3d %3d %12.5f %12d %8d %8d\n' "$name" 1 1 1 5 0 1
EOF
chmod +x bin/probe
printf '%s\n' 'CC=testcc' 'CC_VERSION=testcc 1.2.3 (test)' 'CFLAGS=' \
    >bin/.buildinfo

cat >suite <<'EOF'
# a small suite: comments, blank lines and tabs are allowed

nop		-N nop
getpid		-N getpid	# a trailing comment
nop		-N nop_d5	-d 5
probe		-N probe_t	$TFILE $IFILE $TDIR1 $TDIR2 $TROOT
probe		-N probe_v	-f $VFILE $VDIR1 $VDIR2 $VROOT
EOF
names="nop getpid nop_d5 probe_t probe_v"

export LM_PROBE_LOG="$LM_SCRATCH/probe"
sh "$W" -Q -b bin -s suite -t troot -d vroot -o out >stdout 2>err
rc=$?
check "quick run exits 0" test "$rc" -eq 0
check "nothing on stdout with -o" test ! -s stdout
for n in $names; do
	check "$n: one clean result row" result_ok "$n" out
done
check "no other rows" test "$(awk '/^[^#!]/ && $1 != "prc"' out |
    wc -l)" -eq 5

keys='Libmicro_#|Options|Machine_name|OS_name|OS_release|OS_build|Processor
#CPUs|CPU_MHz|CPU_NAME|IP_address|Run_by|Date|Compiler|Compiler Ver.
sizeof(long)|extra_CFLAGS|TimerRes|Clock_overhead|Clocksource
Kernel_cmdline|CPU_governor|CPU_boost|SMT|ASLR|THP|Mitigations|Libc Ver.
Bin_sh|Case_linkage|Memory|Load_avg_start|Mode|Command|Bin_dir|Suite
Selection|Passes|Shuffle_seed|Time_limit|Runner|Fast_root|Disk_root
Load_avg_end
Runs|Elapsed'
missing=$(printf '%s\n' "$keys" | tr '|' '\n' | while IFS= read -r k; do
	c=$(awk -v k="!$k:" 'index($0, k) == 1 && NF > 1' out | wc -l)
	[ "$c" -eq 1 ] || printf '%s(%d) ' "$k" "$c"
done)
check "every header key once, with a value${missing:+: $missing}" \
    test -z "$missing"

# hv KEY: the value of a header line of ./out
hv() {
	awk -v k="!$1:" 'index($0, k) == 1 {
		sub(/^[^:]*: */, ""); print; exit }' out
}
check "quick mode is marked: $(hv Mode)" sh -c \
    'case "$1" in *quick*NOT*) ;; *) exit 1 ;; esac' sh "$(hv Mode)"
check "!Options are the quick options" \
    test "$(hv Options)" = "-E -C 5 -D 1 -X 2000 -L -S -W -F min"
check "TimerRes from nop: $(hv TimerRes)" sh -c \
    'echo "$1" | grep -Eq "^[0-9]+ nsecs$"' sh "$(hv TimerRes)"
check "clock read overhead from nop: $(hv Clock_overhead)" sh -c \
    'echo "$1" | grep -Eq "^[0-9]+ nsecs$"' sh "$(hv Clock_overhead)"
check "sizeof(long) is 4 or 8" sh -c \
    'case "$1" in 4|8) ;; *) exit 1 ;; esac' sh "$(hv 'sizeof(long)')"
check "compiler facts from .buildinfo" test \
    "$(hv Compiler)|$(hv 'Compiler Ver.')|$(hv extra_CFLAGS)" = \
    "testcc|testcc 1.2.3 (test)|[none]"
check "the -L argument line of a run" grep -q '^# bin/getpid -E -C 5 ' out

# The placeholders, as the probe saw them.
t=$LM_SCRATCH/troot/libmicro.
v=$LM_SCRATCH/vroot/libmicro.
check "common options first, then the line's own" test \
    "$(cut -d' ' -f1-14 probe.probe_t.argv)" = \
    "-E -C 5 -D 1 -X 2000 -L -S -W -F min -N probe_t"
check "\$TFILE: a 10 MB file in the fast root" awk -v p="$t" '
    NR == 1 { exit !($1 == "file" && $2 == 10485760 &&
    index($3, p) == 1 && $3 ~ /\/data$/) }' probe.probe_t
check "\$IFILE: an empty file in the fast root" awk -v p="$t" '
    NR == 2 { exit !($1 == "file" && $2 == 0 && index($3, p) == 1) }' \
    probe.probe_t
check "\$TDIR1, \$TDIR2: 10-level directories in the fast root" \
    awk -v p="$t" '
    NR == 3 && $3 !~ /\/0\/1\/2\/3\/4\/5\/6\/7\/8\/9$/ { bad = 1 }
    NR == 4 && $3 !~ /\/1\/2\/3\/4\/5\/6\/7\/8\/9\/0$/ { bad = 1 }
    (NR == 3 || NR == 4) && ($1 != "dir" || index($3, p) != 1) { bad = 1 }
    END { exit bad }' probe.probe_t
check "\$TROOT: the fast root itself" awk '
    NR == 1 { root = $3; sub(/\/data$/, "", root) }
    NR == 5 { exit !($1 == "dir" && $3 == root) }' probe.probe_t
check "\$VFILE: a 10 MB file in the disk root, after -f" awk -v p="$v" '
    NR == 1 { f = $1 == "word" && $3 == "-f" }
    NR == 2 { exit !(f && $1 == "file" && $2 == 10485760 &&
    index($3, p) == 1) }' probe.probe_v
check "\$VDIR1, \$VDIR2, \$VROOT: directories in the disk root" \
    awk -v p="$v" '
    NR >= 3 && !($1 == "dir" && index($3, p) == 1) { bad = 1 }
    END { exit bad || NR != 5 }' probe.probe_v

check "one progress line per run" test "$(grep -c '^\[[1-5]/5\] ' err)" -eq 5
check "a summary line" grep -q '5 runs, 0 failed, 0 with errors' err
check "the roots are removed" test -z "$(ls -A troot)$(ls -A vroot)$(ls -A tmp)"

# Results on stdout, under bash, without .buildinfo.
rm bin/.buildinfo
sh "$W" -Q -q -b bin -s suite -t troot -d vroot -n 'nop*' >out2 2>err2
rc=$?
check "results on stdout, nothing on stderr with -q" \
    test "$rc" -eq 0 -a ! -s err2
check "the stdout results are complete" sh -c 'grep -q "^nop " out2 &&
    grep -q "^nop_d5 " out2 && grep -q "^!Elapsed:" out2'
check "no .buildinfo: compiler unknown" grep -q '^!Compiler: *unknown$' out2
if command -v bash >/dev/null 2>&1; then
	bash "$W" -Q -q -b bin -s suite -t troot -d vroot -o out3 getpid
	check "runs under bash (exit $?)" result_ok getpid out3
else
	skip "no bash here"
fi
check "the roots are removed again" \
    test -z "$(ls -A troot)$(ls -A vroot)$(ls -A tmp)"

# Installed: PREFIX/bin/libmicro-wrapper finds PREFIX/lib/libmicro/bin (and
# the runner in it) and PREFIX/share/libmicro/suite by itself.
mkdir -p prefix/bin prefix/lib/libmicro/bin prefix/share/libmicro
cp "$W" prefix/bin/libmicro-wrapper
cp "$LM_TOP/lib/fixtures.sh" "$LM_TOP/lib/result.awk" prefix/share/libmicro/
cp -R "$LM_TOP/lib/wrapper" prefix/share/libmicro/
cp "$BIN/nop" "$BIN/.lmspawn" prefix/lib/libmicro/bin/
echo 'nop -N installed' >prefix/share/libmicro/suite
sh prefix/bin/libmicro-wrapper -Q -q -t troot -d vroot -o inst
check "installed layout: bin and suite found (exit $?)" \
    result_ok installed inst

# The whole default suite in quick mode: every run gives one clean row.
sh "$W" -Q -q -b "$BIN" -t troot -d vroot -o full 2>ferr
rc=$?
check "default suite, quick mode: exit $rc" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag <ferr
suite_lines "$LM_TOP/cases/suite" | awk '{ n = $1
    for (i = 2; i < NF; i++) if ($i == "-N") n = $(i + 1)
    print n }' >names
while read -r n; do
	check "default suite: $n" result_ok "$n" full
done <names
done_testing
