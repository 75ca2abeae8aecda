/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_QIS_H
#define SSDQ_POWER_QIS_H

/*
 * Pure parts of the qis: source (source_qis.c), apart so tests can feed them
 * hand-made text. Quarch Instrument Server speaks lines ending "\r\n"; each
 * response ends with a ">" prompt. After "rec stream", "stream text header"
 * returns a V3 XML header (<mainPeriod>, then <channel> elements with
 * <name>, <group>, <units> in stripe column order), and each
 * "stream text all" returns the stripes buffered so far, one per line:
 * the time in the header's period unit, then one value per channel,
 * separated by spaces (an empty field for a channel without a value). A
 * final "eof" line means fewer stripes were buffered than a block holds.
 */

#include <stddef.h>
#include <stdint.h>

#define QIS_MAX_CHAN	32

/**
 * struct qis_header - what ssdq uses of a V3 stream header
 * @period_ns: stripe period (mainPeriod, else devicePeriod)
 * @time_unit_ns: unit of the time column: 1000 for "us" periods, 1 for "ns"
 * @nchan: channels, in column order
 * @power: columns summed as watts (group "power", not totals), each with
 *	its scale to W; @npower of them
 * @volt, @curr: V×I pairs (same channel name), used when there are no
 *	power channels; @npair of them
 * @rail: the rails summed, e.g. "12V+3.3V"
 */
struct qis_header {
	int64_t period_ns;
	int64_t time_unit_ns;
	int nchan;
	int npower, npair;
	int power[QIS_MAX_CHAN];
	double power_scale[QIS_MAX_CHAN];
	int volt[QIS_MAX_CHAN], curr[QIS_MAX_CHAN];
	double volt_scale[QIS_MAX_CHAN], curr_scale[QIS_MAX_CHAN];
	char rail[128];
};

/**
 * qis_parse_header() - Decode the V3 XML stream header.
 *
 * Return: 0, -EPROTO when @xml is not a V3 header with a period, -ENOENT
 * when it has neither power channels nor voltage/current pairs.
 */
int qis_parse_header(const char *xml, struct qis_header *h);

/**
 * qis_parse_stripe() - Decode one stripe line into its time and the sum of
 * its rails.
 * @h: the stream's header
 * @line: "time v1 v2 ..." without its line end
 * @t_ns: time since the stream started, in ns
 * @watts: sum of the rails
 *
 * Return: 0, -ENODATA for "eof" or a blank line, -EINVAL for a line that
 * is not a stripe or lacks a value of a rail.
 */
int qis_parse_stripe(const struct qis_header *h, const char *line, int64_t *t_ns,
		     double *watts);

/**
 * qis_response_complete() - Whether @buf holds a whole response: text up to
 * a ">" prompt at its end; for an XML response, a prompt after the closing
 * </header>.
 */
int qis_response_complete(const char *buf, size_t len);

#endif
