/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_READER_JSON_H
#define SSDQ_READER_JSON_H

#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "diag.h"

/*
 * Reads fio's --output-format=json or json+ output as fio 3.33 and newer
 * write it: text before the JSON (notes, client banners), and several
 * documents one after the other (--status-interval), of which the last
 * complete one is kept. A truncated last document is a warning when an
 * earlier one is complete, an error otherwise. Messages name the file and the
 * line and byte offset.
 *
 * fio stopped by a signal prints "fio: terminating on signal N" before the
 * JSON of the part that ran; that line, anywhere outside the documents, is
 * kept as the last document's RPT_JSON_FIO_SIGNAL member (N, an int), read
 * by fio_jobs.h.
 */
#define RPT_JSON_FIO_SIGNAL	"ssdq_fio_signal"

/**
 * typedef rpt_json_doc_fn - Called for every complete document in turn,
 * before the next is parsed (the last included), e.g. for the snapshots of
 * --status-interval (status.h).
 * @doc: the document, an object; borrowed
 * @arg: the caller's
 *
 * Return: 0, or -ENOMEM to stop parsing.
 */
typedef int rpt_json_doc_fn(struct json_object *doc, void *arg);

/**
 * rpt_json_parse() - Parse fio output held in memory.
 * @name: file name for messages
 * @text: the bytes (need not be NUL-terminated)
 * @len: their number
 * @root: on success the last complete document, an object; put it with
 *        json_object_put()
 * @ndocs: number of complete documents seen, or NULL
 * @d: messages go here
 *
 * Return: 0, -ENOMSG when there is no JSON object in @text, -EINVAL for
 * malformed JSON or a document that is not an object, -ENOMEM.
 */
int rpt_json_parse(const char *name, const char *text, size_t len,
		   struct json_object **root, unsigned int *ndocs,
		   struct rpt_diag *d);

/**
 * rpt_json_parse_each() - rpt_json_parse() that also hands every complete
 * document to @each (NULL: none).
 * @name: as rpt_json_parse()
 * @text: as rpt_json_parse()
 * @len: as rpt_json_parse()
 * @each: called per document
 * @arg: passed to @each
 * @root: as rpt_json_parse()
 * @ndocs: as rpt_json_parse()
 * @d: as rpt_json_parse()
 *
 * Return: as rpt_json_parse(), or -ENOMEM from @each.
 */
int rpt_json_parse_each(const char *name, const char *text, size_t len,
			rpt_json_doc_fn *each, void *arg, struct json_object **root,
			unsigned int *ndocs, struct rpt_diag *d);

/**
 * rpt_json_load() - Read a file and parse it with rpt_json_parse().
 * @path: the file
 * @root: as rpt_json_parse()
 * @ndocs: as rpt_json_parse()
 * @d: messages go here
 *
 * Return: as rpt_json_parse(), or -errno when the file cannot be read,
 * -EFBIG for files over 1 GiB.
 */
int rpt_json_load(const char *path, struct json_object **root,
		  unsigned int *ndocs, struct rpt_diag *d);

/**
 * rpt_json_load_each() - rpt_json_load() with rpt_json_parse_each()'s @each.
 * @path: as rpt_json_load()
 * @each: called per document, may be NULL
 * @arg: passed to @each
 * @root: as rpt_json_load()
 * @ndocs: as rpt_json_load()
 * @d: as rpt_json_load()
 *
 * Return: as rpt_json_load(), or -ENOMEM from @each.
 */
int rpt_json_load_each(const char *path, rpt_json_doc_fn *each, void *arg,
		       struct json_object **root, unsigned int *ndocs,
		       struct rpt_diag *d);

/*
 * Typed access with JSON paths in messages. Each returns 1 when the member
 * is there with the right type, 0 when it is missing (or null), and -EINVAL
 * after adding an error naming @name and @path (the object's own path, e.g.
 * "jobs[2].read") when it has another type or is out of range.
 */

/**
 * rpt_json_num() - A finite number >= 0 (integer or double) member.
 * @obj: object holding the member
 * @key: member name
 * @name: file name for messages
 * @path: JSON path of @obj for messages
 * @out: the value
 * @d: messages
 *
 * Return: 1, 0 or -EINVAL as above; numbers above 2^63 are out of range.
 */
int rpt_json_num(struct json_object *obj, const char *key, const char *name,
		 const char *path, double *out, struct rpt_diag *d);

/**
 * rpt_json_str() - A string member.
 * @obj: object holding the member
 * @key: member name
 * @name: file name for messages
 * @path: JSON path of @obj
 * @out: the string, owned by @obj
 * @d: messages
 *
 * Return: 1, 0 or -EINVAL as above.
 */
int rpt_json_str(struct json_object *obj, const char *key, const char *name,
		 const char *path, const char **out, struct rpt_diag *d);

/**
 * rpt_json_typed() - A member of type @type (json_type_object, _array …).
 * @obj: object holding the member
 * @key: member name
 * @type: the wanted type
 * @name: file name for messages
 * @path: JSON path of @obj
 * @out: the member, owned by @obj
 * @d: messages
 *
 * Return: 1, 0 or -EINVAL as above.
 */
int rpt_json_typed(struct json_object *obj, const char *key, enum json_type type,
		   const char *name, const char *path, struct json_object **out,
		   struct rpt_diag *d);

#endif
