/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MODEL_PSTATE_H
#define SSDQ_MODEL_PSTATE_H

/*
 * The drive model's NVMe power states (model_pstate.c): a power state
 * descriptor table per preset, the state the host sets (Set Features 02h,
 * Power Management), Autonomous Power State Transition (feature 0Ch: after
 * so long idle in a state, go to a non-operational one), the exit latency
 * paid by the first command after, the idle power of each state in the
 * model's energy account, and the table as an Identify Controller page
 * (decoded by nvme/'s one reader, ssdq_id_ctrl_decode()).
 *
 * Operational states below PS0 run the media at @perf of PS0's speed and
 * draw @perf of PS0's activity power above idle (the same energy per byte,
 * as throttling does), so a state's highest draw stays under its MP. Idle
 * in an operational state draws the preset's p_idle (active idle); in a
 * non-operational state its @idle_w, once its entry latency has passed.
 *
 * Times: the states' timers (APST idle times) and latencies are the
 * controller's, not the capacity's: they do not divide by the model's
 * scale (docs/model.md, "Power states").
 */
#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "nvme_id.h"

struct nvme_id_ctrl;
struct nvme_feat_auto_pst;

/* most power states a table holds (NVMe: NPSS + 1 <= 32) */
#define SSDQ_MODEL_NPS	32

/* The APST table the model's drive starts with, the timeouts Linux's driver
 * writes (apst_primary_timeout_ms, apst_secondary_timeout_ms): from an
 * operational state to the first non-operational one after the primary
 * idle time, from each non-operational state to the next after the
 * secondary. */
#define SSDQ_MODEL_APST_PRIMARY_MS	100u
#define SSDQ_MODEL_APST_SECONDARY_MS	2000u

/**
 * struct ssdq_model_psd - one power state of a preset
 * @max_w: MP, the most the drive draws in this state
 * @idle_w: a non-operational state's idle power (IDLP); unused for an
 *	operational one (it idles at the preset's p_idle)
 * @perf: an operational state's speed and activity power above idle, a
 *	share of PS0's (1 for PS0); 0 for a non-operational state
 * @nonop: non-operational (NOPS): no I/O is done in it
 * @enlat_us: entry latency: the time from deciding to enter the state to
 *	drawing its idle power
 * @exlat_us: exit latency: what the first command after waits more
 */
struct ssdq_model_psd {
	double max_w;
	double idle_w;
	double perf;
	bool nonop;
	uint32_t enlat_us, exlat_us;
};

/**
 * struct ssdq_model_ps_acct - the model's own account of its power states
 * since the state file was made: ground truth for the idle-power and
 * wake-up tests
 * @state: the state it is in now
 * @in_ns: per state, the time spent in it drawing its idle power (a
 *	non-operational state's, from its entry latency's end); 0 for an
 *	operational state
 * @entries: per state, the times it was entered
 * @wakes: per state, the commands that woke the drive from it
 * @wake_us: per state, the latency those commands waited more, summed
 *	(its exit latency, and what was left of its entry latency)
 * @sets: Set Features 02h and 0Ch the host sent
 */
struct ssdq_model_ps_acct {
	unsigned int state;
	uint64_t in_ns[SSDQ_MODEL_NPS];
	uint64_t entries[SSDQ_MODEL_NPS];
	uint64_t wakes[SSDQ_MODEL_NPS];
	double wake_us[SSDQ_MODEL_NPS];
	uint64_t sets;
};

/**
 * ssdq_model_pstate_init() - Put a new state file's power states as the
 * drive ships: PS0, the default APST table (ssdq_model_apst_default()),
 * APST disabled (APSTE clear after a reset: a host's driver enables it,
 * ssdq_apst= does on the model). Called by ssdq_model_open() on a new file.
 */
void ssdq_model_pstate_init(struct ssdq_model *m);

/**
 * ssdq_model_apst_default() - The APST table the drive ships with for @p:
 * SSDQ_MODEL_APST_PRIMARY_MS from each operational state to the first
 * non-operational one, SSDQ_MODEL_APST_SECONDARY_MS from each
 * non-operational state to the next; @a->enabled set when @p has a
 * non-operational state (APSTA: the feature is supported).
 */
void ssdq_model_apst_default(const struct ssdq_model_preset *p, struct ssdq_apst *a);

/**
 * ssdq_model_pstate_set() - Set Features 02h: go to power state @ps. An
 * operational state takes effect at once and is the state the drive works
 * in until set again; a non-operational one is entered now (or when the
 * commands in flight end) and left, for the last operational state set, by
 * the next command.
 * @m: model
 * @now_ns: CLOCK_MONOTONIC
 * @ps: the state
 *
 * Return: 0, or -EINVAL for a state past the table (Invalid Field).
 */
