// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"
#include "model_pstate.h"

#define MODEL_MAGIC	"SSDQMDL1"
#define MODEL_VERSION	8	/* 3: the erased NAND (fresh out of box); 4: media writes;
				 * 5: the write cache; 6: the mapping-table cache;
				 * 7: garbage collection in the host's idle;
				 * 8: the power states */
#define CHUNK_SHIFT	20		/* 1 MiB of LBAs per bitmap bit */
#define NDU		512000.0	/* bytes in an NVMe data unit */
#define COVER_FULL	65535u		/* a chunk's LBAs all hold data */
#define NSTREAMS	4		/* sequential write streams told apart */
#define MAP_PAGE	(4.0 * 1048576)	/* LBAs one mapping page maps: 4 KiB of
					 * 4-byte entries */
#define MAP_SLOTS	16384u		/* most mapping pages cached (64 GiB unscaled) */

struct ssdq_model_shared {
	char magic[8];
	uint32_t version;
	uint32_t lba_shift;
	char preset[48];
	double scale;
	uint64_t capacity;
	uint64_t nchunks;
	pthread_mutex_t lock;

	double cache_used;		/* bytes of SLC cache holding data */
	double held;			/* chunks' worth of LBAs holding data */
	double fold_pos;		/* bytes into the current fold swing */
	double direct_since_jump;
	double erased;			/* bytes of NAND erased, never written since:
					 * small random writes go there without
					 * garbage collection until none is left */
	uint64_t media_ns;		/* when the media finishes its queue */
	uint64_t busy_until_ns;		/* last completion handed out */
	uint64_t idle_since_ns;		/* 0 while I/O is in flight */
	uint64_t gc_until_ns;		/* the host's idle collected up to here */
	uint32_t inflight;
	uint64_t last_read_end;
	uint32_t map_tag[MAP_SLOTS];	/* mapping page + 1 cached in each slot
					 * (direct-mapped), 0 none */
	uint64_t map_misses;		/* reads that waited for their mapping */
	uint64_t write_end[NSTREAMS];	/* where recent write streams stand */
	uint32_t write_next;

	double energy_j;		/* above idle, drawn */
	double backlog_media_j;		/* booked, drawn over the media timeline */
	double backlog_cmd_j;		/* booked, drawn over the commands' time */
	uint64_t settle_ns;		/* drawn up to here */
	uint64_t cmd_until_ns;		/* end of the latest command's latency */
	double energy_seen_power, energy_seen_thermal;
	uint64_t power_ns, thermal_ns;
	double temp_c;
	double ambient_c;		/* 0: the preset's */
	int throttling;
	uint32_t tmt1_count;
	uint64_t tmt1_ns, throttle_since_ns;

	uint64_t bytes_read, bytes_written, host_reads, host_writes, busy_ns;
	double media_written;		/* bytes written to the NAND: the host's, the
					 * SLC cache's folded out, garbage collection's */
	uint32_t write_cache_off;	/* the host turned the volatile write cache off */
	struct ssdq_model_ps_shared ps;	/* the power states (model_pstate.c) */
	uint8_t bits[];			/* per chunk the share of its LBAs holding
					 * data (uint16_t, of COVER_FULL), then the
					 * fragmented bitmap */
};

static uint16_t *cover_map(struct ssdq_model_shared *sh) { return (uint16_t *)(void *)sh->bits; }
static uint8_t *frag_map(struct ssdq_model_shared *sh) { return sh->bits + 2 * sh->nchunks; }

/* Bytes of the state file's maps for @nchunks chunks. */
static size_t maps_len(uint64_t nchunks) { return 2 * nchunks + (nchunks + 7) / 8; }

static int bit_get(const uint8_t *map, uint64_t i) { return map[i >> 3] >> (i & 7) & 1; }
static void bit_set(uint8_t *map, uint64_t i) { map[i >> 3] |= (uint8_t)(1u << (i & 7)); }
static void bit_clear(uint8_t *map, uint64_t i) { map[i >> 3] &= (uint8_t)~(1u << (i & 7)); }

