/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_TARGET_H
#define SSDQ_TARGET_H

/*
 * What a job runs on, behind one ops table as fio's ioengines are: an NVMe
 * namespace (target_ns.c) or ssdq's drive model (target_model.c, on
 * model/). The engine's front end (ssdq.c, sampling.c, stake.c) asks the
 * job's target and knows neither; ssdq_target_of() is the one place the
 * options choose. Includes fio's headers.
 */
#include <stdbool.h>

#include "fio.h"
#include "erase.h"
#include "nvme_id.h"
#include "nvme_ns.h"
#include "sampler.h"

struct ssdq_backend_ops;

/**
 * struct ssdq_file - per-file state, in fio_file->engine_data
 * @dev: the namespace; for the model, a geometry without a node (fd -1)
 * @priv: the target's own state of the file (the model's: struct ssdq_model)
 */
struct ssdq_file {
	struct ssdq_nsdev dev;
	void *priv;
};

/**
 * struct ssdq_power_set - a drive's power settings (power_settings.h)
 * @ps: the power state (Features 02h); -1: unknown, or (asked) leave it
 * @apst: APST (Feature 0Ch APSTE) 1 on, 0 off; -1: no APST, or (asked)
 *	leave it
 * @table: APST's table; asked with n 0: the drive's own
 * @npss: power states the drive has (NPSS + 1)
 */
struct ssdq_power_set {
	int ps;
	int apst;
	struct ssdq_apst table;
	unsigned int npss;
};

/**
 * struct ssdq_target_ops - what a job runs on
 * @name: the target in messages ("the drive model")
 * @verb: the fio error context of a failed open ("ssdq_open")
 * @diskless: fio moves no data through the file (FIO_DISKLESSIO): the
 *	model's state file is small and must be neither extended nor unlinked
 * @keeps_data: reads return what was written: verify= works, and a write
 *	may destroy someone's data (stake.c)
 * @samples_itself: sampling runs with neither ssdq_power= nor SMART asked
 *	for (the model is its own power source and writes its device.json)
 * @backend: the I/O path the target takes; NULL: the options' (io_uring,
 *	or ssdq_sync's ioctl)
 * @scale: divisor of the target's sizes and times (ssdq_model_scale); 1
 * @job_init: allocate the job's state of the target (td's io_ops_data is
 *	set). Return: 0 or -ENOMEM. NULL: none
 * @job_cleanup: free it; NULL-safe
 * @open: open @f for @flags (O_RDONLY, O_RDWR) into @sf (zeroed, dev.fd
 *	-1): the LBA format and size in @sf->dev.ns, the transfer limit in
 *	@sf->dev.max_xfer. Return: 0, or -errno with @err saying why.
 * @close: close what @open opened; safe on a zeroed @sf
 * @opened: @sf is the job's file for its I/O (the model takes the job's
 *	ambient temperature); NULL: nothing to do
 * @closing: @sf of the job closes after its I/O (the model records its own
 *	energy account); NULL: nothing to do
 * @erase: erase @sf; @how names the method used. Return: 0, -EINTR (a
 *	stop request: @err says what the drive goes on doing) or -errno with
 *	@err saying why.
 * @write_cache: the volatile write cache of the drive behind @file (a
 *	namespace's node, the model's state file), without a job: set it on
 *	(@set 1) or off (0) first unless @set is -1. Return: 1 on, 0 off
 *	afterwards, -EOPNOTSUPP for a drive without one, or -errno with @err
 *	saying why (write_cache.h).
 * @power: the power settings of the drive behind @file, without a job:
 *	set what @set asks first (NULL: nothing; a power state the drive is
 *	in already is not set again), then read them into @now.
 *	Return: 0, -EOPNOTSUPP when @set asks APST of a drive without it, or
 *	-errno with @err saying why (power_settings.h).
 * @sampling: fill @cfg with what the target gives the sampler (a SMART
 *	reader, a default power source, device.json, written here or by the
 *	sampler), @buf being room for a string @cfg may point at. Return: 0,
 *	or -errno after saying why on stderr.
 * @sampling_end: free what @sampling took; NULL-safe
 * @host_idle: the job left its drive idle on purpose from @from_ns to @to_ns
 *	(CLOCK_MONOTONIC; an idle phase: phases.c); NULL where the drive is
 *	not told (a namespace: a real drive sees its idle itself)
 */
struct ssdq_target_ops {
	const char *name;
	const char *verb;
	bool diskless;
	bool keeps_data;
	bool samples_itself;
	const struct ssdq_backend_ops *backend;
	unsigned int (*scale)(struct thread_data *td);
	int (*job_init)(struct thread_data *td);
	void (*job_cleanup)(struct thread_data *td);
	int (*open)(struct thread_data *td, struct fio_file *f, int flags, struct ssdq_file *sf,
		    char *err, size_t errlen);
	void (*close)(struct ssdq_file *sf);
	void (*opened)(struct thread_data *td, struct ssdq_file *sf);
	void (*closing)(struct thread_data *td, struct ssdq_file *sf);
	int (*erase)(struct thread_data *td, struct ssdq_file *sf, struct ssdq_erase_ctl *ctl,
		     const char **how, char *err, size_t errlen);
	int (*write_cache)(const char *file, int set, char *err, size_t errlen);
	int (*power)(const char *file, const struct ssdq_power_set *set,
		     struct ssdq_power_set *now, char *err, size_t errlen);
	int (*sampling)(struct thread_data *td, const char *file, struct ssdq_sampler_cfg *cfg,
			char *buf, size_t buflen);
	void (*sampling_end)(struct thread_data *td);
	void (*host_idle)(struct thread_data *td, uint64_t from_ns, uint64_t to_ns);
};

extern const struct ssdq_target_ops ssdq_target_ns;
extern const struct ssdq_target_ops ssdq_target_model;

/** ssdq_target_of() - The target of @td's files, as its options name it. */
const struct ssdq_target_ops *ssdq_target_of(struct thread_data *td);

#endif
