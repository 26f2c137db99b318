#!/bin/sh
# Option parsing: every bad form is one line on stderr and exit 2; help and
# version exit 0.
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

for args in "-B abc" "-B" "-B -1" "-B 1x" "-C 0" "-C -5" "-T 0" \
    "-P -3" "-P 0" "-D x" "-I 0" "-X 0" "-R 0" "-R 101" "-R abc" "-Z" \
    "-N" "-P 100 -T 100" "-D 5000 -X 100" "-B 99999999999" "-Q"; do
	# shellcheck disable=SC2086 # split the option vector on purpose
	if usage_fails "$BIN/nop" $args; then
		ok "nop $args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "nop $args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done

check "-N with a blank is refused" usage_fails "$BIN/nop" -N "a b"
check "case option -d with a bad value" usage_fails "$BIN/nop" -d x
check "case option -d without value" usage_fails "$BIN/nop" -d

for h in "-?" --help; do
	"$BIN/getpid" "$h" >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ] && grep -q '^usage: getpid' out && [ ! -s err ]; then
		ok "$h prints usage on stdout, exit 0"
	else
		not_ok "$h: exit $rc"
	fi
done
check "nop --help lists its case option" sh -c \
    '"$1" --help | grep -q "^  -d n"' sh "$BIN/nop"
check "-V prints the version" sh -c \
    '"$1" -V | grep -Eq "^[0-9]+\.[0-9]+\.[0-9]+$"' sh "$BIN/nop"
check "sizes take k, m, g suffixes" sh -c \
    '"$1" -B 1k -C 2 -D 0 -H | awk "{exit \$7 != 1024}"' sh "$BIN/nop"
done_testing
