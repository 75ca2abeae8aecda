// SPDX-License-Identifier: GPL-2.0-only
/*
 * Erase without a drive: every command goes to the ioctl mock
 * (test/mock/ioctl_mock.h), which checks it field by field against a script
 * (Identify Controller, Sanitize and its status log, Format NVM from the
 * helper process, Dataset Management ranges), and the waits run on a
 * simulated clock that a stop request can be scheduled on. Checks which
 * method auto picks and when an asked-for one is refused, that every wait
 * ends at a stop within one slice, that a Sanitize gives up at its deadline
 * (the drive's estimate times two plus a minute, four hours without one),
 * that deallocate goes in bounded commands, that a Format is left to a
 * helper process that is named, and what each message says.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "bgcmd.h"
#include "erase.h"
#include "ioctl_mock.h"

/* --- a simulated clock with a stop request scheduled on it --------------- */

static struct {
	int64_t now;		/* µs */
	int64_t stop_at;	/* set the flag at this time; 0: never */
	volatile bool flag;
	unsigned long sleeps;
	unsigned int real_us;	/* real time each sleep lets a helper process run */
} fc;

static int64_t fc_mono(void *arg)
{
	(void)arg;
	return fc.now;
}

static void fc_sleep_until(void *arg, int64_t until)
{
	(void)arg;
	fc.sleeps++;
	if (fc.real_us)
		usleep(fc.real_us);
	if (until > fc.now)
		fc.now = until;
	if (fc.stop_at && fc.now >= fc.stop_at)
		fc.flag = true;
}

static const struct ssdq_clock fake_clock = {
	.realtime_us = fc_mono,
	.mono_us = fc_mono,
	.sleep_until = fc_sleep_until,
};

static void fc_reset(int64_t stop_at)
{
	memset(&fc, 0, sizeof(fc));
	fc.now = 1000000;
	fc.stop_at = stop_at ? 1000000 + stop_at : 0;
}

/* --- the drive, as scripts of the ioctl mock ---------------------------- */

#define NODE	"/dev/zero"
#define TMO	SSDQ_ERASE_ADMIN_TIMEOUT_MS
#define MAX_CMDS	20000

static struct ssdq_mock_cmd cmds[MAX_CMDS];
static size_t ncmds;
static uint8_t id_ctrl[4096];
static uint8_t sanlog[MAX_CMDS][16];		/* the first 16 bytes of each status read */
static struct { uint32_t cattr, nlb; uint64_t slba; } ranges[MAX_CMDS];
static struct ssdq_nsdev dev;
static char err[512];

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static struct ssdq_mock_cmd *add(void)
{
	struct ssdq_mock_cmd *c = &cmds[ncmds++];

	memset(c, 0, sizeof(*c));
	return c;
}

/* A controller: OACS Format, SANICAP block erase, ONCS DSM, NN, FNA. */
static void drive(int format, int sanitize, int dsm, unsigned int nn, int fna_all,
		  uint64_t bytes, unsigned int lba_shift)
{
	struct ssdq_mock_cmd *c;

	memset(id_ctrl, 0, sizeof(id_ctrl));
	id_ctrl[256] = format ? 0x02 : 0;
	put32(id_ctrl + 328, sanitize ? 0x2 : 0);
	put32(id_ctrl + 516, nn);
	id_ctrl[520] = dsm ? 0x04 : 0;
	id_ctrl[524] = fna_all ? 0x01 : 0;
	memset(&dev, 0, sizeof(dev));
	dev.fd = open(NODE, O_RDWR | O_CLOEXEC);
	dev.ns.nsid = 1;
	dev.ns.lba_shift = lba_shift;
	dev.ns.nlba = bytes >> lba_shift;
	dev.id.flba = 0;
	err[0] = '\0';
	ncmds = 0;
	c = add();
	*c = (struct ssdq_mock_cmd){ .what = "Identify Controller", .opcode = 0x06, .cdw10 = 1,
				     .data_len = 4096, .timeout_ms = TMO, .out_data = id_ctrl };
}

static void expect_sanitize(int err_status)
{
	*add() = (struct ssdq_mock_cmd){ .what = "Sanitize", .opcode = 0x84, .cdw10 = 0x2,
					 .timeout_ms = TMO, .err = err_status };
}

