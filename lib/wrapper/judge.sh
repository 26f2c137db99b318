# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# judge.sh - the judgement (-J REF), sourced by wrapper.sh: the runs
# REF holds, run with the options REF was run with, then judged against
# it by multiview -J (lib/mv/judge.awk, the comparison's own rule) after
# every pass from the -p-th on, while the answer is still "cannot
# tell", up to -r passes; only the runs not yet settled run again.  The
# exit status is multiview's: 0 good, 1 bad, 125 cannot tell; 128 for
# bad usage or a failure of the wrapper's own (lm_badrc, lm_dierc), as
# git bisect run stops at a status above 127 rather than take it for a
# bad commit.

# judge_options: -J's REF read for what makes two runs comparable: its
# common options (with -K's events apart), its mode (-Q) and, unless -r
# is given, its passes.  Usage errors name REF.
judge_options() {
	[ -n "$lm_judge" ] || {
		[ -z "$lm_jthr$lm_jup" ] || bad "-j and -u go with -J REF (try -h)"
		return 0
	}
	if [ -d "$lm_judge" ]; then
		judge_dir
		return 0
	fi
	[ -z "$lm_base$lm_extra$lm_quick$lm_events$lm_target$lm_vraw" ] ||
	    bad "-J runs with the options of REF: no -O, -a, -Q, -K, -w or -V"
	if [ ! -f "$lm_judge" ] || [ ! -r "$lm_judge" ]; then
		bad "-J: cannot read the result file $lm_judge"
	fi
	[ "$lm_out" != "$lm_judge" ] || bad "-J: -o would overwrite REF"
	# Four lines: the options less -K's, the events, the mode, the passes.
	lm_jh=$(awk '
	function val(s) { sub(/^![^:]*:[ \t]*/, "", s); return s }
	/^!Options:/ && !o++ { opts = val($0) }
	/^!Counters:/ && !c++ { ev = val($0) }
	/^!Mode:/ && !m++ { mode = val($0) }
	/^!Passes:/ && !p++ { passes = val($0) }
	END {
		n = split(opts, w, " ")
		s = ""
		for (j = 1; j <= n; j++)
			if (w[j] == "-K" && ev != "")
				j++
			else
				s = s (s == "" ? "" : " ") w[j]
		printf "%s\n%s\n%s\n%s\n", o ? s : "-", ev, mode, passes
	}' "$lm_judge") || bad "-J: cannot read the result file $lm_judge"
	{ read -r lm_jo; read -r lm_je; read -r lm_jm; read -r lm_jp; } <<EOF
$lm_jh
EOF
	[ "$lm_jo" != - ] ||
	    bad "-J: $lm_judge has no !Options line (not made by wrapper.sh)"
	# A blank -O stands for no options, not for the default ones.
	lm_base=${lm_jo:- }
	lm_events=$lm_je
	case $lm_jm in quick*) lm_quick=1 ;; esac
	if [ -z "$lm_passes" ] && is_uint "$lm_jp" && [ "$lm_jp" -ge 1 ]; then
		lm_passes=$lm_jp
	fi
	lm_jthr=${lm_jthr:-3}
	lm_mv=$here/multiview.sh
	[ -f "$lm_mv" ] || lm_mv=$here/libmicro-multiview
	[ -r "$lm_mv" ] || bad "-J: cannot find multiview beside $prog in $here"
}

# judge_dir: -J DIR, a directory of reference case programs: a session
# of two variants, ref (DIR) and cur (-b, added once -b is known), with
# this wrapper's own options; judged pair by pair.
judge_dir() {
	[ -z "$lm_vraw$lm_target" ] ||
	    bad "-J DIR makes its own two variants: no -V or -w"
	lm_jdir=$(cd "$lm_judge" 2>/dev/null && pwd) ||
	    bad "-J: cannot enter the directory $lm_judge"
	lm_judge=$lm_jdir
	lm_vraw="ref=$lm_jdir$nl"
	lm_jthr=${lm_jthr:-3}
	lm_mv=$here/multiview.sh
	[ -f "$lm_mv" ] || lm_mv=$here/libmicro-multiview
	[ -r "$lm_mv" ] || bad "-J: cannot find multiview beside $prog in $here"
}

