# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# variant.sh - variants (-V NAME=SPEC), sourced by wrapper.sh: every run
# of every pass runs once per variant, back to back, in an order drawn
# per pair (pair.awk), each variant's rows into a result file of its own,
# STEM.NAME.  Two variants differ only by what their SPECs say:
#   DIR        the case programs of DIR instead of -b's
#   env:V=X..  the variables V set to X (blank-separated assignments)
#   cmd:W...   the run started through the command W... (taskset -c 1)
# Every run's argument vector is the same, bin/CASE first; its program
# is started as vNN/CASE, a link in the fast root as long as bin, so the
# file name the kernel copies onto the stack is as long in every
# variant; and each variant's environment is padded (LM_PAD1...) to the
# same number of variables and bytes, since the environment's size
# moves the stack too.
# The variants' names, SPECs, kinds and values are lists, a line each
# (lm_vnames, lm_vspecs, lm_vkinds, lm_vvals); variant N's variables,
# padding included, are $lm_state/venv.N, a line each.

# variant_opt NAME=SPEC: -V, checked for form only; the rest is checked
# by setup_variants, before the first run.
variant_opt() {
	case $1 in
	*=*) ;;
	*) bad "-V wants NAME=SPEC: $1" ;;
	esac
	lm_vn=${1%%=*}
	case $lm_vn in
	'' | *[!A-Za-z0-9_.-]* | .*) bad "-V $1: a variant name is letters," \
	    "digits, '_', '-' and '.', not first" ;;
	esac
	case $nl$lm_vnames in
	*"$nl$lm_vn$nl"*) bad "-V $1: the name $lm_vn is used twice" ;;
	esac
	lm_vnames=$lm_vnames$lm_vn$nl
	lm_nvar=$((${lm_nvar:-0} + 1))
	[ "$lm_nvar" -le 99 ] || bad "-V: at most 99 variants"
	lm_vspecs=$lm_vspecs${1#*=}$nl
}

# nth N LIST: the N-th line of LIST, in lm_gv.
nth() {
	lm_gv=
	lm_j=0
	lm_ifs=$IFS
	IFS=$nl
	set -f
	for lm_gl in $2; do
		lm_j=$((lm_j + 1))
		[ "$lm_j" -eq "$1" ] && { lm_gv=$lm_gl; break; }
	done
	set +f
	IFS=$lm_ifs
}

# variant_kind SPEC: its kind and value into lm_vk, lm_vx; exit 2 when
# it is neither a directory of the selected cases nor a known kind.
variant_kind() {
	case $1 in
	env:*)
		lm_vk='env'
		lm_vx=${1#env:}
		[ -n "$lm_vx" ] || bad "-V $lm_vn=$1: no variable to set"
		set -f
		for lm_w in $lm_vx; do
			case $lm_w in
			[A-Za-z_]*=*) ;;
			*) set +f; bad "-V $lm_vn=$1: not NAME=VALUE: $lm_w" ;;
			esac
			case ${lm_w%%=*} in
			*[!A-Za-z0-9_]* | LM_PAD*) set +f
				bad "-V $lm_vn=$1: not a variable name: ${lm_w%%=*}" ;;
			esac
		done
		set +f ;;
	cmd:*)
		lm_vk=cmd
		lm_vx=${1#cmd:}
		set -f
		# shellcheck disable=SC2086 # a command prefix is blank-separated
		set -- $lm_vx
		set +f
		[ $# -gt 0 ] || bad "-V $lm_vn=cmd: no command"
		command -v "$1" >/dev/null 2>&1 ||
		    bad "-V $lm_vn=cmd:$lm_vx: no command $1" ;;
	*)
		lm_vk=dir
		lm_vx=$(absdir "$1") || {
			case $1 in
			[a-z]*:*) bad "-V $lm_vn=$1: unknown kind ${1%%:*}:" \
			    "(a directory, env: or cmd:)" ;;
			esac
			bad "-V $lm_vn=$1: no such directory"
		}
		lm_w="-V $lm_vn=$1"
		[ -z "$lm_jdir" ] || lm_w="-J $1"
		while read -r lm_n lm_c lm_r; do
			if [ ! -f "$lm_vx/$lm_c" ] || [ ! -x "$lm_vx/$lm_c" ]; then
				bad "$lm_w: not a directory of the cases:" \
				    "no program $lm_c in $lm_vx"
			fi
		done <"$lm_state/selected" ;;
	esac
}

