// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "holders.h"

const struct ssdq_sysroot ssdq_sysroot_live = {
	.sys = "/sys",
	.dev = "/dev",
	.mountinfo = "/proc/self/mountinfo",
	.swaps = "/proc/swaps",
};

/* Partitions past this many are not looked at (GPT's default table holds 128). */
#define MAX_NODES	256

struct node {
	char name[64];			/* nvme0n1, nvme0n1p1 */
	char sysdir[PATH_MAX];		/* its directory in sysfs */
	unsigned int major, minor;
	int has_dev;
};

/*
 * The generic node's own name: from sysfs for a char device (whatever path
 * names it), else the path's last part (tests name nodes that do not exist).
 */
static void ng_name(const struct ssdq_sysroot *root, const char *ng, char *out, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base;
	struct stat st;
	ssize_t r;

	if (!stat(ng, &st) && S_ISCHR(st.st_mode)) {
		snprintf(link, sizeof(link), "%s/dev/char/%u:%u", root->sys, major(st.st_rdev),
			 minor(st.st_rdev));
		r = readlink(link, target, sizeof(target) - 1);
		target[r > 0 ? r : 0] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
	} else {
		base = strrchr(ng, '/');
		base = base ? base + 1 : ng;
	}
	if (snprintf(out, len, "%s", base) >= (int)len)
		out[0] = '\0';
}

int ssdq_ng_block(const struct ssdq_sysroot *root, const char *ng, char *block, size_t len)
{
	char name[256], path[PATH_MAX];
	unsigned int c, n;
	char tail;

	ng_name(root, ng, name, sizeof(name));
	if (sscanf(name, "ng%un%u%c", &c, &n, &tail) != 2)
		return -EINVAL;
	snprintf(block, len, "nvme%un%u", c, n);
	snprintf(path, sizeof(path), "%s/block/%s", root->sys, block);
	return access(path, F_OK) ? -ENOENT : 0;
}

static void read_devno(struct node *nd)
{
	char path[PATH_MAX + 8];
	FILE *f;

	snprintf(path, sizeof(path), "%s/dev", nd->sysdir);
	f = fopen(path, "re");
	if (!f)
		return;
	nd->has_dev = fscanf(f, "%u:%u", &nd->major, &nd->minor) == 2;
	fclose(f);
}

/* The block node and its partitions (sysfs subdirectories named <block>p<N>). */
static int list_nodes(const struct ssdq_sysroot *root, const char *block, struct node *nodes,
		      size_t *n, char *why, size_t len)
{
	size_t blen = strlen(block);
	char dir[PATH_MAX];
	struct dirent *de;
	DIR *d;

	*n = 0;
	if (snprintf(dir, sizeof(dir), "%s/block/%s", root->sys, block) >= (int)sizeof(dir) ||
	    blen >= sizeof(nodes[0].name)) {
		snprintf(why, len, "%s: name too long", block);
		return -ENAMETOOLONG;
	}
	memcpy(nodes[0].name, block, blen + 1);
	memcpy(nodes[0].sysdir, dir, sizeof(dir));
	d = opendir(dir);
	if (!d) {
		int ret = -errno;

		snprintf(why, len, "cannot read %s: %s", dir, strerror(-ret));
		return ret;
	}
	read_devno(&nodes[0]);
	*n = 1;
	while ((de = readdir(d)) && *n < MAX_NODES) {
		struct node *nd = &nodes[*n];

		if (strncmp(de->d_name, block, blen) || de->d_name[blen] != 'p' ||
		    strlen(de->d_name) >= sizeof(nd->name))
			continue;
		memset(nd, 0, sizeof(*nd));
		memcpy(nd->name, de->d_name, strlen(de->d_name) + 1);
		if (snprintf(nd->sysdir, sizeof(nd->sysdir), "%s/%s", dir, de->d_name) >=
		    (int)sizeof(nd->sysdir))
			continue;
		read_devno(nd);
		if (nd->has_dev)
			(*n)++;
	}
	closedir(d);
	return 0;
}

