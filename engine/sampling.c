// SPDX-License-Identifier: GPL-2.0-only
/* Power and SMART sampling of a job's device through power/'s sampler. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar_path.h"
#include "sampling.h"
#include "sidecar.h"
#include "remote.h"
#include "util.h"
#include "model_pmeas.h"
#include "model_power.h"

static const struct ssdq_source_ops *const engine_sources[] = {
	&ssdq_source_model, &ssdq_source_model_pm, NULL
};

/*
 * One sampler per device: the first job to lock the device's lock file
 * samples it, jobs in other threads and processes leave it be.
 */
static int take_device_lock(const char *path)
{
	char lock[128];
	struct stat st;
	int fd;

	if (stat(path, &st) < 0)
		return -errno;
	snprintf(lock, sizeof(lock), "/tmp/ssdq-sampler.%llx.%llx.lock",
		 (unsigned long long)(S_ISCHR(st.st_mode) ? st.st_rdev : st.st_dev),
		 (unsigned long long)(S_ISCHR(st.st_mode) ? 0 : st.st_ino));
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		close(fd);
		return -EBUSY;
	}
	return fd;
}

int ssdq_sampling_start(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_sampler_cfg cfg = {
		.power_hz = o->power_hz,
		.power_max_w = o->power_max_w,
		.smart_ms = (unsigned int)(o->smart_us / 1000),
		.fio_version = fio_version_string,
		.job = td->o.name,
		.extra_types = engine_sources,
	};
	char power_log[4096], smart_log[4096], events_log[4096], target_buf[4200], err[512];
	const char *file = td->files[0]->file_name;
	int ret;

	sd->sample_lock_fd = -1;
	if (!o->power && !cfg.smart_ms && !sd->target->samples_itself)
		return 0;
	ret = take_device_lock(file);
	if (ret == -EBUSY) {
		ssdq_event_str(td, "sampler_shared", "file", file);
		return 0;
	}
	if (ret < 0) {
		ssdq_log("%s: cannot lock %s for sampling: %s", td->o.name, file, strerror(-ret));
		return ret;
	}
	sd->sample_lock_fd = ret;
	if (ssdq_sidecar_name(td, "power", "log", power_log, sizeof(power_log)) ||
	    ssdq_sidecar_name(td, "smart", "jsonl", smart_log, sizeof(smart_log)) ||
	    ssdq_sidecar_name(td, "events", "jsonl", events_log, sizeof(events_log)))
		return -ENAMETOOLONG;
	cfg.events_log = events_log;
	cfg.power_log = power_log;
	cfg.smart_log = smart_log;
	cfg.power = o->power;
	ret = sd->target->sampling(td, file, &cfg, target_buf, sizeof(target_buf));
	if (ret)
		return ret;
	ret = ssdq_sampler_open(&cfg, &sd->sampler, err, sizeof(err));
	if (ret) {
		ssdq_log("%s: sampling: %s", td->o.name, err);
		return ret;
	}
	return 0;
}

int64_t ssdq_sampling_end(struct thread_data *td)
{
	return ssdq_sampler_end(((struct ssdq_data *)td->io_ops_data)->sampler);
}

void ssdq_sampling_stop(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	int ret = ssdq_sampler_close(sd->sampler);

	if (ret)
		ssdq_log("%s: a power, SMART or events sidecar was not written in full (%s; "
			 "the file is named above)", td->o.name, strerror(-ret));
	sd->sampler = NULL;
	if (sd->target->sampling_end)
		sd->target->sampling_end(td);
	if (sd->sample_lock_fd >= 0) {
		close(sd->sample_lock_fd);
		sd->sample_lock_fd = -1;
	}
}
