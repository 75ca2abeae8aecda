/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_SSDQ_OPTIONS_H
#define SSDQ_ENGINE_SSDQ_OPTIONS_H

/*
 * Engine options (fio --enghelp=ssdq.so lists them): fio's table of them
 * and every check of their values (options.c). Includes fio's headers.
 */
#include "fio.h"
#include "parse.h"

/* the shortest ssdq_smart_interval: a device's, and the model's */
#define SSDQ_SMART_MIN_US	100000
#define SSDQ_SMART_MIN_MODEL_US	10000

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
	unsigned int write_cache; /* ssdq_write_cache: enum ssdq_write_cache_want */
	char *power_state_str;	/* ssdq_power_state: keep or a state (power_settings.h) */
	unsigned int apst;	/* ssdq_apst: enum ssdq_apst_want */
	char *apst_table_str;	/* ssdq_apst_table: FROM>TO@MS,... */
	unsigned long long burst; /* ssdq_burst: bytes per burst, 0: no bursts */
	char *burst_time;	/* ssdq_burst_time: as given */
	unsigned long long burst_time_us; /* parsed at init: a burst's time, 0: by bytes */
	char *burst_idle;	/* ssdq_burst_idle: as given, NULL: from ssdq_duty */
	unsigned long long burst_idle_us; /* parsed at init: idle after each burst */
	unsigned int bursts;	/* ssdq_bursts: the job ends after this many, 0: no end */
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
	unsigned int host;	/* ssdq_host: the host-interference sidecar (hostload.h) */
	unsigned int host_log;	/* ssdq_host_log: the model's per-I/O logs (host_iolog.h) */
};

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
 * ssdq_check_verify() - Refuse verify= on a target that stores no data (the
 * drive model), naming both. Called first in ->init.
 *
 * Return: 0, or 1 after the refusal.
 */
int ssdq_check_verify(struct thread_data *td);

/**
 * ssdq_check_job_options() - The checks of ->init, once the job's backend is
 * chosen: ssdq_hipri (io_uring only, one polled job), ssdq_duty against
 * ssdq_burst, the kinds of burst (ssdq_burst or ssdq_burst_time; ssdq_burst_idle
 * and ssdq_bursts need one), the intervals (ssdq_idle, ssdq_burst_time, ssdq_burst_idle, ssdq_smart_interval, ssdq_progress,
 * ssdq_stall_timeout: seconds or a unit) and SMART's floor: 100 ms on a
 * device (a Get Log Page command each time), 10 ms on the model (its own
 * state: a scaled model runs a test in 1/scale of the time, and ssdq-run
 * reads its SMART as much more often).
 *
 * Return: 0, or 1 after a refusal naming the job, the option and its range.
 */
int ssdq_check_job_options(struct thread_data *td);

/* fio's table of the engine's options, for ioengine_ops.options */
extern struct fio_option ssdq_fio_options[];

#endif