const struct ssdq_model_preset *ssdq_model_find(const char *name)
{
	for (const struct ssdq_model_preset *p = ssdq_model_presets; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

static void lock(struct ssdq_model_shared *sh)
{
	if (pthread_mutex_lock(&sh->lock) == EOWNERDEAD)
		pthread_mutex_consistent(&sh->lock);
}

static void unlock(struct ssdq_model_shared *sh)
{
	pthread_mutex_unlock(&sh->lock);
}

/* The NAND under the LBAs: the capacity and the spare beyond it. */
static double nand_bytes(const struct ssdq_model_preset *p, uint64_t capacity)
{
	return (1.0 + p->spare) * (double)capacity;
}

static void init_shared(struct ssdq_model_shared *sh, const struct ssdq_model_preset *p,
			double scale, uint64_t capacity, uint64_t nchunks)
{
	pthread_mutexattr_t a;

	memset(sh, 0, sizeof(*sh));
	memcpy(sh->magic, MODEL_MAGIC, 8);
	sh->version = MODEL_VERSION;
	sh->lba_shift = p->lba_shift;
	snprintf(sh->preset, sizeof(sh->preset), "%s", p->name);
	sh->scale = scale;
	sh->capacity = capacity;
	sh->nchunks = nchunks;
	sh->temp_c = p->t_ambient;
	sh->erased = nand_bytes(p, capacity);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&sh->lock, &a);
	pthread_mutexattr_destroy(&a);
}

int ssdq_model_open(struct ssdq_model *m, const char *path, const char *preset,
		    double scale, char *err, size_t errlen)
{
	const struct ssdq_model_preset *p = ssdq_model_find(preset);
	struct ssdq_model_shared *sh;
	uint64_t capacity, nchunks;
	struct stat st;
	size_t len;
	int fd, ret = 0;

	memset(m, 0, sizeof(*m));
	if (!p) {
		snprintf(err, errlen, "ssdq_model=%s: no such preset (see jobs/README.md or "
			 "model/model_presets.c)", preset);
		return -ENOENT;
	}
	if (!(scale >= 1.0)) {
		snprintf(err, errlen, "ssdq_model_scale=%g: must be 1 or more", scale);
		return -EINVAL;
	}
	capacity = (uint64_t)(p->capacity / scale) & ~((1ULL << CHUNK_SHIFT) - 1);
	if (capacity < (1ULL << CHUNK_SHIFT)) {
		snprintf(err, errlen, "ssdq_model_scale=%g leaves %s smaller than 1 MiB", scale,
			 p->name);
		return -EINVAL;
	}
	nchunks = capacity >> CHUNK_SHIFT;
	len = sizeof(*sh) + maps_len(nchunks);

	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "model state file %s: %s", path, strerror(-ret));
		return ret;
	}
	flock(fd, LOCK_EX);
	if (fstat(fd, &st) < 0 || (st.st_size == 0 && ftruncate(fd, (off_t)len) < 0)) {
		ret = -errno;
		snprintf(err, errlen, "model state file %s: %s", path, strerror(-ret));
		goto out;
	}
	if (st.st_size != 0 && (size_t)st.st_size != len) {
		snprintf(err, errlen, "%s is not a state file of ssdq_model=%s at "
			 "ssdq_model_scale=%g (size differs); use another filename or delete it",
			 path, preset, scale);
		ret = -EINVAL;
		goto out;
	}
	sh = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (sh == MAP_FAILED) {
		ret = -errno;
		snprintf(err, errlen, "model state file %s: mmap: %s", path, strerror(-ret));
		goto out;
	}
	if (st.st_size == 0) {
		init_shared(sh, p, scale, capacity, nchunks);
	} else if (!memcmp(sh->magic, MODEL_MAGIC, 8) && sh->version != MODEL_VERSION) {
		snprintf(err, errlen, "%s holds a model drive of an older ssdq (state version %u, "
			 "this one writes %u); delete it", path, sh->version, MODEL_VERSION);
		munmap(sh, len);
		ret = -EINVAL;
		goto out;
	} else if (memcmp(sh->magic, MODEL_MAGIC, 8) || strcmp(sh->preset, p->name) ||
		   sh->scale != scale || sh->capacity != capacity) {
		snprintf(err, errlen, "%s holds a model drive of another preset or scale "
			 "(%.*s, scale %g); use another filename or delete it", path,
			 (int)sizeof(sh->preset), sh->preset, sh->scale);
		munmap(sh, len);
		ret = -EINVAL;
		goto out;
	}
	m->sh = sh;
	m->map_len = len;
	m->p = p;
	m->capacity = capacity;
	m->scale = scale;
	m->wa_fill = -1;
	m->seed = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)getpid() << 17) ^ (uint64_t)(uintptr_t)m;
	if (st.st_size == 0)
		ssdq_model_pstate_init(m);
