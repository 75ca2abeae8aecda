// SPDX-License-Identifier: GPL-2.0-only
/* The target of a job on the drive model: filename= is its state file. */
#include <libnvme.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssdq.h"
#include "sidecar_path.h"
#include "device_info.h"
#include "sidecar.h"
#include "model_ocp.h"
#include "model_power.h"
#include "model_pstate.h"
#include "remote.h"
#include "target_model.h"
#include "util.h"

struct ssdq_model_job *ssdq_model_job(struct thread_data *td)
{
	return ((struct ssdq_data *)td->io_ops_data)->target_data;
}

static int model_job_init(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	sd->target_data = calloc(1, sizeof(struct ssdq_model_job));
	return sd->target_data ? 0 : -ENOMEM;
}

static void model_job_cleanup(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	free(sd->target_data);
	sd->target_data = NULL;
}

static unsigned int model_scale(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;

	return o->model_scale ? o->model_scale : 1;
}

static int model_open(struct thread_data *td, struct fio_file *f, int flags, struct ssdq_file *sf,
		      char *err, size_t errlen)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_model *m = calloc(1, sizeof(*m));
	int ret;

	(void)flags;
	if (!m) {
		snprintf(err, errlen, "%s: %s", f->file_name, strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = ssdq_model_open(m, f->file_name, o->model, model_scale(td), err, errlen);
	if (ret) {
		free(m);
		return ret;
	}
	sf->priv = m;
	sf->dev.ns.lba_shift = m->p->lba_shift;
	sf->dev.ns.nlba = m->capacity >> m->p->lba_shift;
	sf->dev.ns.nsid = 1;
	sf->dev.max_xfer = UINT32_MAX & ~((1u << sf->dev.ns.lba_shift) - 1);
	return 0;
}

static void model_close(struct ssdq_file *sf)
{
	if (!sf->priv)
		return;
	ssdq_model_close(sf->priv);
	free(sf->priv);
	sf->priv = NULL;
}

static void model_opened(struct thread_data *td, struct ssdq_file *sf)
{
	struct ssdq_options *o = td->eo;

	if (o->model_ambient)
		ssdq_model_set_ambient(sf->priv, o->model_ambient);
}

/*
 * The model's account of its pace (docs/host.md): what the host added to
 * the service times it set, and when that is more than SSDQ_HOST_PACE_SHARE
 * of them, a line saying this job's figures are the host's as much as its.
 */
void ssdq_model_job_drain(struct ssdq_model_job *mj, struct io_u *const *io_u,
			  const uint64_t *submit_ns, const uint64_t *ready_ns, unsigned int n,
			  uint64_t handed_ns)
{
	if (mj->drain_cut || mj->ndrain + n > SSDQ_DRAIN_LIST) {
		mj->drain_cut = true;
		return;
	}
	for (unsigned int i = 0; i < n; i++, mj->ndrain++) {
		mj->drain_io[mj->ndrain][0] = handed_ns > submit_ns[i] ? handed_ns - submit_ns[i] : 0;
		mj->drain_io[mj->ndrain][1] = handed_ns > ready_ns[i] ? handed_ns - ready_ns[i] : 0;
		mj->drain_io[mj->ndrain][2] = io_u[i]->ddir;
	}
}

/* fio's drain over the job (host_acct.h) and its I/Os, model_pace's members after its own */
static void drain_members(FILE *m, const struct ssdq_host_snap *s, const struct ssdq_model_job *mj)
{
	fprintf(m, ",\"drain_ios\":%llu,\"drain_added_us\":%.3f,\"drain_late_ios\":%llu,"
		"\"drain_added_max_us\":%.3f,\"drain_lat_max_us\":%.3f",
		(unsigned long long)s->drain_ios, s->drain_ns / 1e3,
		(unsigned long long)s->drain_late_ios, s->drain_max_ns / 1e3,
		s->drain_lat_max_ns / 1e3);
	if (mj->drain_cut)
		return;
	fputs(",\"drain_lat_held_us\":[", m);
	for (unsigned int i = 0; i < mj->ndrain; i++)
		fprintf(m, "%s[%.3f,%.3f,%u]", i ? "," : "", mj->drain_io[i][0] / 1e3,
			mj->drain_io[i][1] / 1e3, (unsigned int)mj->drain_io[i][2]);
	fputc(']', m);
}

static void model_pace(struct thread_data *td, struct ssdq_model_job *mj)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_host_snap s;
	char *members = NULL;
	size_t len = 0;
	double share;
	FILE *m;
	bool kept;

	if (mj->pace_said)
		return;
	mj->pace_said = true;
	ssdq_host_acct_totals(&sd->host_acct, ssdq_mono_ns(), &s);
	if (!s.ios)
		return;
	share = s.intended_ns ? (double)s.added_ns / (double)s.intended_ns : 0;
	kept = share <= SSDQ_HOST_PACE_SHARE;
	m = open_memstream(&members, &len);
	if (m) {
		fprintf(m, ",\"kept\":%s,\"ios\":%llu,\"intended_us\":%.3f,\"host_added_us\":%.3f,"
			"\"host_added_share\":%.4f,\"host_added_max_us\":%.3f,\"late_ios\":%llu",
			kept ? "true" : "false", (unsigned long long)s.ios, s.intended_ns / 1e3,
			s.added_ns / 1e3, share, s.job_max_ns / 1e3, (unsigned long long)s.late_ios);
		drain_members(m, &s, mj);
		if (!fclose(m))
			ssdq_event_json(td, ssdq_realtime_us(), "model_pace", members);
		free(members);
	}
	if (!kept)
		ssdq_log("%s: the drive model did not keep its pace: the host added %.1f %% to the "
			 "service times it set (%.1f us an I/O to %.1f us; %llu of %llu I/Os late by "
			 "100 us or more, the latest by %.1f ms); the job's figures are the host's as "
			 "much as the model's (docs/host.md)", td->o.name, 100 * share,
			 s.added_ns / 1e3 / (double)s.ios, s.intended_ns / 1e3 / (double)s.ios,
			 (unsigned long long)s.late_ios, (unsigned long long)s.ios, s.job_max_ns / 1e6);
}

