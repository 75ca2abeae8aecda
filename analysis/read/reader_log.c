// SPDX-License-Identifier: GPL-2.0-only
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reader_log.h"

#define LOG_BUF_SIZE	(1u << 20)

/* 2^53: larger integers lose precision as a double */
#define LOG_MAX_EXACT	9007199254740992.0

static const char *const field_name[] = {
	"time", "value", "ddir", "bs", "offset or prio", "prio"
};

static int log_error(struct rpt_log_reader *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int log_error(struct rpt_log_reader *r, int err, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(r->err, sizeof(r->err), "%s:%lu: ", r->name, r->line);
	if (n < 0 || (size_t)n >= sizeof(r->err))
		return err;
	va_start(ap, fmt);
	vsnprintf(r->err + n, sizeof(r->err) - n, fmt, ap);
	va_end(ap);
	return err;
}

int rpt_log_open(struct rpt_log_reader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->name = path;
	r->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (r->fd < 0)
		return log_error(r, -errno, "cannot open: %s", strerror(errno));
	r->buf = malloc(LOG_BUF_SIZE);
	if (!r->buf) {
		close(r->fd);
		r->fd = -1;
		return log_error(r, -ENOMEM, "out of memory");
	}
	r->cap = LOG_BUF_SIZE;
	posix_fadvise(r->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	return 0;
}

void rpt_log_open_mem(struct rpt_log_reader *r, const char *name,
		      const char *data, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->fd = -1;
	r->buf = (char *)data;
	r->cap = r->end = len;
	r->eof = true;
}

void rpt_log_close(struct rpt_log_reader *r)
{
	if (!r || r->fd < 0)
		return;
	close(r->fd);
	free(r->buf);
	r->fd = -1;
	r->buf = NULL;
}

/* Move the unread tail to the front and fill the rest of the buffer. */
static int log_fill(struct rpt_log_reader *r)
{
	ssize_t got;

	if (r->pos) {
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->pos = 0;
	}
	while (r->end < r->cap) {
		got = read(r->fd, r->buf + r->end, r->cap - r->end);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			return log_error(r, -errno, "read: %s", strerror(errno));
		}
		if (!got) {
			r->eof = true;
			break;
		}
		r->end += got;
	}
	return 0;
}

/*
 * The parsers come in two builds of one source: bounded (every read checks
 * the end @e) for a last line with no newline, and unbounded for a line that
 * ends in '\n' (or "\r\n"): *e is then that '\n' or '\r', which stops every
 * scan below on its own (not a blank, digit, '.', ',', '-' or hex digit), so
 * the end checks can go. That is the hot path: one check a character less
 * and no overflow check on the first 15 digits.
 */
#define ALWAYS_INLINE	inline __attribute__((always_inline))
#define IN(p)		(!bounded || (p) < e)

static ALWAYS_INLINE const char *skip_blank_(const char *p, const char *e, bool bounded)
{
	while (IN(p) && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static const char *skip_blank(const char *p, const char *e)
{
	return skip_blank_(p, e, true);
}

/*
 * Parse an unsigned decimal number with an optional fraction, or 0x hex when
 * @hex_ok. Return the end of the number, or NULL when there is none or it is
 * too large to hold exactly.
 */
/*
 * The value of the first @k (1 to 8) bytes of @t, a little-endian word of
 * digits already turned to 0..9 (SWAR: pairs, then fours, then all eight).
 */
static ALWAYS_INLINE uint64_t swar8(uint64_t t, unsigned int k)
{
	t = k < 8 ? t << (8 * (8 - k)) : t;	/* leading zeros in front */
	t = (t * 10 + (t >> 8)) & 0x00FF00FF00FF00FFull;
	t = (t * 100 + (t >> 16)) & 0x0000FFFF0000FFFFull;
	return (t * 10000 + (t >> 32)) & 0xFFFFFFFFull;
}

/*
 * Up to 8 decimal digits at @p at once (SWAR); all 8 bytes must be readable.
 * Return how many lead (0 to 8) and their value in @val.
 */
static ALWAYS_INLINE unsigned int digits8(const char *p, uint64_t *val)
{
	const uint64_t hi = 0xF0F0F0F0F0F0F0F0ull;
	uint64_t x, t, bad;
	unsigned int k;

	memcpy(&x, p, 8);
	t = x ^ 0x3030303030303030ull;	/* a digit byte becomes 0..9 */
	/* a byte is no digit when its high nibble is set, or adding 6 sets it;
	 * carries only run from a byte that is no digit to the later ones */
	bad = (t | (t + 0x0606060606060606ull)) & hi;
	k = bad ? (unsigned int)__builtin_ctzll(bad) / 8 : 8;
	if (!k)
		return 0;
	*val = swar8(t, k);
	return k;
}

static ALWAYS_INLINE const char *parse_num(const char *p, const char *e, bool frac_ok,
					   bool hex_ok, double *out, bool bounded,
					   const char *lim)
{
	const char *s = p, *check = p + 15;	/* 15 digits stay below 2^53 */
	uint64_t v = 0;
	double d;

	if (hex_ok && e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		int digits = 0;

		for (p += 2; IN(p); p++, digits++) {
			unsigned int c = (unsigned char)*p, x;

			if (c >= '0' && c <= '9')
				x = c - '0';
			else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
				x = (c | 0x20) - 'a' + 10;
			else
				break;
			if (digits >= 13)
				return NULL;
			v = v << 4 | x;
		}
		if (!digits)
			return NULL;
		*out = (double)v;
		return p;
	}
	if (!bounded) {
		/* 8 digits at a time while 8 bytes are there: at most 16 digits */
		uint64_t d8;
		unsigned int k;

		if (p + 8 <= lim && (k = digits8(p, &d8)) != 0) {
			v = d8;
			p += k;
			if (k == 8 && p + 8 <= lim && (k = digits8(p, &d8)) != 0) {
				static const uint64_t pow10[] = {
					1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000
				};

				v = v * pow10[k] + d8;
				p += k;
			}
			if (k < 8)	/* a byte that is no digit ended the number */
				goto digits_done;
		}
	}
	while (IN(p) && (unsigned)(*p - '0') < 10) {
		if (p >= check && v > (uint64_t)LOG_MAX_EXACT / 10)
			return NULL;
		v = v * 10 + (unsigned)(*p - '0');
		p++;
	}
digits_done:
	if (p == s || v > (uint64_t)LOG_MAX_EXACT)
		return NULL;
	d = (double)v;
	if (frac_ok && IN(p) && *p == '.') {
		double scale = 0.1;

		for (p++; IN(p) && (unsigned)(*p - '0') < 10; p++) {
			d += (*p - '0') * scale;
			scale *= 0.1;
		}
	}
	*out = d;
	return p;
}

static ALWAYS_INLINE int log_parse_(struct rpt_log_reader *r, const char *p, const char *e,
				    struct rpt_log_sample *s, bool bounded, const char *lim)
{
	double f[6];
	unsigned int n = 0;
	bool neg = false;

	for (;;) {
		const char *q;

		p = skip_blank_(p, e, bounded);
		if (n == 6)
			return log_error(r, -EINVAL,
					 "expected at most 6 fields (time, value, ddir, bs, offset, prio)");
		neg = n == 1 && IN(p) && *p == '-';
		if (neg)
			p++;
		q = parse_num(p, e, n <= 1, n >= 4, &f[n], bounded, lim);
		if (!q) {
			int len = (int)(e - p) < 20 ? (int)(e - p) : 20;

			if (p < e && (unsigned)(*p - '0') < 10)
				return log_error(r, -EINVAL,
						 "field %u (%s): number out of range",
						 n + 1, field_name[n]);
			return log_error(r, -EINVAL,
					 "field %u (%s): expected a number, got \"%.*s\"",
					 n + 1, field_name[n], len, p);
		}
		if (neg)
			f[n] = -f[n];
		n++;
		p = skip_blank_(q, e, bounded);
		if (p == e)
			break;
		if (*p != ',')
			return log_error(r, -EINVAL,
					 "field %u (%s): expected ',' or the end of the line, got '%c'",
					 n, field_name[n - 1], *p);
		p++;
	}
	if (n < 4)
		return log_error(r, -EINVAL,
				 "expected at least 4 fields (time, value, ddir, bs), got %u", n);
	if (f[2] > 2)
		return log_error(r, -EINVAL, "field 3 (ddir): expected 0, 1 or 2, got %.0f",
				 f[2]);
	s->t_ms = f[0];
	s->value = f[1];
	s->ddir = (unsigned int)f[2];
	s->bs = (uint64_t)f[3];
	s->nfields = n;
	return 1;
}

/*
 * A line ending in '\n' or "\r\n": *e is that '\n' or '\r'; @lim: the end of
 * the data read, for reading 8 bytes at a time.
 */
static int log_parse_line(struct rpt_log_reader *r, const char *p, const char *e,
			  struct rpt_log_sample *s, const char *lim)
{
	return log_parse_(r, p, e, s, false, lim);
}

/* A last line with no newline. */
static int log_parse_last(struct rpt_log_reader *r, const char *p, const char *e,
			  struct rpt_log_sample *s)
{
	return log_parse_(r, p, e, s, true, e);
}

/*
 * The shape fio itself writes, "T, V, D, B[, O][, P]\n" (", " between
 * integers of up to 15 digits, P possibly 0x hex, the line within 64 bytes),
 * read without looking for the line's end first: a bitmask of the bytes that
 * are no digit gives every field's end at once, and the fields' digits are
 * then converted independently of each other.
 */
#define LOG_FAST_MIN	128	/* bytes readable at the line: 64 + 15 + 8 */

#if defined(__SSE2__)
#include <emmintrin.h>

/* Bit i set when byte i of the @blocks * 16 at @p is no decimal digit. */
static ALWAYS_INLINE uint64_t nondigit_mask(const char *p, unsigned int blocks)
{
	const __m128i lo = _mm_set1_epi8('0' - 1), hi = _mm_set1_epi8('9' + 1);
	uint64_t m = 0;
	unsigned int i;

	for (i = 0; i < blocks; i++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * i));
		__m128i d = _mm_and_si128(_mm_cmpgt_epi8(x, lo), _mm_cmplt_epi8(x, hi));

		m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(d) << (16 * i);
	}
	return m;
}
#else
static ALWAYS_INLINE uint64_t nondigit_mask(const char *p, unsigned int blocks)
{
	uint64_t m = 0;
	unsigned int i;

	for (i = 0; i < 2 * blocks; i++) {
		uint64_t x, t, bad;

		memcpy(&x, p + 8 * i, 8);
		t = x ^ 0x3030303030303030ull;
		bad = ((t | (t + 0x0606060606060606ull)) & 0xF0F0F0F0F0F0F0F0ull) >> 4;
		bad = ((bad + 0x0F0F0F0F0F0F0F0Full) & 0x1010101010101010ull) >> 4;
		m |= (bad * 0x0102040810204080ull >> 56) << (8 * i);
	}
	return m;
}
#endif

/* The value of the @k (1 to 8) decimal digits at @p; 8 bytes readable. */
static ALWAYS_INLINE uint64_t digits_value(const char *p, unsigned int k)
{
	uint64_t t;

	memcpy(&t, p, 8);
	return swar8(t ^ 0x3030303030303030ull, k);
}

/* The value of the decimal digits at [@at, @end), 1 to 15 of them. */
static ALWAYS_INLINE uint64_t field_value(const char *p, unsigned int at, unsigned int end)
{
	unsigned int len = end - at;

	if (len == 1)
		return (unsigned int)(p[at] - '0');
	if (len <= 8)
		return digits_value(p + at, len);
	return digits_value(p + at, len - 8) * 100000000 + digits_value(p + end - 8, 8);
}

/*
 * The end of the field of 1 to 15 digits at @at (< 64) by the no-digit mask
 * @nd, or 0 when there is none there or it is longer.
 */
static ALWAYS_INLINE unsigned int field_end(uint64_t nd, unsigned int at)
{
	unsigned int len = (unsigned int)__builtin_ctzll(nd >> at);

	return len - 1 < 15 ? at + len : 0;
}

/*
 * Parse the line at @p if it ends within the first @width (32 or 64) bytes;
 * see log_parse_fast(). Bit @width - 1 of the mask is set whatever the byte,
 * so every scan stops there; a field that reaches it fails the checks that
 * follow it (a separator or the line's end).
 */
static ALWAYS_INLINE const char *parse_fast_(const char *p, struct rpt_log_sample *s,
					     unsigned int width)
{
	uint64_t nd = nondigit_mask(p, width / 16) | 1ull << (width - 1), ddir;
	unsigned int e0, e1, e2, e3, end, n = 4;

#define SEP(e)	((e) < width - 2 && p[e] == ',' && p[(e) + 1] == ' ')
	e0 = field_end(nd, 0);
	if (!e0 || !SEP(e0))
		return NULL;
	e1 = field_end(nd, e0 + 2);
	if (!e1 || !SEP(e1))
		return NULL;
	e2 = field_end(nd, e1 + 2);
	if (!e2 || !SEP(e2))
		return NULL;
	e3 = field_end(nd, e2 + 2);
	if (!e3)
		return NULL;
	/* offset and prio are not kept: check their shape only */
	for (end = e3; n < 6 && SEP(end); n++) {
		unsigned int at = end + 2;

		if (p[at] == '0' && (p[at + 1] | 0x20) == 'x') {
			unsigned int k = 0;

			for (end = at + 2; k < 9 && isxdigit((unsigned char)p[end]); k++)
				end++;
			if (!k || k > 8 || end >= width)
				return NULL;
		} else if (!(end = field_end(nd, at))) {
			return NULL;
		}
	}
#undef SEP
	if (p[end] == '\r' && end < width - 1)
		end++;
	if (p[end] != '\n' || end >= width)
		return NULL;
	ddir = field_value(p, e1 + 2, e2);
	if (ddir > 2)
		return NULL;
	s->t_ms = (double)field_value(p, 0, e0);
	s->value = (double)field_value(p, e0 + 2, e1);
	s->ddir = (unsigned int)ddir;
	s->bs = field_value(p, e2 + 2, e3);
	s->nfields = n;
	return p + end + 1;
}

/*
 * Return the byte after the line's '\n', or NULL to leave the line to the
 * general parser: any other shape, every error included. LOG_FAST_MIN bytes
 * must be readable at @p.
 */
static const char *log_parse_fast(const char *p, struct rpt_log_sample *s)
{
	const char *q = parse_fast_(p, s, 32);

	return q ? q : parse_fast_(p, s, 64);
}

static int next_sample(struct rpt_log_reader *r, struct rpt_log_sample *s)
{
	for (;;) {
		const char *p = r->buf + r->pos, *e = r->buf + r->end, *nl;
		const char *le;
		size_t used;
		int ret;

		if ((size_t)(e - p) >= LOG_FAST_MIN) {
			const char *q = log_parse_fast(p, s);

			if (q) {
				used = (size_t)(q - p);
				r->pos += used;
				r->bytes += used;
				r->line++;
				return 1;
			}
		}
		nl = memchr(p, '\n', e - p);
		if (!nl && !r->eof) {
			if (r->pos == 0 && r->end == r->cap) {
				r->line++;
				return log_error(r, -E2BIG, "line longer than %zu bytes",
						 r->cap);
			}
			ret = log_fill(r);
			if (ret)
				return ret;
			continue;
		}
		if (!nl && p == e)
			return 0;
		le = nl ? nl : e;
		used = (size_t)(le - p) + (nl ? 1 : 0);
		r->line++;
		if (le > p && le[-1] == '\r')
			le--;
		if (skip_blank(p, le) == le) {
			r->pos += used;
			r->bytes += used;
			continue;
		}
		ret = nl ? log_parse_line(r, p, le, s, e) : log_parse_last(r, p, le, s);
		if (ret < 0)
			return ret;
		r->pos += used;
		r->bytes += used;
		return 1;
	}
}

int rpt_log_next(struct rpt_log_reader *r, struct rpt_log_sample *s)
{
	int ret = next_sample(r, s);

	if (ret == 1 && r->tap && s->ddir < 3)
		rpt_env_add(&r->tap[s->ddir], s->t_ms, r->tap_bytes ? (double)s->bs : s->value);
	return ret;
}

#define PROGRESS_GAPS	9	/* the first lines' gaps an interval is the median of */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double rpt_progress_interval(const char *path, double dflt)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double t[PROGRESS_GAPS + 1], gap[PROGRESS_GAPS];
	int n = 0, k = 0, i;

	if (rpt_log_open(&r, path))
		return dflt;
	while (n < PROGRESS_GAPS + 1 && rpt_log_next(&r, &s) == 1)
		t[n++] = s.t_ms;
	rpt_log_close(&r);
	for (i = 1; i < n; i++)
		if (t[i] > t[i - 1])
			gap[k++] = t[i] - t[i - 1];
	if (!k)
		return dflt;
	qsort(gap, (size_t)k, sizeof(gap[0]), cmp_double);
	return k % 2 ? gap[k / 2] : (gap[k / 2 - 1] + gap[k / 2]) / 2;
}
