/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_KILLED_H
#define SSDQ_KILLED_H

#include <stddef.h>

#include <json-c/json.h>

struct rpt_test;

/*
 * A killed run keeps its curve (issue 23). fio writes its JSON at the run's
 * end: a fio killed (kill -9, an OOM kill, a lost `fio --client`) leaves the
 * file empty, or cut short when it died writing it. The test is then built
 * from ssdq's sidecars beside it as for a directory without JSON
 * (from_logs.h), and its figures come from the engine's progress sidecars
 * where fio's logs are missing (engine/progress.h): the report shows the
 * part that ran, marked partial, and says how far it got (stop.h).
 */

/**
 * rpt_killed_doc() - A document for fio JSON file @path that could not be
 * read (empty or cut short), from the events sidecars of its test: those
 * of prefix <test name>, else of the write_bw_log of the step's rendered
 * job file (<dir>/jobs/<test>.fio, as ssdq-run writes it).
 * @path: the JSON file
 * @dir: its directory
 * @nd: t->diag.n before the JSON was read: the errors since then are made
 *	warnings when the sidecars stand in (the exit status stays 1: the test
 *	is partial)
 * @root: on return 0, the document; put it with json_object_put()
 * @t: the test: its source, json_note and diag are set
 *
 * Return: 0 when the sidecars stand in, -ENOENT when there are none (the
 * JSON's errors stand), -ENOMEM.
 */
int rpt_killed_doc(const char *path, const char *dir, size_t nd, struct json_object **root,
		   struct rpt_test *t);

#endif
