# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# profile.sh - the profile passes (-G).  Sourced by wrapper.sh.
# After the timed passes, and never inside them, every selected run runs
# again under perf record, lm_ppasses times, with its events off until
# the engine opens the window on its timed phase (engine/profile.c,
# through perf's control FIFOs).  Each profile is read with perf report
# at once and its data file removed; profile.awk keeps, per run, the
# samples of each pass and the functions above the cut, written at the
# end of the result file as "# PROFILE" lines (doc/format.md).
# The first profile pass runs each run's timed phase for lm_pms ms; the
# later ones lengthen it, run by run, so that a pass takes about
# lm_ptarget samples, or more where the first fell short of a third of
# lm_ptotal (at most lm_pmaxms ms): the timed passes are not lengthened.

lm_ppasses=3
lm_pfreq=4000
lm_pms=500
lm_pmaxms=4000
lm_ptarget=2000
lm_ptotal=6000
lm_perf=
lm_pevent=
lm_plack=
lm_pchain=
lm_pnone=

# profile_fail WHY: no profile can be taken: said now, and in the header.
profile_fail() {
	lm_pnone=$1
	lm_plack="everything: $1"
}

# profile_probe: with -G, which event this machine gives, with which call
# chains, and what the profiles will lack and why (lm_plack, "what: why"
# a line).  One tiny recording of true(1) for each thing tried.
profile_probe() {
	[ -n "$lm_profile" ] || return 0
	if ! command -v perf >/dev/null 2>&1; then
		profile_fail "no perf on PATH (Debian: apt-get install linux-perf)"
		return 0
	fi
	lm_perf=$(command -v perf)
	lm_pd=$lm_state/probe.data
	# perf record would fall back from cycles to cpu-clock by itself:
	# perf stat says whether cycles are counted.
	lm_pevent=cpu-clock
	case $(perf stat -x, -e cycles true 2>&1 >/dev/null) in
	[0-9]*,*cycles*) lm_pevent=cycles ;;
	esac
	if ! lm_pmsg=$(perf record -q -e "$lm_pevent" -o "$lm_pd" -- true 2>&1 \
	    >/dev/null); then
		lm_pmsg=$(printf '%s\n' "$lm_pmsg" | awk 'NF { $1 = $1; print; exit }')
		profile_fail "perf record fails: ${lm_pmsg:-no message}"
		rm -f "$lm_pd"
		return 0
	fi
	lm_pparanoid=$(sysval /proc/sys/kernel/perf_event_paranoid)
	lm_pkptr=$(sysval /proc/sys/kernel/kptr_restrict)
	lm_puid=$(id -u 2>/dev/null)
	if [ "$lm_puid" != 0 ] && [ "${lm_pparanoid:-2}" -gt 1 ]; then
		lm_pevent=$lm_pevent:u
		lm_plack="kernel functions: perf_event_paranoid is"
		lm_plack="$lm_plack ${lm_pparanoid:-unknown}; 1 (or CAP_PERFMON)"
		lm_plack="$lm_plack lets a user sample the kernel"
	elif { [ "$lm_puid" != 0 ] && [ "${lm_pkptr:-0}" -ge 1 ]; } ||
	    [ "${lm_pkptr:-0}" -ge 2 ]; then
		lm_plack="kernel symbols: kptr_restrict is $lm_pkptr; 0 shows"
		lm_plack="$lm_plack them (sysctl kernel.kptr_restrict=0)"
	fi
	# User call chains by DWARF unwinding: the cases have no frame
	# pointers.  Kernel chains come as the kernel gives them.
	lm_pchain="--call-graph dwarf,4096"
	# shellcheck disable=SC2086 # two words
	if ! perf record -q -e "$lm_pevent" $lm_pchain -o "$lm_pd" -- true \
	    >/dev/null 2>&1; then
		lm_pchain=-g
		lm_plack="${lm_plack:+$lm_plack$nl}user call chains: this perf"
		lm_plack="$lm_plack cannot unwind with DWARF (inclusive shares"
		lm_plack="$lm_plack of user functions are partial)"
	fi
	rm -f "$lm_pd"
}

# trust_profile: what the profiles will lack, said before the first run.
trust_profile() {
	[ -n "$lm_profile" ] || return 0
	if [ -n "$lm_pnone" ]; then
		warn profile "-G: $lm_pnone: the timed passes run, with no" \
		    "profiles"
	elif [ -n "$lm_plack" ]; then
		warn profile "-G: the profiles lack $(printf '%s\n' "$lm_plack" |
		    awk '{ s = s (NR > 1 ? "; " : "") $0 } END { print s }')"
	fi
}

