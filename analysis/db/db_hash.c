// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"
#include "grow.h"

/* Two 64-bit lanes over 8-byte words: 128 bits of identity. */
struct hash {
	uint64_t a, b, len;
};

static inline uint64_t rotl(uint64_t v, int r)
{
	return (v << r) | (v >> (64 - r));
}

static void hash_words(struct hash *h, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		h->a = rotl((h->a ^ w) * 0x9e3779b97f4a7c15ull, 31);
		h->b = rotl((h->b + w) * 0xc2b2ae3d27d4eb4full, 27) ^ h->a;
	}
	if (i < n) {
		uint64_t w = 0;

		memcpy(&w, p + i, n - i);
		h->a = rotl((h->a ^ w) * 0x9e3779b97f4a7c15ull, 31);
		h->b = rotl((h->b + w) * 0xc2b2ae3d27d4eb4full, 27) ^ h->a;
	}
	h->len += n;
}

static uint64_t fmix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ull;
	return k ^ (k >> 33);
}

/*
 * Whether ssdq-report reads files of this name: *.json, *.jsonl, *.log, but
 * not the runner's own account (ssdq-run.log grows as the same command is
 * run again on a finished run)
 */
static bool is_input(const char *name)
{
	size_t n = strlen(name);

	if (name[0] == '.' || !strncmp(name, "ssdq-run.", 9))
		return false;
	return (n > 5 && !strcmp(name + n - 5, ".json")) || (n > 6 && !strcmp(name + n - 6, ".jsonl")) ||
	       (n > 4 && !strcmp(name + n - 4, ".log"));
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* One file: its name (with its NUL), its size and its bytes, in 8-byte words. */
static int hash_file(struct hash *h, int dfd, const char *name, unsigned char *buf, size_t len)
{
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	uint64_t size = 0;
	struct stat st;
	ssize_t got;
	size_t fill = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		close(fd);
		return -errno;
	}
	size = (uint64_t)st.st_size;
	hash_words(h, (const unsigned char *)name, strlen(name) + 1);
	hash_words(h, (const unsigned char *)&size, sizeof(size));
	/* whole words per read, so the same bytes hash alike however read() splits them */
	while ((got = read(fd, buf + fill, len - fill)) > 0) {
		size_t whole;

		fill += (size_t)got;
		whole = fill & ~(size_t)7;
		hash_words(h, buf, whole);
		memmove(buf, buf + whole, fill - whole);
		fill -= whole;
	}
	if (got < 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	hash_words(h, buf, fill);
	close(fd);
	return 0;
}

int db_dir_hash(const char *dir, char hex[DB_HASH_LEN], size_t *files)
{
	struct hash h = { 0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0 };
	size_t n = 0, cap = 0, i;
	unsigned char *buf = NULL;
	char **names = NULL;
	struct dirent *de;
	int ret = 0, dfd;
	DIR *d = opendir(dir);

	*files = 0;
	if (!d)
		return -errno;
	dfd = dirfd(d);
	while ((de = readdir(d))) {
		struct stat st;

		if (!is_input(de->d_name) || fstatat(dfd, de->d_name, &st, 0) || !S_ISREG(st.st_mode))
			continue;
		if (RPT_GROW(names, cap, n, 64) || !(names[n] = strdup(de->d_name))) {
			ret = -ENOMEM;
			goto out;
		}
		n++;
	}
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	buf = malloc(1 << 20);
	if (!buf) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n && !ret; i++)
		ret = hash_file(&h, dfd, names[i], buf, 1 << 20);
	if (!ret) {
		uint64_t a = fmix(h.a ^ h.len), b = fmix(h.b + a);

		snprintf(hex, DB_HASH_LEN, "%016llx%016llx", (unsigned long long)a,
			 (unsigned long long)b);
		*files = n;
	}
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(buf);
	closedir(d);
	return ret;
}
