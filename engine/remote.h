/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_REMOTE_H
#define SSDQ_REMOTE_H

/*
 * The engine inside `fio --server`: its messages and sidecars travel over
 * fio's own client/server connection, so the controller running
 * `fio --client` gets them and the server keeps nothing behind.
 *
 * - Messages (ssdq_log) go out through fio's log_err(), which a server
 *   sends to the client as text: the client prints them as "<host> ssdq: ...".
 * - Sidecars are written into a directory of the run's own on the server,
 *   ${TMPDIR:-/tmp}/ssdq-server.<pid of fio's backend process>/, so two runs
 *   of one server (two namespaces at once, or the same job names again)
 *   never share a file; device.json there is device.<N>.json per job.
 * - At the job's end each of its sidecars is sent with fio_send_iolog() as
 *   a log whose chunks are already "stored" (STORE_COMPRESSED): fio's
 *   client writes such a log's bytes as they came, to "<name>.<host>" in
 *   its working directory, exactly as it writes the job's bw/lat logs. The
 *   names are the usual ones (fill_events.1.jsonl, device.json), so the
 *   client ends with fill_events.1.jsonl.<host> beside fill_bw.1.log.<host>.
 *   A file sent is deleted on the server; one that could not be sent stays
 *   in the run's directory.
 *
 * Outside a server (plain fio) nothing changes: sidecars go to the working
 * directory, messages to stderr. Where the files go: sidecar_path.h.
 */
#include <stdbool.h>
#include <stddef.h>

struct thread_data;

/** ssdq_remote() - Whether the engine runs inside `fio --server`. */
bool ssdq_remote(void);

/**
 * ssdq_remote_text() - Send message @buf (@len bytes, a whole line) to
 * fio's client when running inside a server with a client connected.
 *
 * Return: 0 when sent, -ENOTCONN when not: outside a server, or the
 * connection is gone (its client stopped or lost); the caller writes it
 * locally.
 */
int ssdq_remote_text(const char *buf, size_t len);

/**
 * ssdq_remote_announce() - In a server: tell fio's client where the job's
 * sidecars are written ("<job>: sidecars of this job on HOST:DIR until the
 * job's end"), so that a controller that dies mid-job has it in its output
 * and the next ssdq-run names the place (jobs/ssdq-run: keep_attempt).
 * Notes the process's connected sockets then (fio's connection, and any
 * a power source opened), which ssdq_remote_send() checks for a hang-up. A
 * no-op in plain fio.
 */
void ssdq_remote_announce(struct thread_data *td);

/**
 * ssdq_remote_send() - In a server: send the job's sidecars (events,
 * power, SMART, device.json) to fio's client and delete those sent. Call
 * after they are closed (the engine's cleanup, in the job process, while
 * fio's connection is still the job's). A no-op in plain fio.
 *
 * When fio's client is gone (a message to it failed, or a socket noted by
 * ssdq_remote_announce() hung up or was reset), nothing is sent: the files
 * stay in the run's directory, and the job's log names it.
 *
 * Return: 0, or the number of files that could not be sent (named through
 * ssdq_log; they stay on the server).
 */
int ssdq_remote_send(struct thread_data *td);

#endif
