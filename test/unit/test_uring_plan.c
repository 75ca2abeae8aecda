// SPDX-License-Identifier: GPL-2.0-only
/*
 * The io_uring backend's plan without a kernel: when fio waits right after
 * ->commit (engine/uring_plan.c, fio 3.33's do_io() and
 * wait_for_completions()), and whether a namespace polls (engine/pollq.c,
 * on fixture sysfs trees).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "pollq.h"
#include "uring_plan.h"

/* fio at iodepth @depth with @out io_us taken, default batch options */
static struct ssdq_fio_queue_view at(unsigned int depth, unsigned int out)
{
	struct ssdq_fio_queue_view v = {
		.free_io_us = depth - out,
		.cur_depth = out,
		.batch_complete_min = 1,
		.inline_submit = true,
	};

	return v;
}

TEST(qd1_always_waits)
{
	struct ssdq_fio_queue_view v = at(1, 1);

	CHECK(ssdq_fio_waits_next(&v));
}

TEST(deep_queue_waits_only_when_full)
{
	struct ssdq_fio_queue_view v;

	for (unsigned int out = 1; out < 32; out++) {
		v = at(32, out);
		CHECK(!ssdq_fio_waits_next(&v));
	}
	v = at(32, 32);
	CHECK(ssdq_fio_waits_next(&v));
}

/* iodepth_batch_complete_min=0 and _max=0: fio polls, waiting for one each time */
TEST(polling_fio_waits_after_every_commit)
{
	struct ssdq_fio_queue_view v = at(32, 3);

	v.batch_complete_min = 0;
	CHECK(ssdq_fio_waits_next(&v));
	v.batch_complete_max = 8;
	CHECK(!ssdq_fio_waits_next(&v));
}

/* a larger iodepth_batch_complete_min changes how many fio waits for, not when */
TEST(batch_complete_min_waits_when_full)
{
	struct ssdq_fio_queue_view v = at(16, 10);

	v.batch_complete_min = 8;
	CHECK(!ssdq_fio_waits_next(&v));
	v = at(16, 16);
	v.batch_complete_min = 8;
	CHECK(ssdq_fio_waits_next(&v));
}

TEST(latency_target_depth_counts_as_full)
{
	struct ssdq_fio_queue_view v = at(32, 4);

	v.latency_target = true;
	v.latency_qd = 4;
	CHECK(ssdq_fio_waits_next(&v));
	v.latency_qd = 5;
	CHECK(!ssdq_fio_waits_next(&v));
}

/* offload mode queues from worker threads: never leave a submission to a wait */
TEST(offload_and_empty_never_defer)
{
	struct ssdq_fio_queue_view v = at(1, 1);

	v.inline_submit = false;
	CHECK(!ssdq_fio_waits_next(&v));
	v = at(4, 0);
	v.free_io_us = 0;
	CHECK(!ssdq_fio_waits_next(&v));
}

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX], cmd[PATH_MAX + 16];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", path);
	*strrchr(cmd, '/') = '\0';
	strcat(cmd, "'");
	if (system(cmd) != 0)
		return;
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(queue_that_polls)
{
	char msg[768] = "";

	put("block/nvme0n1/queue/io_poll", "1\n");
	CHECK_EQ_INT(ssdq_poll_queues(root, "/dev/ng0n1", "nvme0n1", msg, sizeof(msg)), 0);
}

TEST(no_poll_queues_is_named_with_the_fix)
{
	char msg[768] = "";

	put("block/nvme1n1/queue/io_poll", "0\n");
	put("module/nvme/parameters/poll_queues", "0\n");
	CHECK_EQ_INT(ssdq_poll_queues(root, "/dev/ng1n1", "nvme1n1", msg, sizeof(msg)),
		     -EOPNOTSUPP);
	CHECK_CONTAINS(msg, "/dev/ng1n1 (nvme1n1) has no NVMe poll queues");
	CHECK_CONTAINS(msg, "poll_queues=0");
	CHECK_CONTAINS(msg, "nvme.poll_queues=N");
	CHECK_CONTAINS(msg, "drop ssdq_hipri");
}

/* the module asks for poll queues but this controller got none (one I/O queue) */
TEST(module_poll_queues_but_controller_has_none)
{
	char msg[768] = "";

	put("block/nvme2n1/queue/io_poll", "0\n");
	put("module/nvme/parameters/poll_queues", "1\n");
	CHECK_EQ_INT(ssdq_poll_queues(root, "/dev/ng2n1", "nvme2n1", msg, sizeof(msg)),
		     -EOPNOTSUPP);
	CHECK_CONTAINS(msg, "poll_queues=1");
	CHECK_CONTAINS(msg, "single I/O queue");
}

TEST(unreadable_io_poll_is_not_a_verdict)
{
	char msg[768] = "";

	CHECK_EQ_INT(ssdq_poll_queues(root, "/dev/ng9n1", "nvme9n1", msg, sizeof(msg)),
		     -ENOENT);
	CHECK_CONTAINS(msg, "cannot tell whether /dev/ng9n1 polls");
	put("block/nvme3n1/queue/io_poll", "maybe\n");
	CHECK_EQ_INT(ssdq_poll_queues(root, "/dev/ng3n1", "nvme3n1", msg, sizeof(msg)),
		     -EINVAL);
	CHECK_CONTAINS(msg, "\"maybe\"");
}

int main(void)
{
	char cmd[96];
	int ret;

	RUN(qd1_always_waits);
	RUN(deep_queue_waits_only_when_full);
	RUN(polling_fio_waits_after_every_commit);
	RUN(batch_complete_min_waits_when_full);
	RUN(latency_target_depth_counts_as_full);
	RUN(offload_and_empty_never_defer);

	snprintf(root, sizeof(root), "/tmp/ssdq-pollq.XXXXXX");
	if (!mkdtemp(root))
		SKIP("cannot create a temporary directory");
	RUN(queue_that_polls);
	RUN(no_poll_queues_is_named_with_the_fix);
	RUN(module_poll_queues_but_controller_has_none);
	RUN(unreadable_io_poll_is_not_a_verdict);
	ret = harness_main();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		ret = 1;
	return ret;
}
