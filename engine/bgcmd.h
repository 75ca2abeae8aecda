/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_BGCMD_H
#define SSDQ_BGCMD_H

/*
 * An admin command that can take long (Format NVM: minutes on a large
 * drive) is sent from a child process: the kernel waits for it
 * uninterruptibly, and the job must still answer a stop request. The job
 * waits for the child in slices (wait.h); on a stop it returns and leaves
 * the child to wait out the command. The child holds what it inherited,
 * the namespace's writer lock (nslock.h) among them, until the drive has
 * answered, so no other writer starts on a namespace being formatted.
 */

#include <sys/types.h>

#include "wait.h"

/**
 * typedef ssdq_bg_fn - the blocking call: e.g. ssdq_nvme_format(), answering
 * 0, the NVMe status (> 0), or -errno.
 */
typedef int (*ssdq_bg_fn)(void *arg);

/**
 * ssdq_bg_call() - Run @fn from a child process and wait for its answer.
 * @fn: the call (in the child)
 * @arg: passed to @fn
 * @name: the child's name while it waits (prctl PR_SET_NAME), e.g.
 *	"ssdq-format": what a refused second writer is shown
 * @st: stop flag and clock of the wait
 * @deadline_us: give up at this time on @st's clock
 * @left: the child's pid when the wait ended before the command did (a
 *	stop or the deadline), else 0
 *
 * Return: what @fn returned, -EINTR on a stop request, -ETIMEDOUT at the
 * deadline, -EPIPE when the child died without answering, or -errno of
 * pipe(2)/fork(2).
 */
int ssdq_bg_call(ssdq_bg_fn fn, void *arg, const char *name, const struct ssdq_stop *st,
		 int64_t deadline_us, pid_t *left);

#endif
