#!/bin/sh
# make install into a scratch DESTDIR: the installed wrapper finds its
# cases and suite without the source tree, and make uninstall removes
# exactly what was installed.
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
    share/man/man1/libmicro.1 share/man/man1/libmicro-wrapper.1 \
    share/man/man1/libmicro-multiview.1 share/man/man3/libmicro.3; do
	check "installed: $f" test -s "$p/$f"
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
(cd elsewhere && "$p/bin/libmicro-wrapper" -Q -q -n getpid -t ../t \
    -d ../v -o ../out2)
check "installed wrapper finds the installed default suite" \
    result_ok getpid out2
check "installed multiview compares the two" sh -c \
    '"$1" out out2 | grep -q "^getpid "' sh "$p/bin/libmicro-multiview"
check "installed manual pages format" sh -c \
    'man -l "$1" >/dev/null 2>&1' sh "$p/share/man/man1/libmicro-wrapper.1"

make -s -C "$LM_TOP" uninstall DESTDIR="$dest" PREFIX=/opt/lm >make.out 2>&1
check "make uninstall succeeds" test "$?" -eq 0
left=$(find "$dest" -type f | head -5)
check "make uninstall leaves no file behind${left:+: $left}" test -z "$left"
done_testing
