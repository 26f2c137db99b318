# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# run.sh - the run protocol, sourced by wrapper.sh: the temporary roots
# and what removes them on every way out, the runner that starts each
# run, the reading of each pass's output into the result file, and the
# progress on stderr.

# ---- temporary state, removed on every way out ------------------------

# shellcheck disable=SC2317 # called from traps
stop_children() {
	if [ -n "$lm_runner_pid" ]; then
		kill -TERM "$lm_runner_pid" 2>/dev/null
		wait "$lm_runner_pid" 2>/dev/null
		lm_runner_pid=
		exec 4>&- 5<&-
	fi
}

# shellcheck disable=SC2317 # called from traps
cleanup() {
	stop_children
	for d in "$lm_troot" "$lm_vroot"; do
		[ -n "$d" ] || continue
		chmod -R u+w "$d" 2>/dev/null
		rm -rf "$d"
	done
	lm_troot=
	lm_vroot=
}

# Stopped before the first header line: the files made empty to see
# that they can be written are removed, not left as empty results.
# shellcheck disable=SC2317 # called from traps
drop_empty_outputs() {
	[ -n "$lm_out" ] || return 0
	if [ -z "$lm_nvar" ]; then
		[ ! -f "$lm_out" ] || [ -s "$lm_out" ] || rm -f "$lm_out"
		return 0
	fi
	lm_vi=1
	while [ "$lm_vi" -le "$lm_nvar" ]; do
		nth "$lm_vi" "$lm_vnames"
		lm_f=$lm_out.$lm_gv
		[ ! -f "$lm_f" ] || [ -s "$lm_f" ] || rm -f "$lm_f"
		lm_vi=$((lm_vi + 1))
	done
}

# Stop the run, put the finished runs and a note in the result file,
# clean up, then leave by the same signal.
# shellcheck disable=SC2317 # called from traps
on_signal() {
	trap '' INT TERM HUP PIPE
	stop_children
	if [ -n "$lm_writing" ]; then
		progress_end
		flush 2>/dev/null
		# Stopped while the variants' headers were written: write them
		# whole first, so that the note follows them in every file.
		[ -z "$lm_nvar" ] || [ -f "$lm_state/foot" ] ||
		    variant_headers 2>/dev/null
		printf '!Interrupted: SIG%s after %d of %d runs\n' \
		    "$1" "$lm_done" "$lm_total" >&3 2>/dev/null
		[ -z "$lm_nvar" ] || variant_foot 2>/dev/null
	else
		drop_empty_outputs
	fi
	cleanup
	trap - EXIT "$1"
	kill -s "$1" "$$"
	exit $((128 + $2))
}

# A wrapper killed by SIGKILL leaves its two roots.  The fast root's
# owner file names the wrapper's pid, the boot, the pid namespace and
# the other root: a root of ours whose wrapper is gone (dead, or from an
# earlier boot) is removed.  One from another pid namespace is left be.
lm_boot=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null) || lm_boot=
lm_pidns=$(readlink /proc/self/ns/pid 2>/dev/null) || lm_pidns=
sweep() {
	[ -n "$lm_boot" ] && [ -n "$lm_pidns" ] || return 0
	for lm_d in "$lm_tparent"/libmicro.??????; do
		lm_f=$lm_d/.wrapper/owner
		if [ ! -f "$lm_f" ] || [ ! -O "$lm_d" ] || [ -L "$lm_d" ]; then
			continue
		fi
		read -r lm_opid lm_oboot lm_ons lm_ov <"$lm_f" || continue
		is_uint "$lm_opid" || continue
		if [ "$lm_oboot" = "$lm_boot" ]; then
			[ "$lm_ons" = "$lm_pidns" ] || continue
			kill -0 "$lm_opid" 2>/dev/null && continue
		fi
		case ${lm_ov##*/} in
		libmicro.??????)
			if [ -d "$lm_ov" ] && [ -O "$lm_ov" ] &&
			    [ ! -L "$lm_ov" ]; then
				chmod -R u+w "$lm_ov" 2>/dev/null
				rm -rf "$lm_ov"
			fi ;;
		esac
		chmod -R u+w "$lm_d" 2>/dev/null
		rm -rf "$lm_d"
		say "$prog: removed the temp roots left by wrapper $lm_opid:" \
		    "$lm_d $lm_ov"
	done
}

