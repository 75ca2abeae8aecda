/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_SIDECAR_PATH_H
#define SSDQ_ENGINE_SIDECAR_PATH_H

/*
 * Where a job's sidecars are written (sidecar_path.c): named as fio names
 * the job's logs, in the working directory of plain fio, or inside
 * `fio --server` in a directory of the run's own,
 * ${TMPDIR:-/tmp}/ssdq-server.<pid of fio's backend process>/ (remote.h
 * says why), a name with '/' (write_bw_log=dir/x) flattened into one file
 * name there ('%' -> %25, '/' -> %2F). Below the events sidecar (sidecar.h)
 * and the server's sending of the files (remote.h), which both use it.
 */
#include <stddef.h>

struct thread_data;

/**
 * ssdq_sidecar_name() - Name a sidecar as fio names the job's logs:
 * "<write_bw_log prefix or job name>_<kind>.<N>.<suffix>"; inside
 * fio --server, that name in the run's own directory.
 *
 * Return: 0, -ENAMETOOLONG, or -errno of making the directory.
 */
int ssdq_sidecar_name(struct thread_data *td, const char *kind, const char *suffix,
		      char *out, size_t len);

/**
 * ssdq_sidecar_path() - Where sidecar @name ("fill_events.1.jsonl") is
 * written: @name itself in plain fio, the run's directory/@name (flattened)
 * in a server (the directory is made on first use, mode 0700). @out may be
 * @name.
 *
 * Return: 0, -ENAMETOOLONG, or -errno of making the directory.
 */
int ssdq_sidecar_path(struct thread_data *td, const char *name, char *out, size_t len);

/**
 * ssdq_device_json_path() - Where the job writes device.json: device.json
 * in plain fio, the run's directory/device.<N>.json in a server.
 *
 * Return: as ssdq_sidecar_path().
 */
int ssdq_device_json_path(struct thread_data *td, char *out, size_t len);

/**
 * ssdq_sidecar_dir() - The server run's directory,
 * ${TMPDIR:-/tmp}/ssdq-server.<pid of fio's backend process>, made 0700 if
 * it is not there (whether or not the engine runs in a server).
 *
 * Return: 0, -ENAMETOOLONG, -EPERM (not a directory of this user), or
 * -errno of making it.
 */
int ssdq_sidecar_dir(struct thread_data *td, char *out, size_t len);

/**
 * ssdq_sidecar_unflatten() - The name a file of the run's directory stands
 * for ("dir%2Fx_events.1.jsonl" -> "dir/x_events.1.jsonl"), into @out (at
 * least as long as @name).
 */
void ssdq_sidecar_unflatten(const char *name, char *out);

#endif