# lm_pneed: the pairs multiview needs to tell a run of a session from
# noise: 6 for a 95% signed-rank interval (its pairs_needed), and
# enough that the least p-value n pairs can give, 2/2^n, is within what
# Benjamini-Hochberg grants a row when a dozen of the lm_nsel rows
# changed, 0.05 x 12 / lm_nsel (10 pairs for 300 runs).  With -w and no
# -p, a run may stop after that many passes (at most -r).
pairs_minpass() {
	lm_pneed=$(awk -v m="$lm_nsel" 'BEGIN {
		for (n = 6; n < 60 && 2 / 2 ^ n > 0.6 / m; n++)
			;
		print n
	}')
	[ -z "$lm_minpass" ] || return 0
	lm_minpass=$lm_pneed
	[ "$lm_minpass" -le "$lm_passes" ] || lm_minpass=$lm_passes
}

# setup_variants: each SPEC checked, its link vNN in the fast root, its
# environment with the padding, and its file, all before the first run.
setup_variants() {
	[ "$lm_nvar" -ge 2 ] || bad "-V: two variants or more, not one"
	[ -n "$lm_out" ] || bad "-V: -o STEM names the files, STEM.NAME"
	lm_vi=1
	: >"$lm_state/venv" || die "cannot write in $lm_troot"
	while [ "$lm_vi" -le "$lm_nvar" ]; do
		nth "$lm_vi" "$lm_vnames"
		lm_vn=$lm_gv
		nth "$lm_vi" "$lm_vspecs"
		variant_kind "$lm_gv"
		lm_vkinds=$lm_vkinds$lm_vk$nl
		lm_vvals=$lm_vvals$lm_vx$nl
		lm_vl=$(printf 'v%02d' "$lm_vi")
		lm_vd=$lm_bin
		[ "$lm_vk" != dir ] || lm_vd=$lm_vx
		ln -s "$lm_vd" "$lm_troot/$lm_vl" ||
		    die "cannot make $lm_troot/$lm_vl"
		lm_w=
		[ "$lm_vk" != env ] || lm_w=$lm_vx
		printf '%s %s\n' "$lm_vi" "$lm_w" >>"$lm_state/venv"
		[ -n "$lm_dry$lm_checkonly" ] ||
		    (true >"$lm_out.$lm_vn") 2>/dev/null ||
		    bad "cannot write $lm_out.$lm_vn"
		lm_vi=$((lm_vi + 1))
	done
	# Each variant's variables and padding, one a line, in venv.N.
	awk -v dir="$lm_state" '
	{
		v[++n] = $1
		c[n] = b[n] = 0
		for (j = 2; j <= NF; j++) {
			nm = substr($j, 1, index($j, "=") - 1)
			set[n, ++ns[n]] = $j
			if (nm in ENVIRON)
				b[n] += length($j) - length(nm "=" ENVIRON[nm])
			else {
				b[n] += length($j) + 1
				c[n]++
			}
		}
		if (c[n] > C) C = c[n]
		if (n == 1 || b[n] > B) B = b[n]
	}
	END {
		for (i = 1; i <= n; i++) {
			f = dir "/venv." v[i]
			for (j = 1; j <= ns[i]; j++)
				print set[i, j] >f
			k = C - c[i] + 1
			x = B - b[i] + 9 * (C + 1) + 16 - 9 * k
			s = ""
			while (length(s) < x)
				s = s "x"
			print "LM_PAD1=" s >f
			for (j = 2; j <= k; j++)
				print "LM_PAD" j "=" >f
			close(f)
		}
		printf "%d variables, %d bytes\n", C + 1, B + 9 * (C + 1) + 16
	}' "$lm_state/venv" >"$lm_state/vpad" || die "cannot write in $lm_troot"
	read -r lm_vpad <"$lm_state/vpad"
	# The session: the machine, the wrapper's start, its pid.
	lm_session="$(uname -n 2>/dev/null)-$(date +%Y%m%dT%H%M%S)-$$"
	lm_vseed=${lm_seed:-$(( ($(date +%s) + $$ * 7) % 1000000000 ))}
}

# ---- the runs ---------------------------------------------------------

