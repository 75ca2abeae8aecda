// SPDX-License-Identifier: GPL-2.0-only
/* The model's per-I/O host-added and intended logs, buffered. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host_iolog.h"

#define BUF_LEN		65536
#define LINE_MAX_LEN	128

struct one_log {
	int fd;
	size_t used;
	char buf[BUF_LEN];
};

struct ssdq_host_iolog {
	int64_t rt_off_ns;
	int failed;
	struct one_log log[2];		/* host-added, intended */
};

static int flush_log(struct one_log *o)
{
	size_t done = 0;
	ssize_t n;

	while (done < o->used && (n = write(o->fd, o->buf + done, o->used - done)) > 0)
		done += (size_t)n;
	if (done < o->used)
		return -(errno ? errno : EIO);
	o->used = 0;
	return 0;
}

int ssdq_host_iolog_open(const char *added_path, const char *intended_path, int64_t rt_off_ns,
			 struct ssdq_host_iolog **out, char *err, size_t errlen)
{
	struct ssdq_host_iolog *l = calloc(1, sizeof(*l));
	const char *paths[2] = { added_path, intended_path };
	int ret;

	*out = NULL;
	if (!l)
		return -ENOMEM;
	l->rt_off_ns = rt_off_ns;
	l->log[0].fd = l->log[1].fd = -1;
	for (int i = 0; i < 2; i++) {
		l->log[i].fd = open(paths[i], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (l->log[i].fd < 0) {
			ret = -errno;
			snprintf(err, errlen, "cannot write the per-I/O log %s: %s", paths[i],
				 strerror(-ret));
			ssdq_host_iolog_close(l);
			return ret;
		}
	}
	*out = l;
	return 0;
}

static int put(struct ssdq_host_iolog *l, struct one_log *o, int64_t t_us, uint64_t v,
	       unsigned int ddir, unsigned long long bs, unsigned long long offset)
{
	int ret;

	if (o->used + LINE_MAX_LEN > BUF_LEN && (ret = flush_log(o))) {
		l->failed = 1;
		return ret;
	}
	o->used += (size_t)snprintf(o->buf + o->used, BUF_LEN - o->used,
				    "%" PRId64 ".%03" PRId64 ", %" PRIu64 ", %u, %llu, %llu\n",
				    t_us / 1000, t_us % 1000, v, ddir, bs, offset);
	return 0;
}

int ssdq_host_iolog_add(struct ssdq_host_iolog *l, uint64_t reap_ns, uint64_t added_ns,
			uint64_t intended_ns, unsigned int ddir, unsigned long long bs,
			unsigned long long offset)
{
	int64_t t_us = ((int64_t)reap_ns + l->rt_off_ns) / 1000;
	int ret;

	if (l->failed)
		return 0;
	ret = put(l, &l->log[0], t_us, added_ns, ddir, bs, offset);
	if (!ret)
		ret = put(l, &l->log[1], t_us, intended_ns, ddir, bs, offset);
	return ret;
}

int ssdq_host_iolog_close(struct ssdq_host_iolog *l)
{
	int ret = 0;

	if (!l)
		return 0;
	for (int i = 0; i < 2; i++) {
		if (l->log[i].fd < 0)
			continue;
		if (!l->failed && l->log[i].used) {
			int r = flush_log(&l->log[i]);

			ret = ret ? ret : r;
		}
		close(l->log[i].fd);
	}
	free(l);
	return ret;
}
