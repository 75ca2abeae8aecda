// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guards of a job: one writer per namespace (nslock.h), one polled ring per
 * controller, and a job process that dies with fio's main process instead
 * of writing on as an orphan.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "ssdq.h"
#include "guard.h"
#include "nslock.h"

#define MAX_SHOWN	4

/* fio's main process: the one that ran ->setup (inherited by forked jobs) */
static pid_t fio_main_pid;

/* polled rings of this process: jobs run as threads (thread=1) share it */
static int polled_rings;

static bool is_writer(struct thread_data *td)
{
	return td_write(td) || td_trim(td) ||
	       ((struct ssdq_options *)td->eo)->erase != SSDQ_ERASE_NONE;
}

/* Holders that are this fio run's own processes: its main process and jobs. */
static bool own_run(const struct ssdq_nsholder *h, int nr)
{
	if (!nr || !fio_main_pid || getppid() != fio_main_pid)
		return false;
	for (int i = 0; i < nr; i++)
		if (h[i].pid != fio_main_pid && h[i].ppid != fio_main_pid)
			return false;
	return true;
}

/* Who holds a lock, for a refusal. */
static void name_holders(const struct ssdq_nsholder *h, int nr, char *who, size_t len)
{
	if (nr)
		ssdq_nslock_describe(h, nr, who, len);
	else
		snprintf(who, len, "a process this user cannot see");
}

static int lock_namespace(struct thread_data *td, const char *file)
{
	struct ssdq_nsholder h[MAX_SHOWN];
	char key[200], who[1200];
	int ret, nr;

	ret = ssdq_ns_identity(file, NULL, key, sizeof(key));
	if (ret) {
		ssdq_log("%s: cannot tell which namespace %s is: %s", td->o.name, file,
			 strerror(-ret));
		return ret;
	}
	ret = ssdq_nslock_take(ssdq_nslock_dir(), key, h, MAX_SHOWN, &nr);
	if (ret == -EBUSY && own_run(h, nr))
		return 0;	/* a job of this run took it (create_serialize=0) */
	if (ret == -EBUSY) {
		name_holders(h, nr, who, sizeof(who));
		ssdq_log("%s: %s is being written by another process: %s. ssdq lets one fio run "
			 "write a namespace at a time (lock %s/ssdq-ns.%s.lock): wait for it to end, "
			 "or stop it; a Format in progress holds the namespace until the drive has "
			 "finished it", td->o.name, file, who, ssdq_nslock_dir(), key);
		return ret;
	}
	if (ret) {
		ssdq_log("%s: cannot take the writer's lock of %s in %s: %s", td->o.name, file,
			 ssdq_nslock_dir(), strerror(-ret));
		return ret;
	}
	return 0;
}

int ssdq_guard_writer(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;
	int ret;

	if (!fio_main_pid && !td->o.use_thread)
		fio_main_pid = getpid();
	if (!is_writer(td))
		return 0;
	for_each_file(td, f, i) {
		ret = lock_namespace(td, f->file_name);
		if (ret) {
			td_verror(td, -ret, "ssdq_lock");
			return ret;
		}
	}
	return 0;
}

int ssdq_guard_job(struct thread_data *td)
{
	if (td->o.use_thread || !fio_main_pid || getpid() == fio_main_pid)
		return 0;
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		return -errno;
	if (getppid() != fio_main_pid) {
		ssdq_log("%s: fio's main process (pid %d) is gone; the job does not start",
			 td->o.name, (int)fio_main_pid);
		return -ESRCH;
	}
	return 0;
}

static int lock_poller(struct thread_data *td, const char *file)
{
	struct ssdq_nsholder h[MAX_SHOWN];
	char ctrl[256], id[200], key[210], who[1200];
	int ret, nr;

	ret = ssdq_ctrl_for_ng(NULL, file, ctrl, sizeof(ctrl));
	if (!ret)
		ret = ssdq_ns_identity(ctrl, NULL, id, sizeof(id));
	if (ret) {
		ssdq_log("%s: cannot tell which NVMe controller %s polls through: %s", td->o.name,
			 file, strerror(-ret));
		return ret;
	}
	snprintf(key, sizeof(key), "poll-%s", id);
	ret = ssdq_nslock_take(ssdq_nslock_dir(), key, h, MAX_SHOWN, &nr);
	if (ret == -EBUSY) {
		name_holders(h, nr, who, sizeof(who));
		ssdq_log("%s: another ssdq_hipri job polls %s (the controller of %s): %s. Two rings "
			 "polling one controller's poll queues at once crashed Linux 6.1 (general "
			 "protection fault in bio_poll, Debian 12's kernel); ssdq lets one polled job "
			 "use a controller at a time (lock %s/ssdq-ns.%s.lock): run polled jobs one "
			 "after another, or drop ssdq_hipri", td->o.name, ctrl, file, who,
			 ssdq_nslock_dir(), key);
	} else if (ret) {
		ssdq_log("%s: cannot take the polling lock of %s in %s: %s", td->o.name, ctrl,
			 ssdq_nslock_dir(), strerror(-ret));
	}
	return ret;
}

int ssdq_guard_poller(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;
	int ret;

	if (__atomic_fetch_add(&polled_rings, 1, __ATOMIC_SEQ_CST)) {
		__atomic_fetch_sub(&polled_rings, 1, __ATOMIC_SEQ_CST);
		ssdq_log("%s: another job of this fio process (thread=1) polls already; two polled "
			 "rings at once crashed Linux 6.1 (general protection fault in bio_poll): run "
			 "polled jobs one after another, or drop ssdq_hipri", td->o.name);
		return -EBUSY;
	}
	for_each_file(td, f, i) {
		ret = lock_poller(td, f->file_name);
		if (ret) {
			ssdq_guard_poller_end();
			return ret;
		}
	}
	return 0;
}

void ssdq_guard_poller_end(void)
{
	__atomic_fetch_sub(&polled_rings, 1, __ATOMIC_SEQ_CST);
}
