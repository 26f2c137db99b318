#!/bin/sh
# Runs of nop and getpid in every mode: well-formed libMicro-layout output,
# zero errors, and the statistics and warnings blocks where asked for.
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

run() {
	"$@" >out 2>err
	rc=$?
}

for mode in "" "-1" "-P 2" "-T 2" "-P 2 -T 2" "-1 -T 3" "-M" "-B 100" \
    "-I 50" "-A" "-R 5"; do
	for c in nop getpid; do
		# shellcheck disable=SC2086 # mode is a list of options
		run "$BIN/$c" $mode -C 5 -D 1
		if [ "$rc" -eq 0 ] && result_ok "$c" out >why; then
			ok "$c $mode: $(awk -v c="$c" '$1 == c {print $4}' out)"
		else
			not_ok "$c $mode (exit $rc)"
			cat why err out | diag
		fi
	done
done

run "$BIN/getpid" -P 2 -T 3 -C 5 -D 1 -H
check "-P 2 -T 3: the row says 2 processes, 3 threads" \
    awk '$1 == "getpid" && $2 == 2 && $3 == 3 {f = 1} END {exit !f}' out

# Layout: the column header and the result line, as libMicro 0.4.1.
run "$BIN/getpid" -C 5 -D 1 -N mine
hdr=$(sed -n 1p out)
check "column header text" [ "$hdr" = \
    "             prc thr   usecs/call      samples   errors cnt/samp" ]
# The line is its own fields printed again at those widths (as strings,
# so no awk's number formatting comes into it).
check "result line layout (%-12s %3d %3d %12.5f %12d %8lld %8d)" awk '
    NR == 2 { exit !(NF == 7 && $1 == "mine" && $2 == "1" && $3 == "1" &&
	$4 ~ /^[0-9]+[.][0-9][0-9][0-9][0-9][0-9]$/ && $5 ~ /^[0-9]+$/ &&
	$6 == "0" && $7 ~ /^[0-9]+$/ && length($0) == 64 &&
	$0 == sprintf("%-12s %3s %3s %12s %12s %8s %8s",
	    $1, $2, $3, $4, $5, $6, $7)) }' out
check "the engine's column titles are those of lib/result.awk" awk \
    "$lm_rlawk"'NR == 1 { for (k = 1; k < RL_NCOL; k++)
	if ($k != RL_TITLE[k + 1]) exit 1; exit NF != RL_NCOL - 1 }' out
check "a FAILED row from lib/result.awk has the engine's widths" awk \
    "$lm_rlawk"'NR == 2 { n = split(rl_failed($1), f)
	exit !(n == 8 && length(rl_failed($1)) == length($0) + 7) }' out
check "-H drops the column header" sh -c \
    '"$1" -H -C 5 -D 1 | awk "END {exit NR != 1}"' sh "$BIN/nop"
run "$BIN/nop" -L -C 5 -D 1 -d 3
check "-L prints the argument line first" \
    [ "$(sed -n 1p out)" = "# $BIN/nop -L -C 5 -D 1 -d 3" ]
run "$BIN/nop" -E -C 5 -D 1
check "-E reports on stderr, not stdout" \
    grep -q '^Running: *nop for *[0-9.]* seconds$' err

# -S: every statistic the format promises, with sane values.
run "$BIN/getpid" -S -C 50 -D 1
for label in min max mean median stddev "standard error" \
    "99% confidence level" "median 99% ci low" "median 99% ci high" \
    skew kurtosis "time correlation" p5 p10 p50 p90 p95 p99 "coeff of variation"; do
	check "-S prints '$label' raw and clean" awk -v l="$label" '
	    substr($0, 1, 24) == sprintf("# %22s", l) && NF >= 4 {
	        f = ($(NF-1) ~ /^-?[0-9]+\.[0-9]+$/ && $NF ~ /^-?[0-9]+\.[0-9]+$/)
	    } END { exit !f }' out
done
for label in "elapsed time" "number of samples" "number of outliers" \
    "getnsecs overhead" "clock resolution (ns)" "sample length (us)" \
    "batch sizing rounds" "batch sizing (ms)" "cpu usecs/call" \
    "cpu split ticks" "vol ctx sw/call" "invol ctx sw/call" \
    "minor faults/call"; do
	check "-S prints '$label'" awk -v l="$label" '
	    substr($0, 1, 24) == sprintf("# %22s", l) && $NF ~ /^[0-9.]+$/ {
	        f = 1 } END { exit !f }' out
done
# The user/system split is a number only when it rests on 10 ticks.
check "-S: user and system usecs/call, or unresolved with < 10 ticks" awk '
    /^# +cpu split ticks / { t = $NF }
    /^# +user usecs\/call / { u = $NF } /^# +system usecs\/call / { s = $NF }
    END { if (t >= 10) exit !(u ~ /^[0-9.]+$/ && s ~ /^[0-9.]+$/)
          exit !(u == "unresolved" && s == "unresolved") }' out
check "-S: min <= median <= max, ci brackets the median" awk '
    /^# +min / { mn = $NF } /^# +max / { mx = $NF } /^# +median / { md = $NF }
    /ci low/ { lo = $NF } /ci high/ { hi = $NF }
    END { exit !(mn <= md && md <= mx && lo <= md && md <= hi) }' out
check "-S: samples line agrees with the result line" awk '
    $1 == "getpid" { n = $5 } /number of samples/ { s = $NF }
    END { exit !(n == s && n >= 50) }' out
# CPU time is accounted in ticks: run long enough for several of them.
"$BIN/getpid" -S -C 50 -D 1000 >cpu 2>&1
check "-S: getpid is charged system time (or too few ticks to say)" awk '
    /^# +cpu split ticks / { t = $NF } /system usecs\/call/ { v = $NF }
    END { exit !(t < 10 ? v == "unresolved" : v + 0 > 0) }' cpu
check "-S: a distribution block" grep -q '^# DISTRIBUTION' out

# -W: a batch too small for the clock must be called out.
run "$BIN/nop" -W -B 1 -C 20 -D 1
check "-W -B 1: quantization warning with the factor to raise -B" \
    grep -q '^#      Quantization error likely; increase batch size (-B option) [0-9]*X' out
check "-W implies -S" grep -q '^# STATISTICS' out
run "$BIN/getpid" -W -C 3 -D 1 -B 100000
check "-W -C 3, long samples: few samples warning" \
    grep -q '^#      Few samples: only [0-9]; the statistics are rough' out
run "$BIN/getpid" -W -C 100000 -D 1 -X 1
check "-W -X 1: fewer samples than -C asked for" \
    grep -q '^#      Few samples: [0-9]* of the 100000 asked for (-C)' out

# No calibrated run may print a zero time.
run "$BIN/nop" -C 5 -D 1 -H
check "nop reports a non-zero time" awk '$1 == "nop" {exit !($4 > 0)}' out
done_testing