/* Undo the octal escapes (\040 for a space) of /proc/self/mountinfo and /proc/swaps. */
static void unescape(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 4;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

/*
 * A mountinfo line: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] -
 * FSTYPE SOURCE SUPEROPTIONS. A node is mounted when MAJ:MIN is its number
 * or SOURCE its path (btrfs shows an anonymous MAJ:MIN).
 */
static int find_mount(const struct ssdq_sysroot *root, const struct node *nodes, size_t n,
		      char *why, size_t len)
{
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;
	FILE *f;

	f = fopen(root->mountinfo, "re");
	if (!f) {
		ret = -errno;
		snprintf(why, len, "cannot read %s to see what is mounted: %s", root->mountinfo,
			 strerror(-ret));
		return ret;
	}
	while (!ret && getline(&line, &cap, f) > 0) {
		char *field[64], *save = NULL, *tok, *source = NULL;
		unsigned int maj, min, nf = 0;

		for (tok = strtok_r(line, " \n", &save); tok && nf < 64;
		     tok = strtok_r(NULL, " \n", &save))
			field[nf++] = tok;
		if (nf < 7 || sscanf(field[2], "%u:%u", &maj, &min) != 2)
			continue;
		for (unsigned int i = 6; i + 2 < nf; i++)
			if (!strcmp(field[i], "-")) {
				source = field[i + 2];
				break;
			}
		for (size_t k = 0; k < n; k++) {
			char path[PATH_MAX];

			snprintf(path, sizeof(path), "%s/%s", root->dev, nodes[k].name);
			if ((nodes[k].has_dev && maj == nodes[k].major && min == nodes[k].minor) ||
			    (source && !strcmp(source, path))) {
				unescape(field[4]);
				snprintf(why, len, "%s is mounted on %s", path, field[4]);
				ret = -EBUSY;
				break;
			}
		}
	}
	free(line);
	fclose(f);
	return ret;
}

/* /proc/swaps: a header line, then FILENAME TYPE SIZE USED PRIORITY. */
static int find_swap(const struct ssdq_sysroot *root, const struct node *nodes, size_t n,
		     char *why, size_t len)
{
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;
	FILE *f;

	f = fopen(root->swaps, "re");
	if (!f)
		return 0;	/* a kernel without swap */
	while (!ret && getline(&line, &cap, f) > 0) {
		char *name = strtok(line, " \t\n");
		struct stat st;
		int is_blk;

		if (!name || !strcmp(name, "Filename"))
			continue;
		unescape(name);
		is_blk = !stat(name, &st) && S_ISBLK(st.st_mode);
		for (size_t k = 0; k < n; k++) {
			char path[PATH_MAX];

			snprintf(path, sizeof(path), "%s/%s", root->dev, nodes[k].name);
			if (!strcmp(name, path) ||
			    (is_blk && nodes[k].has_dev && major(st.st_rdev) == nodes[k].major &&
			     minor(st.st_rdev) == nodes[k].minor)) {
				snprintf(why, len, "%s is in use as swap", path);
				ret = -EBUSY;
				break;
			}
		}
	}
	free(line);
	fclose(f);
	return ret;
}

/* What a holder is: device-mapper names itself in sysfs, md devices are mdN. */
static void holder_kind(const struct ssdq_sysroot *root, const char *h, char *out, size_t len)
{
	char path[PATH_MAX], name[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/block/%s/dm/name", root->sys, h);
	f = fopen(path, "re");
	if (f) {
		if (fgets(name, sizeof(name), f)) {
			name[strcspn(name, "\n")] = '\0';
			snprintf(out, len, "device-mapper device %s", name);
			fclose(f);
			return;
		}
		fclose(f);
	}
	if (!strncmp(h, "md", 2))
		snprintf(out, len, "md RAID");
	else
		snprintf(out, len, "device-mapper, LVM, md or similar");
}

static int find_holder(const struct ssdq_sysroot *root, const struct node *nodes, size_t n,
		       char *why, size_t len)
{
	for (size_t k = 0; k < n; k++) {
		char path[PATH_MAX + 16], kind[192];
		struct dirent *de;
		DIR *d;

		snprintf(path, sizeof(path), "%s/holders", nodes[k].sysdir);
		d = opendir(path);
		if (!d)
			continue;
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			holder_kind(root, de->d_name, kind, sizeof(kind));
			snprintf(why, len, "%s/%s is held by %s (%s)", root->dev, nodes[k].name,
				 de->d_name, kind);
			closedir(d);
			return -EBUSY;
		}
		closedir(d);
	}
	return 0;
}

int ssdq_holders_find(const struct ssdq_sysroot *root, const char *block, char *why,
		      size_t len)
{
	struct node *nodes;
	size_t n;
	int ret;

	nodes = calloc(MAX_NODES, sizeof(*nodes));
	if (!nodes) {
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	ret = list_nodes(root, block, nodes, &n, why, len);
	if (!ret)
		ret = find_mount(root, nodes, n, why, len);
	if (!ret)
		ret = find_swap(root, nodes, n, why, len);
	if (!ret)
		ret = find_holder(root, nodes, n, why, len);
	free(nodes);
	return ret;
}
