/* SPDX-License-Identifier: MIT */
/*
 * profile.c - the profile window.  Under a profiler that starts with its
 * events off and takes commands on a FIFO (perf record --delay=-1
 * --control fifo:CTL,ACK), the engine turns the events on as the first
 * kept sample starts and off as the run stops, so that a profile holds
 * the timed phase only: not the set-up, the clock calibration, the batch
 * sizing, the start of the workers or the report.  The FIFOs are named by
 * LM_PROFILE_CTL and LM_PROFILE_ACK; without them this does nothing.
 * They are opened before the workers start, so that every worker process
 * inherits them: the window is moved by whichever worker accounts the
 * sample.  Each command waits for the profiler's acknowledgement, so that
 * no timed batch starts before the events are on.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

#define LM_PROF_ACK_MS	5000	/* the longest wait for an acknowledgement */

static int prof_ctl = -1, prof_ack = -1;

/*
 * Open the FIFOs, if the environment names them.  Non-blocking opens: a
 * FIFO with no profiler on its other end is an error, not a hang.
 */
void
lmi_prof_open(void)
{
	const char *ctl = getenv("LM_PROFILE_CTL");
	const char *ack = getenv("LM_PROFILE_ACK");

	if (ctl == NULL || *ctl == '\0')
		return;
	prof_ctl = open(ctl, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (prof_ctl < 0) {
		lm_error("profile window: cannot open %s: %s", ctl,
		    strerror(errno));
		return;
	}
	if (ack != NULL && *ack != '\0' &&
	    (prof_ack = open(ack, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		lm_error("profile window: cannot open %s: %s", ack,
		    strerror(errno));
}

/* Wait for the profiler's "ack" (a few bytes) on the ACK FIFO. */
static void
wait_ack(void)
{
	struct pollfd p;

	p.fd = prof_ack;
	p.events = POLLIN;
	p.revents = 0;
	while (poll(&p, 1, LM_PROF_ACK_MS) < 0)
		if (errno != EINTR)
			return;
	if (p.revents & POLLIN) {
		char buf[16];

		(void) read(prof_ack, buf, sizeof(buf));
	}
}

/* Turn the profiler's events on (on != 0) or off. */
void
lmi_prof_window(int on)
{
	const char *cmd = on ? "enable\n" : "disable\n";
	size_t len = strlen(cmd);

	if (prof_ctl < 0)
		return;
	if (write(prof_ctl, cmd, len) != (ssize_t)len)
		return;
	if (prof_ack >= 0)
		wait_ack();
}
