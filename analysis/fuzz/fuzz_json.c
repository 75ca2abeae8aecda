// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: fio JSON reader (every release's units, client/server,
 * unified reporting), --status-interval snapshots, job grouping, the rows
 * of each group and their figures and plausibility checks (a fill from the
 * snapshots included), and what an input that is not JSON is.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fio_figures.h"
#include "fio_jobs.h"
#include "input_kind.h"
#include "metrics.h"
#include "reader_json.h"
#include "report.h"
#include "status.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rpt_diag d = { 0 };
	struct json_object *root;
	struct rpt_status st = { 0 };
	struct rpt_fio_run run;
	unsigned int docs;
	char version[64], msg[1024];
	size_t i;

	rpt_input_advice(msg, sizeof(msg), "fuzz.json",
			 rpt_input_kind((const char *)data, size, version, sizeof(version)), version);

	if (rpt_json_parse_each("fuzz.json", (const char *)data, size, rpt_status_add, &st,
				&root, &docs, &d))
		goto out;
	rpt_fio_run_parse(root, "fuzz.json", &run, &d);
	run.status = docs > 1 ? &st : NULL;
	for (i = 0; i < run.ng; i++) {
		unsigned int mask[3];
		size_t k, nrows;

		if (!run.g[i].n)
			continue;
		nrows = rpt_fio_rows(&run, &run.g[i], mask);
		for (k = 0; k < nrows; k++) {
			struct rpt_job j;

			memset(&j, 0, sizeof(j));
			rpt_job_compute(&run, &run.g[i], mask[k], nrows > 1, "/nonexistent-ssdq-fuzz",
					NULL, &j, &d);
			free(j.name);
			free(j.rw);
			free(j.lat_cdf.us);
			free(j.lat_cdf.le);
			rpt_fill_figures_free(&j.fill);
			rpt_bursts_free(&j.bursts);
			rpt_diag_free(&j.notes);
		}
	}
	rpt_fio_run_free(&run);
	json_object_put(root);
out:
	rpt_status_free(&st);
	rpt_diag_free(&d);
	return 0;
}
