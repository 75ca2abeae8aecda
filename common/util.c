// SPDX-License-Identifier: GPL-2.0-only
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

void ssdq_json_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			putc(c, f);
	}
	putc('"', f);
}

int ssdq_read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd, err;
	char *nl;

	if (len < 2)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	err = errno;
	close(fd);
	if (n < 0)
		return -err;
	buf[n] = '\0';
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return (int)strlen(buf);
}

int ssdq_read_ll(const char *path, long long *val)
{
	char buf[64], *end;
	int ret = ssdq_read_line(path, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	errno = 0;
	*val = strtoll(buf, &end, 10);
	if (end == buf || errno)
		return -EINVAL;
	return 0;
}

char *ssdq_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}
