/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_TARGET_MODEL_H
#define SSDQ_TARGET_MODEL_H

/*
 * The drive model as a job's target (target_model.c) and what its backend
 * (be_model.c) keeps of the job: the model's own account of it.
 */
#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "model_pstate.h"
#include "target.h"

/**
 * struct ssdq_model_job - the model's account of one job
 * @t0_ns: the job's first I/O (CLOCK_MONOTONIC); 0: none yet
 * @t1_ns: its last completion
 * @e0: the model's active energy before the first I/O, joules
 * @rw_bytes: bytes of reads, writes the job has submitted
 * @regime: what set the speed of the last read, write (enum ssdq_model_regime)
 * @smart: the model the sampler's SMART reads, or NULL
 * @pace_said: the model_pace event is written (once a job, not once a file)
 * @ps0: the model's power-state account when sampling began (model_pstate.h),
 *	or NULL
 * @drain_io: fio's drain's I/Os, each its latency (submission to the model to
 *	handing to fio) and the time the drain held it, ns, and its data
 *	direction (fio's ddir), for model_pace (docs/host.md); the first
 *	SSDQ_DRAIN_LIST of the job
 * @ndrain: how many of them
 * @drain_cut: the drain handed over more than SSDQ_DRAIN_LIST: none is listed
 */
#define SSDQ_DRAIN_LIST	256
struct ssdq_model_job {
	uint64_t t0_ns;
	uint64_t t1_ns;
	double e0;
	uint64_t rw_bytes[2];
	unsigned int regime[2];
	struct ssdq_model *smart;
	bool pace_said;
	struct ssdq_model_ps_acct *ps0;
	uint64_t drain_io[SSDQ_DRAIN_LIST][3];
	unsigned int ndrain;
	bool drain_cut;
};

/** ssdq_model_job() - The model's account of @td (a job on the model). */
struct ssdq_model_job *ssdq_model_job(struct thread_data *td);

/**
 * ssdq_model_job_drain() - List fio's drain's @n I/Os @io_u handed to fio at
 * @handed_ns (ssdq_host_acct_drain()'s arguments) in @mj for its model_pace.
 */
void ssdq_model_job_drain(struct ssdq_model_job *mj, struct io_u *const *io_u,
			  const uint64_t *submit_ns, const uint64_t *ready_ns, unsigned int n,
			  uint64_t handed_ns);

/** ssdq_file_model() - The drive model behind fio file @f of a job on the model. */
static inline struct ssdq_model *ssdq_file_model(struct fio_file *f)
{
	return ((struct ssdq_file *)f->engine_data)->priv;
}

#endif
