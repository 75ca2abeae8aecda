// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq: fio external ioengine for NVMe passthrough on /dev/ngXnY.
 *
 *   fio --ioengine=external:ssdq.so --filename=/dev/ng0n1 ...
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ssdq.h"
#include "buffers.h"
#include "guard.h"
#include "progress.h"
#include "replay.h"
#include "sampling.h"
#include "sidecar.h"
#include "stake.h"
#include "write_cache.h"
#include "power_settings.h"
#include "remote.h"
#include "util.h"

#ifndef FIO_VERSION
#error "FIO_VERSION must name the fio release the engine is built against"
#endif

/*
 * The engine reads struct thread_data, whose layout changes between fio
 * releases: refuse to run inside any fio but the one built against, and say
 * once what that release costs (fio_compat.h).
 */
static int check_fio_version(void)
{
	static int checked;

	if (checked)
		return checked < 0 ? -1 : 0;
	if (strcmp(fio_version_string, FIO_VERSION)) {
		ssdq_log("ssdq.so was built against %s but is loaded by %s; rebuild it "
			 "against %s's source (make FIO_SRC=/path/to/%s)",
			 FIO_VERSION, fio_version_string, fio_version_string,
			 fio_version_string);
		checked = -1;
		return -1;
	}
	checked = 1;
#ifdef SSDQ_FIO_COMPAT_LOSS
	ssdq_log("%s", SSDQ_FIO_COMPAT_LOSS);
#endif
	return 0;
}

/*
 * At dlopen: fio compares the ops version after loading, and a release with
 * another one would only say "bad ioops version"; name both releases first.
 */
__attribute__((constructor))
static void ssdq_loaded(void)
{
	/* inside fio --server: to the client's terminal, named by host */
	ssdq_log_set_sink(ssdq_remote_text);
	check_fio_version();
}

static int open_flags(struct thread_data *td)
{
	return td_write(td) || td_trim(td) ? O_RDWR : O_RDONLY;
}

/* Every size and alignment fio may produce must be whole LBAs. */
static int check_alignment(struct thread_data *td, struct fio_file *f,
			   const struct ssdq_nsdev *dev)
{
	const unsigned long long lba = 1ULL << dev->ns.lba_shift;
	static const char *const dname[] = { "read", "write", "trim" };
	struct thread_options *o = &td->o;

	if (o->bs_unaligned) {
		ssdq_log("%s: bs_unaligned is set, but NVMe moves whole %llu-byte LBAs",
			 f->file_name, lba);
		return -EINVAL;
	}
	for (int d = DDIR_READ; d <= DDIR_TRIM; d++) {
		if (o->min_bs[d] % lba || o->max_bs[d] % lba) {
			ssdq_log("%s: %s bs=%llu%s%.0llu is not a multiple of the %llu-byte LBA "
				 "size; NVMe moves whole LBAs (set bs= to a multiple of %llu)",
				 f->file_name, dname[d], o->min_bs[d],
				 o->min_bs[d] != o->max_bs[d] ? "-" : "",
				 o->min_bs[d] != o->max_bs[d] ? o->max_bs[d] : 0ULL, lba, lba);
			return -EINVAL;
		}
		if (o->ba[d] % lba) {
			ssdq_log("%s: %s blockalign=%llu is not a multiple of the %llu-byte LBA size",
				 f->file_name, dname[d], o->ba[d], lba);
			return -EINVAL;
		}
	}
	if (f->file_offset % lba) {
		ssdq_log("%s: offset=%llu is not a multiple of the %llu-byte LBA size",
			 f->file_name, (unsigned long long)f->file_offset, lba);
		return -EINVAL;
	}
	return 0;
}

/* Opens what stands behind @f: the job's target (a namespace, the model's state file). */
static int open_backing(struct thread_data *td, struct fio_file *f, int flags,
			struct ssdq_file *sf)
{
	const struct ssdq_target_ops *t = ssdq_target_of(td);
	char err[512];
	int ret;