/* The model's own account of the job's energy and pace: ground truth for reports. */
static void model_closing(struct thread_data *td, struct ssdq_file *sf)
{
	struct ssdq_model_job *mj = td->io_ops_data ? ssdq_model_job(td) : NULL;
	struct ssdq_model *m = sf->priv;
	int64_t now_us = ssdq_realtime_us(), end_us;
	double secs, joules;
	char val[256];

	if (!mj || !m || !mj->t0_ns || mj->t1_ns <= mj->t0_ns)
		return;
	model_pace(td, mj);
	secs = (mj->t1_ns - mj->t0_ns) / 1e9;
	joules = ssdq_model_active_energy(m) - mj->e0 + m->p->p_idle * secs;
	/* the first I/O and the last completion on the events' clock: the job's end
	 * (job_end) comes after fio wrote its logs, on a busy disk seconds later */
	end_us = now_us - (int64_t)((ssdq_mono_ns() - mj->t1_ns) / 1000);
	snprintf(val, sizeof(val), ",\"truth\":\"%.6f J in %.6f s, %.6f W\",\"io_start_us\":%lld,"
		 "\"io_end_us\":%lld", joules, secs, secs > 0 ? joules / secs : 0.0,
		 (long long)(end_us - (int64_t)((mj->t1_ns - mj->t0_ns) / 1000)), (long long)end_us);
	ssdq_event_json(td, now_us, "model_energy", val);
}

static int model_erase(struct thread_data *td, struct ssdq_file *sf, struct ssdq_erase_ctl *ctl,
		       const char **how, char *err, size_t errlen)
{
	(void)td;
	(void)ctl;
	(void)err;
	(void)errlen;
	ssdq_model_erase(sf->priv);
	*how = "model";
	return 0;
}

static int model_write_cache(const char *file, int set, char *err, size_t errlen)
{
	struct ssdq_model m;
	int ret = ssdq_model_attach(&m, file, err, errlen);

	if (ret)
		return ret;
	ret = ssdq_model_write_cache(&m, set);
	ssdq_model_close(&m);
	return ret;
}

/* Its own power reports as a drive announces them: model_pmeas.h, model_ocp.h. */
static void model_power_reports(struct ssdq_devinfo *d, struct ssdq_model *m)
{
	struct ssdq_model_smart ms;
	struct ssdq_ocp_smart_log page;

	d->have_pmeas = true;
	d->pmeas.supported = true;
	d->pmeas.sample_us = 1e6 / m->scale;
	ssdq_model_peek(m, ssdq_mono_ns(), &ms);
	ssdq_model_ocp_log(m, &ms, &page);
	d->have_ocp_power = !ssdq_ocp_smart_decode(&page, &d->ocp) && d->ocp.have_power;
}

