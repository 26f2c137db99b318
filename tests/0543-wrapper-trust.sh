#!/bin/sh
# Before the first run the wrapper says on stderr what makes the machine
# unfit to measure on, with what to do, and records it as !Warn_KEY
# header lines; healthy readings say nothing.  /proc and /sys are faked
# under LM_SYSROOT.
# shellcheck disable=SC1091 # lib.sh is found at run time
# shellcheck disable=SC2086 # $base is an option vector, split on purpose
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin troot vroot
cp "$BIN/nop" bin/
printf 'nop -N nop\nnop -N nop_t2 -T 2\n' >suite
base="-b bin -s suite -t troot -d vroot -Q"

# fake DIR LOAD UPTIME GOVERNOR BOOST SMT SWAPFREE PROFILE ONLINE THROTTLE
# EPP: a /proc and /sys for two CPUs.
fake() {
	r=$1
	c=$r/sys/devices/system/cpu
	mkdir -p "$r/proc" "$c/cpufreq" "$c/smt" "$r/sys/firmware/acpi" \
	    "$r/sys/class/power_supply/AC"
	echo "$2 0.50 0.40 1/123 4567" >"$r/proc/loadavg"
	echo "$3 100.00" >"$r/proc/uptime"
	printf 'MemTotal: 8000000 kB\nSwapTotal: 2097152 kB\nSwapFree: %s kB\n' \
	    "$7" >"$r/proc/meminfo"
	for i in 0 1; do
		mkdir -p "$c/cpu$i/cpufreq" "$c/cpu$i/thermal_throttle"
		echo "$4" >"$c/cpu$i/cpufreq/scaling_governor"
		echo "${11}" >"$c/cpu$i/cpufreq/energy_performance_preference"
		echo "${10}" >"$c/cpu$i/thermal_throttle/core_throttle_count"
	done
	echo "$5" >"$c/cpufreq/boost"
	echo "$6" >"$c/smt/active"
	echo "$8" >"$r/sys/firmware/acpi/platform_profile"
	echo Mains >"$r/sys/class/power_supply/AC/type"
	echo "$9" >"$r/sys/class/power_supply/AC/online"
}

fake good 0.02 86400.5 performance 0 0 2097152 performance 1 0 performance
fake bad 1.65 45.2 powersave 1 1 1048576 low-power 0 3 power

# A healthy machine: not a word, not a !Warn line.
LM_SYSROOT=$LM_SCRATCH/good sh "$W" $base -o res 2>err
rc=$?
check "healthy: exit $rc, result written" result_ok nop res
check "healthy: no warning on stderr" sh -c '! grep -q warning "$1"' sh err
check "healthy: no !Warn_ line" sh -c '! grep -q "^!Warn_" "$1"' sh res
# SMT on is healthy too when no run has -P or -T above 1.
cp -R good smt
echo 1 >smt/sys/devices/system/cpu/smt/active
LM_SYSROOT=$LM_SCRATCH/smt sh "$W" $base -n nop -o res 2>err
check "SMT on, one thread per run: nothing said" \
    sh -c '! grep -q warning "$1"' sh err
LM_SYSROOT=$LM_SCRATCH/smt sh "$W" $base -n nop_t2 -o res 2>err
check "SMT on, a -T 2 run: said" \
    grep -q '^wrapper.sh: warning: SMT is on and 1 selected runs' err
LM_SYSROOT=$LM_SCRATCH/smt sh "$W" $base -n nop -a '-P 3' -o res 2>err
check "SMT on, -P 3 in the common options: said" \
    grep -q '^wrapper.sh: warning: SMT is on and 1 selected runs' err

# An unfit one: every warning, before the first run, with its advice.
LM_SYSROOT=$LM_SCRATCH/bad sh "$W" $base -o res 2>err
rc=$?
check "unfit: the run still runs (exit $rc)" result_ok nop res
while IFS='|' read -r key text; do
	if grep -q "^wrapper.sh: warning: .*$text" err; then
		ok "warns: $key: $(grep "$text" err | cut -c1-70)..."
	else
		not_ok "no $key warning"
		diag <err
	fi
	if grep -q "^!Warn_$key: .*$text" res; then
		ok "!Warn_$key in the header"
	else
		not_ok "no !Warn_$key in the header"
	fi
