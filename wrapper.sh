#!/bin/sh
# SPDX-License-Identifier: MIT
# wrapper.sh: run a libmicro suite into one result file (doc/format.md),
# headed by the facts that decide whether two such files are comparable.
# Suite lines are split into words and never evaluated by the shell.

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
  -h, -?    this help
A substring operand selects the runs whose name or case contains it;
options come before the substrings.
Before the first run, every selected line is checked with its case's
--check-lines (options, -f files), every case program must exist, and
what makes the machine unfit to measure on is said as a warning on
stderr and in the header (!Warn_KEY lines), with what to do about it.
Suite lines: CASE [args...]; the run is named by -N NAME (default CASE).
Whole-word placeholders: $TFILE $VFILE $IFILE $TDIR1 $TDIR2 $VDIR1
$VDIR2 $TROOT $VROOT.
Exit status: 0 every run gave a clean result; 1 a run failed or reported
errors; 2 bad usage or a bad suite; the signal's status when interrupted.
EOF
}

bad() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
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

lm_argv="$prog $*"
for lm_a in "$@"; do
	case $lm_a in --help) usage; exit 0 ;; esac
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
while getopts ':a:b:cd:e:hl:m:n:No:O:p:qQr:s:t:w:x:z:' opt; do
	case $opt in
	[bdemnopstwx]) optval "$opt" "$OPTARG" ;;
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
	h) usage; exit 0 ;;
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
lm_minpass=${lm_minpass:-3}
if [ -n "$lm_target" ] && [ "$lm_minpass" -gt "$lm_passes" ]; then
	bad "-p $lm_minpass is more than the $lm_passes passes of -r"
fi
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

# ---- where things are -------------------------------------------------

here=$(cd "$(dirname "$0")" && pwd) || bad "cannot find my own directory"
# The suite's placeholders: lib/fixtures.sh, or share/libmicro/ installed.
lm_lib=$here/lib
[ -f "$lm_lib/fixtures.sh" ] || lm_lib=$here/../share/libmicro
[ -r "$lm_lib/fixtures.sh" ] || bad "cannot read $lm_lib/fixtures.sh"
# shellcheck source=lib/fixtures.sh
. "$lm_lib/fixtures.sh"
# The result line's columns (lib/result.awk), put before the programs
# that read or write one.
[ -r "$lm_lib/result.awk" ] || bad "cannot read $lm_lib/result.awk"
lm_rlawk=$(cat "$lm_lib/result.awk") || bad "cannot read $lm_lib/result.awk"
absdir() { (cd "$1" 2>/dev/null && pwd); }

if [ -z "$lm_bin" ]; then
	lm_bin=$here/bin
	[ -d "$lm_bin" ] || lm_bin=$here/../lib/libmicro/bin
fi
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

# Stop the run, put the finished runs and a note in the result file,
# clean up, then leave by the same signal.
# shellcheck disable=SC2317 # called from traps
on_signal() {
	trap '' INT TERM HUP PIPE
	stop_children
	if [ -n "$lm_writing" ]; then
		progress_end
		flush 2>/dev/null
		printf '!Interrupted: SIG%s after %d of %d runs\n' \
		    "$1" "$lm_done" "$lm_total" >&3 2>/dev/null
	fi
	cleanup
	trap - EXIT "$1"
	kill -s "$1" "$$"
	exit $((128 + $2))
}

trap cleanup EXIT
trap 'on_signal INT 2' INT
trap 'on_signal TERM 15' TERM
trap 'on_signal HUP 1' HUP
trap 'on_signal PIPE 13' PIPE

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
sweep

lm_troot=$(mktemp -d "$lm_tparent/libmicro.XXXXXX") ||
    die "cannot make a directory in $lm_tparent"
lm_vroot=$(mktemp -d "$lm_vparent/libmicro.XXXXXX") ||
    die "cannot make a directory in $lm_vparent"
lm_state=$lm_troot/.wrapper
mkdir "$lm_state" || die "cannot make $lm_state"
printf '%s %s %s %s\n' "$$" "${lm_boot:-unknown}" "${lm_pidns:-unknown}" \
    "$lm_vroot" >"$lm_state/owner" ||
    die "cannot write $lm_state/owner"

# ---- the suite --------------------------------------------------------

