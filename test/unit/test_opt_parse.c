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

int main(void)
{
	RUN(seconds_and_units);
	RUN(refusals);
	return harness_main();
}
