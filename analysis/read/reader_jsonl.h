/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_READER_JSONL_H
#define SSDQ_READER_JSONL_H

#include <stdio.h>

#include <json-c/json.h>

#include "diag.h"

/*
 * A reader of ssdq's JSON Lines sidecars (<prefix>_events.<N>.jsonl,
 * <prefix>_smart.<N>.jsonl): one JSON object a line, read one line at a time
 * through a buffer of at most RPT_JSONL_MAX_LINE bytes. A bad line is an
 * error naming the file and line; reading goes on with the next line, so a
 * sidecar cut short by a crash still yields its complete lines.
 */
#define RPT_JSONL_MAX_LINE	65536

struct rpt_jsonl {
	const char *name;	/* for messages; not owned */
	FILE *f;
	char *buf;
	size_t cap;
	unsigned long line;	/* line of the object last returned */
	char where[300];	/* "name:line", for messages about the object */
	unsigned long bad;	/* bad lines so far */
	struct json_tokener *tok;
};

/**
 * rpt_jsonl_open() - Open a sidecar.
 * @r: reader
 * @path: file; also its name in messages (kept, not copied)
 * @d: an error naming @path when it cannot be opened
 *
 * Return: 0, -errno from fopen(), or -ENOMEM.
 */
int rpt_jsonl_open(struct rpt_jsonl *r, const char *path, struct rpt_diag *d);

/**
 * rpt_jsonl_open_mem() - Read lines held in memory (tests, fuzzing).
 * @r: reader
 * @name: name in messages
 * @data: the text, valid while reading
 * @len: its length
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_jsonl_open_mem(struct rpt_jsonl *r, const char *name, const char *data,
		       size_t len);

/**
 * rpt_jsonl_next() - The next line's object; blank lines are skipped.
 * @r: reader
 * @obj: on return 1, the object; put it with json_object_put()
 * @d: errors about bad lines ("name:line: what was expected")
 *
 * Return: 1 with an object, 0 at the end, -EINVAL for a bad line (an error
 * is in @d; call again for the next line), -EIO on a read error.
 */
int rpt_jsonl_next(struct rpt_jsonl *r, struct json_object **obj, struct rpt_diag *d);

/**
 * rpt_jsonl_close() - Close and free.
 * @r: NULL-safe; may be closed twice
 */
void rpt_jsonl_close(struct rpt_jsonl *r);

/**
 * typedef rpt_jsonl_take_fn - What a sidecar's reader does with one line.
 * @r: the reader (r->where names the line)
 * @o: the line's object
 * @arg: the reader's own
 * @d: messages
 *
 * Return: 0 kept or skipped, -EINVAL a bad line (its error added to @d),
 * -ENOMEM to stop.
 */
typedef int rpt_jsonl_take_fn(struct rpt_jsonl *r, struct json_object *o, void *arg,
			      struct rpt_diag *d);

/**
 * rpt_jsonl_each() - Hand every line's object to @take, then close @r.
 * Lines that are not JSON objects and lines @take finds bad are counted in
 * r->bad (after the call: @bad) and skipped.
 * @r: an open reader
 * @take: see rpt_jsonl_take_fn
 * @arg: passed to @take
 * @bad: bad lines, on return; may be NULL
 * @d: messages
 *
 * Return: 0, -ENOMEM, or -EIO after a read error (reported in @d).
 */
int rpt_jsonl_each(struct rpt_jsonl *r, rpt_jsonl_take_fn *take, void *arg,
		   unsigned long *bad, struct rpt_diag *d);

/**
 * rpt_jsonl_num() - A finite number member, negative allowed (temperatures).
 * @obj: object
 * @key: member
 * @where: "name:line" for messages
 * @out: the value
 * @d: messages
 *
 * Return: 1, 0 when missing or null, -EINVAL for another type (an error).
 */
int rpt_jsonl_num(struct json_object *obj, const char *key, const char *where,
		  double *out, struct rpt_diag *d);

#endif
