/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_H
#define SSDQ_ENGINE_H

/*
 * Engine internals shared by ssdq.c and the passthrough backends. Includes
 * fio's headers: only files compiled against the fio tree include this.
 */
#include <stdbool.h>
#include <stdint.h>

#include "fio.h"
#include "optgroup.h"
#include "fio_compat.h"

#include "erase.h"
#include "sampler.h"
#include "nvme_ns.h"
#include "nvme_cmd.h"
#include "progress.h"
#include "log.h"
#include "target.h"

/** struct ssdq_options - engine options (fio --enghelp=ssdq.so lists them) */
struct ssdq_options {
	void *pad;		/* fio's option parser wants this first */
	unsigned int sync;	/* ssdq_sync: NVME_IOCTL_IO64_CMD instead of io_uring */
	unsigned int fixedbufs;	/* ssdq_fixedbufs: register fio's buffers */
	unsigned int sqpoll;	/* ssdq_sqpoll: kernel submission thread */
	unsigned int sqpoll_idle; /* ssdq_sqpoll_idle: ms before it sleeps */
	unsigned int hipri;	/* ssdq_hipri: polled completions (IORING_SETUP_IOPOLL) */
	unsigned long long max_xfer; /* ssdq_max_xfer: split size, 0 = from sysfs */
	unsigned int erase;	/* ssdq_erase: enum ssdq_erase_method */
	unsigned long long burst; /* ssdq_burst: bytes per burst, 0: no bursts */
	char *duty_str;		/* ssdq_duty: as given */
	unsigned int duty;	/* parsed at setup: % of time bursts are busy */
	char *idle;		/* ssdq_idle: as given */
	unsigned long long idle_us; /* parsed at init: idle after the job's I/O */
	char *power;		/* ssdq_power: power source specs, ';'-separated */
	char *power_rate_str;	/* ssdq_power_rate: as given */
	double power_hz;	/* parsed at init: samples per second */
	char *power_max_str;	/* ssdq_power_max: as given */
	double power_max_w;	/* parsed at init: top of a plausible reading, 0: from the drive */
	char *smart_interval;	/* ssdq_smart_interval: as given */
	unsigned long long smart_us; /* parsed at init; 0 = no SMART log */
	unsigned long long capacity; /* ssdq_capacity: size told to fio, 0 = NSZE */
	char *model;		/* ssdq_model: preset of the drive model, NULL: a device */
	char *model_scale_str;	/* ssdq_model_scale: as given */
	unsigned int model_scale; /* parsed at setup: capacity divisor */
	unsigned int model_ambient; /* ssdq_model_ambient: °C, 0 = the preset's */
	unsigned int destroy_data; /* ssdq_destroy_data: write over signatures (stake.c) */
	char *progress;		/* ssdq_progress: as given */
	unsigned long long progress_us; /* parsed at init: between progress lines, 0: none */
	char *stall;		/* ssdq_stall_timeout: as given */
	unsigned long long stall_us; /* parsed at init: a drive silent this long stalled, 0: never */
	unsigned int account;	/* ssdq_account: the progress sidecars (progress.h) */
};

/** struct ssdq_iou - per-io_u state, in io_u->engine_data */
struct ssdq_iou {
	struct ssdq_dsm_range range;	/* Dataset Management range of a trim */
	unsigned int parts;		/* commands still in flight */
	uint16_t status;		/* first NVMe status seen */
	int err;			/* first errno seen */
	unsigned int index;		/* fio's io_u->index, which engine_data overlays */
};

/**
 * struct ssdq_backend_ops - one passthrough path
 * @name: shown in messages
 * @post_init: set up after fio allocated its buffers. Returns 0 or -errno,
 *	having printed why.
 * @queue: send an io_u's commands, as fio's ->queue
 * @commit: submit what @queue prepared, as fio's ->commit
 * @getevents: reap completions, as fio's ->getevents
 * @event: the io_u of completion @ev of the last @getevents
 * @cleanup: free everything; NULL-safe on a backend that failed post_init
 */
struct ssdq_backend_ops {
	const char *name;
	int (*post_init)(struct thread_data *td);
	enum fio_q_status (*queue)(struct thread_data *td, struct io_u *io_u);
	int (*commit)(struct thread_data *td);
	int (*getevents)(struct thread_data *td, unsigned int min, unsigned int max,
			 const struct timespec *t);
	struct io_u *(*event)(struct thread_data *td, int ev);
	void (*cleanup)(struct thread_data *td);
};

