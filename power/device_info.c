// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libnvme.h>

#include "device_info.h"
#include "nvme_admin.h"
#include "nvme_ns.h"
#include "nvme_status.h"
#include "pcie.h"
#include "util.h"

static void note(struct ssdq_devinfo *d, const char *fmt, const char *a, int err)
{
	size_t l = strlen(d->errors);
	char msg[256], st[160];

	if (err > 0)
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)err);
	snprintf(msg, sizeof(msg), fmt, a, err < 0 ? strerror(-err) : st);
	snprintf(d->errors + l, sizeof(d->errors) - l, "%s%s", l ? "; " : "", msg);
}

#ifdef SSDQ_HAVE_LIBPCI
#include <setjmp.h>
#include <stdarg.h>
#include <pci/pci.h>

/*
 * libpci's error callback must not return (its default exits the process):
 * it jumps back to link_by_libpci(). Warnings are kept as the reason.
 */
static __thread jmp_buf *pci_jmp;
static __thread char pci_msg[160];

static void pci_on_error(char *msg, ...) __attribute__((format(printf, 1, 2), noreturn));
static void pci_on_warning(char *msg, ...) __attribute__((format(printf, 1, 2)));
static void pci_on_debug(char *msg, ...) __attribute__((format(printf, 1, 2)));

static void pci_on_error(char *msg, ...)
{
	va_list ap;

	va_start(ap, msg);
	vsnprintf(pci_msg, sizeof(pci_msg), msg, ap);
	va_end(ap);
	longjmp(*pci_jmp, 1);
}

static void pci_on_warning(char *msg, ...)
{
	va_list ap;

	va_start(ap, msg);
	vsnprintf(pci_msg, sizeof(pci_msg), msg, ap);
	va_end(ap);
}

static void pci_on_debug(char *msg, ...)
{
	(void)msg;
}

/* The link from the PCI Express capability. Return: 0, or -errno (@why set). */
static int link_by_libpci(const char *root, const char *addr, struct ssdq_pcie_link *l,
			  char *why, size_t whylen)
{
	struct pci_access *volatile a = NULL;
	struct pci_dev *volatile pd = NULL;
	unsigned int dom, bus, dev, fn;
	char sysfs[PATH_MAX];
	struct pci_cap *cap;
	uint8_t cfg[256];
	volatile int ret = -EIO;
	jmp_buf jb;

	if (sscanf(addr, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) != 4) {
		snprintf(why, whylen, "\"%s\" is not a PCI address", addr);
		return -ENOENT;
	}
	snprintf(sysfs, sizeof(sysfs), "%s/bus/pci", root);
	pci_msg[0] = '\0';
	pci_jmp = &jb;
	if (setjmp(jb)) {
		snprintf(why, whylen, "libpci: %s", pci_msg);
		goto out;
	}
	a = pci_alloc();
	a->error = pci_on_error;
	a->warning = pci_on_warning;
	a->debug = pci_on_debug;
	a->method = PCI_ACCESS_SYS_BUS_PCI;
	pci_set_param(a, "sysfs.path", sysfs);
	pci_init(a);
	pd = pci_get_dev(a, (int)dom, (int)bus, (int)dev, (int)fn);
	if (!pci_read_block(pd, 0, cfg, sizeof(cfg))) {
		snprintf(why, whylen, "config space of %s unreadable past 64 bytes (needs root)%s%s",
			 addr, pci_msg[0] ? ": " : "", pci_msg);
		ret = -EACCES;
		goto out;
	}
	cap = pci_find_cap(pd, PCI_CAP_ID_EXP, PCI_CAP_NORMAL);
	if (!cap) {
		snprintf(why, whylen, "%s has no PCI Express capability", addr);
		ret = -ENOENT;
		goto out;
	}
	ssdq_pcie_link_decode(pci_read_word(pd, cap->addr + PCI_EXP_LNKSTA),
			      pci_read_long(pd, cap->addr + PCI_EXP_LNKCAP),
			      pci_read_word(pd, cap->addr + PCI_EXP_LNKCTL), l);
	ret = 0;
out:
	pci_jmp = NULL;
	if (pd)
		pci_free_dev(pd);
	if (a)
		pci_cleanup(a);
	return ret;
}
#else
static int link_by_libpci(const char *root, const char *addr, struct ssdq_pcie_link *l,
			  char *why, size_t whylen)
{
	(void)root, (void)addr, (void)l;
	snprintf(why, whylen, "ssdq was built without libpci");
	return -ENOSYS;
}
#endif

