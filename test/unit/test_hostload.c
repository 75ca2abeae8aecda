// SPDX-License-Identifier: GPL-2.0-only
/* The host sidecar (hostload.c) and the model's lock-free account of the host (host_acct.c). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "host_acct.h"
#include "host_iolog.h"
#include "hostload.h"

static char dir[] = "/tmp/ssdq-hostload.XXXXXX";

static void put_file(const char *name, const char *text)
{
	harness_put_file(dir, name, text);
}

static size_t read_all(const char *name, char *buf, size_t len)
{
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, len - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n > 0 ? (size_t)n : 0;
}

static const char status_a[] = "Name:\tfio\nState:\tR (running)\nvoluntary_ctxt_switches:\t7\n"
			       "nonvoluntary_ctxt_switches:\t3\n";
static const char status_b[] = "Name:\tfio\nState:\tR (running)\nvoluntary_ctxt_switches:\t9\n"
			       "nonvoluntary_ctxt_switches:\t13\n";

TEST(parse_proc_files)
{
	uint64_t a = 1, b = 1, c = 1;

	CHECK_EQ_INT(ssdq_hostload_parse_schedstat("123456 7890 12\n", &a, &b, &c), 0);
	CHECK_EQ_U64(a, 123456);
	CHECK_EQ_U64(b, 7890);
	CHECK_EQ_U64(c, 12);
	CHECK_EQ_INT(ssdq_hostload_parse_schedstat("123456\n", &a, &b, &c), -EINVAL);
	CHECK_EQ_INT(ssdq_hostload_parse_schedstat("", &a, &b, &c), -EINVAL);
	CHECK_EQ_INT(ssdq_hostload_parse_status(status_a, &a, &b), 0);
	CHECK_EQ_U64(a, 7);
	CHECK_EQ_U64(b, 3);
	CHECK_EQ_INT(ssdq_hostload_parse_status("voluntary_ctxt_switches:\t7\n", &a, &b), -EINVAL);
	/* "nonvoluntary_..." must not be read as "voluntary_..." */
	CHECK_EQ_INT(ssdq_hostload_parse_status("nonvoluntary_ctxt_switches:\t5\n"
						"voluntary_ctxt_switches:\t2\n", &a, &b), 0);
	CHECK_EQ_U64(a, 2);
	CHECK_EQ_U64(b, 5);
}

TEST(account_by_hand)
{
	struct ssdq_host_acct a;
	struct ssdq_host_snap s;

	ssdq_host_acct_init(&a, 1000);
	ssdq_host_acct_busy(&a, 3000, 0);			/* idle 1000-3000 */
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 3000, 5000, 5200, true), 200);
	ssdq_host_acct_snap(&a, 6000, &s);		/* idle again since 5200 */
	CHECK_EQ_U64(s.ios, 1);
	CHECK_EQ_U64(s.intended_ns, 2000);
	CHECK_EQ_U64(s.added_ns, 200);
	CHECK_EQ_U64(s.late_ios, 0);
	CHECK_EQ_U64(s.idle_ns, 2000 + 800);
	CHECK_EQ_U64(s.added_max_us, 0);
	ssdq_host_acct_busy(&a, 7000, 0);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 7000, 9000, 159000, false), 150000);
	/* reaped before its deadline (a failed I/O): on time */
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 7000, 200000, 159000, true), 0);
	ssdq_host_acct_snap(&a, 160000, &s);
	CHECK_EQ_U64(s.ios, 3);
	CHECK_EQ_U64(s.intended_ns, 2000 + 2000 + 193000);
	CHECK_EQ_U64(s.added_ns, 150200);
	CHECK_EQ_U64(s.late_ios, 1);
	CHECK_EQ_U64(s.idle_ns, 2800 + 1000 + 1000);
	CHECK_EQ_U64(s.added_max_us, 150);
	/* the maximum is the interval's: reset by the snapshot */
	ssdq_host_acct_snap(&a, 170000, &s);
	CHECK_EQ_U64(s.added_max_us, 0);
	CHECK_EQ_U64(s.idle_ns, 2800 + 1000 + 11000);
	ssdq_host_acct_idle(&a, 180000);		/* no change while idle already */
	ssdq_host_acct_busy(&a, 190000, 0);
	ssdq_host_acct_snap(&a, 200000, &s);
	CHECK_EQ_U64(s.ios, 3);
	CHECK_EQ_U64(s.idle_ns, 2800 + 1000 + 1000 + 30000);
}

