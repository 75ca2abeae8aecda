# ssdq — plain make. `make V=1` shows the commands.
#   make                 engine (build/ssdq.so) and tools; only builds
#   make deps            install the Debian packages the build and tests need (root)
#   make configure       the fio source step alone (build/fio.conf); `make` runs it when missing
#   make demo            the suites on two drive-model presets, HTML report in build/demo/
#   make check           check-fast, then check-integration (the README's test command)
#   make check-fast      unit, fixture, corpus and mock tests and shellcheck, under a minute
#   make check-integration  the drive model end to end, then the QEMU test bed (test/vm)
#   make check-asan      check-fast under ASan/UBSan
#   make bench           benchmarks (figures go to BENCHMARKS.md by hand)
#   make install         PREFIX=/usr/local ENGINEDIR=/usr/lib/<multiarch> DESTDIR=
#   make uninstall       the same variables: removes what install wrote
#   make uninstall       the same variables: removes what install put there
# FIO_SRC=/path/to/fio (on the command line or in the environment) builds
# against that fio tree instead of the one `apt-get source fio` fetches.
#
# Only `deps` (and demo/check, which depend on it) acts on the machine;
# `make`, `make clean`, `make -n` and `make -q` write nothing outside build/.

PREFIX  ?= /usr/local
# `fio --ioengine=external:ssdq.so` must work as written: dlopen("ssdq.so")
# without a slash searches LD_LIBRARY_PATH, ld.so.cache and the system
# directories, and ldconfig caches lib*.so* names only, so /usr/local/lib is
# not searched for it. The engine goes into the multiarch system directory,
# one file of ours there (make uninstall removes it); ENGINEDIR=$(PREFIX)/lib
# keeps it local, for fio to take by path (external:/usr/local/lib/ssdq.so).
ENGINEDIR ?= /usr/lib/$(shell $(CC) -print-multiarch)
DESTDIR ?=
# the unit of fio --server for test hosts (docs/hosts.md)
SYSTEMDDIR ?= /etc/systemd/system
B       := build
CC      ?= cc

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The configure step writes $(B)/fio.conf (FIO_SRC=, FIO_VERSION=); the
# compile flags read it when a recipe runs, after the step, never at parse
# time. A FIO_SRC that differs from the configured one reconfigures.
.DEFAULT_GOAL := all
# one configuration per build directory (B=build-3.25 FIO_SRC=... beside the
# default build); build/asan shares build's
FIO_CONF     := $(patsubst build/%,build,$(B))/fio.conf
fio_conf      = $(shell sed -n 's/^$(1)=//p' $(FIO_CONF) 2>/dev/null)
FIO_DIR       = $(call fio_conf,FIO_SRC)
FIO_VERSION   = $(call fio_conf,FIO_VERSION)
FIO_RELEASE   = $(call fio_conf,FIO_RELEASE)
ifneq ($(FIO_SRC),)
ifneq ($(abspath $(FIO_SRC)),$(call fio_conf,FIO_SRC))
$(FIO_CONF): FORCE
endif
endif

# ssdq's version: a release's VERSION file, else git describe of the tree;
# $(B)/gen/ssdq_version.h changes only when it does (the tools' --version,
# device.json's "ssdq_version")
SSDQ_VERSION := $(shell cat VERSION 2>/dev/null || git describe --tags --always --dirty 2>/dev/null || echo unknown)
VERSION_H    := $(B)/gen/ssdq_version.h

WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
SAN      ?=
PCI_CFLAGS  := $(shell pkg-config --cflags libpci 2>/dev/null) -DSSDQ_HAVE_LIBPCI
PCI_LIBS    := $(shell pkg-config --libs libpci 2>/dev/null)
# libnvme 1.3: the NVMe part's admin commands, structs and status names (nvme/)
NVME_CFLAGS := $(shell pkg-config --cflags libnvme 2>/dev/null)
NVME_LIBS   := $(shell pkg-config --libs libnvme 2>/dev/null || echo -lnvme)
BASE_CFLAGS := $(CFLAGS) $(WARN) $(SAN) -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -fPIC -I$(B)/gen \
               $(PCI_CFLAGS) $(NVME_CFLAGS)
FIO_CFLAGS   = -include $(FIO_DIR)/config-host.h -isystem $(FIO_DIR) -DFIO_VERSION='"$(FIO_VERSION)"' \
               -DSSDQ_FIO_RELEASE=$(FIO_RELEASE) \
               -fvisibility=hidden
