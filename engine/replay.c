// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ssdq.h"
#include "replay.h"

int ssdq_replay_setup(struct thread_data *td)
{
	const char *fn = td->o.filename;

	if (!td->o.read_iolog_file || !fn)
		return 0;
	if (strchr(fn, ':')) {
		ssdq_log("read_iolog=%s: ssdq replays a trace onto one target; filename=%s "
			 "names several", td->o.read_iolog_file, fn);
		return -EINVAL;
	}
	if (td->o.replay_redirect) {
		if (strcmp(td->o.replay_redirect, fn)) {
			ssdq_log("replay_redirect=%s: ssdq replays a trace onto the job's "
				 "filename=%s only (the devices a trace names are never opened)",
				 td->o.replay_redirect, fn);
			return -EINVAL;
		}
		return 0;
	}
	td->o.replay_redirect = strdup(fn);
	return td->o.replay_redirect ? 0 : -ENOMEM;
}

int ssdq_replay_check(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	if (!td->o.read_iolog_file)
		return 0;
	for_each_file(td, f, i) {
		if (!td->o.replay_redirect || strcmp(f->file_name, td->o.replay_redirect)) {
			ssdq_log("read_iolog=%s: the trace names %s, not the job's target; set "
				 "replay_redirect= to the job's filename=", td->o.read_iolog_file,
				 f->file_name);
			return -EINVAL;
		}
	}
	return 0;
}