out:
	flock(fd, LOCK_UN);
	close(fd);
	return ret;
}

int ssdq_model_attach(struct ssdq_model *m, const char *path, char *err, size_t errlen)
{
	struct ssdq_model_shared head;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "model state file %s: %s", path, strerror(errno));
		return -errno;
	}
	n = pread(fd, &head, sizeof(head), 0);
	close(fd);
	if (n != (ssize_t)sizeof(head) || memcmp(head.magic, MODEL_MAGIC, 8)) {
		snprintf(err, errlen, "%s is not a drive model state file", path);
		return -EINVAL;
	}
	head.preset[sizeof(head.preset) - 1] = '\0';
	return ssdq_model_open(m, path, head.preset, head.scale, err, errlen);
}

void ssdq_model_close(struct ssdq_model *m)
{
	if (m && m->sh) {
		munmap(m->sh, m->map_len);
		m->sh = NULL;
	}
}

static double uniform(struct ssdq_model *m)
{
	m->seed ^= m->seed << 13;
	m->seed ^= m->seed >> 7;
	m->seed ^= m->seed << 17;
	return (double)(m->seed >> 11) * (1.0 / 9007199254740992.0);
}

double ssdq_model_lat_quantile(const struct ssdq_model_preset *p, int write, double q)
{
	const double *l = write ? p->w_lat_us : p->r_lat_us;
	const double qs[5] = { 0.0, 0.5, 0.99, 0.9999, 1.0 };
	const double vs[5] = { 0.8 * l[0], l[0], l[1], l[2], 1.5 * l[2] };

	for (int i = 1; i < 5; i++)
		if (q <= qs[i])
			return vs[i - 1] + (vs[i] - vs[i - 1]) * (q - qs[i - 1]) / (qs[i] - qs[i - 1]);
	return vs[4];
}

double ssdq_model_expected_cache(const struct ssdq_model_preset *p, double scale)
{
	double c = p->capacity / scale, s = p->slc_static / scale, d = p->slc_dynamic / scale;

	return (s + d) / (1.0 + d / c);
}

double ssdq_model_wa(const struct ssdq_model_preset *p, double fill)
{
	double a = (1.0 + p->spare) / fill, x = 0;

	if (!(fill > 0) || a <= 1.0)
		return 1.0;
	/* x = e^(-a(1 - x)), the valid share of the block collected: Newton
	 * from 0 climbs to the lower root (the function is concave) */
	for (int i = 0; i < 60; i++) {
		double e = exp(-a * (1.0 - x)), nx = x - (x - e) / (1.0 - a * e);

		if (!(nx > x))
			break;
		x = nx;
	}
	return x < 1.0 ? fmax(1.0, 1.0 / (1.0 - x)) : 1.0;
}

static double cache_size(const struct ssdq_model *m)
{
	const struct ssdq_model_preset *p = m->p;
	double used = m->sh->held / (double)m->sh->nchunks;

	return (p->slc_static + p->slc_dynamic * (1.0 - used)) / m->scale;
}

/*
 * What a write leaves holding data: a sequential one its bytes, a random one
 * its share of what did not hold data yet (random writes overlap as they
 * land: a chunk is about full after as many random writes as it has LBAs
 * times a few, not after the first).
 */
static void mark_written(struct ssdq_model *m, uint64_t off, uint64_t len, int sequential)
{
	struct ssdq_model_shared *sh = m->sh;
	uint64_t first = off >> CHUNK_SHIFT, last = (off + len - 1) >> CHUNK_SHIFT;
	uint16_t *cover = cover_map(sh);

	for (uint64_t c = first; c <= last && c < sh->nchunks; c++) {
		uint64_t lo = c << CHUNK_SHIFT, hi = (c + 1) << CHUNK_SHIFT;
		double part = (double)((off + len < hi ? off + len : hi) - (off > lo ? off : lo)) /
			      (double)(1ULL << CHUNK_SHIFT);
		double old = cover[c], nw;

		if (sequential || len >= (1ULL << CHUNK_SHIFT))
			nw = old + part * COVER_FULL;
		else
			nw = old + (COVER_FULL - old) * part;
		nw = fmin(round(nw), COVER_FULL);
		if (nw > old) {
			cover[c] = (uint16_t)nw;
			sh->held += (nw - old) / COVER_FULL;
		}
		if (sequential || len >= (1ULL << CHUNK_SHIFT))
			bit_clear(frag_map(sh), c);
		else
			bit_set(frag_map(sh), c);
	}
}