	memset(sf, 0, sizeof(*sf));
	sf->dev.fd = -1;
	ret = t->open(td, f, flags, sf, err, sizeof(err));
	if (ret) {
		ssdq_log("%s", err);
		td_verror(td, -ret, t->verb);
	}
	return ret;
}

static void close_backing(struct thread_data *td, struct ssdq_file *sf)
{
	ssdq_target_of(td)->close(sf);
}

static int ssdq_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct ssdq_file sf;

	if (check_fio_version())
		return 1;
	if (fio_file_size_known(f))
		return 0;
	if (open_backing(td, f, O_RDONLY, &sf))
		return 1;
	f->real_file_size = sf.dev.ns.nlba << sf.dev.ns.lba_shift;
	if (((struct ssdq_options *)td->eo)->capacity)
		f->real_file_size = ((struct ssdq_options *)td->eo)->capacity;
	fio_file_set_size_known(f);
	close_backing(td, &sf);
	return 0;
}

/* fio names a job's file after the job when filename= is missing: not a namespace. */
static int need_filename(struct thread_data *td)
{
	static int said;

	if (td->o.filename)
		return 0;
	if (!said++)
		ssdq_log("no namespace given: add --filename=/dev/ngXnY to fio's command line "
			 "(the drive model: --filename=/tmp/model.state --ssdq_model=PRESET)");
	return 1;
}

/*
 * Runs before fio sizes and lays out files. The model's state file is a
 * small regular file that fio must neither extend nor unlink: the model is
 * diskless I/O to fio.
 */
static int ssdq_setup(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	if (check_fio_version() || need_filename(td) || ssdq_check_options(td) ||
	    ssdq_replay_setup(td))
		return 1;
	if (ssdq_target_of(td)->diskless)
		td->flags |= (unsigned long long)FIO_DISKLESSIO << TD_ENG_FLAG_SHIFT;
	for_each_file(td, f, i)
		if (ssdq_get_file_size(td, f))
			return 1;
	/* the lock first: the stake check reads the namespace, which blocks while a Format runs */
	if (ssdq_guard_writer(td))
		return 1;
	return ssdq_stake_check(td) || ssdq_write_cache_setup(td) ||
	       ssdq_power_settings_setup(td) ? 1 : 0;
}

static int ssdq_open_file(struct thread_data *td, struct fio_file *f)
{
	struct ssdq_file *sf;
	int ret;

	sf = calloc(1, sizeof(*sf));
	if (!sf)
		return ENOMEM;
	if (open_backing(td, f, open_flags(td), sf)) {
		free(sf);
		return 1;
	}
	ret = check_alignment(td, f, &sf->dev);
	if (ret) {
		close_backing(td, sf);
		free(sf);
		td_verror(td, -ret, "ssdq_open_file");
		return 1;
	}
	if (ssdq_target_of(td)->opened)
		ssdq_target_of(td)->opened(td, sf);
	f->fd = sf->dev.fd;
	f->engine_data = sf;
	return 0;
}

static int ssdq_close_file(struct thread_data *td, struct fio_file *f)
{
	struct ssdq_file *sf = ssdq_file_of(f);

	if (sf) {
		if (ssdq_target_of(td)->closing)
			ssdq_target_of(td)->closing(td, sf);
		close_backing(td, sf);
		free(sf);
		f->engine_data = NULL;
	}
	f->fd = -1;
	return 0;
}

/* Nothing of a passthrough namespace or the model sits in the page cache. */
static int ssdq_invalidate(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	(void)f;
	return 0;
}

