# ssdq-report and the analysis library; included by the top-level Makefile,
# or used alone while developing:  make -f analysis/analysis.mk B=build
B ?= build
CC ?= cc
ANALYSIS_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64
SAN ?=
JSONC_CFLAGS := $(shell pkg-config --cflags json-c)
JSONC_LIBS   := $(shell pkg-config --libs json-c)

# Layers, each using only those below it: the include path of a layer's
# files names its own folder and those below, so a header of a layer above
# is not found (the build enforces it). main.c, the program, sees them all.
#   base/     figures, diagnostics, growing arrays, sorting, histograms
#   read/     fio JSON by version, logs, sidecars, device.json
#   compute/  jobs, windows, fill and SLC, phases, power, SMART, comparison
#   write/    text, CSV, JSON, HTML/SVG
ANALYSIS_BASE    := $(addprefix analysis/base/,diag.c figure.c grow.c sort.c lat_hist.c envelope.c)
ANALYSIS_READ    := $(addprefix analysis/read/,reader_json.c reader_jsonl.c reader_log.c \
	input_kind.c fio_version.c fio_jobs.c fio_stats.c fio_rows.c fio_shared.c hist_log.c device.c \
	provenance.c events.c smart.c host.c from_logs.c pts_track.c)
ANALYSIS_COMPUTE := $(addprefix analysis/compute/,fill.c slc.c phases.c power.c status.c stop.c \
	metrics.c report.c killed.c fio_figures.c fio_stop.c plausible.c series.c compare.c review.c marks.c \
	catalogue.c pts_steady.c pts_report.c pts_di.c hist_interval.c log_find.c timeline.c host_verdict.c \
	energy_counter.c drive_power.c trace.c pstate.c)
ANALYSIS_COMPUTE += analysis/compute/pts_recovery.c
ANALYSIS_COMPUTE += analysis/compute/compare_pts.c
ANALYSIS_WRITE   := $(addprefix analysis/write/,write_common.c write_text.c write_csv.c \
	write_json.c write_html.c write_review.c write_pts.c write_pts_di.c html.c svg.c svg_xy.c svg_lat.c svg_heat.c chart.c \
	svg_time.c write_timeline.c write_pstate.c)
ANALYSIS_WRITE   += analysis/write/write_pts_recovery.c analysis/write/write_pts_compare.c
# db/: the results library (ssdq-db) over them all, SQLite
ANALYSIS_DB      := $(addprefix analysis/db/,db_open.c db_schema.c db_hash.c db_import.c \
	db_query.c db_stats.c db_export.c db_pages.c)
ANALYSIS_INC_base    := -Ianalysis/base
ANALYSIS_INC_read    := $(ANALYSIS_INC_base) -Ianalysis/read
ANALYSIS_INC_compute := $(ANALYSIS_INC_read) -Ianalysis/compute
ANALYSIS_INC_write   := $(ANALYSIS_INC_compute) -Ianalysis/write
ANALYSIS_INC         := $(ANALYSIS_INC_write)
ANALYSIS_INC_main    := $(ANALYSIS_INC)
ANALYSIS_INC_pts_main := $(ANALYSIS_INC)
ANALYSIS_INC_db      := $(ANALYSIS_INC_write) -Ianalysis/db
ANALYSIS_INC_db_main := $(ANALYSIS_INC_db)
SQLITE_CFLAGS := $(shell pkg-config --cflags sqlite3 2>/dev/null)
SQLITE_LIBS   := $(shell pkg-config --libs sqlite3 2>/dev/null || echo -lsqlite3)
ANALYSIS_DB_OBJS := $(ANALYSIS_DB:analysis/%.c=$(B)/analysis/%.o)

ANALYSIS_LIB_SRCS := $(ANALYSIS_BASE) $(ANALYSIS_READ) $(ANALYSIS_COMPUTE) $(ANALYSIS_WRITE)
ANALYSIS_LIB_OBJS := $(ANALYSIS_LIB_SRCS:analysis/%.c=$(B)/analysis/%.o)

$(B)/analysis/%.o: analysis/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(ANALYSIS_CFLAGS) $(SAN) $(ANALYSIS_INC_$(firstword $(subst /, ,$*))) $(JSONC_CFLAGS) \
		$(if $(filter db db_main,$(firstword $(subst /, ,$*))),$(SQLITE_CFLAGS)) -MMD -MP -c -o $@ $<

$(B)/ssdq-report: $(B)/analysis/main.o $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(JSONC_LIBS) -lm

# the SNIA PTS steady-state rule over a test's rounds (docs/snia.md), for
# the runner and a person; installed with its manual page
$(B)/ssdq-pts: $(B)/analysis/pts_main.o $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(JSONC_LIBS) -lm

