// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio 3.33 goes on when it cannot allocate its I/O buffers (init_io_u()
 * ignores the failure): every io_u's buffer is then NULL, and a command
 * with data address 0 would reach the drive. Refuse that before any erase
 * or I/O.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "ssdq.h"
#include "buffers.h"

static void human(unsigned long long b, char *out, size_t len)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)b;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(out, len, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

int ssdq_check_buffers(struct thread_data *td)
{
	unsigned long long max_bs = td_max_bs(td), need = max_bs * td->o.iodepth;
	struct io_u *io_u;
	char size[32], bs[32];
	unsigned int i;
	bool missing = !td->orig_buffer || td->orig_buffer_size < need;

	if (td_ioengine_flagged(td, FIO_NOIO) || !(td_read(td) || td_write(td)))
		return 0;
	io_u_qiter(&td->io_u_all, io_u, i)
		if (!io_u->buf)
			missing = true;
	if (!missing)
		return 0;
	human(need, size, sizeof(size));
	human(max_bs, bs, sizeof(bs));
	ssdq_log("%s: fio has no I/O buffers: iodepth=%u x bs=%s needs %s of memory%s, "
		 "which fio could not allocate; lower iodepth or bs, or free memory. Nothing "
		 "was erased or sent", td->o.name, td->o.iodepth, bs, size,
		 td->o.mem_type == MEM_MALLOC ? "" : " (of the mem= type asked for)");
	td_verror(td, ENOMEM, "ssdq_check_buffers");
	return -ENOMEM;
}

void ssdq_touch_buffers(struct thread_data *td)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t step = page > 0 ? (size_t)page : 4096;

	if (!td->orig_buffer)
		return;
	for (size_t o = 0; o < td->orig_buffer_size; o += step) {
		volatile char *p = td->orig_buffer + o;

		*p = *p;	/* a write fault, the content kept */
	}
}
