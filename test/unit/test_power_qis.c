// SPDX-License-Identifier: GPL-2.0-only
/*
 * qis: source. The pure parsers against hand-made text, then the source
 * against test/power/qis_server.py on 127.0.0.1 (skipped without python3):
 * a normal stream, "eof" blocks, an overrun and a dropped connection, both
 * recovered, and the open errors.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "../../power/qis.h"
#include "../../power/source.h"

static const char *header =
	"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n<header>\r\n"
	"<version>V3</version>\r\n<devicePeriod>4us</devicePeriod>\r\n"
	"<mainPeriod>512us</mainPeriod>\r\n<channels>\r\n"
	"<channel><name>Status</name><group>status</group><units>NA</units></channel>\r\n"
	"<channel><name>12V</name><group>voltage</group><units>mV</units></channel>\r\n"
	"<channel><name>12V</name><group>current</group><units>uA</units></channel>\r\n"
	"<channel><name>12V</name><group>power</group><units>mW</units></channel>\r\n"
	"<channel><name>3.3V</name><group>voltage</group><units>mV</units></channel>\r\n"
	"<channel><name>3.3V</name><group>current</group><units>mA</units></channel>\r\n"
	"<channel><name>3.3V</name><group>power</group><units>uW</units></channel>\r\n"
	"<channel><name>Tot</name><group>power</group><units>mW</units></channel>\r\n"
	"</channels>\r\n</header>";

TEST(header_power_channels)
{
	struct qis_header h;
	int64_t t;
	double w;

	CHECK_EQ_INT(qis_parse_header(header, &h), 0);
	CHECK_EQ_INT(h.period_ns, 512000);
	CHECK_EQ_INT(h.time_unit_ns, 1000);
	CHECK_EQ_INT(h.nchan, 8);
	CHECK_EQ_INT(h.npower, 2);	/* Tot is not a rail */
	CHECK_STREQ(h.rail, "12V+3.3V");
	/* status 12V_V 12V_I 12V_P 3V3_V 3V3_I 3V3_P Tot */
	CHECK_EQ_INT(qis_parse_stripe(&h, "1024 0 12000 500000 6000 3300 1000 3300000 9300", &t, &w), 0);
	CHECK_EQ_INT(t, 1024000);
	CHECK(w > 9.2999 && w < 9.3001);
	CHECK_EQ_INT(qis_parse_stripe(&h, "eof", &t, &w), -ENODATA);
	CHECK_EQ_INT(qis_parse_stripe(&h, "", &t, &w), -ENODATA);
	CHECK_EQ_INT(qis_parse_stripe(&h, "x 1 2", &t, &w), -EINVAL);
	/* an empty field where a rail's power should be */
	CHECK_EQ_INT(qis_parse_stripe(&h, "1024 0 12000 500000  3300 1000 3300000 9300", &t, &w),
		     -EINVAL);
	/* an empty field elsewhere is fine */
	CHECK_EQ_INT(qis_parse_stripe(&h, "1024  12000 500000 6000 3300 1000 3300000 9300", &t, &w), 0);
	CHECK(w > 9.2999 && w < 9.3001);
}

TEST(header_v_times_i_and_errors)
{
	struct qis_header h;
	char xml[2048];
	int64_t t;
	double w;

	snprintf(xml, sizeof(xml), "<?xml version=\"1.0\"?><header><version>V3</version>"
		 "<mainPeriod>100ns</mainPeriod><channels>"
		 "<channel><name>5V</name><group>current</group><units>mA</units></channel>"
		 "<channel><name>5V</name><group>voltage</group><units>mV</units></channel>"
		 "</channels></header>");
	CHECK_EQ_INT(qis_parse_header(xml, &h), 0);
	CHECK_EQ_INT(h.time_unit_ns, 1);
	CHECK_EQ_INT(h.npower, 0);
	CHECK_EQ_INT(h.npair, 1);
	CHECK_STREQ(h.rail, "5V");
	CHECK_EQ_INT(qis_parse_stripe(&h, "700 200 5000", &t, &w), 0);
	CHECK_EQ_INT(t, 700);
	CHECK(w > 0.9999 && w < 1.0001);
	CHECK_EQ_INT(qis_parse_header("Header Not Available", &h), -EPROTO);
	CHECK_EQ_INT(qis_parse_header("<?xml version=\"1.0\"?><header><version>V2</version>"
				      "<mainPeriod>4us</mainPeriod></header>", &h), -EPROTO);
	CHECK_EQ_INT(qis_parse_header("<?xml version=\"1.0\"?><header><version>V3</version>"
				      "<mainPeriod>4us</mainPeriod><channels><channel><name>T"
				      "</name><group>temperature</group><units>C</units></channel>"
				      "</channels></header>", &h), -ENOENT);
}

