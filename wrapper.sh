#!/bin/sh
# SPDX-License-Identifier: MIT
# wrapper.sh: run a libmicro suite into one result file (doc/format.md),
# headed by the facts that decide whether two such files are comparable.
# Suite lines are split into words and never evaluated by the shell.
# This file holds the options and the main line; the rest is sourced
# from lib/wrapper/ (share/libmicro/wrapper/ installed): suite.sh, the
# suite and each pass's plan; run.sh, the temporary roots, the runner
# and the result file's rows; host.sh, the header; trust.sh, the check
# of the machine; variant.sh, the variants (-V); profile.sh, the
# profile passes (-G); judge.sh, the judgement against a reference (-J).

prog=${0##*/}
nl='
'

usage() {
	printf 'usage: %s [options] [substring...]\n' "$prog"
	cat <<'EOF'
Run every line of a suite and write one result file (stdout by default).
  -a OPTS   add OPTS to the common options (e.g. -a '-R 1'); repeatable
  -b DIR    case binaries (default: bin next to this script, or
            ../lib/libmicro/bin when installed; env LM_BIN)
  -c        check only: the options, the suite, the programs and the
            machine, as before a run, then exit 0 without running
  -d DIR    parent of the disk-backed temp root (default /var/tmp;
            env LM_VARTMPDIR)
  -e FILE   with -N, estimate the time of each run from FILE, an
            earlier result file
  -l SECS   time limit per run, 0 for none (default 120; 30 with -Q)
  -m SECS   time budget: once SECS seconds have passed, start no more
            runs, except to finish the first pass (default: none)
  -n GLOB   run only the runs whose name matches GLOB; repeatable
  -N, --dry-run  list the selected runs and the estimated time, then
            exit 0 without running anything
  -o FILE   write the results to FILE
  -O OPTS   common options (default '-E -C 60 -L -S -W -F min'; env
            LM_OPTS);
            a suite line's own options come after them, and win
  -p MIN    with -w, the passes every run gets (default 3)
  -q        quiet: no progress, warnings or summary on stderr
            (the warnings are still in the header); progress is one
            updating status line when stderr is a terminal, else a
            line per run
  -Q        quick mode: '-E -C 5 -D 1 -X 2000 -L -S -W -F min', marked in the
            header as not comparable with a normal run
  -r N      run the whole suite N times into the same file (default 10;
            1 with -Q); multiview compares files by their passes
  -V NAME=SPEC  a variant, two or more: every run runs once per
            variant, back to back, in an order drawn per pair, each
            variant into its own file STEM.NAME (-o STEM, needed).
            SPEC: a directory of case programs (as -b), env:V=X...
            (variables to set), or cmd:COMMAND... (a prefix, such as
            cmd:taskset -c 1); the variants differ in nothing else
  -s FILE   suite (default cases/suite next to this script, or
            ../share/libmicro/suite when installed; env LM_SUITE)
  -t DIR    parent of the fast temp root (default /dev/shm when writable,
            else $TMPDIR or /tmp; env LM_TMPDIR)
  -w PCT    adaptive passes: after -p passes, repeat a run only while
            the 95% interval of its passes' figure is wider than
            +/-PCT%, up to -r passes (default: every run, -r passes)
  -x GLOB   skip the runs whose name matches GLOB; repeatable
  -z SEED   shuffle the order of every pass, reproducibly; SEED is an
            integer below 10^9, or 'random' (the seed goes in the header)
  -G        profile passes: after the timed passes, every run runs
            3 more times under perf record, sampling its timed phase
            only; the file gets each run's functions and their shares
            ("# PROFILE" lines), from which multiview says why a row
            changed; the header says the event and what the profiles
            lack (no perf, kernel hidden)
  -K EVENTS count perf events per operation in every run (the engine's
            -K: a comma list, 'default' or 'software'); the header says
            which events are counted and which are missing, and why;
            'none' (the default) counts nothing: a counted task pays at
            every context switch, so counting slows the runs that
            switch (a pipe round trip, thread creation, fork)
  -J REF    judge: run the runs REF holds (-n, -x narrow them) with the
            options REF was run with, and compare them with REF by
            multiview's rule, after each pass from the -p-th, until the
            answer is known or -r passes (default REF's) are done; print
            the runs that decided; exit 0 good (no run slower beyond the
            threshold), 1 bad, 125 cannot tell, 128 bad usage or REF
            unreadable: what git bisect run reads.  REF may instead be
            a directory of reference case programs (a build kept from a
            good commit): then every pass runs each run once from REF
            and once from -b, back to back, as -V does, and the judge
            compares them pair by pair, so that a slow minute of the
            machine falls on both; the options are this wrapper's; -o
            STEM keeps the session's files STEM.ref and STEM.cur
  -j PCT    with -J, the threshold: a run is bad when slower by more
            than PCT% (default 3, multiview's floor)
  -u        with -J, a faster run is bad: the change sought is a speed-up
  -h, -?    this help
A substring operand selects the runs whose name or case contains it;
options come before the substrings.
Before the first run, every line is checked with its case's
--check-lines (options, -f files), which settles its name and options;
every selected line must pass and its case program exist; and
what makes the machine unfit to measure on is said as a warning on
stderr and in the header (!Warn_KEY lines), with what to do about it.
Suite lines: CASE [args...]; the run is named by -N NAME (default CASE).
Whole-word placeholders: $TFILE $VFILE $IFILE $TDIR1 $TDIR2 $VDIR1
$VDIR2 $TROOT $VROOT.
Exit status: 0 every run gave a clean result; 1 a run failed or reported
errors; 2 bad usage or a bad suite; the signal's status when interrupted.
With -J: 0 good, 1 bad, 125 cannot tell (a run failed, or a case program
is missing or refuses REF's options, too); 128 bad usage, an unreadable
REF, or a failure of the wrapper's own.
EOF
}

bad() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit "$lm_badrc"
}

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit "$lm_dierc"
}

say() { [ -n "$lm_quiet" ] || printf '%s\n' "$*" >&2; }

is_uint() {
	case $1 in '' | *[!0-9]*) return 1 ;; esac
}

# ---- options ----------------------------------------------------------

lm_bin=${LM_BIN:-}
lm_suite=${LM_SUITE:-}
lm_tparent=${LM_TMPDIR:-}
lm_vparent=${LM_VARTMPDIR:-}
lm_base=
lm_extra=
lm_out=
lm_quiet=
lm_checkonly=
lm_quick=
lm_limit=
lm_passes=
lm_seed=
lm_minpass=
lm_target=
lm_budget=
lm_pats=
lm_excl=
lm_dry=
lm_est=
lm_vraw=
lm_nvar=
lm_vnames=
lm_vspecs=
lm_vkinds=
lm_vvals=
lm_vseed=
lm_sprog=
lm_senv=
lm_events=
lm_profile=

lm_judge=
lm_jdir=
lm_jthr=
lm_jup=

lm_argv="$prog $*"
for lm_a in "$@"; do
	case $lm_a in --help) usage; exit 0 ;; esac
