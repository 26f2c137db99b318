#!/bin/sh
# A case that declares its options and result columns in tables: the
# engine builds the usage lines and the column titles from them, applies
# the defaults, parses each kind strictly (one line, exit 2 for a bad
# value) and prints the values after the seven columns.
# shellcheck disable=SC2016 # single quotes: awk programs
# shellcheck disable=SC1091 # lib.sh is found at run time
. "$LM_TOP/tests/lib.sh"

mkdir -p bin || exit 1
${CC:-cc} -std=c99 -D_GNU_SOURCE -Wall -Wextra -O1 -I"$LM_TOP" \
    -o bin/table "$LM_TOP/tests/fixtures/table.c" "$LM_TOP/libmicro.c" \
    "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" -lpthread -lm >cc.out 2>&1
check "table.c builds with no warnings" test -x bin/table -a ! -s cc.out
diag <cc.out

bin/table --help >help 2>&1
check "the usage lists the size option and its default" \
    grep -qx '  -s size  bytes (default 4k)' help
check "the usage lists the enum's values" \
    grep -qx '  -m mode  a mode (one|two|three) (default two)' help
check "the usage describes the path's default" \
    grep -qx '  -f path  a file (default: none)' help
check "the usage lists the flag with no value" \
    grep -qx '  -v       a flag' help
check "the usage heads the case options" grep -qx 'case options:' help

bin/table -C 3 -D 0 -B 10 >out 2>err
check "a default run exits 0 with no stderr" test $? -eq 0 -a ! -s err
check "the header names the columns after the seven (the first is blank)" awk 'NR == 1 &&
    $7 == "size" && $8 == "n" && $9 == "mode" && $10 == "f" {f = 1}
    END {exit !f}' out
check "the defaults are in the result line" awk '$1 == "table" &&
    $8 == 4096 && $9 == -2 && $10 == 1 && $11 == "-" {f = 1}
    END {exit !f}' out
check "the titles line up with the values" awk 'NR == 1 {h = $0}
    NR == 2 {exit length(h) != length($0)}' out

bin/table -C 3 -D 0 -B 10 -H -s 1m -n 5 -m three -v -f /dev/null >out 2>&1
check "given values are parsed and printed" awk '$1 == "table" &&
    $8 == 1048576 && $9 == 5 && $10 == 2 && $11 == "v" {f = 1}
    END {exit !f}' out
check "-n takes a negative number" sh -c \
    'bin/table -C 3 -D 0 -B 10 -H -n -5 | awk "{exit \$9 != -5}"'

for args in "-s 0" "-s 2m" "-s 1x" "-s -1" "-s" "-n 6" "-n -6" "-n x" \
    "-m four" "-m" "-f /nonexistent" "-f" "-v -s k"; do
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails bin/table $args; then
		ok "table $args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "table $args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done
check "a bad size names the option and the value" sh -c \
    'bin/table -s 1x 2>&1 | grep -qx "table: -s: not a size: .1x."'
check "a value out of range gives the range" sh -c \
    'bin/table -s 0 2>&1 | grep -q "out of range \[1, 1048576\]"'
check "a bad enum lists the values" sh -c \
    'bin/table -m four 2>&1 | grep -q "one|two|three"'
# Free text, checks between options, LM_TSD and LM_EACH.
check "the usage shows the text option's default in quotes" \
    grep -qx '  -t text  any text (default "plain")' help
bin/table -C 3 -D 0 -B 10 -H >out 2>&1
check "a text default is printed as given" awk '$1 == "table" &&
    $12 == "plain" && $6 == 0 {f = 1} END {exit !f}' out
bin/table -C 3 -D 0 -B 10 -H -t 'two words' >out 2>&1
check "a text value is kept verbatim, blanks too" awk '$1 == "table" &&
    $12 == "two" && $13 == "words" {f = 1} END {exit !f}' out
bin/table -C 3 -D 0 -B 10 -H -t fail >out 2>&1
check "LM_EACH counts every operation's failure as an error" awk '
    $1 == "table" && $6 == 3 * 10 && $7 == 10 {f = 1} END {exit !f}' out
for args in "-t" "-B 200" "-v -t novee" "--check -v -t novee"; do
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails bin/table $args; then
		ok "table $args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "table $args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done
check "an empty text is refused by name" sh -c \
    'bin/table -t "" 2>&1 | grep -qx "table: -t: the text may not be empty"'
check "benchmark_optcheck's own message is the error line" sh -c \
    'bin/table -v -t novee 2>&1 | grep -qx "table: -v and -t novee exclude each other"'
check "benchmark_optcheck may lift lm_maxB before -B is checked" sh -c \
    'bin/table -C 3 -D 0 -H -v -B 200 | awk "\$1 == \"table\" && \$7 == 200 {f = 1} END {exit !f}"'
check "LM_TSD sizes the per-worker data (initrun checks lm_tsdsize)" sh -c \
    'bin/table -C 3 -D 0 -B 10 -T 2 -H | awk "\$1 == \"table\" && \$3 == 2 {f = 1} END {exit !f}"'

done_testing
