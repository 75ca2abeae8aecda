// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "nslock.h"
#include "util.h"

#define MAX_HELD	16

/* Locks this process holds (or inherited): key and descriptor. */
static struct {
	char key[200];
	int fd;
} held[MAX_HELD];
static int nr_held;

static void sanitize(char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '_' || *s == '-'))
			*s = '_';
}

/* The wwid of the block node beside generic node /sys/dev/char/M:m, if any. */
static int char_wwid(const char *root, const struct stat *st, char *out, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX], path[PATH_MAX];
	unsigned int c, n;
	const char *base;
	ssize_t r;

	snprintf(link, sizeof(link), "%s/dev/char/%u:%u", root, major(st->st_rdev),
		 minor(st->st_rdev));
	r = readlink(link, target, sizeof(target) - 1);
	if (r <= 0)
		return -ENOENT;
	target[r] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (sscanf(base, "ng%un%u", &c, &n) != 2)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/block/nvme%un%u/wwid", root, c, n);
	if (ssdq_read_line(path, out, len) <= 0)
		return -ENOENT;
	return 0;
}

int ssdq_ns_identity(const char *path, const char *sysfs_root, char *key, size_t len)
{
	char wwid_str[160];
	struct stat st;

	if (stat(path, &st) < 0)
		return -errno;
	if (S_ISCHR(st.st_mode)) {
		if (!char_wwid(sysfs_root ? sysfs_root : "/sys", &st, wwid_str, sizeof(wwid_str)))
			snprintf(key, len, "ns-%s", wwid_str);
		else
			snprintf(key, len, "chr-%u-%u", major(st.st_rdev), minor(st.st_rdev));
	} else if (S_ISREG(st.st_mode)) {
		snprintf(key, len, "file-%llx-%llu", (unsigned long long)st.st_dev,
			 (unsigned long long)st.st_ino);
	} else {
		return -EINVAL;
	}
	sanitize(key);
	return 0;
}

const char *ssdq_nslock_dir(void)
{
	struct stat st;

	if (!stat("/run/lock", &st) && S_ISDIR(st.st_mode) && !access("/run/lock", W_OK))
		return "/run/lock";
	return "/tmp";
}

int ssdq_nslock_held(const char *key)
{
	for (int i = 0; i < nr_held; i++)
		if (!strcmp(held[i].key, key))
			return held[i].fd;
	return -1;
}

static void read_proc(const char *root, pid_t pid, const char *what, char *out, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/%d/%s", root, (int)pid, what);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, out, len - 1);
	close(fd);
	if (n <= 0)
		return;
	out[n] = '\0';
	for (ssize_t i = 0; i < n; i++)
		if (out[i] == '\0' || out[i] == '\n')
			out[i] = ' ';
	while (n > 0 && out[n - 1] == ' ')
		out[--n] = '\0';
}

static void fill_holder(const char *root, pid_t pid, struct ssdq_nsholder *h)
{
	char stat[512];
	const char *p;
	int ppid;

	h->pid = pid;
	h->ppid = 0;
	read_proc(root, pid, "comm", h->comm, sizeof(h->comm));
	read_proc(root, pid, "cmdline", h->cmdline, sizeof(h->cmdline));
	/* "PID (comm) S PPID ...": comm may hold blanks and parentheses */
	read_proc(root, pid, "stat", stat, sizeof(stat));
	p = strrchr(stat, ')');
	if (p && sscanf(p + 1, " %*c %d", &ppid) == 1)
		h->ppid = ppid;
}

/* Whether process @pid has a descriptor open on @want's file. */
static int has_open(const char *root, const char *pid, const struct stat *want)
{
	char dir[PATH_MAX];
	struct dirent *e;
	int found = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/%s/fd", root, pid);
	d = opendir(dir);
	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		char p[PATH_MAX + 300];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		found = !stat(p, &st) && st.st_dev == want->st_dev && st.st_ino == want->st_ino;
	}
	closedir(d);
	return found;
}

