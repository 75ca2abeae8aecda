/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_H
#define SSDQ_ENGINE_H

/*
 * A job's engine state (struct ssdq_data) and its accessors, with the
 * headers that state is made of: options, backend, target, bursts, watch.
 * Every other module of the engine has a header of its own (sidecar.h,
 * stop.h, sampling.h, guard.h, buffers.h, stake.h). Includes fio's
 * headers: only files compiled against the fio tree include this.
 */
#include <stdbool.h>
#include <stdint.h>

#include "fio.h"
#include "optgroup.h"
#include "fio_compat.h"

#include "backend.h"
#include "host_acct.h"
#include "log.h"
#include "ssdq_options.h"
#include "phases.h"
#include "target.h"
#include "watch.h"

/** struct ssdq_data - per-thread engine state, in td->io_ops_data */
struct ssdq_data {
	const struct ssdq_backend_ops *be;
	void *be_data;
	struct ssdq_bursts bursts;
	struct ssdq_watch watch;
	unsigned int max_parts;		/* most commands one io_u can need */
	unsigned long long xfer_cap;	/* every file's commands are at most this */
	const struct ssdq_target_ops *target;	/* what the job runs on */
	void *target_data;		/* the target's state of the job */
	struct ssdq_sampler *sampler;	/* this job samples its device */
	int sample_lock_fd;		/* holds the device's sampler lock */
	struct ssdq_progress *progress;	/* the progress sidecars' writer, or NULL */
	struct ssdq_host_acct host_acct; /* the drive model's account of the host's
					 * lateness (be_model.c writes it) */
	FILE *events;			/* events sidecar, opened on first use */
	int events_failed;
	unsigned long nr_errors;	/* failed io_us, for the closing count */
	unsigned long nr_errors_shown;
};

/* Most failed I/Os described one by one; later ones are only counted. */
#define SSDQ_ERRORS_SHOWN	16

/** ssdq_file_of() - the engine state of fio file @f */
static inline struct ssdq_file *ssdq_file_of(struct fio_file *f)
{
	return f->engine_data;
}

/** ssdq_file_dev() - the namespace behind fio file @f */
static inline struct ssdq_nsdev *ssdq_file_dev(struct fio_file *f)
{
	return &ssdq_file_of(f)->dev;
}

#endif