# Each run as one line: NAME CASE ARGS...  Errors are one line, exit 2.
# The shell writes the file, so a full fast root is named as the cause.
lm_runs=$(awk -v prog="$prog" -v file="$lm_suite" -v lines="$lm_state/lines" \
    -v names="$LM_PLACEHOLDERS" '
BEGIN {
	n = split(names, w)
	for (i = 1; i <= n; i++)
		known["$" w[i]] = 1
}
function fail(msg) {
	printf "%s: %s:%d: %s\n", prog, file, NR, msg | "cat 1>&2"
	bad = 1
	exit 2
}
{
	sub(/^[ \t]+/, "")
	if ($0 == "" || substr($0, 1, 1) == "#")
		next
	for (i = 1; i <= NF; i++)
		if (substr($i, 1, 1) == "#") {
			NF = i - 1
			break
		}
	if ($1 !~ /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/)
		fail("bad case name: " $1)
	name = $1
	for (i = 2; i <= NF; i++) {
		if ($i ~ /["\047`\\]/)
			fail("quotes and backslashes are not interpreted: " $i)
		if ($i ~ /\$/ && !($i in known))
			fail("unknown placeholder (whole words only): " $i)
		if ($i == "-N") {
			if (i == NF)
				fail("-N without a name")
			name = $(i + 1)
		}
	}
	if (seen[name]++)
		printf "%s: %s:%d: warning: run %s appears twice\n", prog,
		    file, NR, name | "cat 1>&2"
	line = name
	for (i = 1; i <= NF; i++)
		line = line " " $i
	print line
	print NR, line > lines
}
END { if (bad) exit 2 }' "$lm_suite") || exit 2
{ [ -z "$lm_runs" ] || printf '%s\n' "$lm_runs"; } 2>/dev/null \
    >"$lm_state/runs" || die "cannot write in $lm_troot"

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

while read -r lm_n lm_c lm_r; do
	if [ -n "$lm_pats$lm_subs" ]; then
		match_any "$lm_n" "$lm_pats" ||
		    contains_any "$lm_n" "$lm_c" "$lm_subs" || continue
	fi
	match_any "$lm_n" "$lm_excl" && continue
	printf '%s %s %s\n' "$lm_n" "$lm_c" "$lm_r"
done <"$lm_state/runs" >"$lm_state/selected"
lm_nsel=$(wc -l <"$lm_state/selected" | tr -d ' ')
[ "$lm_nsel" -gt 0 ] || bad "no run in $lm_suite matches the selection"

# estimate: the expected seconds of one pass of each selected run into
# $lm_state/estimate, "NAME SECS FROM": from the -e file, the mean of its
# passes' "run wall time" lines (or, in a file without them, the timed
# phase and batch sizing, plus 10 ms to start); for a run it does not
# hold, the -D of its options (default 10 ms) and 20 ms to start and
# size, which is a lower bound.
estimate() {
	awk -v opts=" $lm_opts " -v est="$lm_est" '
	function dur(s,    n, w, i, d) {
		n = split(s, w)
		for (i = 1; i <= n; i++)
			if (w[i] == "-D" && i < n)
				d = w[++i]
			else if (w[i] ~ /^-D[0-9]/)
				d = substr(w[i], 3)
		return d
	}
	BEGIN {
		while (est != "" && (getline l <est) > 0) {
			n = split(l, w)
			if (n >= 7 && w[1] !~ /^[#!]/ &&
			    w[4] ~ /^[0-9]+\.[0-9]+$/) {
				name = w[1]
				el[name] = ""
				continue
			}
			if (name == "" || w[1] != "#")
				continue
			if (l ~ /^# +run wall time \(s\) /) {
				wall[name] += w[n]; nw[name]++
			} else if (l ~ /^# +elapsed time /) {
				el[name] = w[n]
			} else if (l ~ /^# +batch sizing \(ms\) / &&
			    el[name] != "") {
				alt[name] += el[name] + w[n] / 1000 + 0.01
				na[name]++
			}
		}
		d0 = dur(opts)
		if (d0 == "")
			d0 = 10
	}
	{
		if ($1 in nw) {
			print $1, wall[$1] / nw[$1], "file"
		} else if ($1 in na) {
			print $1, alt[$1] / na[$1], "file"
		} else {
			$2 = ""
			d = dur($0)
			print $1, (d == "" ? d0 : d) / 1000 + 0.02, "options"
		}
	}' "$lm_state/selected" >"$lm_state/estimate" ||
	    die "cannot write in $lm_troot"
}

# dry_run: the selected runs, each with its estimated seconds per pass,
# and the estimated time of the whole, on stdout; nothing is run.
dry_run() {
	estimate
	awk -v passes="$lm_passes" -v est="$lm_est" -v budget="$lm_budget" \
	    -v fewest="${lm_target:+$lm_minpass}" '
	FILENAME != ARGV[ARGC - 1] { e[$1] = $2; from[$1] = $3; next }
	{
		t += e[$1]; n++
		if (from[$1] == "options") low++
		printf "%-16s %8.2f s  %s\n", $1, e[$1], substr($0, length($1) + 2)
	}
	# s seconds of runs, cut to the budget (the first pass always runs)
	function capped(s) {
		return budget != "" && s > t && s > budget + 0 ? \
		    (t > budget + 0 ? t : budget + 0) : s
	}
	END {
		if (fewest != "")
			printf "%d runs x %d to %d passes (adaptive) = %d to %d" \
			    " runs, about %.1f to %.1f s", n, fewest, passes,
			    n * fewest, n * passes, capped(t * fewest),
			    capped(t * passes)
		else
			printf "%d runs x %d passes = %d runs, about %.1f s", n,
			    passes, n * passes, capped(t * passes)
		if (budget != "" && t * passes > budget + 0)
			printf ", cut by the %d s budget", budget
		if (low == n)
			printf " (at least: from -D and start-up only)\n"
		else if (low > 0)
			printf " (from %s; %d runs not in it, at least -D)\n",
			    est, low
		else
			printf " (from %s)\n", est
	}' "$lm_state/estimate" "$lm_state/selected" ||
	    die "cannot write the run list"
}
if [ -n "$lm_dry" ]; then
	dry_run
	exit 0
fi

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
	    -v pass="$lm_pass" -v minpass="$lm_minpass" -v target="$lm_target" '
	function next_rand() {
		x = (x * 16807) % 2147483647
		return x / 2147483647
	}
	# t quantile (0.975) for df degrees of freedom
	function t975(df,    t) {
		if (df > 10)
			return 1.96 + 2.4 / df
		split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 " \
		    "2.262 2.228", t)
		return t[df] + 0
	}
	# precise(NAME): its passes put its figure (geometric mean) within
	# +/-target% at 95%
	function precise(nm,    m, sd) {
		m = nf[nm]
		if (target == "" || pass <= minpass || m < minpass)
			return 0
		sd = (sq[nm] - sl[nm] * sl[nm] / m) / (m - 1)
		sd = sd > 0 ? sqrt(sd) : 0
		return 100 * (exp(t975(m - 1) * sd / sqrt(m)) - 1) <= target + 0
	}
	function sets_batch(s) {
		return s ~ /[ \t]-[A-Za-z0-9]*B/
	}
	FILENAME == figs {
		if (!($1 in batch) && $4 ~ /^[0-9]+$/ && $4 > 0)
			batch[$1] = $4
		if ($3 + 0 > 0) {
			nf[$1]++; sl[$1] += log($3); sq[$1] += log($3) * log($3)
		}
		next
	}
	precise($1) { next }
	{
		if (!sets_batch(opts) && ($1 in batch) &&
		    !sets_batch(" " $0)) {
			$2 = $2 " -B " batch[$1]
		}
		line[++n] = $0
	}
	END {
		x = seed % 2147483646 + 1
		if ((getline s <rf) > 0)
			x = s + 0
		for (i = 1; i <= n; i++)
			order[i] = i
		if (seed != "")
			for (i = n; i > 1; i--) {
				j = 1 + int(next_rand() * i)
				t = order[i]; order[i] = order[j]; order[j] = t
			}
		for (i = 1; i <= n; i++)
			print line[order[i]]
		printf "%d\n", x >rf
		printf "%d\n", n >cf
	}' "$lm_state/figures" "$lm_state/selected" >"$lm_state/plan" ||
	    die "cannot write in $lm_troot"
	read -r lm_npass <"$lm_state/count" || die "cannot read $lm_state/count"
}
lm_total=$((lm_nsel * lm_passes))

# ---- fixtures ---------------------------------------------------------

# The placeholders' files (lib/fixtures.sh).  The data files are made
# anew for every pass: the pages a file happens to get are part of the
# luck of a pass, which the passes must show.
lm_fixture_paths "$lm_troot" "$lm_vroot"
if ! { lm_make_fixtures && ln -s "$lm_bin" "$lm_troot/bin"; }; then
	die "cannot make the fixtures in $lm_troot and $lm_vroot"
fi

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
# when the time limit stopped it, the wall time in lm_dt.
spawn() {
	lm_o=$1
	lm_e=$2
	shift 2
	if ! printf '%s\n' "$lm_o" "$lm_e" "$@" '' >&4 ||
	    ! read -r lm_rc lm_killed lm_dt <&5; then
		die "the runner $lm_runner stopped"
	fi
	[ "$lm_killed" = 1 ] || lm_killed=
}

# why RC: what an exit status says happened.
why() {
	if [ -n "$lm_killed" ]; then
		lm_why="timed out after $lm_limit s"
	elif [ "$1" -gt 128 ]; then
		lm_sig=$(($1 - 128))
		lm_why="killed by signal $lm_sig (SIG$(kill -l "$lm_sig" 2>/dev/null))"
	else
		case $1 in
		126) lm_why="exit status 126 (could not execute)" ;;
		127) lm_why="exit status 127 (not found)" ;;
		*) lm_why="exit status $1" ;;
		esac
	fi
}

