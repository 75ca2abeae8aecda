// SPDX-License-Identifier: GPL-2.0-only
/* The drive's power settings: set for a run's jobs, put back after it, also after a kill. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar.h"
#include "power_settings.h"

#define PS_FILES	8

/*
 * A file's settings before the run: kept by fio's main process (and so
 * inherited by the jobs it forks), and sent to the guard.
 */
struct ps_record {
	char kind;		/* 'R' a file's record, 'D' all put back */
	char file[512];
	const struct ssdq_target_ops *t;	/* the guard is a fork: same addresses */
	struct ssdq_power_set was;
	bool set_ps, set_apst;	/* what a job of the run asks to change */
};

static struct ps_record saved[PS_FILES];
static int nsaved;
static pid_t owner;		/* the process that read them, the one to put them back */
static int guard_fd = -1;	/* the pipe to the guard */

static const char *const apst_name[] = { "keep", "on", "off" };

/* "FROM>TO@MS[,...]": APST's transitions. */
static int parse_table(const char *s, struct ssdq_apst *a)
{
	memset(a, 0, sizeof(*a));
	while (*s) {
		unsigned int from, to, ms;
		int n = 0;

		if (sscanf(s, "%u>%u@%u%n", &from, &to, &ms, &n) != 3 || from > 31 || to > 31 ||
		    !ms || ms > 0xffffff || a->n == 32)
			return -EINVAL;
		for (unsigned int i = 0; i < a->n; i++)
			if (a->from_ps[i] == from)
				return -EINVAL;
		a->from_ps[a->n] = (uint8_t)from;
		a->to_ps[a->n] = (uint8_t)to;
		a->idle_ms[a->n++] = ms;
		s += n;
		if (*s == ',')
			s++;
		else if (*s)
			return -EINVAL;
	}
	return a->n ? 0 : -EINVAL;
}

int ssdq_power_settings_asked(struct thread_data *td, struct ssdq_power_set *want)
{
	struct ssdq_options *o = td->eo;
	const char *ps = o->power_state_str;
	char *end;

	memset(want, 0, sizeof(*want));
	want->ps = want->apst = -1;
	if (ps && *ps && strcmp(ps, "keep")) {
		long v = strtol(ps, &end, 10);

		if (end == ps || *end || v < 0 || v > 31) {
			ssdq_log("%s: ssdq_power_state=%s: give keep or a power state, 0 to 31",
				 td->o.name, ps);
			return -EINVAL;
		}
		want->ps = (int)v;
	}
	if (o->apst_table_str && *o->apst_table_str) {
		if (parse_table(o->apst_table_str, &want->table)) {
			ssdq_log("%s: ssdq_apst_table=%s: give FROM>TO@MS transitions, comma-"
				 "separated, one per state (e.g. 0>3@100,3>4@2000; states 0 to 31, "
				 "1 to 16777215 ms)", td->o.name, o->apst_table_str);
			return -EINVAL;
		}
		if (o->apst == SSDQ_APST_OFF) {
			ssdq_log("%s: ssdq_apst_table= with ssdq_apst=off: a table is for APST on",
				 td->o.name);
			return -EINVAL;
		}
		want->apst = 1;
	}
	if (o->apst != SSDQ_APST_KEEP)
		want->apst = o->apst == SSDQ_APST_ON;
	return want->ps >= 0 || want->apst >= 0;
}

static struct ps_record *find(const char *file)
{
	for (int i = 0; i < nsaved; i++)
		if (!strcmp(saved[i].file, file))
			return &saved[i];
	return NULL;
}

/* What puts @r back: its state (an operational one: APST may have had the
 * drive idle in another when it was read) and APST with its table. */
static int put_back(const struct ps_record *r, char *err, size_t errlen)
{
	struct ssdq_power_set set = r->was, now;

	if (!r->set_ps)
		set.ps = -1;
	if (!r->set_apst)
		set.apst = -1;
	if (set.ps >= 0 && r->was.apst > 0) {
		for (unsigned int i = 0; i < set.table.n; i++)
			if (set.table.to_ps[i] == set.ps)
				set.ps = 0;	/* it was idling there: PS0 wakes as it would */
	}
	return r->t->power(r->file, &set, &now, err, errlen);
}

static void restore_all(const struct ps_record *recs, int n, const char *who)
{
	char err[320];

	for (int i = 0; i < n; i++) {
		if (put_back(&recs[i], err, sizeof(err)))
			ssdq_log("%s: could not put the power settings back (power state %d, APST "
				 "%s): %s", recs[i].file, recs[i].was.ps,
				 recs[i].was.apst < 0 ? "none" : recs[i].was.apst ? "on" : "off", err);
		else if (who)
			ssdq_log("%s: %s: power settings put back (power state %d, APST %s)",
				 recs[i].file, who, recs[i].was.ps,
				 recs[i].was.apst < 0 ? "none" : recs[i].was.apst ? "on" : "off");
	}
}

