// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: fio's hist logs read line by line (hist_log.h) and
 * merged per interval as fiologparser_hist.py does (hist_interval.h), the
 * input split at its first NUL into two jobs' logs (memfds, read through
 * /proc/self/fd). Every line's sparse counts ascend; every interval has
 * samples, finite percentiles in ascending order, and comes in time order.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "envelope.h"
#include "hist_interval.h"
#include "hist_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	double last_end;
	struct rpt_envelope env;
};

static int check_row(void *arg, const struct rpt_hiv_row *row)
{
	struct seen *s = arg;

	if (!row->samples || row->end_ms < s->last_end || row->dir > RPT_HIV_MIXED)
		abort();
	for (int p = 1; p < 4; p++)
		if (!(row->pct_ns[p] >= row->pct_ns[p - 1]) && !isnan(row->pct_ns[p - 1]))
			abort();
	s->last_end = row->end_ms;
	rpt_env_add(&s->env, row->end_ms, row->pct_ns[3]);
	return 0;
}

static int memfd_of(const uint8_t *p, size_t n, char *path, size_t len)
{
	int fd = memfd_create("hist", 0);

	if (fd < 0)
		return -1;
	if (n && write(fd, p, n) != (ssize_t)n) {
		close(fd);
		return -1;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct seen s;
	const double pct[4] = { 50, 99, 99.9, 99.99 };
	const uint8_t *nul = memchr(data, 0, size);
	size_t n1 = nul ? (size_t)(nul - data) : size;
	char p1[64], p2[64], err[512];
	const char *paths[2] = { p1, p2 };
	struct rpt_hist_reader *r = malloc(sizeof(*r));
	struct rpt_hist_line l;
	int fd1, fd2 = -1;

	if (!r)
		return 0;
	fd1 = memfd_of(data, n1, p1, sizeof(p1));
	if (nul)
		fd2 = memfd_of(nul + 1, size - n1 - 1, p2, sizeof(p2));
	if (fd1 >= 0 && !rpt_hist_open(r, p1)) {
		while (rpt_hist_next(r, &l) == 1)
			for (size_t i = 0; i < l.nnz; i++)
				if (l.idx[i] >= RPT_PLAT_NR || (i && l.idx[i] <= l.idx[i - 1]) || !l.cnt[i])
					abort();
		rpt_hist_close(r);
	}
	s.last_end = -INFINITY;
	rpt_env_init(&s.env, 0, 1);
	if (fd1 >= 0)
		rpt_hist_intervals(paths, fd2 >= 0 ? 2 : 1, size ? 250 + data[0] % 4 * 250 : 1000,
				   0xf, pct, 4, check_row, &s, err, sizeof(err));
	if (fd1 >= 0)
		close(fd1);
	if (fd2 >= 0)
		close(fd2);
	free(r);
	return 0;
}
