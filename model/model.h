/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MODEL_H
#define SSDQ_MODEL_H

/*
 * The drive model: a simulated SSD that paces I/O like a drive would. It
 * knows nothing of fio; the engine's model backend feeds it I/Os and sleeps
 * until the completion times it returns.
 *
 * Its state lives in a small file mapped shared (the job's filename), so
 * every fio job and process using the same file sees one drive, and the
 * drive keeps its data layout, SLC cache and counters from run to run, as a
 * real one would between a prep job and a test job.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct ssdq_model_psd;

/**
 * struct ssdq_model_preset - one simulated drive
 *
 * Sizes in bytes before scaling, speeds in bytes/s, latencies in µs (QD1,
 * 4 KiB), power in W, temperatures in °C. The SLC cache when the drive
 * holds a fraction u of valid data is slc_static + slc_dynamic × (1 - u).
 */
struct ssdq_model_preset {
	const char *name;
	const char *summary;
	uint64_t capacity;
	unsigned int lba_shift;
	double link_bps;		/* interface limit */
	double slc_static, slc_dynamic;
	double w_cache_bps;		/* into the SLC cache */
	double w_direct_bps;		/* after the cache, before folding */
	double fold_start;		/* fraction written where folding begins; 0: never */
	double w_fold_hi_bps, w_fold_lo_bps;
	double fold_hi_bytes, fold_lo_bytes;	/* one swing: hi part, then lo part */
	double recover_bps;		/* cache freed per second of idle, after
					 * SSDQ_MODEL_GRACE_S of it */
	double jump_every, jump_bytes;	/* cache freed while writing past it: a brief recovery */
	double r_seq_bps, r_rand_bps, r_frag_bps;
	double r_lat_us[3];		/* p50, p99, p99.99 */
	double map_cover;		/* bytes of LBAs whose mapping the controller
					 * caches (a DRAM-less drive's SRAM or host
					 * memory buffer); 0: the whole table in DRAM */
	double map_miss_us;		/* a read whose mapping is not cached waits
					 * for it: one NAND read more */
	double w_lat_us[3];
	double w_nocache_us;		/* added to a write's latency while the host has
					 * its volatile write cache off (the write waits
					 * for the NAND program); 0: no such cache */
	double p_idle, p_read, p_write_cache, p_write_direct;
	double ps0_w;			/* the power-state table's PS0 maximum: the
					 * most the drive ever draws */
	const struct ssdq_model_psd *ps;	/* its power states (model_pstate.h),
					 * ps[0].max_w == ps0_w; NULL: PS0 only */
	unsigned int nps;
	double spare;			/* NAND beyond the capacity, a fraction of it */
	double t_ambient, t_rth, t_tau_s, t_throttle, throttle_factor;
};

/** ssdq_model_presets - the built-in presets, ended by a NULL name */
extern const struct ssdq_model_preset ssdq_model_presets[];

/**
 * ssdq_model_find() - Look up a preset by name.
 *
 * Return: the preset, or NULL.
 */
const struct ssdq_model_preset *ssdq_model_find(const char *name);

enum ssdq_model_op { SSDQ_MODEL_READ, SSDQ_MODEL_WRITE, SSDQ_MODEL_TRIM, SSDQ_MODEL_FLUSH };

/** struct ssdq_model_smart - SMART-like counters the model keeps */
struct ssdq_model_smart {
	uint64_t data_units_read;	/* 512 000-byte units, as NVMe counts */
	uint64_t data_units_written;
	uint64_t host_bytes_written;	/* exact, of data_units_written */
	uint64_t media_bytes_written;	/* to the NAND: the host's writes, the SLC
					 * cache folded out (written again), and
					 * garbage collection's (ssdq_model_wa()
					 * times a random write past the cache) */
	uint64_t host_reads, host_writes;
	double energy_j;		/* drawn above idle, as settled */
	uint64_t busy_ms;
	double temp_c;
	uint32_t tmt1_count;		/* entries into thermal throttling */
	uint64_t tmt1_ms;		/* time spent throttled */
	int throttling;
};

/**
 * enum ssdq_model_regime - what set the speed of an I/O: for a write the
 * SLC cache, direct-to-NAND, the fast or slow half of a fold swing, or the
 * garbage collection a small random write pays for (ssdq_model_wa()), or
 * a sequential one into LBAs such writes fragmented (the same A); for
 * a read a sequential (or large), fragmented or small random read. The
 * model's own account of a job, written to the events sidecar
 * (model_regime) as ground truth that holds however busy the host is.
 */
enum ssdq_model_regime {
	SSDQ_MODEL_R_NONE,
	SSDQ_MODEL_R_CACHE,
	SSDQ_MODEL_R_DIRECT,
	SSDQ_MODEL_R_FOLD_HI,
	SSDQ_MODEL_R_FOLD_LO,
	SSDQ_MODEL_R_READ_SEQ,
	SSDQ_MODEL_R_READ_FRAG,
	SSDQ_MODEL_R_READ_RAND,
	SSDQ_MODEL_R_RANDOM,		/* a small random write past the cache,
					 * paying write amplification */
	SSDQ_MODEL_R_SEQ_GC,		/* a sequential write (continuing a stream)
					 * into LBAs small random writes fragmented:
					 * the blocks it frees must be collected
					 * first (where A is above 1) */
};
/* or-ed into a regime while the drive throttles */
#define SSDQ_MODEL_R_THROTTLED	0x100u