static void speed_str(char *out, size_t len, double gts)
{
	if (gts > 0)
		snprintf(out, len, "%.1f GT/s PCIe", gts);
	else
		out[0] = '\0';
}

static void read_pcie(struct ssdq_devinfo *d, const char *root)
{
	const char *name = strrchr(d->ctrl, '/'), *base;
	char dir[PATH_MAX], path[PATH_MAX + 32], real[PATH_MAX], why[256], v0[8], v1[8];
	struct ssdq_pcie_link l;
	uint8_t cfg[256];
	long long v;
	ssize_t n;
	unsigned int x[4];
	int fd, ret;
	char tail;

	name = name ? name + 1 : d->ctrl;
	snprintf(dir, sizeof(dir), "%s/class/nvme/%s/device", root, name);
	if (!realpath(dir, real)) {
		note(d, "PCIe link of %s: no device in sysfs (%s)", name, -errno);
		return;
	}
	base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if (strlen(base) < sizeof(d->pci_addr) &&
	    sscanf(base, "%x:%x:%x.%x%c", &x[0], &x[1], &x[2], &x[3], &tail) == 4) {
		memcpy(d->pci_addr, base, strlen(base) + 1);
		ret = link_by_libpci(root, d->pci_addr, &l, why, sizeof(why));
	} else {
		snprintf(why, sizeof(why), "the device is not on PCI");
		ret = -ENODEV;
	}
	if (!ret) {
		d->pcie_source = "libpci";
		d->link_speed_gts = l.speed_gts;
		d->max_link_speed_gts = l.max_speed_gts;
		speed_str(d->link_speed, sizeof(d->link_speed), l.speed_gts);
		speed_str(d->max_link_speed, sizeof(d->max_link_speed), l.max_speed_gts);
		d->link_width = l.width;
		d->max_link_width = l.max_width;
		d->aspm_supported = l.aspm_supported;
		d->aspm_enabled = l.aspm_enabled;
		return;
	}
	{
		size_t el = strlen(d->errors);

		snprintf(d->errors + el, sizeof(d->errors) - el, "%sPCIe link of %s: not through "
			 "libpci (%s); sysfs instead", el ? "; " : "", name, why);
	}

	/* the kernel's view: link attributes, ASPM from config space when readable */
	snprintf(path, sizeof(path), "%s/current_link_speed", dir);
	if (ssdq_read_line(path, d->link_speed, sizeof(d->link_speed)) <= 0)
		d->link_speed[0] = '\0';
	snprintf(path, sizeof(path), "%s/max_link_speed", dir);
	if (ssdq_read_line(path, d->max_link_speed, sizeof(d->max_link_speed)) <= 0)
		d->max_link_speed[0] = '\0';
	d->link_speed_gts = d->link_speed[0] ? strtod(d->link_speed, NULL) : 0;
	d->max_link_speed_gts = d->max_link_speed[0] ? strtod(d->max_link_speed, NULL) : 0;
	snprintf(path, sizeof(path), "%s/current_link_width", dir);
	d->link_width = ssdq_read_ll(path, &v) ? -1 : (int)v;
	snprintf(path, sizeof(path), "%s/max_link_width", dir);
	d->max_link_width = ssdq_read_ll(path, &v) ? -1 : (int)v;
	if (d->link_speed[0] || d->link_width >= 0)
		d->pcie_source = "sysfs";
	else
		note(d, "PCIe link of %s: not in sysfs (%s)", name, -ENOENT);

	snprintf(path, sizeof(path), "%s/config", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	n = fd >= 0 ? pread(fd, cfg, sizeof(cfg), 0) : -1;
	if (fd >= 0)
		close(fd);
	if (n >= 0 && !ssdq_pcie_aspm(cfg, (size_t)n, &d->aspm_supported, &d->aspm_enabled))
		return;
	/* without root: what the kernel enables, from the ASPM link attributes */
	snprintf(path, sizeof(path), "%s/link/l0s_aspm", dir);
	if (ssdq_read_line(path, v0, sizeof(v0)) > 0) {
		snprintf(path, sizeof(path), "%s/link/l1_aspm", dir);
		if (ssdq_read_line(path, v1, sizeof(v1)) > 0) {
			d->aspm_enabled = (v0[0] == '1') | (v1[0] == '1') << 1;
			note(d, "PCIe ASPM support of %s: needs config space (%s)", name, -EACCES);
			return;
		}
	}
	note(d, "PCIe ASPM of %s: no PCI Express capability in readable config space "
	     "(%s)", name, n < 0 || (size_t)n < sizeof(cfg) ? -EACCES : -ENOENT);
}

void ssdq_devinfo_init(struct ssdq_devinfo *d, const char *fio_version)
{
	memset(d, 0, sizeof(*d));
	d->time_us = ssdq_realtime_us();
	d->link_width = d->max_link_width = -1;
	d->aspm_supported = d->aspm_enabled = -1;
	ssdq_host_read(&d->sys, fio_version);
}

/* Identify Controller, decoded, with its Power Measurement fields (nvme_pmeas.h). */
static int read_id_ctrl(struct ssdq_devinfo *d, int fd)
{
	struct nvme_id_ctrl *raw = calloc(1, sizeof(*raw));
	int ret;

	if (!raw)
		return -ENOMEM;
	ret = ssdq_nvme_identify_ctrl(fd, SSDQ_NVME_POWER_TIMEOUT_MS, raw);
	if (!ret) {
		ssdq_id_ctrl_decode(raw, &d->id);
		ssdq_pmeas_caps_decode(raw, &d->pmeas);
		d->have_pmeas = true;
	}
	free(raw);
	return ret;
}

int ssdq_devinfo_collect(struct ssdq_devinfo *d, const char *ng, const char *ctrl,
			 const char *sysfs_root, const char *fio_version)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	int fd = -1, ret;

	ssdq_devinfo_init(d, fio_version);
	if (ng)
		snprintf(d->ns, sizeof(d->ns), "%s", ng);
	if (ctrl)
		snprintf(d->ctrl, sizeof(d->ctrl), "%s", ctrl);
	else if (!ng || ssdq_ctrl_for_ng(root, ng, d->ctrl, sizeof(d->ctrl)))
		return -EINVAL;
	read_pcie(d, root);

	fd = open(d->ctrl, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		note(d, "cannot open %s: %s", d->ctrl, ret);
		goto out;
	}
	ret = read_id_ctrl(d, fd);
	if (ret) {
		note(d, "Identify Controller on %s: %s", d->ctrl, ret);
		ret = ret < 0 ? ret : -EIO;
		goto out;
	}
	d->have_ctrl = true;

	if (!ssdq_nvme_get_power_state(fd, SSDQ_NVME_POWER_TIMEOUT_MS, &d->ps_current))
		d->have_ps = true;
	if (d->id.apsta) {
		ret = ssdq_nvme_read_apst(fd, SSDQ_NVME_POWER_TIMEOUT_MS, &d->apst);
		if (!ret)
			d->have_apst = true;
		else
			note(d, "Get Features APST on %s: %s", d->ctrl, ret);
	}
	if (d->id.vwc) {
		ret = ssdq_nvme_get_write_cache(fd, SSDQ_NVME_POWER_TIMEOUT_MS, &d->wce);
		if (!ret)
			d->have_wce = true;
		else
			note(d, "Get Features Volatile Write Cache on %s: %s", d->ctrl, ret);
	}
	if (ng) {
		int nfd = open(ng, O_RDONLY | O_CLOEXEC);

		ret = nfd >= 0 ? ssdq_nvme_get_nsid(nfd, &d->nsid) : -errno;
		if (nfd >= 0)
			close(nfd);
		if (!ret) {
			ret = ssdq_nvme_read_id_ns(fd, SSDQ_NVME_POWER_TIMEOUT_MS, d->nsid,
						   &d->idns);
			if (!ret)
				d->have_ns = true;
			else
				note(d, "Identify Namespace on %s: %s", d->ctrl, ret);
		} else {
			note(d, "NVME_IOCTL_ID on %s: %s", ng, ret);
		}
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	return ret;
}

static void json_opt_w(FILE *f, const char *key, double w)
{
	if (w < 0)
		fprintf(f, ", \"%s\": null", key);
	else
		fprintf(f, ", \"%s\": %.4f", key, w);
}

static const char *aspm_name(int v)
{
	static const char *const names[] = { "disabled", "L0s", "L1", "L0s L1" };

	return v < 0 ? NULL : names[v & 3];
}

static void power_reports_json(FILE *f, const struct ssdq_devinfo *d)
{
	const struct ssdq_ocp_smart *o = &d->ocp;

	fputs(",\n  \"power_measurement\": ", f);
	if (!d->have_pmeas)
		fputs("null", f);
	else if (d->pmeas.sample_us > 0)
		fprintf(f, "{\"supported\": %s, \"sample_us\": %g, \"max_stop_min\": %u}",
			d->pmeas.supported ? "true" : "false", d->pmeas.sample_us,
			d->pmeas.max_stop_min);
	else
		fprintf(f, "{\"supported\": %s, \"sample_us\": null, \"max_stop_min\": %u}",
			d->pmeas.supported ? "true" : "false", d->pmeas.max_stop_min);
	fputs(",\n  \"ocp_power\": ", f);
	if (!d->have_ocp_power)
		fputs("null", f);
	else
		fprintf(f, "{\"log_page_version\": %u, \"max_peak_power_capability_w\": %u, "
			"\"current_max_avg_power_w\": %u, \"lifetime_power_consumed_wh\": %llu}",
			o->log_page_version, o->peak_power_w, o->max_avg_power_w,
			(unsigned long long)o->lifetime_energy_wh);
}

void ssdq_devinfo_json(FILE *f, const struct ssdq_devinfo *d)
{
	const struct ssdq_id_ctrl *c = &d->id;

	ssdq_device_json_head(f, d->time_us);
	fputs("  \"controller\": ", f);
	ssdq_json_str(f, d->ctrl[0] ? d->ctrl : NULL);
	fputs(",\n  \"namespace\": ", f);
	ssdq_json_str(f, d->ns[0] ? d->ns : NULL);
	if (d->have_ns)
		fprintf(f, ",\n  \"nsid\": %u", d->nsid);
	else
		fputs(",\n  \"nsid\": null", f);
	fputs(",\n  \"model\": ", f);
	ssdq_json_str(f, d->drive_model.summary ? d->drive_model.summary :
			 c->model[0] ? c->model : NULL);
	fputs(",\n  \"serial\": ", f);
	ssdq_json_str(f, c->serial[0] ? c->serial : NULL);
	fputs(",\n  \"firmware\": ", f);
	ssdq_json_str(f, c->firmware[0] ? c->firmware : NULL);
	if (d->drive_model.preset) {
		fputs(",\n  \"drive_model\": {\"preset\": ", f);
		ssdq_json_str(f, d->drive_model.preset);
		fprintf(f, ", \"scale\": %g}", d->drive_model.scale);
	}
	if (d->have_ctrl)
		fprintf(f, ",\n  \"vid\": %u,\n  \"ssvid\": %u,\n  \"nvme_version\": \"%u.%u\","
			"\n  \"wctemp_c\": %d,\n  \"cctemp_c\": %d",
			c->vid, c->ssvid, c->ver >> 16, (c->ver >> 8) & 0xff,
			c->wctemp_k ? c->wctemp_k - 273 : 0, c->cctemp_k ? c->cctemp_k - 273 : 0);
	else
		fputs(",\n  \"vid\": null,\n  \"ssvid\": null,\n  \"nvme_version\": null,"
		      "\n  \"wctemp_c\": null,\n  \"cctemp_c\": null", f);
	if (d->have_ns)
		fprintf(f, ",\n  \"capacity_bytes\": %llu,\n  \"lba_size\": %u,\n"
			"  \"lba_format\": {\"index\": %u, \"data_size\": %u, \"metadata_size\": %u}",
			(unsigned long long)(d->idns.nsze << d->idns.lba_shift),
			1u << d->idns.lba_shift, d->idns.flba, 1u << d->idns.lba_shift, d->idns.ms);
	else
		fputs(",\n  \"capacity_bytes\": null,\n  \"lba_size\": null,\n  \"lba_format\": null",
		      f);
	fputs(",\n  \"power_states\": ", f);
	if (c->npss) {
		fputs("[", f);
		for (unsigned int i = 0; i < c->npss && i < 32; i++) {
			const struct ssdq_psd *p = &c->ps[i];

			fprintf(f, "%s\n    {\"ps\": %u, \"max_power_w\": %.4f", i ? "," : "", i,
				p->max_power_w);
			json_opt_w(f, "active_power_w", p->active_power_w);
			json_opt_w(f, "idle_power_w", p->idle_power_w);
			fprintf(f, ", \"non_operational\": %s, \"entry_latency_us\": %u, "
				"\"exit_latency_us\": %u, \"rrt\": %u, \"rrl\": %u, \"rwt\": %u, "
				"\"rwl\": %u}", p->non_operational ? "true" : "false", p->enlat_us,
				p->exlat_us, p->rrt, p->rrl, p->rwt, p->rwl);
		}
		fputs("\n  ]", f);
	} else {
		fputs("null", f);
	}
	if (d->have_ps)
		fprintf(f, ",\n  \"power_state_current\": %u", d->ps_current);
	else
		fputs(",\n  \"power_state_current\": null", f);
	fputs(",\n  \"apst\": ", f);
	if (!d->have_ctrl && !d->drive_model.preset) {
		fputs("null", f);
	} else {
		fprintf(f, "{\"supported\": %s, \"enabled\": ", c->apsta ? "true" : "false");
		if (d->have_apst) {
			fprintf(f, "%s, \"transitions\": [", d->apst.enabled ? "true" : "false");
			for (unsigned int i = 0; i < d->apst.n; i++)
				fprintf(f, "%s{\"from_ps\": %u, \"to_ps\": %u, \"idle_ms\": %u}",
					i ? ", " : "", d->apst.from_ps[i], d->apst.to_ps[i],
					d->apst.idle_ms[i]);
			fputs("]}", f);
		} else {
			fputs(c->apsta ? "null, \"transitions\": null}" :
			      "false, \"transitions\": []}", f);
		}
	}
	power_reports_json(f, d);
	/* the model's identity is its own: its write cache as a drive's */
	ssdq_device_json_write_cache(f, d->have_ctrl || d->drive_model.preset ? d->id.vwc : -1,
				     d->have_wce ? d->wce : -1);
	/* the drive model has no link */
	if (d->drive_model.preset) {
		fputs(",\n  \"pcie\": null", f);
		ssdq_device_json_tail(f, &d->sys, d->errors);
		return;
	}
	fputs(",\n  \"pcie\": {\"current_link_speed\": ", f);
	ssdq_json_str(f, d->link_speed[0] ? d->link_speed : NULL);
	fputs(", \"current_link_width\": ", f);
	d->link_width >= 0 ? fprintf(f, "%d", d->link_width) : fputs("null", f);
	fputs(", \"max_link_speed\": ", f);
	ssdq_json_str(f, d->max_link_speed[0] ? d->max_link_speed : NULL);
	fputs(", \"max_link_width\": ", f);
	d->max_link_width >= 0 ? fprintf(f, "%d", d->max_link_width) : fputs("null", f);
	fputs(", \"aspm_supported\": ", f);
	ssdq_json_str(f, aspm_name(d->aspm_supported));
	fputs(", \"aspm_enabled\": ", f);
	ssdq_json_str(f, aspm_name(d->aspm_enabled));
	fputs(", \"current_link_speed_gts\": ", f);
	d->link_speed_gts > 0 ? fprintf(f, "%.1f", d->link_speed_gts) : fputs("null", f);
	fputs(", \"max_link_speed_gts\": ", f);
	d->max_link_speed_gts > 0 ? fprintf(f, "%.1f", d->max_link_speed_gts) : fputs("null", f);
	fputs(", \"address\": ", f);
	ssdq_json_str(f, d->pci_addr[0] ? d->pci_addr : NULL);
	fputs(", \"source\": ", f);
	ssdq_json_str(f, d->pcie_source);
	fputc('}', f);
	ssdq_device_json_tail(f, &d->sys, d->errors);
}

int ssdq_devinfo_save(const struct ssdq_devinfo *d, const char *path, char *err,
		      size_t errlen)
{
	FILE *f = fopen(path, "we");
	int ret;

	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-ret));
		return ret;
	}
	ssdq_devinfo_json(f, d);
	ret = fclose(f) ? -errno : 0;
	if (ret)
		snprintf(err, errlen, "writing %s: %s", path, strerror(-ret));
	return ret;
}

int ssdq_devinfo_write(const char *path, const char *ng, const char *ctrl,
		       const char *sysfs_root, const char *fio_version,
		       char *err, size_t errlen)
{
	struct ssdq_devinfo *d = malloc(sizeof(*d));
	int ret;

	if (!d)
		return -ENOMEM;
	ssdq_devinfo_collect(d, ng, ctrl, sysfs_root, fio_version);
	ret = ssdq_devinfo_save(d, path, err, errlen);
	free(d);
	return ret;
}
