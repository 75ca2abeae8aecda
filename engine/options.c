// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's options: fio's table of them and every check of their
 * values, in one place. Options that fio's own parser would misread (an
 * integer option given "1e9" is read as 1, and one given "-5" is refused
 * with a message while the job runs on with the default and fio exits 0:
 * ssdq_duty=-5 ran without bursts' idles, ssdq_model_scale=-5 on the
 * full-size drive) are kept as strings and parsed here, strictly; a value
 * that cannot be honoured fails the job, so fio exits non-zero. Every
 * refusal names the job, the option and what it takes, which fio's
 * parse-time callbacks (given the options alone, not the job) could not.
 */
#include <errno.h>
#include <stddef.h>

#include "ssdq.h"
#include "opt_parse.h"
#include "write_cache.h"
#include "power_settings.h"
#include "verify.h"

#define POWER_RATE_MIN	0.1
#define POWER_RATE_MAX	20000.0
#define POWER_MAX_W	10000.0
#define MODEL_SCALE_MAX	1e9

/* A whole number in [@min, @max] from @str (@def when unset), or a message naming @name. */
static int whole(struct thread_data *td, const char *name, const char *str, const char *def,
		 double min, double max, unsigned int *out)
{
	const char *v = str ? str : def;
	double d;
	int ret = ssdq_parse_number(v, min, max, &d);

	if (!ret && d != (double)(unsigned int)d)
		ret = -EINVAL;
	if (ret) {
		ssdq_log("%s: %s=%s: %s; give a whole number from %.0f to %.0f", td->o.name, name, v,
			 ret == -ERANGE ? "out of range" : "not a whole number", min, max);
		return ret;
	}
	*out = (unsigned int)d;
	return 0;
}

int ssdq_check_options(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	const char *rate = o->power_rate_str ? o->power_rate_str : "10";
	int ret;

	ret = ssdq_parse_number(rate, POWER_RATE_MIN, POWER_RATE_MAX, &o->power_hz);
	if (ret) {
		ssdq_log("%s: ssdq_power_rate=%s: %s; give %g to %g samples per second", td->o.name,
			 rate, ret == -ERANGE ? "out of range" : "not a number", POWER_RATE_MIN,
			 POWER_RATE_MAX);
		return ret;
	}
	ret = whole(td, "ssdq_duty", o->duty_str, "100", 1, 100, &o->duty);
	if (!ret)
		ret = whole(td, "ssdq_model_scale", o->model_scale_str, "1", 1, MODEL_SCALE_MAX,
			    &o->model_scale);
	if (ret)
		return ret;
	o->power_max_w = 0;
	if (o->power_max_str && *o->power_max_str) {
		ret = ssdq_parse_number(o->power_max_str, 0, POWER_MAX_W, &o->power_max_w);
		if (ret || o->power_max_w <= 0) {
			ssdq_log("%s: ssdq_power_max=%s: give the most watts a reading may show "
				 "(above 0, at most %g)", td->o.name, o->power_max_str, POWER_MAX_W);
			return ret ? ret : -ERANGE;
		}
	}
	return 0;
}

/*
 * An interval option @name as given (@val, NULL: @dflt) into @us; a bad one
 * is refused naming the option with examples of seconds (@secs) and of
 * units (@units).
 * Return: 0, or 1 after the refusal.
 */
static int interval_opt(struct thread_data *td, const char *name, const char *val,
			const char *dflt, const char *secs, const char *units, unsigned long long *us)
{
	if (!ssdq_parse_interval(val ? val : dflt, us))
		return 0;
	ssdq_log("%s: %s=%s: give seconds (%s) or a unit (%s)", td->o.name, name, val, secs, units);
	return 1;
}

int ssdq_check_verify(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;

	if (!ssdq_target_of(td)->keeps_data && td->o.verify != VERIFY_NONE) {
		ssdq_log("%s: ssdq_model=%s stores no data, so verify= cannot work; drop "
			 "verify or run on a device", td->o.name, o->model);
		return 1;
	}
	return 0;
}

