/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HARNESS_H
#define SSDQ_HARNESS_H

/*
 * A tiny unit test harness: one header, included by exactly one .c file per
 * test program.
 *
 *	TEST(parse_ok)
 *	{
 *		CHECK_EQ_INT(parse("12"), 12);
 *	}
 *
 *	int main(void)
 *	{
 *		RUN(parse_ok);
 *		return harness_main();
 *	}
 *
 * Every check counts once, passed or failed. A failed check prints where it
 * is and the values it saw, and the test goes on. harness_main() prints
 * "N passed, N failed" on a line by itself, the line test/run-tests.sh reads.
 * A program that cannot run at all calls SKIP("why"), which exits 77.
 *
 * Everything goes to stdout, so that failures and the summary stay in order
 * when the output is a pipe.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exit status of a skipped program, as automake and meson use it. */
#define HARNESS_EXIT_SKIP	77

struct harness {
	unsigned int passed;
	unsigned int failed;
	const char *test;	/* test running now */
};

static struct harness harness = { .test = "(none)" };

static inline void harness_fail_head(const char *file, int line)
{
	printf("%s:%d: in %s: ", file, line, harness.test);
}

/**
 * harness_check() - Count one check; on failure print @file:@line, the test
 * name and a message.
 * @ok: whether the check held
 * @file: source file of the check
 * @line: source line of the check
 * @fmt: printf format of the message printed on failure
 *
 * Return: @ok, so that a test can stop after a failed check.
 */
static inline int __attribute__((format(printf, 4, 5)))
harness_check(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		harness.passed++;
		return 1;
	}
	harness.failed++;
	harness_fail_head(file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return 0;
}

/* Whether @got lies within @share (0.02: 2 %) of @want. */
static inline int harness_near(double got, double want, double share)
{
	double d = got - want;

	return (d < 0 ? -d : d) <= share * (want < 0 ? -want : want);
}

static inline int harness_eq_int(long long a, long long b, const char *sa,
				 const char *sb, const char *file, int line)
{
	return harness_check(a == b, file, line,
			     "CHECK_EQ_INT(%s, %s) failed: %lld != %lld",
			     sa, sb, a, b);
}

static inline int harness_eq_u64(unsigned long long a, unsigned long long b,
				 const char *sa, const char *sb,
				 const char *file, int line)
{
	return harness_check(a == b, file, line,
			     "CHECK_EQ_U64(%s, %s) failed: %llu (0x%llx) != %llu (0x%llx)",
			     sa, sb, a, a, b, b);
}

/* Three %s arguments: a string in quotes, or NULL bare. */
#define HARNESS_QSTR(s)	(s) ? "\"" : "", (s) ? (s) : "NULL", (s) ? "\"" : ""

static inline int harness_streq(const char *a, const char *b, const char *sa,
				const char *sb, const char *file, int line)
{
	int ok = a && b ? !strcmp(a, b) : a == b;

	return harness_check(ok, file, line,
			     "CHECK_STREQ(%s, %s) failed: %s%s%s != %s%s%s",
			     sa, sb, HARNESS_QSTR(a), HARNESS_QSTR(b));
}

static inline int harness_contains(const char *h, const char *n,
				   const char *sh, const char *sn,
				   const char *file, int line)
{
	int ok = h && n && strstr(h, n);

	return harness_check(ok, file, line,
			     "CHECK_CONTAINS(%s, %s) failed: %s%s%s lacks %s%s%s",
			     sh, sn, HARNESS_QSTR(h), HARNESS_QSTR(n));
}

static inline void harness_hexdump(const char *tag, const unsigned char *p,
				   size_t n)
{
	size_t i;

	printf("  %s:", tag);
	for (i = 0; i < n; i++)
		printf(" %02x", p[i]);
	putchar('\n');
}

static inline int harness_memeq(const void *a, const void *b, size_t n,
				const char *sa, const char *sb,
				const char *file, int line)
{
	int ok = !memcmp(a, b, n);

	if (!harness_check(ok, file, line, "CHECK_MEMEQ(%s, %s, %zu) failed:",
			   sa, sb, n)) {
		harness_hexdump(sa, a, n);
		harness_hexdump(sb, b, n);
	}
	return ok;
}

/**
 * harness_run() - Run one test, then print whether all its checks held.
 * @name: test name, for messages
 * @fn: the test
 */
/**
 * harness_put_file() - Write @text to @dir/@name (a fixture a test makes),
 * replacing the file; a file that cannot be written stays as it was, and
 * the checks on what reads it say so.
 */
static inline void harness_put_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static inline void harness_run(const char *name, void (*fn)(void))
{
	unsigned int passed = harness.passed, failed = harness.failed;

	harness.test = name;
	fn();
	printf("%s %s (%u checks)\n", harness.failed == failed ? "ok  " : "FAIL",
	       name, harness.passed - passed + harness.failed - failed);
	harness.test = "(none)";
	fflush(stdout);
}

/**
 * harness_main() - Print the "N passed, N failed" summary line.
 *
 * Return: the exit status for main(): 0 when no check failed, 1 otherwise.
 */
static inline int harness_main(void)
{
	printf("%u passed, %u failed\n", harness.passed, harness.failed);
	fflush(stdout);
	return harness.failed ? 1 : 0;
}

/* Define a test; run it with RUN(name). */
#define TEST(name)	static void test_##name(void)
#define RUN(name)	harness_run(#name, test_##name)

/* Each check evaluates its arguments once and yields whether it held. */
#define CHECK(cond)							\
	harness_check(!!(cond), __FILE__, __LINE__, "CHECK(%s) failed", #cond)
#define CHECK_EQ_INT(a, b)						\
	harness_eq_int((long long)(a), (long long)(b), #a, #b,		\
		       __FILE__, __LINE__)
#define CHECK_EQ_U64(a, b)						\
	harness_eq_u64((unsigned long long)(a), (unsigned long long)(b),\
		       #a, #b, __FILE__, __LINE__)
#define CHECK_STREQ(a, b)						\
	harness_streq((a), (b), #a, #b, __FILE__, __LINE__)
#define CHECK_CONTAINS(haystack, needle)				\
	harness_contains((haystack), (needle), #haystack, #needle,	\
			 __FILE__, __LINE__)
#define CHECK_MEMEQ(a, b, n)						\
	harness_memeq((a), (b), (n), #a, #b, __FILE__, __LINE__)
#define CHECK_NEAR(got, want, share)					\
	harness_check(harness_near((got), (want), (share)), __FILE__,	\
		      __LINE__, "CHECK_NEAR(%s, %s): %.6f vs %.6f (%g%% allowed)", \
		      #got, #want, (double)(got), (double)(want), (double)(share) * 100)

/* The whole program cannot run here: say why and exit 77. */
#define SKIP(...)							\
	do {								\
		printf("SKIP: ");					\
		printf(__VA_ARGS__);					\
		putchar('\n');						\
		fflush(stdout);						\
		exit(HARNESS_EXIT_SKIP);				\
	} while (0)

#endif
