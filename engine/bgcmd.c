// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bgcmd.h"

/* The child: no locks taken before the call (the parent may have threads). */
static void __attribute__((noreturn)) child(ssdq_bg_fn fn, void *arg, const char *name,
					    int out)
{
	int a;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	prctl(PR_SET_NAME, name, 0, 0, 0);
	a = fn(arg);
	if (write(out, &a, sizeof(a)) != (ssize_t)sizeof(a))
		_exit(1);
	_exit(0);
}

static int take_answer(int in, pid_t pid)
{
	ssize_t n;
	int a;

	do {
		n = read(in, &a, sizeof(a));
	} while (n < 0 && errno == EINTR);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (n != (ssize_t)sizeof(a))
		return -EPIPE;
	return a;
}

int ssdq_bg_call(ssdq_bg_fn fn, void *arg, const char *name, const struct ssdq_stop *st,
		 int64_t deadline_us, pid_t *left)
{
	int p[2], ret;
	pid_t pid;

	*left = 0;
	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		close(p[0]);
		close(p[1]);
		return ret;
	}
	if (!pid) {
		close(p[0]);
		child(fn, arg, name, p[1]);
	}
	close(p[1]);
	for (;;) {
		struct pollfd pf = { .fd = p[0], .events = POLLIN };
		int64_t now;

		if (poll(&pf, 1, 0) > 0) {
			ret = take_answer(p[0], pid);
			break;
		}
		now = ssdq_stop_mono_us(st);
		if (ssdq_stop_requested(st) || now >= deadline_us) {
			ret = ssdq_stop_requested(st) ? -EINTR : -ETIMEDOUT;
			*left = pid;
			break;
		}
		if (st && st->clock) {
			ssdq_wait_until(st, now + SSDQ_STOP_SLICE_US < deadline_us ?
					now + SSDQ_STOP_SLICE_US : deadline_us);
		} else {
			int64_t ms = (deadline_us - now + 999) / 1000;

			poll(&pf, 1, ms < SSDQ_STOP_SLICE_US / 1000 ? (int)ms :
				     SSDQ_STOP_SLICE_US / 1000);
		}
	}
	close(p[0]);
	return ret;
}