# libblkid: the signatures the engine will not write over (engine/signature.c)
BLKID_CFLAGS := $(shell pkg-config --cflags blkid 2>/dev/null && echo -DSSDQ_HAVE_BLKID)
LIBS_ENGINE := $(shell pkg-config --libs liburing 2>/dev/null) -lm -lpthread $(PCI_LIBS) $(NVME_LIBS) \
               $(shell pkg-config --libs blkid 2>/dev/null)
$(B)/engine/signature.o: BASE_CFLAGS += $(BLKID_CFLAGS)

# The layers, bottom up: common/ (logging, clocks, the events line, small
# helpers), nvme/, power/, engine/. Each folder is compiled with its own
# headers and those of the layers below it and no more, so an include that
# climbs (power/ including the engine) fails to compile.
LAYER_common := -Icommon
LAYER_nvme   := -Invme $(LAYER_common)
LAYER_power  := -Ipower $(LAYER_nvme)
# the drive model: its state file, presets, and its face to power/'s sampler
LAYER_model  := -Imodel $(LAYER_power)
LAYER_engine := -Iengine $(LAYER_model)
COMMON_SRCS := common/util.c common/clock.c common/log.c common/jsonl.c common/device_json.c
COMMON_OBJS := $(COMMON_SRCS:common/%.c=$(B)/common/%.o)

# The NVMe part, shared by the engine and power/: open/probe, admin commands
# on libnvme, Identify/log decoding, status names, I/O command building.
NVME_SRCS   := nvme/nvme_cmd.c nvme/nvme_status.c nvme/nvme_admin.c nvme/nvme_id.c nvme/nvme_log.c \
               nvme/nvme_ns.c nvme/nvme_pmeas.c
NVME_OBJS   := $(NVME_SRCS:nvme/%.c=$(B)/nvme/%.o)
# The drive model (model/): what knows the drive it imitates, no fio.
MODEL_CORE  := model/model.c model/model_presets.c model/model_ocp.c model/model_pmeas.c \
               model/model_gc.c model/model_pstate.c
MODEL_OBJS  := $(MODEL_CORE:model/%.c=$(B)/model/%.o) $(B)/model/source_model.o $(B)/model/source_model_pm.o
# The engine's parts that know no fio (its unit tests link these objects).
ENGINE_CORE := engine/erase.c engine/opt_parse.c engine/nslock.c engine/wait.c engine/bgcmd.c \
               engine/pollq.c engine/uring_plan.c engine/holders.c \
               engine/host_acct.c engine/hostload.c engine/host_iolog.c
ENGINE_SRCS := $(ENGINE_CORE) engine/ssdq.c engine/backend.c engine/be_uring.c engine/be_sync.c engine/be_model.c \
               engine/phases.c engine/sidecar_path.c engine/sidecar.c engine/fio_info.c engine/sampling.c engine/guard.c engine/stop.c engine/buffers.c engine/options.c \
               engine/signature.c engine/stake.c engine/remote.c engine/watch.c engine/progress.c \
               engine/target.c engine/target_ns.c engine/target_model.c engine/write_cache.c \
               engine/replay.c engine/power_settings.c
POWER_SRCS  := power/source.c power/source_hwmon.c power/source_cmd.c \
               power/source_qis.c power/source_nvme_ps.c power/source_pmeas.c power/pcie.c power/smart_log.c power/device_info.c \
               power/sampler.c power/vet.c
POWER_OBJS  := $(POWER_SRCS:power/%.c=$(B)/power/%.o)

UNIT_TESTS := test_common test_nvme_status test_nvme_cmd test_nvme_pmeas test_model test_model_pmeas test_model_pstate test_opt_parse test_nslock \
              test_uring_plan test_hostload \
              test_power_nvme test_power_sources test_power_qis test_power_sampler test_power_vet \
              test_report_slc test_report_readers test_report_fixtures test_report_power \
              test_report_sidecars test_report_suites test_report_fill_sources test_report_stop \
              test_report_phases test_report_pts_steady test_report_pts_di test_report_fio_versions test_report_fio_releases test_report_review test_report_compare_pts test_report_from_logs test_report_catalogue test_report_svg test_report_timeline test_report_host test_holders \
              test_db_stats
# Tests of NVMe admin paths against test/mock/ioctl_mock.c (no drive, no VM).
MOCK_TESTS := test_mock_nvme test_mock_erase test_mock_power
UNIT_BINS  := $(addprefix $(B)/test/,$(UNIT_TESTS) $(MOCK_TESTS))

