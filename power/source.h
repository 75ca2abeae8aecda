/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_SOURCE_H
#define SSDQ_POWER_SOURCE_H

/*
 * Power sources behind one ops table, one file per source (source_*.c).
 *
 * A source is named by a spec string, "<type>:<argument>":
 *
 *	hwmon:/sys/class/hwmon/hwmon3[,chan=1+2][,energy=1|none][,energy_wrap=UJ]
 *	                                           a hwmon directory
 *	hwmon:ina3221[,chan=1]                     a hwmon device by its name
 *	cmd:/path/prog args                        a program printing readings
 *	qis:host:port[:module]                     Quarch Instrument Server
 *	nvme-ps                                    the drive's own estimate
 *	nvme-pm[:/dev/nvmeX]                       the drive's own measurement
 *	                                           (Power Measurement, 25h)
 *
 * A source sums its rails: each sample is the source's total power at one
 * instant, or, for an averaged source (an energy counter, the drive model),
 * its mean power since the source's previous sample. Polled sources (hwmon, nvme-ps) return one sample per read,
 * stamped with the time the sampler passes in; streamed sources (cmd, qis)
 * return what has arrived since the last read, each sample with its own
 * time. Nothing here knows of fio.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct ssdq_sample - one power reading
 * @time_us: CLOCK_REALTIME, microseconds since the epoch
 * @watts: total power of the source's rails, in W
 * @source: spec of the source (valid while the source is open)
 * @rail: which rails were summed, e.g. "12V+3.3V", "power1", "ps3"
 * @unit: unit of the raw reading the watts came from ("uW", "mV*mA", "W",
 *	"mW", "PSD")
 * @estimated: true when the value is the drive's own estimate (nvme-ps),
 *	false when measured
 */
struct ssdq_sample {
	int64_t time_us;
	double watts;
	const char *source;
	const char *rail;
	const char *unit;
	bool estimated;
};

/**
 * struct ssdq_source_cfg - what sources may need besides their spec
 * @sysfs_root: root of sysfs, "/sys" when NULL; tests point it at a fixture
 * @ctrl_path: NVMe controller node (/dev/nvmeX), for nvme-ps
 * @rate_hz: the sampler's power rate, a hint for streamed sources
 * @open_timeout_ms: how long open may wait for a first answer (0: 3000)
 * @extra_types: more source types, NULL-terminated, looked up before the
 *	built-in ones (the engine's drive model brings "model"); may be NULL
 */
struct ssdq_source_cfg {
	const char *sysfs_root;
	const char *ctrl_path;
	double rate_hz;
	unsigned int open_timeout_ms;
	const struct ssdq_source_ops *const *extra_types;
};

struct ssdq_source;

/**
 * struct ssdq_drive_meas - the drive's own measurement since its source
 * opened (the Power Measurement log, nvme/nvme_pmeas.h)
 * @count: interval measurements the drive collected
 * @interval_s: one interval's length (the drive model's: 1 s of the full
 *	drive's time; a drive's: 1 s, the SMART Interval Power Measurement's)
 * @avg_w: their mean; NaN when the drive gave none (@why says so)
 * @max_w: the largest; NaN when not reported
 * @joules: @avg_w × @count × @interval_s; NaN with @avg_w
 * @resolution_w: the unit of the drive's power fields
 * @percent_error: the drive's stated accuracy (%), -1 when not stated
 * @estimated: the drive says its figures are estimates, not measured
 * @why: why there is no figure, or what to know of it ("" when nothing)
 */
struct ssdq_drive_meas {
	uint32_t count;
	double interval_s;
	double avg_w, max_w, joules, resolution_w;
	int percent_error;
	bool estimated;
	char why[200];
};

/**
 * struct ssdq_energy - an energy counter's account since its source opened
 * @uj: energy counted, µJ, with the counter's wraps taken out
 * @bridged_uj: of @uj, what stood in for a drop of unknown width (a wrap
 *	with no energy_wrap= given, or a reset): the power read times the span
 *	between the two readings around the drop
 * @wraps: wraps of known width (energy_wrap=) taken out
 * @drops: drops of unknown width bridged
 * @stopped_us: when the counter last advanced, if it has not since while the
 *	power read should have moved it by at least 1 J over at least 2 s (a
 *	counter that stopped: its figure no longer counts the energy); 0 while
 *	it runs
 * @time_us: when it was read (the time the caller passed)
 */
