#!/bin/sh
# Every run of the kernel section of cases/suite prints one well-formed
# result line with no errors, or an unsupported row (a skip here).
. "$LM_TOP/tests/lib.sh"

fixtures || { not_ok "fixtures"; exit 1; }
check_suite "$(suite_part kernel)"
done_testing
