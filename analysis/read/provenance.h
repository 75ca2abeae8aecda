/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PROVENANCE_H
#define SSDQ_PROVENANCE_H

#include <stdio.h>

struct json_object;

/*
 * What made a result, from device.json (written by the engine or
 * ssdq-sample when the run began): ssdq's and fio's versions, the kernel,
 * the host, the date. "" where device.json does not say (older runs, a
 * user's own fio run without ssdq's sidecars).
 */
struct rpt_provenance {
	char ssdq_version[64];	/* "ssdq_version": git describe or a release's */
	char fio_version[64];	/* "fio_version": "fio-3.33" */
	char kernel[128];	/* "kernel": uname -r */
	char host[128];		/* "host": uname -n */
	char date[32];		/* from "time_us": "2026-12-02T10:35:12Z" (UTC) */
};

/**
 * rpt_provenance_parse() - Take the provenance keys of a device.json object;
 * a key that is missing or not a string (a number for time_us) stays "".
 * @root: device.json's object
 * @p: the result, zeroed first
 */
void rpt_provenance_parse(struct json_object *root, struct rpt_provenance *p);

/**
 * rpt_provenance_line() - "DATE, host HOST, Linux KERNEL, FIO, ssdq VERSION"
 * of what is known, for the text and HTML headers.
 * @buf: destination
 * @len: its size
 * @p: the provenance
 *
 * Return: @buf, "" when nothing is known.
 */
char *rpt_provenance_line(char *buf, size_t len, const struct rpt_provenance *p);

#endif
