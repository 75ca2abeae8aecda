// SPDX-License-Identifier: GPL-2.0-only
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log_find.h"

char *rpt_log_path(const char *dir, const char *prefix, const char *type,
		   const char *ext, unsigned int thread, bool per_job, const char *host)
{
	char *p = NULL, *ph = NULL;
	int ret;

	if (per_job)
		ret = asprintf(&p, "%s%s%s_%s.%u.%s", prefix[0] == '/' ? "" : dir,
			       prefix[0] == '/' ? "" : "/", prefix, type, thread, ext);
	else
		ret = asprintf(&p, "%s%s%s_%s.%s", prefix[0] == '/' ? "" : dir,
			       prefix[0] == '/' ? "" : "/", prefix, type, ext);
	if (ret < 0)
		return NULL;
	if (!host || !access(p, F_OK))
		return p;
	if (asprintf(&ph, "%s.%s", p, host) < 0)
		return p;
	if (access(ph, F_OK)) {
		free(ph);
		return p;
	}
	free(p);
	return ph;
}

char *rpt_find_log(const char *dir, const char *prefix, const char *type,
		      const struct rpt_fio_entry *e, char *tried, size_t len)
{
	char *p = rpt_log_path(dir, prefix, type, "log", e->thread, true, e->host);

	if (p && !access(p, R_OK))
		return p;
	snprintf(tried, len, "%s", p ? p : "?");
	free(p);
	p = rpt_log_path(dir, prefix, type, "log", 0, false, e->host);
	if (p && !access(p, R_OK))
		return p;
	free(p);
	return NULL;
}

char *rpt_find_sidecar(const char *dir, const char *prefix, const char *type,
		       const char *ext, const struct rpt_fio_entry *e,
		       char *tried, size_t len)
{
	const char *pre[2] = { prefix, e->jobname };
	unsigned int t, nt = e->nthreads > 1 ? e->nthreads : 1;
	size_t used = 0;
	int i;

	if (len)
		tried[0] = '\0';
	for (t = e->thread; t < e->thread + nt; t++)
		for (i = 0; i < 2; i++) {
			char *p;

			if (!pre[i] || (i && prefix && !strcmp(prefix, e->jobname)))
				continue;
			p = rpt_log_path(dir, pre[i], type, ext, t, true, e->host);
			if (p && !access(p, R_OK))
				return p;
			if (used < len && t == e->thread)
				used += snprintf(tried + used, len - used, "%s%s",
						 used ? " and " : "", p ? p : "?");
			free(p);
		}
	return NULL;
}

