#!/bin/sh
# SIGINT, SIGTERM or SIGHUP to the wrapper in the middle of a run: the run
# is stopped, the fixtures and temp directories are gone, no child process
# is left, the result file says so, and the wrapper dies by that signal.
# shellcheck disable=SC1091,SC2009,SC2016 # lib.sh; ps is POSIX, pgrep is
# not; sh -c programs
. "$LM_TOP/tests/lib.sh"

CC=${CC:-cc}
mkdir bin troot vroot tmp
export TMPDIR="$LM_SCRATCH/tmp"
cp "$BIN/nop" bin/
cat >hang.c <<'EOF'
#include <unistd.h>
int main(void) { for (;;) pause(); }
EOF
# A background job of a script starts with SIGINT ignored, and a shell
# cannot trap what it inherited ignored: give the wrapper the defaults.
cat >dfl.c <<'EOF'
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	(void)argc;
	(void)signal(SIGINT, SIG_DFL);
	(void)signal(SIGTERM, SIG_DFL);
	(void)signal(SIGHUP, SIG_DFL);
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
EOF
if ! "$CC" -o bin/hang hang.c 2>cc.err || ! "$CC" -o dfl dfl.c 2>>cc.err
then
	skip "cannot build test programs with $CC: $(head -1 cc.err)"
	done_testing
	exit 0
fi

tag=$$
printf 'nop -N before\nhang -N hang_%s\nnop -N after\n' "$tag" >suite
running() { ps -e -o args= | grep -q "[h]ang_$tag"; }

shells="sh"
command -v bash >/dev/null 2>&1 && shells="sh bash"
W=$LM_TOP/wrapper.sh
for shell in $shells; do
	for sig in INT TERM HUP; do
		./dfl "$shell" "$W" -Q -q -l 60 -b bin -s suite -t troot \
		    -d vroot -o "out.$sig" 2>"err.$sig" &
		pid=$!
		i=0
		while ! running && [ "$i" -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		what="$shell, SIG$sig"
		if ! running; then
			not_ok "$what: the hanging run never started"
			kill "$pid"
			wait "$pid"
			continue
		fi
		check "$what: the fixtures exist mid-run" test \
		    -n "$(ls troot)" -a -n "$(ls vroot)" -a -f troot/*/data
		kill -s "$sig" "$pid"
		wait "$pid" 2>/dev/null
		rc=$?
		case $sig in INT) n=2 ;; TERM) n=15 ;; *) n=1 ;; esac
		check "$what: dies by the signal (exit $rc)" \
		    test "$rc" -eq $((128 + n))
		if running; then
			not_ok "$what: a child process is left"
			ps -e -o pid=,args= | grep "[h]ang_$tag" | diag
		else
			ok "$what: no child process left"
		fi
		check "$what: no fixture or temp directory left" test -z \
		    "$(ls -A troot)$(ls -A vroot)$(ls -A tmp)"
		check "$what: the file says it was interrupted" \
		    grep -q "^!Interrupted: SIG$sig after 1 of 3 runs$" "out.$sig"
		check "$what: the finished run is in the file" \
		    result_ok before "out.$sig"
	done
done
# SIGKILL cannot be caught: the roots it leaves are removed by the next
# wrapper, but only those whose wrapper is gone, and only ours.
boot=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null)
ns=$(readlink /proc/self/ns/pid 2>/dev/null)
if [ -z "$boot" ] || [ -z "$ns" ]; then
	skip "stale roots: no boot_id or pid namespace in /proc"
else
	mkdir sw sw/t sw/v
	# root T V PID: a fast root T whose owner file names PID and root V.
	root() {
		mkdir -p "sw/t/libmicro.$1/.wrapper" "sw/v/libmicro.$2"
		printf '%s %s %s %s\n' "$3" "$boot" "$ns" \
		    "$LM_SCRATCH/sw/v/libmicro.$2" >"sw/t/libmicro.$1/.wrapper/owner"
	}
	sh -c 'exit 0' &
	dead=$!
	wait "$dead"
	root AAAAAA BBBBBB "$dead"
	root CCCCCC DDDDDD "$$"
	mkdir sw/t/libmicro.EEEEEE
	sh "$W" -Q -b "$BIN" -n getpid -t sw/t -d sw/v -o sw.out 2>sw.err
	check "stale roots: a dead wrapper's two roots are removed" \
	    test ! -e sw/t/libmicro.AAAAAA -a ! -e sw/v/libmicro.BBBBBB
	check "stale roots: the wrapper says so" \
	    grep -q "removed the temp roots left by wrapper $dead" sw.err
	check "stale roots: a live wrapper's roots stay" \
	    test -d sw/t/libmicro.CCCCCC -a -d sw/v/libmicro.DDDDDD
	check "stale roots: a root with no owner file stays" \
	    test -d sw/t/libmicro.EEEEEE
	check "stale roots: the run itself is clean" result_ok getpid sw.out
	set -- sw/t/libmicro.* sw/v/libmicro.*
	check "stale roots: its own roots are gone ($*)" test "$#" -eq 3
fi
done_testing
