# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# suite.sh - the suite and the plan, sourced by wrapper.sh: the suite
# reader, the selection, the checks of the selected lines before the
# first run, the dry run's estimate and each pass's plan.  Its awk
# programs are the .awk files beside it ($lm_wlib).

# ---- the suite --------------------------------------------------------

# read_suite: the runs of the suite into $lm_state/runs, one a line,
# NAME CASE ARGS..., and "LINE NAME CASE ARGS..." into $lm_state/lines.
# Errors are one line, exit 2.  The shell writes the file, so a full
# fast root is named as the cause.
read_suite() {
	lm_runs=$(awk -v prog="$prog" -v file="$lm_suite" \
	    -v lines="$lm_state/lines" -v names="$LM_PLACEHOLDERS" \
	    -f "$lm_wlib/suite.awk" "$lm_suite") || exit 2
	{ [ -z "$lm_runs" ] || printf '%s\n' "$lm_runs"; } 2>/dev/null \
	    >"$lm_state/runs" || die "cannot write in $lm_troot"
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

# select_runs: the runs that the selection (-n, -x, substrings) keeps,
# from $lm_state/runs into $lm_state/selected; lm_nsel is their number.
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
	[ "$lm_nsel" -gt 0 ] ||
	    bad "no run in $lm_suite matches the selection"
}

# estimate: the expected seconds of one pass of each selected run into
# $lm_state/estimate, "NAME SECS FROM": from the -e file, the mean of its
# passes' "run wall time" lines (or, in a file without them, the timed
# phase and batch sizing, plus 10 ms to start); for a run it does not
# hold, the -D of its options (default 10 ms) and 20 ms to start and
# size, which is a lower bound.
estimate() {
	awk -v opts=" $lm_opts " -v est="$lm_est" -f "$lm_wlib/estimate.awk" \
	    "$lm_state/selected" >"$lm_state/estimate" ||
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
# CASE ARGS..., in suite order or shuffled; lm_npass is their number.
# The generator is Park-Miller's, in exact integer arithmetic, so one seed
# gives one order under every awk (srand/rand differ between awks); its
# state carries from one pass to the next in $lm_state/rand.
# Calibration is done once: the batch (cnt/samp) of a run's first clean
# pass is given to its later passes as -B, unless its line or the common
# options set -B themselves (the argument line in the file shows it).
plan() {
	awk -v seed="$lm_seed" -v rf="$lm_state/rand" -v cf="$lm_state/count" \
	    -v figs="$lm_state/figures" -v opts=" $lm_opts " \
	    -v pass="$lm_pass" -v minpass="$lm_minpass" -v target="$lm_target" \
	    -f "$lm_wlib/plan.awk" "$lm_state/figures" "$lm_state/selected" \
	    >"$lm_state/plan" ||
	    die "cannot write in $lm_troot"
	read -r lm_npass <"$lm_state/count" || die "cannot read $lm_state/count"
}

# ---- checks before the first run --------------------------------------

# where RUN-LINE: "SUITE:N" for a selected run (NAME CASE ARGS...).
where() {
	awk -v want="$1" -v file="$lm_suite" '
	BEGIN { n = split(want, w); want = w[1]
		for (i = 2; i <= n; i++) want = want " " w[i] }
	{ nr = $1; $1 = ""; $0 = $0; $1 = $1 }
	$0 == want { print file ":" nr; found = 1; exit }
	END { if (!found) print file }' "$lm_state/lines"
}

# One file per case under $lm_state/check: the argument lists of its
# selected runs, words separated by tabs, with the common options
# (CASE) and without (CASE.own), and the runs themselves (CASE.runs).
check_files() {
	lm_cdir=$lm_state/check
	mkdir "$lm_cdir" || die "cannot make $lm_cdir"
	lm_tab=$(printf '\t')
	set -f
	# shellcheck disable=SC2086 # the common options are blank-separated
	set -- $lm_opts
	set +f
	lm_common=
	for lm_a in "$@"; do
		lm_common=$lm_common$lm_a$lm_tab
	done
	while read -r lm_n lm_c lm_r; do
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
		printf '%s\n' "$lm_n $lm_c $lm_r" >>"$lm_cdir/$lm_c.runs"
	done <"$lm_state/selected" ||
	    die "cannot write in $lm_cdir"
}

# check_runs: every case program of the selection exists, and every
# selected line, with the common options, passes its case's
# --check-lines: a bad one is one line naming the suite line, exit 2.
# The cases are checked in one lane per CPU.  Programs not built with
# this engine (no --check-lines in them) cannot be checked; they are
# named in one warning.
check_runs() {
	check_files
	lm_cases=$(awk '!seen[$2]++ { print $2 }' "$lm_state/selected")
	lm_progs=
	for lm_c in $lm_cases; do
		if [ ! -f "$lm_bin/$lm_c" ] || [ ! -x "$lm_bin/$lm_c" ]; then
			bad "$(where "$(head -n 1 "$lm_cdir/$lm_c.runs")"):" \
			    "no program bin/$lm_c in $lm_bin (run make?)"
		fi
		lm_progs="$lm_progs$lm_bin/$lm_c$nl"
	done
	lm_ifs=$IFS
	IFS=$nl
	set -f
	# shellcheck disable=SC2086 # one path a line
	lm_able=$(grep -l -F -e --check-lines -- $lm_progs 2>/dev/null)
	set +f
	IFS=$lm_ifs
	lm_lanes=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
	is_uint "$lm_lanes" && [ "$lm_lanes" -ge 1 ] || lm_lanes=1
	[ "$lm_lanes" -le 8 ] || lm_lanes=8
	lm_i=0
	lm_unable=
	for lm_c in $lm_cases; do
		case $nl$lm_able$nl in
		*"$nl$lm_bin/$lm_c$nl"*)
			echo "$lm_c" >>"$lm_cdir/lane.$((lm_i % lm_lanes))"
			lm_i=$((lm_i + 1)) ;;
		*) lm_unable="$lm_unable bin/$lm_c" ;;
		esac
	done
	lm_i=0
	while [ "$lm_i" -lt "$lm_lanes" ]; do
		[ -f "$lm_cdir/lane.$lm_i" ] &&
		    check_lane "$lm_cdir/lane.$lm_i" </dev/null &
		lm_i=$((lm_i + 1))
	done
	wait
	for lm_c in $lm_cases; do
		[ -f "$lm_cdir/$lm_c.rc" ] && check_result "$lm_c"
	done
	[ -z "$lm_unable" ] || say "$prog: warning: options not checked" \
	    "(not built with this engine):$lm_unable"
}