static int span_fragmented(struct ssdq_model_shared *sh, uint64_t off, uint64_t len)
{
	uint64_t first = off >> CHUNK_SHIFT, last = (off + len - 1) >> CHUNK_SHIFT;

	for (uint64_t c = first; c <= last && c < sh->nchunks; c++)
		if (bit_get(frag_map(sh), c))
			return 1;
	return 0;
}

static void deallocate(struct ssdq_model_shared *sh, uint64_t off, uint64_t len)
{
	uint64_t first = (off + (1ULL << CHUNK_SHIFT) - 1) >> CHUNK_SHIFT;
	uint64_t end = (off + len) >> CHUNK_SHIFT;

	for (uint64_t c = first; c < end && c < sh->nchunks; c++) {
		sh->held -= (double)cover_map(sh)[c] / COVER_FULL;
		cover_map(sh)[c] = 0;
		bit_clear(frag_map(sh), c);
	}
}

void ssdq_model_erase(struct ssdq_model *m)
{
	struct ssdq_model_shared *sh = m->sh;

	lock(sh);
	memset(sh->bits, 0, maps_len(sh->nchunks));
	sh->held = 0;
	sh->cache_used = 0;
	sh->fold_pos = 0;
	sh->direct_since_jump = 0;
	sh->erased = nand_bytes(m->p, m->capacity);
	memset(sh->write_end, 0, sizeof(sh->write_end));
	memset(sh->map_tag, 0, sizeof(sh->map_tag));
	sh->map_misses = 0;
	unlock(sh);
}

int ssdq_model_write_cache(const struct ssdq_model *m, int set)
{
	struct ssdq_model_shared *sh = m->sh;
	int on;

	if (!(m->p->w_nocache_us > 0))
		return -EOPNOTSUPP;
	lock(sh);
	if (set >= 0)
		sh->write_cache_off = !set;
	on = !sh->write_cache_off;
	unlock(sh);
	return on;
}

const char *ssdq_model_regime_name(unsigned int regime)
{
	static const char *const names[2][10] = {
		{ "none", "cache", "direct", "fold-hi", "fold-lo", "read-seq", "read-frag",
		  "read-rand", "random", "seq-gc" },
		{ "none+throttled", "cache+throttled", "direct+throttled", "fold-hi+throttled",
		  "fold-lo+throttled", "read-seq+throttled", "read-frag+throttled",
		  "read-rand+throttled", "random+throttled", "seq-gc+throttled" },
	};
	unsigned int r = regime & ~SSDQ_MODEL_R_THROTTLED;

	return names[!!(regime & SSDQ_MODEL_R_THROTTLED)][r <= SSDQ_MODEL_R_SEQ_GC ? r : 0];
}

/* The SLC cache gives up @bytes: what it held is folded into native NAND, written again. */
static void fold_out(struct ssdq_model_shared *sh, double bytes)
{
	bytes = fmin(bytes, sh->cache_used);
	if (bytes > 0) {
		sh->cache_used -= bytes;
		sh->media_written += bytes;
	}
}

/*
 * Speed of a write of @len bytes, consuming cache or fold progress; a small
 * random one past the cache pays the garbage collection of the drive's fill,
 * and so does a write continuing a stream into LBAs small random writes
 * fragmented (@frag) where that costs anything (A above 1): the blocks it
 * frees hold their scattered pages too.
 */
