// SPDX-License-Identifier: GPL-2.0-only
/*
 * qis: a Quarch power module through Quarch Instrument Server (QIS), its
 * text protocol on TCP (default 127.0.0.1:9722).
 *
 *	qis:[host[:port[:module]]]
 *
 * The module is a QIS device id such as "USB:QTL1999-05-005" (it may hold
 * ':'); without one the first device "$list" names is used. Commands to a
 * module are prefixed with its id. Setup, as quarchpy's QisInterface does
 * it: "stream mode header v3", "stream mode power enable",
 * "record:averaging N" (from the sampler rate), "rec stream", then
 * "stream text header" until the header is available. While running, the
 * source sends "stream text all" at most every 50 ms without blocking and
 * collects the response across reads; after an "eof" block or a short one
 * it asks "stream?" and reports "Overrun"/"out of buffer" and "Stopped" as
 * failures. A failed source is restarted by its next read: reconnect when
 * the connection dropped, "rec stop" + "rec stream" after an overrun.
 * Stripe times are module time since "rec stream", placed on
 * CLOCK_REALTIME at the moment the stream started.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "qis.h"
#include "source.h"
#include "util.h"

#define QIS_POLL_US		50000
#define QIS_CMD_TIMEOUT_MS	3000
#define QIS_RESP_TIMEOUT_US	5000000

enum qis_state { QIS_DOWN, QIS_IDLE, QIS_WAIT_DATA, QIS_WAIT_STATUS, QIS_OVERRUN };

struct qis_priv {
	char host[256];
	char port[16];
	char module[128];
	unsigned int timeout_ms;
	double rate_hz;
	int fd;
	enum qis_state state;
	int64_t t0_us;		/* CLOCK_REALTIME when the stream started */
	int64_t sent_at;	/* mono time of the pending request */
	int64_t last_poll;
	struct qis_header h;
	char *rx;
	size_t rxlen, rxcap;
	struct ssdq_sample *q;	/* parsed samples not yet returned */
	size_t qhead, qlen, qcap;
};

/* --- pure parsing --------------------------------------------------------- */

static const char *xml_tag(const char *s, const char *end, const char *tag,
			   char *out, size_t outlen)
{
	char open[64], close[64];
	const char *a, *b;
	size_t n;

	snprintf(open, sizeof(open), "<%s>", tag);
	snprintf(close, sizeof(close), "</%s>", tag);
	a = strstr(s, open);
	if (!a || (end && a >= end))
		return NULL;
	a += strlen(open);
	b = strstr(a, close);
	if (!b || (end && b > end))
		return NULL;
	n = (size_t)(b - a);
	if (n >= outlen)
		n = outlen - 1;
	memcpy(out, a, n);
	out[n] = '\0';
	ssdq_trim(out);
	return b + strlen(close);
}

/* Scale of a unit to its base (W, V or A): "mW" → 1e-3. 0 when unknown. */
static double unit_scale(const char *u, char base)
{
	size_t n = strlen(u);

	if (n == 0 || (u[n - 1] != base && u[n - 1] != (base | 0x20)))
		return 0;
	if (n == 1)
		return 1;
	if (n == 2) {
		switch (u[0]) {
		case 'm': return 1e-3;
		case 'u': return 1e-6;
		case 'n': return 1e-9;
		case 'k': return 1e3;
		}
	}
	return 0;
}

static int64_t period_ns(const char *s, int64_t *unit_ns)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || v <= 0)
		return 0;
	while (*end == ' ')
		end++;
	if (!strcasecmp(end, "ns"))
		*unit_ns = 1;
	else if (!strcasecmp(end, "us") || !*end)
		*unit_ns = 1000;
	else if (!strcasecmp(end, "ms"))
		*unit_ns = 1000000;
	else if (!strcasecmp(end, "s"))
		*unit_ns = 1000000000;
	else
		return 0;
	return (int64_t)llround(v * (double)*unit_ns);
}

