// SPDX-License-Identifier: GPL-2.0-only
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "ioctl_mock.h"

/* The script's position and problems, shared with forked children. */
struct shared {
	size_t next;
	unsigned int problems;
	bool active;
	dev_t rdev;
	int nsid;
};

static struct shared fallback;
static struct shared *sh = &fallback;
static const struct ssdq_mock_cmd *script;
static size_t script_len;

__attribute__((constructor)) static void mock_init(void)
{
	void *p = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		       -1, 0);

	if (p != MAP_FAILED) {
		sh = p;
		*sh = fallback;
	}
}

int ssdq_mock_node(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -errno;
	if (!S_ISCHR(st.st_mode))
		return -ENODEV;
	sh->rdev = st.st_rdev;
	sh->active = true;
	return 0;
}

static bool mocked(int fd)
{
	struct stat st;

	return sh->active && !fstat(fd, &st) && S_ISCHR(st.st_mode) && st.st_rdev == sh->rdev;
}

void ssdq_mock_nsid(int nsid)
{
	sh->nsid = nsid;
}

void ssdq_mock_expect(const struct ssdq_mock_cmd *cmds, size_t n)
{
	script = cmds;
	script_len = n;
	__atomic_store_n(&sh->next, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&sh->problems, 0, __ATOMIC_SEQ_CST);
}

size_t ssdq_mock_sent(void)
{
	return __atomic_load_n(&sh->next, __ATOMIC_SEQ_CST);
}

static void __attribute__((format(printf, 1, 2))) problem(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	/* unbuffered: a forked helper's line must not be lost or doubled */
	if (write(1, "ioctl mock: ", 12) < 0 || write(1, line, (size_t)n) < 0)
		return;
	__atomic_add_fetch(&sh->problems, 1, __ATOMIC_SEQ_CST);
}

unsigned int ssdq_mock_end(void)
{
	size_t sent = ssdq_mock_sent();

	if (sent < script_len)
		problem("%zu of %zu commands never sent, the first: %s", script_len - sent,
			script_len, script[sent].what);
	script = NULL;
	script_len = 0;
	return __atomic_load_n(&sh->problems, __ATOMIC_SEQ_CST);
}

bool ssdq_mock_loaded(void)
{
	int saved = sh->nsid, fd = open("/dev/zero", O_RDONLY | O_CLOEXEC), ret;
	struct shared keep = *sh;

	if (fd < 0 || ssdq_mock_node("/dev/zero")) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	sh->nsid = 4242;
	ret = ioctl(fd, NVME_IOCTL_ID);
	close(fd);
	*sh = keep;
	sh->nsid = saved;
	return ret == 4242;
}

/* Fields of both passthrough layouts, host endian as the kernel takes them. */
struct seen {
	uint8_t opcode;
	uint32_t nsid, cdw10, cdw11, cdw12, cdw13, cdw14, cdw15, data_len, timeout_ms;
	void *addr;
};

#define FIELD(f)							\
	do {								\
		if (s->f != m->f) {					\
			problem("command %zu (%s): %s 0x%x, expected 0x%x", i, m->what, #f, \
				(unsigned int)s->f, (unsigned int)m->f); \
			ok = false;					\
		}							\
	} while (0)

/* Check @s against the next entry; 0 and the entry, or -1 (a problem). */
static const struct ssdq_mock_cmd *take(const struct seen *s, bool io)
{
	size_t i = __atomic_fetch_add(&sh->next, 1, __ATOMIC_SEQ_CST);
	const struct ssdq_mock_cmd *m;
	bool ok = true;

	if (!script || i >= script_len) {
		problem("unexpected %s command %zu: opcode 0x%02x nsid 0x%x cdw10 0x%x",
			io ? "I/O" : "admin", i, s->opcode, s->nsid, s->cdw10);
		return NULL;
	}
	m = &script[i];
	if (m->io != io) {
		problem("command %zu (%s): an %s command, expected an %s one", i, m->what,
			io ? "I/O" : "admin", m->io ? "I/O" : "admin");
		ok = false;
	}
	FIELD(opcode);
	FIELD(nsid);
	FIELD(cdw10);
	FIELD(cdw11);
	FIELD(cdw12);
	FIELD(cdw13);
	FIELD(cdw14);
	FIELD(cdw15);
	FIELD(data_len);
	FIELD(timeout_ms);
	if (ok && m->in_data && memcmp(s->addr, m->in_data, m->data_len)) {
		problem("command %zu (%s): the data sent differs", i, m->what);
		ok = false;
	}
	return ok ? m : NULL;
}

static int answer(const struct ssdq_mock_cmd *m, void *addr, uint32_t data_len,
		  uint64_t *result)
{
	if (!m) {
		errno = EPROTO;
		return -1;
	}
	if (m->hook)
		m->hook(m->hook_arg);
	if (m->out_data && addr)
		memcpy(addr, m->out_data, m->out_len ? m->out_len : data_len);
	*result = m->result;
	if (m->err < 0) {
		errno = -m->err;
		return -1;
	}
	return m->err;
}

#define SEEN(c) {							\
	.opcode = (c)->opcode, .nsid = (c)->nsid, .cdw10 = (c)->cdw10,	\
	.cdw11 = (c)->cdw11, .cdw12 = (c)->cdw12, .cdw13 = (c)->cdw13,	\
	.cdw14 = (c)->cdw14, .cdw15 = (c)->cdw15,			\
	.data_len = (c)->data_len, .timeout_ms = (c)->timeout_ms,	\
	.addr = (void *)(uintptr_t)(c)->addr }

int ioctl(int fd, unsigned long request, ...)
{
	static int (*real)(int, unsigned long, ...);
	uint64_t result = 0;
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if ((request != NVME_IOCTL_ID && request != NVME_IOCTL_ADMIN_CMD &&
	     request != NVME_IOCTL_ADMIN64_CMD && request != NVME_IOCTL_IO_CMD &&
	     request != NVME_IOCTL_IO64_CMD) || !mocked(fd)) {
		if (!real)
			real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
		if (!real) {
			errno = ENOSYS;
			return -1;
		}
		return real(fd, request, arg);
	}
	if (request == NVME_IOCTL_ID) {
		if (sh->nsid < 0) {
			errno = -sh->nsid;
			return -1;
		}
		return sh->nsid;
	}
	if (request == NVME_IOCTL_ADMIN_CMD || request == NVME_IOCTL_IO_CMD) {
		struct nvme_passthru_cmd *c = arg;
		struct seen s = SEEN(c);

		ret = answer(take(&s, request == NVME_IOCTL_IO_CMD), s.addr, s.data_len, &result);
		c->result = (uint32_t)result;
	} else {
		struct nvme_passthru_cmd64 *c = arg;
		struct seen s = SEEN(c);

		ret = answer(take(&s, request == NVME_IOCTL_IO64_CMD), s.addr, s.data_len, &result);
		c->result = result;
	}
	return ret;
}
