/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SAMPLING_H
#define SSDQ_SAMPLING_H

/*
 * The engine's side of power/: one sampler per device (the first job to
 * take the device's lock samples it), the drive model as a power source
 * and SMART provider.
 */
#include "nvme_log.h"
#include "sampler.h"
#include "source.h"

/** ssdq_source_model - power source "model:<state file>" (the drive model) */
extern const struct ssdq_source_ops ssdq_source_model;

/**
 * ssdq_model_smart_read() - SMART of the drive model @arg (a struct
 * ssdq_model *), for ssdq_sampler_cfg.smart_read.
 *
 * Return: 0.
 */
int ssdq_model_smart_read(void *arg, struct ssdq_smart *out);

#endif
