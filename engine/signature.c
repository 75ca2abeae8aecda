// SPDX-License-Identifier: GPL-2.0-only
/* Signatures on a block device, found by libblkid as wipefs finds them. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "signature.h"

#ifdef SSDQ_HAVE_BLKID
#include <blkid.h>

/* Appends "ext4 filesystem at offset 1080" for the probe's last find. */
static void describe(blkid_probe pr, int nfound, char *what, size_t len)
{
	const char *type = NULL, *usage = NULL, *off = NULL;
	size_t used = strlen(what);
	char item[160];

	if (!blkid_probe_lookup_value(pr, "PTTYPE", &type, NULL)) {
		blkid_probe_lookup_value(pr, "PTMAGIC_OFFSET", &off, NULL);
		snprintf(item, sizeof(item), "%s partition table", type);
	} else if (!blkid_probe_lookup_value(pr, "TYPE", &type, NULL)) {
		blkid_probe_lookup_value(pr, "SBMAGIC_OFFSET", &off, NULL);
		blkid_probe_lookup_value(pr, "USAGE", &usage, NULL);
		snprintf(item, sizeof(item), "%s%s%s", type,
			 usage && strcmp(usage, "other") ? " " : "",
			 usage && strcmp(usage, "other") ? usage : "");
	} else {
		snprintf(item, sizeof(item), "an unnamed one");
	}
	if (used < len)
		snprintf(what + used, len - used, "%s%s%s%s", nfound ? ", " : "", item,
			 off ? " at offset " : "", off ? off : "");
}

int ssdq_signature_find(const char *path, char *what, size_t len)
{
	blkid_probe pr;
	int fd, ret, n = 0;

	what[0] = '\0';
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		ret = -errno;
		snprintf(what, len, "cannot open %s to look for signatures: %s", path,
			 strerror(-ret));
		return ret;
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	pr = blkid_new_probe();
	if (!pr || blkid_probe_set_device(pr, fd, 0, 0)) {
		ret = pr ? -EIO : -ENOMEM;
		snprintf(what, len, "libblkid cannot probe %s", path);
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE |
					  BLKID_SUBLKS_MAGIC);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
	/*
	 * A prober that cannot read its area (a drive failing reads of
	 * deallocated LBAs, DULBE) fails; the next call goes on with the
	 * next prober. What cannot be read holds no signature anyone uses.
	 */
	for (int tries = 0; tries < 1000; tries++) {
		ret = blkid_do_probe(pr);
		if (ret == 1)
			break;
		if (ret == 0)
			describe(pr, n++, what, len);
	}
	ret = n ? -EEXIST : 0;
out:
	blkid_free_probe(pr);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	return ret;
}

#else

int ssdq_signature_find(const char *path, char *what, size_t len)
{
	snprintf(what, len, "ssdq.so was built without libblkid, so it cannot look for "
		 "signatures on %s (install libblkid-dev and rebuild)", path);
	return -ENOSYS;
}

#endif
