// SPDX-License-Identifier: GPL-2.0-only
/* Where a job's sidecars are written: beside fio's logs, or a server's run directory. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar_path.h"
#include "server.h"

int ssdq_sidecar_name(struct thread_data *td, const char *kind, const char *suffix,
		      char *out, size_t len)
{
	const char *pre = td->o.bw_log_file ? td->o.bw_log_file : td->o.name;
	int n;

	if (td->o.per_job_logs)
		n = snprintf(out, len, "%s_%s.%d.%s", pre, kind, td->thread_number, suffix);
	else
		n = snprintf(out, len, "%s_%s.%s", pre, kind, suffix);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return ssdq_sidecar_path(td, out, out, len);
}

int ssdq_sidecar_dir(struct thread_data *td, char *out, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	pid_t main_pid = td->o.use_thread ? getpid() : getppid();
	struct stat st;
	int n;

	n = snprintf(out, len, "%s/ssdq-server.%d", tmp && *tmp ? tmp : "/tmp", (int)main_pid);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	if (mkdir(out, 0700) && errno != EEXIST)
		return -errno;
	if (lstat(out, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return -EPERM;
	return 0;
}

/* a name with '/' (write_bw_log=dir/x) as one file name */
static int flatten(const char *name, char *out, size_t len)
{
	size_t o = 0;

	for (; *name; name++) {
		const char *s = *name == '/' ? "%2F" : *name == '%' ? "%25" : NULL;
		size_t k = s ? 3 : 1;

		if (o + k >= len)
			return -ENAMETOOLONG;
		if (s)
			memcpy(out + o, s, 3);
		else
			out[o] = *name;
		o += k;
	}
	out[o] = '\0';
	return 0;
}

void ssdq_sidecar_unflatten(const char *name, char *out)
{
	while (*name) {
		if (!strncmp(name, "%2F", 3) || !strncmp(name, "%25", 3)) {
			*out++ = name[2] == 'F' ? '/' : '%';
			name += 3;
		} else {
			*out++ = *name++;
		}
	}
	*out = '\0';
}

int ssdq_sidecar_path(struct thread_data *td, const char *name, char *out, size_t len)
{
	char dir[PATH_MAX], flat[PATH_MAX];
	int ret, n;

	if (!is_backend) {
		if (out != name) {
			if (strlen(name) >= len)
				return -ENAMETOOLONG;
			memmove(out, name, strlen(name) + 1);
		}
		return 0;
	}
	ret = ssdq_sidecar_dir(td, dir, sizeof(dir));
	if (ret)
		return ret;
	ret = flatten(name, flat, sizeof(flat));
	if (ret)
		return ret;
	n = snprintf(out, len, "%s/%s", dir, flat);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int ssdq_device_json_path(struct thread_data *td, char *out, size_t len)
{
	char name[64];

	if (!is_backend)
		return ssdq_sidecar_path(td, "device.json", out, len);
	snprintf(name, sizeof(name), "device.%d.json", td->thread_number);
	return ssdq_sidecar_path(td, name, out, len);
}