extern const struct ssdq_backend_ops ssdq_be_uring;
extern const struct ssdq_backend_ops ssdq_be_sync;
extern const struct ssdq_backend_ops ssdq_be_model;

/** struct ssdq_bursts - burst/duty-cycle bookkeeping of one job */
struct ssdq_bursts {
	unsigned int inflight;		/* io_us queued and not completed */
	unsigned long long issued;	/* bytes sent in the current burst */
	unsigned long long done;	/* bytes completed in it */
	uint64_t start_ns;		/* first submission of the burst */
	uint64_t end_ns;		/* last completion */
	unsigned int nr;		/* bursts completed */
	int draining;			/* burst full: waiting for its I/O */
};

/**
 * struct ssdq_watch - a job's progress lines and stall watch (watch.c)
 * @t0_ns: the job's first look
 * @next_ns: when the next progress line is due
 * @quiet_since_ns: the last completion, or the submission that found no
 *	I/O in flight: the drive has said nothing since
 * @stalled_ns: how long the drive had been silent when the job was
 *	stopped for it; 0: it was not
 * @phase: "io", "erase" or "idle", for the progress line
 */
struct ssdq_watch {
	uint64_t t0_ns;
	uint64_t next_ns;
	uint64_t quiet_since_ns;
	uint64_t stalled_ns;
	const char *phase;
};

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
	FILE *events;			/* events sidecar, opened on first use */
	int events_failed;
	unsigned long nr_errors;	/* failed io_us, for the closing count */
	unsigned long nr_errors_shown;
};

/* Most failed I/Os described one by one; later ones are only counted. */
#define SSDQ_ERRORS_SHOWN	16

/** ssdq_iou_of() - the engine state of @io_u */
static inline struct ssdq_iou *ssdq_iou_of(struct io_u *io_u)
{
	return io_u->engine_data;
}

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

/**
 * ssdq_mark_issued() - Stamp @n io_us submitted now with fio's issue time
 * and account their submission latency, as an async engine's commit must.
 */
void ssdq_mark_issued(struct thread_data *td, struct io_u **io_us, unsigned int n);

/**
 * ssdq_io_failed() - Fail @io_u with NVMe status @status without sending
 * it (the drive model's answer), describing it like a device's failure.
 */
void ssdq_io_failed(struct thread_data *td, struct io_u *io_u, uint16_t status);

/**
 * ssdq_prep_cmds() - Build the NVMe commands of @io_u, split at the
 * namespace's max_xfer.
 * @cmds: room for ssdq_data.max_parts commands
 *
 * Resets the io_u's ssdq_iou for a new submission.
 *
 * Return: the number of commands, or -errno (-EINVAL for a span not aligned
 * to the LBA size, -EOPNOTSUPP for a data direction ssdq does not send),
 * after setting io_u->error and printing why.
 */
int ssdq_prep_cmds(struct thread_data *td, struct io_u *io_u,
		   struct nvme_uring_cmd *cmds);

/**
 * ssdq_part_done() - Account the completion of one command of @io_u.
 * @res: 0, a negative errno from the kernel, or a positive NVMe status
 *
 * Return: true when that was the io_u's last command; io_u->error is set
 * then, and a failure has been described on stderr.
 */
bool ssdq_part_done(struct thread_data *td, struct io_u *io_u, int res);

/**
 * ssdq_phase_queue() - Burst gate, called before an io_u is sent.
 *
 * When the current burst is full, returns FIO_Q_BUSY until its I/O has
 * completed, then idles for the duty cycle, restamps the io_u's start (and
 * issue) time so the idle counts into no latency, and lets it through.
 *
 * Return: FIO_Q_QUEUED to go on sending @io_u, or FIO_Q_BUSY.
 */
