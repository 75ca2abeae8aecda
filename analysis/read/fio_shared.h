/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_SHARED_H
#define SSDQ_FIO_SHARED_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

/*
 * Whether the clients of a client/server run tested one shared target
 * (several clients against one Ceph cluster), whose total is fio's own
 * "All clients" entry, or each its own disk, for which a total across the
 * clients means nothing.
 *
 * The clients share a target when every one of them runs one network
 * engine with the same target options: rbd (clustername, pool, rbdname),
 * rados (clustername, pool), nfs (nfs_url), http (http_host, filename),
 * libiscsi and nbd (filename: a URL). A local path (filename, directory) is
 * each host's own, even where the paths are the same.
 */

/**
 * rpt_fio_shared_target() - Whether the clients of @root share one target.
 * @root: a fio client/server JSON document (with "client_stats")
 * @what: on return, the target ("ioengine=rbd, pool=rbd, rbdname=img") or
 *	why the clients' targets are their own
 * @len: its size
 *
 * Return: true when they share one.
 */
bool rpt_fio_shared_target(struct json_object *root, char *what, size_t len);

#endif
