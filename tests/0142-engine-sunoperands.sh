#!/bin/sh
# Sun's operand rule at run time, with no build flag: a case written for
# libMicro 0.4.1 (lm_optstr, lm_usage, its own benchmark_optswitch; no
# option table) that reads undeclared operands from lm_argv, as Sun's
# chdir does, builds with the plain command and runs with them, alone
# and through the wrapper; our cases (a table, or no options) still
# refuse an operand they do not declare.
# shellcheck disable=SC2016 # single quotes: literal placeholders, sh -c
. "$LM_TOP/tests/lib.sh"

mkdir -p d1 d2 tmp bin || exit 1
TMPDIR=$LM_SCRATCH/tmp
export TMPDIR
for f in sun_chdir sun_operands; do
	if ${CC:-cc} -std=c99 -D_GNU_SOURCE -O1 -I"$LM_TOP" -o "bin/$f" \
	    "$LM_TOP/tests/fixtures/$f.c" "$LM_TOP/libmicro.c" \
	    "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" -lpthread -lm 2>"$f.cc"
	then
		ok "$f builds with the plain command (no -D flag)"
	else
		not_ok "$f does not build"
		diag <"$f.cc"
	fi
done
bin/sun_chdir -g -C 5 -D 1 "$PWD/d1" "$PWD/d2" >out 2>err
check "sun_chdir -g DIR DIR: a clean row" result_ok sun_chdir out
bin/sun_operands -C 5 -D 1 "$PWD/d1" "$PWD/d2" >out 2>err
check "sun_operands (lm_usage only) DIR DIR: a clean row" \
    result_ok sun_operands out
check "its usage shows the operands" sh -c \
    'bin/sun_chdir --help | grep -q "\[operand\.\.\.\]"'
usage_fails bin/sun_chdir -g -C 5 "$PWD/d1" -D 1
check "an option after an operand is still refused (exit 2)" \
    test "$lm_rc" -eq 2
usage_fails "$BIN/getpid" stray
check "getpid (no options) stray: still exit 2" test "$lm_rc" -eq 2
usage_fails "$BIN/memset" -s 1k stray
check "memset (an option table) stray: still exit 2" test "$lm_rc" -eq 2
usage_fails "$BIN/mmap" -a stray
check "mmap (a table and its own optswitch) stray: still exit 2" \
    test "$lm_rc" -eq 2

# Through the wrapper, operands as placeholders in its suite line.
printf 'sun_chdir -N sun_chdir -g $TDIR1 $TDIR2\n' >suite
sh "$LM_TOP/wrapper.sh" -b "$PWD/bin" -s suite -Q -o res.txt 2>w.err
rc=$?
check "through the wrapper: exit 0 (got $rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag <w.err
check "through the wrapper: a clean row" result_ok sun_chdir res.txt
done_testing