/**
 * ssdq_model_regime_name() - "cache", "direct", "fold-hi", "fold-lo",
 * "read-seq", "read-frag", "read-rand", "random", "seq-gc" or "none", with "+throttled" when
 * SSDQ_MODEL_R_THROTTLED is set.
 *
 * Return: a static string.
 */
const char *ssdq_model_regime_name(unsigned int regime);

struct ssdq_model_shared;

/** struct ssdq_model - an open model drive (per process) */
struct ssdq_model {
	struct ssdq_model_shared *sh;	/* the mapped state file */
	size_t map_len;
	const struct ssdq_model_preset *p;
	uint64_t capacity;		/* scaled */
	double scale;
	uint64_t seed;			/* per-process random stream */
	unsigned int regime;		/* of the last read or write this process timed */
	double wa_fill, wa;		/* ssdq_model_wa() at that fill, kept */
};

/**
 * ssdq_model_open() - Open or create the model drive in state file @path.
 * @m: filled on success
 * @path: state file; created with the preset when missing
 * @preset: preset name; must match the one the file was created with
 * @scale: capacity and cache sizes are divided by this (speeds are not)
 * @err: message on failure, naming the file or option
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT for an unknown preset, -EINVAL for a state file made
 * with another preset or scale, or -errno from open/mmap.
 */
int ssdq_model_open(struct ssdq_model *m, const char *path, const char *preset,
		    double scale, char *err, size_t errlen);

/**
 * ssdq_model_attach() - Open an existing model state file with the preset
 * and scale it was created with (for the sampler's model source).
 *
 * Return: 0, -EINVAL for a file that is not a model state file, or what
 * ssdq_model_open() returns.
 */
int ssdq_model_attach(struct ssdq_model *m, const char *path, char *err, size_t errlen);

/** ssdq_model_close() - Unmap @m; NULL-safe and idempotent. */
void ssdq_model_close(struct ssdq_model *m);

/**
 * ssdq_model_io() - Account one I/O and say when it completes.
 * @m: model
 * @now_ns: submission time, CLOCK_MONOTONIC
 * @op: what the host asks
 * @offset: byte offset
 * @len: byte length
 *
 * A read or write sets @m->regime to what set its speed.
 *
 * Return: completion time in CLOCK_MONOTONIC ns, never before @now_ns.
 */
uint64_t ssdq_model_io(struct ssdq_model *m, uint64_t now_ns, enum ssdq_model_op op,
		       uint64_t offset, uint64_t len);

/**
 * ssdq_model_complete() - Tell the model an I/O it timed has completed, so
 * it knows when the drive falls idle.
 */
void ssdq_model_complete(struct ssdq_model *m, uint64_t now_ns);

/**
 * ssdq_model_host_idle() - The host left the drive idle on purpose from
 * @from_ns to @to_ns (CLOCK_MONOTONIC; an idle phase of a job: ssdq_idle,
 * the idle between bursts): the drive's garbage collection catches up over
 * the part of it the drive was idle past SSDQ_MODEL_GRACE_S (scaled),
 * after folding what its SLC cache holds, making erased NAND at
 * ssdq_model_gc_idle_bps() up to all the NAND that holds no data; small
 * random writes then take it at the direct speed (regime "direct") before
 * paying garbage collection again. Time already counted (another thread
 * of the job idled with this one) and time with I/O in flight count
 * nothing. Gaps the host did not declare (between fio's jobs and runs,
 * which a scaled model would magnify by its scale) collect nothing.
 * @m: model
 * @from_ns: when the host stopped sending
 * @to_ns: when it sends again
 *
 * Return: the bytes of NAND erased (in the scaled drive's bytes), 0 when
 * none.
 */
double ssdq_model_host_idle(struct ssdq_model *m, uint64_t from_ns, uint64_t to_ns);

/**
 * ssdq_model_gc_idle_bps() - How fast idle garbage collection makes erased
 * NAND on a drive whose LBAs hold data to fraction @fill (model_gc.c): it
 * copies the valid share v of each block it collects at the direct write
 * speed and gains the rest, (1 - v) / v = 1 / (A - 1) erased bytes per
 * byte copied, A = ssdq_model_wa(@p, @fill).
 * @p: preset (its w_direct_bps and spare)
 * @fill: 0..1
 *
 * Return: bytes per second; INFINITY where A is 1 (nothing to collect:
 * every block that holds no data is free).
 */
double ssdq_model_gc_idle_bps(const struct ssdq_model_preset *p, double fill);

/**
 * ssdq_model_erase() - Deallocate the whole drive and empty its SLC cache,
 * as a Sanitize or secure Format would.
 */
void ssdq_model_erase(struct ssdq_model *m);