static int ssdq_init(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd;

	if (check_fio_version())
		return 1;
	if (ssdq_check_verify(td) || ssdq_replay_check(td) || ssdq_guard_job(td) ||
	    ssdq_check_options(td))
		return 1;
	sd = calloc(1, sizeof(*sd));
	if (!sd)
		return 1;
	sd->sample_lock_fd = -1;
	sd->target = ssdq_target_of(td);
	sd->be = sd->target->backend ? sd->target->backend :
		 o->sync ? &ssdq_be_sync : &ssdq_be_uring;
	sd->max_parts = 1;
	td->io_ops_data = sd;
	if (sd->target->job_init && sd->target->job_init(td))
		return 1;
	if (o->sync)
		td->flags |= (unsigned long long)FIO_SYNCIO << TD_ENG_FLAG_SHIFT;
	if (ssdq_check_job_options(td))
		return 1;
	ssdq_event_job_start(td);
	return 0;
}

/*
 * Size the split of large I/Os from every file's transfer limit. With
 * fixed buffers every command must fall inside one registered piece, so
 * all files split at the smallest limit.
 */
static int compute_max_parts(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	unsigned long long max_bs = td_max_bs(td), min_xfer = ULLONG_MAX;
	struct fio_file *f;
	unsigned int i;

	sd->xfer_cap = ULLONG_MAX;
	for_each_file(td, f, i) {
		struct ssdq_file sf;
		unsigned long long mx;

		if (open_backing(td, f, O_RDONLY, &sf))
			return -EINVAL;
		mx = sf.dev.max_xfer;
		close_backing(td, &sf);
		if (mx < min_xfer)
			min_xfer = mx;
		if ((max_bs + mx - 1) / mx > sd->max_parts)
			sd->max_parts = (max_bs + mx - 1) / mx;
	}
	if (o->fixedbufs && sd->be == &ssdq_be_uring && min_xfer != ULLONG_MAX) {
		sd->xfer_cap = min_xfer;
		sd->max_parts = (max_bs + min_xfer - 1) / min_xfer;
	}
	return 0;
}

/* ssdq_erase: erase every file of the job before its first I/O. */
static int erase_files(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;

	if (o->erase == SSDQ_ERASE_NONE)
		return 0;
	for_each_file(td, f, i) {
		struct ssdq_erase_ctl ctl = { .stop = { .flag = &td->terminate,
							.tick = ssdq_watch_wait_tick,
							.tick_arg = td } };
		struct ssdq_file sf;
		const char *how;
		char err[512];
		int ret;

		if (td->terminate)
			return -EINTR;
		if (open_backing(td, f, O_RDWR, &sf))
			return -EINVAL;
		ssdq_event_str(td, "erase_start", "file", f->file_name);
		ret = ssdq_target_of(td)->erase(td, &sf, &ctl, &how, err, sizeof(err));
		close_backing(td, &sf);
		if (ret == -EINTR) {
			ssdq_log("%s: ssdq_erase=%s: %s", f->file_name, how, err);
			ssdq_event_str(td, "erase_stopped", "msg", err);
			return ret;
		}
		if (ret) {
			ssdq_log("%s: ssdq_erase=%s failed: %s", f->file_name,
				 ssdq_erase_name(o->erase), err);
			td_verror(td, -ret, "ssdq_erase");
			return ret;
		}
		ssdq_event_str(td, "erase_end", "method", how);
		ssdq_log("%s: erased (%s)", f->file_name, how);
	}
	return 0;
}

static int ssdq_post_init(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	int ret;

	sd->watch.phase = "erase";
	if (ssdq_check_buffers(td) || ssdq_guard_writer(td) || compute_max_parts(td) ||
	    erase_files(td))
		return 1;
	sd->watch.phase = "io";
	ssdq_write_cache_event(td);
	if (ssdq_power_settings_apply(td))
		return 1;
	ret = sd->be->post_init(td);
	if (ret) {
		td_verror(td, -ret, "ssdq_post_init");
		return 1;
	}
	ret = ssdq_sampling_start(td);
	if (ret) {
		td_verror(td, -ret, "ssdq_sampling");
		return 1;
	}
	ret = ssdq_progress_start(td, &sd->progress);
	if (ret) {
		td_verror(td, -ret, "ssdq_account");
		return 1;
	}
	ssdq_remote_announce(td);
	return 0;
}