# result_row FILE: the errors field of the first result line for lm_name
# in FILE (name, prc, thr, usecs/call, samples, errors, cnt/samp...), in
# lm_row; empty when there is none.
result_row() {
	lm_row=
	lm_rf=$1
	while IFS= read -r lm_l || [ -n "$lm_l" ]; do
		set -f
		# shellcheck disable=SC2086 # a result line is blank-separated
		set -- $lm_l
		set +f
		if [ "$#" -lt 7 ] || [ "$1" != "$lm_name" ]; then
			continue
		fi
		case $4 in
		*[!0-9.]* | .* | *. | *.*.*) continue ;;
		*.*) lm_row=$6; return ;;
		esac
	done <"$lm_rf"
}

# flush: the finished runs of the pass, from $lm_state/log, into the
# result file, in the order they ran.  The log holds per run "R K CS
# NAME", and for a failure "W WHY" and "A ARGV"; its output and errors are
# in $lm_state/K.out and K.err.  A run's rows are its output and its
# stderr as comments (the -E echo "Running: NAME ... for N seconds" is
# dropped, and so is its prefix where a message cut into it); a failure's
# are its argument line, the FAILED row, the reason, then whatever the
# program said, as comments.  A clean run's output ends with its wall
# time, start to exit, as a "run wall time (s)" line (which -e reads).
# The first clean result line of each run is
# noted in $lm_state/figures: NAME PASS USECS BATCH CS.
flush() {
	[ -s "$lm_state/log" ] && [ -z "$lm_flushing" ] || return 0
	lm_flushing=1
	awk -v dir="$lm_state" -v pass="$lm_pass" -v passes="$lm_passes" \
	    -v hdr="$lm_passhdr" "$lm_rlawk"'
	function comments(f, tag,    l) {
		while ((getline l <f) > 0) {
			if (tag == "stderr" && l ~ /^Running: / &&
			    match(l, /^Running: +[^ ]+/)) {
				l = substr(l, RLENGTH + 1)
				if (l ~ /^ for +[0-9.]+ seconds$/ || l == "")
					continue
			}
			print "# " tag ": " l
		}
		close(f)
	}
	function finish(    f, l, w, n, got) {
		if (k == "")
			return
		f = dir "/" k ".out"
		if (why == "") {
			while ((getline l <f) > 0) {
				print l
				n = split(l, w)
				if (got || w[RL_NAME] != name ||
				    rl_check(w, n) != "")
					continue
				got = 1
				if (w[RL_ERRORS] == 0)
					print name, pass, w[RL_USECS],
					    w[RL_CNT], cs >>figs
			}
			close(f)
			printf "# %22s %13.2f\n", "run wall time (s)", cs / 100
		} else {
			print "#" argv
			print rl_failed(name)
			printf "# FAILED: %s: %s\n", name, why
			comments(f, "stdout")
		}
		comments(dir "/" k ".err", "stderr")
		k = ""
	}
	BEGIN {
		figs = dir "/figures"
		if (hdr == "" && passes > 1)
			printf "# pass %d of %d\n", pass, passes
	}
	$1 == "R" {
		finish()
		k = $2; cs = $3; name = $4; why = ""; argv = ""
		next
	}
	$1 == "W" { why = substr($0, 3); next }
	$1 == "A" { argv = substr($0, 2); next }
	END { finish() }' "$lm_state/log" >&3 || return 1
	lm_passhdr=1
	true >"$lm_state/log"
	lm_flushing=
}
lm_flushing=