TEST(response_complete)
{
	const char *a = "OK\r\n>", *b = "1 2 3\r\n4 5", *c = "<?xml version=\"1.0\"?><header>"
		"<version>V3</version></header>", *d = "<?xml version=\"1.0\"?><header>"
		"<version>V3</version></header>\r\n>";

	CHECK(qis_response_complete(a, strlen(a)));
	CHECK(!qis_response_complete(b, strlen(b)));
	CHECK(!qis_response_complete(c, strlen(c)));	/* no prompt after the XML yet */
	CHECK(qis_response_complete(d, strlen(d)));
	CHECK(!qis_response_complete("", 0));
}

/* --- against the test server ---------------------------------------------- */

static pid_t server;
static int port;

static int start_server(const char *scenario)
{
	const char *dir = getenv("SSDQ_SRCDIR");
	char path[512], line[32];
	int pfd[2];
	FILE *f;

	snprintf(path, sizeof(path), "%s/test/power/qis_server.py", dir ? dir : ".");
	if (access(path, R_OK) || system("command -v python3 >/dev/null 2>&1"))
		return -1;
	if (pipe(pfd))
		return -1;
	server = fork();
	if (server == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		execlp("python3", "python3", path, "--scenario", scenario, "--lifetime", "20",
		       (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	f = fdopen(pfd[0], "r");
	port = f && fgets(line, sizeof(line), f) ? atoi(line) : 0;
	if (f)
		fclose(f);
	return port > 0 ? 0 : -1;
}

static void stop_server(void)
{
	if (server > 0) {
		kill(server, SIGTERM);
		waitpid(server, NULL, 0);
	}
	server = 0;
}

static int open_qis(const char *tail, struct ssdq_source **s, char *err, size_t len)
{
	struct ssdq_source_cfg cfg = { .rate_hz = 1000, .open_timeout_ms = 2000 };
	char spec[256];

	snprintf(spec, sizeof(spec), "qis:127.0.0.1:%d%s", port, tail);
	return ssdq_source_open(spec, &cfg, s, err, len);
}

/*
 * Read until @want samples came (the count in @count), a read failed (its
 * -errno returned) or 20 s passed (-ETIMEDOUT): a busy host only makes it
 * take longer. One check, however many samples: each is 9.3 W, a stripe
 * (1 ms) after the one before.
 */
static int pump(struct ssdq_source *s, int want, int *count)
{
	static struct ssdq_sample x[1024];
	int64_t last = 0;
	int ret = -ETIMEDOUT, bad = -1;

	*count = 0;
	for (int i = 0; i < 4000 && *count < want && bad < 0; i++) {
		int n = ssdq_source_read(s, 0, x, 1024);

		if (n < 0) {
			ret = n;
			break;
		}
		for (int k = 0; k < n && bad < 0; k++) {
			if (!(x[k].watts > 9.2999 && x[k].watts < 9.3001) ||
			    (last && x[k].time_us - last != 1000))
				bad = k;
			else
				last = x[k].time_us;
		}
		*count += n;
		if (*count < want)
			usleep(5000);
	}
	if (*count >= want)
		ret = 0;
	if (!CHECK(bad < 0)) {
		printf("  sample %d: %.4f W at %lld us, the one before at %lld\n", bad,
		       x[bad].watts, (long long)x[bad].time_us, (long long)last);
		return -EINVAL;
	}
	return ret;
}

TEST(live_normal)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int count = 0;
	int64_t now;

	if (start_server("normal")) {
		printf("  python3 or the test server missing: live QIS tests skipped\n");
		return;
	}
	CHECK_EQ_INT(open_qis("", &s, err, sizeof(err)), 0);
	if (!s) {
		printf("  %s\n", err);
		stop_server();
		return;
	}
	CHECK_STREQ(s->rail, "12V+3.3V");
	CHECK(s->streamed);
	/* 300 stripes, 1 ms apart */
	CHECK_EQ_INT(pump(s, 300, &count), 0);
	CHECK(count >= 300);
	{
		struct ssdq_sample x[1];

		/* stripe times are wall-clock times near now */
		now = 0;
		for (int i = 0; i < 4000 && !now; i++) {
			if (ssdq_source_read(s, 0, x, 1) == 1)
				now = x[0].time_us;
			usleep(5000);
		}
		CHECK(now > 1600000000000000LL);
		CHECK(llabs(now - (int64_t)time(NULL) * 1000000) < 5000000);
	}
	ssdq_source_close(s);

	/* a named module */
	CHECK_EQ_INT(open_qis(":USB:QTL1999-05-005", &s, err, sizeof(err)), 0);
	CHECK_EQ_INT(pump(s, 50, &count), 0);
	CHECK(count >= 50);
	ssdq_source_close(s);
	stop_server();
}

TEST(live_overrun)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int count = 0, after = 0, ret;

	if (start_server("overrun"))
		return;
	CHECK_EQ_INT(open_qis("", &s, err, sizeof(err)), 0);
	if (!s) {
		stop_server();
		return;
	}
	/* the 3rd poll overruns; the first two were 50 ms apart at least */
	ret = pump(s, INT_MAX, &count);
	CHECK_EQ_INT(ret, -EOVERFLOW);
	CHECK_CONTAINS(s->err, "overrun");
	CHECK(count > 0);
	/* the next read restarts the stream */
	CHECK_EQ_INT(pump(s, 100, &after), 0);
	CHECK(after >= 100);
	ssdq_source_close(s);
	stop_server();
}

TEST(live_dropped_connection)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int count = 0, after = 0, ret;

	if (start_server("drop"))
		return;
	CHECK_EQ_INT(open_qis("", &s, err, sizeof(err)), 0);
	if (!s) {
		stop_server();
		return;
	}
	ret = pump(s, INT_MAX, &count);
	CHECK_EQ_INT(ret, -ECONNRESET);
	CHECK_CONTAINS(s->err, "connection closed");
	/* the next read reconnects */
	CHECK_EQ_INT(pump(s, 100, &after), 0);
	CHECK(after >= 100);
	ssdq_source_close(s);
	stop_server();
}

TEST(live_open_errors)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int p;

	if (start_server("nodevice"))
		return;
	CHECK_EQ_INT(open_qis("", &s, err, sizeof(err)), -ENODEV);
	CHECK_CONTAINS(err, "lists no module");
	CHECK_CONTAINS(err, "power source \"qis:127.0.0.1:");
	p = port;
	stop_server();
	/* nothing listens there now */
	port = p;
	CHECK_EQ_INT(open_qis("", &s, err, sizeof(err)), -ECONNREFUSED);
	CHECK_CONTAINS(err, "cannot connect to QIS at 127.0.0.1");
	CHECK_EQ_INT(ssdq_source_open("qis:host:port", NULL, &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "expected qis:host:port[:module]");
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	RUN(header_power_channels);
	RUN(header_v_times_i_and_errors);
	RUN(response_complete);
	RUN(live_normal);
	RUN(live_overrun);
	RUN(live_dropped_connection);
	RUN(live_open_errors);
	stop_server();
	return harness_main();
}
