/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMMON_LOG_H
#define SSDQ_COMMON_LOG_H

/*
 * ssdq's messages: one line "ssdq: <message>" on stderr, in one write(2),
 * never through fio's log_err() (which writes into fio's --output file).
 * The engine, inside `fio --server`, hands the line to fio's client first
 * (ssdq_log_set_sink(), engine/remote.h).
 */

#include <stddef.h>

/**
 * typedef ssdq_log_sink - takes a whole line (@len bytes, newline included)
 *
 * Return: 0 when it took the line, nonzero to have it written on stderr.
 */
typedef int (*ssdq_log_sink)(const char *line, size_t len);

/** ssdq_log_set_sink() - Send later lines to @sink first; NULL: stderr only. */
void ssdq_log_set_sink(ssdq_log_sink sink);

/**
 * ssdq_log() - Print "ssdq: <message>\n" in one write: to the sink when
 * one is set and takes it, else on stderr. Lines longer than 1 KiB are cut.
 */
void ssdq_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
