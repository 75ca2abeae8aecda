# ssdq — plain make. `make V=1` shows the commands.
#   make                 engine (build/ssdq.so) and tools
#   make demo            the suites on two drive-model presets, HTML report in build/demo/
#   make check           unit tests, then the QEMU test bed (test/vm)
#   make check-asan      the unit tests under ASan/UBSan
#   make bench           benchmarks (figures go to BENCHMARKS.md by hand)
#   make install         PREFIX=/usr/local ENGINEDIR=/usr/lib/<multiarch> DESTDIR=
# FIO_SRC=/path/to/fio builds against that fio tree instead of `apt-get source fio`.

PREFIX  ?= /usr/local
# dlopen("ssdq.so") without a slash searches LD_LIBRARY_PATH, ld.so.cache
# (lib*.so* names only) and the system directories, so the engine goes to the
# multiarch system directory rather than $(PREFIX)/lib.
ENGINEDIR ?= /usr/lib/$(shell $(CC) -print-multiarch)
DESTDIR ?=
B       := build
CC      ?= cc

ifeq ($(V),1)
Q :=
else
Q := @
endif

DEPS_OK := $(shell sh scripts/deps.sh build >&2 && echo ok)
ifneq ($(DEPS_OK),ok)
$(error build dependencies are missing (see above))
endif

FIO_SRC := $(shell sh scripts/fio-src.sh $(CURDIR)/build)
ifeq ($(FIO_SRC),)
$(error no fio source tree (see above))
endif
FIO_VERSION := $(shell sed -n 's/^DEF_VER=//p' $(FIO_SRC)/FIO-VERSION-GEN)

WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
SAN      ?=
PCI_CFLAGS  := $(shell pkg-config --cflags libpci) -DSSDQ_HAVE_LIBPCI
PCI_LIBS    := $(shell pkg-config --libs libpci)
BASE_CFLAGS := $(CFLAGS) $(WARN) $(SAN) -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -fPIC -Iengine -Ipower $(PCI_CFLAGS)
FIO_CFLAGS  := -include $(FIO_SRC)/config-host.h -isystem $(FIO_SRC) -DFIO_VERSION='"$(FIO_VERSION)"' \
               -fvisibility=hidden
LIBS_ENGINE := $(shell pkg-config --libs liburing) -lm -lpthread $(PCI_LIBS)

ENGINE_CORE := engine/nvme_cmd.c engine/nvme_status.c engine/nvme_id.c engine/nsdev.c engine/model.c engine/model_presets.c engine/erase.c engine/opt_parse.c
ENGINE_SRCS := $(ENGINE_CORE) engine/ssdq.c engine/be_uring.c engine/be_sync.c engine/be_model.c \
               engine/phases.c engine/sidecar.c engine/sampling.c engine/source_model.c
POWER_SRCS  := power/util.c power/source.c power/source_hwmon.c power/source_cmd.c \
               power/source_qis.c power/source_nvme_ps.c power/nvme.c power/device_info.c \
               power/sampler.c
POWER_OBJS  := $(POWER_SRCS:power/%.c=$(B)/power/%.o)

UNIT_TESTS := test_nvme_status test_nvme_cmd test_nvme_id test_model test_opt_parse \
              test_power_nvme test_power_sources test_power_qis test_power_sampler \
              test_report_slc test_report_readers test_report_fixtures test_report_power \
              test_report_sidecars test_report_suites test_report_fill_sources
UNIT_BINS  := $(addprefix $(B)/test/,$(UNIT_TESTS))

all: $(B)/ssdq.so $(B)/ssdq-sample $(B)/ssdq-report ssdq.so

include analysis/analysis.mk

# fio 3.33 stats "external:ssdq.so" relative to the working directory before
# it dlopens the name through the library path: this link lets the literal
# command run from the source tree (after make install).
ssdq.so:
	$(Q)ln -sf $(B)/ssdq.so $@