int ssdq_check_job_options(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;

	if (o->hipri && sd->be != &ssdq_be_uring) {
		ssdq_log("%s: ssdq_hipri polls io_uring completions; %s has none", td->o.name,
			 sd->target->backend ? sd->target->name : "ssdq_sync=1");
		return 1;
	}
	/* numjobs clones carry numjobs=1 and their subjob number */
	if (o->hipri && (td->o.numjobs > 1 || td->subjob_number)) {
		ssdq_log("%s: ssdq_hipri=1 with numjobs above 1: several rings polling one NVMe "
			 "poll queue crashed Linux 6.1 (general protection fault in bio_poll, "
			 "Debian 12's kernel); run one polled job at a time, or drop ssdq_hipri",
			 td->o.name);
		return 1;
	}
	/* each clone would erase in its own post_init, after fio let them all start */
	if (o->erase != SSDQ_ERASE_NONE && (td->o.numjobs > 1 || td->subjob_number)) {
		ssdq_log("%s: ssdq_erase with numjobs above 1: each job would erase the namespace "
			 "as it starts, while the others may already write; erase in a job of its "
			 "own first ([erase] ssdq_erase=auto rw=read size=4k, then stonewall)",
			 td->o.name);
		return 1;
	}
	if (interval_opt(td, "ssdq_burst_time", o->burst_time, "0", "5", "5s, 500ms",
			 &o->burst_time_us) ||
	    interval_opt(td, "ssdq_burst_idle", o->burst_idle, "0", "5", "5s, 500ms",
			 &o->burst_idle_us))
		return 1;
	if (o->burst && o->burst_time_us) {
		ssdq_log("%s: ssdq_burst=%llu and ssdq_burst_time=%s: a burst ends by its bytes "
			 "or by its time; give one", td->o.name, o->burst, o->burst_time);
		return 1;
	}
	if (o->duty > 100 || (o->duty != 100 && !o->burst && !o->burst_time_us)) {
		ssdq_log("%s: ssdq_duty=%u needs ssdq_burst= or ssdq_burst_time= and a value of "
			 "1-100", td->o.name, o->duty);
		return 1;
	}
	if ((o->burst_idle || o->bursts) && !o->burst && !o->burst_time_us) {
		ssdq_log("%s: ssdq_burst_idle and ssdq_bursts need ssdq_burst= or ssdq_burst_time=",
			 td->o.name);
		return 1;
	}
	if (interval_opt(td, "ssdq_idle", o->idle, "0", "0.5", "500ms, 60s", &o->idle_us) ||
	    interval_opt(td, "ssdq_smart_interval", o->smart_interval, "1",
			 "0.5", "500ms, 2s", &o->smart_us) ||
	    interval_opt(td, "ssdq_progress", o->progress, "0", "2", "500ms, 10s",
			 &o->progress_us) ||
	    interval_opt(td, "ssdq_stall_timeout", o->stall, "0", "60", "90s, 5m",
			 &o->stall_us))
		return 1;
	/* the model's SMART is its own state, read without a command */
	if (o->smart_us && o->smart_us < (o->model ? SSDQ_SMART_MIN_MODEL_US : SSDQ_SMART_MIN_US)) {
		ssdq_log("%s: ssdq_smart_interval=%s is below the %s",
			 td->o.name, o->smart_interval, o->model ? "10ms the model's SMART allows" :
			 "100ms a device's SMART allows (the model's: 10ms)");
		return 1;
	}
	return 0;
}