static double write_speed(struct ssdq_model *m, double len, int random, int frag,
			  double *power, unsigned int *regime)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_model_shared *sh = m->sh;
	double fill = fmax(sh->held, 0) / (double)sh->nchunks, size = cache_size(m);

	/* as the drive fills, the dynamic cache's blocks go to data: what they
	 * held is folded, so the cache never holds more than its size */
	if (sh->cache_used > size)
		fold_out(sh, sh->cache_used - size);
	if (sh->cache_used + len <= size) {
		sh->cache_used += len;
		*power = p->p_write_cache;
		*regime = SSDQ_MODEL_R_CACHE;
		return p->w_cache_bps;
	}
	*power = p->p_write_direct;
	if (p->jump_every > 0) {
		sh->direct_since_jump += len;
		if (sh->direct_since_jump >= p->jump_every / m->scale) {
			sh->direct_since_jump = 0;
			fold_out(sh, p->jump_bytes / m->scale);
		}
	}
	if (random && sh->erased >= len) {
		/* erased blocks left: no garbage collection yet (fresh out of box) */
		sh->erased -= len;
		*regime = SSDQ_MODEL_R_DIRECT;
		return p->w_direct_bps;
	}
	if ((random || frag) && fill != m->wa_fill) {
		m->wa_fill = fill;
		m->wa = ssdq_model_wa(p, fill);
	}
	if (random || (frag && m->wa > 1.001)) {
		if (random)
			sh->erased = 0;
		*regime = random ? SSDQ_MODEL_R_RANDOM : SSDQ_MODEL_R_SEQ_GC;
		return p->w_direct_bps / m->wa;
	}
	if (p->fold_start > 0 && fill >= p->fold_start) {
		double period = p->fold_hi_bytes + p->fold_lo_bytes;
		double pos = fmod(sh->fold_pos, period / m->scale);

		sh->fold_pos += len;
		if (pos < p->fold_hi_bytes / m->scale) {
			*regime = SSDQ_MODEL_R_FOLD_HI;
			return p->w_fold_hi_bps;
		}
		*regime = SSDQ_MODEL_R_FOLD_LO;
		return p->w_fold_lo_bps;
	}
	*regime = SSDQ_MODEL_R_DIRECT;
	return p->w_direct_bps;
}

/*
 * When the drive fell idle, as the drive knows it: the end of the last
 * command it was given (what its power states count from); 0 while one is
 * still in its hands at @now. Not the host's count of completions seen: a
 * killed host's commands end all the same.
 */
static uint64_t idle_from(const struct ssdq_model_shared *sh, uint64_t now)
{
	return sh->busy_until_ns <= now ? sh->busy_until_ns : 0;
}

/* Part of @backlog drawn from @from to @now, spread evenly up to @horizon. */
static double draw(double *backlog, uint64_t from, uint64_t horizon, uint64_t now)
{
	double d = *backlog;

	if (d <= 0)
		return 0;
	if (horizon > now)
		d *= (double)(now - from) / (double)(horizon - from);
	*backlog -= d;
	return d;
}

/*
 * Draw the booked energy up to @now: the media's over the media timeline,
 * the controller's over the commands' latency, never more than PS0 allows
 * (what exceeds it waits: it cannot happen while the activity powers fit
 * PS0, see docs/model.md).
 */
static void settle(struct ssdq_model *m, uint64_t now)
{
	struct ssdq_model_shared *sh = m->sh;
	double d, cap;

	if (now <= sh->settle_ns)
		return;
	if (!sh->settle_ns) {
		sh->settle_ns = now;
		if (!sh->busy_until_ns)
			sh->busy_until_ns = now;	/* a new drive is idle */
		ssdq_model_ps_book(m, idle_from(sh, now), now, &sh->energy_j);
		return;
	}
	d = draw(&sh->backlog_media_j, sh->settle_ns, sh->media_ns, now) +
	    draw(&sh->backlog_cmd_j, sh->settle_ns, sh->cmd_until_ns, now);
	cap = (ssdq_model_ps_max_w(m) - m->p->p_idle) * ((now - sh->settle_ns) / 1e9);
	if (m->p->ps0_w > 0 && d > cap) {
		sh->backlog_media_j += d - cap;
		d = cap;
	}
	sh->energy_j += d;
	sh->settle_ns = now;
	ssdq_model_ps_book(m, idle_from(sh, now), now, &sh->energy_j);
}

/* Whether a write at @off continues one of the recent write streams. */
static int write_stream(struct ssdq_model_shared *sh, uint64_t off, uint64_t len)
{
	for (int i = 0; i < NSTREAMS; i++) {
		if (sh->write_end[i] == off) {
			sh->write_end[i] = off + len;
			return 1;
		}
	}
	sh->write_end[sh->write_next++ % NSTREAMS] = off + len;
	return 0;
}