done
# Under -J, 1 to 127 are verdicts that git bisect run reads (1 bad, 125
# skip): bad usage and the wrapper's own failures are 128, which stops
# the bisection instead.
lm_badrc=2
lm_dierc=1
for lm_a in "$@"; do
	case $lm_a in -J* | -[cGNqQu]*J*) lm_badrc=128 lm_dierc=128 ;; esac
done
# --dry-run is -N; the other words stay as they are.
lm_i=$#
while [ "$lm_i" -gt 0 ]; do
	lm_a=$1
	shift
	[ "$lm_a" = --dry-run ] && lm_a=-N
	set -- "$@" "$lm_a"
	lm_i=$((lm_i - 1))
done
# optval OPT VALUE: a value that looks like an option is one forgotten
# (and -h is a call for help wherever it is).
optval() {
	case $2 in
	-h | '-?') usage; exit 0 ;;
	-[A-Za-z?-]*) bad "-$1 needs a value, not the option $2 (try -h)" ;;
	esac
}
while getopts ':a:b:cd:e:GhJ:j:K:l:m:n:No:O:p:qQr:s:t:uV:w:x:z:' opt; do
	case $opt in
	[bdeJjKmnopstVwx]) optval "$opt" "$OPTARG" ;;
	esac
	case $opt in
	a) lm_extra="$lm_extra $OPTARG" ;;
	b) lm_bin=$OPTARG ;;
	c) lm_checkonly=1 ;;
	d) lm_vparent=$OPTARG ;;
	e) if [ ! -f "$OPTARG" ] || [ ! -r "$OPTARG" ]; then
		bad "cannot read the result file for -e: $OPTARG"
	   fi
	   lm_est=$OPTARG ;;
	G) lm_profile=1 ;;
	h) usage; exit 0 ;;
	J) lm_judge=$OPTARG ;;
	j) case $OPTARG in '' | *[!0-9.]* | *.*.* | .) lm_wok= ;; *) lm_wok=1 ;; esac
	   if [ -z "$lm_wok" ] || [ "${#OPTARG}" -gt 8 ] ||
	       ! awk -v v="$OPTARG" 'BEGIN { exit !(v + 0 > 0) }'; then
		bad "-j wants a percentage above 0: $OPTARG"
	   fi
	   lm_jthr=$OPTARG ;;
	K) case $OPTARG in
	   '' | *[!a-z:,-]*) bad "-K wants a comma list of event names: $OPTARG" ;;
	   esac
	   lm_events=$OPTARG ;;
	l) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 7 ]; then
		bad "-l wants whole seconds: $OPTARG"
	   fi
	   lm_limit=$OPTARG ;;
	m) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 7 ] ||
	       [ "$OPTARG" -lt 1 ]; then
		bad "-m wants whole seconds, at least 1: $OPTARG"
	   fi
	   lm_budget=$OPTARG ;;
	n) lm_pats="$lm_pats$OPTARG$nl" ;;
	N) lm_dry=1 ;;
	o) lm_out=$OPTARG ;;
	O) lm_base=$OPTARG ;;
	p) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 6 ] ||
	       [ "$OPTARG" -lt 2 ]; then
		bad "-p wants a count from 2 to 999999: $OPTARG"
	   fi
	   lm_minpass=$OPTARG ;;
	q) lm_quiet=1 ;;
	Q) lm_quick=1 ;;
	r) if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 6 ] ||
	       [ "$OPTARG" -lt 1 ]; then
		bad "-r wants a count from 1 to 999999: $OPTARG"
	   fi
	   lm_passes=$OPTARG ;;
	s) lm_suite=$OPTARG ;;
	t) lm_tparent=$OPTARG ;;
	u) lm_jup=1 ;;
	V) lm_vraw=$lm_vraw$OPTARG$nl ;;
	w) case $OPTARG in '' | *[!0-9.]* | *.*.* | .) lm_wok= ;; *) lm_wok=1 ;; esac
	   if [ -z "$lm_wok" ] || [ "${#OPTARG}" -gt 8 ] ||
	       ! awk -v v="$OPTARG" 'BEGIN { exit !(v + 0 > 0) }'; then
		bad "-w wants a percentage above 0: $OPTARG"
	   fi
	   lm_target=$OPTARG ;;
	x) lm_excl="$lm_excl$OPTARG$nl" ;;
	z) if [ "$OPTARG" = random ]; then
		lm_seed=$(( ($(date +%s 2>/dev/null || echo 0) + $$) % 1000000000 ))
	   else
		if ! is_uint "$OPTARG" || [ "${#OPTARG}" -gt 9 ]; then
			bad "-z wants an integer below 10^9 or 'random': $OPTARG"
		fi
		lm_seed=$OPTARG
	   fi ;;
	:) bad "option -$OPTARG needs a value (try -h)" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   [ "$OPTARG" = - ] && bad "unknown long option (only --help and --dry-run; try -h)"
	   bad "unknown option -$OPTARG (try -h)" ;;
	esac
