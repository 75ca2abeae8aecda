// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the host sidecar costs, from inside (issue 34; make bench, BENCHMARKS.md):
 * - the job thread's part, per I/O: ssdq_host_acct_busy() and _io(), what
 *   the model backend adds to each I/O with ssdq_host on or off;
 *   A reader thread snapshots once a millisecond meanwhile, as the
 *   progress thread does at the model's densest interval.
 * - the progress thread's part, per interval: ssdq_hostload_tick() on this
 *   thread's own /proc files (two preads, a CPU-clock read, a snapshot, one
 *   line written to a temporary file).
 * Prints ns per call (median of 5 batches) as "name ns".
 * usage: bench_hostload [IOS] [TICKS]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "host_acct.h"
#include "hostload.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static struct ssdq_host_acct the_acct;
static volatile int stop;

static void *reader(void *arg)
{
	struct ssdq_host_snap s;

	(void)arg;
	while (!stop) {
		ssdq_host_acct_snap(&the_acct, now_ns(), &s);
		usleep(1000);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long ios = argc > 1 ? atol(argv[1]) : 2000000, ticks = argc > 2 ? atol(argv[2]) : 20000;
	struct ssdq_hostload_cfg cfg = { .ncpu = 1, .cpus_allowed = 1, .interval_ms = 1 };
	char dir[64], path[] = "/tmp/ssdq-bench-host.XXXXXX", err[256];
	struct ssdq_hostload *h;
	double per_io[5], per_tick[5];
	pthread_t th;
	int fd;

	ssdq_host_acct_init(&the_acct, now_ns());
	pthread_create(&th, NULL, reader, NULL);
	for (int b = 0; b < 5; b++) {
		uint64_t t0 = now_ns();

		for (long i = 0; i < ios; i++) {
			uint64_t t = t0 + (uint64_t)i * 100000;

			ssdq_host_acct_busy(&the_acct, t, 0);
			ssdq_host_acct_io(&the_acct, t, t + 80000, t + 80500, true);
		}
		per_io[b] = (double)(now_ns() - t0) / (double)ios;
	}
	stop = 1;
	pthread_join(th, NULL);

	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	close(fd);
	snprintf(dir, sizeof(dir), "/proc/self/task/%ld", (long)syscall(SYS_gettid));
	cfg.path = path;
	cfg.proc_dir = dir;
	cfg.acct = &the_acct;
	cfg.has_cpu_clock = !pthread_getcpuclockid(pthread_self(), &cfg.cpu_clock);
	for (int b = 0; b < 5; b++) {
		uint64_t t0 = now_ns();

		if (ssdq_hostload_open(&cfg, 1, t0, &h, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		for (long i = 1; i <= ticks; i++)
			ssdq_hostload_tick(h, 1 + i * 1000, now_ns());
		per_tick[b] = (double)(now_ns() - t0) / (double)ticks;
		ssdq_hostload_close(h);
	}
	unlink(path);
	qsort(per_io, 5, sizeof(double), cmp);
	qsort(per_tick, 5, sizeof(double), cmp);
	printf("per_io_ns %.1f (%.1f-%.1f)\nper_tick_ns %.0f (%.0f-%.0f)\n", per_io[2], per_io[0],
	       per_io[4], per_tick[2], per_tick[0], per_tick[4]);
	return 0;
}
