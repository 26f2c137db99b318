#!/bin/sh
# The README's "Add a new case" recipe, followed word for word in a copy
# of the source tree: its C block becomes cases/umask.c, its sh block is
# run as written, and the new run must come out clean.  The README
# stays within 300 lines.
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
# shellcheck disable=SC1091 # lib.sh is found at run time
. "$LM_TOP/tests/lib.sh"

mkdir tree
# shellcheck disable=SC2015 # find is the fallback when git is no help
(cd "$LM_TOP" && git ls-files 2>/dev/null || find . -type f ! -path './.git/*' \
    ! -path './bin*' ! -path './results/*') >files
(cd "$LM_TOP" && tar cf - -T -) <files | (cd tree && tar xf -)
check "the source tree copies" test -f tree/Makefile -a -f tree/README.md

# The fenced blocks of the "Add a new case" section, in order.
awk '/^##+ Add a new case/ { on = 1; next }
    on && /^##+ / { exit }
    on && /^```c$/ { blk = "c"; next }
    on && /^```sh$/ { blk = "sh"; next }
    on && /^```$/ { blk = ""; next }
    blk == "c" { print > "recipe.c" }
    blk == "sh" { print > "recipe.sh" }' "$LM_TOP/README.md"
check "the recipe has a C block naming cases/umask.c" \
    grep -q 'benchmark(void \*tsd, result_t \*res)' recipe.c
check "the recipe has a shell block" test -s recipe.sh

cp recipe.c tree/cases/umask.c
(cd tree && sh -e ../recipe.sh) >out 2>err
rc=$?
check "the recipe's commands all succeed (exit $rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -20 err | diag
check "bin/umask was built" test -x tree/bin/umask
check "the wrapper's file holds a clean umask row" result_ok umask \
    tree/umask.txt
check "the recipe's last command shows that row" \
    awk '$1 == "umask" && NF >= 7 {f = 1} END {exit !f}' out
n=$(wc -l <"$LM_TOP/README.md")
check "the README is at most 300 lines ($n)" test "$n" -le 300
done_testing