/* Sanitize Status log reads answering SSTAT @sstat with estimate @etbe. */
static void expect_status(unsigned int n, unsigned int sstat, uint32_t etbe)
{
	for (unsigned int i = 0; i < n; i++) {
		uint8_t *b = sanlog[ncmds];
		struct ssdq_mock_cmd *c = add();

		memset(b, 0, 16);
		b[2] = (uint8_t)sstat;
		put32(b + 12, etbe);
		*c = (struct ssdq_mock_cmd){ .what = "Sanitize Status log", .opcode = 0x02,
						 .nsid = 0xffffffff, .cdw10 = 0x81 | 127 << 16,
						 .data_len = 512, .timeout_ms = TMO,
						 .out_data = b, .out_len = 16 };
	}
}

static void expect_format(unsigned int flba, int err_status, void (*hook)(void *), void *arg)
{
	*add() = (struct ssdq_mock_cmd){ .what = "Format NVM", .opcode = 0x80, .nsid = 1,
					 .cdw10 = (flba & 0xf) | 1u << 9 | ((flba >> 4) & 3) << 12,
					 .timeout_ms = SSDQ_ERASE_MAX_MS, .err = err_status,
					 .hook = hook, .hook_arg = arg };
}

/* Dataset Management deallocates of the whole namespace, @per LBAs each. */
static unsigned int expect_deallocate(uint64_t per, void (*hook)(void *), unsigned int hook_at)
{
	unsigned int n = 0;

	for (uint64_t lba = 0; lba < dev.ns.nlba; lba += per, n++) {
		uint64_t len = dev.ns.nlba - lba < per ? dev.ns.nlba - lba : per;
		size_t i = ncmds;
		struct ssdq_mock_cmd *c = add();

		ranges[i].cattr = 0;
		ranges[i].nlb = htole32((uint32_t)len);
		ranges[i].slba = htole64(lba);
		*c = (struct ssdq_mock_cmd){ .what = "Dataset Management", .io = true,
					     .opcode = 0x09, .nsid = 1, .cdw10 = 0,
					     .cdw11 = 1u << 2, .data_len = 16, .timeout_ms = TMO,
					     .in_data = &ranges[i],
					     .hook = n + 1 == hook_at ? hook : NULL };
	}
	return n;
}

static void stop_now(void *arg)
{
	(void)arg;
	fc.flag = true;
}

/* Blocks the Format (in the helper) until the test writes to the pipe. */
static void block_on(void *arg)
{
	char c;

	if (read(*(int *)arg, &c, 1) < 0)
		return;
}

static int erase(enum ssdq_erase_method want, struct ssdq_erase_ctl *ctl,
		 enum ssdq_erase_method *used)
{
	enum ssdq_erase_method u;
	int ret;

	memset(ctl, 0, sizeof(*ctl));
	ctl->stop.flag = &fc.flag;
	ctl->stop.clock = &fake_clock;
	ssdq_mock_expect(cmds, ncmds);
	ret = ssdq_erase_ns(&dev, want, used ? used : &u, ctl, err, sizeof(err));
	close(dev.fd);
	return ret;
}

/* --- waits ---------------------------------------------------------------- */

TEST(wait_reaches_its_deadline_in_slices)
{
	struct ssdq_stop st = { .flag = &fc.flag, .clock = &fake_clock };

	fc_reset(0);
	CHECK_EQ_INT(ssdq_wait_for(&st, 10000000), 0);
	CHECK_EQ_INT(fc.now, 1000000 + 10000000);
	CHECK_EQ_INT(fc.sleeps, 10000000 / SSDQ_STOP_SLICE_US);
}

TEST(wait_ends_within_a_slice_of_a_stop)
{
	struct ssdq_stop st = { .flag = &fc.flag, .clock = &fake_clock };

	fc_reset(550000);
	CHECK_EQ_INT(ssdq_wait_for(&st, 10000000), -EINTR);
	CHECK(fc.now - fc.stop_at < SSDQ_STOP_SLICE_US);
	fc_reset(0);
	fc.flag = true;
	CHECK_EQ_INT(ssdq_wait_for(&st, 10000000), -EINTR);
	CHECK_EQ_INT(fc.sleeps, 0);
	CHECK_EQ_INT(ssdq_wait_for(NULL, 1000), 0);	/* real clock, no flag */
}

/* --- which method --------------------------------------------------------- */