static void advance_thermal(struct ssdq_model *m, uint64_t now_ns)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_model_shared *sh = m->sh;
	double dt, watts, target;

	if (!sh->thermal_ns) {
		sh->thermal_ns = now_ns;
		sh->energy_seen_thermal = sh->energy_j;
		return;
	}
	if (now_ns <= sh->thermal_ns)
		return;
	dt = (now_ns - sh->thermal_ns) / 1e9;
	watts = p->p_idle + (sh->energy_j - sh->energy_seen_thermal) / dt;
	/* a drive scaled down N times fills N times faster: so does it heat */
	target = (sh->ambient_c ? sh->ambient_c : p->t_ambient) + watts * p->t_rth;
	sh->temp_c += (target - sh->temp_c) * (1.0 - exp(-dt * m->scale / p->t_tau_s));
	if (sh->throttling)
		sh->tmt1_ns += now_ns - sh->thermal_ns;
	sh->thermal_ns = now_ns;
	sh->energy_seen_thermal = sh->energy_j;
	if (!sh->throttling && p->t_throttle > 0 && sh->temp_c >= p->t_throttle) {
		sh->throttling = 1;
		sh->tmt1_count++;
	} else if (sh->throttling && sh->temp_c < p->t_throttle - 2.0) {
		sh->throttling = 0;
	}
}

/*
 * Is the mapping of the LBAs at @offset cached? A miss loads it (and evicts
 * the page in its slot: direct-mapped). A scaled model caches 1/scale of the
 * pages: a span of the same share of the drive has the same hit rate, and
 * the pages a test must load first are as few against its I/Os as on the
 * full drive.
 */
static int map_hit(struct ssdq_model *m, uint64_t offset)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_model_shared *sh = m->sh;
	uint32_t slots = (uint32_t)fmin(MAP_SLOTS, fmax(1, p->map_cover / m->scale / MAP_PAGE));
	uint64_t page = (uint64_t)((double)offset / MAP_PAGE);
	uint32_t *tag = &sh->map_tag[page % slots];

	if (*tag == (uint32_t)(page + 1))
		return 1;
	*tag = (uint32_t)(page + 1);
	sh->map_misses++;
	return 0;
}

uint64_t ssdq_model_map_misses(const struct ssdq_model *m)
{
	return m->sh->map_misses;
}