int qis_parse_header(const char *xml, struct qis_header *h)
{
	char name[QIS_MAX_CHAN][32], group[32], units[16], buf[64];
	double vs[QIS_MAX_CHAN] = { 0 }, cs[QIS_MAX_CHAN] = { 0 };
	int isv[QIS_MAX_CHAN] = { 0 }, isc[QIS_MAX_CHAN] = { 0 };
	const char *p, *end;
	int total[QIS_MAX_CHAN], ntotal = 0;
	double total_scale[QIS_MAX_CHAN];

	memset(h, 0, sizeof(*h));
	if (!strstr(xml, "<?xml") || !xml_tag(xml, NULL, "version", buf, sizeof(buf)) ||
	    !strstr(buf, "V3"))
		return -EPROTO;
	if (!xml_tag(xml, NULL, "mainPeriod", buf, sizeof(buf)) &&
	    !xml_tag(xml, NULL, "devicePeriod", buf, sizeof(buf)))
		return -EPROTO;
	h->period_ns = period_ns(buf, &h->time_unit_ns);
	if (!h->period_ns)
		return -EPROTO;
	/* The time column counts in µs unless the period is in ns. */
	h->time_unit_ns = h->time_unit_ns == 1 ? 1 : 1000;

	for (p = strstr(xml, "<channel>"); p && h->nchan < QIS_MAX_CHAN;
	     p = strstr(end, "<channel>")) {
		int i = h->nchan;

		end = strstr(p, "</channel>");
		if (!end)
			return -EPROTO;
		if (!xml_tag(p, end, "name", name[i], sizeof(name[i])) ||
		    !xml_tag(p, end, "group", group, sizeof(group)) ||
		    !xml_tag(p, end, "units", units, sizeof(units)))
			continue;	/* not a named channel */
		h->nchan++;
		if (!strcasecmp(group, "power") && unit_scale(units, 'W') > 0) {
			if (!strncasecmp(name[i], "tot", 3)) {
				total[ntotal] = i;
				total_scale[ntotal++] = unit_scale(units, 'W');
			} else {
				h->power[h->npower] = i;
				h->power_scale[h->npower++] = unit_scale(units, 'W');
			}
		} else if (!strcasecmp(group, "voltage") && unit_scale(units, 'V') > 0) {
			isv[i] = 1;
			vs[i] = unit_scale(units, 'V');
		} else if (!strcasecmp(group, "current") && unit_scale(units, 'A') > 0) {
			isc[i] = 1;
			cs[i] = unit_scale(units, 'A');
		}
	}
	if (h->npower) {
		for (int k = 0; k < h->npower; k++) {
			size_t l = strlen(h->rail);

			snprintf(h->rail + l, sizeof(h->rail) - l, "%s%s", k ? "+" : "",
				 name[h->power[k]]);
		}
		return 0;
	}
	for (int i = 0; i < h->nchan; i++) {
		for (int j = 0; isv[i] && j < h->nchan; j++) {
			if (isc[j] && !strcmp(name[i], name[j])) {
				size_t l = strlen(h->rail);

				h->volt[h->npair] = i;
				h->volt_scale[h->npair] = vs[i];
				h->curr[h->npair] = j;
				h->curr_scale[h->npair++] = cs[j];
				snprintf(h->rail + l, sizeof(h->rail) - l, "%s%s",
					 h->npair > 1 ? "+" : "", name[i]);
				break;
			}
		}
	}
	if (h->npair)
		return 0;
	if (ntotal) {
		h->power[0] = total[0];
		h->power_scale[0] = total_scale[0];
		h->npower = 1;
		snprintf(h->rail, sizeof(h->rail), "%s", name[total[0]]);
		return 0;
	}
	return -ENOENT;
}

int qis_parse_stripe(const struct qis_header *h, const char *line, int64_t *t_ns,
		     double *watts)
{
	double col[QIS_MAX_CHAN + 1];
	int have[QIS_MAX_CHAN + 1] = { 0 };
	const char *p = line;
	int ncol = 0;
	double sum = 0;

	while (*p == ' ')
		p++;
	if (!*p || !strncmp(p, "eof", 3))
		return -ENODATA;
	while (ncol <= h->nchan) {
		char *end;

		if (*p == ' ' || *p == ',' || !*p) {
			/* an empty field */
		} else {
			col[ncol] = strtod(p, &end);
			if (end == p)
				return -EINVAL;
			have[ncol] = 1;
			p = end;
		}
		ncol++;
		if (!*p)
			break;
		if (*p != ' ' && *p != ',' && *p != '\t')
			return -EINVAL;
		p++;
	}
	if (!have[0])
		return -EINVAL;
	*t_ns = (int64_t)llround(col[0] * (double)h->time_unit_ns);
	for (int k = 0; k < h->npower; k++) {
		if (!have[h->power[k] + 1])
			return -EINVAL;
		sum += col[h->power[k] + 1] * h->power_scale[k];
	}
	for (int k = 0; k < h->npair; k++) {
		if (!have[h->volt[k] + 1] || !have[h->curr[k] + 1])
			return -EINVAL;
		sum += col[h->volt[k] + 1] * h->volt_scale[k] *
		       col[h->curr[k] + 1] * h->curr_scale[k];
	}
	*watts = sum;
	return 0;
}

