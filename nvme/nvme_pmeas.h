/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_PMEAS_H
#define SSDQ_NVME_PMEAS_H

/*
 * The drive's own power measurement: the Power Measurement feature (Feature
 * Identifier 25h) and the Power Measurement log page (Log Identifier 25h) of
 * NVM Express Base Specification 2.1's power measurement additions (the
 * ratified technical proposal nvme-cli's "feat power-meas" and
 * "power-measurement-log" decode), with the Identify Controller fields that
 * announce them (CTRATT bit 21 PMS, IPMSR bytes 393:392, MSMT bytes
 * 395:394). Debian 12's libnvme 1.3 knows none of it: the page is decoded
 * here from its bytes, host endian, units in the names.
 *
 * The measurement: Set Features 25h with Action 1h (start) clears the
 * count and starts collecting interval power measurements (each the mean of
 * the drive's samples over one interval, at most IPMSR apart); Action 0h
 * stops it. There is no separate reset: a start is one (the generation
 * number counts starts). The log gives the mean and the maximum of the
 * interval measurements since the start, their count, whether they are an
 * estimate rather than measured, and the drive's stated accuracy (Interval
 * Power Percent Error).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SSDQ_NVME_FID_POWER_MEAS	0x25
#define SSDQ_NVME_LID_POWER_MEAS	0x25

/* Power Measurement Set Features CDW11: ACT 3:0, PMTS 7:4, SMT 31:16 (min). */
enum ssdq_pmeas_action { SSDQ_PMEAS_STOP = 0, SSDQ_PMEAS_START = 1 };

/* Power Measurement Type 0h: the NVM subsystem's total power. */
#define SSDQ_PMEAS_TYPE_TOTAL		0

/**
 * ssdq_pmeas_cdw11() - CDW11 of Set Features Power Measurement.
 * @action: enum ssdq_pmeas_action
 * @type: Power Measurement Type Select (0: NVM subsystem total power)
 * @stop_min: Stop Measurement Time in minutes (0: none)
 */
uint32_t ssdq_pmeas_cdw11(unsigned int action, unsigned int type, uint16_t stop_min);

/**
 * struct ssdq_pmeas_log_page - the Power Measurement log header as it lies
 * (64 bytes, little endian), then @nphd Power Histogram Descriptors of
 * @phds bytes (Power Histogram Bin Count 4 bytes, Bin Lower Threshold 4
 * bytes), then @vss vendor specific bytes; the page is @sze bytes.
 */
struct ssdq_pmeas_log_page {
	uint8_t ver;		/* 0: version, 0h */
	uint8_t pmgn;		/* 1: generation: starts, modulo 256 */
	uint16_t pma;		/* 3:2 attributes: PME 0, NCPDF 1, EPF 2,
				 * MIPWRTS 3, PHDO 4, PMT 15:12 */
	uint32_t sze;		/* 7:4 the page's size in bytes */
	uint32_t pmc;		/* 11:8 interval measurements collected */
	uint16_t nphd;		/* 13:12 histogram descriptors in the page */
	uint16_t smtr;		/* 15:14 minutes left until it stops, 0: none */
	uint8_t smts[8];	/* 23:16 when it stopped (Timestamp) */
	uint16_t phds;		/* 25:24 a descriptor's size in bytes */
	uint16_t phbs;		/* 27:26 histogram bin size in mW (250) */
	uint16_t nphds;		/* 29:28 descriptors the drive can report */
	uint16_t vss;		/* 31:30 vendor specific bytes */
	uint32_t phdoc;		/* 35:32 measurements above the last bin */
	uint8_t rsvd36[4];
	uint32_t aipwr;		/* 43:40 Average Interval Power: PWRS 17:16, PWRV 15:0 */
	uint32_t mipwr;		/* 47:44 Maximum Interval Power, as @aipwr */
	uint8_t mipwrt[8];	/* 55:48 when the maximum was measured */
	uint8_t ipwrpe;		/* 56 Interval Power Percent Error, 255: not reported */
	uint8_t rsvd57[7];
} __attribute__((packed));

/* The page's fixed part; Get Log Page asks for this much. */
#define SSDQ_PMEAS_LOG_HEADER	64u

