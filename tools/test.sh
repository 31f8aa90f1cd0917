#!/usr/bin/env bash
# make test: the type check and both builds' tests on both cores.
#
# The compiled build (tools/compile.py: mypyc writes one C file that one gcc process compiles, 2-4 minutes on one
# core) is made while the pure pass runs every other test on two pytest-xdist workers (a test file stays on one
# worker, so a module's server is started once; each worker has its own PostgreSQL database: tests/conftest.py). Then, where it was built: the
# engine tests on the compiled build (tests/core games bots envs and tests/test_native.py, which plays seeded
# games in both builds and compares every step) and the packaging tests (tests/test_wheel.py: the wheel just built,
# installed outside the checkout). Without a C compiler the pure pass runs everything it can, and says so.
# No test is run twice except the engine tests, once per build (that is what they check).
set -uo pipefail
BIN=${BIN:-.venv/bin}
PYTEST=("$BIN/python" -m pytest)
PARALLEL=(-n "${MUSEION_TEST_WORKERS:-2}" --dist loadfile)

mkdir -p build
# the type check runs beside the tests (40 s of CPU; its own cache: mypyc compiles meanwhile); awaited below
"$BIN/mypy" --cache-dir build/mypy-cache >build/mypy.log 2>&1 &
typing=$!
"$BIN/python" tools/compile.py >build/compile.log 2>&1 &
compiling=$!

echo "== pure build: every test but test_native.py and the packaging tests (compiling meanwhile: build/compile.log)"
MUSEION_PURE=1 MUSEION_EXPECT_BUILD=pure "${PYTEST[@]}" "${PARALLEL[@]}" --durations=25 -m "not packaging" \
  --ignore=tests/test_native.py
pure=$?

wait "$typing"
typed=$?
echo "== mypy --strict (pyproject's files)"
cat build/mypy.log
wait "$compiling"
built=$?
cat build/compile.log
if [ "$built" -ne 0 ]; then
  echo "== the compiled build failed (build/compile.log)"
  exit 1
fi
if "$BIN/python" -c "import sys, museion; sys.exit(museion.BUILD != 'compiled')"; then
  echo "== compiled build: tests/core tests/games tests/bots tests/envs tests/test_native.py"
  MUSEION_EXPECT_BUILD=compiled "${PYTEST[@]}" "${PARALLEL[@]}" tests/core tests/games tests/bots tests/envs \
    tests/test_native.py
  compiled=$?
else
  echo "== no compiled build (no C compiler): test_native.py on the pure build"
  MUSEION_PURE=1 MUSEION_EXPECT_BUILD=pure "${PYTEST[@]}" tests/test_native.py
  compiled=$?
fi
echo "== packaging: the wheel and the sdist installed in fresh environments"
MUSEION_PURE=1 "${PYTEST[@]}" -m packaging tests/test_wheel.py
packaging=$?

echo "== results: mypy $typed, pure pass $pure, compiled pass $compiled, packaging $packaging (0 = passed)"
[ "$typed" -eq 0 ] && [ "$pure" -eq 0 ] && [ "$compiled" -eq 0 ] && [ "$packaging" -eq 0 ]
