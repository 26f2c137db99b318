#!/bin/sh
# Every run of the pipes, sockets and polling suite fragment prints one
# well-formed result line with zero errors; the cases with a peer thread
# or process, and the shared-descriptor ones, also in the other modes.
. "$LM_TOP/tests/lib.sh"

check_suite "$(suite_part net)"

for mode in "-1" "-P 2" "-T 2" "-1 -T 2" "-P 2 -T 2"; do
	for line in "pipe -N pipe_pmp1 -s 1 -x pipe -m mp" \
	    "pipe -N pipe_smt4k -s 4k -x sock -m mt" \
	    "pipe -N pipe_tmp1 -s 1 -x tcp -m mp" \
	    "connection -N conn_connect -c" "close_tcp -N close_tcp" \
	    "poll -N poll_w10 -n 10 -w 1" "select -N select_w10 -n 10 -w 1" \
	    "epoll -N epoll_w10 -n 10 -w 1" "futex -N futex"; do
		run_line "$line $mode"
		if [ "$lm_rc" -eq 0 ] && result_ok "$lm_name" out >why; then
			ok "$lm_name $mode: $(awk -v n="$lm_name" \
			    '$1 == n {print $2 "x" $3 ", " $4 " us/call"}' out)"
		else
			not_ok "$lm_name $mode (exit $lm_rc)"
			cat why err 2>/dev/null | head -10 | diag
		fi
	done
done

# The extra text names what was measured.
run_line "pipe -N pipe_tst1 -s 1 -x tcp -m st"
# shellcheck disable=SC2016 # awk's fields, not the shell's
check "pipe's result line ends in mode and transport" \
    awk '$1 == "pipe_tst1" && $(NF-1) == "st" && $NF == "tcp" {f = 1}
    END {exit !f}' out
run_line "select -N select_w100 -n 100 -w 10"
# shellcheck disable=SC2016 # awk's fields, not the shell's
check "select's result line ends in nfds and flags" \
    awk '$1 == "select_w100" && $(NF-1) == 100 && $NF == "-w" {f = 1}
    END {exit !f}' out
done_testing