# check_lane FILE: the lines of each case named in FILE through its
# --check-lines, in the fast root as the runs will be; for each case,
# CASE.out, CASE.err and the exit status in CASE.rc.  Every lane stops
# once one case has failed.
check_lane() {
	cd "$lm_troot" || exit 1
	while read -r lm_c && [ ! -e "$lm_cdir/failed" ]; do
		"bin/$lm_c" --check-lines <"$lm_cdir/$lm_c" \
		    >"$lm_cdir/$lm_c.out" 2>"$lm_cdir/$lm_c.err"
		lm_rc=$?
		echo "$lm_rc" >"$lm_cdir/$lm_c.rc"
		[ "$lm_rc" -eq 0 ] || : >"$lm_cdir/failed"
	done <"$1"
}

# check_result CASE: nothing if its lines passed, else the first bad
# one, named by its suite line, and exit 2.
check_result() {
	read -r lm_rc <"$lm_cdir/$1.rc"
	[ "$lm_rc" -eq 0 ] && return 0
	lm_k=$(tail -n 1 "$lm_cdir/$1.out")
	lm_msg=$(head -n 1 "$lm_cdir/$1.err")
	if [ "$lm_rc" -ne 2 ] || ! is_uint "$lm_k"; then
		bad "bin/$1 --check-lines failed ($(why "$lm_rc" 0)):" \
		    "${lm_msg:-no message}"
	fi
	lm_run=$(sed -n "${lm_k}p" "$lm_cdir/$1.runs")
	# Did the common options make it fail?
	if [ -n "$lm_opts" ] && sed -n "${lm_k}p" "$lm_cdir/$1.own" |
	    (cd "$lm_troot" && exec "bin/$1" --check-lines) >/dev/null 2>&1
	then
		lm_msg="$lm_msg (with the common options: $lm_opts)"
	fi
	bad "$(where "$lm_run"): run ${lm_run%% *}: $lm_msg"
}