done
shift $((OPTIND - 1))

# ---- where things are -------------------------------------------------

here=$(cd "$(dirname "$0")" && pwd) || bad "cannot find my own directory"
# The suite's placeholders: lib/fixtures.sh, or share/libmicro/ installed.
lm_lib=$here/lib
[ -f "$lm_lib/fixtures.sh" ] || lm_lib=$here/../share/libmicro
[ -r "$lm_lib/fixtures.sh" ] || bad "cannot read $lm_lib/fixtures.sh"
# shellcheck source=lib/fixtures.sh
. "$lm_lib/fixtures.sh"
# The result line's columns, for the awk programs that read or write one,
# and Student's t, for the adaptive passes (-w).
[ -r "$lm_lib/result.awk" ] || bad "cannot read $lm_lib/result.awk"
if [ -n "$lm_target" ] && [ ! -r "$lm_lib/mv/num.awk" ]; then
	bad "cannot read $lm_lib/mv/num.awk (for -w)"
fi
# The wrapper's own parts: lib/wrapper/, or share/libmicro/wrapper/.
lm_wlib=$lm_lib/wrapper
for lm_f in suite run host trust variant profile judge; do
	[ -r "$lm_wlib/$lm_f.sh" ] || bad "cannot read $lm_wlib/$lm_f.sh"