enum fio_q_status ssdq_phase_queue(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_unqueue() - Undo ssdq_phase_queue() for an io_u the backend refused (busy). */
void ssdq_phase_unqueue(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_done() - Account a completed io_u in the burst bookkeeping. */
void ssdq_phase_done(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_end() - The job's I/O is over: close the last burst, idle for ssdq_idle. */
void ssdq_phase_end(struct thread_data *td);

/**
 * ssdq_event() - Record a phase marker in the job's events sidecar.
 * @name: "burst_start", "burst_end", "idle_start", "idle_end", …
 * @bytes: bytes the phase moved, or -1 when it moved none
 */
void ssdq_event(struct thread_data *td, const char *name, long long bytes);

/**
 * ssdq_event_str() - Record a phase marker with one string field,
 * e.g. ("erase", "method", "format").
 */
void ssdq_event_str(struct thread_data *td, const char *name, const char *key,
		    const char *value);

/**
 * ssdq_event_bytes_str() - Record a phase marker with a byte count and one
 * string field, e.g. ("model_regime", 88e6, "regime", "direct").
 */
void ssdq_event_bytes_str(struct thread_data *td, const char *name, long long bytes,
			  const char *key, const char *value);

/**
 * ssdq_event_json() - Record event @name with more members: @members is
 * JSON text to follow the line's own ("," first), e.g. ",\"k\":1".
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_event_json(struct thread_data *td, int64_t t_us, const char *name,
		     const char *members);

/**
 * ssdq_event_job_start() - Record "job_start" with what names the job's
 * figures: fio's thread number and group, its version, and the options as
 * fio's JSON prints them ("global_options", "options": the job's own).
 */
void ssdq_event_job_start(struct thread_data *td);

/**
 * ssdq_event_fio_stats() - Record "fio_stats", one line per data direction
 * the job moved data in: "ddir", fio's "job_runtime" (ms) and "stats", the
 * direction's object of fio's JSON output as fio computes it at the job's
 * end (io_bytes, total_ios, runtime in ms, slat_ns/clat_ns/lat_ns with
 * json+ "bins" of the latency fio reports percentiles of). Call it after
 * fio's last runtime update: from the engine's cleanup.
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_event_fio_stats(struct thread_data *td, int64_t t_us);

/**
 * ssdq_event_end() - Record "job_end" with the bytes the job moved and why
 * it stopped (ssdq_stop_reason()). A job killed leaves no job_end.
 * @t_us: its time (CLOCK_REALTIME, microseconds), from ssdq_sampling_end()
 */
void ssdq_event_end(struct thread_data *td, int64_t t_us);

/**
 * ssdq_stop_reason() - Why the job stopped: "stalled" (its drive completed
 * no I/O for ssdq_stall_timeout), "error" (td's error), "bytes"
 * (size/io_size done), "time" (runtime= ran out), "terminated" (asked to
 * stop before either: a signal, the trigger file, exitall), else "bytes"
 * (number_ios and the like). fio sets td->terminate when runtime runs out
 * too, so the flag alone does not tell a stop request.
 * @bytes: the bytes the job moved
 *
 * Return: a static string.
 */
const char *ssdq_stop_reason(struct thread_data *td, uint64_t bytes);

/**
 * ssdq_watch_tick() - Look at the job's progress, in the job's thread: print
 * a progress line when one is due (ssdq_progress=; "ssdq: progress
 * JOB.N: phase=io|erase|idle|stalled written=BYTES read=BYTES
 * elapsed_ms=MS", through fio's connection inside a server, on stdout
 * in plain fio), and stop the job when I/O is in flight and the drive has
 * completed none for ssdq_stall_timeout: said on stderr naming the file
 * and the silence, td's error ETIMEDOUT, the terminate flag set, stop
 * reason "stalled". Called by backends after reaping and by waits
 * between slices of a wait (submissions and completions print only).
 *
 * Return: true once the job is stopped as stalled (a backend then gives
 * up the I/O its drive will never complete).
 */
bool ssdq_watch_tick(struct thread_data *td);

/** ssdq_watch_wait_tick() - ssdq_watch_tick() for struct ssdq_stop's @tick (@td). */
void ssdq_watch_wait_tick(void *td);

/** ssdq_watch_submitted() - An I/O was sent; starts the silence when none was in flight. */
void ssdq_watch_submitted(struct thread_data *td);

/** ssdq_watch_completed() - An I/O completed: the drive answered. */
void ssdq_watch_completed(struct thread_data *td);

/**
 * ssdq_watch_end() - Record "stalled" (with "silent_s", the drive's
 * silence when the job was stopped) in the events sidecar when the job was
 * stopped as stalled; print its last progress line.
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_watch_end(struct thread_data *td, int64_t t_us);

/** ssdq_watch_stalled() - Whether the job was stopped as stalled. */
bool ssdq_watch_stalled(struct thread_data *td);

/** ssdq_job_bytes() - Bytes the job has read, written and trimmed. */
uint64_t ssdq_job_bytes(struct thread_data *td);

/**
 * ssdq_sidecar_name() - Name a sidecar as fio names the job's logs:
 * "<write_bw_log prefix or job name>_<kind>.<N>.<suffix>"; inside
 * fio --server, that name in the run's own directory (remote.h).
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int ssdq_sidecar_name(struct thread_data *td, const char *kind, const char *suffix,
		      char *out, size_t len);

/**
 * ssdq_sampling_start() - Start power/SMART sampling of the job's first
 * file, unless another job already samples that device; write device.json.
 *
 * Return: 0, or -errno after printing why (a power source that does not
 * open fails the job before any I/O).
 */
int ssdq_sampling_start(struct thread_data *td);

/**
 * ssdq_sampling_end() - End the job's power and SMART logs now (see
 * ssdq_sampler_end()); the sampler runs on until ssdq_sampling_stop().
 *
 * Return: the end, CLOCK_REALTIME in microseconds: the job_end event's time.
 */
int64_t ssdq_sampling_end(struct thread_data *td);

/** ssdq_sampling_stop() - Stop the job's sampler, if it has one. */
void ssdq_sampling_stop(struct thread_data *td);

/** ssdq_sidecars_close() - Close the job's sidecars. */
void ssdq_sidecars_close(struct thread_data *td);

/**
 * ssdq_check_options() - Parse the options kept as strings because fio
 * misreads numbers (ssdq_power_rate, ssdq_power_max, ssdq_duty,
 * ssdq_model_scale), strictly. Called first in ->setup (the model's scale
 * sizes the file) and again in ->init; a second call gives the same result.
 *
 * Return: 0, or -EINVAL/-ERANGE after naming the option and its range.
 */
int ssdq_check_options(struct thread_data *td);

/**
 * ssdq_check_buffers() - Refuse a job whose I/O buffers fio could not
 * allocate (fio 3.33 goes on with NULL buffers), naming the memory
 * iodepth x bs needs.
 *
 * Return: 0, or -ENOMEM with td's error set.
 */
int ssdq_check_buffers(struct thread_data *td);

/**
 * ssdq_guard_writer() - Take the writer's lock (engine/nslock.h) of every
 * file of a job that writes, trims or erases; a no-op for a reader and
 * for a lock this process holds already. Called in fio's main process
 * (->setup), so its job processes inherit the lock, and again in the job
 * before its first erase or write.
 *
 * Return: 0, or -EBUSY (another process holds a namespace, named on
 * stderr) or another -errno, with td's error set.
 */
int ssdq_guard_writer(struct thread_data *td);

/**
 * ssdq_guard_poller() - One polled ring (ssdq_hipri) per NVMe controller:
 * take the polling lock (an engine/nslock.h lock keyed "poll-" and the
 * identity of the controller's node) of every file's controller, in the
 * job process, which holds it until it exits. Two rings polling one
 * controller's poll queues at once crashed Linux 6.1 (general protection
 * fault in bio_poll); jobs run as threads (thread=1) share one process, so
 * a second polled ring in it is refused too. fio's own io_uring_cmd --hipri
 * takes no lock: beside it, only the README's warning helps.
 *
 * Return: 0, or -EBUSY (another job polls, named on stderr) or another
 * -errno; on 0, call ssdq_guard_poller_end() when the ring is gone.
 */
int ssdq_guard_poller(struct thread_data *td);

/** ssdq_guard_poller_end() - This process's polled ring is gone. */
void ssdq_guard_poller_end(void);

/**
 * ssdq_guard_job() - Make a job process die (SIGKILL) when fio's main
 * process does, so an orphaned job never writes on.
 *
 * Return: 0, or -ESRCH when fio's main process is gone already (said on
 * stderr), or -errno of prctl(2).
 */
int ssdq_guard_job(struct thread_data *td);

/**
 * ssdq_stake_check() - Refuse a job that writes, trims or erases a namespace
 * whose block node or a partition of it is mounted, used as swap or held
 * by device-mapper/md, or that carries a filesystem, RAID or partition-table
 * signature (holders.h) unless ssdq_destroy_data=1. Read-only jobs and the
 * drive model pass. Says why on stderr once per namespace and verdict.
 *
 * Return: 0, -EBUSY (in use), -EEXIST (a signature), or the -errno that
 * kept a table or the device from being read; td's error is set.
 */
int ssdq_stake_check(struct thread_data *td);


#endif
