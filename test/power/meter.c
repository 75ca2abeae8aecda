// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-test-meter: a stand-in power meter for the cmd: power source. Prints
 * one reading in watts per line at a steady rate, on CLOCK_MONOTONIC
 * absolute ticks (a late tick is printed at once, not skipped), one write(2)
 * per line (or per block with -b) so the reader sees each as it is made. Built static so it
 * runs in the test VM's initramfs:
 *
 *	gcc -static -O2 -o ssdq-test-meter test/power/meter.c
 *
 * usage: ssdq-test-meter [-i USEC] [-w WATTS] [-s WATTS] [-p N] [-n COUNT] [-t] [-b N]
 *   -i  interval between readings in µs (default 1000: 1 kHz)
 *   -w  the reading (default 5.0)
 *   -s  with -p: add this many watts to every other run of N readings
 *       (a square wave, to see averaging)
 *   -p  length of a run of the square wave in readings (default 0: none)
 *   -n  exit 0 after COUNT readings (default 0: never), to test a source
 *       that goes away
 *   -t  prefix each reading with its own CLOCK_REALTIME time in µs
 *   -b  blocks: every N intervals, write N readings at once, each stamped
 *       with the time it was due (implies -t), as a meter streaming blocks
 *       does; it wakes once per block
 * Exits 0 on SIGTERM/SIGPIPE or when the reader goes away, 2 on bad usage.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int usage(void)
{
	fputs("usage: ssdq-test-meter [-i USEC] [-w WATTS] [-s WATTS] [-p N] [-n COUNT] [-t] "
	      "[-b N]\n", stderr);
	return 2;
}

static int num(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return errno || end == s || *end ? -1 : 0;
}

int main(int argc, char **argv)
{
	double interval = 1000, watts = 5.0, step = 0, period = 0, count = 0, batch = 1;
	struct sigaction sa = { .sa_handler = on_signal };
	struct timespec next, rt0;
	unsigned long long n = 0;
	int stamp = 0, c;
	char buf[64 * 1024];
	size_t len = 0;

	while ((c = getopt(argc, argv, "i:w:s:p:n:tb:")) != -1) {
		double *v = c == 'i' ? &interval : c == 'w' ? &watts : c == 's' ? &step :
			    c == 'p' ? &period : c == 'n' ? &count : c == 'b' ? &batch : NULL;

		if (c == 't') {
			stamp = 1;
			continue;
		}
		if (!v || num(optarg, v))
			return usage();
	}
	if (optind != argc || interval < 1 || period < 0 || count < 0 || batch < 1 ||
	    batch > 1000)
		return usage();
	if (batch > 1)
		stamp = 1;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	clock_gettime(CLOCK_MONOTONIC, &next);
	clock_gettime(CLOCK_REALTIME, &rt0);
	while (!stop && (!count || n < (unsigned long long)count)) {
		double w = watts;

		if (period >= 1 && (n / (unsigned long long)period) % 2)
			w += step;
		if (stamp) {
			/* the reading's own time: when its tick was due */
			long long t = (long long)rt0.tv_sec * 1000000LL + rt0.tv_nsec / 1000 +
				      (long long)(n * interval);

			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%lld %.4f\n", t, w);
		} else {
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%.4f\n", w);
		}
		n++;
		next.tv_nsec += (long)(interval * 1000);
		while (next.tv_nsec >= 1000000000L) {
			next.tv_nsec -= 1000000000L;
			next.tv_sec++;
		}
		if (n % (unsigned long long)batch && !(count && n >= (unsigned long long)count))
			continue;	/* a block is slept for, and written, whole */
		/* a block goes out once its last reading is taken; a line at once */
		while (batch > 1 && !stop &&
		       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
			;
		if (write(STDOUT_FILENO, buf, len) != (ssize_t)len)
			return 0;	/* the reader went away */
		len = 0;
		while (batch == 1 && !stop &&
		       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
			;
	}
	return 0;
}
