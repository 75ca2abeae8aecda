// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drive model's own power reports against its energy account: the
 * Power Measurement feature and log (model_pmeas.h) on a virtual clock,
 * the OCP C0h power fields (model_ocp.h), and the model-pm source read
 * through the same logic as a drive's (nvme-pm).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "model.h"
#include "model_ocp.h"
#include "model_pmeas.h"
#include "nvme_log.h"
#include "nvme_pmeas.h"
#include "source.h"

#define MS	1000000ull

static char path[64];

static void fresh(struct ssdq_model *m, const char *preset, double scale)
{
	char err[256];

	snprintf(path, sizeof(path), "/tmp/ssdq-test-model-pm.%d", (int)getpid());
	unlink(path);
	if (ssdq_model_open(m, path, preset, scale, err, sizeof(err))) {
		printf("open failed: %s\n", err);
		exit(1);
	}
}

static struct ssdq_pmeas page_of(struct ssdq_model_pmeas *pm, uint64_t now)
{
	struct ssdq_pmeas_log_page pg;
	struct ssdq_pmeas d;
	char why[200] = "";

	ssdq_model_pmeas_log(pm, now, &pg);
	CHECK_EQ_INT(ssdq_pmeas_decode(&pg, sizeof(pg), &d, why, sizeof(why)), 0);
	return d;
}

/* Sequential 1 MiB writes at QD1 from @now for @n I/Os, the log read after each. */
static uint64_t write_run(struct ssdq_model *m, struct ssdq_model_pmeas *pm, uint64_t now,
			  unsigned int n, uint64_t *off)
{
	for (unsigned int i = 0; i < n; i++) {
		uint64_t done = ssdq_model_io(m, now, SSDQ_MODEL_WRITE, *off, 1 << 20);

		*off += 1 << 20;
		ssdq_model_complete(m, done);
		page_of(pm, done);
		now = done;
	}
	return now;
}

TEST(idle_drive_reads_idle_power)
{
	struct ssdq_model m;
	struct ssdq_model_pmeas pm;
	struct ssdq_pmeas d;
	uint64_t t = 10 * MS;

	fresh(&m, "qlc-1tb", 1000);
	ssdq_model_pmeas_init(&pm, &m);
	CHECK_EQ_U64(pm.interval_ns, MS);	/* 1 s of the full drive's time */
	d = page_of(&pm, t);
	CHECK(!d.enabled);
	CHECK_EQ_INT(d.count, 0);
	CHECK(isnan(d.avg_w));
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 0, 0), t), 0);
	d = page_of(&pm, t + 100 * MS + MS / 2);
	CHECK(d.enabled && d.estimated);
	CHECK_EQ_INT(d.generation, 1);
	CHECK_EQ_INT(d.count, 100);
	CHECK(fabs(d.avg_w - m.p->p_idle) <= d.resolution_w);
	CHECK(fabs(d.max_w - m.p->p_idle) <= d.resolution_w);
	CHECK_EQ_INT(d.percent_error, SSDQ_MODEL_PMEAS_ERROR_PCT);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(writes_against_the_energy_account)
{
	struct ssdq_model m;
	struct ssdq_model_pmeas pm;
	struct ssdq_pmeas d;
	uint64_t t0 = 5 * MS, t, at0, at1, off = 0;
	double e0, e1, truth_j;
	uint32_t count;

	fresh(&m, "tlc-dramless-1tb", 1000);
	ssdq_model_pmeas_init(&pm, &m);
	e0 = ssdq_model_drawn_energy(&m, t0, &at0);
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 0, 0), t0), 0);
	t = write_run(&m, &pm, t0, 400, &off);		/* 400 MiB into the SLC cache */
	t += 20 * MS;					/* then idle */
	d = page_of(&pm, t);
	e1 = ssdq_model_drawn_energy(&m, t, &at1);
	truth_j = ssdq_model_pmeas_joules(&pm, &count);
	/* the intervals hold the account exactly: the part of an interval not
	 * closed yet is what the account drew past the last one */
	CHECK(fabs(truth_j + pm.acc_j - ((e1 - e0) + m.p->p_idle * ((at1 - at0) / 1e9))) < 1e-9);
	CHECK_EQ_INT(d.count, count);
	CHECK_EQ_U64(count, (at1 - at0) / pm.interval_ns);
	/* the page: its mean within its unit, the energy it gives within count units */
	CHECK(fabs(d.avg_w - truth_j / count / (pm.interval_ns / 1e9)) <= d.resolution_w / 2 + 1e-12);
	CHECK(fabs(d.avg_w * count * (pm.interval_ns / 1e9) - truth_j) <=
	      count * d.resolution_w * (pm.interval_ns / 1e9));
	/* busy writing, the drive drew well above idle and never past PS0 */
	CHECK(d.avg_w > m.p->p_idle + 1.0);
	CHECK(d.max_w >= d.avg_w);
	CHECK(d.max_w <= m.p->ps0_w + d.resolution_w);
	CHECK(d.max_w > m.p->p_write_cache * 0.9);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(stop_start_and_bad_fields)
{
	struct ssdq_model m;
	struct ssdq_model_pmeas pm;
	struct ssdq_pmeas d;
	uint64_t t = MS;

	fresh(&m, "sata-1tb", 1000);
	ssdq_model_pmeas_init(&pm, &m);
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 0, 0), t), 0);
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_STOP, 0, 0), t + 10 * MS), 0);
	d = page_of(&pm, t + 50 * MS);
	CHECK(!d.enabled);
	CHECK_EQ_INT(d.count, 10);			/* nothing counted once stopped */
	/* a start clears it and counts a generation */
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 0, 0), t + 60 * MS), 0);
	d = page_of(&pm, t + 60 * MS);
	CHECK_EQ_INT(d.generation, 2);
	CHECK_EQ_INT(d.count, 0);
	/* what a controller answers Invalid Field for */
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, 2, t + 61 * MS), -EINVAL);
	CHECK_EQ_INT(ssdq_model_pmeas_set(&pm, ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 1, 0), t), -EINVAL);
	CHECK_EQ_INT(page_of(&pm, t + 70 * MS).count, 10);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(ocp_power_fields_of_the_model)
{
	struct ssdq_model m;
	struct ssdq_model_pmeas pm;
	struct ssdq_model_smart ms;
	struct ssdq_ocp_smart_log page;
	struct ssdq_ocp_smart o;
	uint64_t t, off = 0;

	fresh(&m, "tlc-enterprise-4tb", 10);
	ssdq_model_pmeas_init(&pm, &m);
	t = write_run(&m, &pm, MS, 3000, &off);
	ssdq_model_peek(&m, t + 10 * MS, &ms);
	ssdq_model_ocp_log(&m, &ms, &page);
	CHECK_EQ_INT(ssdq_ocp_smart_decode(&page, &o), 0);
	CHECK(o.have_power);
	CHECK_EQ_INT(o.log_page_version, 4);
	CHECK_EQ_INT(o.peak_power_w, 15);		/* its PS0 */
	CHECK_EQ_INT(o.max_avg_power_w, 15);
	CHECK(ms.energy_j > 0);
	CHECK_EQ_U64(o.lifetime_energy_wh, (uint64_t)ceil(ms.energy_j / 3600));
	CHECK_EQ_U64(o.phys_media_units_written, ms.media_bytes_written);
	CHECK(o.phys_media_units_written >= 3000ull << 20);
	ssdq_model_close(&m);
	unlink(path);
}

