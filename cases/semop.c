/* SPDX-License-Identifier: MIT */
/*
 * semop: a System V semaphore raised and lowered again, two semop calls,
 * per pair.  One private set is made before the workers start, one
 * semaphore per worker so that they do not contend, and removed when the
 * run ends, interrupted or not (the engine runs finirun either way).
 * System V rather than POSIX semaphores, as in the original: an
 * uncontended sem_post/sem_wait never enters the kernel.
 */
#include <sys/ipc.h>
#include <sys/sem.h>

#include "libmicro.h"

static int	semid = -1;

int
benchmark_initrun(void)
{
	semid = semget(IPC_PRIVATE, lm_optP * lm_optT, IPC_CREAT | 0600);
	if (semid < 0) {
		lm_error("semget of %d semaphores:", lm_optP * lm_optT);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	struct sembuf up = { .sem_op = 1 }, down = { .sem_op = -1 };
	int i;

	(void) tsd;
	up.sem_num = down.sem_num =
	    (unsigned short)(getpindex() * lm_optT + gettindex());
	for (i = 0; i < lm_optB; i++) {
		res->re_errors += semop(semid, &up, 1) != 0;
		res->re_errors += semop(semid, &down, 1) != 0;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finirun(void)
{
	if (semid >= 0 && semctl(semid, 0, IPC_RMID) != 0) {
		lm_error("semctl IPC_RMID:");
		return -1;
	}
	return 0;
}