TEST(auto_picks_and_falls_back)
{
	struct ssdq_erase_ctl ctl;
	enum ssdq_erase_method used;

	fc_reset(0);
	drive(1, 1, 1, 1, 1, 1ULL << 30, 9);		/* one namespace: sanitize */
	expect_sanitize(0);
	expect_status(1, 1, 0xffffffff);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, &used), 0);
	CHECK_EQ_INT(used, SSDQ_ERASE_SANITIZE);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(1, 1, 1, 2, 0, 1ULL << 30, 9);		/* two: a format of one namespace */
	expect_format(0, 0, NULL, NULL);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, &used), 0);
	CHECK_EQ_INT(used, SSDQ_ERASE_FORMAT);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(1, 1, 1, 2, 1, 1ULL << 30, 9);		/* a format would take both: deallocate */
	expect_deallocate(SSDQ_DEALLOC_CMD_BYTES >> 9, NULL, 0);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, &used), 0);
	CHECK_EQ_INT(used, SSDQ_ERASE_DEALLOCATE);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(0, 0, 0, 1, 0, 1ULL << 30, 9);		/* nothing */
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, &used), -EOPNOTSUPP);
	CHECK_CONTAINS(err, "supports none of Sanitize (block erase), Format NVM and Dataset");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

/* purge: auto's sanitize or format, never its deallocation (a SNIA PTS purge) */
TEST(purge_is_sanitize_or_format_only)
{
	struct ssdq_erase_ctl ctl;
	enum ssdq_erase_method used;

	fc_reset(0);
	drive(1, 1, 1, 1, 1, 1ULL << 30, 9);
	expect_sanitize(0);
	expect_status(1, 1, 0xffffffff);
	CHECK_EQ_INT(erase(SSDQ_ERASE_PURGE, &ctl, &used), 0);
	CHECK_EQ_INT(used, SSDQ_ERASE_SANITIZE);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(1, 1, 1, 2, 0, 1ULL << 30, 9);
	expect_format(0, 0, NULL, NULL);
	CHECK_EQ_INT(erase(SSDQ_ERASE_PURGE, &ctl, &used), 0);
	CHECK_EQ_INT(used, SSDQ_ERASE_FORMAT);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(1, 1, 1, 2, 1, 1ULL << 30, 9);		/* only deallocate is left: refused */
	CHECK_EQ_INT(erase(SSDQ_ERASE_PURGE, &ctl, &used), -EOPNOTSUPP);
	CHECK_EQ_INT(used, SSDQ_ERASE_PURGE);
	CHECK_CONTAINS(err, "ssdq_erase=purge: the drive supports no SNIA PTS purge for this "
		       "namespace (neither Sanitize block erase nor Format NVM on one namespace of "
		       "several); ssdq_erase=auto (ssdq-run --set SSDQ_PTS_PURGE=auto) goes on with "
		       "deallocation, not a PTS purge");
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	drive(0, 0, 0, 1, 0, 1ULL << 30, 9);
	CHECK_EQ_INT(erase(SSDQ_ERASE_PURGE, &ctl, &used), -EOPNOTSUPP);
	CHECK_CONTAINS(err, "goes on with nothing: no deallocate either");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

TEST(an_asked_method_the_drive_lacks_is_refused)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 2, 1, 1ULL << 30, 9);
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -EOPNOTSUPP);
	CHECK_CONTAINS(err, "ssdq_erase=sanitize: the drive does not support it on one namespace "
		       "of several (it would erase the others)");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	drive(1, 0, 0, 1, 0, 1ULL << 30, 9);
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl, NULL), -EOPNOTSUPP);
	CHECK_CONTAINS(err, "ssdq_erase=deallocate: the drive does not support it");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	cmds[0].out_data = NULL;
	cmds[0].err = -EACCES;				/* Identify Controller refused */
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, NULL), -EACCES);
	CHECK_CONTAINS(err, "Identify Controller: Permission denied (admin commands need root)");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

/* --- sanitize ------------------------------------------------------------- */

TEST(sanitize_completes)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0);
	expect_status(3, 2, 30);			/* in progress, estimate 30 s */
	expect_status(1, 1, 30);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, NULL), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);		/* every command with its timeout */
	CHECK_EQ_INT(fc.now - 1000000, 3 * SSDQ_SANITIZE_POLL_US);
	CHECK_EQ_INT(ctl.sanitize_est_s, 30);
}

TEST(sanitize_refused_or_failed)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0x411d);			/* Sanitize Prohibited While PMR Enabled */
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -EIO);
	CHECK_CONTAINS(err, "Sanitize (block erase): NVMe status 0x411d: ");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0);
	expect_status(1, 3, 0xffffffff);		/* SSTAT: completed, failed */
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -EIO);
	CHECK_CONTAINS(err, "Sanitize (block erase) failed (Sanitize Status log)");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

TEST(sanitize_gives_up_at_the_drives_estimate_plus_margin)
{
	int64_t limit = (10LL * SSDQ_SANITIZE_FACTOR + SSDQ_SANITIZE_MARGIN_S) * 1000000;
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0);
	/* a read at 0, 1, … 80 s: the one at 80 s finds the deadline past */
	expect_status((unsigned int)(limit / SSDQ_SANITIZE_POLL_US) + 1, 2, 10);
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -ETIMEDOUT);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK(fc.now - 1000000 >= limit);
	CHECK(fc.now - 1000000 < limit + SSDQ_SANITIZE_POLL_US);
	CHECK_CONTAINS(err, "still in progress after 80 s");
	CHECK_CONTAINS(err, "the drive estimated 10 s");
}

TEST(sanitize_without_an_estimate_gives_up_after_four_hours)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0);
	expect_status(SSDQ_ERASE_MAX_MS / 1000 + 1, 2, 0xffffffff);
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -ETIMEDOUT);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_EQ_INT((fc.now - 1000000) / 1000000, SSDQ_ERASE_MAX_MS / 1000);
	CHECK_CONTAINS(err, "the drive estimated nothing; the limit is 14400 s");
	CHECK_EQ_INT(ctl.sanitize_est_s, 0);
}

TEST(sanitize_stops_within_a_slice)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(5050000);
	drive(1, 1, 1, 1, 0, 1ULL << 30, 9);
	expect_sanitize(0);
	expect_status(6, 2, 600);			/* reads at 0 … 5 s */
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl, NULL), -EINTR);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK(fc.now - fc.stop_at < SSDQ_STOP_SLICE_US);
	CHECK_CONTAINS(err, "stopped after 5 s");
	CHECK_CONTAINS(err, "cannot be aborted");
}

/* --- deallocate ----------------------------------------------------------- */

TEST(deallocate_goes_in_bounded_commands)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(0, 0, 1, 1, 0, 100ULL << 30, 9);
	/* 32 + 32 + 32 + 4 GiB, each range checked (SLBA, NLB) */
	CHECK_EQ_INT(expect_deallocate(SSDQ_DEALLOC_CMD_BYTES >> 9, NULL, 0), 4);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, NULL), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	drive(0, 0, 1, 1, 0, 4ULL << 40, 12);
	CHECK_EQ_INT(expect_deallocate(SSDQ_DEALLOC_CMD_BYTES >> 12, NULL, 0), 128);
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl, NULL), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

TEST(deallocate_stops_between_commands)
{
	struct ssdq_erase_ctl ctl;
	size_t script;

	fc_reset(0);
	drive(0, 0, 1, 1, 0, 1ULL << 40, 9);
	expect_deallocate(SSDQ_DEALLOC_CMD_BYTES >> 9, stop_now, 2);
	script = ncmds;
	ncmds = 3;					/* Identify, two deallocates */
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl, NULL), -EINTR);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK(script > ncmds);
	CHECK_CONTAINS(err, "stopped at LBA 134217728 of 2147483648");
}

TEST(deallocate_refused)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(0, 0, 1, 1, 0, 1ULL << 30, 9);
	expect_deallocate(SSDQ_DEALLOC_CMD_BYTES >> 9, NULL, 0);
	cmds[1].err = 0x4080;
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl, NULL), -EIO);
	CHECK_CONTAINS(err, "Dataset Management (deallocate): NVMe status 0x4080: LBA Out of Range");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

/* --- format ----------------------------------------------------------------- */