static const struct ssdq_source_ops *const model_types[] = { &ssdq_source_model_pm, NULL };

/* The source on the real clock, on an idle drive: whatever the host's load,
 * every interval holds idle power. */
TEST(model_pm_source_idle)
{
	struct ssdq_model m;
	struct ssdq_source_cfg cfg = { .rate_hz = 100, .extra_types = model_types };
	struct ssdq_source *src = NULL;
	struct ssdq_sample x;
	struct ssdq_drive_meas d;
	char spec[128], err[512] = "";
	struct timespec ts = { 0, 20 * 1000000L };
	int n = 0;

	fresh(&m, "qlc-1tb", 1000);
	snprintf(spec, sizeof(spec), "model-pm:%s", path);
	CHECK_EQ_INT(ssdq_source_open(spec, &cfg, &src, err, sizeof(err)), 0);
	if (!src) {
		printf("%s\n", err);
		return;
	}
	CHECK(src->averaged);
	CHECK(src->ops->measure != NULL);
	CHECK_EQ_INT(src->min_interval_us, 1000);
	for (int i = 0; i < 3; i++) {
		nanosleep(&ts, NULL);
		if (ssdq_source_read(src, 1, &x, 1) == 1) {
			n++;
			CHECK(fabs(x.watts - m.p->p_idle) < 0.0002);
			CHECK(x.estimated);
		}
	}
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(src->ops->measure(src, &d), 0);
	CHECK(d.count >= 60);
	CHECK(fabs(d.avg_w - m.p->p_idle) < 0.0002);
	CHECK(fabs(d.joules - d.avg_w * d.count * d.interval_s) < 1e-12);
	CHECK(fabs(d.interval_s - 0.001) < 1e-12);
	CHECK_EQ_INT(d.percent_error, SSDQ_MODEL_PMEAS_ERROR_PCT);
	CHECK(d.estimated);
	ssdq_source_close(src);
	ssdq_model_close(&m);
	unlink(path);
}

/* A drive without the feature, or no drive at all: refused at open, saying why. */
TEST(nvme_pm_absent)
{
	struct ssdq_source_cfg cfg = { .rate_hz = 10 };
	struct ssdq_source *src = NULL;
	char err[512] = "";

	CHECK(ssdq_source_open("nvme-pm:/dev/null", &cfg, &src, err, sizeof(err)) < 0);
	CHECK(src == NULL);
	CHECK_CONTAINS(err, "power source \"nvme-pm:/dev/null\": Identify Controller on /dev/null");
	err[0] = 0;
	CHECK_EQ_INT(ssdq_source_open("nvme-pm", &cfg, &src, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "no NVMe controller to ask");
	err[0] = 0;
	CHECK_EQ_INT(ssdq_source_open("model-pm:/nonexistent/state", &(struct ssdq_source_cfg){
		.extra_types = model_types }, &src, err, sizeof(err)) < 0, 1);
	CHECK_CONTAINS(err, "/nonexistent/state");
}

int main(void)
{
	RUN(idle_drive_reads_idle_power);
	RUN(writes_against_the_energy_account);
	RUN(stop_start_and_bad_fields);
	RUN(ocp_power_fields_of_the_model);
	RUN(model_pm_source_idle);
	RUN(nvme_pm_absent);
	return harness_main();
}