# ---- the header -------------------------------------------------------

hdr() {
	lm_v=$(printf '%s\n' "$2" | tr '\t\r' '  ' | awk 'NF {
		$1 = $1; s = s (s == "" ? "" : " ") $0 } END { print s }')
	printf '!%-15s %30s\n' "$1:" "${lm_v:-unknown}" >&3 2>/dev/null ||
	    die "cannot write the results"
}

first_line() { [ -r "$1" ] && head -n 1 "$1" 2>/dev/null; }

# ELF facts of a program, from the runner: "64 dynamic INTERP",
# "64 static", or nothing.
elf_info() { "$lm_runner" --elf "$1" 2>/dev/null; }

linkage() {
	case $1 in
	*dynamic*) echo "dynamic (${1##* })" ;;
	*static*) echo static ;;
	esac
}

sys=/sys/devices/system/cpu

cpu_name() {
	awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null |
	    grep . || LC_ALL=C lscpu 2>/dev/null |
	    awk -F': *' '/^Model name/ { print $2; exit }'
}

cpu_mhz() {
	lm_f=$(first_line "$sys/cpu0/cpufreq/cpuinfo_max_freq")
	if is_uint "$lm_f"; then
		echo "$((lm_f / 1000)) MHz (max)"
	else
		awk -F': *' '/^cpu MHz/ { printf "%.0f MHz\n", $2; exit }' \
		    /proc/cpuinfo 2>/dev/null
	fi
}

governors() {
	cat "$sys"/cpu[0-9]*/cpufreq/scaling_governor 2>/dev/null | sort |
	    uniq -c | awk '{ s = s (s == "" ? "" : ", ") $2 " x" $1 }
	    END { print s }'
}

boost() {
	lm_f=$(first_line "$sys/cpufreq/boost")
	case $lm_f in
	1) echo "on (cpufreq/boost)"; return ;;
	0) echo "off (cpufreq/boost)"; return ;;
	esac
	case $(first_line "$sys/intel_pstate/no_turbo") in
	0) echo "on (intel_pstate)" ;;
	1) echo "off (intel_pstate no_turbo)" ;;
	esac
}

