/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_JOBS_H
#define SSDQ_FIO_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "diag.h"
#include "fio_version.h"

struct rpt_status;

/*
 * The jobs of one fio JSON document, in report groups. A group is fio's
 * groupid: the jobs of a group ran together, so their bytes add up and their
 * latency bins merge. Client/server output ("client_stats") puts every
 * client's copy of a job in the same group; fio's "All clients" entries are
 * kept aside for the group's throughput and fio's own merged latency. A group
 * of which the file holds only the "All clients" entry (some tools keep only
 * that) has it as its one entry as well.
 *
 * Jobs of one fio group on different disks are report groups of their own,
 * one per target (their bytes are no one drive's): the target is the
 * disk a filename names (/dev/sdb1 and /dev/sdb are sdb, /dev/ng0n1 and
 * /dev/nvme0n1p2 are nvme0n1, an SPDK "traddr=" its PCIe address), else ""
 * (files, which may share a disk, and engines without a filename: one
 * target, added up as before). A warning names the targets.
 */
struct rpt_fio_entry {
	struct json_object *obj;
	char path[40];		/* "jobs[3]", for messages */
	const char *jobname;
	unsigned int thread;	/* fio thread number for log names, 0 unknown */
	unsigned int nthreads;	/* threads this entry reports (group_reporting) */
	size_t index;		/* in the "jobs" (or "client_stats") array */
	bool has_opts;		/* it has "job options" (fio's "All clients" has none) */
	bool all_clients;	/* it is fio's "All clients" entry */
	const char *host;	/* client/server read for one host: its name, for
				 * the logs fio's client names <log>.<host> */
};

struct rpt_fio_group {
	int groupid;
	char target[128];		/* its jobs' disk (above), "" unknown */
	const char *filename;		/* its first job's filename option as fio
					 * printed it, or NULL */
	bool by_target;			/* fio's group has jobs on other targets too */
	struct rpt_fio_entry *e;
	size_t n;
	size_t cap;
	struct rpt_fio_entry all;	/* "All clients" entry; all.obj may be NULL */
};

struct rpt_fio_run {
	const char *file;		/* the JSON file, for messages and logs */
	struct json_object *globals;	/* "global options", object or array */
	struct rpt_fio_version ver;	/* "fio version" */
	bool client_server;
	int signal;			/* N of fio's "fio: terminating on signal N"
					 * (reader_json.h), 0 none */
	const char *host;		/* client/server: the one host read, or NULL */
	struct rpt_fio_group *g;
	size_t ng;
	/* --status-interval snapshots of the file, NULL if one document; set
	 * by the caller, borrowed */
	const struct rpt_status *status;
};

/**
 * rpt_fio_run_parse() - Find and group the jobs of @root.
 * @root: a fio JSON document
 * @file: its file name (kept, not copied)
 * @run: the result; borrows from @root, free with rpt_fio_run_free()
 * @d: messages
 *
 * Return: 0, -EINVAL when there is neither "jobs" nor "client_stats" or an
 * entry is malformed (entries with errors are left out; the rest stay), or
 * -ENOMEM.
 */
int rpt_fio_run_parse(struct json_object *root, const char *file,
		      struct rpt_fio_run *run, struct rpt_diag *d);

/**
 * rpt_fio_run_parse_host() - As rpt_fio_run_parse(), reading only the
 * entries of client/server host @host (its "hostname"; NULL: all): one
 * drive of a client/server run. Its entries get fio's thread numbers of that
 * host (its jobs in order, as on the server), so its logs and sidecars are
 * found (<prefix>_bw.<N>.log, or fio's client's <prefix>_bw.<N>.log.<host>);
 * fio's "All clients" entries, which blend the hosts, are left out.
 *
 * Return: as rpt_fio_run_parse().
 */
int rpt_fio_run_parse_host(struct json_object *root, const char *file, const char *host,
			   struct rpt_fio_run *run, struct rpt_diag *d);

/**
 * rpt_fio_hosts() - The hosts of a client/server document, in order of
 * first appearance: each "hostname" of its "client_stats" but fio's
 * "All clients" entries. One name with an "All clients" entry is several
 * servers at one address, which the file cannot tell apart: 0 then.
 * @root: a fio JSON document
 * @hosts: on return, borrowed strings (owned by @root) in an array to free()
 *
 * Return: the number of hosts (0 for a plain run), or -ENOMEM.
 */
int rpt_fio_hosts(struct json_object *root, const char ***hosts);

/**
 * rpt_fio_option() - A job option as fio printed it: the entry's own
 * "job options" first, then "global options".
 * @run: the run
 * @e: the entry
 * @key: option name
 *
 * Return: the value (owned by the JSON), or NULL when neither sets it.
 */
const char *rpt_fio_option(const struct rpt_fio_run *run,
			   const struct rpt_fio_entry *e, const char *key);

/**
 * rpt_fio_option_on() - Whether a bool, int or size option is on, read as
 * fio reads it: a bare option (fio prints "") is on, a number (decimal, or
 * hex with 0x) is on when not 0, a size ("1M") when its number is not 0.
 * @run: the run
 * @e: the entry
 * @key: option name
 * @dflt: fio's default, for an option not given or a value fio would refuse
 *
 * Return: true when on.
 */
bool rpt_fio_option_on(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		       const char *key, bool dflt);

/**
 * rpt_fio_size() - Parse a fio size such as "128k", "1M", "4KiB" or "4096"
 * (binary multiples, fio's default kb_base=1024); for "R,W,T" lists the
 * part of data direction @ddir (0 read, 1 write, 2 trim), for ranges "a-b"
 * the low end.
 * @s: the text
 * @ddir: data direction
 * @out: bytes
 *
 * Return: 0 or -EINVAL.
 */
int rpt_fio_size(const char *s, unsigned int ddir, uint64_t *out);

/**
 * rpt_fio_run_free() - Free what rpt_fio_run_parse() allocated.
 * @run: NULL-safe
 */
void rpt_fio_run_free(struct rpt_fio_run *run);

#endif
