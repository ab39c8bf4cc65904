# The README's two commands: `make lab` and `make test`. Each sets up what it needs.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8888
# System programs the project starts (binary:Debian package).
LAB_SYSTEM := dot:graphviz
# (a CJK font: the browser test renders and photographs a notebook of the Chinese edition)
TEST_SYSTEM := dot:graphviz chromium:chromium bwrap:bubblewrap pg_ctlcluster:postgresql \
	/usr/share/fonts/truetype/wqy/wqy-microhei.ttc:fonts-wqy-microhei
# The gpu extra only where an NVIDIA driver is present.
GPU_EXTRA := $(shell command -v nvidia-smi >/dev/null 2>&1 && echo ,gpu)
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test test-fast bench release demo clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# One stamp per extras set, remade when pyproject.toml changes.
$(VENV)/.installed-course$(GPU_EXTRA): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[course$(GPU_EXTRA)]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[course,dev]'
	touch $@

# `make lab COURSE_LANG=zh_CN`: the Chinese edition (course-zh_CN/) in JupyterLab's Chinese interface
# (tools/student-lab-zh_CN sets the language pack's locale before the student's own settings).
COURSE_LANG ?= en
LAB_COURSE := $(if $(filter en,$(COURSE_LANG)),course,course-$(COURSE_LANG))
LAB_CONFIG := $(if $(filter en,$(COURSE_LANG)),,$(CURDIR)/tools/student-lab-$(COURSE_LANG):)$(CURDIR)/tools/student-lab

lab: $(VENV)/.installed-course$(GPU_EXTRA)
	@tools/system-deps.sh $(LAB_SYSTEM)
	@test -d "$(LAB_COURSE)" || { echo "no edition $(LAB_COURSE)/ (COURSE_LANG=$(COURSE_LANG)); run make release"; exit 2; }
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" JUPYTER_CONFIG_PATH="$(LAB_CONFIG)" $(VENV)/bin/jupyter lab --port=$(PORT) $(ROOT_FLAG) \
		--ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/$(LAB_COURSE)

# One BLAS thread per process: the suite runs notebooks, kernels and graders side by side on 2 cores,
# where threaded BLAS oversubscribes the CPUs and runs up to 10x slower.
TEST_ENV := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

test: $(VENV)/.installed-dev
	@tools/system-deps.sh $(TEST_SYSTEM)
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(TEST_ENV) $(PY) -m pytest -q $(PYTEST_ARGS)

# Everything but the browser tests and the notebook runs: the engine's inner loop.
test-fast: $(VENV)/.installed-dev
	$(TEST_ENV) $(PY) -m pytest -q -m "not slow and not e2e" $(PYTEST_ARGS)

$(VENV)/.installed-bench: pyproject.toml $(VENV)/.installed-dev
	$(PY) -m pip install -q -e '.[course,dev,bench]'
	touch $@

bench: $(VENV)/.installed-bench
	$(PY) -m bench

release: $(VENV)/.installed-dev
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) -m grading release

demo: $(VENV)/.installed-dev
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) -m grading demo

clean:
	rm -rf $(VENV) grading/workspace test-artifacts .pytest_cache
