/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_REPLAY_H
#define SSDQ_ENGINE_REPLAY_H

/*
 * Trace replay (fio's read_iolog) onto the job's own target (replay.c).
 * A trace names the devices it was recorded on (an iolog's file names, a
 * blktrace's major:minor); ssdq replays it onto the job's filename= only,
 * the namespace or the model's state file, and never opens a device the
 * trace names. Includes fio's headers.
 */
#include "fio.h"

/**
 * ssdq_replay_setup() - Point a replayed trace at the job's target: with
 * read_iolog= and no replay_redirect=, sets replay_redirect= to the job's
 * filename= (fio reads the trace in the job's process, after this, in fio's
 * main process, has run). Refuses a replay_redirect= other than filename=
 * and a filename= of several files. Logs what it refuses, naming the option.
 *
 * Return: 0, or -EINVAL (refused), -ENOMEM.
 */
int ssdq_replay_setup(struct thread_data *td);

/**
 * ssdq_replay_check() - In the job's process, after fio read the trace:
 * every file of the job is the job's target (replay_redirect=), so a job
 * whose ->setup ran too late to redirect it (create_serialize=0) stops
 * before it opens a device the trace names.
 *
 * Return: 0, or -EINVAL (a file other than the target; logged).
 */
int ssdq_replay_check(struct thread_data *td);

#endif
