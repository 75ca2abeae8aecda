// SPDX-License-Identifier: GPL-2.0-only
/* The job's progress sidecars, written every interval by a thread of its own. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar_path.h"
#include "sidecar.h"
#include "hostload.h"
#include "progress.h"
#include "util.h"

enum { PF_BW, PF_IOPS, PF_CLAT, PF_N };

static const char *const pf_kind[PF_N] = { "progress_bw", "progress_iops", "progress_clat" };

/* fio's counters of one direction at one moment */
struct pcount {
	uint64_t bytes;
	uint64_t ios;
	uint64_t lat_n;		/* clat samples */
	double lat_sum;		/* their sum, ns */
};

struct ssdq_progress {
	struct thread_data *td;
	int fd[PF_N];
	struct ssdq_hostload *host;	/* the host sidecar (ssdq_host), or NULL */
	bool dirs[DDIR_RWDIR_CNT];
	uint64_t period_ns;
	struct pcount last[DDIR_RWDIR_CNT];
	int64_t t_last_us;		/* realtime of the last lines */
	uint64_t next_ns;		/* monotonic time of the next tick */
	uint64_t synced_ns;		/* of the last fdatasync */
	int64_t epoch_off_us;		/* CLOCK_REALTIME - CLOCK_MONOTONIC, at the start */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
	bool running;
	bool failed;			/* a write failed: said once, no more lines */
	bool done;			/* the last lines are written */
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void count_now(struct thread_data *td, unsigned int dd, struct pcount *c)
{
	struct io_stat *is = &td->ts.clat_stat[dd];

	c->bytes = td->io_bytes[dd];
	c->ios = td->io_blocks[dd];
	c->lat_n = is->samples;
	c->lat_sum = is->mean.u.f * (double)is->samples;
}

static int put(char *buf, size_t len, size_t *used, int64_t t_us, double v, unsigned int dd)
{
	int n = snprintf(buf + *used, len - *used, "%lld.%03lld, %llu, %u, 0, 0\n",
			 (long long)(t_us / 1000), (long long)(t_us % 1000),
			 (unsigned long long)(v + 0.5), dd);

	if (n < 0 || (size_t)n >= len - *used)
		return -ENOSPC;
	*used += (size_t)n;
	return 0;
}

static void write_failed(struct ssdq_progress *p, int e)
{
	if (p->failed)
		return;
	p->failed = true;
	ssdq_log("%s: cannot write the progress sidecars: %s; their later lines are lost",
		 p->td->o.name, strerror(e ? e : EIO));
}

static void write_all(struct ssdq_progress *p, int fd, const char *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len && (n = write(fd, buf + done, len - done)) > 0)
		done += (size_t)n;
	if (done < len)
		write_failed(p, errno);
}

/* One interval's lines, ending now; under p->lock. */
static void tick(struct ssdq_progress *p, bool last)
{
	char buf[PF_N][256];
	size_t used[PF_N] = { 0 };
	uint64_t now = mono_ns();
	/* as fio stamps its logs: the start's realtime on the monotonic clock, one reading */
	int64_t t_us = p->epoch_off_us + (int64_t)(now / 1000);
	double secs = (double)(t_us - p->t_last_us) / 1e6;
	unsigned int dd, k;

	if (p->failed || p->done || !(secs > 0))
		return;
	p->done = last;
	for (dd = 0; dd < DDIR_RWDIR_CNT; dd++) {
		struct pcount c, *l = &p->last[dd];

		if (!p->dirs[dd])
			continue;
		count_now(p->td, dd, &c);
		if (c.bytes < l->bytes || c.ios < l->ios || c.lat_n < l->lat_n)
			memset(l, 0, sizeof(*l));	/* fio reset its counters */
		put(buf[PF_BW], sizeof(buf[0]), &used[PF_BW], t_us,
		    (double)(c.bytes - l->bytes) / 1024 / secs, dd);
		put(buf[PF_IOPS], sizeof(buf[0]), &used[PF_IOPS], t_us,
		    (double)(c.ios - l->ios) / secs, dd);
		if (c.lat_n > l->lat_n)
			put(buf[PF_CLAT], sizeof(buf[0]), &used[PF_CLAT], t_us,
			    (c.lat_sum - l->lat_sum) / (double)(c.lat_n - l->lat_n), dd);
		*l = c;
	}
	for (k = 0; k < PF_N; k++)
		if (used[k])
			write_all(p, p->fd[k], buf[k], used[k]);
	if (p->host) {
		int ret = ssdq_hostload_tick(p->host, t_us, now);

		if (ret)
			write_failed(p, -ret);
	}
	p->t_last_us = t_us;
	if (last || now - p->synced_ns >= 1000000000ull) {
		for (k = 0; k < PF_N; k++)
			fdatasync(p->fd[k]);
		if (p->host)
			fdatasync(ssdq_hostload_fd(p->host));
		p->synced_ns = now;
	}
}

