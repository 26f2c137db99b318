#!/bin/sh
# multiview.sh reads standard input for a - operand (named stdin), and a
# pipe (a FIFO, a process substitution's /dev/fd/N) as a path: in every
# format, as the reference or a compared file, joined with +, in a
# series (-T) and as a noise reference (-R), each prints what the same
# bytes in a file print.  A second -, an empty, binary or closed
# standard input, an empty pipe: one line, status 2.  The copies
# multiview makes are gone after every exit, a signal's too.
# shellcheck disable=SC2016 # sh -c and bash -c scripts
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

for f in base.txt debug.txt tuned.txt passes-a.txt passes-b.txt; do
	cp "$MVDATA/$f" . || exit 1
done
# The copies go to a TMPDIR of the test's own, empty after every run.
mkdir tmp
TMPDIR=$PWD/tmp
export TMPDIR
# clean: the TMPDIR is empty (the test fails where it is not).
clean() {
	[ -z "$(ls -A tmp)" ] && return 0
	find tmp ! -name tmp | diag
	rm -rf tmp/* tmp/.[!.]* 2>/dev/null
	return 1
}
# same DESC A B: files A and B hold the same bytes, and so do A.err and
# B.err (what was said on stderr); the TMPDIR is empty.
same() {
	if cmp -s "$2" "$3" && cmp -s "$2.err" "$3.err" && clean; then
		ok "$1"
	else
		not_ok "$1"
		diff "$2" "$3" | head -10 | diag
		diff "$2.err" "$3.err" | head -10 | diag
	fi
}

if command -v bash >/dev/null 2>&1; then
	bash=bash
else
	bash=
	skip "bash is not installed: no process substitution to read"
fi
for a in $MV_AWKS; do
	for f in text html csv json markdown; do
		# The file itself, and under the names multiview shows for
		# standard input and a FIFO.
		mview "$a" -f "$f" base.txt debug.txt >want 2>want.err
		cp debug.txt stdin
		mview "$a" -f "$f" base.txt stdin >want.stdin 2>want.stdin.err
		# shellcheck disable=SC2002 # a pipe on standard input
		cat debug.txt | mview "$a" -f "$f" base.txt - >got 2>got.err
		same "-f $f: - as the compared file ($a)" want.stdin got
		mview "$a" -f "$f" - debug.txt <base.txt >got 2>got.err
		cp base.txt stdin
		mview "$a" -f "$f" stdin debug.txt >want.ref 2>want.ref.err
		same "-f $f: - as the reference, a file redirected ($a)" \
		    want.ref got
		rm -f fifo
		mkfifo fifo
		cat debug.txt >fifo &
		mview "$a" -f "$f" base.txt fifo >got 2>got.err
		wait
		rm fifo
		cp debug.txt fifo
		mview "$a" -f "$f" base.txt fifo >want.fifo 2>want.fifo.err
		rm fifo
		same "-f $f: a FIFO read as a path ($a)" want.fifo got
		[ -n "$bash" ] || continue
		AWK=$a bash -c 'sh "$1" -f "$2" base.txt <(cat debug.txt)' \
		    bash "$MV" "$f" >got.fd 2>got.fd.err
		sed 's|/dev/fd/[0-9][0-9]*|debug.txt|g' got.fd >got
		sed 's|/dev/fd/[0-9][0-9]*|debug.txt|g' got.fd.err >got.err
		same "-f $f: <(cat debug.txt) in bash ($a)" want got
	done
	# Joined with +, in a series, as a noise reference (three of them,
	# so each is read twice).
	cp debug.txt stdin
	mview "$a" base.txt + stdin tuned.txt >want 2>want.err
	mview "$a" base.txt + - tuned.txt <debug.txt >got 2>got.err
	same "-: joined with + ($a)" want got
	mview "$a" -T base.txt stdin tuned.txt >want 2>want.err
	mview "$a" -T base.txt - tuned.txt <debug.txt >got 2>got.err
	same "-: in a series, -T ($a)" want got
	cp passes-a.txt stdin
	mview "$a" -R stdin -R passes-b.txt -R passes-a.txt passes-a.txt \
	    passes-b.txt >want 2>want.err
	# shellcheck disable=SC2094 # passes-a.txt is only read
	mview "$a" -R - -R passes-b.txt -R passes-a.txt passes-a.txt \
	    passes-b.txt <passes-a.txt >got 2>got.err
	same "-R -: a noise reference from standard input ($a)" want got
	check "-R -: one of 3 reference runs, read twice ($a)" \
	    grep -q 'between-run term, larger, from 3 reference runs$' got
done

# fails DESC MESSAGE CMD...: status 2, exactly MESSAGE on stderr, the
# TMPDIR empty.
fails() {
	mf_desc=$1
	mf_want=$2
	shift 2
	if usage_fails "$@" && [ "$(cat lm_err)" = "multiview.sh: $mf_want" ] &&
	    clean; then
		ok "$mf_desc"
	else
		not_ok "$mf_desc: status ${lm_rc:-?}"
		diag <lm_err
	fi
}
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", (i * 7919) % 256 }' \
    >binary
: >empty
fails "two -: one line, status 2" \
    "-: standard input given twice; it can be read once" \
    sh "$MV" base.txt - - <debug.txt
fails "- and -R -: one line, status 2" \
    "-: standard input given twice; it can be read once" \
    sh "$MV" -R - base.txt - <debug.txt
fails "empty standard input: one line, status 2" "stdin: empty" \
    sh "$MV" base.txt - <empty
fails "binary standard input: one line, status 2" "stdin: no result lines" \
    sh "$MV" base.txt - <binary
fails "closed standard input: one line, status 2" "stdin: cannot read" \
    sh -c 'sh "$1" base.txt - <&-' sh "$MV"
fails "empty standard input as -R: one line, status 2" "stdin: empty" \
    sh "$MV" -R - base.txt debug.txt <empty
fails "- with too few files: no read, one line, status 2" \
    "need a reference file and at least one file to compare (see -h)" \
    sh "$MV" - <debug.txt
fails "an empty -R name: one line, status 2" "-R: an empty file name" \
    sh "$MV" -R '' base.txt debug.txt
if [ -n "$bash" ]; then
	# The path bash gives its first process substitution.
	fd=$(bash -c 'echo <(:)')
	fails "an empty process substitution: one line, status 2" \
	    "$fd: empty file" bash -c 'sh "$1" base.txt <(:)' bash "$MV"
fi

# A terminal on standard input: no waiting for a ^D.
if command -v script >/dev/null 2>&1; then
	timeout 20 script -qec "sh '$MV' base.txt -" /dev/null </dev/null \
	    >tty.out 2>&1
	rc=$?
	check "- with a terminal for standard input: status 2 ($rc)" \
	    test "$rc" -eq 2
	check "- with a terminal for standard input: says so" grep -q \
	    '^multiview.sh: -: standard input is a terminal.$' tty.out
else
	skip "script(1) is not installed: no terminal to give standard input"
fi

# A signal while standard input is copied: the shell takes it when the
# copy ends (here when the writer stops, as it does when a pipeline is
# killed), and the copy goes too.
mkfifo slow
sh "$MV" base.txt - <slow >/dev/null 2>&1 &
pid=$!
exec 3>slow
head -c 100 debug.txt >&3
n=0
while [ -z "$(ls -A tmp)" ] && [ "$n" -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
kill -TERM "$pid"
sleep 0.2
exec 3>&-
wait "$pid"
rc=$?
check "TERM while reading standard input: status 143 ($rc)" test "$rc" -eq 143
check "TERM while reading standard input: the copy is gone" clean
done_testing