smt() {
	lm_f=$(first_line "$sys/smt/control")
	[ -n "$lm_f" ] && echo "$lm_f, active=$(first_line "$sys/smt/active")"
}

aslr() {
	case $(first_line /proc/sys/kernel/randomize_va_space) in
	0) echo "0 (off)" ;;
	1) echo "1 (stack, mmap, vdso)" ;;
	2) echo "2 (full, with brk)" ;;
	esac
}

thp() {
	lm_e=$(sed -n 's/.*\[\(.*\)\].*/\1/p' \
	    /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
	lm_d=$(sed -n 's/.*\[\(.*\)\].*/\1/p' \
	    /sys/kernel/mm/transparent_hugepage/defrag 2>/dev/null)
	[ -n "$lm_e" ] && echo "enabled=$lm_e defrag=${lm_d:-unknown}"
}

mitigations() {
	for f in "$sys"/vulnerabilities/*; do
		[ -r "$f" ] && first_line "$f"
	done | awk '
	/^Not affected/ { na++; next }
	/^Mitigation/ { m++; next }
	/^Vulnerable/ { v++; next }
	{ o++ }
	END {
		if (NR == 0)
			exit
		printf "%d mitigated, %d vulnerable, %d not affected", m, v, na
		if (o)
			printf ", %d other", o
		print ""
	}'
}

libc() {
	getconf GNU_LIBC_VERSION 2>/dev/null ||
	    ldd --version 2>&1 | awk '/musl/ { m = 1 }
	    m && /^Version/ { print "musl " $2; exit }'
}

bin_sh() {
	lm_p=$(readlink -f /bin/sh 2>/dev/null) || lm_p=
	lm_p=${lm_p:-/bin/sh}
	lm_l=$(linkage "$(elf_info "$lm_p")")
	echo "/bin/sh -> $lm_p, ${lm_l:-unknown}"
}

loadavg() {
	awk '{ print $1, $2, $3 }' /proc/loadavg 2>/dev/null ||
	    uptime 2>/dev/null | sed -n 's/.*load averages*: *//p'
}

fs_type() {
	lm_t=$(stat -f -c %T "$1" 2>/dev/null) || lm_t=unknown
	echo "$1 ($lm_t)"
}

buildinfo() {
	[ -r "$lm_bin/.buildinfo" ] || return 0
	sed -n "s/^$1=//p" "$lm_bin/.buildinfo" | head -n 1 | grep . ||
	    { grep -q "^$1=" "$lm_bin/.buildinfo" && echo '[none]'; }
}

# The libMicro header lines, and the clock facts from a short nop run.
header_libmicro() {
	lm_res=
	lm_ovh=
	if [ -x "$lm_bin/nop" ]; then
		spawn "$lm_state/out" "$lm_state/err" \
		    bin/nop -S -C 5 -D 1 -X 1000 -N timerres
		lm_res=$(awk '/clock resolution \(ns\)/ { print $NF " nsecs" }' \
		    "$lm_state/out")
		lm_ovh=$(awk '/getnsecs overhead/ { print $NF " nsecs" }' \
		    "$lm_state/out")
	fi
	case $lm_elf in
	64*) lm_long=8 ;;
	32*) lm_long=4 ;;
	*) lm_long=$(getconf LONG_BIT 2>/dev/null) &&
	       lm_long=$((lm_long / 8)) ;;
	esac
	lm_host=$(uname -n 2>/dev/null)
	hdr 'Libmicro_#' "$("$lm_bin/nop" -V 2>/dev/null)"
	hdr Options "$lm_opts"
	hdr Estimator "$lm_fig"
	hdr Machine_name "$lm_host"
	hdr OS_name "$(uname -s)"
	hdr OS_release "$(uname -r)"
	hdr OS_build "$(uname -v)"
	hdr Processor "$(uname -m)"
	hdr '#CPUs' "$(getconf _NPROCESSORS_ONLN 2>/dev/null ||
	    grep -c '^processor' /proc/cpuinfo 2>/dev/null)"
	hdr CPU_MHz "$(cpu_mhz)"
	hdr CPU_NAME "$(cpu_name)"
	hdr IP_address "$(getent hosts "$lm_host" 2>/dev/null |
	    awk '{ print $1; exit }')"
	hdr Run_by "${LOGNAME:-${USER:-$(id -un 2>/dev/null)}}"
	hdr Date "$(date '+%Y-%m-%d %H:%M:%S %Z')"
	hdr Compiler "$(buildinfo CC)"
	hdr 'Compiler Ver.' "$(buildinfo CC_VERSION)"
	hdr 'sizeof(long)' "$lm_long"
	hdr extra_CFLAGS "$(buildinfo CFLAGS)"
	hdr TimerRes "$lm_res"
	hdr Clock_overhead "$lm_ovh"
}

