// SPDX-License-Identifier: GPL-2.0-only
#include "jsonl.h"
#include "util.h"

static void member(FILE *f, const char *key, const char *value)
{
	fputc(',', f);
	ssdq_json_str(f, key);
	fputc(':', f);
	ssdq_json_str(f, value);
}

void ssdq_event_line_write(FILE *f, const struct ssdq_event_line *e)
{
	fprintf(f, "{\"time_us\":%lld,\"event\":", (long long)e->time_us);
	ssdq_json_str(f, e->event);
	if (e->job)
		member(f, "job", e->job);
	if (e->bytes >= 0)
		fprintf(f, ",\"bytes\":%lld", e->bytes);
	if (e->source && *e->source)
		member(f, "source", e->source);
	if (e->key)
		member(f, e->key, e->value);
	if (e->members)
		fputs(e->members, f);
	if (e->msg && *e->msg)
		member(f, "msg", e->msg);
	fputs("}\n", f);
}
