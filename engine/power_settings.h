/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_POWER_SETTINGS_H
#define SSDQ_ENGINE_POWER_SETTINGS_H

/*
 * The drive's power settings a job asks for: its power state (Set Features
 * 02h, ssdq_power_state), APST on or off (0Ch, ssdq_apst) and APST's table
 * (ssdq_apst_table). fio's main process reads each file's settings before
 * its jobs start (->setup) and puts them back when it is done with the
 * engine, as write_cache.h does; each job sets what it asks at its start
 * (->post_init), so a run's jobs may each run at another state (the
 * efficiency-per-state test). The target does the commands (target.h's
 * power: Set/Get Features through libnvme, or the drive model's own).
 *
 * A kill of fio's main process, -9 too, is caught by a guard: a process of
 * its own session, started with the first setting read, that waits on a
 * pipe from fio's processes and, when the pipe closes without fio saying it
 * put the settings back, puts them back itself (and says so on stderr). A
 * power cycle of the drive or the host killed with it leaves the drive's own
 * defaults (ssdq does not save the settings: SV clear).
 *
 * What the host allows is recorded, not changed: its ASPM policy and the
 * NVMe driver's APST latency bound (sysfs). Includes fio's headers.
 */
#include "fio.h"
#include "target.h"

/** enum ssdq_apst_want - ssdq_apst= */
enum ssdq_apst_want {
	SSDQ_APST_KEEP = 0,	/* leave it as it is (recorded all the same) */
	SSDQ_APST_ON,
	SSDQ_APST_OFF,
};

/**
 * ssdq_power_settings_asked() - What @td's options ask: @want->ps (-1:
 * keep), @want->apst (-1: keep), @want->table (n 0: the drive's own).
 *
 * Return: 1 when something is asked, 0 when nothing, -EINVAL after naming
 * the option and what it takes (ssdq_power_state=, ssdq_apst_table=).
 */
int ssdq_power_settings_asked(struct thread_data *td, struct ssdq_power_set *want);

/**
 * ssdq_power_settings_setup() - In fio's main process (->setup): read the
 * settings of each of @td's files the first time the run asks to change
 * them, check the asked state against the drive's table, start the guard
 * and arrange for them to be put back.
 *
 * Return: 0, or -errno (td's error set; the message names the file, the
 * option and the NVMe status).
 */
int ssdq_power_settings_setup(struct thread_data *td);

/**
 * ssdq_power_settings_apply() - In the job (->post_init): set what @td
 * asks on each file and record the settings in the events sidecar:
 *   {"event":"power_settings","ps":2,"apst":false,"transitions":[[0,3,100]],
 *    "asked":{"ps":2,"apst":"off"},"was":{"ps":0,"apst":true},
 *    "host":{"aspm_policy":"default","ps_max_latency_us":100000}}
 * ("was": before this run set it, null when it did not; "apst": null on a
 * drive without APST; a "msg" instead when the drive could not be asked).
 *
 * Return: 0, or -errno when the drive refused a setting (td's error set).
 */
int ssdq_power_settings_apply(struct thread_data *td);

#endif
