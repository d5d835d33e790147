# kin: `make run` builds and opens kin, `make test` runs every test (see README.md).
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.NOTPARALLEL:
.DEFAULT_GOAL := build

# The official Go install location first (scripts/deps.sh uses the same order).
export PATH := /usr/local/go/bin:$(PATH)
export GOFLAGS ?= -buildvcs=false
export CGO_ENABLED ?= 1
# The programs are built with Go's experimental SIMD package (GOEXPERIMENT=simd, amd64),
# with which the raster shades four fragments at once; a build without it draws the same
# pixels one by one (raster/queue_simd.go). make test runs the raster's tests both ways and
# the rest as plain Go builds them (another GOEXPERIMENT rebuilds every package, the
# standard library's included). SIMD= turns it off.
SIMD ?= simd

ARGS ?=
TESTFLAGS ?=
BENCH ?= .
BENCH_PKGS ?= ./...
FUZZ ?=
FUZZ_PKGS ?= ./avatar/... ./agent/... ./store/... ./internal/... ./raster/...
FUZZTIME ?= 30s
# TEST_FUZZTIME is the short run of every fuzz target inside make test.
TEST_FUZZTIME ?= 3s
FUZZMINTIME ?= 2s
XVFB_RUN := xvfb-run -a -s '-screen 0 1280x1024x24'
EBITEN := github.com/hajimehoshi/ebiten/v2
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

# $(call go_pkgs,KIND,PATTERNS): the packages in PATTERNS, one a line. KIND=display: those
# whose code or tests link ebiten (transitively), which need an X server; KIND=plain: the rest.
define go_pkgs
go list -test -f '{{.ImportPath}}|{{.Name}}{{range .Deps}}|{{.}}{{end}}' $(2) |
  awk -F'|' -v want=$(1) -v e=$(EBITEN) '
    { p = $$1 }
    index(p, " [") { next }
    $$2 == "main" && p ~ /\.test$$/ { p = substr(p, 1, length(p) - 5); tm = 1 }
    !tm { all[p] = 1 }
    { for (i = 3; i <= NF; i++) { d = $$i; sub(/ .*/, "", d); if (d == e || index(d, e "/") == 1) disp[p] = 1 }; tm = 0 }
    END { for (p in all) if ((want == "display") == (p in disp)) print p }' | sort
endef

.PHONY: help deps deps-test build run test bench fuzz lint clean

help:
	@echo 'make run [ARGS=...]   install missing system packages, build, open kin'
	@echo 'make test             install test packages, go vet, all tests (GUI ones under Xvfb)'
	@echo 'make build | bench | fuzz | lint | clean | deps | deps-test'

deps:
	bash scripts/deps.sh run

deps-test:
	bash scripts/deps.sh test

build:
	GOEXPERIMENT=$(SIMD) go build -o bin/ . ./cmd/kin-window

run: deps build
	./bin/kin $(ARGS)

# Packages that never link ebiten run with -race; the others run under Xvfb without it.
test: deps-test
	@fail() { echo "make test: FAIL ($$1)"; exit 1; }
	echo "go vet ./..."
	go vet ./... || fail "go vet ./..."
	plain=$$($(call go_pkgs,plain,./...)) || fail "go list"
	display=$$($(call go_pkgs,display,./...)) || fail "go list"
	status=0
	if [[ -n $$plain ]]; then
	  echo go test -race $(TESTFLAGS) $$plain
	  go test -race $(TESTFLAGS) $$plain || status=1
	fi
	echo "GOEXPERIMENT=$(SIMD) go test $(TESTFLAGS) ./raster (the raster as the programs are built)"
	GOEXPERIMENT=$(SIMD) go test $(TESTFLAGS) ./raster || status=1
	if [[ -n $$display ]]; then
	  # -p 1: packages sharing one X server would fight over its focus, clipboard and key grabs
	  echo "$(XVFB_RUN)" go test -p 1 $(TESTFLAGS) $$display
	  $(XVFB_RUN) go test -p 1 $(TESTFLAGS) $$display || status=1
	fi
	echo "make fuzz FUZZTIME=$(TEST_FUZZTIME)"
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(TEST_FUZZTIME) || status=1
	summary="go vet ok; $$(wc -w <<<"$$plain") packages tested with -race, $$(wc -w <<<"$$display") under Xvfb, fuzz targets for $(TEST_FUZZTIME) each"
	if ((status)); then echo "make test: FAIL ($$summary)"; exit 1; fi
	echo "make test: PASS ($$summary)"

bench:
	@plain=$$($(call go_pkgs,plain,$(BENCH_PKGS)))
	display=$$($(call go_pkgs,display,$(BENCH_PKGS)))
	if [[ -n $$plain ]]; then
	  echo "GOEXPERIMENT=$(SIMD) go test -run '^$$' -bench '$(BENCH)' -benchmem" $$plain
	  GOEXPERIMENT=$(SIMD) go test -run '^$$' -bench '$(BENCH)' -benchmem $$plain
	fi
	if [[ -n $$display ]]; then
	  echo "$(XVFB_RUN) GOEXPERIMENT=$(SIMD) go test -run '^$$' -bench '$(BENCH)' -benchmem" $$display
	  GOEXPERIMENT=$(SIMD) $(XVFB_RUN) go test -run '^$$' -bench '$(BENCH)' -benchmem $$display
	fi

# Each fuzz target (or just FUZZ) in FUZZ_PKGS for FUZZTIME; new failing inputs land in
# the package's testdata/fuzz, which is committed. FUZZMINTIME bounds the minimizing of
# each new input (Go's default, 60s, can eat a whole short run: FuzzLoad made 13 execs in
# 20 s). scripts/fuzz-one.sh runs each and tells Go 1.26's own deadline stop (no failing
# input written) from a finding.
fuzz:
	@go list -f '{{.ImportPath}} {{.Dir}}' $(FUZZ_PKGS) | while read -r pkg dir; do
	  targets='$(FUZZ)'
	  if [[ -z $$targets ]]; then
	    targets=$$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$$dir"/*_test.go 2>/dev/null || true)
	  fi
	  [[ -n $$targets ]] || continue
	  for f in $$targets; do
	    bash scripts/fuzz-one.sh "$$pkg" "$$dir" "$$f" $(FUZZTIME) $(FUZZMINTIME) || exit 1
	  done
	done

lint: deps-test
	@echo "gofmt -l . && go vet ./..."
	unformatted=$$(gofmt -l .)
	if [[ -n $$unformatted ]]; then echo "gofmt -w needed:"; echo "$$unformatted"; exit 1; fi
	go vet ./...
	go run $(STATICCHECK) ./...
	echo "make lint: ok"

clean:
	rm -rf bin
	rm -f ./*.test ./*.out ./*.prof ./*.pprof ./coverage*.html

# Frames a second, CPU and page faults per frame of kin's window under Xvfb (llvmpipe, as
# without a GPU), beside an empty Ebitengine window; BASELINE=path/to/benchframe adds
# another build's figures, BENCH_TIME=10s and BENCH_WARMUP=3s the run lengths.
.PHONY: bench-frame
BASELINE ?=
bench-frame: deps-test
	@GOEXPERIMENT=$(SIMD) go build -o bin/ ./cmd/kin-window/benchframe
	xvfb-run -a -s '-screen 0 1600x1400x24' bash scripts/bench-frame.sh bin/benchframe $(BASELINE)
