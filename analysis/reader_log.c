// SPDX-License-Identifier: GPL-2.0-only
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
	t = k < 8 ? t << (8 * (8 - k)) : t;	/* leading zeros in front */
	t = (t * 10 + (t >> 8)) & 0x00FF00FF00FF00FFull;
	t = (t * 100 + (t >> 16)) & 0x0000FFFF0000FFFFull;
	*val = (t * 10000 + (t >> 32)) & 0xFFFFFFFFull;
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

int rpt_log_next(struct rpt_log_reader *r, struct rpt_log_sample *s)
{
	for (;;) {
		const char *p = r->buf + r->pos, *e = r->buf + r->end, *nl;
		const char *le;
		size_t used;
		int ret;

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