/**
 * struct ssdq_pmeas - a Power Measurement log page, decoded
 * @generation: Power Measurement Generation Number (starts, modulo 256)
 * @enabled: PME: the drive is collecting
 * @non_contiguous: NCPDF: the measurements have gaps (the drive paused them)
 * @estimated: EPF: the figures are the drive's estimate, not measured
 * @type: PMT, the measurement type (0: NVM subsystem total power)
 * @count: PMC, interval measurements since the start
 * @stop_left_min: SMTR, minutes until the drive stops (0: none set)
 * @avg_w: the mean of the interval measurements; NaN when not reported
 * @max_w: the largest interval measurement; NaN when not reported
 * @resolution_w: the power field's unit (0.0001 or 0.01 W) of @avg_w
 * @percent_error: the drive's stated accuracy, 0 to 100 %; -1 when not
 *	reported
 * @histogram: power histogram descriptors in the page
 */
struct ssdq_pmeas {
	unsigned int generation;
	bool enabled, non_contiguous, estimated;
	unsigned int type;
	uint32_t count;
	unsigned int stop_left_min;
	double avg_w, max_w, resolution_w;
	int percent_error;
	unsigned int histogram;
};

/**
 * ssdq_pmeas_power_w() - A power field (PWRS 17:16, PWRV 15:0) in watts.
 * @field: the field
 * @watts: set on success
 * @unit_w: optional, set to the field's unit (0.0001 or 0.01 W)
 *
 * Return: 0; -ENODATA for scale 0 (not reported); -EINVAL for the reserved
 * scale 3 or reserved bits 31:18 set.
 */
int ssdq_pmeas_power_w(uint32_t field, double *watts, double *unit_w);

/**
 * ssdq_pmeas_power_field() - @watts as a power field, in the finer unit
 * that holds it (0.0001 W up to 6.5535 W, else 0.01 W), rounded to the
 * nearest; 0.01 W × 65535 at most.
 */
uint32_t ssdq_pmeas_power_field(double watts);

/**
 * ssdq_pmeas_decode() - Decode a Power Measurement log page.
 * @buf: the page as read
 * @len: bytes read (at least the 64-byte header)
 * @out: filled on success
 * @why: on failure, one line saying what is wrong with the page
 * @whylen: size of @why
 *
 * Refused: fewer than 64 bytes; a version other than 0; a size (SZE) below
 * the header or smaller than its descriptors and vendor bytes; more
 * descriptors than the drive says it supports, or descriptors of a size
 * other than 8; reserved power scales or bits; a percent error of 101 to
 * 254; a maximum below the mean.
 *
 * Return: 0, -EBADMSG for a page refused (with @why).
 */
int ssdq_pmeas_decode(const void *buf, size_t len, struct ssdq_pmeas *out, char *why,
		      size_t whylen);

/**
 * ssdq_pmeas_encode() - Lay out @in as a Power Measurement page without
 * histogram (the drive model's answer to Get Log Page 25h).
 * @in: the figures (NaN powers: not reported)
 * @page: the 64-byte header written
 */
void ssdq_pmeas_encode(const struct ssdq_pmeas *in, struct ssdq_pmeas_log_page *page);

/**
 * struct ssdq_pmeas_caps - what Identify Controller says of the feature
 * @supported: CTRATT bit 21 (PMS), Power Measurement Support
 * @sample_us: IPMSR, the most time between the drive's samples, in µs
 *	(0: not reported)
 * @max_stop_min: MSMT, the largest Stop Measurement Time allowed, minutes
 */
struct ssdq_pmeas_caps {
	bool supported;
	double sample_us;
	unsigned int max_stop_min;
};

/**
 * ssdq_pmeas_caps_decode() - The power measurement fields of an Identify
 * Controller data structure (4096 bytes, as read).
 */
void ssdq_pmeas_caps_decode(const void *id_ctrl, struct ssdq_pmeas_caps *caps);

/**
 * ssdq_nvme_read_pmeas() - Get Log Page 25h (its 64-byte header) on @fd,
 * decoded.
 * @why: on failure, one line saying why there is no measurement
 *
 * Return: 0, an NVMe status (> 0), -EBADMSG for a page refused, -errno of
 * the ioctl.
 */
int ssdq_nvme_read_pmeas(int fd, uint32_t timeout_ms, struct ssdq_pmeas *out, char *why,
			 size_t whylen);

#endif