uint64_t ssdq_model_io(struct ssdq_model *m, uint64_t now_ns, enum ssdq_model_op op,
		       uint64_t offset, uint64_t len)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_model_shared *sh = m->sh;
	double speed = p->r_rand_bps, power = p->p_read, lat_us, media_s, done;
	int write = op == SSDQ_MODEL_WRITE;
	uint64_t start, done_ns, grace = (uint64_t)(SSDQ_MODEL_GRACE_S * 1e9 / m->scale);
	double busy, perf;
	int seq;

	lat_us = ssdq_model_lat_quantile(p, write, uniform(m));
	lock(sh);
	/* background work frees cache only once the drive has been idle a while */
	if (!sh->inflight && sh->idle_since_ns && now_ns > sh->idle_since_ns + grace) {
		fold_out(sh, p->recover_bps * (now_ns - sh->idle_since_ns - grace) / 1e9);
	}
	settle(m, now_ns);
	if (sh->settle_ns > sh->thermal_ns + 50000000ULL)
		advance_thermal(m, sh->settle_ns);
	/* a drive in a non-operational power state wakes first */
	lat_us += ssdq_model_ps_wake(m, idle_from(sh, now_ns), now_ns);

	switch (op) {
	case SSDQ_MODEL_READ:
		seq = offset == sh->last_read_end;
		sh->last_read_end = offset + len;
		m->regime = SSDQ_MODEL_R_READ_RAND;
		/* a sequential read's mapping page was loaded by the read before */
		if (p->map_cover > 0 && !seq && !map_hit(m, offset))
			lat_us += p->map_miss_us;
		if (seq || len >= 65536) {
			int frag = span_fragmented(sh, offset, len);

			speed = frag ? p->r_frag_bps : p->r_seq_bps;
			m->regime = frag ? SSDQ_MODEL_R_READ_FRAG : SSDQ_MODEL_R_READ_SEQ;
		}
		sh->bytes_read += len;
		sh->host_reads++;
		break;
	case SSDQ_MODEL_WRITE: {
		unsigned int r;
		int random;

		seq = write_stream(sh, offset, len);
		random = !seq && len < (1ULL << CHUNK_SHIFT);
		speed = write_speed(m, (double)len, random, seq && span_fragmented(sh, offset, len),
				    &power, &m->regime);
		mark_written(m, offset, len, seq);
		if (sh->write_cache_off)
			lat_us += p->w_nocache_us;
		/* a stream overwrites whole blocks, which come back free: it takes
		 * erased NAND only for LBAs that held no data */
		if (seq)
			sh->erased = fmax(0, fmin(sh->erased, nand_bytes(p, m->capacity) -
						  sh->held * (double)(1ULL << CHUNK_SHIFT)));
		sh->bytes_written += len;
		r = m->regime & ~SSDQ_MODEL_R_THROTTLED;
		sh->media_written += r == SSDQ_MODEL_R_RANDOM || r == SSDQ_MODEL_R_SEQ_GC ?
				     (double)len * m->wa : (double)len;
		sh->host_writes++;
		break;
	}
	case SSDQ_MODEL_TRIM:
		deallocate(sh, offset, len);
		len = 0;
		lat_us = p->w_lat_us[0];
		break;
	case SSDQ_MODEL_FLUSH:
		len = 0;
		lat_us = p->w_lat_us[0];
		break;
	}
	/* a throttled drive slows its media and draws that much less above
	 * idle (the same energy per byte), so it cools */
	if (sh->throttling) {
		speed *= p->throttle_factor;
		power = p->p_idle + (power - p->p_idle) * p->throttle_factor;
		if (op == SSDQ_MODEL_READ || write)
			m->regime |= SSDQ_MODEL_R_THROTTLED;
	}
	/* an operational power state below PS0: as much slower, as much less power */
	perf = ssdq_model_ps_perf(m);
	speed *= perf;
	power = p->p_idle + (power - p->p_idle) * perf;

	media_s = len / speed;
	start = sh->media_ns > now_ns ? sh->media_ns : now_ns;
	sh->media_ns = start + (uint64_t)(media_s * 1e9);
	done = (double)now_ns + (lat_us + len / p->link_bps * 1e6) * 1e3;
	done_ns = done > (double)sh->media_ns ? (uint64_t)done : sh->media_ns;

	/* the media's energy over its timeline; the controller's over the time
	 * any command waits out its latency, so neither grows with the queue */
	sh->backlog_media_j += (power - p->p_idle) * media_s;
	start = sh->cmd_until_ns > now_ns ? sh->cmd_until_ns : now_ns;
	busy = (double)now_ns + lat_us * 1e3 - (double)start;
	if (busy > 0) {
		sh->backlog_cmd_j += SSDQ_MODEL_CTRL_SHARE * (power - p->p_idle) * busy / 1e9;
		sh->cmd_until_ns = now_ns + (uint64_t)(lat_us * 1e3);
	}
	start = sh->busy_until_ns > now_ns ? sh->busy_until_ns : now_ns;
	if (done_ns > start)
		sh->busy_ns += done_ns - start;
	if (done_ns > sh->busy_until_ns)
		sh->busy_until_ns = done_ns;
	sh->inflight++;
	sh->idle_since_ns = 0;
	unlock(sh);
	return done_ns;
}

double ssdq_model_host_idle(struct ssdq_model *m, uint64_t from_ns, uint64_t to_ns)
{
	const struct ssdq_model_preset *p = m->p;
	struct ssdq_model_shared *sh = m->sh;
	uint64_t grace = (uint64_t)(SSDQ_MODEL_GRACE_S * 1e9 / m->scale), start;
	double room, secs, made = 0;

	lock(sh);
	start = sh->idle_since_ns + grace;
	start = start > from_ns ? start : from_ns;
	start = start > sh->gc_until_ns ? start : sh->gc_until_ns;
	if (!sh->inflight && sh->idle_since_ns && to_ns > start) {
		/* the cache is folded first (ssdq_model_io() does that at the next I/O) */
		double fill = sh->held / (double)sh->nchunks;

		secs = (to_ns - start) / 1e9;
		if (sh->cache_used > 0 && p->recover_bps > 0)
			secs -= sh->cache_used / p->recover_bps;
		room = nand_bytes(p, m->capacity) - sh->held * (double)(1ULL << CHUNK_SHIFT);
		if (secs > 0 && room > sh->erased) {
			made = fmin(room - sh->erased, secs * ssdq_model_gc_idle_bps(p, fill));
			sh->erased += made;
			/* the valid pages it copied: A - 1 bytes per byte erased */
			sh->media_written += made * (ssdq_model_wa(p, fill) - 1.0);
		}
		sh->gc_until_ns = to_ns;
	}
	unlock(sh);
	return made;
}

