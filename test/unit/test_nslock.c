// SPDX-License-Identifier: GPL-2.0-only
/*
 * One writer per namespace (engine/nslock.c): the identity a lock is keyed
 * by (a fixture sysfs tree for a char node), a second process refused with
 * the holder named, a lock that outlives its taker in a forked helper and
 * ends with it. The other processes are this program run again
 * ("take DIR KEY"), so they start with no locks.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "nslock.h"

static char dir[64], self[PATH_MAX];

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* Runs "self take DIR KEY" and returns its exit status; its output in @out. */
static int other_take(const char *key, char *out, size_t len)
{
	char cmd[PATH_MAX + 300];
	size_t n;
	FILE *p;
	int st;

	snprintf(cmd, sizeof(cmd), "%s take %s %s", self, dir, key);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

TEST(identity_of_files)
{
	char a[200], b[200], c[200], p[128], q[128], r[128];

	snprintf(p, sizeof(p), "%s/state", dir);
	snprintf(q, sizeof(q), "%s/link", dir);
	snprintf(r, sizeof(r), "%s/other", dir);
	put(p, "x");
	put(r, "y");
	CHECK_EQ_INT(symlink(p, q), 0);
	CHECK_EQ_INT(ssdq_ns_identity(p, NULL, a, sizeof(a)), 0);
	CHECK_EQ_INT(ssdq_ns_identity(q, NULL, b, sizeof(b)), 0);
	CHECK_EQ_INT(ssdq_ns_identity(r, NULL, c, sizeof(c)), 0);
	CHECK(!strncmp(a, "file-", 5));
	CHECK_STREQ(a, b);
	CHECK(strcmp(a, c) != 0);
	CHECK_EQ_INT(ssdq_ns_identity("/nonexistent/ng9n9", NULL, a, sizeof(a)), -ENOENT);
	CHECK_EQ_INT(ssdq_ns_identity(dir, NULL, a, sizeof(a)), -EINVAL);
}

/* /dev/null (1:3) stands in for a namespace node in a fixture sysfs. */
TEST(identity_of_a_char_node)
{
	char root[96], path[320], key[200], alias[128];
	struct stat st;

	if (stat("/dev/null", &st) || !S_ISCHR(st.st_mode)) {
		CHECK(0);
		return;
	}
	snprintf(root, sizeof(root), "%s/sys", dir);
	snprintf(path, sizeof(path), "mkdir -p %s/dev/char %s/block/nvme7n1", root, root);
	CHECK_EQ_INT(system(path), 0);
	CHECK_EQ_INT(ssdq_ns_identity("/dev/null", root, key, sizeof(key)), 0);
	CHECK_STREQ(key, "chr-1-3");
	snprintf(path, sizeof(path), "%s/dev/char/1:3", root);
	CHECK_EQ_INT(symlink("../../devices/virtual/nvme-generic/ng7n1", path), 0);
	CHECK_EQ_INT(ssdq_ns_identity("/dev/null", root, key, sizeof(key)), 0);
	CHECK_STREQ(key, "chr-1-3");	/* no wwid: the device number */
	snprintf(path, sizeof(path), "%s/block/nvme7n1/wwid", root);
	put(path, "nvme.1b36-73736471/35313200\n");
	CHECK_EQ_INT(ssdq_ns_identity("/dev/null", root, key, sizeof(key)), 0);
	CHECK_STREQ(key, "ns-nvme.1b36-73736471_35313200");
	/* another path to the same node is the same namespace */
	snprintf(alias, sizeof(alias), "%s/ng-alias", dir);
	CHECK_EQ_INT(symlink("/dev/null", alias), 0);
	CHECK_EQ_INT(ssdq_ns_identity(alias, root, key, sizeof(key)), 0);
	CHECK_STREQ(key, "ns-nvme.1b36-73736471_35313200");
}

TEST(second_writer_refused)
{
	struct ssdq_nsholder h[4];
	char out[4096], mypid[32];
	int nr;

	CHECK_EQ_INT(ssdq_nslock_take(dir, "ns-test-a", h, 4, &nr), 0);
	CHECK(ssdq_nslock_held("ns-test-a") >= 0);
	CHECK_EQ_INT(ssdq_nslock_held("ns-test-b"), -1);
	CHECK_EQ_INT(ssdq_nslock_take(dir, "ns-test-a", h, 4, &nr), 0);	/* again: held */
	CHECK_EQ_INT(other_take("ns-test-a", out, sizeof(out)), EBUSY);
	snprintf(mypid, sizeof(mypid), "pid %d ", (int)getpid());
	CHECK_CONTAINS(out, mypid);
	CHECK_CONTAINS(out, "test_nslock");
	/* another namespace is free */
	CHECK_EQ_INT(other_take("ns-test-b", out, sizeof(out)), 0);
}

/*
 * A taker that forks a helper (as a Format does) and exits: the helper
 * holds the lock, is named as the holder, and frees it when it ends.
 */
TEST(lock_outlives_its_taker_in_a_helper)
{
	char out[4096], want[64];
	int p[2], q[2];
	pid_t taker, helper = 0;

	CHECK_EQ_INT(prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), 0);
	CHECK_EQ_INT(pipe(p), 0);	/* helper waits on p */
	CHECK_EQ_INT(pipe(q), 0);	/* helper's pid comes back on q */
	taker = fork();
	if (!taker) {
		struct ssdq_nsholder h[4];
		pid_t c;
		int nr;

		if (ssdq_nslock_take(dir, "ns-test-c", h, 4, &nr))
			_exit(1);
		c = fork();
		if (!c) {
			pid_t me = getpid();
			char b;

			/* named first, then its pid sent: the check never sees it unnamed */
			prctl(PR_SET_NAME, "ssdq-format", 0, 0, 0);
			close(p[1]);
			if (write(q[1], &me, sizeof(me)) != (ssize_t)sizeof(me))
				_exit(1);
			if (read(p[0], &b, 1) < 0)
				_exit(1);
			_exit(0);
		}
		_exit(c > 0 ? 0 : 1);
	}
	close(p[0]);
	close(q[1]);
	CHECK_EQ_INT(read(q[0], &helper, sizeof(helper)), (int)sizeof(helper));
	CHECK_EQ_INT(waitpid(taker, NULL, 0), taker);
	CHECK_EQ_INT(other_take("ns-test-c", out, sizeof(out)), EBUSY);
	snprintf(want, sizeof(want), "pid %d [ssdq-format]", (int)helper);
	CHECK_CONTAINS(out, want);
	close(p[1]);			/* the "Format" ends */
	CHECK_EQ_INT(waitpid(helper, NULL, 0), helper);
	CHECK_EQ_INT(other_take("ns-test-c", out, sizeof(out)), 0);
	close(q[0]);
}