static void ssdq_cleanup(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	int64_t t_end;

	if (!sd)
		return;
	ssdq_progress_stop(td, sd->progress);
	sd->progress = NULL;
	ssdq_phase_end(td);
	t_end = ssdq_sampling_end(td);
	ssdq_watch_end(td, t_end);
	ssdq_event_fio_stats(td, t_end);
	ssdq_event_end(td, t_end);
	ssdq_sampling_stop(td);
	ssdq_sidecars_close(td);
	ssdq_remote_send(td);
	if (sd->nr_errors > sd->nr_errors_shown)
		ssdq_log("%s: %lu failed I/Os in all, %lu described above", td->o.name,
			 sd->nr_errors, sd->nr_errors_shown);
	sd->be->cleanup(td);
	if (sd->target->job_cleanup)
		sd->target->job_cleanup(td);
	free(sd);
	td->io_ops_data = NULL;
}

/* io_u->index and io_u->engine_data share a union: keep the index here. */
static int ssdq_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_iou *iou = calloc(1, sizeof(*iou));

	(void)td;
	if (!iou)
		return 1;
	iou->index = io_u->index;
	io_u->engine_data = iou;
	return 0;
}

static void ssdq_io_u_free(struct thread_data *td, struct io_u *io_u)
{
	(void)td;
	free(io_u->engine_data);
	io_u->engine_data = NULL;
}

static enum fio_q_status ssdq_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_data *sd = td->io_ops_data;
	enum fio_q_status ret;

	fio_ro_check(td, io_u);
	if (ssdq_phase_queue(td, io_u) == FIO_Q_BUSY)
		return FIO_Q_BUSY;
	ssdq_watch_submitted(td);
	ret = sd->be->queue(td, io_u);
	if (ret == FIO_Q_BUSY) {
		ssdq_phase_unqueue(td, io_u);
	} else if (ret == FIO_Q_COMPLETED) {
		ssdq_phase_done(td, io_u);
		ssdq_watch_completed(td);
	}
	return ret;
}

static int ssdq_commit(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	return sd->be->commit(td);
}

static int ssdq_getevents(struct thread_data *td, unsigned int min,
			  unsigned int max, const struct timespec *t)
{
	struct ssdq_data *sd = td->io_ops_data;

	return sd->be->getevents(td, min, max, t);
}

static struct io_u *ssdq_get_event(struct thread_data *td, int ev)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct io_u *io_u = sd->be->event(td, ev);

	ssdq_phase_done(td, io_u);
	ssdq_watch_completed(td);
	return io_u;
}


__attribute__((visibility("default")))
struct ioengine_ops ioengine = {
	.name			= "ssdq",
	.version		= FIO_IOOPS_VERSION,
	.flags			= FIO_RAWIO | FIO_NOEXTEND | FIO_MEMALIGN | FIO_NODISKUTIL |
				  SSDQ_FIO_ISSUE_TIME_FLAG,
	.setup			= ssdq_setup,
	.init			= ssdq_init,
	.post_init		= ssdq_post_init,
	.io_u_init		= ssdq_io_u_init,
	.io_u_free		= ssdq_io_u_free,
	.queue			= ssdq_queue,
	.commit			= ssdq_commit,
	.getevents		= ssdq_getevents,
	.event			= ssdq_get_event,
	.cleanup		= ssdq_cleanup,
	.open_file		= ssdq_open_file,
	.close_file		= ssdq_close_file,
	.get_file_size		= ssdq_get_file_size,
	.invalidate		= ssdq_invalidate,
	.option_struct_size	= sizeof(struct ssdq_options),
	.options		= ssdq_fio_options,
};