/*
 * fio's drain (a getevents asking for every I/O in flight): each I/O the
 * engine had before it handed them over is held from then to the handing;
 * one held 100 µs or more counts in drain_late_ios; its lateness before
 * (the host's) stays in added_ns, not in the drain's.
 */
TEST(account_drain)
{
	/* QD4 of 10 us each, the engine reaping each at its deadline, the first 20 us late */
	uint64_t ready[4] = { 1030000, 1040000, 1200000, 1350000 };
	uint64_t submit[4] = { 1000000, 1000000, 1000000, 1000000 };
	struct ssdq_host_acct a;
	struct ssdq_host_snap s;

	ssdq_host_acct_init(&a, 1000000);
	ssdq_host_acct_busy(&a, 1000000, 0);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 1000000, 1010000, 1030000, false), 20000);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 1000000, 1040000, 1040000, false), 0);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 1000000, 1200000, 1200000, false), 0);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 1000000, 1350000, 1350000, true), 0);
	ssdq_host_acct_drain(&a, submit, ready, 4, 1351000);
	ssdq_host_acct_snap(&a, 1400000, &s);
	CHECK_EQ_U64(s.ios, 4);
	CHECK_EQ_U64(s.added_ns, 20000);
	CHECK_EQ_U64(s.drain_ios, 4);
	CHECK_EQ_U64(s.drain_ns, 321000 + 311000 + 151000 + 1000);
	CHECK_EQ_U64(s.drain_late_ios, 3);
	/* the longest held (the first, from 1030 us), the longest latency fio gets (351 us) */
	CHECK_EQ_U64(s.drain_max_ns, 321000);
	CHECK_EQ_U64(s.drain_lat_max_ns, 351000);
	/* one ready after the handing (a clock read out of order) holds nothing */
	ready[0] = 1500000;
	submit[0] = 1390000;
	ssdq_host_acct_drain(&a, submit, ready, 1, 1400000);
	ssdq_host_acct_totals(&a, 1500000, &s);
	CHECK_EQ_U64(s.drain_ios, 5);
	CHECK_EQ_U64(s.drain_ns, 784000);
	CHECK_EQ_U64(s.drain_late_ios, 3);
	/* the job's maxima: a shorter drain after a longer one leaves them */
	CHECK_EQ_U64(s.drain_max_ns, 321000);
	CHECK_EQ_U64(s.drain_lat_max_ns, 351000);
}

/*
 * Planned idle: a burst's duty-cycle idle (plan start/end) and fio's
 * thinktime (an idle span at least that long before a submission) are not
 * drive idle; a think's overrun and a gap shorter than it are.
 */
