// SPDX-License-Identifier: GPL-2.0-only
/* The model's per-I/O account of the host's lateness: one writer, one reader, a seqlock. */
#include <sched.h>

#include "host_acct.h"

#define RLX	memory_order_relaxed
#define LOW32	0xffffffffull

static uint64_t get(_Atomic uint64_t *v)
{
	return atomic_load_explicit(v, RLX);
}

static void add(_Atomic uint64_t *v, uint64_t n)
{
	/* one writer: no read-modify-write needed */
	atomic_store_explicit(v, atomic_load_explicit(v, RLX) + n, RLX);
}

static void write_begin(struct ssdq_host_acct *a)
{
	atomic_store_explicit(&a->seq, atomic_load_explicit(&a->seq, RLX) + 1, RLX);
	atomic_thread_fence(memory_order_release);
}

static void write_end(struct ssdq_host_acct *a)
{
	atomic_store_explicit(&a->seq, atomic_load_explicit(&a->seq, RLX) + 1,
			      memory_order_release);
}

void ssdq_host_acct_init(struct ssdq_host_acct *a, uint64_t now_ns)
{
	atomic_init(&a->seq, 0);
	atomic_init(&a->ios, 0);
	atomic_init(&a->intended_ns, 0);
	atomic_init(&a->added_ns, 0);
	atomic_init(&a->late_ios, 0);
	atomic_init(&a->idle_ns, 0);
	atomic_init(&a->idle_since_ns, now_ns ? now_ns : 1);
	atomic_init(&a->planned_ns, 0);
	atomic_init(&a->planned_since_ns, 0);
	atomic_init(&a->job_max_ns, 0);
	atomic_init(&a->max_word, 0);
	atomic_init(&a->drain_ios, 0);
	atomic_init(&a->drain_ns, 0);
	atomic_init(&a->drain_late_ios, 0);
	atomic_init(&a->drain_max_ns, 0);
	atomic_init(&a->drain_lat_max_ns, 0);
}

void ssdq_host_acct_busy(struct ssdq_host_acct *a, uint64_t now_ns, uint64_t think_ns)
{
	uint64_t since = get(&a->idle_since_ns), gap, planned;

	if (!since)
		return;
	gap = now_ns > since ? now_ns - since : 0;
	/* fio thinks after I/Os, never before the job's first: its set-up is no think */
	planned = think_ns && gap >= think_ns && get(&a->ios) ? think_ns : 0;
	write_begin(a);
	add(&a->idle_ns, gap - planned);
	add(&a->planned_ns, planned);
	atomic_store_explicit(&a->idle_since_ns, 0, RLX);
	write_end(a);
}

void ssdq_host_acct_plan(struct ssdq_host_acct *a, uint64_t now_ns, bool start)
{
	uint64_t since = get(&a->idle_since_ns), p0 = get(&a->planned_since_ns);

	if (!now_ns)
		now_ns = 1;
	write_begin(a);
	if (start && !p0) {
		if (since && now_ns > since)
			add(&a->idle_ns, now_ns - since);
		atomic_store_explicit(&a->idle_since_ns, 0, RLX);
		atomic_store_explicit(&a->planned_since_ns, now_ns, RLX);
	} else if (!start && p0) {
		if (now_ns > p0)
			add(&a->planned_ns, now_ns - p0);
		atomic_store_explicit(&a->planned_since_ns, 0, RLX);
		atomic_store_explicit(&a->idle_since_ns, now_ns, RLX);
	}
	write_end(a);
}

void ssdq_host_acct_idle(struct ssdq_host_acct *a, uint64_t now_ns)
{
	if (get(&a->idle_since_ns))
		return;		/* idle already: the span goes on */
	write_begin(a);
	atomic_store_explicit(&a->idle_since_ns, now_ns ? now_ns : 1, RLX);
	write_end(a);
}