# run_pair K ORDER NAME CASE ARGS...: run K of the pass, once per
# variant, in ORDER (variant numbers, comma-separated; a trailing +: the
# batch is not settled yet, so the first variant sizes it with --batch,
# nothing timed, and every variant gets it as -B; if that fails, the
# first to run sizes it and the others get it).  Each variant's outcome
# goes to its log, log.N, as run_one's does, with a "P PASS.K POS ORDER"
# line: the pairing key.
run_pair() {
	lm_k=$1
	lm_order=$2
	lm_name=$3
	lm_case=$4
	shift 4
	lm_rargs=
	for lm_a0 in "$@"; do
		lm_subst "$lm_a0"
		lm_rargs=$lm_rargs$lm_a$nl
	done
	lm_share=
	case $lm_order in *+) lm_share=1; lm_order=${lm_order%+} ;; esac
	lm_pb=
	lm_sizing=
	if [ -n "$lm_share" ]; then
		lm_sizing=1
		lm_vi=1
		run_variant
		lm_sizing=
	fi
	lm_pos=0
	lm_rest=$lm_order,
	while [ -n "$lm_rest" ]; do
		lm_vi=${lm_rest%%,*}
		lm_rest=${lm_rest#*,}
		lm_pos=$((lm_pos + 1))
		run_variant
	done
	[ $((lm_k % 32)) -ne 0 ] || flush || die "cannot write the results"
}

# run_variant: run lm_k of the pass in variant lm_vi; with lm_sizing,
# only settle its batch (--batch) into lm_pb.
run_variant() {
	lm_ifs=$IFS
	set -f
	# shellcheck disable=SC2086 # the common options are blank-separated
	set -- "bin/$lm_case" $lm_opts
	[ -z "$lm_sizing" ] || set -- "$1" --batch "$@"
	[ -z "$lm_pb" ] || set -- "$@" -B "$lm_pb"
	IFS=$nl
	# shellcheck disable=SC2086 # the arguments are a line each
	set -- "$@" $lm_rargs
	IFS=$lm_ifs
	set +f
	lm_vl=v$lm_vi
	[ "$lm_vi" -ge 10 ] || lm_vl=v0$lm_vi
	lm_sprog=$lm_vl/$lm_case
	nth "$lm_vi" "$lm_vkinds"
	if [ "$lm_gv" = cmd ]; then
		nth "$lm_vi" "$lm_vvals"
		set -f
		# shellcheck disable=SC2086 # a command prefix is blank-separated
		set -- $lm_gv "$@"
		set +f
		lm_sprog=$1
	fi
	lm_senv=
	while IFS= read -r lm_l; do
		lm_senv=$lm_senv$lm_l$nl
	done <"$lm_state/venv.$lm_vi"
	lm_why=
	lm_kv=$lm_k.$lm_vi
	[ -z "$lm_sizing" ] || lm_kv=$lm_k.size
	spawn "$lm_state/$lm_kv.out" "$lm_state/$lm_kv.err" "$@"
	lm_sprog=
	lm_senv=
	if [ -n "$lm_sizing" ]; then
		[ "$lm_rc" -ne 0 ] || { read -r lm_w1 <"$lm_state/$lm_kv.out"
		    is_uint "$lm_w1" && [ "$lm_w1" -gt 0 ] && lm_pb=$lm_w1; }
		rm -f "$lm_state/$lm_kv.out" "$lm_state/$lm_kv.err"
		return 0
	fi
	[ "$lm_rc" -eq 0 ] || why "$lm_rc"
	lm_done=$((lm_done + 1))
	{
		printf 'R %s %d %d %s\n' "$lm_kv" "$lm_dt" "$lm_done" \
		    "$lm_name" &&
		    printf 'P %d.%d %d %s\n' "$lm_pass" "$lm_k" "$lm_pos" \
		    "$lm_order" &&
		    { [ -z "$lm_why" ] || printf 'W %s\n' "$lm_why"; } &&
		    printf 'A' && printf ' %s' "$@" && printf '\n'
	} >>"$lm_state/log.$lm_vi" || die "cannot write in $lm_troot"
	if [ -n "$lm_why" ]; then
		lm_nfail=$((lm_nfail + 1))
	elif [ -n "$lm_share" ] && [ -z "$lm_pb" ]; then
		while read -r lm_w1 lm_w2 lm_w3 lm_w4 lm_w5 lm_w6 lm_w7 lm_wr
		do
			[ "$lm_w1" = "$lm_name" ] && is_uint "$lm_w7" &&
			    [ "$lm_w7" -gt 0 ] && { lm_pb=$lm_w7; break; }
		done <"$lm_state/$lm_kv.out"
	fi
	nth "$lm_vi" "$lm_vnames"
	lm_n0=$lm_name
	lm_name=$lm_n0@$lm_gv
	progress_run
	lm_name=$lm_n0
}

