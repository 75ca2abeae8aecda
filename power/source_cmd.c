// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd: an external program that prints one reading per line on stdout, see
 * ssdq_cmd_parse_line(). It runs under /bin/sh -c in a process group of its
 * own (so a pipeline is stopped whole), stdin from /dev/null, stderr
 * inherited. Its pipe is read without blocking; a reading without its own
 * time is stamped when the sampler reads it.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "source.h"
#include "util.h"

extern char **environ;

struct cmd_priv {
	pid_t pid;
	int fd;
	int status;		/* wait status once reaped, else -1 */
	int eof;
	char buf[8192];
	size_t len;
	unsigned long bad_lines;
	bool timed;		/* a line carried its own time */
	bool untimed;		/* a line was stamped on arrival */
};

int ssdq_cmd_parse_line(const char *line, int64_t arrival_us, int64_t *time_us,
			double *watts)
{
	double v[2], scale = 1;
	const char *p = line;
	char *end;
	int n = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#' || *p == '\r' || *p == '\n')
		return -ENODATA;
	while (n < 2) {
		v[n] = strtod(p, &end);
		if (end == p || !isfinite(v[n]))
			return -EINVAL;
		n++;
		p = end;
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p || *p == '\r' || *p == '\n' || ((*p < '0' || *p > '9') && *p != '-' &&
							 *p != '+' && *p != '.'))
			break;
	}
	if (*p && *p != '\r' && *p != '\n') {
		if (!strncasecmp(p, "mw", 2)) {
			scale = 1e-3;
			p += 2;
		} else if (!strncasecmp(p, "uw", 2)) {
			scale = 1e-6;
			p += 2;
		} else if (*p == 'W' || *p == 'w') {
			p += 1;
		} else {
			return -EINVAL;
		}
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p)
			return -EINVAL;
	}
	if (n == 1) {
		*time_us = arrival_us;
		*watts = v[0] * scale;
		return 0;
	}
	if (v[0] <= 0)
		return -EINVAL;
	if (v[0] > 1e14)
		*time_us = (int64_t)v[0];
	else if (v[0] > 1e11)
		*time_us = (int64_t)llround(v[0] * 1e3);
	else
		*time_us = (int64_t)llround(v[0] * 1e6);
	*watts = v[1] * scale;
	return 1;
}

static void reap(struct cmd_priv *p, int block)
{
	int st;

	if (p->pid > 0 && p->status < 0 && waitpid(p->pid, &st, block ? 0 : WNOHANG) == p->pid)
		p->status = st;
}

static void describe_exit(const struct cmd_priv *p, char *buf, size_t len)
{
	if (p->status < 0)
		snprintf(buf, len, "closed its output");
	else if (WIFEXITED(p->status))
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(p->status));
	else if (WIFSIGNALED(p->status))
		snprintf(buf, len, "was killed by signal %d", WTERMSIG(p->status));
	else
		snprintf(buf, len, "ended");
}

/* Read what the pipe holds now; sets eof. Returns 0 or -errno. */
static int fill(struct cmd_priv *p)
{
	while (!p->eof && p->len < sizeof(p->buf) - 1) {
		ssize_t n = read(p->fd, p->buf + p->len, sizeof(p->buf) - 1 - p->len);

		if (n > 0) {
			p->len += (size_t)n;
		} else if (n == 0) {
			p->eof = 1;
		} else if (errno == EINTR) {
			continue;
		} else if (errno == EAGAIN) {
			break;
		} else {
			return -errno;
		}
	}
	return 0;
}

/*
 * Parse the complete lines in the buffer into @out. A full buffer without a
 * newline is dropped as one bad line.
 */
static int parse_lines(struct ssdq_source *src, struct cmd_priv *p, int64_t now_us,
		       struct ssdq_sample *out, int max)
{
	size_t off = 0;
	int n = 0;

	while (n < max) {
		char *nl = memchr(p->buf + off, '\n', p->len - off);
		int64_t t;
		double w;
		int ret;

		if (!nl)
			break;
		*nl = '\0';
		ret = ssdq_cmd_parse_line(p->buf + off, now_us, &t, &w);
		if (ret >= 0) {
			p->timed |= ret == 1;
			p->untimed |= ret == 0;
			memset(&out[n], 0, sizeof(out[n]));
			out[n].time_us = t;
			out[n].watts = w;
			n++;
		} else if (ret == -EINVAL) {
			p->bad_lines++;
			src->unparsed++;
			snprintf(src->unparsed_line, sizeof(src->unparsed_line), "%.*s",
				 (int)sizeof(src->unparsed_line) - 1, p->buf + off);
			src->unparsed_line[strcspn(src->unparsed_line, "\r")] = '\0';
		}
		off = (size_t)(nl - p->buf) + 1;
	}
	if (off == 0 && p->len == sizeof(p->buf) - 1) {
		p->bad_lines++;
		src->unparsed++;
		snprintf(src->unparsed_line, sizeof(src->unparsed_line), "(a line of over %zu bytes)",
			 sizeof(p->buf) - 1);
		p->len = 0;
		return n;
	}
	memmove(p->buf, p->buf + off, p->len - off);
	p->len -= off;
	return n;
}

