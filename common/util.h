/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMMON_UTIL_H
#define SSDQ_COMMON_UTIL_H

/*
 * Small helpers of the bottom layer, for nvme/, power/ and engine/:
 * little-endian fields, JSON strings, one-line sysfs files. Includes
 * clock.h, so a file that stamps lines finds the clocks here too.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clock.h"

static inline uint16_t ssdq_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t ssdq_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t ssdq_le64(const uint8_t *p)
{
	return (uint64_t)ssdq_le32(p) | (uint64_t)ssdq_le32(p + 4) << 32;
}

/**
 * ssdq_json_str() - Write @s to @f as a JSON string, quotes included; NULL
 * is written as null. Control characters are escaped as \uXXXX.
 */
void ssdq_json_str(FILE *f, const char *s);

/**
 * ssdq_read_line() - Read the first line of a small file (sysfs attribute),
 * without its newline.
 * @path: the file
 * @buf: destination, NUL-terminated on success
 * @len: size of @buf
 *
 * Return: length of the line, or -errno.
 */
int ssdq_read_line(const char *path, char *buf, size_t len);

/**
 * ssdq_read_ll() - Read a file holding one decimal integer (sysfs).
 *
 * Return: 0, -errno from open/read, or -EINVAL when it holds no number.
 */
int ssdq_read_ll(const char *path, long long *val);

/** ssdq_trim() - Strip leading and trailing blanks of @s in place. */
char *ssdq_trim(char *s);

#endif
