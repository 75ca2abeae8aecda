# ssdq-report and the analysis library; included by the top-level Makefile,
# or used alone while developing:  make -f analysis/analysis.mk B=build
B ?= build
CC ?= cc
ANALYSIS_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64
SAN ?=
JSONC_CFLAGS := $(shell pkg-config --cflags json-c)
JSONC_LIBS   := $(shell pkg-config --libs json-c)

ANALYSIS_LIB_SRCS := analysis/diag.c analysis/figure.c analysis/reader_json.c \
	analysis/reader_log.c analysis/lat_hist.c analysis/hist_log.c analysis/fill.c analysis/slc.c \
	analysis/power.c analysis/fio_jobs.c analysis/metrics.c analysis/report.c \
	analysis/write_common.c analysis/write_text.c analysis/write_csv.c \
	analysis/write_json.c analysis/write_html.c analysis/device.c \
	analysis/reader_jsonl.c analysis/events.c analysis/smart.c analysis/series.c analysis/compare.c \
	analysis/svg.c analysis/grow.c analysis/status.c analysis/sort.c \
	analysis/fio_version.c analysis/fio_stats.c analysis/fio_figures.c analysis/plausible.c \
	analysis/phases.c analysis/input_kind.c analysis/from_logs.c analysis/killed.c analysis/stop.c analysis/review.c \
	analysis/chart.c analysis/svg_xy.c analysis/svg_lat.c analysis/write_review.c \
	analysis/marks.c analysis/provenance.c analysis/pts_steady.c
ANALYSIS_LIB_OBJS := $(ANALYSIS_LIB_SRCS:analysis/%.c=$(B)/analysis/%.o)

$(B)/analysis/%.o: analysis/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(ANALYSIS_CFLAGS) $(SAN) $(JSONC_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/ssdq-report: $(B)/analysis/main.o $(ANALYSIS_LIB_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(SAN) -o $@ $^ $(JSONC_LIBS) -lm

-include $(wildcard $(B)/analysis/*.d)

# libFuzzer targets (clang): make -f analysis/analysis.mk fuzz FUZZ_SECONDS=60
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 30
FUZZ_FLAGS   := -g -O1 -std=gnu11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined $(JSONC_CFLAGS)

$(B)/fuzz/fuzz_%: analysis/fuzz/fuzz_%.c $(ANALYSIS_LIB_SRCS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ $(JSONC_LIBS) -lm

# Seeds: the fixtures, and the real fio output of ../shared/corpus/fio-real
# (FIO_REAL=DIR elsewhere; read where it lies, copied into the build tree
# only): fio 2.x to 3.4x JSON, normal output, bare logs, real curves.
FIO_REAL ?= ../shared/corpus/fio-real

fuzz: $(B)/fuzz/fuzz_json $(B)/fuzz/fuzz_log $(B)/fuzz/fuzz_sidecar
	@mkdir -p $(B)/fuzz/corpus-json $(B)/fuzz/corpus-log $(B)/fuzz/corpus-sidecar
	cp test/fixtures/fio-3.33/*.json test/fixtures/fio-3.33-shapes/*.json test/fixtures/malformed/*.json $(B)/fuzz/corpus-json/
	cp test/fixtures/fio-3.33/*.log test/fixtures/fio-3.33-shapes/*.log test/fixtures/malformed/*.log $(B)/fuzz/corpus-log/
	if [ -d "$(FIO_REAL)" ]; then \
		find "$(FIO_REAL)" -type f ! -name '*.log' ! -name '*.md' -size -64k | while read -r f; do \
			cp "$$f" $(B)/fuzz/corpus-json/real_$$(echo "$$f" | tr / _); done; \
		find "$(FIO_REAL)" -type f -name '*.log' | while read -r f; do \
			head -c 16384 "$$f" >$(B)/fuzz/corpus-log/real_$$(echo "$$f" | tr / _); done; \
	fi
	cp test/fixtures/ssdq-model/tlc/burst-seq-write_bw.1.log $(B)/fuzz/corpus-log/
	for f in test/fixtures/ssdq-model/*/*.jsonl; do \
		head -c 16384 "$$f" >$(B)/fuzz/corpus-sidecar/$$(echo "$$f" | tr / _); done
	$(B)/fuzz/fuzz_json -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-json
	$(B)/fuzz/fuzz_log -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-log
	$(B)/fuzz/fuzz_sidecar -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus-sidecar

.PHONY: fuzz
