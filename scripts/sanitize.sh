#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer, each in its own build directory
# (.build-asan, .build-tsan) so the normal debug build is not invalidated.
#
#   scripts/sanitize.sh            # both
#   scripts/sanitize.sh address    # one of: address, thread
#   scripts/sanitize.sh thread --filter Validate   # extra arguments go to `swift test`
#
# Exits non-zero when a test fails or a sanitizer reports a problem.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=(address thread)
if [ $# -gt 0 ] && { [ "$1" = address ] || [ "$1" = thread ]; }; then kinds=("$1"); shift; fi

# Swift's own crash reporter would otherwise race the sanitizer's report.
export SWIFT_BACKTRACE=enable=no
# halt_on_error: the first report fails the run; detect_leaks=0: the Swift runtime's caches
# are reported as leaks at exit (not our code).
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"

status=0
for kind in "${kinds[@]}"; do
  short="${kind:0:1}san"
  mkdir -p ".build-$short"
  log=".build-$short/sanitize.log"
  echo "sanitize: swift test --sanitize=$kind (build and log in .build-$short)"
  start=$(date +%s)
  if swift test --scratch-path ".build-$short" --sanitize="$kind" "$@" >"$log" 2>&1; then
    result=passed
  else
    result=FAILED; status=1
  fi
  if grep -qE "ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer" "$log"; then
    result="FAILED (sanitizer report)"; status=1
    grep -E -A12 "(ERROR|WARNING): (Address|Thread)Sanitizer" "$log" | head -60
  fi
  if [ "$result" != passed ]; then
    # Name what failed: the tests that failed and the issues they recorded (with their expectation lines).
    grep -E -A6 "^(✘|􀢄) Test .* recorded an issue|^(✘|􀢄) Test .* failed|error: |XCTAssert|Fatal error|Test Case .* failed" "$log" | head -80 || true
  fi
  grep -E "^(✔|✘|􁁛|􀢄).*Test run with|Executed [0-9]+ tests" "$log" | tail -2 || true
  echo "sanitize: $kind $result in $(( $(date +%s) - start ))s"
done
exit $status