# header_profile WALL: with -G, the event, the passes, what the profiles
# lack and the wall time of the profile passes.
header_profile() {
	[ -n "$lm_profile" ] || return 0
	hdr Profile_event "${lm_pevent:-none}"
	hdr Profile_passes "$lm_ppasses"
	hdr Profile_window "the timed phase, $lm_pfreq samples/s per CPU"
	hdr Profile_lacks "$(printf '%s\n' "$lm_plack" |
	    awk '{ s = s (NR > 1 ? "; " : "") $0 }
	    END { print (s == "" ? "nothing" : s) }')"
	hdr "Profile_wall (s)" "$1"
}

# profile_one K NAME CASE ARGS...: run K of profile pass lm_ppass, once,
# or with variants (-V) once per variant, back to back, in turn from the
# first or from the last.
profile_one() {
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
	if [ -z "$lm_nvar" ]; then
		lm_vi=0
		profile_run "$@"
		return
	fi
	# (nth, which profile_run calls, uses lm_j.)
	lm_pj=1
	while [ "$lm_pj" -le "$lm_nvar" ]; do
		lm_vi=$lm_pj
		[ $(((lm_ppass + lm_k) % 2)) -eq 0 ] ||
		    lm_vi=$((lm_nvar + 1 - lm_pj))
		profile_run "$@"
		lm_pj=$((lm_pj + 1))
	done
}

# profile_spawn PERF-RECORD-COMMAND...: record one profile run into
# lm_pdata and read it with perf report into lm_prep; lm_why says what
# failed, and lm_pdt is the recording's wall time.
profile_spawn() {
	lm_why=
	progress_next "$lm_name"
	spawn "$lm_prep.out" "$lm_prep.err" "$@"
	lm_pdt=$lm_dt
	if [ "$lm_rc" -ne 0 ]; then
		why "$lm_rc"
		lm_why="perf record: $lm_why"
	else
		lm_senv=
		spawn "$lm_prep" "$lm_prep.err" "$lm_perf" report -i "$lm_pdata" \
		    --children --no-inline --sort dso,sym -g none --stdio -n \
		    -t ';'
		if [ "$lm_rc" -ne 0 ]; then
			why "$lm_rc"
			lm_why="perf report: $lm_why"
		fi
	fi
	lm_senv=
	rm -f "$lm_pdata" "$lm_pdata.old" "$lm_prep.out"
	[ -z "$lm_why" ] ||
	    lm_why="$lm_why: $(awk 'NF { $1 = $1; print; exit }' \
	    "$lm_prep.err")"
	rm -f "$lm_prep.err"
}

# profile_run ARGS...: run lm_k of profile pass lm_ppass, in variant lm_vi
# (0: none), under perf record, then its report, into
# $lm_state/prof.PASS.K.VARIANT; the outcome as a line of
# $lm_state/pindex.VARIANT: PASS NAME FILE [WHY].
profile_run() {
	lm_ms=$lm_pms
	if [ "$lm_ppass" -gt 1 ]; then
		lm_ms=$(awk -v n="$lm_name" '$1 == n { print $2; exit }' \
		    "$lm_state/pms.$lm_vi")
		lm_ms=${lm_ms:-$lm_pms}
	fi
	lm_pdata=$lm_state/prof.data
	lm_prep=$lm_state/prof.$lm_ppass.$lm_k.$lm_vi
	lm_pctl="$lm_state/pctl,$lm_state/pack"
	lm_pvars="LM_PROFILE_CTL=$lm_state/pctl${nl}LM_PROFILE_ACK=$lm_state/pack"
	set -f
	# shellcheck disable=SC2086 # the common options are blank-separated
	set -- $lm_opts -D "$lm_ms" "$@"
	set +f
	lm_n0=$lm_name
	if [ "$lm_vi" -eq 0 ]; then
		# shellcheck disable=SC2086 # two words
		set -- "$lm_perf" record -q -e "$lm_pevent" -F "$lm_pfreq" \
		    $lm_pchain --no-buildid -o "$lm_pdata" --delay=-1 \
		    --control "fifo:$lm_pctl" -- env \
		    "LM_PROFILE_CTL=$lm_state/pctl" \
		    "LM_PROFILE_ACK=$lm_state/pack" "bin/$lm_case" "$@"
	else
		# As run_variant runs it: the variant's programs, its command
		# prefix and its variables; and the window's.
		lm_vl=v$lm_vi
		[ "$lm_vi" -ge 10 ] || lm_vl=v0$lm_vi
		set -- "$lm_vl/$lm_case" "$@"
		nth "$lm_vi" "$lm_vkinds"
		if [ "$lm_gv" = cmd ]; then
			nth "$lm_vi" "$lm_vvals"
			set -f
			# shellcheck disable=SC2086 # a prefix is blank-separated
			set -- $lm_gv "$@"
			set +f
		fi
		# shellcheck disable=SC2086 # two words
		set -- "$lm_perf" record -q -e "$lm_pevent" -F "$lm_pfreq" \
		    $lm_pchain --no-buildid -o "$lm_pdata" --delay=-1 \
		    --control "fifo:$lm_pctl" -- "$@"
		lm_senv=$lm_pvars$nl
		while IFS= read -r lm_l; do
			lm_senv=$lm_senv$lm_l$nl
		done <"$lm_state/venv.$lm_vi"
		lm_sprog=
		nth "$lm_vi" "$lm_vnames"
		lm_name=$lm_name@$lm_gv
	fi
	profile_spawn "$@"
	lm_done=$((lm_done + 1))
	lm_dt=$lm_pdt
	progress_run
	lm_name=$lm_n0
	printf '%d %s %s %s\n' "$lm_ppass" "$lm_name" "$lm_prep" "$lm_why" \
	    >>"$lm_state/pindex.$lm_vi" || die "cannot write in $lm_troot"
}