$(B)/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(FIO_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/ssdq.so: $(ENGINE_SRCS:%.c=$(B)/%.o) $(POWER_OBJS) engine/ssdq.map
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -shared -Wl,-z,nodelete -Wl,--version-script=engine/ssdq.map \
		-o $@ $(filter %.o,$^) $(LIBS_ENGINE)

$(B)/power/%.o: power/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/ssdq-sample: $(B)/power/ssdq-sample.o $(POWER_OBJS) $(B)/core/nvme_id.o
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lpthread -lm $(PCI_LIBS)

$(B)/test/test_report_%: $(B)/test/test_report_%.o $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(JSONC_LIBS) -lm

# shorter stem than $(B)/test/%, so this rule wins for power tests
$(B)/test/test_power_%: $(B)/test/test_power_%.o $(POWER_OBJS) $(ENGINE_CORE:engine/%.c=$(B)/core/%.o)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lpthread -lm $(PCI_LIBS)

# The same engine claiming another fio release, to test the version check.
$(B)/mismatch/ssdq.o: engine/ssdq.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) $(filter-out -DFIO_VERSION=%,$(FIO_CFLAGS)) -DFIO_VERSION='"fio-0.0-ssdq-test"' \
		-MMD -MP -c -o $@ $<

$(B)/test/ssdq-mismatch.so: $(filter-out $(B)/engine/ssdq.o,$(ENGINE_SRCS:%.c=$(B)/%.o)) $(POWER_OBJS) $(B)/mismatch/ssdq.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -shared -Wl,-z,nodelete -Wl,--version-script=engine/ssdq.map -o $@ $^ $(LIBS_ENGINE)

$(B)/test/%.o: test/unit/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) -Itest/unit -Ianalysis $(JSONC_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/core/%.o: engine/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BASE_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/test/%: $(B)/test/%.o $(ENGINE_CORE:engine/%.c=$(B)/core/%.o)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ -lm -lpthread

unit: $(UNIT_BINS)

HOST_TESTS := test/power/ssdq-sample.sh test/analysis/test_report_cli.sh test/analysis/test_report_html.sh \
              test/analysis/test_report_model.sh test/analysis/test_report_suite.sh \
              test/jobs/parse.sh test/jobs/runner.sh
TOOLS_ENV  := SSDQ_SAMPLE=$(B)/ssdq-sample SSDQ_REPORT=$(B)/ssdq-report

check-unit: $(UNIT_BINS) $(B)/ssdq-sample $(B)/ssdq-report
	@$(TOOLS_ENV) sh test/run-tests.sh $(UNIT_BINS) $(HOST_TESTS)

check: all $(UNIT_BINS) $(B)/test/ssdq-mismatch.so
	@sh scripts/deps.sh check
	@$(TOOLS_ENV) sh test/run-tests.sh $(UNIT_BINS) $(HOST_TESTS) \
		test/engine-host.sh test/model-host.sh test/model-truth.sh test/vm/run.sh

check-asan:
	$(MAKE) B=build/asan SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check-unit

demo: all
	@sh scripts/demo.sh

bench: all
	@sh test/vm/bench.sh
	@sh test/vm/bench-sampler.sh
	@SSDQ_REPORT=$(B)/ssdq-report FIO_SRC=$(FIO_SRC) sh test/analysis/bench_report.sh

install: all
	install -d $(DESTDIR)$(ENGINEDIR) $(DESTDIR)$(PREFIX)/bin
	install -m 0644 $(B)/ssdq.so $(DESTDIR)$(ENGINEDIR)/ssdq.so
	install -m 0755 $(B)/ssdq-sample $(DESTDIR)$(PREFIX)/bin/ssdq-sample
	install -m 0755 $(B)/ssdq-report $(DESTDIR)$(PREFIX)/bin/ssdq-report
	rm -rf $(DESTDIR)$(PREFIX)/share/ssdq/jobs
	install -d $(DESTDIR)$(PREFIX)/share/ssdq
	cp -R jobs $(DESTDIR)$(PREFIX)/share/ssdq/jobs
	for t in ssdq-run ssdq-env; do \
		printf '#!/bin/sh\nexec sh %s/share/ssdq/jobs/%s "$$@"\n' "$(PREFIX)" "$$t" \
			>$(DESTDIR)$(PREFIX)/bin/$$t && chmod 0755 $(DESTDIR)$(PREFIX)/bin/$$t; \
	done

clean:
	rm -rf $(B)/engine $(B)/core $(B)/mismatch $(B)/power $(B)/ssdq-sample $(B)/analysis $(B)/ssdq-report $(B)/fuzz $(B)/test $(B)/ssdq.so $(B)/asan

.PHONY: all unit check check-unit check-asan bench demo install clean fuzz
-include $(shell find $(B) -name '*.d' 2>/dev/null)
.SECONDARY:
