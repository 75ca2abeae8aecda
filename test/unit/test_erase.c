// SPDX-License-Identifier: GPL-2.0-only
/*
 * Erase without a drive: the commands go to a mock (struct
 * ssdq_erase_ops), the waits run on a simulated clock that a stop request
 * can be scheduled on. Checks that every wait ends at a stop within one
 * slice, that a Sanitize gives up at its deadline (the drive's estimate
 * times two plus a minute, four hours without one), that deallocate goes
 * in bounded commands, that a Format is left to a helper process that is
 * named, and what each message says.
 */
#include <errno.h>
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

/* --- a simulated clock with a stop request scheduled on it --------------- */

static struct {
	int64_t now;		/* µs */
	int64_t stop_at;	/* set the flag at this time; 0: never */
	volatile bool flag;
	unsigned long sleeps;
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

/* --- the mock drive ------------------------------------------------------ */

static struct {
	/* Identify Controller */
	int format, sanitize, dsm, nn;
	/* Sanitize Status: in progress for this many reads (-1: for ever) */
	int sanitize_polls;
	uint32_t etbe;
	/* Format: answer this; block until @release is readable when set */
	int format_ret;
	int release;
	/* seen */
	unsigned int admin_cmds, bad_timeouts, log_reads;
	unsigned int dsm_cmds, stop_after_dsm;
	uint64_t next_lba, max_nlb;
	int gap;
} mk;

static int mock_admin(void *arg, int fd, struct nvme_passthru_cmd *cmd)
{
	unsigned char *b = (unsigned char *)(uintptr_t)cmd->addr;

	(void)arg;
	(void)fd;
	mk.admin_cmds++;
	switch (cmd->opcode) {
	case SSDQ_NVME_ADMIN_IDENTIFY:
		if (cmd->timeout_ms != SSDQ_ERASE_ADMIN_TIMEOUT_MS)
			mk.bad_timeouts++;
		b[256] = mk.format ? 0x02 : 0;
		b[328] = mk.sanitize ? 0x02 : 0;
		b[516] = (unsigned char)mk.nn;
		b[520] = mk.dsm ? 0x04 : 0;
		return 0;
	case 0x84:	/* Sanitize */
		if (cmd->timeout_ms != SSDQ_ERASE_ADMIN_TIMEOUT_MS)
			mk.bad_timeouts++;
		return 0;
	case 0x02:	/* Get Log Page: Sanitize Status */
		if (cmd->timeout_ms != SSDQ_ERASE_ADMIN_TIMEOUT_MS)
			mk.bad_timeouts++;
		mk.log_reads++;
		b[2] = mk.sanitize_polls < 0 || mk.sanitize_polls-- > 0 ? 2 : 1;
		memcpy(b + 12, &mk.etbe, 4);
		return 0;
	case 0x80:	/* Format NVM: runs in the helper process */
		if (cmd->timeout_ms != SSDQ_ERASE_MAX_MS)
			return -EBADMSG;
		if (mk.release >= 0) {
			char c;

			if (read(mk.release, &c, 1) < 0)
				return -EIO;
		}
		cmd->result = 0x5a;
		return mk.format_ret;
	}
	return 0x4001;	/* Invalid Opcode */
}

static int mock_io(void *arg, int fd, struct nvme_passthru_cmd64 *cmd)
{
	const struct ssdq_dsm_range *r = (const void *)(uintptr_t)cmd->addr;

	(void)arg;
	(void)fd;
	if (cmd->opcode != SSDQ_NVME_CMD_DSM || !(cmd->cdw11 & SSDQ_NVME_DSM_AD))
		return 0x4001;
	if (r->slba != mk.next_lba)
		mk.gap = 1;
	mk.next_lba = r->slba + r->nlb;
	if (r->nlb > mk.max_nlb)
		mk.max_nlb = r->nlb;
	if (++mk.dsm_cmds == mk.stop_after_dsm)
		fc.flag = true;
	return 0;
}

static const struct ssdq_erase_ops mock_ops = { .admin = mock_admin, .io = mock_io };

static struct ssdq_nsdev dev;
static char err[512];

static void drive(int format, int sanitize, int dsm, uint64_t bytes, unsigned int lba_shift)
{
	memset(&mk, 0, sizeof(mk));
	mk.format = format;
	mk.sanitize = sanitize;
	mk.dsm = dsm;
	mk.nn = 1;
	mk.release = -1;
	mk.etbe = 0xffffffffu;
	memset(&dev, 0, sizeof(dev));
	dev.fd = -1;
	dev.ns.nsid = 1;
	dev.ns.lba_shift = lba_shift;
	dev.ns.nlba = bytes >> lba_shift;
	err[0] = '\0';
}

static int erase(enum ssdq_erase_method want, struct ssdq_erase_ctl *ctl)
{
	enum ssdq_erase_method used;

	memset(ctl, 0, sizeof(*ctl));
	ctl->stop.flag = &fc.flag;
	ctl->stop.clock = &fake_clock;
	ctl->ops = &mock_ops;
	return ssdq_erase_ns(&dev, want, &used, ctl, err, sizeof(err));
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

/* --- sanitize ------------------------------------------------------------- */

TEST(sanitize_completes)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1ULL << 30, 9);
	mk.sanitize_polls = 3;
	mk.etbe = 30;
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl), 0);
	CHECK_EQ_INT(mk.log_reads, 4);
	CHECK_EQ_INT(fc.now - 1000000, 3 * SSDQ_SANITIZE_POLL_US);
	CHECK_EQ_INT(ctl.sanitize_est_s, 30);
	CHECK_EQ_INT(mk.bad_timeouts, 0);	/* every admin command carries a timeout */
}

