// SPDX-License-Identifier: GPL-2.0-only
/* Power and SMART sampling of a job's device through power/'s sampler. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "ssdq.h"
#include "model_power.h"
#include "remote.h"
#include "util.h"
#include "ssdq_version.h"

static const struct ssdq_source_ops *const engine_sources[] = { &ssdq_source_model, NULL };

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

/*
 * device.json of the drive model: device.json's shape, identity from the
 * preset, its power-state table the model's PS0 (the most it draws).
 */
static int write_model_device_json(struct thread_data *td, const struct ssdq_model *m)
{
	struct timespec ts;
	struct utsname u;
	char path[4096];
	FILE *f;
	int ret = ssdq_device_json_path(td, path, sizeof(path));

	if (ret) {
		ssdq_log("%s: cannot write device.json: %s", td->o.name, strerror(-ret));
		return ret;
	}
	f = fopen(path, "we");
	if (!f) {
		ssdq_log("%s: cannot write %s: %s", td->o.name, path, strerror(errno));
		return -errno;
	}
	uname(&u);
	clock_gettime(CLOCK_REALTIME, &ts);
	fprintf(f, "{\n  \"format\": \"ssdq-device\",\n  \"version\": 1,\n  \"time_us\": %lld,\n"
		"  \"controller\": null,\n  \"namespace\": ",
		(long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000);
	ssdq_json_str(f, td->files[0]->file_name);
	fputs(",\n  \"nsid\": 1,\n  \"model\": ", f);
	ssdq_json_str(f, m->p->summary);
	fputs(",\n  \"serial\": \"ssdq-model\",\n  \"firmware\": \"ssdq\",\n"
	      "  \"drive_model\": {\"preset\": ", f);
	ssdq_json_str(f, m->p->name);
	fprintf(f, ", \"scale\": %g},\n  \"capacity_bytes\": %llu,\n  \"lba_size\": %u,\n"
		"  \"lba_format\": {\"index\": 0, \"data_size\": %u, \"metadata_size\": 0},\n"
		"  \"power_states\": [\n    {\"ps\": 0, \"max_power_w\": %.4f, "
		"\"non_operational\": false, \"entry_latency_us\": 0, \"exit_latency_us\": 0, "
		"\"rrt\": 0, \"rrl\": 0, \"rwt\": 0, \"rwl\": 0}\n  ],\n"
		"  \"power_state_current\": 0,\n  \"apst\": null,\n  \"pcie\": null,\n  \"kernel\": ",
		m->scale, (unsigned long long)m->capacity, 1u << m->p->lba_shift,
		1u << m->p->lba_shift, m->p->ps0_w);
	ssdq_json_str(f, u.release);
	fputs(",\n  \"kernel_version\": ", f);
	ssdq_json_str(f, u.version);
	fputs(",\n  \"machine\": ", f);
	ssdq_json_str(f, u.machine);
	fputs(",\n  \"host\": ", f);
	ssdq_json_str(f, u.nodename);
	fputs(",\n  \"fio_version\": ", f);
	ssdq_json_str(f, fio_version_string);
	fputs(",\n  \"ssdq_version\": ", f);
	ssdq_json_str(f, SSDQ_VERSION);
	fputs(",\n  \"errors\": []\n}\n", f);
	if (fclose(f)) {
		int e = errno;

		ssdq_log("%s: cannot write device.json: %s", td->o.name, strerror(e));
		return -e;
	}
	return 0;
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
	char power_log[4096], smart_log[4096], events_log[4096], model_spec[4200], err[512];
	char device_json[4096];
	const char *file = td->files[0]->file_name;
	int ret;

	sd->sample_lock_fd = -1;
	if (!o->power && !cfg.smart_ms && !o->model)
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
	if (o->model) {
		sd->smart_model = calloc(1, sizeof(*sd->smart_model));
		if (!sd->smart_model)
			return -ENOMEM;
		ret = ssdq_model_attach(sd->smart_model, file, err, sizeof(err));
		if (ret) {
			ssdq_log("%s: %s", td->o.name, err);
			free(sd->smart_model);
			sd->smart_model = NULL;
			return ret;
		}
		if (!o->power) {
			snprintf(model_spec, sizeof(model_spec), "model:%s", file);
			cfg.power = model_spec;
		}
		cfg.smart_read = ssdq_model_smart_read;
		cfg.smart_arg = sd->smart_model;
		ret = write_model_device_json(td, sd->smart_model);
		if (ret)
			return ret;
	} else {
		cfg.ng = file;
		ret = ssdq_device_json_path(td, device_json, sizeof(device_json));
		if (ret) {
			ssdq_log("%s: cannot write device.json: %s", td->o.name, strerror(-ret));
			return ret;
		}
		cfg.device_json = device_json;
	}
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
	if (sd->smart_model) {
		ssdq_model_close(sd->smart_model);
		free(sd->smart_model);
		sd->smart_model = NULL;
	}
	if (sd->sample_lock_fd >= 0) {
		close(sd->sample_lock_fd);
		sd->sample_lock_fd = -1;
	}
}