# the results library (docs/db.md): runs imported into SQLite, its pages
$(B)/ssdq-db: $(B)/analysis/db_main.o $(ANALYSIS_DB_OBJS) $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(SQLITE_LIBS) $(JSONC_LIBS) -lm

# the unit tests of the report (test/unit/test_report_*.c) see every layer
$(B)/test/test_report_%.o: BASE_CFLAGS += $(ANALYSIS_INC)

-include $(wildcard $(B)/analysis/*.d $(B)/analysis/*/*.d)

# libFuzzer targets (clang): make -f analysis/analysis.mk fuzz FUZZ_SECONDS=60
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 30
FUZZ_FLAGS   := -g -O1 -std=gnu11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined $(ANALYSIS_INC) $(JSONC_CFLAGS)

$(B)/fuzz/fuzz_%: analysis/fuzz/fuzz_%.c $(ANALYSIS_LIB_SRCS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ $(JSONC_LIBS) -lm

# Seeds: the fixtures, and the real fio output of ../shared/corpus/fio-real
# (FIO_REAL=DIR elsewhere; read where it lies, copied into the build tree
# only): fio 2.x to 3.4x JSON, normal output, bare logs, real curves.
FIO_REAL ?= ../shared/corpus/fio-real

fuzz: $(B)/fuzz/fuzz_json $(B)/fuzz/fuzz_log $(B)/fuzz/fuzz_sidecar $(B)/fuzz/fuzz_hist
	@mkdir -p $(B)/fuzz/corpus-json $(B)/fuzz/corpus-log $(B)/fuzz/corpus-sidecar $(B)/fuzz/corpus-hist
	cp test/fixtures/fio-3.33/*.json test/fixtures/fio-3.33-shapes/*.json test/fixtures/malformed/*.json $(B)/fuzz/corpus-json/
	cp test/fixtures/fio-3.33/*.log test/fixtures/fio-3.33-shapes/*.log test/fixtures/malformed/*.log $(B)/fuzz/corpus-log/
	if [ -d "$(FIO_REAL)" ]; then \
		find "$(FIO_REAL)" -type f ! -name '*.log' ! -name '*.md' -size -64k | while read -r f; do \
			cp "$$f" $(B)/fuzz/corpus-json/real_$$(echo "$$f" | tr / _); done; \
		find "$(FIO_REAL)" -type f -name '*.log' | while read -r f; do \
			head -c 16384 "$$f" >$(B)/fuzz/corpus-log/real_$$(echo "$$f" | tr / _); done; \
	fi
	cp test/fixtures/ssdq-model/tlc/burst-seq-write_bw.1.log $(B)/fuzz/corpus-log/
	for f in test/fixtures/ssdq-model/*/*.jsonl test/fixtures/host/*.jsonl; do \
		head -c 16384 "$$f" >$(B)/fuzz/corpus-sidecar/$$(echo "$$f" | tr / _); done
	$(B)/fuzz/fuzz_json -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-json
	$(B)/fuzz/fuzz_log -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-log
	$(B)/fuzz/fuzz_sidecar -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-sidecar
	python3 test/analysis/gen_timeline_run.py $(B)/fuzz/hist-seed --jobs 2 --seconds 4 --coarse 6 --no-sidecars
	for f in $(B)/fuzz/hist-seed/*_clat_hist.*.log; do cp "$$f" $(B)/fuzz/corpus-hist/; done
	cat $(B)/fuzz/hist-seed/timeline_clat_hist.1.log >$(B)/fuzz/corpus-hist/two-jobs && printf '\0' >>$(B)/fuzz/corpus-hist/two-jobs && \
		cat $(B)/fuzz/hist-seed/timeline_clat_hist.2.log >>$(B)/fuzz/corpus-hist/two-jobs
	python3 test/analysis/gen_timeline_run.py $(B)/fuzz/hist-seed-2x --jobs 1 --seconds 4 --coarse 5 --groups 19 --no-sidecars
	cp $(B)/fuzz/hist-seed-2x/timeline_clat_hist.1.log $(B)/fuzz/corpus-hist/fio-2x
	cat $(B)/fuzz/hist-seed-2x/timeline_clat_hist.1.log >$(B)/fuzz/corpus-hist/fio-2x-and-3x && printf '\0' >>$(B)/fuzz/corpus-hist/fio-2x-and-3x && \
		cat $(B)/fuzz/hist-seed/timeline_clat_hist.1.log >>$(B)/fuzz/corpus-hist/fio-2x-and-3x
	$(B)/fuzz/fuzz_hist -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-hist

.PHONY: fuzz

# Two builds' reports over the corpus, the fixtures and DIRS (a demo's
# drives): make report-same BEFORE=old/ssdq-report [DIRS="d1 d2"]
report-same: $(B)/ssdq-report
	sh test/analysis/report_same.sh $(BEFORE) $(B)/ssdq-report $(DIRS)

.PHONY: report-same
