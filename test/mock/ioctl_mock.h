/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_IOCTL_MOCK_H
#define SSDQ_IOCTL_MOCK_H

/*
 * An ioctl() of its own for NVMe passthrough, in the manner of libnvme's
 * test/ioctl/mock.c: libssdq-ioctl-mock.so is linked into a test program
 * ahead of libc (and may be preloaded with LD_PRELOAD), so ssdq's calls and
 * libnvme's alike reach it. On every descriptor open on the char device
 * set with ssdq_mock_node() (say /dev/zero: it answers no NVMe ioctl of
 * its own) it answers NVME_IOCTL_ID with the namespace id set, and each admin or I/O
 * passthrough command with the next entry of the script set with
 * ssdq_mock_expect(): it checks every field ssdq sets (opcode, nsid,
 * cdw10-15, data length, timeout, and the data sent when the entry gives
 * it), copies the canned reply into the caller's buffer, sets DW0, and
 * returns the entry's NVMe status or fails with its errno. Any other
 * descriptor or request goes to libc's ioctl().
 *
 * A command that differs from its entry, or comes after the script has
 * ended, is printed (naming the entry and the field) and counted, and the
 * ioctl fails with EPROTO. The count and the script's position live in
 * memory shared with child processes, so a command a forked helper sends
 * (the engine's Format NVM) is checked as well.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct ssdq_mock_cmd - one expected command and its answer
 * @what: its name in messages ("Identify Controller")
 * @io: an I/O command (NVME_IOCTL_IO_CMD / IO64), else an admin one
 * @opcode, @nsid, @cdw10 … @cdw15, @data_len, @timeout_ms: expected values
 * @in_data: when set, the @data_len bytes the command must carry
 * @out_data: when set, copied to the command's buffer (@out_len bytes, or
 *	@data_len when 0)
 * @out_len: see @out_data
 * @result: DW0 of the completion
 * @err: < 0: ioctl() fails with errno -@err; > 0: the NVMe status returned
 * @hook: when set, called (with @hook_arg) before the answer: to block
 *	like a long command or to flip a flag mid-script
 * @hook_arg: see @hook
 */
struct ssdq_mock_cmd {
	const char *what;
	bool io;
	uint8_t opcode;
	uint32_t nsid;
	uint32_t cdw10, cdw11, cdw12, cdw13, cdw14, cdw15;
	uint32_t data_len;
	uint32_t timeout_ms;
	const void *in_data;
	const void *out_data;
	uint32_t out_len;
	uint32_t result;
	int err;
	void (*hook)(void *arg);
	void *hook_arg;
};

/**
 * ssdq_mock_node() - The char device whose descriptors the mock answers on.
 *
 * Return: 0, or -errno when @path cannot be stat'ed or is no char device.
 */
int ssdq_mock_node(const char *path);

/**
 * ssdq_mock_nsid() - What NVME_IOCTL_ID answers on the mock descriptor:
 * @nsid (> 0), or a failure with errno -@nsid (< 0).
 */
void ssdq_mock_nsid(int nsid);

/**
 * ssdq_mock_expect() - Start a script: the next @n passthrough commands on
 * the mock descriptor must be @cmds, in order (@cmds stays valid until
 * ssdq_mock_end()). The count of problems is reset.
 */
void ssdq_mock_expect(const struct ssdq_mock_cmd *cmds, size_t n);

/**
 * ssdq_mock_end() - End the script; an entry never sent is a problem too.
 *
 * Return: the problems of the script (0: every command as expected).
 */
unsigned int ssdq_mock_end(void);

/** ssdq_mock_sent() - How many commands of the script were sent so far. */
size_t ssdq_mock_sent(void);

/**
 * ssdq_mock_loaded() - Whether ioctl() calls reach the mock (it was linked
 * ahead of libc or preloaded).
 */
bool ssdq_mock_loaded(void);

#endif
