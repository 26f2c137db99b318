# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# host.sh - the result file's header, sourced by wrapper.sh: libMicro's
# own lines, the facts of the machine that decide whether two files are
# comparable, and how the file was made.

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
	hdr Memory_return "$(memory_return)"
	lm_rep0=$(returned_kib)
}

# Free page reporting: the guest hands the memory it frees back to its
# host in blocks of 2^order pages, and the host must back them again
# when the guest takes them up.  "none seen" where the kernel has no
# such module.
memory_return() {
	lm_o=$(first_line "${LM_SYSROOT-}/sys/module/page_reporting/parameters/page_reporting_order")
	if ! is_uint "$lm_o"; then
		echo "none seen (no free page reporting)"
		return
	fi
	lm_r=$(returned_kib)
	printf 'free page reporting, blocks of %s KiB (page_reporting_order %s)%s\n' \
	    "$((4 << lm_o))" "$lm_o" "${lm_r:+, $lm_r KiB handed back since boot}"
}

# The KiB handed back to the host since boot, where the kernel counts
# them (reported_kib), else nothing.
returned_kib() {
	lm_k=$(first_line "${LM_SYSROOT-}/sys/module/page_reporting/parameters/reported_kib")
	! is_uint "$lm_k" || echo "$lm_k"
}

# The Memory_returned footer and, past 256 MiB, the warning:
# the runs after one that freed that much ran while the host backed its
# memory again.
memory_returned() {
	lm_rep1=$(returned_kib)
	[ -n "$lm_rep0" ] && [ -n "$lm_rep1" ] || return 0
	lm_mib=$(((lm_rep1 - lm_rep0) / 1024))
	hdr Memory_returned "$lm_mib MiB handed back to the host during the run"
	[ "$lm_mib" -gt 256 ] || return 0
	lm_w="the host took back $lm_mib MiB that runs freed, in blocks,"
	lm_w="$lm_w during the run: for seconds after such a run the next"
	lm_w="$lm_w ones are slower while the host backs that memory again;"
	lm_w="$lm_w multiview's low window (-F) leaves such passes out, and"
	lm_w="$lm_w two files compare best when both show it"
	say "$prog: warning: $lm_w"
	hdr Warn_memory_return "$lm_w"
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
	selection
	hdr Selection "${lm_sel:-all}"
	hdr Passes "$lm_passes"
	header_counters
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
