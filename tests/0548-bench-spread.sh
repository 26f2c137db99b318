#!/bin/sh
# bench/spread.sh: the pass-to-pass spread of a result file, the standard
# deviation of the log of a row's passes in percent, its median and 90th
# percentile over the rows; under mawk and gawk alike.
# shellcheck disable=SC1091 # lib.sh
. "$LM_TOP/tests/lib.sh"

# Three rows of two passes each, log ratios 0, ln(1.1) and ln(1.5): their
# spreads are 0, 100 ln(1.1) / sqrt(2) = 6.74% and 100 ln(1.5) / sqrt(2)
# = 28.67%, so the median is 6.7% and the 90th percentile 28.7%; a row
# of one pass and a row with errors count for nothing.
cat >f.txt <<'EOT'
!Libmicro_#:        0.1.0
             prc thr   usecs/call      samples   errors cnt/samp
flat           1   1      2.00000          100        0       10
ten            1   1      1.00000          100        0       10
half           1   1      4.00000          100        0       10
once           1   1      1.00000          100        0       10
bad            1   1      1.00000          100        3       10
             prc thr   usecs/call      samples   errors cnt/samp
flat           1   1      2.00000          100        0       10
ten            1   1      1.10000          100        0       10
half           1   1      6.00000          100        0       10
bad            1   1      9.00000          100        3       10
EOT
want='f.txt: 3 rows, pass-to-pass spread median 6.7%, 90th percentile 28.7%'
for a in mawk gawk; do
	if ! command -v "$a" >/dev/null 2>&1; then
		skip "$a: not installed"
		continue
	fi
	got=$(AWK=$a sh "$LM_TOP/bench/spread.sh" f.txt)
	if [ "$got" = "$want" ]; then
		ok "$a: $got"
	else
		not_ok "$a: $got"
	fi
done

# One pass a row: no spread, said so.
grep -v '^ten\|^half\|^flat' f.txt | awk '!/^bad/ || ++n == 1' >one.txt
check "one pass a row: said so" sh -c \
    "sh '$LM_TOP/bench/spread.sh' one.txt | grep -q 'one pass a row, no spread'"
done_testing
