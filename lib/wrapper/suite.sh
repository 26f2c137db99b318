# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# suite.sh - the suite and the plan, sourced by wrapper.sh: the suite
# reader, the check of every line through its case's --check-lines,
# which settles each run's name and options, the selection, the dry
# run's estimate and each pass's plan.  Its awk programs are the .awk
# files beside it ($lm_wlib).
#
# The runs of the suite, in $lm_state/runs (settle.awk), and the
# selected ones, in $lm_state/selected, are one a line:
#   NAME CASE LINE STATE BGIVEN D P T ARGS...
# LINE the suite line; STATE ok when the engine settled NAME, BGIVEN
# (1: -B given), D (ms), P and T; else unchecked, missing, bad or broken,
# with NAME as written and - for the rest.

# ---- the suite --------------------------------------------------------

# read_suite: the suite's runs as written into $lm_state/lines, one a
# line, "LINE NAME CASE ARGS..." (suite.awk).  Errors are one line, exit
# 2 (128 under -J).  The shell writes the file, so a full fast root is
# named as the cause.
read_suite() {
	lm_runs=$(awk -v prog="$prog" -v file="$lm_suite" \
	    -v names="$LM_PLACEHOLDERS" -f "$lm_wlib/suite.awk" \
	    "$lm_suite") || exit "$lm_badrc"
	{ [ -z "$lm_runs" ] || printf '%s\n' "$lm_runs"; } 2>/dev/null \
	    >"$lm_state/lines" || die "cannot write in $lm_troot"
}

# check_files: one file per case under $lm_cdir: the argument lists of
# its lines, words separated by tabs, placeholders replaced, with the
# common options (CASE) and without (CASE.own).
check_files() {
	lm_tab=$(printf '\t')
	set -f
	# shellcheck disable=SC2086 # the common options are blank-separated
	set -- $lm_opts
	set +f
	lm_common=
	for lm_a in "$@"; do
		lm_common=$lm_common$lm_a$lm_tab
	done
	while read -r lm_l lm_n lm_c lm_r; do
		lm_own=
		set -f
		# shellcheck disable=SC2086 # a suite line is blank-separated
		set -- $lm_r
		set +f
		for lm_w in "$@"; do
			lm_subst "$lm_w"
			lm_own=$lm_own$lm_a$lm_tab
		done
		printf '%s\n' "$lm_common${lm_own%"$lm_tab"}" >>"$lm_cdir/$lm_c"
		printf '%s\n' "${lm_own%"$lm_tab"}" >>"$lm_cdir/$lm_c.own"
	done <"$lm_state/lines" ||
	    die "cannot write in $lm_cdir"
}

# check_cases: $lm_cdir/cases, "CASE STATE" for each case of the suite:
# able (built with this engine: --check-lines is in it), unchecked (not)
# or missing (no such program); and the able ones dealt to one lane per
# CPU, $lm_cdir/lane.N.
check_cases() {
	lm_cases=$(awk '!seen[$3]++ { print $3 }' "$lm_state/lines")
	lm_progs=
	for lm_c in $lm_cases; do
		[ ! -f "$lm_bin/$lm_c" ] || [ ! -x "$lm_bin/$lm_c" ] ||
		    lm_progs="$lm_progs$lm_bin/$lm_c$nl"
	done
	lm_ifs=$IFS
	IFS=$nl
	set -f
	# shellcheck disable=SC2086 # one path a line
	lm_able=$([ -z "$lm_progs" ] ||
	    grep -l -F -e --check-lines -- $lm_progs 2>/dev/null </dev/null)
	set +f
	IFS=$lm_ifs
	lm_lanes=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
	is_uint "$lm_lanes" && [ "$lm_lanes" -ge 1 ] || lm_lanes=1
	[ "$lm_lanes" -le 8 ] || lm_lanes=8
	lm_i=0
	for lm_c in $lm_cases; do
		lm_st=missing
		case $nl$lm_progs in
		*"$nl$lm_bin/$lm_c$nl"*) lm_st=unchecked ;;
		esac
		case $nl$lm_able$nl in
		*"$nl$lm_bin/$lm_c$nl"*) lm_st=able ;;
		esac
		echo "$lm_c $lm_st"
		[ "$lm_st" = able ] || continue
		echo "$lm_c" >>"$lm_cdir/lane.$((lm_i % lm_lanes))"
		lm_i=$((lm_i + 1))
	done >"$lm_cdir/cases" || die "cannot write in $lm_cdir"
}