# What else decides whether two Linux runs are comparable.
header_system() {
	hdr Clocksource "$(first_line \
	    /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	hdr Kernel_cmdline "$(first_line /proc/cmdline)"
	hdr CPU_governor "$(governors)"
	hdr CPU_boost "$(boost)"
	hdr SMT "$(smt)"
	hdr ASLR "$(aslr)"
	hdr THP "$(thp)"
	hdr Mitigations "$(mitigations)"
	for f in "$sys"/vulnerabilities/*; do
		[ -r "$f" ] && hdr "Vuln_${f##*/}" "$(first_line "$f")"
	done
	hdr 'Libc Ver.' "$(libc)"
	hdr Bin_sh "$(bin_sh)"
	hdr Case_linkage "$(linkage "$lm_elf")"
	# mktime and localtime_r read the zone: unset TZ means /etc/localtime
	hdr TZ "${TZ:-unset, $(readlink /etc/localtime 2>/dev/null || echo /etc/localtime)}"
	hdr Memory "$(awk '/^MemTotal:/ { printf "%d MiB\n", $2 / 1024 }' \
	    /proc/meminfo 2>/dev/null)"
	hdr Load_avg_start "$(loadavg)"
}

# How this file was made.
header_run() {
	if [ -n "$lm_quick" ]; then
		hdr Mode "quick - NOT comparable with a normal run"
	else
		hdr Mode normal
	fi
	hdr Command "$lm_argv"
	hdr Bin_dir "$lm_bin"
	hdr Suite "$lm_suite ($lm_nsel of $(wc -l <"$lm_state/runs") runs)"
	lm_sel="$(printf '%s' "$lm_pats" | sed 's/^/-n /')$nl$(
	    printf '%s' "$lm_excl" | sed 's/^/-x /')$nl$lm_subs"
	case $lm_sel in *[!"$nl"]*) ;; *) lm_sel=all ;; esac
	hdr Selection "$lm_sel"
	hdr Passes "$lm_passes"
	[ -z "$lm_budget" ] ||
	    hdr Budget "$lm_budget s: after the first pass, no run starts once it is spent"
	if [ -n "$lm_target" ]; then
		hdr Adaptive_passes "after $lm_minpass passes, only the runs whose figure is not yet within +/-$lm_target% (95%) of its passes' geometric mean"
	fi
	hdr Shuffle_seed "${lm_seed:-none}"
	hdr Batch_reuse "a run's first clean cnt/samp is its -B in later passes, unless -B is set"
	if [ "$lm_limit" -gt 0 ]; then
		hdr Time_limit "$lm_limit s per run"
	else
		hdr Time_limit none
	fi
	hdr Runner "lmspawn (posix_spawn, no fork of the shell per run)"
	hdr Fast_root "$(fs_type "$lm_tparent")"
	hdr Disk_root "$(fs_type "$lm_vparent")"
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

# ---- is the machine fit to measure on? -------------------------------

# What will make this run hard to compare with another is said on stderr
# before the first run, with what to do, and kept for the header as
# !Warn_KEY lines; nothing here changes the machine.  LM_SYSROOT (for
# the tests only) is a directory read in place of / for /proc and /sys.
lm_root=${LM_SYSROOT-}
lm_csys=$lm_root/sys/devices/system/cpu
lm_warns=

# warn KEY MESSAGE... (on stderr unless -q)
warn() {
	lm_wk=$1
	shift
	say "$prog: warning: $*"
	lm_warns="$lm_warns$lm_wk $*$nl"
}

# sysval FILE: its first line, or nothing.
sysval() { first_line "$lm_root$1"; }

# multi_runs: how many selected runs use -P or -T above 1, counting the
# common options, which a line's own options override.
multi_runs() {
	awk -v common="$lm_opts" '
	function scan(s,    n, w, i, k) {
		n = split(s, w)
		for (i = 1; i <= n; i++) {
			if ((w[i] == "-P" || w[i] == "-T") && i < n) {
				k = substr(w[i], 2)
				v[k] = w[++i] + 0
			} else if (w[i] ~ /^-[PT][0-9]/)
				v[substr(w[i], 2, 1)] = substr(w[i], 3) + 0
		}
	}
	{
		v["P"] = v["T"] = 1
		scan(common)
		$1 = $2 = ""
		scan($0)
		if (v["P"] > 1 || v["T"] > 1)
			n++
	}
	END { print n + 0 }' "$lm_state/selected"
}

