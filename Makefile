# make        set up what is missing and build dist/
# make test   install the Debian packages missing (tools/install-packages), set up and build
#             as make does, then every test: unit, parity, browser end to end in Chromium,
#             Firefox and WebKit; the slowest tests are listed at the end, then the
#             wall time of the whole make test, set-up and build included
# make test-fast   unit, parity and house style: every test that drives no browser and
#                  builds nothing from nothing and installs no wheel (the `slow` ones, pytest.ini)
# make demo   install the few Debian packages the demo needs where missing, build, and serve
#             a sample tree with nginx on 127.0.0.1:$(PORT)
# make screenshots   retake docs/screenshots/ from a real run
# make bench  build, run the benchmarks (real nginx, headless Chromium), write docs/benchmarks.md
# make soak   build, then 200,000 entries, a 50,000-entry directory and 20 MB listings
# make dist   build, then a wheel of the checkout and the npm package beside it: dist/ is then
#             the whole release (docs/releasing.md)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8080
# When make started, for make test's wall time.
STARTED := $(shell date +%s)

.PHONY: all build test test-fast demo screenshots bench soak dist clean

all: build

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# npm ls as well: an npm that fails may still exit 0 ("Exit handler never called!"), and a
# node_modules/.installed left behind would keep every later make from trying again.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	npm ls --depth=0 > /dev/null
	touch $@

# The build writes only into a dist/ holding an earlier build alone: the wheel and the npm
# package make dist put beside it, made from that build, go first.
build: $(VENV)/.installed node_modules/.installed
	rm -f dist/autoindex_sitemap-*.whl dist/autoindex-sitemap-*.tgz
	$(PY) generator.py

# make demo and make test first install the Debian packages they lack, as root; any other
# user, where one is missing, is stopped before anything is set up, with the one sudo command
# to run. The build comes after, in a make of its own, so that it never starts before.
#
# One pytest-xdist worker per CPU, each test file whole to one worker (its servers are
# started once). The time is printed whatever pytest's outcome, which make test then exits with.
test:
	tools/install-packages
	@$(MAKE) --no-print-directory build
	@echo '$(PY) -m pytest -n auto --dist loadfile --durations=15'; \
	$(PY) -m pytest -n auto --dist loadfile --durations=15; status=$$?; \
	seconds=$$(( $$(date +%s) - $(STARTED) )); \
	echo "make test took $$((seconds / 60)) min $$((seconds % 60)) s"; \
	exit $$status

test-fast: build
	$(PY) -m pytest -m 'not browser and not slow'

bench: build
	$(PY) -m bench.run

demo:
	tools/install-packages demo
	@$(MAKE) --no-print-directory build
	$(PY) -m nginx.demo --port $(PORT)

soak: build
	$(PY) -m bench.soak

screenshots: build
	$(PY) -m tools.screenshots

# The wheel is built from a copy of the checkout's files, so the checkout gets none of
# setuptools' build files; the copy takes the compiled parts the build kept.
dist: build
	rm -rf build/release
	mkdir -p build/release/build
	git ls-files -z | xargs -0 cp --parents -t build/release
	cp build/compiled.json build/release/build/
	$(PY) -m pip wheel --no-deps --quiet --disable-pip-version-check --wheel-dir dist build/release
	$(PY) -m toolkit.package dist dist

clean:
	rm -rf build dist