int ssdq_nslock_holders(const char *proc_root, int lockfd, struct ssdq_nsholder *out, int max)
{
	const char *root = proc_root ? proc_root : "/proc";
	struct stat want;
	struct dirent *e;
	int n = 0;
	DIR *d;

	if (fstat(lockfd, &want) < 0)
		return -errno;
	d = opendir(root);
	if (!d)
		return -errno;
	while (n < max && (e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);

		if (*end || pid <= 0 || pid == getpid())
			continue;
		if (has_open(root, e->d_name, &want))
			fill_holder(root, (pid_t)pid, &out[n++]);
	}
	closedir(d);
	return n;
}

void ssdq_nslock_describe(const struct ssdq_nsholder *h, int nr, char *out, size_t len)
{
	size_t off = 0;

	out[0] = '\0';
	for (int i = 0; i < nr && off < len; i++) {
		size_t word = strcspn(h[i].cmdline, " "), b = word;
		const char *base;
		int w;

		while (b > 0 && h[i].cmdline[b - 1] != '/')
			b--;
		base = h[i].cmdline + b;
		word -= b;
		/* name a forked helper whose command line is still fio's */
		if (h[i].comm[0] && (strlen(h[i].comm) != word || strncmp(h[i].comm, base, word)))
			w = snprintf(out + off, len - off, "%spid %d [%s] (%s)", i ? ", " : "",
				     (int)h[i].pid, h[i].comm, h[i].cmdline[0] ? h[i].cmdline : "?");
		else
			w = snprintf(out + off, len - off, "%spid %d (%s)", i ? ", " : "",
				     (int)h[i].pid, h[i].cmdline[0] ? h[i].cmdline : "?");
		if (w < 0)
			break;
		off += (size_t)w;
	}
}

/* The pid the lock file records, for when /proc does not show the holders. */
static int recorded_holder(int fd, struct ssdq_nsholder *h)
{
	char buf[64];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	int pid;

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "pid %d", &pid) != 1 || pid <= 0 || pid == getpid())
		return 0;
	memset(h, 0, sizeof(*h));
	fill_holder("/proc", pid, h);
	return 1;
}

/*
 * Move the lock to a high descriptor: a process that exits closes its
 * descriptors from the lowest up, so the namespace node and the io_uring
 * go before the lock does, and no second writer can take it while a dying
 * one still has the namespace open.
 */
static int high_fd(int fd)
{
	struct rlimit rl;
	int hi, min = 1024;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < (rlim_t)min)
		min = (int)rl.rlim_cur;
	hi = fcntl(fd, F_DUPFD_CLOEXEC, min > 64 ? min - 16 : fd);
	if (hi < 0)
		return fd;
	close(fd);
	return hi;
}

int ssdq_nslock_take(const char *dir, const char *key, struct ssdq_nsholder *holders, int max,
		     int *nr)
{
	char path[PATH_MAX], rec[32];
	int fd, n;

	*nr = 0;
	if (ssdq_nslock_held(key) >= 0)
		return 0;
	if (nr_held == MAX_HELD)
		return -ENOSPC;
	snprintf(path, sizeof(path), "%s/ssdq-ns.%s.lock", dir, key);
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);	/* another user's file */
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int ret = errno == EWOULDBLOCK ? -EBUSY : -errno;

		if (ret == -EBUSY && max > 0) {
			n = ssdq_nslock_holders(NULL, fd, holders, max);
			*nr = n > 0 ? n : recorded_holder(fd, holders);
		}
		close(fd);
		return ret;
	}
	fd = high_fd(fd);
	n = snprintf(rec, sizeof(rec), "pid %d\n", (int)getpid());
	if (ftruncate(fd, 0) == 0 && pwrite(fd, rec, (size_t)n, 0) != n) {
		/* the record is only a fallback for naming the holder */
	}
	snprintf(held[nr_held].key, sizeof(held[nr_held].key), "%s", key);
	held[nr_held].fd = fd;
	nr_held++;
	return 0;
}