trust_load() {
	lm_l=$(awk '{ print $1; exit }' "$lm_root/proc/loadavg" 2>/dev/null)
	awk -v l="$lm_l" 'BEGIN { exit !(l ~ /^[0-9.]+$/ && l + 0 > 0.10) }' &&
	    warn load "load average $lm_l over the last minute, more than a" \
	    "tenth of a CPU: other work competes with the runs; stop it," \
	    "or wait for the load to fall below 0.10 (top shows what runs)"
	lm_u=$(awk '{ printf "%d\n", $1; exit }' "$lm_root/proc/uptime" \
	    2>/dev/null)
	if is_uint "$lm_u" && [ "$lm_u" -lt 300 ]; then
		warn uptime "up for only $lm_u s: boot-time work (services," \
		    "caches filling) disturbs the runs; wait until 5 minutes" \
		    "after boot"
	fi
	lm_s=$(awk '/^SwapTotal:/ { t = $2 } /^SwapFree:/ { f = $2 }
	    END { if (t - f > 0) print t - f }' "$lm_root/proc/meminfo" \
	    2>/dev/null)
	[ -z "$lm_s" ] ||
	    warn swap "$lm_s kB of swap in use: pages a run touches may" \
	    "have to come back from disk; free memory, or empty the swap" \
	    "(swapoff -a && swapon -a)"
}

trust_cpufreq() {
	lm_g=$(awk '$1 != "performance" { n[$1]++ } END {
		for (g in n) s = s (s == "" ? "" : ", ") g " on " n[g]
		if (s != "") print s " of " NR " CPUs" }' \
	    "$lm_csys"/cpu[0-9]*/cpufreq/scaling_governor 2>/dev/null)
	[ -z "$lm_g" ] ||
	    warn governor "CPU governor $lm_g, not performance: the clock" \
	    "speed follows the load; cpupower frequency-set -g performance" \
	    "(or write performance to" \
	    "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)"
	if [ "$(sysval /sys/devices/system/cpu/cpufreq/boost)" = 1 ]; then
		lm_b="echo 0 > /sys/devices/system/cpu/cpufreq/boost"
	elif [ "$(sysval /sys/devices/system/cpu/intel_pstate/no_turbo)" = 0 ]
	then
		lm_b="echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo"
	else
		lm_b=
	fi
	[ -z "$lm_b" ] ||
	    warn boost "turbo boost is on: the clock speed depends on the" \
	    "temperature and on how many cores are busy; turn it off: $lm_b"
	lm_e=$(awk '$1 == "power" || $1 == "balance_power" { n[$1]++ } END {
		for (e in n) s = s (s == "" ? "" : ", ") e " on " n[e]
		if (s != "") print s " of " NR " CPUs" }' \
	    "$lm_csys"/cpu[0-9]*/cpufreq/energy_performance_preference \
	    2>/dev/null)
	[ -z "$lm_e" ] ||
	    warn power "energy-performance preference $lm_e: the CPUs save" \
	    "power at the cost of speed; write performance to" \
	    "/sys/devices/system/cpu/cpu*/cpufreq/energy_performance_preference"
}

trust_power() {
	lm_p=$(sysval /sys/firmware/acpi/platform_profile)
	case $lm_p in
	low-power | quiet | cool)
		warn profile "platform profile $lm_p: the firmware holds the" \
		    "machine back to save power or noise; echo performance >" \
		    "/sys/firmware/acpi/platform_profile" ;;
	esac
	for lm_d in "$lm_root"/sys/class/power_supply/*; do
		[ "$(first_line "$lm_d/type")" = Mains ] || continue
		[ "$(first_line "$lm_d/online")" = 0 ] || continue
		warn battery "on battery (${lm_d##*/} is offline): laptops" \
		    "slow down on battery; plug in"
		break
	done
	lm_t=$(awk '{ n += $1 } END { if (n > 0) print n }' \
	    "$lm_csys"/cpu[0-9]*/thermal_throttle/core_throttle_count \
	    2>/dev/null)
	[ -z "$lm_t" ] ||
	    warn thermal "the CPUs were throttled for heat $lm_t times since" \
	    "boot: results may move with the temperature; cool the machine," \
	    "or let it rest between runs"
}

trust_smt() {
	lm_a=$(sysval /sys/devices/system/cpu/smt/active)
	if [ -z "$lm_a" ]; then
		lm_a=$(cat "$lm_csys"/cpu[0-9]*/topology/thread_siblings_list \
		    2>/dev/null | awk '/[,-]/ { print 1; exit }')
	fi
	[ "$lm_a" = 1 ] || return 0
	lm_m=$(multi_runs)
	[ "$lm_m" -gt 0 ] &&
	    warn SMT "SMT is on and $lm_m selected runs use several" \
	    "processes or threads (-P, -T): two workers may share a core;" \
	    "echo off > /sys/devices/system/cpu/smt/control (or boot with" \
	    "nosmt)"
}

