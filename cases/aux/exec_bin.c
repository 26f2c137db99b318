/* SPDX-License-Identifier: MIT */
/* exec_bin: the smallest program the exec case can start; it just exits. */
int
main(void)
{
	return 0;
}