uint64_t ssdq_host_acct_io(struct ssdq_host_acct *a, uint64_t submit_ns, uint64_t deadline_ns,
			   uint64_t reap_ns, bool idle)
{
	uint64_t late = reap_ns > deadline_ns ? reap_ns - deadline_ns : 0;
	uint64_t late_us = late / 1000 < LOW32 ? late / 1000 : LOW32;
	uint64_t ios = get(&a->ios) + 1, old, nw;

	write_begin(a);
	atomic_store_explicit(&a->ios, ios, RLX);
	add(&a->intended_ns, deadline_ns > submit_ns ? deadline_ns - submit_ns : 0);
	add(&a->added_ns, late);
	if (late >= SSDQ_HOST_LATE_NS)
		add(&a->late_ios, 1);
	if (late > get(&a->job_max_ns))
		atomic_store_explicit(&a->job_max_ns, late, RLX);
	if (idle)
		atomic_store_explicit(&a->idle_since_ns, reap_ns ? reap_ns : 1, RLX);
	/* the reader may reset the maximum at any time: compare and swap */
	old = atomic_load_explicit(&a->max_word, RLX);
	do {
		uint64_t mx = old & LOW32;

		nw = (ios & LOW32) << 32 | (late_us > mx ? late_us : mx);
	} while (!atomic_compare_exchange_weak_explicit(&a->max_word, &old, nw, RLX, RLX));
	write_end(a);
	return late;
}

void ssdq_host_acct_drain(struct ssdq_host_acct *a, const uint64_t *submit_ns,
			  const uint64_t *ready_ns, unsigned int n, uint64_t handed_ns)
{
	uint64_t sum = 0, late = 0, max = get(&a->drain_max_ns), lat_max = get(&a->drain_lat_max_ns);

	for (unsigned int i = 0; i < n; i++) {
		uint64_t d = handed_ns > ready_ns[i] ? handed_ns - ready_ns[i] : 0;
		uint64_t lat = handed_ns > submit_ns[i] ? handed_ns - submit_ns[i] : 0;

		sum += d;
		late += d >= SSDQ_HOST_LATE_NS;
		max = d > max ? d : max;
		lat_max = lat > lat_max ? lat : lat_max;
	}
	write_begin(a);
	add(&a->drain_ios, n);
	add(&a->drain_ns, sum);
	add(&a->drain_late_ios, late);
	atomic_store_explicit(&a->drain_max_ns, max, RLX);
	atomic_store_explicit(&a->drain_lat_max_ns, lat_max, RLX);
	write_end(a);
}

static void snap(struct ssdq_host_acct *a, uint64_t now_ns, struct ssdq_host_snap *s,
		 bool reset)
{
	for (unsigned int tries = 0;; tries++) {
		uint32_t s1 = atomic_load_explicit(&a->seq, memory_order_acquire), s2;
		uint64_t since, psince, word;

		if (s1 & 1) {
			/* the job thread is inside an update: it may have lost its CPU there */
			if (tries > 64)
				sched_yield();
			continue;
		}
		s->ios = get(&a->ios);
		s->intended_ns = get(&a->intended_ns);
		s->added_ns = get(&a->added_ns);
		s->late_ios = get(&a->late_ios);
		s->idle_ns = get(&a->idle_ns);
		s->planned_ns = get(&a->planned_ns);
		s->job_max_ns = get(&a->job_max_ns);
		s->drain_ios = get(&a->drain_ios);
		s->drain_ns = get(&a->drain_ns);
		s->drain_late_ios = get(&a->drain_late_ios);
		s->drain_max_ns = get(&a->drain_max_ns);
		s->drain_lat_max_ns = get(&a->drain_lat_max_ns);
		since = get(&a->idle_since_ns);
		psince = get(&a->planned_since_ns);
		word = get(&a->max_word);
		atomic_thread_fence(memory_order_acquire);
		s2 = atomic_load_explicit(&a->seq, RLX);
		if (s1 != s2)
			continue;
		if (since && now_ns > since)
			s->idle_ns += now_ns - since;
		if (psince && now_ns > psince)
			s->planned_ns += now_ns - psince;
		s->added_max_us = word & LOW32;
		/* reset the maximum unless an I/O was accounted since the snapshot */
		if (!reset || atomic_compare_exchange_strong_explicit(&a->max_word, &word, word & ~LOW32,
							    RLX, RLX))
			return;
	}
}

void ssdq_host_acct_snap(struct ssdq_host_acct *a, uint64_t now_ns, struct ssdq_host_snap *s)
{
	snap(a, now_ns, s, true);
}

void ssdq_host_acct_totals(struct ssdq_host_acct *a, uint64_t now_ns, struct ssdq_host_snap *s)
{
	snap(a, now_ns, s, false);
}