struct ssdq_energy {
	double uj;
	double bridged_uj;
	unsigned int wraps;
	unsigned int drops;
	int64_t stopped_us;
	int64_t time_us;
};

/**
 * struct ssdq_source_ops - one kind of power source
 * @type: the spec prefix, e.g. "hwmon"
 * @open: parse @arg (the spec after "type:", "" when none), open the
 *	source and check that it gives readings. Returns 0 or -errno with a
 *	message in @err that names the spec.
 * @read: return up to @max samples in @out without blocking for long;
 *	@now_us is the time to stamp a polled reading with. Returns the
 *	number of samples (0: nothing new), or -errno with a message in
 *	src->err when the source failed; the sampler calls read again later,
 *	and a source that can recover (a sensor back, a reconnect) returns
 *	samples again.
 * @energy: NULL, or for a source with an energy counter (hwmon's
 *	energyN_input): read it now, fold it into the account kept since open
 *	(each @read folds it in too, so a wrap between two calls is seen) and
 *	copy that to @out; @now_us stamps the reading. Not called concurrently
 *	with @read (the sampler holds its read lock). Returns 0, -ENODATA when
 *	the source has no counter, or -errno of the read (message in src->err).
 * @measure: NULL, or for the drive's own measurement (nvme-pm, the drive
 *	model's model-pm): its account since open into @out, read now. A
 *	source with @measure beside other sources does not add to their
 *	power log: the sampler reads it at the end only, and writes its
 *	figures in a "drive_power" event, held against the others'. Returns
 *	0, or -errno with @out->why set.
 * @close: release everything; called once, also after a failed read.
 */
struct ssdq_source_ops {
	const char *type;
	int (*open)(struct ssdq_source *src, const char *arg,
		    const struct ssdq_source_cfg *cfg, char *err, size_t errlen);
	int (*read)(struct ssdq_source *src, int64_t now_us,
		    struct ssdq_sample *out, int max);
	int (*energy)(struct ssdq_source *src, int64_t now_us, struct ssdq_energy *out);
	int (*measure)(struct ssdq_source *src, struct ssdq_drive_meas *out);
	void (*close)(struct ssdq_source *src);
};

/**
 * struct ssdq_source - an open source
 * @ops: its kind
 * @spec: the spec as given
 * @rail: rails summed, set by open
 * @unit: unit of the raw readings, set by open
 * @estimated: readings are estimates (nvme-ps)
 * @averaged: each sample is the mean power since the previous one (an
 *	energy counter's difference), not an instant's: the sampler weights
 *	it by the time it covers
 * @streamed: samples arrive in a stream, not per read (cmd, qis)
 * @own_times: every sample so far carried the time it was taken, not its
 *	arrival (qis always; cmd while its lines have TIME): the sampler may
 *	then read in batches instead of every period
 * @min_interval_us: read no more often than this (0: at the sampler rate)
 * @wait_fd: an fd that turns readable when the source has something new
 *	(cmd: its pipe), or -1: the sampler then waits on it instead of
 *	reading every period; set by open
 * @idle_hint: set by the sampler between idle_start and idle_end events;
 *	nvme-ps uses IDLP rather than ACTP then
 * @err: message of the last failed read
 * @unparsed: lines (or answers) the source could not read as a reading,
 *	counted by the source since open
 * @unparsed_line: the last of them, cut
 * @priv: the source's own state
 */
struct ssdq_source {
	const struct ssdq_source_ops *ops;
	char spec[512];
	char rail[128];
	const char *unit;
	bool estimated;
	bool averaged;
	bool streamed;
	bool own_times;
	unsigned int min_interval_us;
	int wait_fd;
	volatile int idle_hint;
	char err[256];
	unsigned long unparsed;
	char unparsed_line[64];
	void *priv;
};

extern const struct ssdq_source_ops ssdq_source_hwmon;
extern const struct ssdq_source_ops ssdq_source_cmd;
extern const struct ssdq_source_ops ssdq_source_qis;
extern const struct ssdq_source_ops ssdq_source_nvme_ps;
extern const struct ssdq_source_ops ssdq_source_nvme_pm;