TEST(account_planned_idle)
{
	struct ssdq_host_acct a;
	struct ssdq_host_snap s;

	ssdq_host_acct_init(&a, 1000);
	ssdq_host_acct_busy(&a, 2000, 0);
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 2000, 4000, 4000, true), 0);
	ssdq_host_acct_plan(&a, 4500, true);		/* idle 4000-4500, then planned */
	ssdq_host_acct_snap(&a, 10000, &s);		/* inside the planned span */
	CHECK_EQ_U64(s.idle_ns, 1000 + 500);
	CHECK_EQ_U64(s.planned_ns, 5500);
	ssdq_host_acct_plan(&a, 20000, true);		/* started already: no change */
	ssdq_host_acct_plan(&a, 24500, false);		/* 20000 ns planned, idle again */
	ssdq_host_acct_plan(&a, 25000, false);		/* ended already: no change */
	ssdq_host_acct_busy(&a, 25500, 0);
	ssdq_host_acct_snap(&a, 25500, &s);
	CHECK_EQ_U64(s.idle_ns, 1500 + 1000);
	CHECK_EQ_U64(s.planned_ns, 20000);
	/* thinktime of 10 us: a 12 us gap holds one (2 us the host's overrun) */
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 25500, 26000, 26000, true), 0);
	ssdq_host_acct_busy(&a, 38000, 10000);
	/* a 3 us gap holds none: all of it drive idle */
	CHECK_EQ_U64(ssdq_host_acct_io(&a, 38000, 39000, 39000, true), 0);
	ssdq_host_acct_busy(&a, 42000, 10000);
	ssdq_host_acct_snap(&a, 42000, &s);
	CHECK_EQ_U64(s.idle_ns, 2500 + 2000 + 3000);
	CHECK_EQ_U64(s.planned_ns, 20000 + 10000);
	/* the job's first submission, however late after its set-up, follows no think */
	ssdq_host_acct_init(&a, 1000);
	ssdq_host_acct_busy(&a, 50000, 10000);
	ssdq_host_acct_snap(&a, 50000, &s);
	CHECK_EQ_U64(s.idle_ns, 49000);
	CHECK_EQ_U64(s.planned_ns, 0);
}

/*
 * One writer accounting I/Os of 3 us intended and 5 us late, one reader
 * taking snapshots meanwhile: every snapshot holds whole I/Os (intended
 * and added exactly 3000 and 5000 ns times the count), the maxima the
 * reader took cover every I/O, and the last snapshot has them all.
 */
#define NIO	200000
static struct ssdq_host_acct shared;
static _Atomic int writer_done;
static _Atomic unsigned long reader_snaps;

static void *writer(void *arg)
{
	(void)arg;
	for (uint64_t i = 0; i < NIO; i++) {
		uint64_t t = 10 + i * 10000;

		/* halfway, until the reader has snapped twice: snapshots meet
		 * writes however the host schedules the two threads */
		while (i == NIO / 2 && atomic_load(&reader_snaps) < 2)
			sched_yield();

		ssdq_host_acct_busy(&shared, t, 0);
		ssdq_host_acct_io(&shared, t, t + 3000, t + 3000 + (i % 1000 == 999 ? 200000 : 5000),
				  true);
	}
	atomic_store(&writer_done, 1);
	return NULL;
}

TEST(account_two_threads)
{
	struct ssdq_host_snap s;
	unsigned long snaps = 0, torn = 0, saw_max = 0;
	pthread_t th;

	ssdq_host_acct_init(&shared, 1);
	atomic_store(&writer_done, 0);
	atomic_store(&reader_snaps, 0);
	CHECK_EQ_INT(pthread_create(&th, NULL, writer, NULL), 0);
	do {
		ssdq_host_acct_snap(&shared, 1, &s);
		atomic_store(&reader_snaps, ++snaps);
		/* one I/O in a thousand is 200 us late */
		if (s.intended_ns != 3000 * s.ios ||
		    s.added_ns != 5000 * s.ios + 195000 * (s.ios / 1000))
			torn++;
		saw_max += s.added_max_us == 200;
	} while (!atomic_load(&writer_done));
	pthread_join(th, NULL);
	ssdq_host_acct_snap(&shared, 1, &s);
	saw_max += s.added_max_us == 200;
	CHECK_EQ_U64(s.ios, NIO);
	CHECK_EQ_U64(s.late_ios, NIO / 1000);
	CHECK_EQ_U64(torn, 0);
	/* each 200 us I/O raised the maximum of exactly one snapshot's interval,
	 * unless two fell in one interval */
	CHECK(saw_max >= 1 && saw_max <= NIO / 1000);
	CHECK(snaps > 1);
}

