/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_OPT_PARSE_H
#define SSDQ_OPT_PARSE_H

/**
 * ssdq_parse_interval() - Parse a time interval as engine options take it:
 * a decimal number of seconds ("1", "0.25") or a number with a unit
 * ("100ms", "500us", "2s", "1.5m").
 * @str: the option's value
 * @usec: the interval in microseconds
 *
 * Return: 0, or -EINVAL for anything else (empty, negative, trailing text,
 * an unknown unit, more than a day).
 */
int ssdq_parse_interval(const char *str, unsigned long long *usec);

/**
 * ssdq_parse_number() - Parse an option's number strictly: the whole string
 * is a finite decimal ("10", "2.5", "1e3") within [@min, @max].
 * @str: the option's value
 * @min: smallest value allowed
 * @max: largest value allowed
 * @out: the number
 *
 * Return: 0, -EINVAL for anything but a number (empty, trailing text, nan),
 * -ERANGE for a number outside [@min, @max]; @out is left alone then.
 */
int ssdq_parse_number(const char *str, double min, double max, double *out);

#endif
