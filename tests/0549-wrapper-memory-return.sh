#!/bin/sh
# The header records how the host takes back memory the guest frees
# (free page reporting: its block size, and what it handed back during
# the run where the kernel counts it); past 256 MiB during the run the
# wrapper warns, on stderr and as !Warn_memory_return.  /sys is faked
# under LM_SYSROOT; a case that stands for a run freeing memory bumps
# the fake counter.
# shellcheck disable=SC1091 # lib.sh is found at run time
# shellcheck disable=SC2016 # sh -c programs in single quotes
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
p=$LM_SCRATCH/root/sys/module/page_reporting/parameters
mkdir -p bin "$p" none
echo 9 >"$p/page_reporting_order"
echo 1000 >"$p/reported_kib"
# A nop that hands back STEP KiB each time it starts.
cat >bin/nop <<EOS
#!/bin/sh
echo \$((\$(cat "$p/reported_kib") + \${STEP:-0})) >"$p/reported_kib"
exec "$BIN/nop" "\$@"
EOS
chmod +x bin/nop
printf 'nop -N nop\n' >suite
base="-b bin -s suite -Q"

# shellcheck disable=SC2086 # $base is an option vector
LM_SYSROOT=$LM_SCRATCH/none sh "$W" $base -o res0 2>err0
check "no page reporting: the header says none seen" \
    grep -q '^!Memory_return: *none seen (no free page reporting)$' res0
check "no page reporting: no Memory_returned line" \
    sh -c '! grep -q "^!Memory_returned" "$1"' sh res0

# shellcheck disable=SC2086
STEP=0 LM_SYSROOT=$LM_SCRATCH/root sh "$W" $base -o res1 2>err1
check "page reporting: block size and order in the header" \
    grep -q '^!Memory_return: *free page reporting, blocks of 2048 KiB (page_reporting_order 9), 1000 KiB handed back since boot$' res1
check "nothing handed back: 0 MiB, no warning" \
    grep -q '^!Memory_returned: *0 MiB handed back to the host during the run$' res1
check "nothing handed back: no !Warn_memory_return" \
    sh -c '! grep -q "^!Warn_memory_return" "$1"' sh res1
check "nothing handed back: no warning on stderr" \
    sh -c '! grep -q "warning: the host took back" "$1"' sh err1

# Each start of the case hands back 400000 KiB: the check before the
# header once, then the run.
echo 1000 >"$p/reported_kib"
# shellcheck disable=SC2086
STEP=400000 LM_SYSROOT=$LM_SCRATCH/root sh "$W" $base -o res2 2>err2
check "a run that hands back 390 MiB: the footer says so" \
    grep -q '^!Memory_returned: *390 MiB handed back to the host during the run$' res2
check "390 MiB: warned on stderr, with what it means" \
    grep -q '^wrapper.sh: warning: the host took back 390 MiB that runs freed, in blocks, during the run: .*low window' err2
check "390 MiB: !Warn_memory_return in the file" \
    grep -q '^!Warn_memory_return: *the host took back 390 MiB' res2
check "the result is still written" result_ok nop res2
done_testing
