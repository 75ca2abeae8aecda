// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "log.h"

static ssdq_log_sink log_sink;

void ssdq_log_set_sink(ssdq_log_sink sink)
{
	log_sink = sink;
}

void ssdq_log(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	n = snprintf(buf, sizeof(buf), "ssdq: ");
	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof(buf) - n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (log_sink && !log_sink(buf, (size_t)n))
		return;
	if (write(STDERR_FILENO, buf, (size_t)n) < 0)
		return;
}