# judge_select: the selected runs (-n, -x, substrings) narrowed to those
# REF holds with a clean pass; none is a usage error.  The runs the
# selection (-n, -x, substrings) kept that REF lacks, or with none, the
# runs of REF that this suite lacks, are said on stderr.
judge_select() {
	awk "$(cat "$lm_lib/result.awk")"'
	/^[!#]/ { next }
	{
		n = split($0, f)
		if (rl_check(f, n) == "" && f[RL_ERRORS] == "0" &&
		    f[RL_USECS] + 0 > 0 && !seen[f[RL_NAME]]++)
			print f[RL_NAME]
	}' "$lm_judge" >"$lm_state/refrows" ||
	    die "cannot write in $lm_troot"
	[ -s "$lm_state/refrows" ] ||
	    bad "-J: $lm_judge holds no clean result line"
	awk -v out="$lm_state/judged" -v miss="$lm_state/refmiss" '
	FILENAME == ARGV[1] { ref[$1] = 1; next }
	FILENAME == ARGV[2] { insuite[$1] = 1; next }
	$1 in ref { print >out; next }
	{ nout++ }
	END {
		printf "" >out
		for (b in ref)
			if (!(b in insuite))
				print b >miss
		print nout + 0
	}' "$lm_state/refrows" "$lm_state/runs" "$lm_state/selected" \
	    >"$lm_state/count" || die "cannot write in $lm_troot"
	read -r lm_jout <"$lm_state/count"
	lm_n=$(wc -l <"$lm_state/judged" | tr -d ' ')
	[ "$lm_n" -gt 0 ] ||
	    bad "-J: $lm_judge holds none of the $lm_nsel runs selected"
	[ "$lm_jout" -eq 0 ] || [ -z "$lm_pats$lm_excl$lm_subs" ] ||
	    say "$prog: -J: $lm_jout of the runs selected are not in $lm_judge"
	if [ -s "$lm_state/refmiss" ] && [ -z "$lm_pats$lm_excl$lm_subs" ]; then
		say "$prog: -J: $(wc -l <"$lm_state/refmiss" | tr -d ' ') runs of" \
		    "$lm_judge are not in $lm_suite: $(sort "$lm_state/refmiss" |
		    head -n 5 | tr '\n' ' ')"
	fi
	mv "$lm_state/judged" "$lm_state/selected" ||
	    die "cannot write in $lm_troot"
	lm_nsel=$lm_n
}

# judge_headers: how the file was judged, for its header.
judge_headers() {
	lm_jway=slower
	[ -z "$lm_jup" ] || lm_jway=faster
	hdr Judged_against "$lm_judge: bad when a run is $lm_jway by more than $lm_jthr%"
	hdr Adaptive_passes "after $lm_minpass passes, only the runs the judgement against $lm_judge has not settled"
}

# judge: multiview -J on REF and the result file so far, its report in
# $lm_state/judge.out and its messages in judge.err; the status in
# lm_jrc.  A file not kept (no -o) is named "this-run" in the report.
judge() {
	if [ -n "$lm_jdir" ]; then
		(cd "$(dirname "$lm_out")" && exec sh "$lm_mv" -J \
		    ${lm_jup:+-u} -p "$lm_jthr" -- "${lm_out##*/}.ref" \
		    "${lm_out##*/}.cur")
	elif [ -n "$lm_out" ]; then
		sh "$lm_mv" -J ${lm_jup:+-u} -p "$lm_jthr" -- "$lm_judge" \
		    "$lm_out"
	else
		lm_d=$(absdir "$(dirname "$lm_judge")") ||
		    die "-J: cannot find $lm_judge"
		(cd "$lm_state" && exec sh "$lm_mv" -J ${lm_jup:+-u} \
		    -p "$lm_jthr" -- "$lm_d/${lm_judge##*/}" this-run)
	fi >"$lm_state/judge.out" 2>"$lm_state/judge.err"
	lm_jrc=$?
	case $lm_jrc in
	0 | 1 | 125) ;;
	*) die "-J: multiview failed ($lm_jrc): $(head -n 1 \
	    "$lm_state/judge.err")" ;;
	esac
}

# judge_pass: after a pass, from the -p-th on, the judgement of the file
# so far; returns 1 once it is settled (good, bad, or nothing left that
# more passes could decide), else leaves in $lm_state/selected only the
# runs it found unclear.
judge_pass() {
	[ "$lm_pass" -ge "$lm_minpass" ] || [ "$lm_pass" -ge "$lm_passes" ] ||
	    return 0
	judge
	say "$prog: after pass $lm_pass: $(tail -n 1 "$lm_state/judge.out")"
	[ "$lm_jrc" -eq 125 ] || return 1
	{
		awk 'FILENAME == ARGV[1] { if ($1 == "unclear") keep[$2] = 1
		    next } $1 in keep' "$lm_state/judge.out" \
		    "$lm_state/selected" >"$lm_state/judged" &&
		    mv "$lm_state/judged" "$lm_state/selected"
	} || die "cannot write in $lm_troot"
	[ -s "$lm_state/selected" ] || return 1
}

# judge_end: the judgement of the whole file, its report on stdout, its
# status the wrapper's.
judge_end() {
	judge
	cat "$lm_state/judge.err" >&2
	cat "$lm_state/judge.out" || die "cannot write the judgement"
	exit "$lm_jrc"
}