TEST(format_in_a_helper_completes)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	/* the helper is a real process: each 100 ms slice of the simulated
	 * clock gives it 1 ms of real time to answer (144 s before the Format's
	 * 4 h limit), however busy the host */
	fc.real_us = 1000;
	drive(1, 0, 1, 1, 0, 1ULL << 30, 9);
	expect_format(0, 0, NULL, NULL);		/* sent from the helper process */
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl, NULL), 0);	/* auto: format without sanitize */
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_EQ_INT(ctl.left_pid, 0);
	drive(1, 0, 1, 1, 0, 1ULL << 30, 9);
	dev.id.flba = 17;				/* LBAF 17: bits 5:4 in CDW10 13:12 */
	expect_format(17, 0x4002, NULL, NULL);
	CHECK_EQ_INT(erase(SSDQ_ERASE_FORMAT, &ctl, NULL), -EIO);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_CONTAINS(err, "Format NVM (user data erase): ");
	CHECK_CONTAINS(err, "Invalid Field in Command");
}

TEST(format_stop_leaves_a_named_helper)
{
	struct ssdq_erase_ctl ctl;
	char want[64];
	int p[2], st = -1;

	fc_reset(3000000);
	drive(1, 0, 1, 1, 0, 1ULL << 30, 9);
	CHECK_EQ_INT(pipe(p), 0);
	expect_format(0, 0, block_on, &p[0]);
	CHECK_EQ_INT(erase(SSDQ_ERASE_FORMAT, &ctl, NULL), -EINTR);
	CHECK(fc.now - fc.stop_at < SSDQ_STOP_SLICE_US);
	CHECK(ctl.left_pid > 0);
	CHECK_EQ_INT(kill(ctl.left_pid, 0), 0);		/* still waiting for the drive */
	snprintf(want, sizeof(want), "helper pid %d [ssdq-format] holds the namespace",
		 (int)ctl.left_pid);
	CHECK_CONTAINS(err, want);
	CHECK_CONTAINS(err, "stopped after 3 s");
	CHECK_EQ_INT(write(p[1], "x", 1), 1);		/* the drive finishes */
	CHECK_EQ_INT(waitpid(ctl.left_pid, &st, 0), ctl.left_pid);
	CHECK(WIFEXITED(st) || WIFSIGNALED(st));
	CHECK_EQ_INT(ssdq_mock_end(), 0);		/* the helper sent it as scripted */
	close(p[0]);
	close(p[1]);
}

static int block_then(void *arg)
{
	int *p = arg;

	block_on(&p[0]);
	return p[2];
}

TEST(bg_call_deadline_and_answer)
{
	struct ssdq_stop stop = { .flag = &fc.flag, .clock = &fake_clock };
	pid_t left;
	int p[3];

	fc_reset(0);
	CHECK_EQ_INT(pipe(p), 0);
	p[2] = 0;
	CHECK_EQ_INT(ssdq_bg_call(block_then, p, "ssdq-test", &stop, fc.now + 2000000, &left),
		     -ETIMEDOUT);
	CHECK_EQ_INT(fc.now, 1000000 + 2000000);
	CHECK(left > 0);
	CHECK_EQ_INT(write(p[1], "x", 1), 1);
	CHECK_EQ_INT(waitpid(left, NULL, 0), left);
	/* the answer comes back from the helper, on the real clock */
	CHECK_EQ_INT(write(p[1], "x", 1), 1);
	p[2] = 0x4002;
	CHECK_EQ_INT(ssdq_bg_call(block_then, p, "ssdq-test", NULL, INT64_MAX, &left), 0x4002);
	CHECK_EQ_INT(left, 0);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	if (!ssdq_mock_loaded() || ssdq_mock_node(NODE))
		SKIP("the ioctl mock is not loaded ahead of libc");
	RUN(wait_reaches_its_deadline_in_slices);
	RUN(wait_ends_within_a_slice_of_a_stop);
	RUN(auto_picks_and_falls_back);
	RUN(purge_is_sanitize_or_format_only);
	RUN(an_asked_method_the_drive_lacks_is_refused);
	RUN(sanitize_completes);
	RUN(sanitize_refused_or_failed);
	RUN(sanitize_gives_up_at_the_drives_estimate_plus_margin);
	RUN(sanitize_without_an_estimate_gives_up_after_four_hours);
	RUN(sanitize_stops_within_a_slice);
	RUN(deallocate_goes_in_bounded_commands);
	RUN(deallocate_stops_between_commands);
	RUN(deallocate_refused);
	RUN(format_in_a_helper_completes);
	RUN(format_stop_leaves_a_named_helper);
	RUN(bg_call_deadline_and_answer);
	return harness_main();
}