done
# shellcheck source=lib/wrapper/suite.sh
. "$lm_wlib/suite.sh"
# shellcheck source=lib/wrapper/run.sh
. "$lm_wlib/run.sh"
# shellcheck source=lib/wrapper/host.sh
. "$lm_wlib/host.sh"
# shellcheck source=lib/wrapper/trust.sh
. "$lm_wlib/trust.sh"
# shellcheck source=lib/wrapper/variant.sh
. "$lm_wlib/variant.sh"
# shellcheck source=lib/wrapper/profile.sh
. "$lm_wlib/profile.sh"
# shellcheck source=lib/wrapper/judge.sh
. "$lm_wlib/judge.sh"
# -J: REF's options, mode and passes stand for -O, -Q and -r.
judge_options

# -O, then -Q, then LM_OPTS, then libMicro's own.
if [ -n "$lm_quick" ]; then
	lm_base=${lm_base:--E -C 5 -D 1 -X 2000 -L -S -W -F min}
	lm_limit=${lm_limit:-30}
fi
lm_base=${lm_base:-${LM_OPTS:--E -C 60 -L -S -W -F min}}
lm_limit=${lm_limit:-120}
# Ten passes by default: one process's figure carries that process's
# luck (CPU placement, page layout), which only more processes average
# out, and multiview needs passes to tell a change from noise.
[ -n "$lm_quick" ] && lm_passes=${lm_passes:-1}
lm_passes=${lm_passes:-10}
# Adaptive passes (-w): after the first -p passes, a run is repeated only
# while its passes leave its figure uncertain by more than -w percent.
# In a session of variants (-V) the default follows from the runs
# selected (pairs_minpass in variant.sh).
[ -n "$lm_vraw" ] || lm_minpass=${lm_minpass:-3}
if [ -n "$lm_target" ] && [ -n "$lm_minpass" ] &&
    [ "$lm_minpass" -gt "$lm_passes" ]; then
	bad "-p $lm_minpass is more than the $lm_passes passes of -r"
fi
# Counting only with -K: the kernel switches a counted task's counters
# out and in at every context switch, which the timed figure would hold.
case $lm_events in
none) lm_events= ;;
?*) lm_extra="$lm_extra -K $lm_events" ;;
esac
# The common options, blank-separated; the operands are substring filters.
lm_opts=$(printf '%s\n' "$lm_base $lm_extra" | awk '{ $1 = $1; print }')
# The statistic of each run's samples its figure is: the last -F or -M.
lm_fig=median
lm_prev=
set -f
for w in $lm_opts; do
	case $lm_prev in -F) lm_fig=$w ;; esac
	case $w in
	-M) lm_fig=mean ;;
	-F?*) lm_fig=${w#-F} ;;
	esac
	lm_prev=$w
done
set +f
lm_subs=
lm_first=
for s in "$@"; do
	case $s in
	-h | '-?') usage; exit 0 ;;
	-?*)
		if [ -n "$lm_first" ]; then
			bad "option $s after the substring '$lm_first':" \
			    "options come first (try -h)"
		fi
		bad "a substring cannot start with '-': $s (try -h)" ;;
	esac
	lm_first=${lm_first:-$s}
	lm_subs="$lm_subs$s$nl"