/* The model's power settings: Set and Get Features 02h and 0Ch on its state file. */
static int model_power(const char *file, const struct ssdq_power_set *set,
		       struct ssdq_power_set *now, char *err, size_t errlen)
{
	struct ssdq_model m;
	uint64_t t = ssdq_mono_ns();
	int ret = ssdq_model_attach(&m, file, err, errlen);

	if (ret)
		return ret;
	memset(now, 0, sizeof(*now));
	if (set && set->ps >= 0 && ssdq_model_pstate_set(&m, t, (unsigned int)set->ps)) {
		snprintf(err, errlen, "Set Features Power Management: %s has no power state %d",
			 file, set->ps);
		ret = -EINVAL;
	}
	if (!ret && set && set->apst >= 0) {
		struct ssdq_apst a;

		ret = ssdq_model_apst(&m, t, NULL, &a);
		if (!ret) {
			if (set->table.n)
				a = set->table;
			a.enabled = set->apst;
			ret = ssdq_model_apst(&m, t, &a, NULL);
		}
		if (ret)
			snprintf(err, errlen, "Set Features Autonomous Power State Transition: %s",
				 ret == -EOPNOTSUPP ? "the drive has no APST" :
				 "the table names a state that is not a non-operational one");
	}
	now->npss = m.p->nps ? m.p->nps : 1;
	now->ps = (int)ssdq_model_pstate_get(&m, t);
	now->apst = ssdq_model_apst(&m, t, NULL, &now->table) ? -1 : now->table.enabled;
	ssdq_model_close(&m);
	return ret;
}

/*
 * The model's Identify Controller page and power settings, decoded by the
 * one reader of a drive's (nvme/nvme_id.h): its power state descriptors,
 * the state it is in, APST.
 */
static void model_identity(struct ssdq_model *m, struct ssdq_devinfo *d)
{
	struct nvme_feat_auto_pst *t = calloc(1, sizeof(*t));
	struct nvme_id_ctrl *id = calloc(1, sizeof(*id));
	uint64_t now = ssdq_mono_ns();
	uint32_t dw0;

	if (!t || !id) {
		free(t);
		free(id);
		return;
	}
	ssdq_model_identify(m, id);
	ssdq_id_ctrl_decode(id, &d->id);
	d->id.model[0] = '\0';		/* the summary says more */
	d->ps_current = ssdq_model_pstate_get(m, now);
	d->have_ps = true;
	if (!ssdq_model_apst_page(m, now, &dw0, t)) {
		ssdq_apst_decode(dw0, t, &d->apst);
		d->have_apst = true;
	}
	free(t);
	free(id);
}

/*
 * device.json of the drive model: the probe's structure, filled from the
 * preset (identity, capacity, LBA format) and the model's Identify page
 * (its power states, APST).
 */
static int write_device_json(struct thread_data *td, struct ssdq_model *m)
{
	struct ssdq_devinfo *d = malloc(sizeof(*d));
	char path[4096], err[4200];
	int wc, ret = ssdq_device_json_path(td, path, sizeof(path));

	if (ret || !d) {
		free(d);
		ret = ret ? ret : -ENOMEM;
		ssdq_log("%s: cannot write device.json: %s", td->o.name, strerror(-ret));
		return ret;
	}
	ssdq_devinfo_init(d, fio_version_string);
	snprintf(d->ns, sizeof(d->ns), "%s", td->files[0]->file_name);
	d->have_ns = true;
	d->nsid = 1;
	d->idns.lba_shift = m->p->lba_shift;
	d->idns.nsze = m->capacity >> m->p->lba_shift;
	model_identity(m, d);
	wc = ssdq_model_write_cache(m, -1);
	d->have_wce = wc >= 0;
	d->wce = wc > 0;
	model_power_reports(d, m);
	d->drive_model.preset = m->p->name;
	d->drive_model.summary = m->p->summary;
	d->drive_model.scale = m->scale;
	ret = ssdq_devinfo_save(d, path, err, sizeof(err));
	if (ret)
		ssdq_log("%s: %s", td->o.name, err);
	free(d);
	return ret;
}

/* the model is its own SMART and, unless ssdq_power= names one, power source
 * and its own power measurement */