# make_roots: the fast and the disk root, after removing those that
# wrappers killed by SIGKILL left; the fast root's owner file says whose
# they are.
make_roots() {
	sweep
	lm_troot=$(mktemp -d "$lm_tparent/libmicro.XXXXXX") ||
	    die "cannot make a directory in $lm_tparent"
	lm_vroot=$(mktemp -d "$lm_vparent/libmicro.XXXXXX") ||
	    die "cannot make a directory in $lm_vparent"
	lm_state=$lm_troot/.wrapper
	mkdir "$lm_state" || die "cannot make $lm_state"
	printf '%s %s %s %s\n' "$$" "${lm_boot:-unknown}" \
	    "${lm_pidns:-unknown}" "$lm_vroot" >"$lm_state/owner" ||
	    die "cannot write $lm_state/owner"
}

# ---- running one program ----------------------------------------------

# Nothing here starts a process but the run itself: a run of a small
# case lasts a few milliseconds, and every fork and exec of the wrapper's
# own would be added to each of thousands of runs.

# tick: lm_cs, centiseconds on a clock that only goes forward.  The
# kernel's uptime is read by the shell itself; without /proc, date(1).
lm_clock=none
read -r lm_up </proc/uptime 2>/dev/null && lm_clock=uptime
tick() {
	if [ "$lm_clock" = uptime ] && read -r lm_up </proc/uptime; then
		lm_up=${lm_up%% *}
		lm_f=${lm_up#*.}
		lm_f=${lm_f#0}
		lm_cs=$((${lm_up%.*} * 100 + ${lm_f:-0}))
	else
		lm_cs=$(($(date +%s) * 100))
	fi
}

# secs CS: CS centiseconds as seconds with one decimal, in lm_s.
secs() {
	lm_s=$((($1 + 5) / 10))
	lm_s=$((lm_s / 10)).$((lm_s % 10))
}

# spawn OUT ERR CMD...: run CMD in the fast root (where bin/ leads to the
# binaries) through the runner (fd 4 its requests, fd 5 its replies), so
# that the shell forks nothing: the exit status in lm_rc, lm_killed set
# when the time limit stopped it, the wall time in lm_dt.  With variants
# (-V), the runner's -v request adds the program to start, lm_sprog
# (empty: CMD's first word), and the variables to set, lm_senv (a line
# each, newline-terminated).
spawn() {
	lm_o=$1
	lm_e=$2
	shift 2
	if ! { printf '%s\n' "$lm_o" "$lm_e" && { [ -z "$lm_nvar" ] ||
	    printf '%s\n%s\n' "$lm_sprog" "$lm_senv"; } &&
	    printf '%s\n' "$@" ''; } >&4 ||
	    ! read -r lm_rc lm_killed lm_dt <&5; then
		die "the runner $lm_runner stopped"
	fi
	[ "$lm_killed" = 1 ] || lm_killed=
}

# start_runner: the runner, talked to through two fifos: requests on
# fd 4, replies on fd 5.
start_runner() {
	mkfifo "$lm_state/req" "$lm_state/rep" ||
	    die "cannot make fifos in $lm_state"
	"$lm_runner" ${lm_nvar:+-v} "$lm_troot" "$lm_limit" <"$lm_state/req" \
	    >"$lm_state/rep" 2>/dev/null 3>&- &
	lm_runner_pid=$!
	exec 4>"$lm_state/req" 5<"$lm_state/rep"
	if ! read -r lm_ready <&5 || [ "$lm_ready" != ready ]; then
		stop_children
		die "the runner $lm_runner did not start"
	fi
}

# why RC: what an exit status says happened.
why() {
	if [ -n "$lm_killed" ]; then
		lm_why="timed out after $lm_limit s"
	elif [ "$1" -gt 128 ]; then
		lm_sig=$(($1 - 128))
		lm_why="killed by signal $lm_sig"
		lm_why="$lm_why (SIG$(kill -l "$lm_sig" 2>/dev/null))"
	else
		case $1 in
		126) lm_why="exit status 126 (could not execute)" ;;
		127) lm_why="exit status 127 (not found)" ;;
		*) lm_why="exit status $1" ;;
		esac
	fi
}