TEST(sidecar_lines)
{
	struct ssdq_hostload_cfg cfg = { .proc_dir = dir, .tid = 4242, .ncpu = 2,
					 .cpus_allowed = 1, .interval_ms = 4 };
	struct ssdq_host_acct a;
	struct ssdq_hostload *h = NULL;
	char path[256], err[256], buf[4096];

	snprintf(path, sizeof(path), "%s/host.jsonl", dir);
	cfg.path = path;
	cfg.acct = &a;
	ssdq_host_acct_init(&a, 1000);
	put_file("schedstat", "5000999 2000500 10\n");
	put_file("status", status_a);
	CHECK_EQ_INT(ssdq_hostload_open(&cfg, 1700000000000000, 1000, &h, err, sizeof(err)), 0);
	if (!h)
		return;
	/* 4 ms later: 1.5 ms more on a CPU, 1 ms more waiting, one I/O */
	put_file("schedstat", "6500999 3000600 12\n");
	put_file("status", status_b);
	ssdq_host_acct_busy(&a, 2000, 0);
	ssdq_host_acct_io(&a, 2000, 100000, 250000, true);
	CHECK_EQ_INT(ssdq_hostload_tick(h, 1700000000004000, 4001000), 0);
	/* no time passed: no line */
	CHECK_EQ_INT(ssdq_hostload_tick(h, 1700000000004000, 4001000), 0);
	/* the thread did not come onto a CPU again: switches are not read */
	put_file("schedstat", "7000999 3000600 12\n");
	put_file("status", "voluntary_ctxt_switches:\t20\nnonvoluntary_ctxt_switches:\t30\n");
	/* fio's drain in this interval: three I/Os of no time, 300, 50 and 0 µs held */
	{
		uint64_t ready[3] = { 4600000, 4850000, 4900000 };
		uint64_t submit[3] = { 4600000, 4850000, 4900000 };

		ssdq_host_acct_drain(&a, submit, ready, 3, 4900000);
	}
	CHECK_EQ_INT(ssdq_hostload_tick(h, 1700000000005000, 5001000), 0);
	/* now it did: they count in this interval; 0.6 ms of it planned idle */
	put_file("schedstat", "7100999 3000600 13\n");
	ssdq_host_acct_plan(&a, 5201000, true);
	ssdq_host_acct_plan(&a, 5801000, false);
	CHECK_EQ_INT(ssdq_hostload_tick(h, 1700000000006000, 6001000), 0);
	ssdq_hostload_close(h);
	read_all("host.jsonl", buf, sizeof(buf));
	CHECK_STREQ(buf,
		    "{\"version\":1,\"kind\":\"host_start\",\"time_us\":1700000000000000,"
		    "\"tid\":4242,\"source\":\"schedstat\",\"ncpu\":2,\"cpus_allowed\":1,"
		    "\"model\":true,\"interval_ms\":4}\n"
		    "{\"time_us\":1700000000004000,\"interval_us\":4000,\"run_delay_us\":1000,"
		    "\"cpu_us\":1500,\"nivcsw\":10,\"nvcsw\":2,\"ios\":1,\"intended_us\":98,"
		    "\"host_added_us\":150,\"host_added_max_us\":150,\"late_ios\":1,"
		    "\"drive_idle_us\":3752,\"planned_idle_us\":0,\"drain_ios\":0,"
		    "\"drain_added_us\":0,\"drain_late_ios\":0}\n"
		    "{\"time_us\":1700000000005000,\"interval_us\":1000,\"run_delay_us\":0,"
		    "\"cpu_us\":500,\"nivcsw\":0,\"nvcsw\":0,\"ios\":0,\"intended_us\":0,"
		    "\"host_added_us\":0,\"host_added_max_us\":0,\"late_ios\":0,"
		    "\"drive_idle_us\":1000,\"planned_idle_us\":0,\"drain_ios\":3,"
		    "\"drain_added_us\":350,\"drain_late_ios\":1}\n"
		    "{\"time_us\":1700000000006000,\"interval_us\":1000,\"run_delay_us\":0,"
		    "\"cpu_us\":100,\"nivcsw\":17,\"nvcsw\":11,\"ios\":0,\"intended_us\":0,"
		    "\"host_added_us\":0,\"host_added_max_us\":0,\"late_ios\":0,"
		    "\"drive_idle_us\":400,\"planned_idle_us\":600,\"drain_ios\":0,"
		    "\"drain_added_us\":0,\"drain_late_ios\":0}\n");
}