int qis_response_complete(const char *buf, size_t len)
{
	const char *x, *close;

	while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\r' || buf[len - 1] == '\n'))
		len--;
	if (!len || buf[len - 1] != '>')
		return 0;
	x = memmem(buf, len, "<?xml", 5);
	if (!x)
		return 1;
	close = memmem(x, len - (size_t)(x - buf), "</header>", 9);
	if (!close)
		return 0;
	return memchr(close + 9, '>', len - (size_t)(close + 9 - buf)) != NULL;
}

/* --- the connection ------------------------------------------------------- */

static int rx_reserve(struct qis_priv *p, size_t more)
{
	if (p->rxlen + more + 1 > p->rxcap) {
		size_t cap = p->rxcap ? p->rxcap : 65536;
		char *n;

		while (cap < p->rxlen + more + 1)
			cap *= 2;
		n = realloc(p->rx, cap);
		if (!n)
			return -ENOMEM;
		p->rx = n;
		p->rxcap = cap;
	}
	return 0;
}

/* Read what the socket holds. Returns bytes read, or -errno (-ECONNRESET at EOF). */
static int rx_some(struct qis_priv *p)
{
	int total = 0;

	for (;;) {
		ssize_t n;

		if (rx_reserve(p, 65536))
			return -ENOMEM;
		n = recv(p->fd, p->rx + p->rxlen, p->rxcap - p->rxlen - 1, MSG_DONTWAIT);
		if (n > 0) {
			p->rxlen += (size_t)n;
			p->rx[p->rxlen] = '\0';
			total += (int)n;
			continue;
		}
		if (n == 0)
			return -ECONNRESET;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return total;
		return -errno;
	}
}

static int send_line(struct qis_priv *p, const char *cmd)
{
	char line[512];
	size_t len, off = 0;

	if (p->module[0] && cmd[0] != '$')
		len = (size_t)snprintf(line, sizeof(line), "%s %s\r\n", p->module, cmd);
	else
		len = (size_t)snprintf(line, sizeof(line), "%s\r\n", cmd);
	if (len >= sizeof(line))
		return -E2BIG;
	while (off < len) {
		ssize_t n = send(p->fd, line + off, len - off, MSG_NOSIGNAL);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN) {
				struct pollfd pf = { .fd = p->fd, .events = POLLOUT };

				if (poll(&pf, 1, QIS_CMD_TIMEOUT_MS) <= 0)
					return -ETIMEDOUT;
				continue;
			}
			return -errno;
		}
		off += (size_t)n;
	}
	return 0;
}

/* Wait for a complete response; it is left in p->rx. */
static int wait_response(struct qis_priv *p, unsigned int timeout_ms)
{
	int64_t deadline = ssdq_mono_us() + (int64_t)timeout_ms * 1000;

	for (;;) {
		struct pollfd pf = { .fd = p->fd, .events = POLLIN };
		int64_t left;
		int ret = rx_some(p);

		if (ret < 0)
			return ret;
		if (qis_response_complete(p->rx ? p->rx : "", p->rxlen))
			return 0;
		left = deadline - ssdq_mono_us();
		if (left <= 0)
			return -ETIMEDOUT;
		poll(&pf, 1, (int)((left + 999) / 1000));
	}
}

/* Strip the prompt and blanks at the end of a complete response. */
static char *response_text(struct qis_priv *p)
{
	size_t n = p->rxlen;

	while (n && (p->rx[n - 1] == '\r' || p->rx[n - 1] == '\n' || p->rx[n - 1] == ' '))
		n--;
	if (n && p->rx[n - 1] == '>')
		n--;
	p->rx[n] = '\0';
	return ssdq_trim(p->rx);
}