# ./ssdq.so links the engine of build/ (or build/asan), never of B=build-3.28
all: $(B)/ssdq.so $(B)/ssdq-sample $(B)/ssdq-report $(B)/ssdq-pts $(B)/ssdq-db $(if $(filter build build/%,$(B)),ssdq.so)

include analysis/analysis.mk

# fio 3.33 stats "external:ssdq.so" relative to the working directory before
# it dlopens the name through the library path: this link lets the literal
# command run from the source tree (after make install).
ssdq.so:
	$(Q)ln -sf $(B)/ssdq.so $@

# written when make reads this file, and only when the version changed: no
# FORCE'd rule, so `make -q` can say the build is up to date
$(shell mkdir -p $(B)/gen && printf '\043define SSDQ_VERSION "%s"\n' '$(SSDQ_VERSION)' >$(VERSION_H).tmp && \
	{ cmp -s $(VERSION_H).tmp $(VERSION_H) && rm -f $(VERSION_H).tmp || mv $(VERSION_H).tmp $(VERSION_H); })
$(B)/power/ssdq-sample.o $(B)/analysis/main.o $(B)/analysis/pts_main.o $(B)/analysis/db_main.o $(B)/common/device_json.o: $(VERSION_H)
$(B)/analysis/main.o $(B)/analysis/pts_main.o $(B)/analysis/db_main.o: ANALYSIS_CFLAGS += -I$(B)/gen

$(FIO_CONF): scripts/fio-src.sh
	@FIO_SRC='$(FIO_SRC)' sh scripts/fio-src.sh build $@

configure: $(FIO_CONF)

deps:
	@sh scripts/deps.sh build
	@sh scripts/deps.sh check
	@sh scripts/deps.sh src

$(B)/engine/%.o: engine/%.c $(FIO_CONF)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(LAYER_engine) $(FIO_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/ssdq.so: $(ENGINE_SRCS:%.c=$(B)/%.o) $(MODEL_OBJS) $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS) engine/ssdq.map
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -shared -Wl,-z,nodelete -Wl,--version-script=engine/ssdq.map \
		-o $@ $(filter %.o,$^) $(LIBS_ENGINE)

# common/, nvme/, power/, model/ (the engine has its rule above): each
# compiled with the include paths of its layer, LAYER_<folder>
$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(LAYER_$(firstword $(subst /, ,$*))) -MMD -MP -c -o $@ $<

$(B)/ssdq-sample: $(B)/power/ssdq-sample.o $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lpthread -lm $(PCI_LIBS) $(NVME_LIBS)

$(B)/test/test_report_%: $(B)/test/test_report_%.o $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(JSONC_LIBS) -lm

# the results library's unit tests: analysis/ and its db/ layer, SQLite
$(B)/test/test_db_%.o: BASE_CFLAGS += $(ANALYSIS_INC_db) $(SQLITE_CFLAGS)
$(B)/test/test_db_%: $(B)/test/test_db_%.o $(ANALYSIS_DB_OBJS) $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(SQLITE_LIBS) $(JSONC_LIBS) -lm

# shorter stem than $(B)/test/%, so this rule wins for power tests: power/
# and the NVMe part, no engine object
$(B)/test/test_power_%: $(B)/test/test_power_%.o $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lpthread -lm $(PCI_LIBS) $(NVME_LIBS)

# the drive model's own power reports: model/, and power/ for its source
$(B)/test/test_model_pmeas: $(B)/test/test_model_pmeas.o $(MODEL_OBJS) $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lpthread -lm $(PCI_LIBS) $(NVME_LIBS)

# The ioctl mock: a library of its own, linked first and preloaded, so that
# libnvme's ioctl() calls reach it before libc's (as LD_PRELOAD would).
$(B)/test/libssdq-ioctl-mock.so: test/mock/ioctl_mock.c test/mock/ioctl_mock.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(BASE_CFLAGS) -shared -o $@ $< -ldl

MOCK_LINK = -L$(B)/test -Wl,--no-as-needed -lssdq-ioctl-mock -Wl,--as-needed -Wl,-rpath,'$$ORIGIN'
$(B)/test/test_mock_%: $(B)/test/test_mock_%.o $(B)/test/libssdq-ioctl-mock.so $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $(filter %.o,$^) $(MOCK_LINK) -lpthread -lm $(PCI_LIBS) $(NVME_LIBS)
$(B)/test/test_mock_erase: $(ENGINE_CORE:engine/%.c=$(B)/engine/%.o) $(MODEL_CORE:model/%.c=$(B)/model/%.o)