/* runs in every process that unloads the engine: only the one that read them acts */
static void restore(void)
{
	struct ps_record done = { .kind = 'D' };

	if (getpid() != owner || !nsaved)
		return;
	restore_all(saved, nsaved, NULL);
	nsaved = 0;
	if (guard_fd >= 0 && write(guard_fd, &done, sizeof(done)) != (ssize_t)sizeof(done))
		ssdq_log("ssdq: the power settings' guard could not be told they are back");
}

/* The guard: collect records until told all is back, or put them back at EOF. */
static void guard_run(int fd)
{
	static struct ps_record recs[PS_FILES];
	struct ps_record r;
	int n = 0, i;

	for (;;) {
		ssize_t got = read(fd, &r, sizeof(r));

		if (got < 0 && errno == EINTR)
			continue;
		if (got != (ssize_t)sizeof(r))
			break;		/* EOF: fio is gone and did not say */
		if (r.kind == 'D')
			_exit(0);
		for (i = 0; i < n && strcmp(recs[i].file, r.file); i++)
			;
		if (i < PS_FILES)
			recs[i] = r;	/* a file's record again: what the run changes grew */
		if (i == n && n < PS_FILES)
			n++;
	}
	restore_all(recs, n, "fio ended without putting them back");
	_exit(0);
}

/*
 * A process of its own session (a kill of fio's process group spares it)
 * holding the pipe's read end only; fio's processes hold the write end and
 * close it by ending, however they end.
 */
static int guard_start(void)
{
	int p[2];
	pid_t c;

	if (pipe2(p, O_CLOEXEC))
		return -errno;
	c = fork();
	if (c < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (!c) {
		if (fork())
			_exit(0);
		setsid();
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		signal(SIGPIPE, SIG_IGN);
		if (dup2(p[0], 3) < 0)
			_exit(1);
		for (int fd = 4; fd < 1024; fd++)
			close(fd);
		close(0);
		close(1);
		open("/dev/null", O_RDWR);
		dup2(0, 1);
		guard_run(3);
	}
	waitpid(c, NULL, 0);
	close(p[0]);
	guard_fd = p[1];
	return 0;
}

static int check_against(struct thread_data *td, const char *file, const struct ssdq_power_set *want,
			 const struct ssdq_power_set *was)
{
	if (want->ps >= 0 && (unsigned int)want->ps >= was->npss) {
		ssdq_log("%s: ssdq_power_state=%d: %s has %u power states (0 to %u)", td->o.name,
			 want->ps, file, was->npss, was->npss - 1);
		return -EINVAL;
	}
	if (want->apst >= 0 && was->apst < 0) {
		ssdq_log("%s: ssdq_apst=%s: %s has no APST (Identify Controller APSTA clear)",
			 td->o.name, want->apst ? "on" : "off", file);
		return -EOPNOTSUPP;
	}
	return 0;
}

int ssdq_power_settings_setup(struct thread_data *td)
{
	const struct ssdq_target_ops *t = ssdq_target_of(td);
	struct ssdq_power_set want;
	static bool registered;
	struct fio_file *f;
	unsigned int i;
	int ret = ssdq_power_settings_asked(td, &want);

	if (ret <= 0) {
		if (ret)
			td_verror(td, -ret, "ssdq_power_state");
		return ret;
	}
	for_each_file(td, f, i) {
		struct ps_record *r = find(f->file_name);
		char err[320];

		if (!r) {
			if (nsaved == PS_FILES) {
				ssdq_log("%s: power settings: too many files of one run", f->file_name);
				td_verror(td, E2BIG, "ssdq_power_state");
				return -E2BIG;
			}
			r = &saved[nsaved];
			*r = (struct ps_record){ .kind = 'R', .t = t };
			snprintf(r->file, sizeof(r->file), "%s", f->file_name);
			ret = t->power(f->file_name, NULL, &r->was, err, sizeof(err));
			if (ret) {
				ssdq_log("%s: power settings: %s", f->file_name, err);
				td_verror(td, -ret, "ssdq_power_state");
				return ret;
			}
			if (guard_fd < 0 && guard_start())
				ssdq_log("%s: no guard for the power settings (a kill of fio leaves "
					 "them as set): %s", f->file_name, strerror(errno));
			nsaved++;
			owner = getpid();
			if (!registered && !atexit(restore))
				registered = true;
		}
		ret = check_against(td, f->file_name, &want, &r->was);
		if (ret) {
			td_verror(td, -ret, "ssdq_power_state");
			return ret;
		}
		if ((want.ps >= 0 && !r->set_ps) || (want.apst >= 0 && !r->set_apst)) {
			r->set_ps |= want.ps >= 0;
			r->set_apst |= want.apst >= 0;
			if (guard_fd >= 0 && write(guard_fd, r, sizeof(*r)) != (ssize_t)sizeof(*r))
				ssdq_log("%s: the power settings' guard missed them", f->file_name);
		}
	}
	return 0;
}

/* The first line of sysfs file @path, trimmed; "" when unreadable. */
static void sysfs_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

/* What the host allows, recorded: ASPM's policy ("[default] performance ..."). */
static int host_members(char *out, size_t len)
{
	char pol[256], lat[64], *b, *e;

	sysfs_line("/sys/module/pcie_aspm/parameters/policy", pol, sizeof(pol));
	sysfs_line("/sys/module/nvme_core/parameters/default_ps_max_latency_us", lat, sizeof(lat));
	b = strchr(pol, '[');
	e = b ? strchr(b, ']') : NULL;
	if (b && e) {
		*e = '\0';
		memmove(pol, b + 1, strlen(b + 1) + 1);
	}
	for (char *c = pol; *c; c++)
		if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20)
			*c = '\'';
	return snprintf(out, len, ",\"host\":{\"aspm_policy\":%s%s%s,\"ps_max_latency_us\":%s}",
			b && e ? "\"" : "", b && e ? pol : "null", b && e ? "\"" : "",
			lat[0] && strspn(lat, "0123456789") == strlen(lat) ? lat : "null");
}