# check_suite: every line of the suite, with the common options, through
# its case's --check-lines, the cases in parallel lanes; then each run's
# name and options as the engine settled them, into $lm_state/runs
# (settle.awk).  Nothing is refused here: only a selected line is
# (check_selected).
check_suite() {
	lm_cdir=$lm_state/check
	mkdir "$lm_cdir" || die "cannot make $lm_cdir"
	check_files
	check_cases
	lm_i=0
	while [ "$lm_i" -lt "$lm_lanes" ]; do
		[ -f "$lm_cdir/lane.$lm_i" ] &&
		    check_lane "$lm_cdir/lane.$lm_i" </dev/null &
		lm_i=$((lm_i + 1))
	done
	wait
	: >"$lm_state/rejects" || die "cannot write in $lm_troot"
	awk -v prog="$prog" -v file="$lm_suite" -v dir="$lm_cdir" \
	    -v rejects="$lm_state/rejects" -f "$lm_wlib/settle.awk" \
	    "$lm_state/lines" >"$lm_state/runs" ||
	    die "cannot write in $lm_troot"
}

# check_lane FILE: the lines of each case named in FILE through its
# --check-lines, in the fast root as the runs will be (check_case).
check_lane() {
	cd "$lm_troot" || exit 1
	while read -r lm_c; do
		check_case "$lm_c"
	done <"$1"
}

# check_case CASE: its lines through its --check-lines, which stops at
# the first line it refuses; it is started again after that line, so
# that every other line is settled too.  Each start, from the case's
# line FROM, adds "FROM RC" to CASE.inv, its output in CASE.out.FROM and
# its errors in CASE.err.FROM; a start past the last line finds none
# and ends it.  The shell skips the lines before FROM itself (read leaves
# a file's offset after the line it read), so that a start costs no
# process but the case's.
check_case() {
	lm_from=1
	while :; do
		lm_out=$lm_cdir/$1.out.$lm_from
		(
			lm_j=1
			while [ "$lm_j" -lt "$lm_from" ] && IFS= read -r lm_x
			do
				lm_j=$((lm_j + 1))
			done
			exec "bin/$1" --check-lines
		) <"$lm_cdir/$1" >"$lm_out" 2>"$lm_cdir/$1.err.$lm_from"
		lm_rc=$?
		echo "$lm_from $lm_rc" >>"$lm_cdir/$1.inv"
		[ "$lm_rc" -eq 2 ] || return 0
		lm_k=
		while IFS= read -r lm_x; do
			lm_k=$lm_x
		done <"$lm_out"
		is_uint "$lm_k" && [ "$lm_k" -gt 0 ] || return 0
		lm_from=$((lm_from + lm_k))
	done
}

# match_any WORD LIST: WORD matches one of the newline-separated globs.
match_any() {
	lm_m=1
	lm_ifs=$IFS
	IFS=$nl
	set -f
	for p in $2; do
		# shellcheck disable=SC2254 # p is a glob on purpose
		case $1 in $p) lm_m=0; break ;; esac
	done
	set +f
	IFS=$lm_ifs
	return "$lm_m"
}

# contains_any NAME CASE LIST: NAME or CASE contains one of the substrings.
contains_any() {
	lm_m=1
	lm_ifs=$IFS
	IFS=$nl
	set -f
	for p in $3; do
		case $1 in *"$p"*) lm_m=0; break ;; esac
		case $2 in *"$p"*) lm_m=0; break ;; esac
	done
	set +f
	IFS=$lm_ifs
	return "$lm_m"
}

# selection: the selection as words in lm_sel, "-n GLOB... -x GLOB...
# SUBSTRING...", or nothing when every run is selected.
selection() {
	lm_sel=
	lm_ifs=$IFS
	IFS=$nl
	set -f
	for p in $lm_pats; do lm_sel="$lm_sel -n $p"; done
	for p in $lm_excl; do lm_sel="$lm_sel -x $p"; done
	for p in $lm_subs; do lm_sel="$lm_sel $p"; done
	set +f
	IFS=$lm_ifs
	lm_sel=${lm_sel# }
}

# select_runs: the runs that the selection (-n, -x, substrings) keeps,
# by the names the engine settled, from $lm_state/runs into
# $lm_state/selected; lm_nsel is their number.
select_runs() {
	while read -r lm_n lm_c lm_r; do
		if [ -n "$lm_pats$lm_subs" ]; then
			match_any "$lm_n" "$lm_pats" ||
			    contains_any "$lm_n" "$lm_c" "$lm_subs" || continue
		fi
		match_any "$lm_n" "$lm_excl" && continue
		printf '%s %s %s\n' "$lm_n" "$lm_c" "$lm_r"
	done <"$lm_state/runs" >"$lm_state/selected"
	lm_nsel=$(wc -l <"$lm_state/selected" | tr -d ' ')
	[ "$lm_nsel" -eq 0 ] || return 0
	selection
	[ -n "$lm_sel" ] || bad "no run in $lm_suite"
	bad "no run in $lm_suite matches the selection: $lm_sel"
}

# check_selected: a selected line whose program is missing, or that its
# case refuses with the common options, is one line naming the suite
# line, exit 2; programs not built with this engine, which cannot be
# checked, are named in one warning.  The cases are taken in the order
# of the selection.
check_selected() {
	awk -f "$lm_wlib/verdict.awk" "$lm_state/selected" \
	    >"$lm_state/verdict" || die "cannot write in $lm_troot"
	while read -r lm_v lm_l lm_c; do
		case $lm_v in
		missing) bad "$lm_suite:$lm_l: no program bin/$lm_c in" \
			    "$lm_bin (run make?)" ;;
		refused) check_result "$lm_l" "$lm_c" ;;
		unchecked) say "$prog: warning: options not checked (not" \
			    "built with this engine): $lm_l${lm_c:+ $lm_c}" ;;
		esac
	done <"$lm_state/verdict"
}

