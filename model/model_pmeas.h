/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MODEL_PMEAS_H
#define SSDQ_MODEL_PMEAS_H

/*
 * The drive model's own power measurement: the NVMe Power Measurement
 * feature and log (Feature and Log Identifier 25h, nvme/nvme_pmeas.h),
 * answered from the model's energy account, so a figure the drive reports
 * can be held against the model's truth.
 *
 * The model's controller collects one interval measurement per interval of
 * 1 s of the full drive's time (1 s / scale of real time): the interval's
 * energy (the account drawn above idle, plus idle power) over its length.
 * It reads its account when asked (a Set Features or Get Log Page); the
 * energy drawn between two asks is spread evenly over that span, so the
 * intervals hold the account's energy exactly and the maximum is that of
 * the spans between asks (ask every interval to see each one). It states
 * its figures as estimates (EPF: the model estimates its power, nothing
 * measures it) with a 1 % error (its rounding is far below).
 */
#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "nvme_pmeas.h"
#include "source.h"

/* The model's stated accuracy (Interval Power Percent Error). */
#define SSDQ_MODEL_PMEAS_ERROR_PCT	1

/**
 * struct ssdq_model_pmeas - the model's Power Measurement feature, one
 * controller's state (per open model, like a host's handle on it)
 * @m: the model
 * @interval_ns: one interval, CLOCK_MONOTONIC ns (1 s / scale)
 * @running: started, not stopped
 * @generation: starts, modulo 256
 * @count: intervals completed since the start
 * @sum_j: their energy
 * @max_w: the largest interval's power
 * @mark_ns: where the current interval began
 * @acc_j: energy of the current interval so far
 * @seen_ns: where the account was read last
 * @seen_j: what it held then (drawn above idle)
 */
struct ssdq_model_pmeas {
	struct ssdq_model *m;
	uint64_t interval_ns;
	bool running;
	unsigned int generation;
	uint32_t count;
	double sum_j, max_w;
	uint64_t mark_ns;
	double acc_j;
	uint64_t seen_ns;
	double seen_j;
};

/** ssdq_model_pmeas_init() - The feature of model @m, stopped. */
void ssdq_model_pmeas_init(struct ssdq_model_pmeas *pm, struct ssdq_model *m);

/**
 * ssdq_model_pmeas_set() - Set Features 25h with @cdw11 (ssdq_pmeas_cdw11())
 * at @now_ns (CLOCK_MONOTONIC): start (clears the count) or stop.
 *
 * Return: 0, or -EINVAL for an action other than start and stop or a
 * measurement type other than total power (a controller answers Invalid
 * Field in Command).
 */
int ssdq_model_pmeas_set(struct ssdq_model_pmeas *pm, uint32_t cdw11, uint64_t now_ns);

/**
 * ssdq_model_pmeas_log() - Get Log Page 25h at @now_ns: the page as the
 * model's controller lays it out (ssdq_pmeas_encode()).
 */
void ssdq_model_pmeas_log(struct ssdq_model_pmeas *pm, uint64_t now_ns,
			  struct ssdq_pmeas_log_page *page);

/**
 * ssdq_model_pmeas_joules() - The model's truth behind the page: the energy
 * of the completed intervals (J) and their count.
 */
double ssdq_model_pmeas_joules(const struct ssdq_model_pmeas *pm, uint32_t *count);

/** ssdq_source_model_pm - power source "model-pm:<state file>" */
extern const struct ssdq_source_ops ssdq_source_model_pm;

#endif