# The same engine claiming another fio release, to test the version check.
$(B)/mismatch/ssdq.o: engine/ssdq.c $(FIO_CONF)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(LAYER_engine) $(filter-out -DFIO_VERSION=%,$(FIO_CFLAGS)) -DFIO_VERSION='"fio-0.0-ssdq-test"' \
		-MMD -MP -c -o $@ $<

$(B)/test/ssdq-mismatch.so: $(filter-out $(B)/engine/ssdq.o,$(ENGINE_SRCS:%.c=$(B)/%.o)) $(MODEL_OBJS) $(POWER_OBJS) $(NVME_OBJS) $(COMMON_OBJS) \
		$(B)/mismatch/ssdq.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -shared -Wl,-z,nodelete -Wl,--version-script=engine/ssdq.map -o $@ $^ $(LIBS_ENGINE)

$(B)/test/%.o: test/unit/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(LAYER_engine) -Itest/unit -Itest/mock -Ianalysis $(JSONC_CFLAGS) -MMD -MP -c -o $@ $<

# The engine's unit tests link its fio-free objects as ssdq.so does (one
# build of the engine, the fio flags are only macros to them).
$(B)/test/%: $(B)/test/%.o $(ENGINE_CORE:engine/%.c=$(B)/engine/%.o) $(MODEL_CORE:model/%.c=$(B)/model/%.o) \
		$(NVME_OBJS) $(COMMON_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lm -lpthread $(NVME_LIBS)

unit: $(UNIT_BINS)

# The tiers. FAST: deterministic, no drive model in real time, no VM; also
# run under ASan/UBSan. INTEGRATION: the drive model end to end, then the
# QEMU test bed. test/run-tests.sh gives each program a timeout (--timeout N
# applies to the programs after it) and names a program when its fires. The
# limits catch hangs, not slowness: ten times an idle host's run and more,
# as a loaded 2-core host takes five times as long. The VM stage has its
# own (test/vm/run.sh: 1800 s a scenario, a guest silent for 2100 s); its
# outer limit here is above their sum.
FAST_TESTS := $(UNIT_BINS) test/shellcheck.sh test/build.sh test/power/ssdq-sample.sh test/help-man.sh \
              test/analysis/test_report_cli.sh test/analysis/test_report_html.sh test/analysis/test_report_charts.sh \
              test/analysis/test_report_corpus.sh test/analysis/test_report_from_logs.sh test/analysis/test_report_killed_fixture.sh \
              test/analysis/test_report_slc_cases.sh test/analysis/test_report_marks.sh test/analysis/test_report_host_fixture.sh test/analysis/test_report_provenance.sh test/analysis/test_report_text.sh test/analysis/test_report_many.sh test/analysis/test_pts_steady.sh test/analysis/test_report_timeline.sh test/analysis/test_report_timeline_per_io.sh test/analysis/test_report_demo_content.sh test/analysis/test_report_trace_fixture.sh \
              test/analysis/test_db.sh test/analysis/test_schema.sh \
              test/jobs/parse.sh test/jobs/render.sh test/jobs/trace.sh test/jobs/options.sh test/jobs/targets.sh test/engine-host.sh test/install.sh test/docs.sh \
              test/engine/host-clat.sh test/engine/host-planned.sh test/engine/drain.sh test/run-tests-jobs.sh
VM_TESTS   := test/vm/hang.sh --timeout 1800 test/vm/hosts.sh
VM_RUN     := --timeout 18000 test/vm/run.sh
INTEGRATION_TESTS := test/model-host.sh test/power/model-drive-power.sh test/model-faults.sh test/engine/power-settings.sh test/analysis/test_report_pstate.sh test/jobs/run-faults.sh test/jobs/run-attempts.sh test/jobs/hosts.sh test/jobs/ssh.sh test/jobs/stall.sh test/jobs/one-watch.sh test/jobs/devices.sh test/model-truth.sh test/analysis/slc_matrix.sh test/analysis/test_report_model.sh test/analysis/test_report_host.sh test/analysis/test_report_pts.sh test/analysis/test_report_pts_di.sh test/analysis/test_report_killed.sh test/engine/host-interference.sh \
              test/analysis/test_report_suite.sh test/analysis/test_report_random.sh test/analysis/test_report_trace.sh test/analysis/test_report_demo.sh test/jobs/runner.sh test/jobs/flagship.sh test/jobs/snia.sh test/jobs/repeat.sh \
              test/analysis/test_report_recovery.sh \
              test/analysis/test_db_model.sh \
              $(VM_TESTS) $(VM_RUN)
FAST_BUILD := all $(UNIT_BINS) $(B)/test/ssdq-mismatch.so $(if $(SAN),$(B)/bin/fio)
TOOLS_ENV  := SSDQ_SAMPLE=$(B)/ssdq-sample SSDQ_REPORT=$(B)/ssdq-report SSDQ_SO=$(CURDIR)/$(B)/ssdq.so \
              SSDQ_DB_TOOL=$(CURDIR)/$(B)/ssdq-db \
              FIO_SRC=$(FIO_DIR) \
              $(if $(SAN),PATH="$(CURDIR)/$(B)/bin:$$PATH")

# Under SAN the tests' fio loads the sanitized engine with the ASan runtime
# preloaded, as it must come first (fio's own exit-time leaks are not ours).
$(B)/bin/fio:
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nLD_PRELOAD=%s ASAN_OPTIONS=$${ASAN_OPTIONS:-detect_leaks=0} exec %s "$$@"\n' \
		"$$($(CC) -print-file-name=libasan.so)" "$$(command -v fio)" >$@ && chmod +x $@

check-fast: $(FAST_BUILD)
	@$(TOOLS_ENV) sh test/run-tests.sh --timeout 600 $(FAST_TESTS)

check-integration: $(FAST_BUILD)
	@$(TOOLS_ENV) sh test/run-tests.sh --timeout 1200 $(INTEGRATION_TESTS)

# The README's test command: packages first (a re-read of this Makefile
# then sees them), then both tiers in one run with one total line.
check: deps
	@$(MAKE) --no-print-directory check-both

# Two programs at a time (a QEMU guest is one TCG thread, a model run waits
# in real time), the longest first: the test bed's scenarios beside the
# model's tests, then the other QEMU tests (one QEMU program at a time), then
# the fast tier.
check-both: $(FAST_BUILD)
	@$(TOOLS_ENV) sh test/run-tests.sh --jobs 2 $(VM_RUN) \
		--timeout 1200 $(filter-out $(VM_TESTS) $(VM_RUN),$(INTEGRATION_TESTS)) \
		--timeout 1200 $(VM_TESTS) --timeout 600 $(FAST_TESTS)

check-asan:
	@$(MAKE) --no-print-directory B=build/asan \
		SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check-fast

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

bench: all
	@sh test/vm/bench.sh --together
	@sh test/vm/bench-qd1.sh --trace
	@sh test/vm/bench-sampler.sh
	@SSDQ_REPORT=$(B)/ssdq-report FIO_SRC=$(FIO_DIR) sh test/analysis/bench_report.sh
	@SSDQ_REPORT=$(B)/ssdq-report sh test/analysis/bench_timeline.sh
	@SSDQ_REPORT=$(B)/ssdq-report BENCH_DEMO=$(B)/demo-1000 sh test/analysis/bench_many.sh
	@SSDQ_DB_TOOL=$(B)/ssdq-db BENCH_DEMO=$(B)/demo-1000 sh test/analysis/bench_db.sh
	@sh test/analysis/bench_model.sh
	@$(MAKE) --no-print-directory $(B)/test/bench_hostload && $(B)/test/bench_hostload
	@SSDQ_SO=$(CURDIR)/$(B)/ssdq.so sh test/analysis/bench_host.sh
	@$(MAKE) --no-print-directory slc-matrix

# docs/slc/: the fill chart of each case of the SLC cache rule
# (test/analysis/slc_cases.py), drawn by ssdq-report itself
docs-slc: all
	@rm -rf $(B)/slc-cases && mkdir -p $(B)/slc-cases docs/slc
	$(Q)python3 test/analysis/slc_cases.py $(B)/slc-cases
	$(Q)for d in $(B)/slc-cases/*/; do c=$$(basename $$d); \
		(cd $$d && $(CURDIR)/$(B)/ssdq-report --html /dev/null --svg-dir svg . >/dev/null) && \
		cp $$d/svg/$$c.fill.fill.svg docs/slc/$$c.svg || exit 1; done

# The SLC cache figure over every preset, job, scale and log interval the
# suites use, against the drive model's own account (about 30 min idle);
# check-integration runs a sample of it (slc_matrix.sh without --all).
slc-matrix: all
	@$(TOOLS_ENV) sh test/analysis/slc_matrix.sh --all

MANPAGES := man/ssdq-report.1 man/ssdq-pts.1 man/ssdq-run.1 man/ssdq-sample.1 man/ssdq-render.1 \
            man/ssdq-db.1

# The job library goes to $(PREFIX)/share/ssdq/jobs beside a link to the
# engine: fio 3.33 stats external:ssdq.so in its cwd, so the share directory
# runs `fio --ioengine=external:ssdq.so --filename=... jobs/fill.fio` as it is.
# The manual pages go to $(PREFIX)/share/man/man1.
install: all
	install -d $(DESTDIR)$(ENGINEDIR) $(DESTDIR)$(PREFIX)/bin
	install -m 0644 $(B)/ssdq.so $(DESTDIR)$(ENGINEDIR)/ssdq.so
	install -m 0755 $(B)/ssdq-sample $(DESTDIR)$(PREFIX)/bin/ssdq-sample
	install -m 0755 $(B)/ssdq-report $(DESTDIR)$(PREFIX)/bin/ssdq-report
	install -m 0755 $(B)/ssdq-pts $(DESTDIR)$(PREFIX)/bin/ssdq-pts
	install -m 0755 $(B)/ssdq-db $(DESTDIR)$(PREFIX)/bin/ssdq-db
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0644 $(MANPAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
	rm -rf $(DESTDIR)$(PREFIX)/share/ssdq/jobs $(DESTDIR)$(PREFIX)/bin/ssdq-env
	install -d $(DESTDIR)$(PREFIX)/share/ssdq
	cp -R jobs $(DESTDIR)$(PREFIX)/share/ssdq/jobs
	printf '%s\n' '$(SSDQ_VERSION)' >$(DESTDIR)$(PREFIX)/share/ssdq/jobs/VERSION
	ln -sf $(ENGINEDIR)/ssdq.so $(DESTDIR)$(PREFIX)/share/ssdq/ssdq.so
	install -d $(DESTDIR)$(SYSTEMDDIR)
	install -m 0755 scripts/ssdq-fio-server $(DESTDIR)$(PREFIX)/bin/ssdq-fio-server
	sed 's|@ENGINEDIR@|$(ENGINEDIR)|; s|@BINDIR@|$(PREFIX)/bin|' scripts/ssdq-fio-server.service \
		>$(DESTDIR)$(SYSTEMDDIR)/ssdq-fio-server.service
	chmod 0644 $(DESTDIR)$(SYSTEMDDIR)/ssdq-fio-server.service
	for t in ssdq-run ssdq-render; do \
		printf '#!/bin/sh\nSSDQ_SO=$${SSDQ_SO:-%s/ssdq.so} exec sh %s/share/ssdq/jobs/%s "$$@"\n' \
			"$(ENGINEDIR)" "$(PREFIX)" "$$t" \
			>$(DESTDIR)$(PREFIX)/bin/$$t && chmod 0755 $(DESTDIR)$(PREFIX)/bin/$$t; \
	done

# what install wrote, and the directories of ours it leaves empty
uninstall:
	rm -f $(DESTDIR)$(ENGINEDIR)/ssdq.so
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,ssdq-sample ssdq-report ssdq-pts ssdq-db ssdq-run ssdq-render ssdq-fio-server)
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/share/man/man1/,$(notdir $(MANPAGES)))
	rm -rf $(DESTDIR)$(PREFIX)/share/ssdq
	rm -f $(DESTDIR)$(SYSTEMDDIR)/ssdq-fio-server.service

# keeps the fio source and its configuration (build/fio-src, build/fio.conf)
clean:
	rm -rf $(B)/common $(B)/model $(B)/engine $(B)/nvme $(B)/mismatch $(B)/power $(B)/ssdq-sample $(B)/analysis $(B)/ssdq-report $(B)/ssdq-pts $(B)/ssdq-db $(B)/fuzz $(B)/test $(B)/ssdq.so $(B)/asan

FORCE:

.PHONY: all unit check check-both check-fast check-integration check-asan bench demo install uninstall clean slc-matrix docs-slc \
	fuzz deps configure FORCE
-include $(shell find $(B) -name '*.d' 2>/dev/null)
.SECONDARY:
