// SPDX-License-Identifier: GPL-2.0-only
/* Synchronous backend: NVME_IOCTL_IO64_CMD, one command at a time. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "ssdq.h"

struct sync_data {
	struct nvme_uring_cmd *cmds;
};

static int sync_post_init(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct sync_data *syd = calloc(1, sizeof(*syd));

	if (!syd)
		return -ENOMEM;
	sd->be_data = syd;
	syd->cmds = calloc(sd->max_parts, sizeof(*syd->cmds));
	return syd->cmds ? 0 : -ENOMEM;
}

static int send_one(int fd, const struct nvme_uring_cmd *uc)
{
	struct nvme_passthru_cmd64 c;
	int ret;

	/* The two layouts agree up to rsvd2; cmd64 adds the result. */
	memset(&c, 0, sizeof(c));
	memcpy(&c, uc, sizeof(*uc));
	do {
		ret = ioctl(fd, NVME_IOCTL_IO64_CMD, &c);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : ret;
}

static enum fio_q_status sync_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct sync_data *syd = sd->be_data;
	int n = ssdq_prep_cmds(td, io_u, syd->cmds);

	for (int i = 0; i < n; i++)
		ssdq_part_done(td, io_u, send_one(io_u->file->fd, &syd->cmds[i]));
	return FIO_Q_COMPLETED;
}

static int sync_commit(struct thread_data *td)
{
	(void)td;
	return 0;
}

static int sync_getevents(struct thread_data *td, unsigned int min,
			  unsigned int max, const struct timespec *t)
{
	(void)td; (void)min; (void)max; (void)t;
	return 0;
}

static struct io_u *sync_event(struct thread_data *td, int ev)
{
	(void)td; (void)ev;
	return NULL;
}

static void sync_cleanup(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct sync_data *syd = sd->be_data;

	if (!syd)
		return;
	free(syd->cmds);
	free(syd);
	sd->be_data = NULL;
}

const struct ssdq_backend_ops ssdq_be_sync = {
	.name		= "ioctl",
	.post_init	= sync_post_init,
	.queue		= sync_queue,
	.commit		= sync_commit,
	.getevents	= sync_getevents,
	.event		= sync_event,
	.cleanup	= sync_cleanup,
};
