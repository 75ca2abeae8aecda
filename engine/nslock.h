/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NSLOCK_H
#define SSDQ_NSLOCK_H

/*
 * One writer per namespace: an exclusive flock(2) on a lock file named
 * after the namespace's identity, not after the path it was opened by, so
 * /dev/ng0n1 and any other node or link to the same namespace are one. The
 * drive model's state file is keyed by its device and inode.
 *
 * A lock belongs to the process that took it and to every process forked
 * from it afterwards (they share the open file): fio's main process takes
 * it while it sets up the jobs, its job processes inherit it, and a helper
 * a job forks to wait out a Format holds it until the Format ends. The
 * kernel drops it when the last of them exits, so a killed run leaves no
 * stale lock. Knows nothing of fio.
 */

#include <stddef.h>
#include <sys/types.h>

/** struct ssdq_nsholder - a process that holds a namespace's lock */
struct ssdq_nsholder {
	pid_t pid;
	pid_t ppid;		/* its parent */
	char comm[32];		/* its name (/proc/PID/comm), e.g. "fio", "ssdq-format" */
	char cmdline[240];	/* its command line, blanks between the words */
};

/**
 * ssdq_ns_identity() - The identity a namespace's lock is keyed by.
 * @path: a namespace's char node, or the drive model's state file
 * @sysfs_root: NULL for "/sys" (tests use a fixture tree)
 * @key: "ns-<wwid>" for a namespace whose block node names its world-wide
 *	id (the same through every path to it), "chr-<major>-<minor>" for
 *	another char device, "file-<dev>-<ino>" for a regular file; characters
 *	other than [A-Za-z0-9._-] become '_'
 * @len: size of @key
 *
 * Return: 0, or -errno of stat(2) (-ENOENT for a missing path), -EINVAL for
 * anything else (a block node, a directory).
 */
int ssdq_ns_identity(const char *path, const char *sysfs_root, char *key, size_t len);

/**
 * ssdq_nslock_dir() - Where lock files live: /run/lock when it is a
 * writable directory (Debian's, shared by every user), else /tmp.
 *
 * Return: the directory.
 */
const char *ssdq_nslock_dir(void);

/**
 * ssdq_nslock_take() - Take the writer's lock of the namespace @key, or
 * find that this process holds it already.
 * @dir: lock directory, ssdq_nslock_dir() outside tests
 * @key: from ssdq_ns_identity()
 * @holders: on -EBUSY, the processes holding it (other than this one)
 * @max: room in @holders
 * @nr: on -EBUSY, how many were found (0 when /proc does not tell)
 *
 * A lock taken here stays for the life of the process (and of the
 * processes it forks); taking it again is a no-op. The lock file records
 * the taker's pid, the fallback when /proc cannot show the holders.
 *
 * Return: 0, -EBUSY when another process holds it, -ENOSPC when this
 * process holds too many locks (16), or -errno of open(2)/flock(2).
 */
int ssdq_nslock_take(const char *dir, const char *key, struct ssdq_nsholder *holders, int max,
		     int *nr);

/**
 * ssdq_nslock_held() - Whether this process holds the lock of @key.
 *
 * Return: the lock file's descriptor, or -1.
 */
int ssdq_nslock_held(const char *key);

/**
 * ssdq_nslock_describe() - One line naming the holders, for a refusal:
 * "pid 412 (fio --name=fill ...), pid 415 [ssdq-format] (fio ...)".
 * @holders: from ssdq_nslock_take()
 * @nr: how many
 * @out: the line
 * @len: size of @out
 */
void ssdq_nslock_describe(const struct ssdq_nsholder *holders, int nr, char *out, size_t len);

/**
 * ssdq_nslock_holders() - The processes other than this one that have the
 * lock file @lockfd refers to open, from /proc/PID/fd.
 * @proc_root: NULL for "/proc"
 * @lockfd: an open descriptor of the lock file
 * @out: filled with up to @max holders
 * @max: room in @out
 *
 * Return: how many were found (at most @max), or -errno when @proc_root
 * cannot be read.
 */
int ssdq_nslock_holders(const char *proc_root, int lockfd, struct ssdq_nsholder *out, int max);

#endif