/*
 * Whether the buffer's first complete line that is not blank or a comment
 * is a reading (1), is not (-1, its offset in @bad), or there is none yet
 * (0). Consumes nothing.
 */
static int first_reading(struct cmd_priv *p, int *bad)
{
	size_t off = 0;

	for (;;) {
		char *nl = memchr(p->buf + off, '\n', p->len - off), line[256];
		size_t n;
		int64_t t;
		double w;
		int ret;

		if (!nl)
			return 0;
		n = (size_t)(nl - p->buf) - off;
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p->buf + off, n);
		line[n] = '\0';
		ret = ssdq_cmd_parse_line(line, 0, &t, &w);
		if (ret >= 0)
			return 1;
		if (ret == -EINVAL) {
			*bad = (int)off;
			return -1;
		}
		off = (size_t)(nl - p->buf) + 1;
	}
}

static void stop_child(struct cmd_priv *p)
{
	if (p->pid <= 0)
		return;
	reap(p, 0);
	if (p->status < 0) {
		kill(-p->pid, SIGTERM);
		for (int i = 0; i < 100 && p->status < 0; i++) {
			usleep(10000);
			reap(p, 0);
		}
		if (p->status < 0) {
			kill(-p->pid, SIGKILL);
			reap(p, 1);
		}
	}
	p->pid = -1;
}

static int cmd_open(struct ssdq_source *src, const char *arg,
		    const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	unsigned int timeout = cfg->open_timeout_ms ? cfg->open_timeout_ms : 3000;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	struct cmd_priv *p;
	int pfd[2], ret, first_bad = -1;
	char *argv[] = { "sh", "-c", (char *)arg, NULL };
	int64_t deadline;

	if (!*arg) {
		snprintf(err, errlen, "power source \"%s\": name a command, e.g. "
			 "cmd:/usr/local/bin/meter --watts", src->spec);
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->status = -1;
	if (pipe2(pfd, O_CLOEXEC)) {
		ret = -errno;
		free(p);
		snprintf(err, errlen, "power source \"%s\": pipe: %s", src->spec, strerror(-ret));
		return ret;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	ret = -posix_spawn(&p->pid, "/bin/sh", &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(pfd[1]);
	p->fd = pfd[0];
	if (ret) {
		snprintf(err, errlen, "power source \"%s\": cannot run /bin/sh: %s",
			 src->spec, strerror(-ret));
		goto fail;
	}
	fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
	src->wait_fd = p->fd;

	/* Wait for a first reading, an exit or the timeout. */
	deadline = ssdq_mono_us() + (int64_t)timeout * 1000;
	for (;;) {
		struct pollfd pf = { .fd = p->fd, .events = POLLIN };
		int64_t left = deadline - ssdq_mono_us();

		if ((ret = fill(p)))
			goto fail_msg;
		ret = first_reading(p, &first_bad);
		if (ret > 0)
			break;		/* kept for the first read */
		if (ret < 0) {
			char *line = p->buf + first_bad;

			line[strcspn(line, "\r\n")] = '\0';
			snprintf(err, errlen, "power source \"%s\": the command printed \"%.80s\", "
				 "not a reading (watts, or \"time watts\")", src->spec, line);
			ret = -EINVAL;
			goto fail;
		}
		if (p->eof) {
			char how[64];

			reap(p, 1);
			describe_exit(p, how, sizeof(how));
			snprintf(err, errlen, "power source \"%s\": the command %s before "
				 "printing a reading", src->spec, how);
			ret = -EPIPE;
			goto fail;
		}
		if (left <= 0)
			break;	/* a slow meter: readings may come later */
		poll(&pf, 1, (int)((left + 999) / 1000));
	}
	src->streamed = true;
	src->unit = "W";
	snprintf(src->rail, sizeof(src->rail), "cmd");
	src->priv = p;
	return 0;
fail_msg:
	snprintf(err, errlen, "power source \"%s\": reading the command's output: %s",
		 src->spec, strerror(-ret));
fail:
	stop_child(p);
	close(p->fd);
	free(p);
	return ret;
}

static int cmd_read(struct ssdq_source *src, int64_t now_us,
		    struct ssdq_sample *out, int max)
{
	struct cmd_priv *p = src->priv;
	int n, ret;

	ret = fill(p);
	if (ret) {
		snprintf(src->err, sizeof(src->err), "reading the command's output: %s",
			 strerror(-ret));
		return ret;
	}
	n = parse_lines(src, p, now_us, out, max);
	src->own_times = p->timed && !p->untimed;
	if (n == 0 && p->eof && !memchr(p->buf, '\n', p->len)) {
		char how[64];

		reap(p, 0);
		describe_exit(p, how, sizeof(how));
		snprintf(src->err, sizeof(src->err), "the command %s", how);
		return -EPIPE;
	}
	return n;
}

static void cmd_close(struct ssdq_source *src)
{
	struct cmd_priv *p = src->priv;

	if (!p)
		return;
	stop_child(p);
	close(p->fd);
	free(p);
	src->priv = NULL;
}

const struct ssdq_source_ops ssdq_source_cmd = {
	.type = "cmd",
	.open = cmd_open,
	.read = cmd_read,
	.close = cmd_close,
};
