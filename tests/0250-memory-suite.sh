#!/bin/sh
# Every run of the memory section of cases/suite (mappings, memory, allocator) prints one
# well-formed result line with no errors, and the pure-memory work is
# really done: the time grows with the size and never rounds to nothing.
. "$LM_TOP/tests/lib.sh"

fixtures || { not_ok "fixtures"; exit 1; }
check_suite "$(suite_part memory)"

# usecs/call of one run, started with quick options.
usecs() {
	run_line "$1" </dev/null
	awk -v n="$lm_name" '$1 == n { print $4 }' out
}

# The optimiser must not delete the work: a call costs at least 0.5 ns,
# and 1000 times the bytes costs at least 50 times the time.  Each pair
# compared below is two processes, so each margin is wide: 1m costs 600 to
# 4000 times 1k here, 4k uncached 15 to 50 times cached, a load over 64m
# 100 to 250 times one over 16k.
for c in memset memcpy memmove; do
	small=$(usecs "$c -N ${c}_1k -s 1k")
	big=$(usecs "$c -N ${c}_1m -s 1m")
	tiny=$(usecs "$c -N ${c}_10 -s 10")
	check "$c: 1m ($big us) costs over 50x 1k ($small us)" \
	    awk -v a="$small" -v b="$big" \
	    'BEGIN { exit !(a > 0 && b > 50 * a) }'
	check "$c: 10 bytes ($tiny us) is not optimised away" \
	    awk -v a="$tiny" 'BEGIN { exit !(a >= 0.0005) }'
done
uc=$(usecs "memset -N uc -s 4k -u")
c4=$(usecs "memset -N c4 -s 4k")
check "memset -u walks cold memory: 4k uncached ($uc us) > cached ($c4 us)" \
    awk -v a="$c4" -v b="$uc" 'BEGIN { exit !(b > a) }'
# A broken or short chain would stay in the cache as the small one does.
r1=$(usecs "memrand -N r16k -s 16k")
r2=$(usecs "memrand -N r64m -s 64m")
check "memrand: a load over 64m ($r2 us) costs more than over 16k ($r1 us)" \
    awk -v a="$r1" -v b="$r2" 'BEGIN { exit !(a >= 0.0002 && b > 2 * a) }'

# cachetocache says plainly whether two CPUs took part.
run_line "cachetocache -N cachetocache -T 2" </dev/null
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ "$ncpu" -ge 2 ]; then
	check "cachetocache: two workers pinned to two CPUs" \
	    grep -q '^cachetocache .* 2 workers pinned to 2 CPUs$' out
else
	check "cachetocache: one CPU is called out" \
	    grep -q '^cachetocache .*SINGLE CPU' out
fi
if command -v taskset >/dev/null 2>&1; then
	set -f
	# shellcheck disable=SC2086 # QUICK is a list of options
	taskset -c 0 "$BIN/cachetocache" $QUICK -N c2c1 >out 2>err
	set +f
	check "cachetocache on one CPU (taskset): a result line" \
	    result_ok c2c1 out
	check "cachetocache on one CPU (taskset): says SINGLE CPU" \
	    grep -q '^c2c1 .*SINGLE CPU' out
else
	skip "taskset is not installed"
fi
done_testing