struct ssdq_model_ps_shared *ssdq_model_ps_shared(struct ssdq_model *m)
{
	return &m->sh->ps;
}

void ssdq_model_ps_lock(struct ssdq_model *m, uint64_t now_ns, uint64_t *idle)
{
	lock(m->sh);
	settle(m, now_ns);
	*idle = idle_from(m->sh, now_ns);
}

void ssdq_model_ps_unlock(struct ssdq_model *m)
{
	unlock(m->sh);
}

void ssdq_model_complete(struct ssdq_model *m, uint64_t now_ns)
{
	struct ssdq_model_shared *sh = m->sh;

	lock(sh);
	if (sh->inflight && !--sh->inflight)
		sh->idle_since_ns = now_ns;
	unlock(sh);
}

static void fill_smart(struct ssdq_model_shared *sh, struct ssdq_model_smart *smart)
{
	smart->data_units_read = (uint64_t)ceil(sh->bytes_read / NDU);
	smart->data_units_written = (uint64_t)ceil(sh->bytes_written / NDU);
	smart->media_bytes_written = (uint64_t)sh->media_written;
	smart->host_bytes_written = sh->bytes_written;
	smart->host_reads = sh->host_reads;
	smart->energy_j = sh->energy_j;
	smart->host_writes = sh->host_writes;
	smart->busy_ms = sh->busy_ns / 1000000;
	smart->temp_c = sh->temp_c;
	smart->tmt1_count = sh->tmt1_count;
	smart->tmt1_ms = sh->tmt1_ns / 1000000;
	smart->throttling = sh->throttling;
}

void ssdq_model_set_ambient(struct ssdq_model *m, double celsius)
{
	lock(m->sh);
	m->sh->ambient_c = celsius;
	unlock(m->sh);
}

double ssdq_model_active_energy(struct ssdq_model *m)
{
	double e;

	lock(m->sh);
	e = m->sh->energy_j + m->sh->backlog_media_j + m->sh->backlog_cmd_j;
	unlock(m->sh);
	return e;
}

double ssdq_model_drawn_energy(struct ssdq_model *m, uint64_t now_ns, uint64_t *at_ns)
{
	double e;

	lock(m->sh);
	settle(m, now_ns);
	e = m->sh->energy_j;
	*at_ns = m->sh->settle_ns > now_ns ? m->sh->settle_ns : now_ns;
	unlock(m->sh);
	return e;
}

void ssdq_model_peek(struct ssdq_model *m, uint64_t now_ns, struct ssdq_model_smart *smart)
{
	struct ssdq_model_shared *sh = m->sh;

	lock(sh);
	settle(m, now_ns);
	advance_thermal(m, sh->settle_ns);
	fill_smart(sh, smart);
	unlock(sh);
}

/*
 * The mean runs to where the account is settled, not to @now_ns: another
 * thread's I/O, stamped after @now_ns was read but locked in first, may
 * have settled it further, and its energy over @now_ns's shorter interval
 * read as up to 30 x PS0 (713 W on tlc-enterprise-4tb at T4Q32).
 */
double ssdq_model_power(struct ssdq_model *m, uint64_t now_ns, uint64_t *end_ns,
			struct ssdq_model_smart *smart)
{
	struct ssdq_model_shared *sh = m->sh;
	double watts = m->p->p_idle;

	lock(sh);
	settle(m, now_ns);
	advance_thermal(m, sh->settle_ns);
	if (sh->power_ns && sh->settle_ns > sh->power_ns)
		watts += (sh->energy_j - sh->energy_seen_power) /
			 ((sh->settle_ns - sh->power_ns) / 1e9);
	if (sh->settle_ns > sh->power_ns) {
		sh->power_ns = sh->settle_ns;
		sh->energy_seen_power = sh->energy_j;
	}
	if (end_ns)
		*end_ns = sh->power_ns;
	if (smart)
		fill_smart(sh, smart);
	unlock(sh);
	return watts;
}