# flush: the finished runs of the pass, from $lm_state/log, into the
# result file, in the order they ran (flush.awk).  The log holds per run
# "R K CS DONE NAME", "W WHY" for a run that failed as it ran (its exit
# status, its time limit), and "A ARGV"; its output and errors are in
# $lm_state/K.out and K.err.  A run's rows are its output and its stderr
# as comments (the -E echo "Running: NAME ... for N seconds" is dropped,
# and so is its prefix where a message cut into it); a failure's are its
# argument line, the FAILED row, the reason, then whatever the program
# said, as comments.  Whether a run that exited 0 has a row, and how
# many errors it reports, is read here, once for the runs of a flush:
# those without one are failures too, counted and said as progress now.
# A clean run's output ends with its wall time, start to exit, as a
# "run wall time (s)" line (which -e reads).  The first clean result
# line of each run is noted in $lm_state/figures: NAME PASS USECS BATCH
# CS.
flush() {
	[ -z "$lm_nvar" ] || { flush_variants; return; }
	[ -s "$lm_state/log" ] && [ -z "$lm_flushing" ] || return 0
	lm_flushing=1
	awk -v dir="$lm_state" -v pass="$lm_pass" -v passes="$lm_passes" \
	    -v hdr="$lm_passhdr" -f "$lm_lib/result.awk" \
	    -f "$lm_wlib/flush.awk" "$lm_state/log" >&3 || return 1
	lm_passhdr=1
	true >"$lm_state/log"
	read -r lm_f lm_e lm_u <"$lm_state/tally" || return 1
	lm_nfail=$((lm_nfail + lm_f))
	lm_nerr=$((lm_nerr + lm_e))
	lm_nunsup=$((lm_nunsup + lm_u))
	[ ! -s "$lm_state/late" ] || progress_late
	lm_flushing=
}
lm_flushing=

# ---- the runs ---------------------------------------------------------

# mmss CS: CS centiseconds as M:SS in lm_mm.
mmss() {
	lm_mm=$(($1 / 100))
	lm_mm=$((lm_mm / 60)):$((lm_mm % 60 / 10))$((lm_mm % 10))
}

# progress_next NAME: the status line as the run NAME starts.
progress_next() {
	[ -n "$lm_tty" ] || return 0
	tick
	mmss $((lm_cs - lm_start))
	lm_pl="pass $lm_pass/$lm_passes  run $((lm_done + 1))/$lm_total"
	lm_pl="$lm_pl  $lm_mm elapsed"
	if [ "$lm_done" -gt 0 ]; then
		mmss $(((lm_cs - lm_run0) * (lm_total - lm_done) / lm_done))
		lm_pl="$lm_pl  ~$lm_mm left"
	fi
	# shellcheck disable=SC2059 # the width is computed
	printf "%s%.${lm_cols}s" "$lm_cr" "$lm_pl  $1" >&2
}

# progress_run: the progress of the run just done.
progress_run() {
	[ -z "$lm_quiet" ] || return 0
	[ -z "$lm_tty" ] || [ -n "$lm_why" ] || return 0
	progress_line "$lm_done" "$lm_name" "$lm_dt" "$lm_why"
}