TEST(sanitize_gives_up_at_the_drives_estimate_plus_margin)
{
	int64_t limit = (10LL * SSDQ_SANITIZE_FACTOR + SSDQ_SANITIZE_MARGIN_S) * 1000000;
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1ULL << 30, 9);
	mk.sanitize_polls = -1;
	mk.etbe = 10;
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl), -ETIMEDOUT);
	CHECK(fc.now - 1000000 >= limit);
	CHECK(fc.now - 1000000 < limit + SSDQ_SANITIZE_POLL_US);
	CHECK_CONTAINS(err, "still in progress after 80 s");
	CHECK_CONTAINS(err, "the drive estimated 10 s");
}

TEST(sanitize_without_an_estimate_gives_up_after_four_hours)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 1, 1, 1ULL << 30, 9);
	mk.sanitize_polls = -1;
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl), -ETIMEDOUT);
	CHECK_EQ_INT((fc.now - 1000000) / 1000000, SSDQ_ERASE_MAX_MS / 1000);
	CHECK_CONTAINS(err, "the drive estimated nothing; the limit is 14400 s");
	CHECK_EQ_INT(ctl.sanitize_est_s, 0);
}

TEST(sanitize_stops_within_a_slice)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(5050000);
	drive(1, 1, 1, 1ULL << 30, 9);
	mk.sanitize_polls = -1;
	mk.etbe = 600;
	CHECK_EQ_INT(erase(SSDQ_ERASE_SANITIZE, &ctl), -EINTR);
	CHECK(fc.now - fc.stop_at < SSDQ_STOP_SLICE_US);
	CHECK_CONTAINS(err, "stopped after 5 s");
	CHECK_CONTAINS(err, "cannot be aborted");
}

/* --- deallocate ----------------------------------------------------------- */

TEST(deallocate_goes_in_bounded_commands)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(0, 0, 1, 100ULL << 30, 9);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl), 0);
	CHECK_EQ_INT(mk.dsm_cmds, 4);			/* 32 + 32 + 32 + 4 GiB */
	CHECK_EQ_U64(mk.next_lba, dev.ns.nlba);
	CHECK_EQ_INT(mk.gap, 0);
	CHECK_EQ_U64(mk.max_nlb, SSDQ_DEALLOC_CMD_BYTES >> 9);
	fc_reset(0);
	drive(0, 0, 1, 4ULL << 40, 12);
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl), 0);
	CHECK_EQ_INT(mk.dsm_cmds, 128);
	CHECK_EQ_U64(mk.next_lba, dev.ns.nlba);
}

