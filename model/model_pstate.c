// SPDX-License-Identifier: GPL-2.0-only
/* The drive model's power states: Set/Get Features 02h and 0Ch, APST, idle power. */
#include <libnvme.h>
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "model_pstate.h"

/* One stretch of the idle walk: state @ps decided at @dec_ns, its idle
 * power drawn from @in_ns (after its entry latency). */
struct stretch {
	unsigned int ps;
	uint64_t dec_ns, in_ns;
};

static const struct ssdq_model_psd *psd(const struct ssdq_model *m, unsigned int ps)
{
	return ps < m->p->nps ? &m->p->ps[ps] : NULL;
}

static bool nonop(const struct ssdq_model *m, unsigned int ps)
{
	const struct ssdq_model_psd *d = psd(m, ps);

	return d && d->nonop;
}

void ssdq_model_apst_default(const struct ssdq_model_preset *p, struct ssdq_apst *a)
{
	unsigned int first = 0;

	memset(a, 0, sizeof(*a));
	for (unsigned int i = 0; i < p->nps && !first; i++)
		if (p->ps[i].nonop)
			first = i;
	if (!first)
		return;
	a->enabled = true;
	for (unsigned int i = 0; i + 1 < p->nps; i++) {
		unsigned int to = i < first ? first : i + 1;

		if (!p->ps[to].nonop)
			continue;
		a->from_ps[a->n] = (uint8_t)i;
		a->to_ps[a->n] = (uint8_t)to;
		a->idle_ms[a->n++] = p->ps[i].nonop ? SSDQ_MODEL_APST_SECONDARY_MS :
						      SSDQ_MODEL_APST_PRIMARY_MS;
	}
}

/* Feature 0Ch's entries into the state file's per-state table. */
static void apst_store(struct ssdq_model_ps_shared *s, const struct ssdq_apst *a)
{
	memset(s->itpt_ms, 0, sizeof(s->itpt_ms));
	memset(s->itps, 0, sizeof(s->itps));
	for (unsigned int i = 0; i < a->n && i < SSDQ_MODEL_NPS; i++) {
		s->itpt_ms[a->from_ps[i]] = a->idle_ms[i];
		s->itps[a->from_ps[i]] = a->to_ps[i];
	}
}

void ssdq_model_pstate_init(struct ssdq_model *m)
{
	struct ssdq_model_ps_shared *s = ssdq_model_ps_shared(m);
	struct ssdq_apst a;

	memset(s, 0, sizeof(*s));
	ssdq_model_apst_default(m->p, &a);
	/* APSTE is clear after a reset: the host's driver turns it on */
	apst_store(s, &a);
}

/*
 * The stretch the drive is in at @now_ns, idle since @idle_from (0: busy),
 * calling @fn for each stretch from the first on (up to and with it).
 */
static struct stretch walk(struct ssdq_model *m, uint64_t idle_from, uint64_t now_ns,
			   void (*fn)(struct ssdq_model *, const struct stretch *, uint64_t, void *),
			   void *arg)
{
	struct ssdq_model_ps_shared *s = ssdq_model_ps_shared(m);
	struct stretch cur = { .ps = s->op };

	if (!idle_from)
		return cur;
	if (s->quiet_ns > idle_from)
		idle_from = s->quiet_ns;
	cur.dec_ns = cur.in_ns = idle_from;
	if (s->forced && nonop(m, s->forced)) {
		cur.ps = s->forced;
		cur.dec_ns = s->forced_ns > idle_from ? s->forced_ns : idle_from;
		cur.in_ns = cur.dec_ns + psd(m, cur.ps)->enlat_us * 1000ULL;
	}
	for (unsigned int hops = 0; hops < SSDQ_MODEL_NPS; hops++) {
		unsigned int to = s->itps[cur.ps];
		uint64_t next;

		if (!s->apst_on || !s->itpt_ms[cur.ps] || !nonop(m, to) || to == cur.ps)
			break;
		next = cur.in_ns + s->itpt_ms[cur.ps] * 1000000ULL;
		if (next > now_ns)
			break;
		if (fn)
			fn(m, &cur, next, arg);
		cur = (struct stretch){ .ps = to, .dec_ns = next,
					.in_ns = next + psd(m, to)->enlat_us * 1000ULL };
	}
	if (fn)
		fn(m, &cur, now_ns, arg);
	return cur;
}

/* Draw stretch @st's idle power up to @end into the account. */
static void book_stretch(struct ssdq_model *m, const struct stretch *st, uint64_t end, void *arg)
{
	struct ssdq_model_ps_shared *s = ssdq_model_ps_shared(m);
	uint64_t from = st->in_ns > s->booked_ns ? st->in_ns : s->booked_ns;
	double *energy_j = arg;

	if (st->dec_ns > s->booked_ns && st->dec_ns <= end && nonop(m, st->ps))
		s->entries[st->ps]++;
	if (!nonop(m, st->ps) || end <= from)
		return;
	s->in_ns[st->ps] += end - from;
	*energy_j += (psd(m, st->ps)->idle_w - m->p->p_idle) * ((end - from) / 1e9);
}

void ssdq_model_ps_book(struct ssdq_model *m, uint64_t idle_from, uint64_t now_ns,
			double *energy_j)
{
	struct ssdq_model_ps_shared *s = ssdq_model_ps_shared(m);

	if (!s->booked_ns || now_ns <= s->booked_ns) {
		if (!s->booked_ns)
			s->booked_ns = now_ns;
		return;
	}
	if (m->p->nps)
		walk(m, idle_from, now_ns, book_stretch, energy_j);
	s->booked_ns = now_ns;
}

double ssdq_model_ps_wake(struct ssdq_model *m, uint64_t idle_from, uint64_t now_ns)
{
	struct ssdq_model_ps_shared *s = ssdq_model_ps_shared(m);
	struct stretch cur;
	double us;

	if (!m->p->nps)
		return 0;
	cur = walk(m, idle_from, now_ns, NULL, NULL);
	s->forced = 0;
	if (!nonop(m, cur.ps))
		return 0;
	us = psd(m, cur.ps)->exlat_us;
	if (cur.in_ns > now_ns)		/* still entering: that first, then the exit */
		us += (cur.in_ns - now_ns) / 1e3;
	s->wakes[cur.ps]++;
	s->wake_us[cur.ps] += us;
	return us;
}

double ssdq_model_ps_perf(struct ssdq_model *m)
{
	const struct ssdq_model_psd *d = psd(m, ssdq_model_ps_shared(m)->op);

	return d && d->perf > 0 ? d->perf : 1.0;
}

double ssdq_model_ps_max_w(struct ssdq_model *m)
{
	const struct ssdq_model_psd *d = psd(m, ssdq_model_ps_shared(m)->op);

	return d ? d->max_w : m->p->ps0_w;
}

int ssdq_model_pstate_set(struct ssdq_model *m, uint64_t now_ns, unsigned int ps)
{
	struct ssdq_model_ps_shared *s;
	uint64_t idle_from;

	if (ps >= m->p->nps)
		return -EINVAL;
	ssdq_model_ps_lock(m, now_ns, &idle_from);
	s = ssdq_model_ps_shared(m);
	s->sets++;
	if (m->p->ps[ps].nonop) {
		s->forced = ps;
		s->forced_ns = now_ns;
		if (idle_from)		/* entered now: booked from here on */
			s->entries[ps]++;
	} else {
		s->op = ps;
		s->forced = 0;
		s->quiet_ns = now_ns;
	}
	ssdq_model_ps_unlock(m);
	return 0;
}

unsigned int ssdq_model_pstate_get(struct ssdq_model *m, uint64_t now_ns)
{
	uint64_t idle_from;
	unsigned int ps;

	ssdq_model_ps_lock(m, now_ns, &idle_from);
	ps = m->p->nps ? walk(m, idle_from, now_ns, NULL, NULL).ps : 0;
	ssdq_model_ps_unlock(m);
	return ps;
}

unsigned int ssdq_model_pstate_op(const struct ssdq_model *m)
{
	return ssdq_model_ps_shared((struct ssdq_model *)m)->op;
}

int ssdq_model_apst(struct ssdq_model *m, uint64_t now_ns, const struct ssdq_apst *set,
		    struct ssdq_apst *out)
{
	struct ssdq_model_ps_shared *s;
	struct ssdq_apst def;
	uint64_t idle_from;

