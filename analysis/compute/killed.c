// SPDX-License-Identifier: GPL-2.0-only
/* A fio JSON left empty or cut short by a killed fio: its test from the sidecars. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "from_logs.h"
#include "killed.h"
#include "reader_log.h"
#include "report.h"

/* write_bw_log= of the rendered job file @fio, into @out; false without. */
static bool jobfile_prefix(const char *fio, char *out, size_t len)
{
	char line[1024];
	bool found = false;
	FILE *f = fopen(fio, "re");

	while (f && !found && fgets(line, sizeof(line), f)) {
		char *v = line + strspn(line, " \t");

		if (strncmp(v, "write_bw_log", 12))
			continue;
		v += 12 + strspn(v + 12, " \t");
		if (*v++ != '=')
			continue;
		v += strspn(v, " \t");
		v[strcspn(v, " \t#;\r\n")] = '\0';
		found = *v && (size_t)snprintf(out, len, "%s", v) < len;
	}
	if (f)
		fclose(f);
	return found;
}

/* The events sidecar of the test named @name in @dir, or NULL. */
static char *sidecar_of(const char *dir, const char *name)
{
	char want[2][PATH_MAX], pre[PATH_MAX], fio[PATH_MAX];
	char **paths = NULL, *hit = NULL;
	size_t n = 0, i;
	int k, nw = 1;

	snprintf(want[0], sizeof(want[0]), "%s", name);
	snprintf(fio, sizeof(fio), "%s/jobs/%s.fio", dir, name);
	if (jobfile_prefix(fio, want[1], sizeof(want[1])))
		nw = 2;
	if (rpt_logs_find(dir, &paths, &n))
		return NULL;
	for (k = 0; k < nw && !hit; k++)
		for (i = 0; i < n && !hit; i++)
			if (rpt_logs_events_name(paths[i], pre, sizeof(pre)) && !strcmp(pre, want[k]))
				hit = strdup(paths[i]);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return hit;
}

int rpt_killed_doc(const char *path, const char *dir, size_t nd, struct json_object **root,
		   struct rpt_test *t)
{
	struct stat st;
	char *side = sidecar_of(dir, t->name), *src;
	bool empty;
	size_t k;
	int ret;

	if (!side)
		return -ENOENT;
	ret = rpt_logs_doc(side, root, &t->source, &t->diag);
	free(side);
	if (ret)
		return ret == -ENOMEM ? ret : -ENOENT;
	t->ndocs = 1;
	empty = !stat(path, &st) && st.st_size == 0;
	snprintf(t->json_note, sizeof(t->json_note), "fio's JSON is %s",
		 empty ? "empty" : "cut short");
	if (asprintf(&src, "%s is %s (fio was killed before it %s it, or its client was): "
		     "the test comes from ssdq's sidecars beside it. %s", path,
		     empty ? "empty" : "cut short", empty ? "wrote" : "finished", t->source) >= 0) {
		free(t->source);
		t->source = src;
	}
	for (k = nd; k < t->diag.n; k++)
		if (t->diag.level[k] == RPT_ERROR) {
			t->diag.level[k] = RPT_WARN;
			t->diag.nerrors--;
		}
	return 0;
}