struct fio_option ssdq_fio_options[] = {
	{
		.name	= "ssdq_sync",
		.lname	= "ssdq synchronous ioctl path",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, sync),
		.def	= "0",
		.help	= "Send commands with NVME_IOCTL_IO64_CMD, one at a time (QD1 "
			  "latency work, kernels without io_uring passthrough)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_fixedbufs",
		.lname	= "ssdq fixed buffers",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, fixedbufs),
		.def	= "0",
		.help	= "Register fio's I/O buffers with io_uring (IORING_URING_CMD_FIXED)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_sqpoll",
		.lname	= "ssdq SQ polling",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, sqpoll),
		.def	= "0",
		.help	= "Let a kernel thread poll the submission queue (IORING_SETUP_SQPOLL)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_sqpoll_idle",
		.lname	= "ssdq SQ poll idle time",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct ssdq_options, sqpoll_idle),
		.def	= "1000",
		.help	= "Milliseconds the SQ polling thread spins before it sleeps",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_hipri",
		.lname	= "ssdq polled completions",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, hipri),
		.def	= "0",
		.help	= "Poll for completions instead of waiting for interrupts "
			  "(IORING_SETUP_IOPOLL; Linux 6.1+, the controller needs NVMe poll "
			  "queues: nvme.poll_queues=N)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_max_xfer",
		.lname	= "ssdq largest command",
		.type	= FIO_OPT_STR_VAL,
		.off1	= offsetof(struct ssdq_options, max_xfer),
		.def	= "0",
		.help	= "Split I/Os into commands of at most this many bytes (0: the "
			  "namespace's max_hw_sectors_kb and max_segments)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_erase",
		.lname	= "ssdq erase before the job",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct ssdq_options, erase),
		.def	= "none",
		.help	= "Erase the namespace before the job's first I/O",
		.posval	= {
			{ .ival = "none", .oval = SSDQ_ERASE_NONE, .help = "Do not erase" },
			{ .ival = "auto", .oval = SSDQ_ERASE_AUTO,
			  .help = "Sanitize, else Format NVM, else deallocate: the first the drive supports" },
			{ .ival = "purge", .oval = SSDQ_ERASE_PURGE,
			  .help = "A SNIA PTS purge: Sanitize, else Format NVM; refused without either" },
			{ .ival = "sanitize", .oval = SSDQ_ERASE_SANITIZE,
			  .help = "Sanitize block erase (single-namespace drives only)" },
			{ .ival = "format", .oval = SSDQ_ERASE_FORMAT,
			  .help = "Format NVM with user data erase" },
			{ .ival = "deallocate", .oval = SSDQ_ERASE_DEALLOCATE,
			  .help = "Dataset Management deallocate of the whole namespace" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_write_cache",
		.lname	= "ssdq volatile write cache",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct ssdq_options, write_cache),
		.def	= "keep",
		.help	= "The drive's volatile write cache for the run (Set Features 06h), "
			  "put back as it was after it",
		.posval	= {
			{ .ival = "keep", .oval = SSDQ_WC_KEEP, .help = "Leave it as it is" },
			{ .ival = "on", .oval = SSDQ_WC_ON, .help = "Enabled (SNIA PTS-C)" },
			{ .ival = "off", .oval = SSDQ_WC_OFF, .help = "Disabled (SNIA PTS-E)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_power_state",
		.lname	= "ssdq power state",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, power_state_str),
		.def	= "keep",
		.help	= "The drive's power state for the job (Set Features 02h): keep, or 0 "
			  "to the last of its table; put back after the run",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_apst",
		.lname	= "ssdq autonomous power state transitions",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct ssdq_options, apst),
		.def	= "keep",
		.help	= "APST for the job (Set Features 0Ch), put back after the run",
		.posval	= {
			{ .ival = "keep", .oval = SSDQ_APST_KEEP, .help = "Leave it as it is" },
			{ .ival = "on", .oval = SSDQ_APST_ON,
			  .help = "Enabled, with the drive's table or ssdq_apst_table's" },
			{ .ival = "off", .oval = SSDQ_APST_OFF, .help = "Disabled" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_apst_table",
		.lname	= "ssdq APST table",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, apst_table_str),
		.help	= "APST's transitions for the job, FROM>TO@MS comma-separated "
			  "(0>3@100,3>4@2000); turns APST on; put back after the run",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_burst",
		.lname	= "ssdq burst size",
		.type	= FIO_OPT_STR_VAL,
		.off1	= offsetof(struct ssdq_options, burst),
		.def	= "0",
		.help	= "Do I/O in bursts of this many bytes, idling between them (see "
			  "ssdq_duty); burst start/end go to the events sidecar",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_burst_time",
		.lname	= "ssdq burst time",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, burst_time),
		.def	= "0",
		.help	= "Do I/O in bursts of this long (seconds or a unit: 5s), idling between "
			  "them (ssdq_burst_idle, else ssdq_duty); instead of ssdq_burst",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_burst_idle",
		.lname	= "ssdq idle between bursts",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, burst_idle),
		.help	= "Idle this long after each burst (seconds or a unit: 5s), once its I/O "
			  "has completed; instead of ssdq_duty's share",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_bursts",
		.lname	= "ssdq bursts",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct ssdq_options, bursts),
		.def	= "0",
		.help	= "End the job after this many bursts and the idle after the last "
			  "(0: runtime or size ends it); job_end says \"stop\":\"bursts\"",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_duty",
		.lname	= "ssdq burst duty cycle",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, duty_str),
		.def	= "100",
		.help	= "Percent of the time bursts keep the drive busy (1-100): after each burst, "
			  "idle for its measured time x (100 - duty) / duty",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_idle",
		.lname	= "ssdq idle after the job",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, idle),
		.def	= "0",
		.help	= "Idle this long after the job's I/O (cool-down, garbage collection), "
			  "outside its runtime",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_power",
		.lname	= "ssdq power sources",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, power),
		.help	= "Power sources to sample, ';'-separated: hwmon:/sys/class/hwmon/hwmonN"
			  "[,chan=1+2], cmd:/path/prog args, qis:host:port[:module], nvme-ps; "
			  "written to <prefix>_power.<N>.log in mW",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_power_rate",
		.lname	= "ssdq power sample rate",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, power_rate_str),
		.def	= "10",
		.help	= "Power samples per second (0.1-20000)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_power_max",
		.lname	= "ssdq most plausible power",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, power_max_str),
		.help	= "Watts above which a power reading is refused as implausible (a gap "
			  "is recorded); default: twice the highest MP of the drive's power "
			  "states, else 100",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_smart_interval",
		.lname	= "ssdq SMART interval",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, smart_interval),
		.def	= "1",
		.help	= "Read the SMART / Health log this often into <prefix>_smart.<N>.jsonl "
			  "(0: never; at least 100ms, 10ms on the model)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_capacity",
		.lname	= "ssdq capacity told to fio",
		.type	= FIO_OPT_STR_VAL,
		.off1	= offsetof(struct ssdq_options, capacity),
		.def	= "0",
		.help	= "Tell fio the namespace holds this many bytes instead of NSZE x LBA size "
			  "(to test error handling: I/O past the end gets LBA Out of Range)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_model",
		.lname	= "ssdq drive model",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, model),
		.help	= "Run on the built-in drive model PRESET instead of a device; "
			  "filename= is then the model's state file (presets: qlc-1tb, "
			  "tlc-dramless-1tb, tlc-enterprise-4tb, sata-1tb)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_model_scale",
		.lname	= "ssdq drive model scale",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, model_scale_str),
		.def	= "1",
		.help	= "Divide the model's capacity and SLC cache by this whole number "
			  "(1 or more); speeds stay",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_model_ambient",
		.lname	= "ssdq drive model ambient temperature",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct ssdq_options, model_ambient),
		.def	= "0",
		.maxval	= 120,
		.help	= "Air temperature around the model drive in C (0: the preset's); a hot "
			  "case makes it throttle",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_destroy_data",
		.lname	= "ssdq write over what the namespace holds",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, destroy_data),
		.def	= "0",
		.help	= "Let a job that writes, trims or erases run on a namespace carrying a "
			  "filesystem or partition-table signature (never on one mounted or in use)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_progress",
		.lname	= "ssdq progress lines",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, progress),
		.def	= "0",
		.help	= "Print a progress line this often (\"ssdq: progress JOB.N: phase= "
			  "written= read= elapsed_ms=\"; on stdout, or to fio's client inside a "
			  "server); 0: none",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_stall_timeout",
		.lname	= "ssdq stalled drive timeout",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct ssdq_options, stall),
		.def	= "0",
		.help	= "Stop the job when I/O is in flight and the drive completes none for "
			  "this long (stop reason stalled, error ETIMEDOUT); 0: wait forever",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_account",
		.lname	= "ssdq account sidecars",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, account),
		.def	= "1",
		.help	= "Write the job's bytes, I/Os and mean latency every log_avg_msec (else 1 s) "
			  "to <prefix>_progress_{bw,iops,clat}.<N>.log as it goes, so a killed job "
			  "keeps its curve",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_host",
		.lname	= "ssdq host interference sidecar",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, host),
		.def	= "1",
		.help	= "With ssdq_account: write the job thread's run delay, CPU time and context "
			  "switches every interval, and on the drive model each interval's intended "
			  "and host-added I/O time, to <prefix>_host.<N>.jsonl (docs/host.md)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "ssdq_host_log",
		.lname	= "ssdq per-I/O host logs",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct ssdq_options, host_log),
		.def	= "0",
		.help	= "On the drive model: log each I/O's host-added and intended time (ns) to "
			  "<prefix>_hostlat.<N>.log and <prefix>_intended.<N>.log (docs/host.md)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= NULL,
	},
};