# check_result LINE CASE: the suite line LINE, which its case refused,
# as one line naming it, and exit 2.
check_result() {
	# shellcheck disable=SC2046 # LINE KIND IDX FROM RC, one word each
	set -- $(awk -v l="$1" '$1 == l { print; exit }' \
	    "$lm_state/rejects") "$2"
	lm_msg=$(head -n 1 "$lm_cdir/$6.err.$4")
	if [ "$2" = broken ]; then
		lm_killed=
		why "$5"
		bad "bin/$6 --check-lines failed ($lm_why):" \
		    "${lm_msg:-no message}"
	fi
	lm_n=$(awk -v l="$1" '$3 == l { print $1; exit }' "$lm_state/runs")
	# Did the common options make it fail?
	if [ -n "$lm_opts" ] && sed -n "${3}p" "$lm_cdir/$6.own" |
	    (cd "$lm_troot" && exec "bin/$6" --check-lines) >/dev/null 2>&1
	then
		lm_msg="$lm_msg (with the common options: $lm_opts)"
	fi
	bad "$lm_suite:$1: run $lm_n: $lm_msg"
}

# estimate: the expected seconds of one pass of each selected run into
# $lm_state/estimate, "NAME SECS FROM": from the -e file, the mean of its
# passes' "run wall time" lines (or, in a file without them, the timed
# phase and batch sizing, plus 10 ms to start); for a run it does not
# hold, its -D as the engine settled it (10 ms for a program not built
# with this engine) and 20 ms to start and size, which is a lower bound.
estimate() {
	awk -v est="$lm_est" -f "$lm_lib/result.awk" \
	    -f "$lm_wlib/estimate.awk" "$lm_state/selected" \
	    >"$lm_state/estimate" ||
	    die "cannot write in $lm_troot"
}

# dry_run: the selected runs, each with its estimated seconds per pass,
# and the estimated time of the whole, on stdout; nothing is run.
dry_run() {
	estimate
	awk -v passes="$lm_passes" -v est="$lm_est" -v budget="$lm_budget" \
	    -v fewest="${lm_target:+$lm_minpass}" -f "$lm_wlib/dryrun.awk" \
	    "$lm_state/estimate" "$lm_state/selected" ||
	    die "cannot write the run list"
}
# plan: the runs of the next pass into $lm_state/plan, one a line, NAME
# CASE ARGS..., in suite order or shuffled, with variants (-V) each
# headed by its pair's order (pair.awk); lm_npass is their number.
# With -w, the runs whose passes already pin their figure (with variants,
# each variant's ratio to the first) are left out (adaptive.awk, with
# Student's t from lib/mv/num.awk; without -w both are the empty program
# /dev/null).
# The generator is Park-Miller's, in exact integer arithmetic, so one seed
# gives one order under every awk (srand/rand differ between awks); its
# state carries from one pass to the next in $lm_state/rand.
# Calibration is done once: the batch (cnt/samp) of a run's first clean
# pass is given to its later passes as -B, unless its line or the common
# options set -B themselves, as the engine settled them (the argument
# line in the file shows it).  A program not built with this engine runs
# with its options as written.
plan() {
	lm_num=/dev/null
	lm_ada=/dev/null
	set -- "$lm_state/figures"
	if [ -n "$lm_target" ]; then
		lm_num=$lm_lib/mv/num.awk
		lm_ada=$lm_wlib/adaptive.awk
		lm_v=2
		while [ "$lm_v" -le "${lm_nvar:-0}" ]; do
			: >>"$lm_state/figures.$lm_v"
			set -- "$@" "$lm_state/figures.$lm_v"
			lm_v=$((lm_v + 1))
		done
	fi
	awk -v seed="$lm_seed" -v rf="$lm_state/rand" -v cf="$lm_state/count" \
	    -v figs="$lm_state/figures" -v pass="$lm_pass" \
	    -v minpass="$lm_minpass" -v target="$lm_target" \
	    -v nvar="${lm_nvar:-0}" -v vseed="$lm_vseed" \
	    -v of="$lm_state/vrand" -f "$lm_num" -f "$lm_ada" \
	    -f "$lm_wlib/pair.awk" -f "$lm_wlib/plan.awk" "$@" \
	    "$lm_state/selected" >"$lm_state/plan" ||
	    die "cannot write in $lm_troot"
	read -r lm_npass <"$lm_state/count" || die "cannot read $lm_state/count"
}