done

while [ -n "$lm_vraw" ]; do
	variant_opt "${lm_vraw%%"$nl"*}"
	lm_vraw=${lm_vraw#*"$nl"}
done

absdir() { (cd "$1" 2>/dev/null && pwd); }

if [ -z "$lm_bin" ]; then
	lm_bin=$here/bin
	[ -d "$lm_bin" ] || lm_bin=$here/../lib/libmicro/bin
fi
# -J DIR: the build judged is the second variant, after the reference.
[ -z "$lm_jdir" ] || variant_opt "cur=$lm_bin"
lm_b=$(absdir "$lm_bin") || bad "no bin directory: $lm_bin (run make?)"
lm_bin=$lm_b

# The runner, which starts every run: bin/.lmspawn beside the wrapper, or
# lib/libmicro/bin/.lmspawn installed.  make builds it with the cases.
lm_runner=
for lm_p in "$here/bin/.lmspawn" "$here/../lib/libmicro/bin/.lmspawn"; do
	[ -x "$lm_p" ] && { lm_runner=$lm_p; break; }
done
[ -n "$lm_runner" ] ||
    bad "no runner bin/.lmspawn beside the wrapper in $here (run make)"
# -K: which of the events this machine and this user can count.
counters_probe

if [ -z "$lm_suite" ]; then
	lm_suite=$here/cases/suite
	[ -f "$lm_suite" ] || [ -d "$here/cases" ] ||
	    lm_suite=$here/../share/libmicro/suite
fi
if [ ! -f "$lm_suite" ] || [ ! -r "$lm_suite" ]; then
	bad "cannot read suite: $lm_suite"
fi
lm_s=$(absdir "$(dirname "$lm_suite")") || bad "cannot read suite: $lm_suite"
lm_suite=$lm_s/${lm_suite##*/}

if [ -z "$lm_tparent" ]; then
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		lm_tparent=/dev/shm
	else
		lm_tparent=${TMPDIR:-/tmp}
	fi
fi
lm_vparent=${lm_vparent:-/var/tmp}
# Absolute: the cases run in the fast root, not here.
lm_d=$(absdir "$lm_tparent") ||
    bad "no such directory for the fast temp root: $lm_tparent"
lm_tparent=$lm_d
lm_d=$(absdir "$lm_vparent") ||
    bad "no such directory for the disk temp root: $lm_vparent"
lm_vparent=$lm_d

# ---- temporary state, removed on every way out ------------------------

lm_troot=
lm_vroot=
lm_runner_pid=
lm_done=0
lm_total=0
lm_writing=

trap cleanup EXIT
trap 'on_signal INT 2' INT
trap 'on_signal TERM 15' TERM
trap 'on_signal HUP 1' HUP
trap 'on_signal PIPE 13' PIPE

make_roots
# -G: what perf can profile here.
profile_probe

# ---- the suite --------------------------------------------------------

read_suite

# The placeholders' files (lib/fixtures.sh), before the lines are
# checked: a case checks that the files its options name are there.  The
# data files are made anew for every pass: the pages a file happens to
# get are part of the luck of a pass, which the passes must show.
lm_fixture_paths "$lm_troot" "$lm_vroot"
if ! { lm_make_fixtures && ln -s "$lm_bin" "$lm_troot/bin"; }; then
	die "cannot make the fixtures in $lm_troot and $lm_vroot"
fi

check_suite
select_runs
[ -z "$lm_judge" ] || [ -n "$lm_jdir" ] || judge_select
# Under -J a missing or refusing case program is the commit's: skip it.
[ -z "$lm_judge" ] || lm_badrc=125
check_selected
[ -z "$lm_judge" ] || lm_badrc=128
# -J DIR without -o: the session's files in the fast root.
[ -z "$lm_jdir" ] || [ -n "$lm_out" ] || lm_out=$lm_state/session
[ -z "$lm_nvar" ] || { setup_variants; pairs_minpass; }
if [ -n "$lm_dry" ]; then
	dry_run
	[ -z "$lm_nvar" ] ||
	    echo "each run once per variant: $lm_nvar times that ($lm_nvar variants)"
	exit 0
fi
if [ -n "$lm_checkonly" ]; then
	trust_check
	say "$prog: $lm_nsel runs checked: ready to run"
	exit 0
fi
lm_nv=${lm_nvar:-1}
lm_total=$((lm_nsel * lm_passes * lm_nv))

# ---- the runs ---------------------------------------------------------

if [ -n "$lm_nvar" ]; then
	# The header is written once, then copied into each variant's file.
	exec 3>"$lm_state/head"
elif [ -n "$lm_out" ]; then
	# A failed redirection on exec would end the shell with no word of ours.
	(true >"$lm_out") 2>/dev/null || bad "cannot write $lm_out"
	exec 3>"$lm_out"
elif [ -n "$lm_judge" ]; then
	# Judged, and not kept: stdout has the judgement.
	exec 3>"$lm_state/this-run"
else
	exec 3>&1
fi
trust_check
lm_writing=1
tick
lm_start=$lm_cs
start_runner
lm_elf=$(elf_info "$lm_bin/nop")
header_libmicro
header_system
header_run
[ -z "$lm_judge" ] || judge_headers
header_warnings
[ -z "$lm_nvar" ] || variant_headers

lm_nfail=0
lm_nerr=0
lm_nunsup=0
lm_pass=0
lm_spent=
tick
lm_run0=$lm_cs
lm_passhdr=
{ true >"$lm_state/log" && true >"$lm_state/figures"; } ||
    die "cannot write in $lm_troot"

# Progress, unless -q: on a terminal one status line, redrawn before
# each run (pass, runs done of all, elapsed, time left at the rate so
# far, the run starting), with a failed run's line above it; otherwise
# one plain line per run done.  The shell alone writes them.
lm_tty=
[ -n "$lm_quiet" ] || ! [ -t 2 ] || lm_tty=1
lm_cols=${COLUMNS:-80}
is_uint "$lm_cols" && [ "$lm_cols" -ge 20 ] || lm_cols=80
lm_cols=$((lm_cols - 1))
lm_cr=$(printf '\r\033[K')

while [ "$lm_pass" -lt "$lm_passes" ]; do
	lm_pass=$((lm_pass + 1))
	if [ "$lm_pass" -gt 1 ]; then
		lm_make_data ||
		    die "cannot make the data files in $lm_troot and $lm_vroot"
	fi
	plan
	[ "$lm_npass" -gt 0 ] || break
	# With -w, a run left out of a pass is never planned again, so
	# later passes hold at most this one's runs.
	lm_rest=$lm_nsel
	[ -z "$lm_target$lm_judge" ] || [ "$lm_pass" -le "$lm_minpass" ] ||
	    lm_rest=$lm_npass
	lm_total=$((lm_done + (lm_npass + (lm_passes - lm_pass) * lm_rest) *
	    lm_nv))
	run_pass
	[ -z "$lm_spent" ] || break
	[ -z "$lm_judge" ] || judge_pass || break
done
profile_passes

tick
secs $((lm_cs - lm_start))
lm_secs=$lm_s
progress_end
hdr Load_avg_end "$(loadavg)"
memory_returned
# Unsupported runs (the system lacks the call or feature) are neither.
lm_unsup=
[ "$lm_nunsup" -eq 0 ] || lm_unsup=", $lm_nunsup unsupported"
hdr Runs "$lm_done ($lm_nfail failed, $lm_nerr with errors$lm_unsup)"
hdr Elapsed "$lm_secs s"
[ -z "$lm_budget" ] || hdr Budget_spent "${lm_spent:-no}"
lm_writing=
exec 3>&-
[ -z "$lm_nvar" ] || variant_foot
stop_children

lm_sum="$lm_done runs, $lm_nfail failed, $lm_nerr with errors$lm_unsup"
lm_sum="$lm_sum, $lm_secs s"
if [ -n "$lm_judge" ]; then
	say "$prog: $lm_sum"
	judge_end
fi
if [ $((lm_nfail + lm_nerr)) -gt 0 ]; then
	printf '%s: %s\n' "$prog" "$lm_sum" >&2
	exit 1
fi
say "$prog: $lm_sum"
exit 0