/**
 * struct ssdq_pmeas_dev_ops - a drive's Power Measurement feature, as the
 * nvme-pm source drives it: a controller (source_pmeas.c) or the drive
 * model (model/model_pmeas.c)
 * @start: Set Features 25h, Action start (which also resets it)
 * @log: Get Log Page 25h, decoded (nvme_pmeas.h)
 * @stop: Set Features 25h, Action stop
 * @close: release @dev
 * Each returns 0 or -errno (an NVMe status as -EIO) with a message in @why.
 */
struct ssdq_pmeas;
struct ssdq_pmeas_dev_ops {
	int (*start)(void *dev, char *why, size_t whylen);
	int (*log)(void *dev, struct ssdq_pmeas *out, char *why, size_t whylen);
	int (*stop)(void *dev, char *why, size_t whylen);
	void (*close)(void *dev);
};

/**
 * ssdq_pmeas_source_open() - Make @src the drive's own measurement through
 * @ops on @dev: start the measurement, read its first page. On failure
 * @dev is closed.
 * @interval_s: the length of one of the drive's intervals
 *
 * Return: 0, or -errno with a message in @err naming @src's spec.
 */
int ssdq_pmeas_source_open(struct ssdq_source *src, const struct ssdq_pmeas_dev_ops *ops,
			   void *dev, double interval_s, char *err, size_t errlen);

/* read, measure and close of a source opened by ssdq_pmeas_source_open() */
int ssdq_pmeas_source_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out,
			   int max);
int ssdq_pmeas_source_measure(struct ssdq_source *src, struct ssdq_drive_meas *out);
void ssdq_pmeas_source_close(struct ssdq_source *src);

/**
 * ssdq_source_open() - Open the source a spec names.
 * @spec: "type:argument", see above
 * @cfg: settings; may be NULL for defaults
 * @out: the open source, freed with ssdq_source_close()
 * @err: on failure, a message naming @spec and the cause
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for an unknown type or a malformed spec, or what the
 * source's open returned.
 */
int ssdq_source_open(const char *spec, const struct ssdq_source_cfg *cfg,
		     struct ssdq_source **out, char *err, size_t errlen);

/**
 * ssdq_source_read() - Read samples, see &struct ssdq_source_ops.read.
 *
 * Return: number of samples, or -errno (message in src->err).
 */
int ssdq_source_read(struct ssdq_source *src, int64_t now_us,
		     struct ssdq_sample *out, int max);

/**
 * ssdq_source_energy() - Read @src's energy counter, see
 * &struct ssdq_source_ops.energy.
 *
 * Return: 0, -ENODATA when @src has no counter, or -errno.
 */
int ssdq_source_energy(struct ssdq_source *src, int64_t now_us, struct ssdq_energy *out);

/** ssdq_source_close() - Close and free @src; NULL is fine. */
void ssdq_source_close(struct ssdq_source *src);

/**
 * ssdq_source_split() - Split an option value holding several specs.
 * @str: specs separated by ';'. A "cmd:" spec takes the rest of the string
 *	(its command line may hold ';'), so it goes last.
 * @specs: filled with pointers into @buf
 * @max: room in @specs
 * @buf: a copy of @str is split here
 * @buflen: size of @buf
 *
 * Return: the number of specs, -E2BIG when more than @max or @str does not
 * fit @buf.
 */
int ssdq_source_split(const char *str, const char **specs, int max,
		      char *buf, size_t buflen);

/**
 * ssdq_cmd_parse_line() - Parse one line of a cmd: source's output.
 * @line: "W" or "TIME W", separated by blanks or a comma. W is in watts,
 *	or carries a unit: "mW", "uW", "W" (e.g. "12.5", "12500 mW"). TIME is
 *	Unix time in seconds (a fraction allowed), or in ms when above 1e11,
 *	or in µs when above 1e14.
 * @arrival_us: the time to stamp a reading that has no TIME
 * @time_us: the reading's time
 * @watts: the reading
 *
 * Return: 0 stamped with @arrival_us, 1 with its own TIME; -ENODATA for a
 * blank line or a comment ('#'); -EINVAL for a line that is not a reading.
 */
int ssdq_cmd_parse_line(const char *line, int64_t arrival_us, int64_t *time_us,
			double *watts);

#endif