# profile_lines VARIANT: the "# PROFILE" lines of variant VARIANT (0:
# none) into its file.
profile_lines() {
	if [ "$1" -eq 0 ]; then
		awk -v mode=lines -f "$lm_wlib/profile.awk" \
		    "$lm_state/pindex.0" >&3 || die "cannot write the results"
	else
		nth "$1" "$lm_vnames"
		awk -v mode=lines -f "$lm_wlib/profile.awk" \
		    "$lm_state/pindex.$1" >>"$lm_out.$lm_gv" ||
		    die "cannot write $lm_out.$lm_gv"
	fi
}

# profile_passes: the profile passes, then the "# PROFILE" lines and the
# header lines into the result file.
profile_passes() {
	[ -n "$lm_profile" ] || return 0
	tick
	lm_p0=$lm_cs
	if [ -z "$lm_pnone" ]; then
		mkfifo "$lm_state/pctl" "$lm_state/pack" ||
		    die "cannot make fifos in $lm_state"
		lm_vs=0
		[ -z "$lm_nvar" ] || lm_vs=1
		lm_vi=$lm_vs
		while [ "$lm_vi" -le "${lm_nvar:-0}" ]; do
			true >"$lm_state/pindex.$lm_vi" ||
			    die "cannot write in $lm_troot"
			lm_vi=$((lm_vi + 1))
		done
		lm_total=$((lm_done + lm_nsel * lm_ppasses * ${lm_nvar:-1}))
		lm_ppass=0
		while [ "$lm_ppass" -lt "$lm_ppasses" ]; do
			lm_ppass=$((lm_ppass + 1))
			# The batch of the timed passes (-B), every run, no -w.
			awk -v seed="$lm_seed" -v rf="$lm_state/rand" \
			    -v cf="$lm_state/count" -v figs="$lm_state/figures" \
			    -v pass=2 -v nvar=0 -f "$lm_wlib/pair.awk" \
			    -f "$lm_wlib/plan.awk" "$lm_state/figures" \
			    "$lm_state/selected" >"$lm_state/pplan" ||
			    die "cannot write in $lm_troot"
			lm_k=0
			while IFS= read -r lm_line; do
				set -f
				# shellcheck disable=SC2086 # blank-separated
				profile_one $((lm_k + 1)) $lm_line
				set +f
				lm_k=$((lm_k + 1))
			done <"$lm_state/pplan"
			[ "$lm_ppass" -eq 1 ] || continue
			lm_vi=$lm_vs
			while [ "$lm_vi" -le "${lm_nvar:-0}" ]; do
				awk -v mode=ms -v ms="$lm_pms" \
				    -v maxms="$lm_pmaxms" -v target="$lm_ptarget" \
				    -v total="$lm_ptotal" -v passes="$lm_ppasses" \
				    -f "$lm_wlib/profile.awk" \
				    "$lm_state/pindex.$lm_vi" >"$lm_state/pms.$lm_vi" ||
				    die "cannot write in $lm_troot"
				lm_vi=$((lm_vi + 1))
			done
		done
		lm_vi=$lm_vs
		while [ "$lm_vi" -le "${lm_nvar:-0}" ]; do
			profile_lines "$lm_vi"
			lm_vi=$((lm_vi + 1))
		done
	fi
	tick
	secs $((lm_cs - lm_p0))
	header_profile "$lm_s"
}