TEST(describe)
{
	struct ssdq_nsholder h[2] = {
		{ .pid = 412, .comm = "fio", .cmdline = "/usr/bin/fio --name=fill x.fio" },
		{ .pid = 415, .comm = "ssdq-format", .cmdline = "fio --name=fill x.fio" },
	};
	char out[512];

	ssdq_nslock_describe(h, 2, out, sizeof(out));
	CHECK_STREQ(out, "pid 412 (/usr/bin/fio --name=fill x.fio), "
		    "pid 415 [ssdq-format] (fio --name=fill x.fio)");
	ssdq_nslock_describe(h, 2, out, 40);
	CHECK_EQ_INT(strlen(out), 39);		/* cut, never overrun */
}

/* "take DIR KEY": exit 0 when taken, else the errno; holders on stdout. */
static int take_main(const char *d, const char *key)
{
	struct ssdq_nsholder h[4];
	char line[1200];
	int ret, nr;

	ret = ssdq_nslock_take(d, key, h, 4, &nr);
	if (ret == -EBUSY) {
		ssdq_nslock_describe(h, nr, line, sizeof(line));
		printf("%s\n", line);
	}
	return -ret;
}

int main(int argc, char **argv)
{
	char cmd[128];
	ssize_t n;

	if (argc == 4 && !strcmp(argv[1], "take"))
		return take_main(argv[2], argv[3]);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		SKIP("no /proc/self/exe");
	self[n] = '\0';
	snprintf(dir, sizeof(dir), "/tmp/ssdq-nslock.XXXXXX");
	if (!mkdtemp(dir))
		SKIP("no temporary directory");
	RUN(identity_of_files);
	RUN(identity_of_a_char_node);
	RUN(second_writer_refused);
	RUN(lock_outlives_its_taker_in_a_helper);
	RUN(describe);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return harness_main();
}
