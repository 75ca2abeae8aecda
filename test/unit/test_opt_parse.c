// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>

#include "harness.h"
#include "opt_parse.h"

static unsigned long long us;

TEST(seconds_and_units)
{
	CHECK_EQ_INT(ssdq_parse_interval("1", &us), 0);
	CHECK_EQ_U64(us, 1000000);
	CHECK_EQ_INT(ssdq_parse_interval("0.1", &us), 0);
	CHECK_EQ_U64(us, 100000);
	CHECK_EQ_INT(ssdq_parse_interval("0", &us), 0);
	CHECK_EQ_U64(us, 0);
	CHECK_EQ_INT(ssdq_parse_interval("100ms", &us), 0);
	CHECK_EQ_U64(us, 100000);
	CHECK_EQ_INT(ssdq_parse_interval("250us", &us), 0);
	CHECK_EQ_U64(us, 250);
	CHECK_EQ_INT(ssdq_parse_interval("2s", &us), 0);
	CHECK_EQ_U64(us, 2000000);
	CHECK_EQ_INT(ssdq_parse_interval("1.5m", &us), 0);
	CHECK_EQ_U64(us, 90000000);
}

TEST(refusals)
{
	us = 42;
	CHECK_EQ_INT(ssdq_parse_interval("", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval(NULL, &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("-1", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("abc", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("10 s", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("10h", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("1e9", &us), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_interval("nan", &us), -EINVAL);
	CHECK_EQ_U64(us, 42);
}

TEST(numbers_strictly)
{
	double v = 42;

	CHECK_EQ_INT(ssdq_parse_number("10", 0.1, 20000, &v), 0);
	CHECK(v == 10);
	CHECK_EQ_INT(ssdq_parse_number("2.5", 0.1, 20000, &v), 0);
	CHECK(v == 2.5);
	CHECK_EQ_INT(ssdq_parse_number("1e3", 0.1, 20000, &v), 0);
	CHECK(v == 1000);
	v = 42;
	/* fio reads "1e9" as 1 and lets "-5" pass with the default */
	CHECK_EQ_INT(ssdq_parse_number("1e9", 0.1, 20000, &v), -ERANGE);
	CHECK_EQ_INT(ssdq_parse_number("-5", 0.1, 20000, &v), -ERANGE);
	CHECK_EQ_INT(ssdq_parse_number("0", 0.1, 20000, &v), -ERANGE);
	CHECK_EQ_INT(ssdq_parse_number("10 Hz", 0.1, 20000, &v), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_number("", 0.1, 20000, &v), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_number(NULL, 0.1, 20000, &v), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_number("nan", 0.1, 20000, &v), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_number("inf", 0.1, 20000, &v), -EINVAL);
	CHECK(v == 42);
}

int main(void)
{
	RUN(seconds_and_units);
	RUN(refusals);
	RUN(numbers_strictly);
	return harness_main();
}
