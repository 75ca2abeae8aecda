// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's own refusal of jobs that would destroy data in use or
 * data someone may want (holders.h): plain fio never runs ssdq-run's checks.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ssdq.h"
#include "stake.h"
#include "holders.h"
#include "signature.h"

/* Writes, trims and erases destroy what is on the namespace; reads do not. */
static bool job_destroys(struct thread_data *td)
{
	const struct ssdq_options *o = td->eo;

	return td_write(td) || td_trim(td) || o->erase != SSDQ_ERASE_NONE;
}

/* fio sets up every job of a file in one process: say a verdict once, not once a job. */
static bool first_time(const char *file, const char *verdict)
{
	static char last[1280];
	char key[1280];

	snprintf(key, sizeof(key), "%s\n%s", file, verdict);
	if (!strcmp(key, last))
		return false;
	snprintf(last, sizeof(last), "%s", key);
	return true;
}

static int check_file(const char *file, bool destroy)
{
	char block[64], path[96], why[1024];
	int ret;

	/* not a generic node (opening it refuses that), or no block node: nothing mounts it */
	if (ssdq_ng_block(&ssdq_sysroot_live, file, block, sizeof(block)))
		return 0;
	ret = ssdq_holders_find(&ssdq_sysroot_live, block, why, sizeof(why));
	if (ret) {
		if (first_time(file, why))
			ssdq_log("%s: refused: %s%s", file, why, ret == -EBUSY ?
				 "; unmount it or stop using it first (ssdq_destroy_data=1 does "
				 "not override this)" : "");
		return ret;
	}
	snprintf(path, sizeof(path), "/dev/%s", block);
	ret = ssdq_signature_find(path, why, sizeof(why));
	if (!ret)
		return 0;
	if (destroy) {
		if (first_time(file, why)) {
			if (ret == -EEXIST)
				ssdq_log("%s: ssdq_destroy_data=1: overwriting %s, which carries a "
					 "signature (%s)", file, path, why);
			else
				ssdq_log("%s: ssdq_destroy_data=1: writing without the check: %s",
					 file, why);
		}
		return 0;
	}
	if (first_time(file, why)) {
		if (ret == -EEXIST)
			ssdq_log("%s: refused: %s carries a signature (%s) and this job writes "
				 "to it; wipe it (wipefs -a %s) or set ssdq_destroy_data=1 to "
				 "overwrite it", file, path, why, path);
		else
			ssdq_log("%s: refused: %s; set ssdq_destroy_data=1 to write without "
				 "that check", file, why);
	}
	return ret;
}

int ssdq_stake_check(struct thread_data *td)
{
	const struct ssdq_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;
	int ret;

	if (!ssdq_target_of(td)->keeps_data || !job_destroys(td))
		return 0;
	for_each_file(td, f, i) {
		ret = check_file(f->file_name, o->destroy_data);
		if (ret) {
			td_verror(td, -ret, "ssdq: data at stake");
			return ret;
		}
	}
	return 0;
}
