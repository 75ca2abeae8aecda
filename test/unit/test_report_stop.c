// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs that did not finish, as the report tells them (analysis/compute/stop.c): the
 * stop reasons of the events sidecar (terminated, killed: events without
 * job_end), ssdq-run's state and log (done, interrupted, failed, begun and
 * never ended), and the model's pslc-fill fixture made partial: no SLC
 * verdict, a note saying the figures cover a partial run and where the fill
 * curve ends, a warning naming the interrupted step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag_check.h"
#include "harness.h"

#include "events.h"
#include "report.h"
#include "stop.h"

static char dir[64];

static void put(const char *name, const char *text)
{
	harness_put_file(dir, name, text);
}

static const char *stop_of(const char *text, char *why, size_t len)
{
	struct rpt_events e = { 0 };
	const char *s;

	if (rpt_events_read_mem("x_events.1.jsonl", text, strlen(text), "x", &e, NULL))
		return "unread";
	s = rpt_stop_from_events(&e, "x_events.1.jsonl", why, len);
	rpt_events_free(&e);
	return s;
}

TEST(stop_reasons_from_events)
{
	char why[RPT_WHY_LEN];

	CHECK_STREQ(stop_of("{\"time_us\":1,\"event\":\"job_start\",\"job\":\"x\"}\n"
			    "{\"time_us\":2,\"event\":\"job_end\",\"job\":\"x\",\"bytes\":9,"
			    "\"stop\":\"terminated\"}\n", why, sizeof(why)), "terminated");
	CHECK_STREQ(stop_of("{\"time_us\":2,\"event\":\"job_end\",\"job\":\"x\",\"bytes\":9,"
			    "\"stop\":\"bytes\"}\n", why, sizeof(why)), "bytes");
	CHECK_STREQ(stop_of("{\"time_us\":1700000000000000,\"event\":\"job_start\",\"job\":\"x\"}\n"
			    "{\"time_us\":1700000005000000,\"event\":\"burst_end\",\"job\":\"x\","
			    "\"bytes\":9}\n", why, sizeof(why)), "killed");
	CHECK_CONTAINS(why, "the job was killed: x_events.1.jsonl ends at ");
	CHECK_CONTAINS(why, "without job_end");
	CHECK(stop_of("{\"time_us\":2,\"event\":\"job_end\",\"job\":\"x\"}\n", why,
		      sizeof(why)) == NULL);
	CHECK_CONTAINS(why, "job_end event without a stop reason");
	CHECK(rpt_stop_partial("terminated") && rpt_stop_partial("killed") &&
	      rpt_stop_partial("error"));
	CHECK(!rpt_stop_partial("bytes") && !rpt_stop_partial("time") && !rpt_stop_partial(NULL));
	CHECK_STREQ(rpt_stop_phrase("bytes"), "stopped on bytes");
	CHECK_STREQ(rpt_stop_phrase("killed"), "killed: partial run");
}

TEST(run_steps)
{
	char why[700], empty[80];

	put("ssdq-run.state", "a\ne2\n");
	put("ssdq-run.log",
	    "2026-12-01T10:00:00+0000 start suite=pslc device=/dev/ng0n1 scale=4\n"
	    "2026-12-01T10:00:00+0000 begin a\n"
	    "2026-12-01T10:00:03+0000 done a in 3 s\n"
	    "2026-12-01T10:00:03+0000 begin b\n"
	    "2026-12-01T10:00:15+0000 interrupted b (SIGTERM) after 12 s\n"
	    "2026-12-01T10:00:16+0000 begin c\n"
	    "2026-12-01T10:00:18+0000 failed c: fio exit 1 after 2 s\n"
	    "2026-12-01T10:00:20+0000 begin c\n"
	    "2026-12-01T10:00:20+0000 begin d\n"
	    "2026-12-01T10:00:30+0000 begin e2\n"
	    "2026-12-01T10:00:40+0000 done e2 in 10 s\n");
	CHECK_STREQ(rpt_run_step(dir, "a", why, sizeof(why)), "done");
	CHECK_STREQ(rpt_run_step(dir, "e2", why, sizeof(why)), "done");
	CHECK_STREQ(rpt_run_step(dir, "b", why, sizeof(why)), "interrupted");
	CHECK_CONTAINS(why, "interrupted b (SIGTERM) after 12 s");
	/* c failed, then began again and never ended */
	CHECK_STREQ(rpt_run_step(dir, "c", why, sizeof(why)), "incomplete");
	CHECK_CONTAINS(why, "begun and never ended (the runner was killed)");
	CHECK_STREQ(rpt_run_step(dir, "d", why, sizeof(why)), "incomplete");
	CHECK_STREQ(rpt_run_step(dir, "e", why, sizeof(why)), "incomplete");	/* not e2 */
	CHECK_CONTAINS(why, "ssdq-run.state does not list e as finished");
	snprintf(empty, sizeof(empty), "%s/none", dir);
	CHECK_EQ_INT(mkdir(empty, 0755), 0);
	CHECK(rpt_run_step(empty, "a", why, sizeof(why)) == NULL);
}