static void *progress_main(void *arg)
{
	struct ssdq_progress *p = arg;

	pthread_mutex_lock(&p->lock);
	while (!p->stop) {
		struct timespec ts = {
			.tv_sec = (time_t)(p->next_ns / 1000000000ull),
			.tv_nsec = (long)(p->next_ns % 1000000000ull),
		};

		if (pthread_cond_timedwait(&p->cond, &p->lock, &ts) != ETIMEDOUT || p->stop)
			continue;
		/* fio is past its I/O: its counters are final */
		tick(p, p->td->runstate >= TD_FINISHING);
		/* the next tick on the grid; a late one skips what it missed */
		p->next_ns += p->period_ns;
		if (p->next_ns <= mono_ns())
			p->next_ns = mono_ns() + p->period_ns;
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

static void progress_free(struct ssdq_progress *p)
{
	unsigned int k;

	for (k = 0; k < PF_N; k++)
		if (p->fd[k] >= 0)
			close(p->fd[k]);
	ssdq_hostload_close(p->host);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

static int open_files(struct thread_data *td, struct ssdq_progress *p)
{
	char path[4096];
	unsigned int k;
	int ret;

	for (k = 0; k < PF_N; k++) {
		ret = ssdq_sidecar_name(td, pf_kind[k], "log", path, sizeof(path));
		if (ret) {
			ssdq_log("%s: the %s sidecar's name: %s", td->o.name, pf_kind[k],
				 strerror(-ret));
			return ret;
		}
		p->fd[k] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
		if (p->fd[k] < 0) {
			ret = -errno;
			ssdq_log("%s: cannot write the progress sidecar %s: %s", td->o.name, path,
				 strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/*
 * A job fio runs real-time (chrt) may keep its CPUs busy: the thread then
 * runs one real-time priority above it, or its ticks wait on the I/O.
 */
static void sched_above_job(pthread_attr_t *a)
{
	struct sched_param sp;
	int policy;

	if (pthread_getschedparam(pthread_self(), &policy, &sp) ||
	    (policy != SCHED_FIFO && policy != SCHED_RR))
		return;
	if (sp.sched_priority < sched_get_priority_max(policy))
		sp.sched_priority++;
	if (!pthread_attr_setinheritsched(a, PTHREAD_EXPLICIT_SCHED))
		if (pthread_attr_setschedpolicy(a, policy) || pthread_attr_setschedparam(a, &sp))
			pthread_attr_setinheritsched(a, PTHREAD_INHERIT_SCHED);
}

static int start_thread(struct ssdq_progress *p)
{
	pthread_condattr_t ca;
	pthread_attr_t a;
	sigset_t all, old;
	int ret;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	ret = -pthread_cond_init(&p->cond, &ca);
	pthread_condattr_destroy(&ca);
	if (ret)
		return ret;
	/* fio's signals go to its own threads, not to this one */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&a);
	sched_above_job(&a);
	ret = -pthread_create(&p->thread, &a, progress_main, p);
	if (ret == -EPERM)	/* not allowed the priority after all: as the job */
		ret = -pthread_create(&p->thread, NULL, progress_main, p);
	if (!ret)
		pthread_setname_np(p->thread, "ssdq-progress");
	pthread_attr_destroy(&a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	p->running = !ret;
	return ret;
}

/*
 * ssdq_host: the host sidecar of the job thread (the caller), opened as of
 * @t_us, @now_ns. Return: 0 or -errno, named through ssdq_log.
 */
static int open_host(struct thread_data *td, struct ssdq_progress *p, int64_t t_us,
		     uint64_t now_ns)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_hostload_cfg cfg = { 0 };
	char path[4096], dir[64], err[4200];
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	int ret;

	if (!o->host)
		return 0;
	ret = ssdq_sidecar_name(td, "host", "jsonl", path, sizeof(path));
	if (ret) {
		ssdq_log("%s: the host sidecar's name: %s", td->o.name, strerror(-ret));
		return ret;
	}
	cfg.tid = (int)syscall(SYS_gettid);
	cfg.has_cpu_clock = !pthread_getcpuclockid(pthread_self(), &cfg.cpu_clock);
	snprintf(dir, sizeof(dir), "/proc/self/task/%d", cfg.tid);
	cfg.path = path;
	cfg.proc_dir = dir;
	cfg.ncpu = n > 0 ? (unsigned int)n : 0;
	CPU_ZERO(&set);
	cfg.cpus_allowed = sched_getaffinity(0, sizeof(set), &set) ? cfg.ncpu :
			   (unsigned int)CPU_COUNT(&set);
	cfg.interval_ms = (unsigned int)(p->period_ns / 1000000ull);
	cfg.acct = ssdq_target_of(td) == &ssdq_target_model ? &sd->host_acct : NULL;
	ret = ssdq_hostload_open(&cfg, t_us, now_ns, &p->host, err, sizeof(err));
	if (ret)
		ssdq_log("%s: %s", td->o.name, err);
	return ret;
}

/* log_avg_msec, else 1 s of the drive: of the full one on a scaled model */
static uint64_t period_ms(struct thread_data *td)
{
	unsigned int scale = ssdq_target_of(td)->scale(td);

	if (td->o.log_avg_msec)
		return td->o.log_avg_msec;
	if (scale > 1)
		return scale < 1000 ? 1000 / scale : 1;
	return 1000;
}

int ssdq_progress_start(struct thread_data *td, struct ssdq_progress **out)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_progress *p;
	unsigned int dd, k;
	int ret;

	*out = NULL;
	if (!o->account)
		return 0;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	for (k = 0; k < PF_N; k++)
		p->fd[k] = -1;
	pthread_mutex_init(&p->lock, NULL);
	p->td = td;
	p->dirs[DDIR_READ] = td_read(td);
	p->dirs[DDIR_WRITE] = td_write(td);
	p->dirs[DDIR_TRIM] = td_trim(td);
	p->period_ns = period_ms(td) * 1000000ull;
	ret = open_files(td, p);
	if (!ret) {
		for (dd = 0; dd < DDIR_RWDIR_CNT; dd++)
			count_now(td, dd, &p->last[dd]);
		p->t_last_us = ssdq_realtime_us();
		p->synced_ns = mono_ns();
		p->epoch_off_us = p->t_last_us - (int64_t)(p->synced_ns / 1000);
		p->next_ns = p->synced_ns + p->period_ns;
		ret = open_host(td, p, p->t_last_us, p->synced_ns);
	}
	if (!ret) {
		ret = start_thread(p);
		if (ret)
			ssdq_log("%s: cannot start the progress thread: %s", td->o.name,
				 strerror(-ret));
	}
	if (ret) {
		progress_free(p);
		return ret;
	}
	*out = p;
	return 0;
}

void ssdq_progress_stop(struct thread_data *td, struct ssdq_progress *p)
{
	(void)td;
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
	if (p->running)
		pthread_join(p->thread, NULL);
	tick(p, true);
	progress_free(p);
}
