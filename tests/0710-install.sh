#!/bin/sh
# make install into a scratch DESTDIR: the installed wrapper finds its
# cases and suite without the source tree, a new case builds against the
# installed header and engine with the documented command and runs, and
# make uninstall removes exactly what was installed, directories too.
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
# shellcheck disable=SC1091 # lib.sh is found at run time
. "$LM_TOP/tests/lib.sh"

dest=$LM_SCRATCH/dest
p=$dest/opt/lm
if make -s -C "$LM_TOP" install DESTDIR="$dest" PREFIX=/opt/lm >make.out 2>&1
then
	ok "make install DESTDIR=... PREFIX=/opt/lm"
else
	not_ok "make install failed"
	diag <make.out
	done_testing
	exit 1
fi
for f in bin/libmicro-wrapper bin/libmicro-multiview lib/libmicro/bin/getpid \
    lib/libmicro/bin/pipe lib/libmicro/bin/exec_bin share/libmicro/suite \
    share/libmicro/fixtures.sh share/libmicro/result.awk \
    share/libmicro/wrapper/suite.sh share/libmicro/wrapper/run.sh \
    share/libmicro/wrapper/host.sh share/libmicro/wrapper/trust.sh \
    share/libmicro/wrapper/flush.awk \
    share/man/man1/libmicro.1 share/man/man1/libmicro-wrapper.1 \
    share/man/man1/libmicro-multiview.1 share/man/man3/libmicro.3 \
    include/libmicro.h lib/libmicro/libmicro.a lib/libmicro/bench.o; do
	check "installed: $f" test -s "$p/$f"
done
for f in "$LM_TOP"/lib/mv/*.awk; do
	check "installed: share/libmicro/mv/${f##*/}" cmp -s "$f" \
	    "$p/share/libmicro/mv/${f##*/}"
done
check "installed scripts are executable" \
    test -x "$p/bin/libmicro-wrapper" -a -x "$p/bin/libmicro-multiview"

mkdir t v elsewhere
printf 'getpid -N getpid\nexec -N exec -B 2\n' >small
(cd elsewhere && "$p/bin/libmicro-wrapper" -Q -q -s ../small -t ../t \
    -d ../v -o ../out)
check "installed wrapper runs a small suite (getpid)" result_ok getpid out
check "installed wrapper runs a small suite (exec finds its helper)" \
    result_ok exec out
check "installed: lib/libmicro/bin/.lmspawn" \
    test -x "$p/lib/libmicro/bin/.lmspawn"
check "installed wrapper starts its runs with the installed runner" \
    grep -q '^!Runner: *lmspawn ' out
(cd elsewhere && "$p/bin/libmicro-wrapper" -Q -q -n getpid -t ../t \
    -d ../v -o ../out2)
check "installed wrapper finds the installed default suite" \
    result_ok getpid out2
check "installed multiview compares the two" sh -c \
    '"$1" out out2 | grep -q "^getpid "' sh "$p/bin/libmicro-multiview"
check "installed multiview renders html" sh -c \
    '"$1" -f html out out2 | grep -q "^<svg class=\"forest\""' sh \
    "$p/bin/libmicro-multiview"
"$p/bin/libmicro-multiview" -h 2>&1 | sed -n '/^  -f /,/^  -g /p' >fmts.inst
sh "$LM_TOP/multiview.sh" -h 2>&1 | sed -n '/^  -f /,/^  -g /p' >fmts.tree
check "installed multiview lists the formats of the tree" \
    sh -c 'test "$(wc -l <fmts.tree)" -gt 3 && cmp -s fmts.tree fmts.inst'
check "installed manual pages format" sh -c \
    'man -l "$1" >/dev/null 2>&1' sh "$p/share/man/man1/libmicro-wrapper.1"

"$p/bin/libmicro-wrapper" -h >usage 2>&1
check "installed wrapper speaks as libmicro-wrapper" \
    grep -q '^usage: libmicro-wrapper ' usage

# A new case, built against the installed copy only: the command that
# README and libmicro(3) give, with this PREFIX.
cat >umask.c <<'EOF'
/* umask: set the file mode creation mask, per call. */
#include <sys/stat.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += umask(022);
	res->re_count = i;
	return 0;
}
EOF
for doc in "$LM_TOP/README.md" "$LM_TOP/man/libmicro.3"; do
	sed 's/\\-/-/g' "$doc" >doc.txt
	check "${doc##*/} gives the command" grep -q \
	    'cc -I/usr/local/include -o umask umask.c /usr/local/lib/libmicro/bench.o /usr/local/lib/libmicro/libmicro.a -lpthread -lm' \
	    doc.txt
done
if ${CC:-cc} -I"$p/include" -o umask umask.c "$p/lib/libmicro/bench.o" \
    "$p/lib/libmicro/libmicro.a" -lpthread -lm >cc.out 2>&1; then
	ok "a new case builds against the installed libmicro.h and engine"
else
	not_ok "a new case does not build against the install"
	diag <cc.out
fi
./umask -C 5 -D 1 -S >out 2>err
check "... and runs (exit $?)" result_ok umask out
check "... its usage comes from the installed engine" sh -c \
    './umask --help | grep -q "^usage: umask "'
check "... and it refuses an operand" usage_fails ./umask stray

make -s -C "$LM_TOP" uninstall DESTDIR="$dest" PREFIX=/opt/lm >make.out 2>&1
check "make uninstall succeeds" test "$?" -eq 0
left=$(find "$dest" -type f | head -5)
check "make uninstall leaves no file behind${left:+: $left}" test -z "$left"
left=$(find "$dest" -mindepth 1 -type d | head -5)
check "make uninstall leaves no directory it made${left:+: $left}" \
    test -z "$left"
mkdir -p "$dest/opt/lm/share/mine"
make -s -C "$LM_TOP" install DESTDIR="$dest" PREFIX=/opt/lm >make.out 2>&1 &&
    make -s -C "$LM_TOP" uninstall DESTDIR="$dest" PREFIX=/opt/lm \
    >make.out 2>&1
check "a directory install did not make is kept, with its parents" \
    test -d "$dest/opt/lm/share/mine" -a ! -e "$dest/opt/lm/bin"
done_testing
