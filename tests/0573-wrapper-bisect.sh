#!/bin/sh
# git bisect run with the README's recipe finds the commit that made a
# case slower.  A throwaway history in the scratch directory: a copy of
# cases/getpid.c making three calls an operation, eight commits, the
# fifth making six (twice the work), the others touching a file nothing
# runs.  Each step builds with make and judges the build with
# wrapper.sh -J against a reference run at the first commit; -j 20 is
# the coarse search a doubling wants (half the change sought).  Also:
# the first commit judged against its own reference is good, a commit
# making the case 1.5 times faster is good and bad with -u, and a
# commit that does not build is skipped (125).  The bisection again
# with -J DIR, the first commit's programs kept in a directory.
# shellcheck disable=SC1091,SC2016 # lib.sh; sh -c programs
. "$LM_TOP/tests/lib.sh"

if ! command -v git >/dev/null 2>&1; then
	skip "git is not installed"
	done_testing
	exit 0
fi
mkdir obj troot vroot hist
# The engine, built once; each commit links its case with it.
for f in "$LM_TOP/libmicro.c" "$LM_TOP/bench.c" "$LM_TOP"/engine/*.c; do
	o=${f##*/}
	${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -I"$LM_TOP" -c -o "obj/${o%.c}.o" \
	    "$f" >>cc.out 2>&1 || break
done
if [ ! -f obj/util.o ] || [ -s cc.out ]; then
	not_ok "the engine builds"
	diag <cc.out
	done_testing
	exit 0
fi

W=$LM_TOP/wrapper.sh
LM_INC=$LM_TOP
LM_OBJ=$(echo "$PWD"/obj/*.o)
REF=$PWD/ref.txt
SUITE=$PWD/suite
TROOT=$PWD/troot
VROOT=$PWD/vroot
export W LM_INC LM_OBJ REF SUITE TROOT VROOT
echo 'getpid -N getpid' >suite
# The recipe: a build that fails is skipped (125); else the judgement.
recipe='make -s || exit 125
sh "$W" -q -J "$REF" -j 20 -b bin -s "$SUITE" -t "$TROOT" -d "$VROOT" -n getpid "$@"'

cd hist || exit 1
git init -q .
git config user.name libmicro
git config user.email libmicro@localhost
git config commit.gpgsign false
printf 'all:\n\tmkdir -p bin\n\t$(CC) -std=c99 -O2 -I$(LM_INC) -o bin/getpid getpid.c $(LM_OBJ) -lpthread -lm\n' >Makefile
printf 'bin/\n' >.gitignore
# calls N: the case with N calls to getpid an operation.
calls() {
	c=getpid\(\)
	i=1
	while [ "$i" -lt "$1" ]; do
		c="$c + getpid()"
		i=$((i + 1))
	done
	sed "s/lm_sink += getpid();/lm_sink += $c;/" "$LM_TOP/cases/getpid.c" \
	    >getpid.c
}
commit() { git add -A && git commit -q -m "$1" && git rev-parse HEAD; }
calls 3
echo 1 >NOTES
c1=$(commit "three calls an operation")
for k in 2 3 4 5 6 7 8; do
	echo "$k" >NOTES
	[ "$k" -ne 5 ] || calls 6
	c=$(commit "step $k")
	[ "$k" -ne 5 ] || c5=$c
done
c8=$c
check "a history of eight commits" test "$(git rev-list --count HEAD)" -eq 8

git checkout -q "$c1"
make -s >../make.out 2>&1
sh "$W" -q -O '-E -C 10 -D 1 -L -S -W -F min' -r 6 -b bin -s "$SUITE" \
    -t "$TROOT" -d "$VROOT" -n getpid -o "$REF" 2>../err
check "the reference run at the first commit: 6 passes" \
    test "$(grep -c '^getpid ' "$REF")" -eq 6
sh -c "$recipe" sh >../out 2>../err
rc=$?
check "the first commit against its own reference: good (exit $rc)" \
    test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag <../out

# bisect WHAT RECIPE: git bisect run with RECIPE, from the last commit
# (bad) to the first (good), names the fifth; then the bisection ends.
bisect() {
	git bisect start "$c8" "$c1" >/dev/null 2>&1
	git bisect run sh -c "$2" sh >../bisect.out 2>&1
	if grep -q "^$c5 is the first bad commit" ../bisect.out; then
		ok "$1: git bisect run names the fifth commit"
	else
		not_ok "$1: git bisect run names the fifth commit"
		tail -20 ../bisect.out | diag
	fi
	check "$1: the bad ref is the fifth commit" \
	    test "$(git rev-parse refs/bisect/bad)" = "$c5"
	git bisect reset -q "$c1" >/dev/null 2>&1
}
bisect "-J FILE" "$recipe"

# The same bisection against the first commit's programs kept in a
# directory (-J DIR): each step runs both builds in a session and
# compares them pair by pair.
git checkout -q "$c1"
rm -rf bin
make -s >../make.out 2>&1
cp -R bin ../refbin
REFBIN=$PWD/../refbin
export REFBIN
recipe_dir='make -s || exit 125
sh "$W" -q -J "$REFBIN" -O "-E -C 10 -D 1 -L -S -W -F min" -r 6 -j 20 \
    -b bin -s "$SUITE" -t "$TROOT" -d "$VROOT" -n getpid "$@"'
sh -c "$recipe_dir" sh >../out 2>../err
rc=$?
check "-J DIR: the first commit against its own programs: good (exit $rc)" \
    test "$rc" -eq 0
bisect "-J DIR" "$recipe_dir"

git checkout -q -b faster "$c1"
calls 2
commit "two calls an operation" >/dev/null
sh -c "$recipe" sh >../out 2>../err
rc=$?
check "1.5 times faster: good (exit $rc)" test "$rc" -eq 0
sh -c "$recipe" sh -u >../out 2>../err
rc=$?
check "1.5 times faster, -u (a speed-up sought): bad (exit $rc)" \
    test "$rc" -eq 1
check "-u: the report names the run" grep -q '^bad  *getpid ' ../out

git checkout -q -b broken "$c1"
echo 'int broken(void) { return }' >>getpid.c
commit "does not build" >/dev/null
rm -rf bin
sh -c "$recipe" sh >../out 2>../err
rc=$?
check "a commit that does not build: skipped (exit $rc)" test "$rc" -eq 125
done_testing
