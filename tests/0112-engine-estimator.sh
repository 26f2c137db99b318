#!/bin/sh
# -F chooses the statistic of the samples a run reports (-M is -F mean);
# the wrapper names it in the !Estimator header, and multiview says when
# two files hold different statistics.
# shellcheck disable=SC1091,SC2154 # lib.sh and its lm_rc, lm_err
. "$LM_TOP/tests/lib.sh"

# same FILE LABEL: the result line's usecs/call is the clean column of
# the statistics line LABEL, to the 5 decimals that line shows.
same() {
	awk -v l="$2" '
	$1 == "getpid" && NF >= 7 { v = $4 }
	substr($0, 1, 24) == sprintf("# %22s", l) { s = $NF }
	END {
		if (v == "" || s == "") { print "no figure or no " l; exit 1 }
		d = v - s
		if (d < 0) d = -d
		if (d > 0.000005) { print v " is not the " l " " s; exit 1 }
	}' "$1"
}
for f in median mean min p5 p10; do
	"$BIN/getpid" -S -C 30 -D 1 -F "$f" >out 2>err
	check "-F $f: exit 0, one result line" result_ok getpid out
	check "-F $f: usecs/call is the samples' $f" same out "$f"
done
"$BIN/getpid" -S -C 30 -D 1 -M >out 2>err
check "-M: usecs/call is the samples' mean" same out mean
"$BIN/getpid" -S -C 30 -D 1 -M -F min >out 2>err
check "-M then -F min: the last one counts" same out min
"$BIN/getpid" -S -C 30 -D 1 >out 2>err
check "no -F: the median" same out median
for bad in p50 MIN ''; do
	if usage_fails "$BIN/getpid" -F "$bad" &&
	    grep -q "^getpid: -F: '$bad' is not one of median, mean, min," lm_err
	then
		ok "-F '$bad': exit 2, one line: $(cat lm_err)"
	else
		not_ok "-F '$bad': exit $lm_rc"
		diag <lm_err
	fi
done
check "--help gives -F" sh -c "'$BIN/getpid' --help | grep -q '^  -F stat'"

# The wrapper's header names the statistic.
W=$LM_TOP/wrapper.sh
mkdir bin troot vroot
cp "$BIN/nop" bin/
printf 'nop -N nop\n' >suite
base="-b bin -s suite -t troot -d vroot -Q -q"
est() {
	awk '/^!Estimator:/ { print $2 }' "$1"
}
# shellcheck disable=SC2086 # $base is an option vector
sh "$W" $base -o def.txt 2>err
check "wrapper: !Estimator: min by default" [ "$(est def.txt)" = min ]
check "wrapper: -F min in the default options" \
    grep -q '^!Options: .* -F min$' def.txt
# shellcheck disable=SC2086
sh "$W" $base -a '-F median' -o med.txt 2>err
check "wrapper -a '-F median': !Estimator: median" [ "$(est med.txt)" = median ]
# shellcheck disable=SC2086
sh "$W" $base -a '-F p10' -o p10.txt 2>err
check "wrapper -a '-F p10': !Estimator: p10" [ "$(est p10.txt)" = p10 ]
# shellcheck disable=SC2086
sh "$W" $base -a '-Fmin' -o min.txt 2>err
check "wrapper -a -Fmin: !Estimator: min" [ "$(est min.txt)" = min ]
# shellcheck disable=SC2086
sh "$W" $base -O '-E -C 5 -D 1 -L -S -W -M' -o mean.txt 2>err
check "wrapper -O '... -M': !Estimator: mean" [ "$(est mean.txt)" = mean ]
# shellcheck disable=SC2086
if usage_fails sh "$W" $base -a '-F p50' -o bad.txt; then
	ok "wrapper -a '-F p50': exit 2, one line"
else
	not_ok "wrapper -a '-F p50': exit $lm_rc"
	diag <lm_err
fi

# multiview: a warning when the statistics differ, none when they agree.
MV=$LM_TOP/multiview.sh
sh "$MV" med.txt p10.txt >mv.out 2>mv.err
check "multiview median vs p10: a table" grep -q '^nop ' mv.out
check "multiview median vs p10: the warning names both" grep -q \
    "p10.txt holds the p10 of each run's samples, med.txt the median" mv.err
check "multiview median vs p10: the headers that differ show it" \
    grep -q '^  Estimator: median | p10$' mv.out
sh "$MV" p10.txt p10.txt >mv.out 2>mv.err
check "multiview p10 vs p10: no warning" sh -c '! grep -q "holds the" mv.err'
# A file without the header: -M in its options means the mean.
grep -v '^!Estimator:' mean.txt >old-mean.txt
grep -v '^!Estimator:' med.txt >old-med.txt
sh "$MV" old-med.txt old-mean.txt >mv.out 2>mv.err
check "multiview, no !Estimator: -M in !Options is the mean" grep -q \
    "old-mean.txt holds the mean of each run's samples, old-med.txt the" \
    mv.err
sh "$MV" old-med.txt med.txt >mv.out 2>mv.err
check "multiview, no !Estimator and no -M: the median" \
    sh -c '! grep -q "holds the" mv.err'
done_testing