static int model_sampling(struct thread_data *td, const char *file, struct ssdq_sampler_cfg *cfg,
			  char *buf, size_t buflen)
{
	struct ssdq_model_job *mj = ssdq_model_job(td);
	char err[512];
	int ret;

	mj->smart = calloc(1, sizeof(*mj->smart));
	if (!mj->smart)
		return -ENOMEM;
	ret = ssdq_model_attach(mj->smart, file, err, sizeof(err));
	if (ret) {
		ssdq_log("%s: %s", td->o.name, err);
		free(mj->smart);
		mj->smart = NULL;
		return ret;
	}
	if (!cfg->power) {
		/* its meter, and beside it its own measurement (model_pmeas.h) */
		if ((size_t)snprintf(buf, buflen, "model:%s;model-pm:%s", file, file) >= buflen)
			snprintf(buf, buflen, "model:%s", file);
		cfg->power = buf;
	}
	cfg->smart_read = ssdq_model_smart_read;
	cfg->smart_arg = mj->smart;
	cfg->smart_name = file;
	mj->ps0 = malloc(sizeof(*mj->ps0));
	if (mj->ps0)
		ssdq_model_ps_account(mj->smart, ssdq_mono_ns(), mj->ps0);
	return write_device_json(td, mj->smart);
}

/*
 * The model's own account of its power states over the sampler's span: the
 * state it works in, and per state it was in, the time drawing its idle
 * power, its entries, the commands that woke the drive from it and their
 * mean added latency (ground truth for the idle-power and wake-up figures).
 */
static void model_pstate_event(struct thread_data *td, struct ssdq_model_job *mj)
{
	struct ssdq_model *m = mj->smart;
	struct ssdq_model_ps_acct a;
	char members[2048];
	size_t n;
	bool first = true;

	ssdq_model_ps_account(m, ssdq_mono_ns(), &a);
	n = (size_t)snprintf(members, sizeof(members),
			     ",\"ps\":%u,\"state\":%u,\"active_idle_w\":%.6f,\"states\":[",
			     ssdq_model_pstate_op(m), a.state, m->p->p_idle);
	for (unsigned int i = 0; i < m->p->nps && n < sizeof(members); i++) {
		const struct ssdq_model_psd *d = &m->p->ps[i];
		uint64_t wakes = a.wakes[i] - mj->ps0->wakes[i];
		uint64_t in = a.in_ns[i] - mj->ps0->in_ns[i];
		uint64_t entries = a.entries[i] - mj->ps0->entries[i];

		if (!wakes && !in && !entries)
			continue;
		n += (size_t)snprintf(members + n, sizeof(members) - n,
				      "%s{\"ps\":%u,\"idle_w\":%.6f,\"in_s\":%.6f,\"entries\":%llu,"
				      "\"wakes\":%llu,\"wake_us_mean\":%.3f,\"enlat_us\":%u,"
				      "\"exlat_us\":%u}", first ? "" : ",", i, d->idle_w, in / 1e9,
				      (unsigned long long)entries, (unsigned long long)wakes,
				      wakes ? (a.wake_us[i] - mj->ps0->wake_us[i]) / (double)wakes : 0.0,
				      d->enlat_us, d->exlat_us);
		first = false;
	}
	if (n < sizeof(members) - 2) {
		members[n++] = ']';
		members[n] = '\0';
		ssdq_event_json(td, ssdq_realtime_us(), "model_pstate", members);
	}
}

static void model_sampling_end(struct thread_data *td)
{
	struct ssdq_model_job *mj = ssdq_model_job(td);

	if (!mj || !mj->smart)
		return;
	if (mj->ps0 && mj->smart->p->nps)
		model_pstate_event(td, mj);
	free(mj->ps0);
	mj->ps0 = NULL;
	ssdq_model_close(mj->smart);
	free(mj->smart);
	mj->smart = NULL;
}

/* The model collects garbage in the idle the job declares (model.h); its events say what. */
static void model_host_idle(struct thread_data *td, uint64_t from_ns, uint64_t to_ns)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		double made;

		if (!f->engine_data || !((struct ssdq_file *)f->engine_data)->priv)
			continue;
		made = ssdq_model_host_idle(ssdq_file_model(f), from_ns, to_ns);
		if (made > 0)
			ssdq_event(td, "model_gc", (long long)made);
	}
}

const struct ssdq_target_ops ssdq_target_model = {
	.name		= "the drive model",
	.verb		= "ssdq_model",
	.diskless	= true,
	.samples_itself	= true,
	.backend	= &ssdq_be_model,
	.scale		= model_scale,
	.job_init	= model_job_init,
	.job_cleanup	= model_job_cleanup,
	.open		= model_open,
	.close		= model_close,
	.opened		= model_opened,
	.closing	= model_closing,
	.erase		= model_erase,
	.write_cache	= model_write_cache,
	.power		= model_power,
	.sampling	= model_sampling,
	.sampling_end	= model_sampling_end,
	.host_idle	= model_host_idle,
};