static void event(struct thread_data *td, const char *file, const struct ssdq_power_set *want,
		  const struct ssdq_power_set *now, const char *msg)
{
	struct ssdq_options *o = td->eo;
	const struct ps_record *r = find(file);
	char m[2048];
	size_t n = 0;

	if (msg) {
		char clean[400];

		snprintf(clean, sizeof(clean), "%s", msg);
		for (char *c = clean; *c; c++)
			if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20)
				*c = '\'';
		n += snprintf(m + n, sizeof(m) - n, ",\"msg\":\"%s\"", clean);
	} else {
		n += snprintf(m + n, sizeof(m) - n, ",\"ps\":%d,\"npss\":%u,\"apst\":%s", now->ps,
			      now->npss, now->apst < 0 ? "null" : now->apst ? "true" : "false");
		n += snprintf(m + n, sizeof(m) - n, ",\"transitions\":[");
		for (unsigned int i = 0; now->apst >= 0 && i < now->table.n; i++)
			n += snprintf(m + n, sizeof(m) - n, "%s[%u,%u,%u]", i ? "," : "",
				      now->table.from_ps[i], now->table.to_ps[i],
				      now->table.idle_ms[i]);
		n += snprintf(m + n, sizeof(m) - n, "]");
	}
	n += snprintf(m + n, sizeof(m) - n, ",\"asked\":{\"ps\":");
	n += want->ps < 0 ? (size_t)snprintf(m + n, sizeof(m) - n, "\"keep\"") :
			    (size_t)snprintf(m + n, sizeof(m) - n, "%d", want->ps);
	n += snprintf(m + n, sizeof(m) - n, ",\"apst\":\"%s\"}", want->table.n ? "table" :
		      apst_name[o->apst]);
	if (r)
		n += snprintf(m + n, sizeof(m) - n, ",\"was\":{\"ps\":%d,\"apst\":%s}", r->was.ps,
			      r->was.apst < 0 ? "null" : r->was.apst ? "true" : "false");
	else
		n += snprintf(m + n, sizeof(m) - n, ",\"was\":null");
	if (n < sizeof(m))
		host_members(m + n, sizeof(m) - n);
	ssdq_event_json(td, ssdq_realtime_us(), "power_settings", m);
}

int ssdq_power_settings_apply(struct thread_data *td)
{
	const struct ssdq_target_ops *t = ssdq_target_of(td);
	struct ssdq_power_set want, now;
	struct fio_file *f;
	unsigned int i;
	int asked = ssdq_power_settings_asked(td, &want);

	if (asked < 0 || !t->power)
		return asked < 0 ? asked : 0;
	for_each_file(td, f, i) {
		char err[320];
		int ret = t->power(f->file_name, asked ? &want : NULL, &now, err, sizeof(err));

		if (ret && asked) {
			ssdq_log("%s: %s: power settings: %s", td->o.name, f->file_name, err);
			event(td, f->file_name, &want, &now, err);
			td_verror(td, -ret, "ssdq_power_state");
			return ret;
		}
		event(td, f->file_name, &want, &now, ret ? err : NULL);
		if (asked)
			ssdq_log("%s: %s: power state %d, APST %s for this job (put back after the run)",
				 td->o.name, f->file_name, now.ps,
				 now.apst < 0 ? "none" : now.apst ? "on" : "off");
	}
	return 0;
}
