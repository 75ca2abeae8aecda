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
 */
struct ssdq_model_job {
	uint64_t t0_ns;
	uint64_t t1_ns;
	double e0;
	uint64_t rw_bytes[2];
	unsigned int regime[2];
	struct ssdq_model *smart;
	bool pace_said;
	struct ssdq_model_ps_acct *ps0;
};

/** ssdq_model_job() - The model's account of @td (a job on the model). */
struct ssdq_model_job *ssdq_model_job(struct thread_data *td);

/** ssdq_file_model() - The drive model behind fio file @f of a job on the model. */
static inline struct ssdq_model *ssdq_file_model(struct fio_file *f)
{
	return ((struct ssdq_file *)f->engine_data)->priv;
}

#endif