# Passes are processes, so with address randomization on each gets its
# own memory layout, and a layout's luck shows as spread between passes;
# without it every pass shares one layout and its bias looks like the
# result.  ADDR_NO_RANDOMIZE (setarch -R) is 0x0040000 in personality.
trust_aslr() {
	if [ "$(sysval /proc/sys/kernel/randomize_va_space)" = 0 ]; then
		warn ASLR "address space randomization is off" \
		    "(kernel.randomize_va_space is 0): every pass gets the" \
		    "same memory layout, whose bias then reads as the result;" \
		    "sysctl -w kernel.randomize_va_space=2"
		return 0
	fi
	lm_p=$(sysval /proc/self/personality)
	[ "${#lm_p}" -ge 5 ] || return 0
	lm_p=${lm_p#"${lm_p%?????}"}
	case ${lm_p%????} in
	[4567cdefCDEF])
		warn ASLR "the wrapper runs without address randomization" \
		    "(setarch -R): every pass gets the same memory layout," \
		    "whose bias then reads as the result; run it without -R"
		;;
	esac
}

trust_check() {
	trust_load
	trust_cpufreq
	trust_power
	trust_smt
	trust_aslr
}

# The warnings, as !Warn_KEY header lines.
header_warnings() {
	printf '%s' "$lm_warns" | while read -r lm_k lm_v; do
		hdr "Warn_$lm_k" "$lm_v"
	done
}

# ---- the runs ---------------------------------------------------------

check_runs
if [ -n "$lm_checkonly" ]; then
	trust_check
	say "$prog: $lm_nsel runs checked: ready to run"
	exit 0
fi

if [ -n "$lm_out" ]; then
	# A failed redirection on exec would end the shell with no word of ours.
	(true >"$lm_out") 2>/dev/null || bad "cannot write $lm_out"
	exec 3>"$lm_out"
else
	exec 3>&1
fi
trust_check
lm_writing=1
tick
lm_start=$lm_cs
# The runner, talked to through two fifos: requests on fd 4, replies
# on fd 5.
mkfifo "$lm_state/req" "$lm_state/rep" || die "cannot make fifos in $lm_state"
"$lm_runner" "$lm_troot" "$lm_limit" <"$lm_state/req" \
    >"$lm_state/rep" 2>/dev/null 3>&- &
lm_runner_pid=$!
exec 4>"$lm_state/req" 5<"$lm_state/rep"
if ! read -r lm_ready <&5 || [ "$lm_ready" != ready ]; then
	stop_children
	die "the runner $lm_runner did not start"
fi
lm_elf=$(elf_info "$lm_bin/nop")
header_libmicro
header_system
header_run
header_warnings

lm_nfail=0
lm_nerr=0
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
	lm_pl="pass $lm_pass/$lm_passes  run $((lm_done + 1))/$lm_total  $lm_mm elapsed"
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
	secs "$lm_dt"
	# shellcheck disable=SC2059 # the width of the count is computed
	printf "%s[%${#lm_total}d/%d] %-14s %5s s%s\n" "${lm_tty:+$lm_cr}" \
	    "$lm_done" "$lm_total" "$lm_name" "$lm_s" \
	    "${lm_why:+  FAILED: $lm_why}" >&2
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
		if [ "$lm_rc" -ne 0 ]; then
			why "$lm_rc"
		else
			result_row "$lm_state/$lm_k.out"
			case $lm_row in
			'') lm_why="exit status 0 but no result line for $lm_name" ;;
			*[!0]*) lm_nerr=$((lm_nerr + 1)) ;;
			esac
		fi
	fi
	{
		printf 'R %d %d %s\n' "$lm_k" "$lm_dt" "$lm_name" &&
		    if [ -n "$lm_why" ]; then
			printf 'W %s\nA' "$lm_why" && printf ' %s' "$@" &&
			    printf '\n'
		    fi
	} >>"$lm_state/log" || die "cannot write in $lm_troot"
	[ -z "$lm_why" ] || lm_nfail=$((lm_nfail + 1))
	lm_done=$((lm_done + 1))
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
		progress_next "${lm_line%% *}"
		set -f
		# shellcheck disable=SC2086 # a planned run is blank-separated words
		run_one $((lm_k + 1)) $lm_line
		set +f
	done <"$lm_state/plan"
	flush || die "cannot write the results"
}

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
	[ -z "$lm_target" ] || [ "$lm_pass" -le "$lm_minpass" ] ||
	    lm_rest=$lm_npass
	lm_total=$((lm_done + lm_npass + (lm_passes - lm_pass) * lm_rest))
	run_pass
	[ -z "$lm_spent" ] || break
done

tick
secs $((lm_cs - lm_start))
lm_secs=$lm_s
progress_end
hdr Load_avg_end "$(loadavg)"
hdr Runs "$lm_done ($lm_nfail failed, $lm_nerr with errors)"
hdr Elapsed "$lm_secs s"
[ -z "$lm_budget" ] || hdr Budget_spent "${lm_spent:-no}"
lm_writing=
exec 3>&-
stop_children

lm_sum="$lm_done runs, $lm_nfail failed, $lm_nerr with errors, $lm_secs s"
if [ $((lm_nfail + lm_nerr)) -gt 0 ]; then
	printf '%s: %s\n' "$prog" "$lm_sum" >&2
	exit 1
fi
say "$prog: $lm_sum"
exit 0
