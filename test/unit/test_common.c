// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of common/: the events sidecar's line (one writer for the
 * engine and the sampler: keys in their order, strings escaped), device.json's
 * frame (host members null where unknown, errors trimmed), ssdq_log()'s
 * sink, and the real clock's table.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "clock.h"
#include "device_json.h"
#include "jsonl.h"
#include "log.h"
#include "ssdq_version.h"

/* What @fn wrote to a memstream, NUL-terminated; free() it. */
static char *written(void (*fn)(FILE *f, const void *arg), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	fn(f, arg);
	fclose(f);
	return buf;
}

static void line_of(FILE *f, const void *arg)
{
	ssdq_event_line_write(f, arg);
}

TEST(event_line_keys_in_order)
{
	struct ssdq_event_line e = {
		.time_us = 1700000000123456LL, .event = "power_source", .job = "fill",
		.bytes = 4096, .source = "hwmon:ina3221", .key = "method", .value = "format",
		.members = ",\"max_w\":25", .msg = "ok",
	};
	char *s = written(line_of, &e);

	CHECK_STREQ(s, "{\"time_us\":1700000000123456,\"event\":\"power_source\",\"job\":\"fill\","
		    "\"bytes\":4096,\"source\":\"hwmon:ina3221\",\"method\":\"format\","
		    "\"max_w\":25,\"msg\":\"ok\"}\n");
	free(s);
}

TEST(event_line_leaves_out_what_is_unset)
{
	struct ssdq_event_line e = { .time_us = 5, .event = "job_end", .bytes = -1,
				     .source = "", .msg = "" };
	char *s = written(line_of, &e);

	CHECK_STREQ(s, "{\"time_us\":5,\"event\":\"job_end\"}\n");
	free(s);
	/* a key with no value is null; a zero byte count is written */
	e.bytes = 0;
	e.key = "stop";
	s = written(line_of, &e);
	CHECK_STREQ(s, "{\"time_us\":5,\"event\":\"job_end\",\"bytes\":0,\"stop\":null}\n");
	free(s);
}

TEST(event_line_escapes)
{
	struct ssdq_event_line e = { .time_us = 1, .event = "device_error", .job = "a\"b",
				     .bytes = -1, .key = "msg", .value = "x\\y\n\x01" };
	char *s = written(line_of, &e);

	CHECK_STREQ(s, "{\"time_us\":1,\"event\":\"device_error\",\"job\":\"a\\\"b\","
		    "\"msg\":\"x\\\\y\\u000a\\u0001\"}\n");
	free(s);
}

static void head_and_tail(FILE *f, const void *arg)
{
	ssdq_device_json_head(f, 42);
	fputs("  \"nsid\": 1", f);
	ssdq_device_json_tail(f, arg, " first ; second;;third ");
}

TEST(device_json_frame)
{
	struct ssdq_host h;
	char *s;

	memset(&h, 0, sizeof(h));
	snprintf(h.kernel, sizeof(h.kernel), "6.1.0-test");
	snprintf(h.fio_version, sizeof(h.fio_version), "fio-3.33");
	s = written(head_and_tail, &h);
	CHECK_STREQ(s, "{\n  \"format\": \"ssdq-device\",\n  \"version\": 1,\n  \"time_us\": 42,\n"
		    "  \"nsid\": 1,\n  \"kernel\": \"6.1.0-test\",\n  \"kernel_version\": null,\n"
		    "  \"machine\": null,\n  \"host\": null,\n  \"fio_version\": \"fio-3.33\",\n"
		    "  \"ssdq_version\": \"" SSDQ_VERSION "\",\n"
		    "  \"errors\": [\"first\", \"second\", \"third\"]\n}\n");
	free(s);
}

TEST(host_read)
{
	struct ssdq_host h;

	ssdq_host_read(&h, NULL);
	CHECK(h.kernel[0] != '\0');
	CHECK(h.machine[0] != '\0');
	CHECK_STREQ(h.fio_version, "");
	ssdq_host_read(&h, "fio-3.33");
	CHECK_STREQ(h.fio_version, "fio-3.33");
}

static char sunk[2048];
static int sink_takes;

static int sink(const char *line, size_t len)
{
	snprintf(sunk, sizeof(sunk), "%.*s", (int)len, line);
	return sink_takes ? 0 : -1;
}

TEST(log_sink)
{
	char big[1500];

	ssdq_log_set_sink(sink);
	sink_takes = 1;
	ssdq_log("job %d: %s", 3, "stalled");
	CHECK_STREQ(sunk, "ssdq: job 3: stalled\n");
	/* a line past 1 KiB is cut, and still ends in its newline */
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ssdq_log("%s", big);
	CHECK_EQ_INT(strlen(sunk), 1023);
	CHECK(sunk[1022] == '\n');
	ssdq_log_set_sink(NULL);
	sunk[0] = '\0';
	ssdq_log("to stderr, not the sink");
	CHECK_STREQ(sunk, "");
}

TEST(real_clock)
{
	int64_t m0 = ssdq_clock_real.mono_us(NULL), r = ssdq_clock_real.realtime_us(NULL);

	ssdq_clock_real.sleep_until(NULL, m0 + 2000);
	CHECK(ssdq_mono_us() >= m0 + 2000);
	CHECK(r > 1600000000000000LL);		/* microseconds since the epoch */
	CHECK(ssdq_clock_real.wake == NULL);
	CHECK(ssdq_mono_ns() / 1000 >= (uint64_t)m0);
}

int main(void)
{
	RUN(event_line_keys_in_order);
	RUN(event_line_leaves_out_what_is_unset);
	RUN(event_line_escapes);
	RUN(device_json_frame);
	RUN(host_read);
	RUN(log_sink);
	RUN(real_clock);
	return harness_main();
}