/**
 * ssdq_model_write_cache() - The drive's volatile write cache (NVMe Set
 * and Get Features 06h): on, as the drive ships, or off, when each write
 * completes only once its data is on the NAND (the preset's w_nocache_us
 * more latency). The setting lives in the state file: every process and
 * run of the drive sees it, until set again.
 * @m: model
 * @set: 1 on, 0 off, -1 only read it
 *
 * Return: the setting (1 on, 0 off) after the call, or -EOPNOTSUPP when
 * the preset has no volatile write cache (w_nocache_us 0).
 */
int ssdq_model_write_cache(const struct ssdq_model *m, int set);

/**
 * ssdq_model_power() - Average power drawn since the previous call, over
 * the time the energy account has been settled to: @now_ns, or later where
 * another thread's I/O, stamped after @now_ns was read, settled it first.
 * The mean never passes the preset's PS0 (the account's own cap), and the
 * readings weighted by the times they cover add up to
 * ssdq_model_active_energy().
 * @m: model
 * @now_ns: CLOCK_MONOTONIC
 * @end_ns: optional, set to the time the mean runs to (CLOCK_MONOTONIC,
 *	>= @now_ns); equal to the previous call's when nothing was settled
 *	since (the reading covers no time: idle power, to be dropped)
 * @smart: optional, filled with the counters as of *@end_ns
 *
 * Also advances the thermal model.
 *
 * Return: watts.
 */
double ssdq_model_power(struct ssdq_model *m, uint64_t now_ns, uint64_t *end_ns,
			struct ssdq_model_smart *smart);

/**
 * ssdq_model_set_ambient() - Set the air temperature around the drive
 * (°C; 0: the preset's). Thermal time constants shrink with the scale, as
 * a scaled drive fills faster.
 */
void ssdq_model_set_ambient(struct ssdq_model *m, double celsius);

/**
 * ssdq_model_active_energy() - Energy drawn above idle since the state file
 * was made, in J; the difference over a job plus idle power × its duration
 * is the job's energy (ground truth for power figures).
 */
double ssdq_model_active_energy(struct ssdq_model *m);

/**
 * ssdq_model_drawn_energy() - The energy account drawn above idle, settled
 * to @now_ns (or later, where another thread's I/O settled it first), in J:
 * what a meter on the drive would have counted above idle by then.
 * @at_ns: set to the time it is settled to (CLOCK_MONOTONIC, >= @now_ns)
 */
double ssdq_model_drawn_energy(struct ssdq_model *m, uint64_t now_ns, uint64_t *at_ns);

/**
 * ssdq_model_peek() - The counters as of @now_ns, without touching the
 * power average ssdq_model_power() keeps. Advances the thermal model.
 */
void ssdq_model_peek(struct ssdq_model *m, uint64_t now_ns, struct ssdq_model_smart *smart);

/**
 * ssdq_model_expected_cache() - The SLC cache size a whole-drive fill from
 * erased sees (ground truth for tests): the x that solves
 * x = static + dynamic × (1 - x / capacity), scaled.
 *
 * Return: bytes.
 */
double ssdq_model_expected_cache(const struct ssdq_model_preset *p, double scale);

/**
 * ssdq_model_map_misses() - Reads of @m's drive that waited for their
 * mapping (struct ssdq_model_preset's map_cover and map_miss_us): the
 * model's own account of its mapping-table cache, in its state file.
 * @m: an open model
 *
 * Return: the count since the state file was made or erased.
 */
uint64_t ssdq_model_map_misses(const struct ssdq_model *m);

/**
 * ssdq_model_wa() - The write amplification of small random writes past the
 * SLC cache on a drive whose LBAs hold data to fraction @fill: garbage
 * collection of uniform random writes (Xiang and Kurkoski, "An Improved
 * Analytic Expression for Write Amplification in NAND Flash", 2012):
 * A = (1 + r) / (1 + r + W(-(1 + r) e^-(1 + r))), r = (1 + spare) / fill - 1
 * the spare NAND over the data held, W the Lambert W function's main branch.
 * @p: preset (its spare)
 * @fill: 0..1
 *
 * Return: A, at least 1 (1 on an empty drive, 5.7 on a full one with
 * 9.95 % spare).
 */
double ssdq_model_wa(const struct ssdq_model_preset *p, double fill);

/* Idle, in seconds of the full drive's time (divided by the scale), before
 * the drive starts freeing its SLC cache. */
#define SSDQ_MODEL_GRACE_S	1.0

/* Share of the command time (while any command is in flight) during which
 * the controller draws the activity power on top of the media's. */
#define SSDQ_MODEL_CTRL_SHARE	0.25

/**
 * ssdq_model_lat_quantile() - The preset's QD1 latency at quantile @q
 * (0..1) for reads (@write 0) or writes, in µs: piecewise linear through
 * 0.8×p50 at 0, p50, p99, p99.99, and 1.5×p99.99 at 1.
 */
double ssdq_model_lat_quantile(const struct ssdq_model_preset *p, int write, double q);

#endif
