// SPDX-License-Identifier: GPL-2.0-only
/*
 * What holds a namespace (engine/holders.c), on a fake sysfs, mount table and
 * swap list in a temporary directory: mounts by number and by source path,
 * mount points with escaped spaces, swap, device-mapper and md holders, a
 * partition, and a namespace without a block node.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "holders.h"

static char top[PATH_MAX - 64], sys[PATH_MAX], mountinfo[PATH_MAX], swaps[PATH_MAX];
static struct ssdq_sysroot root;
static char why[1024];

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX * 2];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		SKIP("cannot write the fake tree");
}

static void dir(const char *rel)
{
	char path[PATH_MAX * 2], *p;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	for (p = path + strlen(top) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	mkdir(path, 0755);
}

static int holders(void)
{
	why[0] = '\0';
	return ssdq_holders_find(&root, "nvme9n1", why, sizeof(why));
}

static void setup(void)
{
	snprintf(top, sizeof(top), "%s/ssdq-holders.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(top))
		SKIP("no temporary directory");
	snprintf(sys, sizeof(sys), "%s/sys", top);
	snprintf(mountinfo, sizeof(mountinfo), "%s/mountinfo", top);
	snprintf(swaps, sizeof(swaps), "%s/swaps", top);
	root = (struct ssdq_sysroot){ .sys = sys, .dev = "/dev", .mountinfo = mountinfo,
				      .swaps = swaps };
	dir("sys/block/nvme9n1/holders");
	dir("sys/block/nvme9n1/nvme9n1p1/holders");
	dir("sys/block/nvme9n1/queue");
	dir("sys/block/dm-3/dm");
	put("sys/block/nvme9n1/dev", "259:9\n");
	put("sys/block/nvme9n1/nvme9n1p1/dev", "259:10\n");
	put("sys/block/dm-3/dm/name", "vg0-data\n");
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n");
	put("swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
}

TEST(block_of_generic_node)
{
	char block[64];

	CHECK_EQ_INT(ssdq_ng_block(&root, "/dev/ng9n1", block, sizeof(block)), 0);
	CHECK_STREQ(block, "nvme9n1");
	CHECK_EQ_INT(ssdq_ng_block(&root, "ng9n1", block, sizeof(block)), 0);
	CHECK_EQ_INT(ssdq_ng_block(&root, "/dev/ng8n1", block, sizeof(block)), -ENOENT);
	CHECK_EQ_INT(ssdq_ng_block(&root, "/dev/nvme9n1", block, sizeof(block)), -EINVAL);
	CHECK_EQ_INT(ssdq_ng_block(&root, "/dev/ng9n1p1", block, sizeof(block)), -EINVAL);
	CHECK_EQ_INT(ssdq_ng_block(&root, "/tmp/model.state", block, sizeof(block)), -EINVAL);
}

TEST(nothing_holds_it)
{
	CHECK_EQ_INT(holders(), 0);
}

TEST(mounted_partition)
{
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n"
			 "36 25 259:10 / /mnt/my\\040data rw,relatime shared:1 - ext4 /dev/nvme9n1p1 rw\n");
	CHECK_EQ_INT(holders(), -EBUSY);
	CHECK_STREQ(why, "/dev/nvme9n1p1 is mounted on /mnt/my data");
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n");
}

TEST(mounted_by_source_path)
{
	/* btrfs shows an anonymous device number; the source names the node */
	put("mountinfo", "40 25 0:45 / /srv rw - btrfs /dev/nvme9n1 rw\n");
	CHECK_EQ_INT(holders(), -EBUSY);
	CHECK_STREQ(why, "/dev/nvme9n1 is mounted on /srv");
	/* another device's mount is not this one's */
	put("mountinfo", "40 25 259:1 / / rw - ext4 /dev/nvme0n1p2 rw\n");
	CHECK_EQ_INT(holders(), 0);
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n");
}

TEST(swap)
{
	put("swaps", "Filename\tType\tSize\tUsed\tPriority\n"
		     "/dev/nvme9n1p1                          partition\t1048572\t0\t-2\n");
	CHECK_EQ_INT(holders(), -EBUSY);
	CHECK_STREQ(why, "/dev/nvme9n1p1 is in use as swap");
	put("swaps", "Filename\tType\tSize\tUsed\tPriority\n/swapfile file 1024 0 -2\n");
	CHECK_EQ_INT(holders(), 0);
}

TEST(held_by_device_mapper_and_md)
{
	char path[PATH_MAX * 2];

	dir("sys/block/nvme9n1/holders/dm-3");
	CHECK_EQ_INT(holders(), -EBUSY);
	CHECK_STREQ(why, "/dev/nvme9n1 is held by dm-3 (device-mapper device vg0-data)");
	snprintf(path, sizeof(path), "%s/sys/block/nvme9n1/holders/dm-3", top);
	rmdir(path);
	dir("sys/block/nvme9n1/nvme9n1p1/holders/md127");
	CHECK_EQ_INT(holders(), -EBUSY);
	CHECK_STREQ(why, "/dev/nvme9n1p1 is held by md127 (md RAID)");
	snprintf(path, sizeof(path), "%s/sys/block/nvme9n1/nvme9n1p1/holders/md127", top);
	rmdir(path);
	CHECK_EQ_INT(holders(), 0);
}

TEST(unreadable_tables)
{
	root.mountinfo = "/nonexistent/mountinfo";
	CHECK_EQ_INT(holders(), -ENOENT);
	CHECK_CONTAINS(why, "cannot read /nonexistent/mountinfo");
	root.mountinfo = mountinfo;
	CHECK_EQ_INT(ssdq_holders_find(&root, "nvme7n1", why, sizeof(why)), -ENOENT);
	CHECK_CONTAINS(why, "nvme7n1");
}

int main(void)
{
	char cmd[PATH_MAX + 16];
	int ret;

	setup();
	RUN(block_of_generic_node);
	RUN(nothing_holds_it);
	RUN(mounted_partition);
	RUN(mounted_by_source_path);
	RUN(swap);
	RUN(held_by_device_mapper_and_md);
	RUN(unreadable_tables);
	ret = harness_main();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	if (system(cmd))
		return 1;
	return ret;
}