int ssdq_model_pstate_set(struct ssdq_model *m, uint64_t now_ns, unsigned int ps);

/**
 * ssdq_model_pstate_get() - Get Features 02h: the state the drive is in
 * at @now_ns (a non-operational one from when it decided to enter it).
 */
unsigned int ssdq_model_pstate_get(struct ssdq_model *m, uint64_t now_ns);

/**
 * ssdq_model_pstate_op() - The operational state the host last set (the
 * one the drive works in). Return: its number.
 */
unsigned int ssdq_model_pstate_op(const struct ssdq_model *m);

/**
 * ssdq_model_apst() - Set and Get Features 0Ch, in nvme/'s decoded form
 * (struct ssdq_apst: APSTE and a from-state, to-state, idle-time entry per
 * transition).
 * @m: model
 * @now_ns: CLOCK_MONOTONIC
 * @set: the new setting, or NULL to only read it
 * @out: filled with the setting after the call, or NULL
 *
 * Return: 0, -EOPNOTSUPP when the preset has no non-operational state
 * (APSTA clear), -EINVAL when @set names a transition to a state past the
 * table or to an operational one (Invalid Field; nothing set).
 */
int ssdq_model_apst(struct ssdq_model *m, uint64_t now_ns, const struct ssdq_apst *set,
		    struct ssdq_apst *out);

/** ssdq_model_ps_account() - The model's account of its power states at @now_ns. */
void ssdq_model_ps_account(struct ssdq_model *m, uint64_t now_ns, struct ssdq_model_ps_acct *a);

/**
 * ssdq_model_identify() - The model's Identify Controller page: model
 * number, serial, firmware, its power state descriptors (MP, NOPS, ENLAT,
 * EXLAT, IDLP of the non-operational states, RRT/RWT ranks), NPSS, APSTA
 * and VWC, little endian as a drive returns it.
 */
void ssdq_model_identify(const struct ssdq_model *m, struct nvme_id_ctrl *id);

/**
 * ssdq_model_apst_page() - Get Features 0Ch as the drive answers it: @dw0
 * (APSTE) and the 256-byte table, little endian (decoded by nvme/'s
 * ssdq_apst_decode()).
 *
 * Return: 0, or -EOPNOTSUPP without APST (APSTA clear).
 */
int ssdq_model_apst_page(struct ssdq_model *m, uint64_t now_ns, uint32_t *dw0,
			 struct nvme_feat_auto_pst *table);

/*
 * Between model.c and model_pstate.c: the power states' part of the state
 * file and what model.c calls with the state file's lock held. @idle_from
 * is when the drive last fell idle (CLOCK_MONOTONIC): the end of the last
 * command it was given, 0 while one is in its hands.
 */

/** struct ssdq_model_ps_shared - the power states in the state file */
struct ssdq_model_ps_shared {
	uint32_t op;			/* the operational state the host set */
	uint32_t forced;		/* a non-operational state the host set, 0: none */
	uint64_t forced_ns;		/* when it was set */
	uint64_t quiet_ns;		/* the last Set Features: idle counts from here too */
	uint32_t apst_on;
	uint32_t itpt_ms[SSDQ_MODEL_NPS];
	uint8_t itps[SSDQ_MODEL_NPS];
	uint64_t booked_ns;		/* the idle power account is drawn to here */
	uint64_t in_ns[SSDQ_MODEL_NPS];
	uint64_t entries[SSDQ_MODEL_NPS];
	uint64_t wakes[SSDQ_MODEL_NPS];
	double wake_us[SSDQ_MODEL_NPS];
	uint64_t sets;
};

/* the state file's part of @m (model.c) */
struct ssdq_model_ps_shared *ssdq_model_ps_shared(struct ssdq_model *m);

/*
 * Lock @m's state file and draw its accounts to @now_ns (model.c); the
 * idle time from which APST counts is set in *@idle_from.
 */
void ssdq_model_ps_lock(struct ssdq_model *m, uint64_t now_ns, uint64_t *idle_from);
void ssdq_model_ps_unlock(struct ssdq_model *m);

/*
 * Draw the idle power of the states the drive was in from ps->booked_ns to
 * @now_ns into *@energy_j (above the preset's p_idle, as the energy account
 * keeps it: a non-operational state adds idle_w - p_idle a second).
 */
void ssdq_model_ps_book(struct ssdq_model *m, uint64_t idle_from, uint64_t now_ns,
			double *energy_j);

/* A command at @now_ns: wake the drive; return what the command waits more, µs. */
double ssdq_model_ps_wake(struct ssdq_model *m, uint64_t idle_from, uint64_t now_ns);

/* The operational state's share of PS0's speed and activity power, and its MP. */
double ssdq_model_ps_perf(struct ssdq_model *m);
double ssdq_model_ps_max_w(struct ssdq_model *m);

#endif