/* Send @cmd and wait for its response, copied to @resp. Returns 0 or -errno. */
static int qis_cmd(struct qis_priv *p, const char *cmd, char *resp, size_t resplen)
{
	int ret;

	p->rxlen = 0;
	ret = send_line(p, cmd);
	if (!ret)
		ret = wait_response(p, p->timeout_ms);
	if (ret)
		return ret;
	if (resp)
		snprintf(resp, resplen, "%s", response_text(p));
	p->rxlen = 0;
	return 0;
}

static void drop(struct qis_priv *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	p->state = QIS_DOWN;
	p->rxlen = 0;
}

static int tcp_connect(struct qis_priv *p, char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
	struct addrinfo *ai, *a;
	int ret, fd = -1;

	ret = getaddrinfo(p->host, p->port, &hints, &ai);
	if (ret) {
		snprintf(err, errlen, "cannot resolve %s: %s", p->host, gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	ret = -ECONNREFUSED;
	for (a = ai; a; a = a->ai_next) {
		struct pollfd pf;
		int soerr = 0;
		socklen_t sl = sizeof(soerr);

		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
		if (fd < 0) {
			ret = -errno;
			continue;
		}
		if (connect(fd, a->ai_addr, a->ai_addrlen) && errno != EINPROGRESS) {
			ret = -errno;
			close(fd);
			fd = -1;
			continue;
		}
		pf.fd = fd;
		pf.events = POLLOUT;
		if (poll(&pf, 1, (int)p->timeout_ms) <= 0) {
			ret = -ETIMEDOUT;
		} else {
			getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl);
			if (!soerr)
				break;
			ret = -soerr;
		}
		close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	if (fd < 0) {
		snprintf(err, errlen, "cannot connect to QIS at %s:%s: %s (is QIS running?)",
			 p->host, p->port, strerror(-ret));
		return ret;
	}
	p->fd = fd;
	return 0;
}

static void averaging_for(double rate_hz, char *buf, size_t len)
{
	/* PPM/PAM stripes come every 4 µs without averaging. */
	double period_us = rate_hz > 0 ? 1e6 / rate_hz : 1e5;
	int n = (int)floor(log2(period_us / 4.0));
	unsigned int v;

	if (n < 1) {
		snprintf(buf, len, "0");
		return;
	}
	if (n > 15)
		n = 15;
	v = 1u << n;
	if (v >= 1024)
		snprintf(buf, len, "%uk", v / 1024);
	else
		snprintf(buf, len, "%u", v);
}

/* Connect (when down), set the stream up and start it. */
static int start_stream(struct qis_priv *p, char *err, size_t errlen)
{
	char resp[16384], cmd[64], avg[16];
	int ret;

	if (p->fd < 0) {
		ret = tcp_connect(p, err, errlen);
		if (ret)
			return ret;
		/* the welcome text, when QIS sends one */
		p->rxlen = 0;
		{
			struct pollfd pf = { .fd = p->fd, .events = POLLIN };

			if (poll(&pf, 1, 300) > 0)
				rx_some(p);
		}
		p->rxlen = 0;
	}
	if (!p->module[0]) {
		char *line, *save = NULL;

		ret = qis_cmd(p, "$list", resp, sizeof(resp));
		if (ret)
			goto io;
		for (line = strtok_r(resp, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
			char *id = strchr(line, ')');

			id = ssdq_trim(id ? id + 1 : line);
			if (*id && strncasecmp(id, "no devices", 10) && strncasecmp(id, "rest", 4)) {
				snprintf(p->module, sizeof(p->module), "%s", id);
				break;
			}
		}
		if (!p->module[0]) {
			snprintf(err, errlen, "QIS at %s:%s lists no module (\"$list\")",
				 p->host, p->port);
			return -ENODEV;
		}
	}
	if ((ret = qis_cmd(p, "stream mode header v3", NULL, 0)) ||
	    (ret = qis_cmd(p, "stream mode power enable", NULL, 0)))
		goto io;
	averaging_for(p->rate_hz, avg, sizeof(avg));
	snprintf(cmd, sizeof(cmd), "record:averaging %s", avg);
	if ((ret = qis_cmd(p, cmd, NULL, 0)))
		goto io;
	{
		int64_t before = ssdq_realtime_us();

		ret = qis_cmd(p, "rec stream", resp, sizeof(resp));
		if (ret)
			goto io;
		p->t0_us = before + (ssdq_realtime_us() - before) / 2;
	}
	if (!strstr(resp, "OK")) {
		snprintf(err, errlen, "module %s did not start streaming: \"rec stream\" "
			 "answered \"%.100s\"", p->module, resp);
		return -EIO;
	}
	for (int tries = 0;; tries++) {
		ret = qis_cmd(p, "stream text header", resp, sizeof(resp));
		if (ret)
			goto io;
		if (!strstr(resp, "Header Not Available"))
			break;
		if (tries >= 10) {
			snprintf(err, errlen, "module %s: stream header not available", p->module);
			return -EIO;
		}
		usleep(100000);
	}
	ret = qis_parse_header(resp, &p->h);
	if (ret) {
		snprintf(err, errlen, "module %s: %s", p->module, ret == -ENOENT ?
			 "stream header has no power, voltage or current channels" :
			 "stream header is not a V3 XML header");
		return ret;
	}
	p->state = QIS_IDLE;
	p->last_poll = ssdq_mono_us();
	return 0;
io:
	snprintf(err, errlen, "QIS at %s:%s: %s", p->host, p->port,
		 ret == -ECONNRESET ? "connection closed" : strerror(-ret));
	return ret;
}

static int queue_push(struct qis_priv *p, int64_t t_us, double w)
{
	if (p->qhead && p->qhead == p->qlen)
		p->qhead = p->qlen = 0;
	if (p->qlen == p->qcap) {
		size_t cap = p->qcap ? p->qcap * 2 : 4096;
		struct ssdq_sample *n = realloc(p->q, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		p->q = n;
		p->qcap = cap;
	}
	memset(&p->q[p->qlen], 0, sizeof(p->q[0]));
	p->q[p->qlen].time_us = t_us;
	p->q[p->qlen].watts = w;
	p->qlen++;
	return 0;
}

/* Parse a "stream text all" response; returns whether it ended in "eof". */
static int take_stripes(struct qis_priv *p, int *short_block)
{
	char *text = response_text(p), *line, *save = NULL;
	int eof = 0;
	size_t len = strlen(text);

	*short_block = len < 7;
	for (line = strtok_r(text, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
		int64_t t_ns;
		double w;

		if (!strncmp(ssdq_trim(line), "eof", 3)) {
			eof = 1;
			continue;
		}
		if (!qis_parse_stripe(&p->h, line, &t_ns, &w))
			queue_push(p, p->t0_us + t_ns / 1000, w);
	}
	p->rxlen = 0;
	return eof;
}

static int qis_open(struct ssdq_source *src, const char *arg,
		    const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	struct qis_priv *p = calloc(1, sizeof(*p));
	const char *c1, *c2;
	char msg[384];
	int ret;

	if (!p)
		return -ENOMEM;
	p->fd = -1;
	p->timeout_ms = cfg->open_timeout_ms ? cfg->open_timeout_ms : QIS_CMD_TIMEOUT_MS;
	p->rate_hz = cfg->rate_hz;
	snprintf(p->host, sizeof(p->host), "127.0.0.1");
	snprintf(p->port, sizeof(p->port), "9722");
	c1 = strchr(arg, ':');
	if (*arg)
		snprintf(p->host, sizeof(p->host), "%.*s",
			 (int)(c1 ? (size_t)(c1 - arg) : strlen(arg)), arg);
	if (c1) {
		c2 = strchr(c1 + 1, ':');
		snprintf(p->port, sizeof(p->port), "%.*s",
			 (int)(c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1)), c1 + 1);
		if (c2)
			snprintf(p->module, sizeof(p->module), "%s", c2 + 1);
	}
	if (!p->host[0] || strspn(p->port, "0123456789") != strlen(p->port) || !p->port[0]) {
		snprintf(err, errlen, "power source \"%s\": expected qis:host:port[:module]",
			 src->spec);
		free(p);
		return -EINVAL;
	}
	ret = start_stream(p, msg, sizeof(msg));
	if (ret) {
		snprintf(err, errlen, "power source \"%s\": %s", src->spec, msg);
		drop(p);
		free(p->rx);
		free(p);
		return ret;
	}
	src->streamed = true;
	src->own_times = true;
	src->unit = "W";
	snprintf(src->rail, sizeof(src->rail), "%s", p->h.rail);
	src->priv = p;
	return 0;
}

static int fail(struct ssdq_source *src, int ret, const char *what)
{
	struct qis_priv *p = src->priv;

	snprintf(src->err, sizeof(src->err), "QIS %.64s:%.8s module %.64s: %.100s", p->host, p->port,
		 p->module, what ? what : ret == -ECONNRESET ? "connection closed" :
		 strerror(-ret));
	if (ret != -EOVERFLOW)
		drop(p);
	return ret;
}

/* Advance the request state machine; never waits. */
static int pump(struct ssdq_source *src)
{
	struct qis_priv *p = src->priv;
	int64_t now = ssdq_mono_us();
	int ret, short_block;

	if (p->state == QIS_IDLE) {
		if (now - p->last_poll < QIS_POLL_US)
			return 0;
		p->rxlen = 0;
		ret = send_line(p, "stream text all");
		if (ret)
			return fail(src, ret, NULL);
		p->state = QIS_WAIT_DATA;
		p->sent_at = p->last_poll = now;
	}
	ret = rx_some(p);
	if (ret < 0)
		return fail(src, ret, NULL);
	if (!qis_response_complete(p->rx ? p->rx : "", p->rxlen)) {
		if (now - p->sent_at > QIS_RESP_TIMEOUT_US)
			return fail(src, -ETIMEDOUT, "no response within 5 s");
		return 0;
	}
	if (p->state == QIS_WAIT_DATA) {
		if (take_stripes(p, &short_block) || short_block) {
			ret = send_line(p, "stream?");
			if (ret)
				return fail(src, ret, NULL);
			p->state = QIS_WAIT_STATUS;
			p->sent_at = now;
		} else {
			p->state = QIS_IDLE;
		}
		return 0;
	}
	/* QIS_WAIT_STATUS */
	{
		char *st = response_text(p);

		p->state = QIS_IDLE;
		if (strcasestr(st, "overrun") || strcasestr(st, "out of buffer")) {
			p->rxlen = 0;
			p->state = QIS_OVERRUN;
			return fail(src, -EOVERFLOW, "stream overrun (module buffer full), "
				    "samples lost");
		}
		if (strcasestr(st, "stopped")) {
			p->rxlen = 0;
			drop(p);
			return fail(src, -EPIPE, "stream stopped");
		}
		p->rxlen = 0;
	}
	return 0;
}

static int qis_read(struct ssdq_source *src, int64_t now_us,
		    struct ssdq_sample *out, int max)
{
	struct qis_priv *p = src->priv;
	char msg[384];
	int ret, n = 0;

	(void)now_us;
	if (p->state == QIS_OVERRUN) {
		/* restart the stream on the same connection */
		qis_cmd(p, "rec stop", NULL, 0);
		p->state = QIS_DOWN;
	}
	if (p->fd < 0 || p->state == QIS_DOWN) {
		ret = start_stream(p, msg, sizeof(msg));
		if (ret) {
			snprintf(src->err, sizeof(src->err), "%.255s", msg);
			drop(p);
			return ret;
		}
	}
	if (p->qhead == p->qlen) {
		ret = pump(src);
		if (ret)
			return ret;
	}
	while (n < max && p->qhead < p->qlen)
		out[n++] = p->q[p->qhead++];
	return n;
}

static void qis_close(struct ssdq_source *src)
{
	struct qis_priv *p = src->priv;

	if (!p)
		return;
	if (p->fd >= 0) {
		p->timeout_ms = 1000;
		if (p->state == QIS_WAIT_DATA || p->state == QIS_WAIT_STATUS)
			wait_response(p, 1000);
		qis_cmd(p, "rec stop", NULL, 0);
	}
	drop(p);
	free(p->rx);
	free(p->q);
	free(p);
	src->priv = NULL;
}

const struct ssdq_source_ops ssdq_source_qis = {
	.type = "qis",
	.open = qis_open,
	.read = qis_read,
	.close = qis_close,
};