	ssdq_model_apst_default(m->p, &def);
	if (!def.enabled)
		return -EOPNOTSUPP;
	for (unsigned int i = 0; set && i < set->n; i++)
		if (i >= SSDQ_MODEL_NPS || set->from_ps[i] >= m->p->nps || !nonop(m, set->to_ps[i]))
			return -EINVAL;
	ssdq_model_ps_lock(m, now_ns, &idle_from);
	s = ssdq_model_ps_shared(m);
	if (set) {
		s->sets++;
		s->apst_on = set->enabled;
		apst_store(s, set);
		s->quiet_ns = now_ns;
	}
	if (out) {
		memset(out, 0, sizeof(*out));
		out->enabled = s->apst_on;
		for (unsigned int i = 0; i < SSDQ_MODEL_NPS; i++) {
			if (!s->itpt_ms[i])
				continue;
			out->from_ps[out->n] = (uint8_t)i;
			out->to_ps[out->n] = s->itps[i];
			out->idle_ms[out->n++] = s->itpt_ms[i];
		}
	}
	ssdq_model_ps_unlock(m);
	return 0;
}

void ssdq_model_ps_account(struct ssdq_model *m, uint64_t now_ns, struct ssdq_model_ps_acct *a)
{
	struct ssdq_model_ps_shared *s;
	uint64_t idle_from;

	ssdq_model_ps_lock(m, now_ns, &idle_from);
	s = ssdq_model_ps_shared(m);
	memset(a, 0, sizeof(*a));
	a->state = m->p->nps ? walk(m, idle_from, now_ns, NULL, NULL).ps : 0;
	memcpy(a->in_ns, s->in_ns, sizeof(a->in_ns));
	memcpy(a->entries, s->entries, sizeof(a->entries));
	memcpy(a->wakes, s->wakes, sizeof(a->wakes));
	memcpy(a->wake_us, s->wake_us, sizeof(a->wake_us));
	a->sets = s->sets;
	ssdq_model_ps_unlock(m);
}

/* MP in the finer unit (MXPS: 0.0001 W) when it fits in 16 bits. */
static void encode_mp(double w, struct nvme_id_psd *d)
{
	if (w * 10000 < 65535.5) {
		d->mp = htole16((uint16_t)(w * 10000 + 0.5));
		d->flags |= NVME_PSD_FLAGS_MXPS;
	} else {
		d->mp = htole16((uint16_t)(w * 100 + 0.5));
	}
}

void ssdq_model_identify(const struct ssdq_model *m, struct nvme_id_ctrl *id)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_apst def;
	unsigned int n = p->nps ? p->nps : 1;

	memset(id, 0, sizeof(*id));
	memset(id->sn, ' ', sizeof(id->sn));
	memset(id->mn, ' ', sizeof(id->mn));
	memset(id->fr, ' ', sizeof(id->fr));
	memcpy(id->sn, "ssdq-model", 10);
	memcpy(id->mn, p->name, strlen(p->name) < sizeof(id->mn) ? strlen(p->name) : sizeof(id->mn));
	memcpy(id->fr, "ssdq", 4);
	id->ver = htole32(0x00010400);
	id->npss = (uint8_t)(n - 1);
	ssdq_model_apst_default(p, &def);
	id->apsta = def.enabled ? NVME_CTRL_APSTA_APST : 0;
	id->vwc = p->w_nocache_us > 0 ? NVME_CTRL_VWC_PRESENT : 0;
	id->nn = htole32(1);
	if (!p->nps) {
		encode_mp(p->ps0_w, &id->psd[0]);
		return;
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct ssdq_model_psd *s = &p->ps[i];
		struct nvme_id_psd *d = &id->psd[i];

		encode_mp(s->max_w, d);
		if (s->nonop) {
			d->flags |= NVME_PSD_FLAGS_NOPS;
			d->idlp = htole16((uint16_t)(s->idle_w * 10000 + 0.5));
			d->ips = (uint8_t)(NVME_PSD_PS_100_MICRO_WATT << 6);
		}
		d->enlat = htole32(s->enlat_us);
		d->exlat = htole32(s->exlat_us);
		d->rrt = d->rrl = d->rwt = d->rwl = (uint8_t)i;
	}
}

int ssdq_model_apst_page(struct ssdq_model *m, uint64_t now_ns, uint32_t *dw0,
			 struct nvme_feat_auto_pst *table)
{
	struct ssdq_apst a;
	int ret = ssdq_model_apst(m, now_ns, NULL, &a);

	if (ret)
		return ret;
	*dw0 = NVME_SET(a.enabled ? 1u : 0u, FEAT_APST_APSTE);
	ssdq_apst_encode(&a, table);
	return 0;
}
