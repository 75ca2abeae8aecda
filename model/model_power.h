/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MODEL_POWER_H
#define SSDQ_MODEL_POWER_H

/*
 * The drive model as power/'s sampler sees it: a power source and a SMART
 * provider (source_model.c).
 */
#include "nvme_log.h"
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
