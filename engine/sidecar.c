// SPDX-License-Identifier: GPL-2.0-only
/* The job's events sidecar: <prefix>_events.<N>.jsonl beside fio's logs. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdq.h"
#include "sidecar.h"
#include "stop.h"
#include "sidecar_path.h"
#include "jsonl.h"
#include "util.h"

/* The events sidecar's first failed write, named with its errno (once). */
static void events_write_failed(struct thread_data *td, int e)
{
	struct ssdq_data *sd = td->io_ops_data;
	char path[4096];

	sd->events_failed = 1;
	if (ssdq_sidecar_name(td, "events", "jsonl", path, sizeof(path)))
		snprintf(path, sizeof(path), "the events sidecar");
	ssdq_log("%s: cannot write %s: %s; its later lines are lost", td->o.name, path,
		 strerror(e ? e : EIO));
}

/* The events sidecar, opened (truncated) on first use; NULL when it cannot be. */
static FILE *events_file(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	char path[4096];
	int fd;

	if (!sd || sd->events || sd->events_failed)
		return sd ? sd->events : NULL;
	if (ssdq_sidecar_name(td, "events", "jsonl", path, sizeof(path)))
		return NULL;
	/* appended: the sampler writes its own lines into the same file */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
	sd->events = fd < 0 ? NULL : fdopen(fd, "a");
	if (!sd->events) {
		if (fd >= 0)
			close(fd);
		ssdq_log("%s: cannot write the events sidecar %s: %s", td->o.name, path,
			 strerror(errno));
		sd->events_failed = 1;
		return NULL;
	}
	setvbuf(sd->events, NULL, _IOLBF, 0);
	return sd->events;
}

/*
 * One line, written with one write(2): the sampler appends its own lines to
 * the file, and a long line through stdio could be cut by one of them.
 */
static void event(struct thread_data *td, int64_t t_us, const char *name, long long bytes,
		  const char *key, const char *value, const char *members)
{
	struct ssdq_data *sd = td->io_ops_data;
	FILE *ev = events_file(td), *m;
	char *line = NULL;
	size_t len = 0, done = 0;
	ssize_t n;

	if (!ev)
		return;
	m = open_memstream(&line, &len);
	if (!m) {
		if (!sd->events_failed)
			events_write_failed(td, errno);
		return;
	}
	ssdq_event_line_write(m, &(struct ssdq_event_line){
		.time_us = t_us, .event = name, .job = td->o.name, .bytes = bytes,
		.key = key, .value = value, .members = members,
	});
	if (fclose(m)) {
		free(line);
		if (!sd->events_failed)
			events_write_failed(td, errno);
		return;
	}
	fflush(ev);
	while (done < len && (n = write(fileno(ev), line + done, len - done)) > 0)
		done += (size_t)n;
	free(line);
	if (done < len && !sd->events_failed)
		events_write_failed(td, errno);
}

void ssdq_event(struct thread_data *td, const char *name, long long bytes)
{
	event(td, ssdq_realtime_us(), name, bytes, NULL, NULL, NULL);
}

void ssdq_event_str(struct thread_data *td, const char *name, const char *key,
		    const char *value)
{
	event(td, ssdq_realtime_us(), name, -1, key, value, NULL);
}

void ssdq_event_bytes_str(struct thread_data *td, const char *name, long long bytes,
			  const char *key, const char *value)
{
	event(td, ssdq_realtime_us(), name, bytes, key, value, NULL);
}

void ssdq_event_end(struct thread_data *td, int64_t t_us)
{
	uint64_t bytes = ssdq_job_bytes(td);
	event(td, t_us, "job_end", (long long)bytes, "stop", ssdq_stop_reason(td, bytes), NULL);
}

void ssdq_event_json(struct thread_data *td, int64_t t_us, const char *name,
		     const char *members)
{
	event(td, t_us, name, -1, NULL, NULL, members);
}

void ssdq_sidecars_close(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	if (sd && sd->events) {
		if (fclose(sd->events) && !sd->events_failed) {
			sd->events = NULL;
			events_write_failed(td, errno);
		}
		sd->events = NULL;
	}
}