done <<'EOF'
load|load average 1.65 over the last minute.*top shows
uptime|up for only 45 s.*wait until 5 minutes
governor|governor powersave on 2 of 2 CPUs.*frequency-set -g performance
boost|turbo boost is on.*echo 0 > /sys/devices/system/cpu/cpufreq/boost
SMT|SMT is on and 1 selected runs.*smt/control
swap|1048576 kB of swap in use.*swapoff -a
profile|platform profile low-power.*echo performance
battery|on battery (AC is offline).*plug in
thermal|throttled for heat 6 times.*cool
power|energy-performance preference power on 2 of 2 CPUs.*performance
uptime|up for only 45 s.*wait until 5 minutes
governor|governor powersave on 2 of 2 CPUs.*frequency-set -g performance
boost|turbo boost is on.*echo 0 > /sys/devices/system/cpu/cpufreq/boost
SMT|SMT is on and 1 selected runs.*smt/control
swap|1048576 kB of swap in use.*swapoff -a
profile|platform profile low-power.*echo performance
battery|on battery (AC is offline).*plug in
thermal|throttled for heat 6 times.*cool
power|energy-performance preference power on 2 of 2 CPUs.*performance
EOF
check "ten warnings, each one line" test "$(grep -c warning err)" -eq 10
check "the header says them before the first run" awk '
    /^!Warn_/ { w = NR } /^nop / { r = NR } END { exit !(w && r && w < r) }' res
check "warnings come before the first progress line" awk '
    /warning:/ { w = NR } /^\[1\// && !p { p = NR }
    END { exit !(w && p && w < p) }' err

LM_SYSROOT=$LM_SCRATCH/bad sh "$W" $base -q -o res 2>err
check "-q: no warning on stderr" test ! -s err
check "-q: the warnings still in the header" \
    test "$(grep -c '^!Warn_' res)" -eq 10

# intel_pstate says turbo in its own way; -c checks without running.
rm bad/sys/devices/system/cpu/cpufreq/boost
mkdir bad/sys/devices/system/cpu/intel_pstate
echo 0 >bad/sys/devices/system/cpu/intel_pstate/no_turbo
LM_SYSROOT=$LM_SCRATCH/bad sh "$W" $base -c 2>err
check "-c warns too (exit $?)" grep -q 'warning: load average' err
check "intel_pstate turbo: echo 1 > .../intel_pstate/no_turbo" \
    grep -q 'turbo boost is on.*echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo' err
# Address randomization: off in the kernel, or off for the wrapper
# (setarch -R sets ADDR_NO_RANDOMIZE, 0x0040000, in its personality).
aslr() {
	rm -rf aslr
	cp -R good aslr
	mkdir -p aslr/proc/sys/kernel aslr/proc/self
	echo "$1" >aslr/proc/sys/kernel/randomize_va_space
	echo "$2" >aslr/proc/self/personality
	LM_SYSROOT=$LM_SCRATCH/aslr sh "$W" $base -c 2>err
	grep -c 'warning: .*address' err
}
check "ASLR 2, personality 0: nothing said" test "$(aslr 2 00000000)" -eq 0
check "ASLR 1: nothing said" test "$(aslr 1 00000000)" -eq 0
check "ASLR 0: said, with what to do" test "$(aslr 0 00000000)" -eq 1
check "... the sysctl that turns it on" \
    grep -q 'randomization is off (kernel.randomize_va_space is 0).*sysctl -w kernel.randomize_va_space=2' err
check "setarch -R (00040000): said" test "$(aslr 2 00040000)" -eq 1
check "... run it without -R" grep -q '(setarch -R).*run it without -R$' err
check "personality 0000000d (no 0x0040000): nothing said" \
    test "$(aslr 2 0000000d)" -eq 0
check "personality 0004000f: said" test "$(aslr 2 0004000f)" -eq 1
if command -v setarch >/dev/null 2>&1 &&
    setarch -R true 2>/dev/null; then
	setarch -R sh "$W" $base -c 2>err
	check "under a real setarch -R: said" \
	    grep -q 'warning: .*(setarch -R)\|warning: address space randomization is off' err
else
	skip "no setarch -R here"
fi

# Unreadable or absent: nothing is guessed.
LM_SYSROOT=$LM_SCRATCH/nonexistent sh "$W" $base -c 2>err
check "nothing readable: nothing said" test "$(cat err)" = \
    "wrapper.sh: 2 runs checked: ready to run"
done_testing
