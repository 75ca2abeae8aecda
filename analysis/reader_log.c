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

static const char *skip_blank(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/*
 * Parse an unsigned decimal number with an optional fraction, or 0x hex when
 * @hex_ok. Return the end of the number, or NULL when there is none or it is
 * too large to hold exactly.
 */
static const char *parse_num(const char *p, const char *e, bool frac_ok,
			     bool hex_ok, double *out)
{
	const char *s = p;
	uint64_t v = 0;
	double d;

	if (hex_ok && e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		int digits = 0;

		for (p += 2; p < e; p++, digits++) {
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
	while (p < e && (unsigned)(*p - '0') < 10) {
		if (v > (uint64_t)LOG_MAX_EXACT / 10)
			return NULL;
		v = v * 10 + (unsigned)(*p - '0');
		p++;
	}
	if (p == s || v > (uint64_t)LOG_MAX_EXACT)
		return NULL;
	d = (double)v;
	if (frac_ok && p < e && *p == '.') {
		double scale = 0.1;

		for (p++; p < e && (unsigned)(*p - '0') < 10; p++) {
			d += (*p - '0') * scale;
			scale *= 0.1;
		}
	}
	*out = d;
	return p;
}

static int log_parse(struct rpt_log_reader *r, const char *p, const char *e,
		     struct rpt_log_sample *s)
{
	double f[6];
	unsigned int n = 0;
	bool neg = false;

	for (;;) {
		const char *q;

		p = skip_blank(p, e);
		if (n == 6)
			return log_error(r, -EINVAL,
					 "expected at most 6 fields (time, value, ddir, bs, offset, prio)");
		neg = n == 1 && p < e && *p == '-';
		if (neg)
			p++;
		q = parse_num(p, e, n <= 1, n >= 4, &f[n]);
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
		p = skip_blank(q, e);
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
		ret = log_parse(r, p, le, s);
		if (ret < 0)
			return ret;
		r->pos += used;
		r->bytes += used;
		return 1;
	}
}