# progress_late: the runs that flush found failed (no result line), from
# $lm_state/late, each a line as a failed run's, now that it is known.
progress_late() {
	[ -z "$lm_quiet" ] || return 0
	while read -r lm_d lm_c lm_n lm_w; do
		progress_line "$lm_d" "$lm_n" "$lm_c" "$lm_w"
	done <"$lm_state/late"
}

# progress_line DONE NAME CS [WHY]: the line of run DONE of all, NAME,
# its time, and why it failed; above the status line on a terminal.
progress_line() {
	secs "$3"
	# shellcheck disable=SC2059 # the width of the count is computed
	printf "%s[%${#lm_total}d/%d] %-14s %5s s%s\n" "${lm_tty:+$lm_cr}" \
	    "$1" "$lm_total" "$2" "$lm_s" "${4:+  FAILED: $4}" >&2
}
# progress_end: the status line cleared.
# shellcheck disable=SC2317 # called from traps too
progress_end() {
	[ -z "$lm_tty" ] || printf '%s' "$lm_cr" >&2
}

# run_one K NAME CASE ARGS...: run K of the pass; its outcome goes to the
# log and its output to K.out and K.err, for flush.
run_one() {
	lm_k=$1
	lm_name=$2
	lm_case=$3
	shift 3
	lm_i=$#
	while [ "$lm_i" -gt 0 ]; do
		lm_a=$1
		shift
		lm_subst "$lm_a"
		set -- "$@" "$lm_a"
		lm_i=$((lm_i - 1))
	done
	set -f
	# shellcheck disable=SC2086 # the common options are blank-separated
	set -- "bin/$lm_case" $lm_opts "$@"
	set +f

	lm_why=
	if [ ! -f "$lm_bin/$lm_case" ] || [ ! -x "$lm_bin/$lm_case" ]; then
		true >"$lm_state/$lm_k.out"
		true >"$lm_state/$lm_k.err"
		lm_why="no program bin/$lm_case in $lm_bin"
		lm_dt=0
	else
		spawn "$lm_state/$lm_k.out" "$lm_state/$lm_k.err" "$@"
		[ "$lm_rc" -eq 0 ] || why "$lm_rc"
	fi
	lm_done=$((lm_done + 1))
	{
		printf 'R %d %d %d %s\n' "$lm_k" "$lm_dt" "$lm_done" \
		    "$lm_name" &&
		    { [ -z "$lm_why" ] || printf 'W %s\n' "$lm_why"; } &&
		    printf 'A' && printf ' %s' "$@" && printf '\n'
	} >>"$lm_state/log" || die "cannot write in $lm_troot"
	[ -z "$lm_why" ] || lm_nfail=$((lm_nfail + 1))
	progress_run
	[ $((lm_k % 32)) -ne 0 ] || flush || die "cannot write the results"
}

# run_pass: every run of $lm_state/plan, then their rows into the file.
# After the first pass, no run starts once the budget (-m) is spent.
run_pass() {
	lm_passhdr=
	lm_k=0
	while IFS= read -r lm_line; do
		if [ -n "$lm_budget" ] && [ "$lm_pass" -gt 1 ]; then
			tick
			if [ $((lm_cs - lm_start)) -ge $((lm_budget * 100)) ]
			then
				lm_spent="in pass $lm_pass, after $lm_done runs"
				break
			fi
		fi
		set -f
		if [ -n "$lm_nvar" ]; then
			lm_l=${lm_line#* }
			progress_next "${lm_l%% *}"
			# shellcheck disable=SC2086 # blank-separated
			run_pair $((lm_k + 1)) $lm_line
		else
			progress_next "${lm_line%% *}"
			# shellcheck disable=SC2086 # blank-separated
			run_one $((lm_k + 1)) $lm_line
		fi
		set +f
	done <"$lm_state/plan"
	flush || die "cannot write the results"
}
