/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_COMPAT_H
#define SSDQ_FIO_COMPAT_H

/*
 * The fio releases ssdq builds against, and every difference between them
 * the engine meets: the next release is this one file to look at.
 * Included by ssdq.h after fio's own headers. docs/fio-versions.md tells
 * how each release was tried and what the report reads of its output.
 *
 * ssdq builds and runs against fio 3.25 to 3.42 (ioengine ops versions 27
 * to 39). fio ships no headers and changes struct thread_data, struct io_u
 * and struct ioengine_ops between releases, so ssdq.so is built against the
 * source of the fio that loads it and refuses any other release at load
 * (check_fio_version() in ssdq.c, on fio_version_string). The Makefile
 * passes the release the source tree names:
 *
 *   FIO_VERSION         "fio-3.33", fio's own version string (from the
 *                       tree's FIO-VERSION-FILE after fio's build, so a fio
 *                       from git, "fio-3.42-12-gabcd", matches itself)
 *   SSDQ_FIO_RELEASE    major * 100 + minor of that version: 325 ... 342
 *
 *   release    ops  server  what changes for ssdq
 *   3.25        27    86    fio stamps every queued io_u's issue_time after
 *                           ->queue() returns (below); <linux/raw.h>, which
 *                           kernel headers dropped in 5.14, is included by
 *                           fio's os-linux.h (docs/fio-versions.md)
 *   3.26        29    88
 *   3.27        30    89
 *   3.28-3.29   30    94-95 log_prio: fio's logs may carry a priority column
 *   3.30        31    96
 *   3.31-3.33   31    97    FIO_ASYNCIO_SETS_ISSUE_TIME: the engine stamps
 *   3.34-3.35   32    99-100
 *   3.36        33    101
 *   3.37        33    103   fio_send_iolog() sends per_job_logs: before it, a
 *                           client overwrites a log of the same name, so with
 *                           per_job_logs=0 and several jobs on one server
 *                           only the last job's sidecars would arrive (read
 *                           from fio's change 9af6c387, not tried)
 *   3.38-3.39   36    107
 *   3.40        37    111
 *   3.41-3.42   39    113-120
 *   git after   39    121   fio-3.42-135-gf5344: as 3.42
 *   3.42
 *
 * Everything else the engine uses (ops fields, option types and categories,
 * td->o fields, fio_send_iolog(), setup_log(), stored log chunks, the
 * latency histogram's bins) is the same in every release of the range.
 *
 * fio's output, as ssdq-report reads it (analysis/ knows nothing of this
 * header; it handles these where named), seen in runs of every release
 * (test/fixtures/releases):
 *
 *   3.36   options print log_unix_epoch as log_alternate_epoch: whether
 *          a job's logs are in Unix time is rpt_fio_unix_epoch()
 *          (analysis/fio_version.h); a job object gains "job_start" (ms),
 *          not read
 *   3.42   a job object gains "latency_target_ns", "latency_window_us",
 *          not read
 *
 * json+ bins, percentiles, client_stats with "All clients", the bw, iops
 * and lat logs (time, value, ddir, bs, offset[, prio]) and the clat hist
 * log (time, ddir, bs, then FIO_IO_U_PLAT_NR >> log_hist_coarseness bins:
 * analysis/hist_log.h) have one layout in every release of the range;
 * fio's client names a received log <name>.<host> in all of them. The JSON of releases before
 * 3.25 (fio 2.x units, no N): analysis/fio_version.h.
 */

#if FIO_IOOPS_VERSION < 27 || FIO_IOOPS_VERSION > 39
#error "ssdq supports fio 3.25 to 3.42 (ioengine ops versions 27-39); see engine/fio_compat.h"
#endif

#ifndef SSDQ_FIO_RELEASE
#error "SSDQ_FIO_RELEASE must give the fio release built against (the Makefile sets it)"
#endif

/*
 * SSDQ_FIO_ENGINE_STAMPS_ISSUE - 1 where the engine's commit stamps
 * io_u->issue_time and fio leaves it alone (FIO_ASYNCIO_SETS_ISSUE_TIME,
 * fio 3.31 on). Before that, fio stamps each io_u itself once ->queue()
 * returns FIO_Q_QUEUED, after any commit that call made: an I/O the engine
 * submitted inside that commit (iodepth above 1) gets a stamp taken after
 * its submission syscall, so its clat leaves out the time in the kernel's
 * submit path. At QD1 ssdq leaves the submission to fio's next wait
 * (uring_plan.h), so the stamp still precedes the syscall. ssdq's own stamp,
 * before the syscall, still gives the slat sample (io_u_queued()). The
 * engine says so once a run: SSDQ_FIO_COMPAT_LOSS.
 */
#if SSDQ_FIO_RELEASE >= 331
#define SSDQ_FIO_ENGINE_STAMPS_ISSUE	1
#define SSDQ_FIO_ISSUE_TIME_FLAG	FIO_ASYNCIO_SETS_ISSUE_TIME
#else
#define SSDQ_FIO_ENGINE_STAMPS_ISSUE	0
#define SSDQ_FIO_ISSUE_TIME_FLAG	0
#endif

/*
 * SSDQ_FIO_COMPAT_LOSS - what this fio release costs ssdq, one sentence for
 * stderr; not defined where nothing is lost.
 */
#if !SSDQ_FIO_ENGINE_STAMPS_ISSUE
#define SSDQ_FIO_COMPAT_LOSS \
	FIO_VERSION " (before fio 3.31) stamps an I/O's issue time itself after the engine " \
	"has queued it: at iodepth above 1, where ssdq submits in fio's commit, clat leaves " \
	"out the submit syscall (fio 3.31 and newer keep ssdq's stamp, taken before it)"
#endif

#endif