TEST(deallocate_stops_between_commands)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(0, 0, 1, 1ULL << 40, 9);
	mk.stop_after_dsm = 2;
	CHECK_EQ_INT(erase(SSDQ_ERASE_DEALLOCATE, &ctl), -EINTR);
	CHECK_EQ_INT(mk.dsm_cmds, 2);
	CHECK_CONTAINS(err, "stopped at LBA 134217728 of 2147483648");
}

/* --- format ----------------------------------------------------------------- */

TEST(format_in_a_helper_completes)
{
	struct ssdq_erase_ctl ctl;

	fc_reset(0);
	drive(1, 0, 1, 1ULL << 30, 9);
	CHECK_EQ_INT(erase(SSDQ_ERASE_AUTO, &ctl), 0);	/* auto: format without sanitize */
	CHECK_EQ_INT(ctl.left_pid, 0);
	fc_reset(0);
	drive(1, 0, 1, 1ULL << 30, 9);
	mk.format_ret = 0x4002;
	CHECK_EQ_INT(erase(SSDQ_ERASE_FORMAT, &ctl), -EIO);
	CHECK_CONTAINS(err, "Format NVM (user data erase): ");
	CHECK_CONTAINS(err, "Invalid Field in Command");
}

TEST(format_stop_leaves_a_named_helper)
{
	struct ssdq_erase_ctl ctl;
	char want[64];
	int p[2], st = -1;

	fc_reset(3000000);
	drive(1, 0, 1, 1ULL << 30, 9);
	CHECK_EQ_INT(pipe(p), 0);
	mk.release = p[0];
	CHECK_EQ_INT(erase(SSDQ_ERASE_FORMAT, &ctl), -EINTR);
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
	close(p[0]);
	close(p[1]);
}

TEST(bg_admin_deadline_and_answer)
{
	struct ssdq_stop stop = { .flag = &fc.flag, .clock = &fake_clock };
	struct nvme_passthru_cmd cmd = { .opcode = 0x80, .timeout_ms = SSDQ_ERASE_MAX_MS };
	pid_t left;
	int p[2];

	fc_reset(0);
	drive(1, 0, 1, 1ULL << 30, 9);
	CHECK_EQ_INT(pipe(p), 0);
	mk.release = p[0];
	CHECK_EQ_INT(ssdq_bg_admin(mock_admin, NULL, -1, &cmd, "ssdq-test", &stop,
				   fc.now + 2000000, &left), -ETIMEDOUT);
	CHECK_EQ_INT(fc.now, 1000000 + 2000000);
	CHECK(left > 0);
	CHECK_EQ_INT(write(p[1], "x", 1), 1);
	CHECK_EQ_INT(waitpid(left, NULL, 0), left);
	close(p[0]);
	close(p[1]);
	/* the answer and DW0 come back from the helper, on the real clock */
	mk.release = -1;
	mk.format_ret = 0x4002;
	cmd.result = 0;
	CHECK_EQ_INT(ssdq_bg_admin(mock_admin, NULL, -1, &cmd, "ssdq-test", NULL, INT64_MAX,
				   &left), 0x4002);
	CHECK_EQ_INT(cmd.result, 0x5a);
	CHECK_EQ_INT(left, 0);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	RUN(wait_reaches_its_deadline_in_slices);
	RUN(wait_ends_within_a_slice_of_a_stop);
	RUN(sanitize_completes);
	RUN(sanitize_gives_up_at_the_drives_estimate_plus_margin);
	RUN(sanitize_without_an_estimate_gives_up_after_four_hours);
	RUN(sanitize_stops_within_a_slice);
	RUN(deallocate_goes_in_bounded_commands);
	RUN(deallocate_stops_between_commands);
	RUN(format_in_a_helper_completes);
	RUN(format_stop_leaves_a_named_helper);
	RUN(bg_admin_deadline_and_answer);
	return harness_main();
}