/* The qlc pslc-fill fixture, its events edited by @edit, in a directory of its own. */
static int load_fill(const char *sub, const char *sed, const char *log, struct rpt_test *t)
{
	const char *src = "test/fixtures/ssdq-model/qlc";
	char cmd[1024], path[128];

	snprintf(cmd, sizeof(cmd), "mkdir -p %s/%s && cp %s/device.json %s/pslc-fill* %s/%s/ && "
		 "sed -i '%s' %s/%s/pslc-fill_events.1.jsonl", dir, sub, src, src, dir, sub, sed,
		 dir, sub);
	if (system(cmd))
		return -1;
	if (log) {
		snprintf(path, sizeof(path), "%s/ssdq-run.log", sub);
		put(path, log);
		snprintf(path, sizeof(path), "%s/ssdq-run.state", sub);
		put(path, "");
	}
	snprintf(path, sizeof(path), "%s/%s/pslc-fill.json", dir, sub);
	return rpt_test_load(path, t);
}

TEST(partial_fills)
{
	struct rpt_test t;
	struct rpt_job *j;
	char path[160], cmd[256];

	/* the fixture as it is: a verdict */
	CHECK_EQ_INT(load_fill("whole", "s/x/x/", NULL, &t), 0);
	j = t.jobs;
	CHECK(t.njobs == 1 && j->has_fill && j->fill.slc_cache_gb.ok);
	CHECK_STREQ(j->stop, "bytes");
	rpt_test_free(&t);
	/* terminated, its curve far past the cache end: the verdict stands */
	CHECK_EQ_INT(load_fill("term", "s/\"stop\":\"bytes\"/\"stop\":\"terminated\"/", NULL, &t), 0);
	j = t.jobs;
	CHECK_STREQ(j->stop, "terminated");
	CHECK(j->has_fill && j->fill.slc_cache_gb.ok && j->fill.post_cache_mbps.ok && j->partial);
	CHECK(has_msg(&j->notes, "partial fill: the speed fell for good at "));
	CHECK(has_msg(&j->notes, "the figures cover a partial run (the fill curve ends at "));
	CHECK(t.partial && strstr(t.partial, "stopped (terminated) at ") && !t.killed);
	rpt_test_free(&t);
	/* killed: no job_end */
	CHECK_EQ_INT(load_fill("killed", "/\"event\":\"job_end\"/d", NULL, &t), 0);
	j = t.jobs;
	CHECK_STREQ(j->stop, "killed");
	CHECK(has_msg(&j->notes, "the job was killed: "));
	CHECK(has_msg(&j->notes, "without job_end: the figures cover a partial run (the fill "
		      "curve ends at "));
	CHECK(j->has_fill && j->fill.slc_cache_gb.ok && t.killed);
	CHECK(t.partial && strstr(t.partial, "killed at 399.51 GB, "));
	rpt_test_free(&t);
	/* killed before the rule's look-ahead past the cache end: no verdict */
	CHECK_EQ_INT(load_fill("cut", "/\"event\":\"job_end\"/d", NULL, &t), 0);
	rpt_test_free(&t);
	/* 170 of its 381 1 MiB samples: 178 GB of the full drive, the cache ending at 153 */
	snprintf(cmd, sizeof(cmd), "f=%s/cut/pslc-fill_bw.1.log && head -n 170 $f >$f.cut && "
		 "mv $f.cut $f", dir);
	CHECK_EQ_INT(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/cut/pslc-fill.json", dir);
	CHECK_EQ_INT(rpt_test_load(path, &t), 0);
	j = t.jobs;
	CHECK(j->has_fill && !j->fill.slc_cache_gb.ok && !j->fill.post_cache_mbps.ok);
	CHECK_CONTAINS(j->fill.slc_cache_gb.why, "no SLC verdict on a partial fill: it stopped after ");
	rpt_test_free(&t);
	/* the events end on bytes, but ssdq-run says the step was interrupted */
	CHECK_EQ_INT(load_fill("intr", "s/x/x/", "2026-12-01T10:00:03+0000 begin pslc-fill\n"
			       "2026-12-01T10:00:15+0000 interrupted pslc-fill (SIGTERM) after 12 s\n",
			       &t), 0);
	j = t.jobs;
	CHECK(has_msg(&t.diag, "pslc-fill: step interrupted: ssdq-run.log: "));
	CHECK(has_msg(&j->notes, "ssdq-run: step interrupted: the figures cover a partial run"));
	CHECK(j->partial && t.partial && strstr(t.partial, "interrupted at "));
	rpt_test_free(&t);
}

int main(void)
{
	char cmd[128];

	snprintf(dir, sizeof(dir), "/tmp/ssdq-stop.XXXXXX");
	if (!mkdtemp(dir))
		SKIP("no temporary directory");
	if (access("test/fixtures/ssdq-model/qlc/pslc-fill.json", R_OK))
		SKIP("run from the source tree (test/fixtures)");
	RUN(stop_reasons_from_events);
	RUN(run_steps);
	RUN(partial_fills);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return harness_main();
}
