// SPDX-License-Identifier: GPL-2.0-only
/* The engine inside `fio --server`: messages and sidecars over fio's connection. */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ssdq.h"
#include "remote.h"
#include "sidecar_path.h"
#include "iolog.h"
#include "server.h"

#define CHUNK	(256 * 1024)

bool ssdq_remote(void)
{
	return is_backend;
}

/*
 * fio's connection as the jobs began: the connected sockets of this process
 * (fd and inode, so a number reused later is not taken for it), and whether
 * a send on it failed since. A client killed mid-job is seen by either: its
 * socket hung up, or a write after the hang-up was answered with a reset,
 * which leaves the socket unconnected (getpeername() fails) and so not
 * findable by a scan at the job's end.
 */
#define MAX_CONN 8
static struct { int fd; ino_t ino; } conn[MAX_CONN];
static unsigned int nr_conn;
static bool send_failed;
static pthread_mutex_t conn_lock = PTHREAD_MUTEX_INITIALIZER;

int ssdq_remote_text(const char *buf, size_t len)
{
	if (!is_backend)
		return -ENOTCONN;
	/* as log_err() does; -1: this thread has no connection, or it closed */
	if (fio_server_text_output(FIO_LOG_ERR, buf, len) < 0) {
		send_failed = true;
		return -ENOTCONN;
	}
	return 0;
}

/*
 * Send file @path as a log named @name: its bytes as the chunks of a
 * "stored" log, which fio's client writes to <name>.<host> as they came.
 * Return: 0, or -errno (the file cannot be read, or the send failed).
 */
static int send_file(struct thread_data *td, const char *path, const char *name)
{
	struct log_params p = { .td = NULL, .log_type = IO_LOG_TYPE_BW };
	struct iolog_compress *c;
	struct flist_head *e, *tmp;
	struct io_log *log = NULL;
	int fd, ret = 0;
	ssize_t n;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	setup_log(&log, &p, name);
	if (!log) {
		close(fd);
		return -ENOMEM;
	}
	pthread_mutex_init(&log->chunk_lock, NULL);
	do {
		c = calloc(1, sizeof(*c));
		if (!c || !(c->buf = malloc(CHUNK))) {
			free(c);
			ret = -ENOMEM;
			break;
		}
		n = read(fd, c->buf, CHUNK);
		if (n < 0) {
			ret = -errno;
			free(c->buf);
			free(c);
			break;
		}
		c->len = (size_t)n;
		c->seq = log->chunk_seq++;
		/* an empty file still goes, as one empty chunk */
		if (n == 0 && !flist_empty(&log->chunk_list)) {
			free(c->buf);
			free(c);
			break;
		}
		flist_add_tail(&c->list, &log->chunk_list);
	} while (n > 0);
	close(fd);
	if (!ret && fio_send_iolog(td, log, name))
		ret = -ECONNRESET;
	flist_for_each_safe(e, tmp, &log->chunk_list) {
		c = flist_entry(e, struct iolog_compress, list);
		flist_del(&c->list);
		free(c->buf);
		free(c);
	}
	pthread_mutex_destroy(&log->chunk_lock);
	free_log(log);
	return ret;
}

/* one sidecar: sent under its usual name, deleted once sent */
static int send_one(struct thread_data *td, const char *path, const char *as)
{
	char name[PATH_MAX];
	const char *base = strrchr(path, '/');
	int ret;

	if (access(path, F_OK))
		return 0;
	if (as)
		snprintf(name, sizeof(name), "%s", as);
	else
		ssdq_sidecar_unflatten(base ? base + 1 : path, name);
	ret = send_file(td, path, name);
	if (ret) {
		ssdq_log("%s: could not send %s to fio's client (%s); it stays on the server as %s",
			 td->o.name, name, strerror(-ret), path);
		return 1;
	}
	unlink(path);
	return 0;
}

/* the connected sockets of this process, noted once per socket */
static void note_connection(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	unsigned int i;

	pthread_mutex_lock(&conn_lock);
	while (d && (de = readdir(d))) {
		struct sockaddr_storage sa;
		socklen_t len = sizeof(sa);
		struct stat st;
		int fd = atoi(de->d_name);

		if (de->d_name[0] == '.' || fd == dirfd(d) || fstat(fd, &st) ||
		    !S_ISSOCK(st.st_mode) || getpeername(fd, (struct sockaddr *)&sa, &len))
			continue;
		for (i = 0; i < nr_conn && conn[i].ino != st.st_ino; i++)
			;
		if (i == nr_conn && nr_conn < MAX_CONN) {
			conn[nr_conn].fd = fd;
			conn[nr_conn++].ino = st.st_ino;
		}
	}
	pthread_mutex_unlock(&conn_lock);
	if (d)
		closedir(d);
}

void ssdq_remote_announce(struct thread_data *td)
{
	char dir[PATH_MAX], host[256] = "?";

	if (!is_backend)
		return;
	note_connection();
	if (ssdq_sidecar_dir(td, dir, sizeof(dir)))
		return;
	gethostname(host, sizeof(host) - 1);
	ssdq_log("%s: sidecars of this job on %s:%s until the job's end", td->o.name, host, dir);
}

/*
 * Whether fio's client is gone: a send to it failed, or a socket of fio's
 * connection (noted as the job began) hung up or was reset. fio queues what
 * it sends and cannot say whether it arrived.
 */
static bool client_gone(void)
{
	bool gone = send_failed;
	unsigned int i;

	pthread_mutex_lock(&conn_lock);
	for (i = 0; i < nr_conn && !gone; i++) {
		struct pollfd p = { .fd = conn[i].fd, .events = POLLRDHUP };
		struct stat st;

		/* closed since, or its number taken by another file */
		if (fstat(conn[i].fd, &st) || st.st_ino != conn[i].ino)
			continue;
		gone = poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
	}
	pthread_mutex_unlock(&conn_lock);
	return gone;
}

int ssdq_remote_send(struct thread_data *td)
{
	static const char *const kinds[][2] = {
		{ "events", "jsonl" }, { "power", "log" }, { "smart", "jsonl" },
		{ "progress_bw", "log" }, { "progress_iops", "log" }, { "progress_clat", "log" },
		{ "host", "jsonl" }, { "hostlat", "log" }, { "intended", "log" },
	};
	char path[PATH_MAX], dir[PATH_MAX];
	unsigned int i;
	int failed = 0;

	if (!is_backend)
		return 0;
	if (client_gone() && !ssdq_sidecar_dir(td, dir, sizeof(dir))) {
		ssdq_log("%s: fio's client is gone: the job's sidecars stay on the server in %s "
			 "(the next ssdq-run of the same command names them)", td->o.name, dir);
		return 1;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!ssdq_sidecar_name(td, kinds[i][0], kinds[i][1], path, sizeof(path)))
			failed += send_one(td, path, NULL);
	if (!ssdq_device_json_path(td, path, sizeof(path)))
		failed += send_one(td, path, "device.json");
	/* the last job of the run leaves no directory behind */
	if (!ssdq_sidecar_dir(td, dir, sizeof(dir)))
		rmdir(dir);
	return failed;
}