TEST(sidecar_without_schedstat)
{
	struct ssdq_hostload_cfg cfg = { .proc_dir = dir, .tid = 1, .ncpu = 2,
					 .cpus_allowed = 2, .interval_ms = 1000 };
	struct ssdq_hostload *h = NULL;
	char path[256], err[256], buf[4096];

	snprintf(path, sizeof(path), "%s/none.jsonl", dir);
	cfg.path = path;
	/* a kernel without schedstats reads zeros; no status file at all */
	put_file("schedstat", "0 0 0\n");
	snprintf(buf, sizeof(buf), "%s/status", dir);
	unlink(buf);
	CHECK_EQ_INT(ssdq_hostload_open(&cfg, 1000000, 1000, &h, err, sizeof(err)), 0);
	if (!h)
		return;
	CHECK_EQ_INT(ssdq_hostload_tick(h, 2000000, 1001000), 0);
	ssdq_hostload_close(h);
	read_all("none.jsonl", buf, sizeof(buf));
	CHECK_STREQ(buf,
		    "{\"version\":1,\"kind\":\"host_start\",\"time_us\":1000000,\"tid\":1,"
		    "\"source\":\"none\",\"ncpu\":2,\"cpus_allowed\":2,\"model\":false,"
		    "\"interval_ms\":1000}\n"
		    "{\"time_us\":2000000,\"interval_us\":1000000}\n");
}

TEST(sidecar_refused)
{
	struct ssdq_hostload_cfg cfg = { .path = "/nonexistent/dir/host.jsonl", .proc_dir = dir };
	struct ssdq_hostload *h = (struct ssdq_hostload *)&cfg;
	char err[256] = "";

	CHECK_EQ_INT(ssdq_hostload_open(&cfg, 1, 1, &h, err, sizeof(err)), -ENOENT);
	CHECK(h == NULL);
	CHECK_CONTAINS(err, "/nonexistent/dir/host.jsonl");
}

TEST(per_io_logs)
{
	struct ssdq_host_iolog *l = NULL;
	char a[256], b[256], err[256], buf[4096];

	snprintf(a, sizeof(a), "%s/hostlat.log", dir);
	snprintf(b, sizeof(b), "%s/intended.log", dir);
	/* realtime = monotonic + 1.7e18 ns */
	CHECK_EQ_INT(ssdq_host_iolog_open(a, b, 1700000000000000000LL, &l, err, sizeof(err)), 0);
	if (!l)
		return;
	CHECK_EQ_INT(ssdq_host_iolog_add(l, 5123456789ULL, 1500, 80000, 0, 4096, 8192), 0);
	CHECK_EQ_INT(ssdq_host_iolog_add(l, 5123556789ULL, 0, 81000, 1, 131072, 0), 0);
	CHECK_EQ_INT(ssdq_host_iolog_close(l), 0);
	read_all("hostlat.log", buf, sizeof(buf));
	CHECK_STREQ(buf, "1700000005123.456, 1500, 0, 4096, 8192\n"
			 "1700000005123.556, 0, 1, 131072, 0\n");
	read_all("intended.log", buf, sizeof(buf));
	CHECK_STREQ(buf, "1700000005123.456, 80000, 0, 4096, 8192\n"
			 "1700000005123.556, 81000, 1, 131072, 0\n");
	CHECK_EQ_INT(ssdq_host_iolog_open("/nonexistent/x", b, 0, &l, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "/nonexistent/x");
}

int main(void)
{
	char cmd[300];

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	RUN(parse_proc_files);
	RUN(account_by_hand);
	RUN(account_drain);
	RUN(account_planned_idle);
	RUN(account_two_threads);
	RUN(sidecar_lines);
	RUN(sidecar_without_schedstat);
	RUN(sidecar_refused);
	RUN(per_io_logs);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
	return harness_main();
}
