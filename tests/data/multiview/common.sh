# Sourced by tests/06NN-multiview-*.sh after lib.sh: runs multiview.sh
# under every awk it must work with, and compares against golden files.
# MV_BLESS=1 rewrites the golden files from the current output instead
# (then read the diff before committing it).
#
# Data: base.txt, debug.txt and tuned.txt are small libmicro files
# (-S blocks cut to the lines multiview reads); sun-*.txt follow Sun
# libMicro 0.4.1's layout with values from a published DEBUG vs
# non-DEBUG table; passes-*.txt five passes a side from lognormal.awk;
# why-*.txt five passes a side and the profiles of wrapper.sh -G;
# counts-*.txt eight passes a side with getrusage lines and -K counters;
# three.*, passes.*, why.*, counts* and sun.txt are the golden outputs; gen.awk and
# lognormal.awk make the synthetic files of the statistics tests.

MV=$LM_TOP/multiview.sh
MVDATA=$LM_TOP/tests/data/multiview
MV_AWKS=
for mv_a in mawk gawk; do
	if command -v "$mv_a" >/dev/null 2>&1; then
		MV_AWKS="$MV_AWKS $mv_a"
	else
		skip "$mv_a is not installed; multiview.sh not run under it"
	fi
done

# mv_need_awks: end the test, skipped and saying why, when neither awk
# multiview must work with is installed.
mv_need_awks() {
	[ -z "$MV_AWKS" ] || return 0
	skip "neither mawk nor gawk is installed"
	done_testing
	exit 0
}

# mview AWK ARG...: multiview.sh run by that awk.
mview() {
	mv_awk=$1
	shift
	AWK=$mv_awk sh "$MV" "$@"
}

# same_output DESC ARG...: every awk prints the same bytes and status.
same_output() {
	mv_desc=$1
	shift
	mv_first=
	mv_bad=
	for mv_a in $MV_AWKS; do
		mview "$mv_a" "$@" >"same.$mv_a" 2>&1
		echo "status $?" >>"same.$mv_a"
		if [ -z "$mv_first" ]; then
			mv_first=$mv_a
		elif ! cmp -s "same.$mv_first" "same.$mv_a"; then
			mv_bad=$mv_a
		fi
	done
	if [ -z "$mv_bad" ]; then
		ok "$mv_desc: same output under$MV_AWKS"
	else
		not_ok "$mv_desc: $mv_first and $mv_bad differ"
		diff "same.$mv_first" "same.$mv_bad" | head -20 | diag
	fi
}

# golden DESC FILE ARG...: under every awk, multiview.sh ARG... exits 0
# and prints exactly $MVDATA/FILE; then the awks are compared.
golden() {
	mv_desc=$1
	mv_gold=$MVDATA/$2
	shift 2
	for mv_a in $MV_AWKS; do
		mview "$mv_a" "$@" >"gold.$mv_a" 2>"gold.err"
		mv_rc=$?
		if [ -n "${MV_BLESS:-}" ]; then
			cp "gold.$mv_a" "$mv_gold"
		fi
		if [ "$mv_rc" -eq 0 ] && [ ! -s gold.err ] &&
		    cmp -s "$mv_gold" "gold.$mv_a"; then
			ok "$mv_desc ($mv_a)"
		else
			not_ok "$mv_desc ($mv_a): status $mv_rc"
			{ cat gold.err; diff "$mv_gold" "gold.$mv_a"; } |
			    head -20 | diag
		fi
	done
	same_output "$mv_desc" "$@"
}

# rows FILE: the benchmark names of a text table, in order.
rows() {
	awk 'NF == 0 && on { exit } on { print $1 } /^BENCHMARK/ { on = 1 }' "$1"
}

# marked FILE: the names of the rows whose delta is marked significant
# (faster or slower), the interval or not between the bracket and mark.
marked() {
	awk 'NF == 0 && on { exit } on && /%\][^ ~=*]*\*/ { print $1 }
	/^BENCHMARK/ { on = 1 }' "$1"
}
