// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-sample: the ssdq sampler as a command of its own, for runs with any
 * other fio engine or with SATA drives. Start it before the run, stop it
 * with SIGINT or SIGTERM after; it writes the same sidecars as ssdq.so:
 *
 *	PREFIX_power.N.log  PREFIX_smart.N.jsonl  PREFIX_events.N.jsonl
 *	device.json (beside PREFIX, with --smart or --ng)
 */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sampler.h"
#include "ssdq_version.h"

static void usage(FILE *f)
{
	fputs("usage: ssdq-sample --out PREFIX [--power SPEC]... [--rate HZ]\n"
	      "                   [--smart /dev/nvmeX] [--smart-interval MS] [--ng /dev/ngXnY]\n"
	      "                   [--job N] [--duration S] [--fio-version V] [--sysfs-root DIR]\n"
	      "\n"
	      "Samples power and NVMe SMART until SIGINT/SIGTERM (or --duration) and writes\n"
	      "PREFIX_power.N.log (fio log format, mW), PREFIX_smart.N.jsonl,\n"
	      "PREFIX_events.N.jsonl and device.json (beside PREFIX). N is --job (1).\n"
	      "\n"
	      "  --out PREFIX        where the logs go (PREFIX_power.N.log, ...); device.json\n"
	      "                      goes to PREFIX's directory\n"
	      "  --power SPEC        hwmon:DIR|NAME[,chan=N+M], cmd:PROGRAM ARGS,\n"
	      "                      qis:HOST:PORT[:MODULE], nvme-ps; repeat for several\n"
	      "  --rate HZ           power samples per second (10)\n"
	      "  --smart DEV         the NVMe controller whose SMART log to sample\n"
	      "  --smart-interval MS SMART interval (1000; 0: off)\n"
	      "  --ng DEV            the namespace node under test, for device.json\n"
	      "  --job N             N in the log names, as fio's thread number (1)\n"
	      "  --duration S        stop by itself after S seconds\n"
	      "  --fio-version V     the fio release device.json names (default: none)\n"
	      "  --sysfs-root DIR    read /sys from DIR instead (for tests)\n"
	      "  --help              this text\n"
	      "  --version           ssdq's version\n"
	      "\n"
	      "Exit status: 0 stopped by a signal or --duration, 1 it could not start or\n"
	      "write its files, 2 bad usage. See ssdq-sample(1) and docs/power.md.\n", f);
}

static int append_spec(char **all, const char *spec)
{
	size_t old = *all ? strlen(*all) : 0;
	char *n = realloc(*all, old + strlen(spec) + 2);

	if (!n)
		return -ENOMEM;
	if (old)
		n[old++] = ';';
	strcpy(n + old, spec);
	*all = n;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "power", required_argument, NULL, 'p' },
		{ "rate", required_argument, NULL, 'r' },
		{ "smart", required_argument, NULL, 's' },
		{ "smart-interval", required_argument, NULL, 'i' },
		{ "ng", required_argument, NULL, 'n' },
		{ "out", required_argument, NULL, 'o' },
		{ "job", required_argument, NULL, 'j' },
		{ "duration", required_argument, NULL, 'd' },
		{ "fio-version", required_argument, NULL, 'f' },
		{ "sysfs-root", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	struct ssdq_sampler_cfg cfg = { .power_hz = 10, .smart_ms = 1000 };
	char power_log[PATH_MAX], smart_log[PATH_MAX], events_log[PATH_MAX];
	char device_json[PATH_MAX], dir[PATH_MAX], err[1024], *power = NULL, *end;
	const char *out = NULL;
	double duration = 0;
	struct ssdq_sampler *s;
	unsigned long job = 1;
	sigset_t set;
	int c, sig, ret;

	while ((c = getopt_long(argc, argv, "p:r:s:i:n:o:j:d:f:R:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (append_spec(&power, optarg))
				return 1;
			break;
		case 'r':
			cfg.power_hz = strtod(optarg, &end);
			if (*end || cfg.power_hz <= 0) {
				fprintf(stderr, "ssdq-sample: bad --rate %s\n", optarg);
				return 2;
			}
			break;
		case 's':
			cfg.ctrl = optarg;
			break;
		case 'i':
			cfg.smart_ms = (unsigned int)strtoul(optarg, &end, 10);
			if (*end) {
				fprintf(stderr, "ssdq-sample: bad --smart-interval %s\n", optarg);
				return 2;
			}
			break;
		case 'n':
			cfg.ng = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'j':
			job = strtoul(optarg, &end, 10);
			if (*end) {
				fprintf(stderr, "ssdq-sample: bad --job %s\n", optarg);
				return 2;
			}
			break;
		case 'd':
			duration = strtod(optarg, &end);
			if (*end || duration < 0) {
				fprintf(stderr, "ssdq-sample: bad --duration %s\n", optarg);
				return 2;
			}
			break;
		case 'f':
			cfg.fio_version = optarg;
			break;
		case 'R':
			cfg.sysfs_root = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("ssdq-sample (ssdq) %s\n", SSDQ_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!out || optind != argc || (!power && !cfg.ctrl && !cfg.ng)) {
		if (out && optind == argc)
			fputs("ssdq-sample: nothing to sample: give --power, --smart or --ng\n", stderr);
		usage(stderr);
		return 2;
	}
	if (!cfg.ctrl && !cfg.ng)
		cfg.smart_ms = 0;
	snprintf(power_log, sizeof(power_log), "%s_power.%lu.log", out, job);
	snprintf(smart_log, sizeof(smart_log), "%s_smart.%lu.jsonl", out, job);
	snprintf(events_log, sizeof(events_log), "%s_events.%lu.jsonl", out, job);
	snprintf(dir, sizeof(dir), "%s", out);
	snprintf(device_json, sizeof(device_json), "%s/device.json", dirname(dir));
	cfg.power = power;
	cfg.power_log = power_log;
	cfg.smart_log = smart_log;
	cfg.events_log = events_log;
	cfg.device_json = device_json;

	/* This run's events only (the sampler appends, for the engine's sake). */
	unlink(events_log);

	/* The sampler's threads inherit this mask: signals come to sigwait. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	ret = ssdq_sampler_open(&cfg, &s, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "ssdq-sample: %s\n", err);
		free(power);
		return 1;
	}
	fprintf(stderr, "ssdq-sample: sampling to %s_*.%lu.*; stop with SIGINT or SIGTERM\n",
		out, job);
	ssdq_sampler_event(s, "sample_start", -1);
	if (duration > 0) {
		struct timespec ts = { .tv_sec = (time_t)duration,
				       .tv_nsec = (long)((duration - (double)(time_t)duration) * 1e9) };

		do {
			sig = sigtimedwait(&set, NULL, &ts);
		} while (sig < 0 && errno == EINTR);
	} else {
		sigwait(&set, &sig);
	}
	ssdq_sampler_event(s, "sample_stop", -1);
	ret = ssdq_sampler_close(s);
	free(power);
	if (ret) {
		fprintf(stderr, "ssdq-sample: writing the sidecars failed: %s\n", strerror(-ret));
		return 1;
	}
	return 0;
}
