# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # the wrapper's variables
# SPDX-License-Identifier: MIT
# trust.sh - is the machine fit to measure on?  Sourced by wrapper.sh.
# What will make this run hard to compare with another is said on stderr
# before the first run, with what to do, and kept for the header as
# Warn_KEY lines; nothing here changes the machine.  LM_SYSROOT (for the
# tests only) is a directory read in place of / for /proc and /sys.
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

# multi_runs: how many selected runs use -P or -T above 1, as the engine
# settled them (common options and the line's own).
multi_runs() {
	awk '$4 == "ok" && ($7 > 1 || $8 > 1) { n++ } END { print n + 0 }' \
	    "$lm_state/selected"
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
	trust_pairs
	trust_counters
	trust_profile
	trust_load
	trust_cpufreq
	trust_power
	trust_smt
	trust_aslr
}

# A session of variants with adaptive passes stops a run at -p pairs at
# the least: fewer than multiview needs (lm_pneed, variant.sh) leave a
# run that stopped early no way to be told from noise.
trust_pairs() {
	[ -n "$lm_nvar" ] && [ -n "$lm_target" ] &&
	    [ "$lm_minpass" -lt "$lm_pneed" ] || return 0
	lm_pmin=$(awk -v n="$lm_minpass" 'BEGIN { printf "%.2g", 2 / 2 ^ n }')
	warn pairs "-V with -w: a run may stop at $lm_minpass pairs, whose" \
	    "signed-rank p-value is at least $lm_pmin; multiview needs" \
	    "$lm_pneed pairs to tell a change from noise across $lm_nsel" \
	    "runs: give -p $lm_pneed and -r at least that"
}

# Counting, with -K only: lm_events is the list, empty without -K or
# with -K none.
lm_kcounted=
lm_kuser=
lm_kmissing=

# counters_probe: one tiny run of the do-nothing case says which events
# can be counted here (lm_kcounted, lm_kuser) and which cannot and why
# (lm_kmissing, "event: reason" a line); a list the engine refuses is a
# usage error.
counters_probe() {
	[ -n "$lm_events" ] || return 0
	lm_kout=$("$lm_bin/nop" -K "$lm_events" -B 1 -C 1 -D 0 -H 2>&1)
	lm_krc=$?
	case $lm_krc in
	0) ;;
	2) bad "-K: $(printf '%s\n' "$lm_kout" | sed -n 's/^[^:]*: -K: //p;q')" ;;
	*) die "cannot run $lm_bin/nop -K $lm_events" ;;
	esac
	counters_read
}

# counters_read: the probe's counter lines, read into lm_kcounted,
# lm_kuser and lm_kmissing.
counters_read() {
	lm_kcounted=$(printf '%s\n' "$lm_kout" | awk '
	    $1 == "#" && $2 == "counter" && $4 != "unavailable" {
		s = s (s == "" ? "" : ",") $3 } END { print s }')
	lm_kuser=$(printf '%s\n' "$lm_kout" | awk '
	    $1 == "#" && $2 == "counter" && $NF == "user-mode-only" {
		s = s (s == "" ? "" : ",") $3 } END { print s }')
	lm_kmissing=$(printf '%s\n' "$lm_kout" | awk '
	    $1 == "#" && $2 == "counter" && $4 == "unavailable" {
		why = substr($0, index($0, " unavailable ") + 13)
		# Two steps: mawk makes evs[why] before it reads the right side.
		if (!(why in evs)) {
			order[++n] = why
			s = ""
		} else
			s = evs[why] ", "
		evs[why] = s $3
	    }
	    END { for (i = 1; i <= n; i++) print evs[order[i]] ": " order[i] }')
}

# counters_missing: lm_kmissing on one line, or none.
counters_missing() {
	printf '%s\n' "$lm_kmissing" | awk '{ s = s (NR > 1 ? "; " : "") $0 }
	    END { print (s == "" ? "none" : s) }'
}

# What -K will not count, said before the first run.
trust_counters() {
	[ -n "$lm_events" ] || return 0
	[ -z "$lm_kmissing" ] ||
	    warn counters "-K: not counted: $(counters_missing)"
	[ -z "$lm_kuser" ] ||
	    warn counters_user "-K: $lm_kuser counted in user mode only:" \
	    "perf_event_paranoid is $(sysval /proc/sys/kernel/perf_event_paranoid);" \
	    "1 (or CAP_PERFMON) allows kernel-mode counts"
}

# The events asked for, those counted, those missing and why.
header_counters() {
	[ -n "$lm_events" ] || return 0
	hdr Counters "$lm_events"
	hdr Counters_counted "${lm_kcounted:-none}"
	[ -z "$lm_kuser" ] || hdr Counters_user_only "$lm_kuser"
	hdr Counters_missing "$(counters_missing)"
	hdr Perf_event_paranoid "$(sysval /proc/sys/kernel/perf_event_paranoid)"
}

# The warnings, as !Warn_KEY header lines.
header_warnings() {
	printf '%s' "$lm_warns" | while read -r lm_k lm_v; do
		hdr "Warn_$lm_k" "$lm_v"
	done
}