# flush_variants: flush for each variant, its log into its file; the
# figures of the first variant settle the batch, and with the
# others' figures.N give each pair's ratio for -w.
flush_variants() {
	[ -z "$lm_flushing" ] || return 0
	lm_flushing=1
	if [ "$lm_phpass" != "$lm_pass" ]; then
		lm_passhdrs=
		lm_phpass=$lm_pass
	fi
	lm_vi=1
	while [ "$lm_vi" -le "$lm_nvar" ]; do
		lm_f=$lm_state/log.$lm_vi
		if [ -s "$lm_f" ]; then
			nth "$lm_vi" "$lm_vnames"
			lm_figs=$lm_state/figures
			[ "$lm_vi" -eq 1 ] || lm_figs=$lm_figs.$lm_vi
			lm_ph=
			case $lm_passhdrs in *" $lm_vi "*) lm_ph=1 ;; esac
			awk -v dir="$lm_state" -v pass="$lm_pass" \
			    -v passes="$lm_passes" -v hdr="$lm_ph" \
			    -v figs="$lm_figs" -f "$lm_lib/result.awk" \
			    -f "$lm_wlib/flush.awk" "$lm_f" \
			    >>"$lm_out.$lm_gv" || return 1
			lm_passhdrs="$lm_passhdrs $lm_vi "
			true >"$lm_f"
			read -r lm_f lm_e lm_u <"$lm_state/tally" || return 1
			lm_nfail=$((lm_nfail + lm_f))
			lm_nerr=$((lm_nerr + lm_e))
			lm_nunsup=$((lm_nunsup + lm_u))
			[ ! -s "$lm_state/late" ] || progress_late
		fi
		lm_vi=$((lm_vi + 1))
	done
	lm_flushing=
}
lm_phpass=
lm_passhdrs=

# ---- the files --------------------------------------------------------

# variant_headers: the header written so far ($lm_state/head) into each
# variant's file, with its own Bin_dir and Case_linkage, and the lines
# that name the session, the variant and how runs are paired; later
# header lines go to $lm_state/foot, for variant_foot.
variant_headers() {
	lm_vi=1
	while [ "$lm_vi" -le "$lm_nvar" ]; do
		nth "$lm_vi" "$lm_vnames"
		lm_vn=$lm_gv
		exec 3>"$lm_out.$lm_vn"
		grep -v -e '^!Bin_dir:' -e '^!Case_linkage:' \
		    "$lm_state/head" >&3
		nth "$lm_vi" "$lm_vkinds"
		lm_vk=$lm_gv
		nth "$lm_vi" "$lm_vvals"
		lm_vd=$lm_bin
		[ "$lm_vk" != dir ] || lm_vd=$lm_gv
		hdr Bin_dir "$lm_vd"
		lm_ve=$lm_vd/nop
		[ -f "$lm_ve" ] ||
		    lm_ve=$lm_vd/$(awk '{ print $2; exit }' "$lm_state/selected")
		hdr Case_linkage "$(linkage "$(elf_info "$lm_ve")")"
		hdr Session "$lm_session"
		hdr Variant "$lm_vn ($lm_vi of $lm_nvar)"
		nth "$lm_vi" "$lm_vspecs"
		hdr Variant_spec "$lm_gv"
		hdr Variants "$(printf '%s' "$lm_vnames" | tr '\n' ' ')"
		hdr Pairing "each run's rows follow a '# pair: PASS.K POS ORDER' line; the runs of one PASS.K in the session's files ran back to back, this one POS-th, the variants in ORDER"
		hdr Pair_order_seed "$lm_vseed"
		hdr Env_pad "$lm_vpad in every variant (LM_PAD1...)"
		hdr Batch_pairs "every variant of a run gets the same batch as -B, sized once by the first variant (--batch, nothing timed)"
		lm_vi=$((lm_vi + 1))
	done
	exec 3>"$lm_state/foot"
}

# variant_foot: the closing header lines into each variant's file (a
# signal that came while the headers were written has had them written
# whole first: on_signal).
variant_foot() {
	lm_vi=1
	while [ "$lm_vi" -le "$lm_nvar" ]; do
		nth "$lm_vi" "$lm_vnames"
		cat "$lm_state/foot" >>"$lm_out.$lm_gv" ||
		    die "cannot write $lm_out.$lm_gv"
		lm_vi=$((lm_vi + 1))
	done
}
