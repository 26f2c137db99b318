#!/bin/sh
# Random argument vectors (tests/fuzz/options.awk; LM_SEED, default
# 8210, and LM_FUZZ, default 600) to nop, getpid, memset, read, pipe and
# malloc built with ASan and UBSan: each run exits 0 with output, 1 with
# a message, or 2 with one line on stderr naming the case; never a
# crash (a signal, a sanitizer report) or a hang; and TMPDIR stays
# empty.
# shellcheck disable=SC1091 # lib.sh and san.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/fuzz/san.sh"

LC_ALL=C
export LC_ALL
SEED=${LM_SEED:-8210}
COUNT=${LM_FUZZ:-600}
san=-fsanitize=address,undefined
fbin=$BIN
targets=
for c in nop getpid memset read pipe malloc; do
	targets="$targets $LM_SCRATCH/bin-asan/$c"
done
# shellcheck disable=SC2086 # targets is a list of paths
if san_usable "$san" && make -s -C "$LM_TOP" -j2 BIN="$LM_SCRATCH/bin-asan" \
    CC="${CC:-cc}" CFLAGS="$SAN_CFLAGS $san" LDFLAGS="$san" $targets \
    >make.out 2>&1; then
	fbin=$LM_SCRATCH/bin-asan
	san_asan_env
	echo "# the cases are built with $san"
else
	echo "# no sanitizer build ($(tail -n 1 make.out 2>/dev/null ||
	    head -n 1 san_probe.err)): the plain build is fuzzed"
fi

mkdir tmp
export TMPDIR="$LM_SCRATCH/tmp"
dd if=/dev/zero of=data bs=64k count=16 2>/dev/null
us=$(printf '\037')
t0=$(date +%s)
awk -v n="$COUNT" -v seed="$SEED" -v file="$LM_SCRATCH/data" \
    -f "$LM_TOP/tests/fuzz/rand.awk" -f "$LM_TOP/tests/fuzz/options.awk" >vectors
i=0
while IFS= read -r v; do
	i=$((i + 1))
	set -f
	oifs=$IFS
	IFS=$us
	# shellcheck disable=SC2086 # split at byte 037 only
	set -- $v
	IFS=$oifs
	set +f
	c=$1
	shift
	timeout -k 2 20 "$fbin/$c" "$@" >"out.$i" 2>"err.$i" </dev/null
	echo "$i $? $c"
done <vectors >results
t1=$(date +%s)

# Judge every run; one line per bad one.
awk -v re="$SAN_REPORT" '
function slurp(path, a,    n, l) {
	n = 0
	while ((getline l < path) > 0)
		a[++n] = l
	close(path)
	return n
}
{
	i = $1; rc = $2; c = $3; why = ""
	split("", o); split("", e)
	no = slurp("out." i, o)
	ne = slurp("err." i, e)
	for (j = 1; j <= ne; j++)
		if (e[j] ~ re)
			why = "sanitizer: " e[j]
	if (why != "")
		;
	else if (rc == 124 || rc == 137)
		why = "hang"
	else if (rc >= 128)
		why = "killed by signal " (rc - 128)
	else if (rc == 2 && (ne != 1 || index(e[1], c ": ") != 1))
		why = "exit 2 but " ne " lines on stderr: " e[1]
	else if (rc == 1 && ne < 1)
		why = "exit 1 without a message"
	else if (rc == 0 && no < 1)
		why = "exit 0 without output"
	else if (rc != 0 && rc != 1 && rc != 2)
		why = "exit " rc
	n[rc + 0]++
	if (why != "") {
		bad++
		printf "BAD %d (exit %d): %s\n", i, rc, substr(why, 1, 200)
	}
}
END {
	printf "%d runs: %d exit 0, %d exit 1, %d exit 2, %d bad\n", NR,
	    n[0], n[1], n[2], bad
}' results >verdict
tail -n 1 verdict | sed 's/^/# /'
what="a result, a message or one usage line; no crash, no hang"
nv=$(wc -l <results | tr -d ' ')
check "$nv option vectors, seed $SEED ($((t1 - t0)) s): $what" \
    sh -c '! grep -q "^BAD" verdict'
grep '^BAD' verdict | head -10 | while read -r bad n why; do
	echo "$bad $n $why"
	sed -n "${n}p" vectors | tr '\037' ' '
	head -n 3 "err.$n"
done | diag
check "the runs leave nothing in TMPDIR" test -z "$(ls -A tmp)"
done_testing
