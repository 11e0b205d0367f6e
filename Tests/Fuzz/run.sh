#!/usr/bin/env bash
# Builds a libFuzzer harness and fuzzes it for SECONDS (per job).
#
#   Tests/Fuzz/run.sh SECONDS [JOBS]
#   FUZZ_TARGET=CatalogFuzz Tests/Fuzz/run.sh SECONDS
#
# FUZZ_TARGET: ColladaFuzz (default: load, pose, skin, rasterize a COLLADA file), CatalogFuzz
# (catalog.json and icon-style.json) or ExportFuzz (a rig through export's and convert's model building
# and writers).
# Seeds: ../shared/corpus/collada beside the checkout (skipped with a message when absent) and
# Tests/ColladaKitTests/Fixtures for the COLLADA harnesses (ExportFuzz also the bundled rigs up to 64 KB);
# the bundled catalog, style and the catalog fixtures for CatalogFuzz. The working corpus lives in
# Tests/Fuzz/.corpus/TARGET (not in git);
# crashes, timeouts and OOMs are written to Tests/Fuzz/artifacts/ (not in git). Exits non-zero
# when libFuzzer finds one, so CI fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:?usage: run.sh SECONDS [JOBS]}"
jobs="${2:-1}"
target="${FUZZ_TARGET:-ColladaFuzz}"
case "$target" in
  ColladaFuzz|ExportFuzz) dict="$here/collada.dict" ;;
  CatalogFuzz) dict="$here/json.dict" ;;
  *) echo "fuzz: unknown FUZZ_TARGET '$target' (ColladaFuzz, CatalogFuzz, ExportFuzz)" >&2; exit 64 ;;
esac

# FUZZ_CONFIG=debug builds without optimisation (3x slower, about 700 exec/s instead of 2000).
config="${FUZZ_CONFIG:-release}"

cd "$here"
# --sanitize=fuzzer makes SwiftPM link libFuzzer's main (and not rename ours); the -Xswiftc flags
# instrument every Swift module, ColladaKit included, for coverage and AddressSanitizer. Release
# keeps Swift's bounds and overflow checks, so a bad index still traps.
build=(swift build -c "$config" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
corpus=".corpus/$target"
mkdir -p "$corpus" artifacts
# SwiftPM caches the build plan of the path dependency: a source file added to ColladaKit since
# the last build would be missing from it. Dropping the plan costs a few seconds.
rm -f ".build/$config.yaml"
echo "fuzz: building ($config)"
if ! "${build[@]}" >artifacts/build.log 2>&1; then
  grep -v "Cannot export local symbol" artifacts/build.log | tail -30 >&2
  echo "fuzz: build failed" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)/$target"
shared="$root/../shared/corpus/collada"
maxlen=65536
if [ "$target" = CatalogFuzz ]; then
  # The bundled catalog and style, and every JSON file the tests keep (catalog and style fixtures), never this
  # folder's own copies: the seeds are the same on every run.
  rm -rf .seeds-json; mkdir -p .seeds-json
  find "$root/Assets" "$root/Tests" -maxdepth 4 -type f -name '*.json' -size -64k -not -path "$here/*" -print0 \
    | while IFS= read -r -d '' f; do cp -f "$f" ".seeds-json/$(printf '%s' "$f" | md5sum | cut -c1-16)-$(basename "$f")"; done
  seeds=("$here/.seeds-json")
  shared=""
elif [ "$target" = ExportFuzz ]; then
  # The bundled rigs: the pose files (about 50 KB) and the animated reps (about 180 KB), so the key rate, the
  # sampling and the length checks start from real animations; inputs up to 256 KB.
  maxlen=262144
  rm -rf .seeds-rigs; mkdir -p .seeds-rigs
  find "$root/Assets/Animations" "$root/Assets/Poses" -type f -name '*.dae' -size -256k -print0 \
    | while IFS= read -r -d '' f; do cp -f "$f" ".seeds-rigs/$(basename "$f")"; done
  seeds=("$here/.seeds-rigs" "$root/Tests/ColladaKitTests/Fixtures")
else
  seeds=("$root/Tests/ColladaKitTests/Fixtures")
fi
if [ -z "$shared" ]; then
  :
elif [ -d "$shared" ]; then
  # libFuzzer reads seed directories flat: gather the corpus's .dae/.zae files (64 KB and under).
  mkdir -p .seeds
  find "$shared" -type f \( -name '*.dae' -o -name '*.zae' \) -size -64k -print0 \
    | while IFS= read -r -d '' f; do
        cp -f "$f" ".seeds/$(printf '%s' "$f" | md5sum | cut -c1-16)-$(basename "$f")"
      done
  seeds+=("$here/.seeds")
else
  echo "fuzz: $shared is absent; seeding from the fixtures only"
fi

# Swift's crash reporter would catch traps (overflow, bounds) before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
log="$here/artifacts/last-run-$target.log"
# A unit over the timeout is a hang. ExportFuzz's seeds are whole animated rigs (up to 256 KB, built three
# times per unit: about 1.6 s under AddressSanitizer and coverage on this 2-core machine, so 5 s failed on a
# slower CI machine with a mere name mutated); its limit is 30 s. FUZZ_TIMEOUT overrides either.
timeout=5
if [ "$target" = ExportFuzz ]; then timeout=30; fi
timeout="${FUZZ_TIMEOUT:-$timeout}"
args=(-max_len="$maxlen" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout="$timeout"
      -dict="$dict" -artifact_prefix="$here/artifacts/$target-" -print_final_stats=1
      -max_total_time="$seconds")
# A reproducible run for CI: FUZZ_SEED fixes libFuzzer's random seed and FUZZ_RUNS replaces the time limit
# with a number of executions, so the same inputs are tried on every machine (a time limit makes the run
# depend on the machine's speed).
if [ -n "${FUZZ_SEED:-}" ]; then args+=(-seed="$FUZZ_SEED"); fi
if [ -n "${FUZZ_RUNS:-}" ]; then
  kept=()
  for a in "${args[@]}"; do case "$a" in -max_total_time=*) ;; *) kept+=("$a") ;; esac; done
  args=("${kept[@]}" -runs="$FUZZ_RUNS")
fi
# Artifacts from earlier runs stay in artifacts/: only the ones written after this mark are printed below.
touch artifacts/.run-start
status=0
if [ "$jobs" -gt 1 ]; then
  "$bin" "${args[@]}" -jobs="$jobs" -workers="$jobs" "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
  cat fuzz-*.log >>"$log" 2>/dev/null || true
  rm -f fuzz-*.log
else
  "$bin" "${args[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
fi

grep -E "^INFO: Seed: " "$log" || true
grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)" "$log" | tail -n "$((jobs + 1))" || true
grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true

# Every artifact this run wrote, printed whole as one base64 line, so a CI log is enough to reproduce
# a finding after the machine is gone (they are at most -max_len: 64 KB, 256 KB for ExportFuzz).
new=()
while IFS= read -r a; do new+=("$a"); done < <(
  find artifacts -maxdepth 1 -type f -newer artifacts/.run-start \
    \( -name '*crash-*' -o -name '*timeout-*' -o -name '*oom-*' -o -name '*leak-*' -o -name '*slow-unit-*' \) \
    -printf '%f\n' | sort)
print_artifacts() {
  for a in "${new[@]}"; do
    echo "fuzz: artifact $a ($(wc -c <"artifacts/$a") bytes). To reproduce, from the saved log:"
    echo "  grep '^fuzz-artifact $a ' LOG | cut -d' ' -f3 | base64 -d > $a; Tests/Fuzz/repro.sh $a"
    printf 'fuzz-artifact %s %s\n' "$a" "$(base64 -w0 "artifacts/$a")"
  done
}

if [ "$status" -ne 0 ] || grep -qE "^(==[0-9]+==ERROR|SUMMARY: |artifact_prefix=.*Test unit written)" "$log"; then
  {
    echo "fuzz: FAILED (status $status); see $log and $here/artifacts/"
    grep -E "^INFO: Seed: |Test unit written|Fatal error|^MS: |^Base64: " "$log" | head -20
    # The report and its stack: in a release build a Swift trap prints no message, but the frame that
    # trapped is named "Swift runtime failure: <what>" with its file and line (from the debug info).
    grep -m3 -E "Swift runtime failure" "$log" || true
    awk '/==[0-9]+== ?ERROR/ { on = 1 } on && n < 60 { print; n++ } /^SUMMARY/ { on = 0 }' "$log"
    print_artifacts
  } >&2
  exit 1
fi
if [ ${#new[@]} -gt 0 ]; then print_artifacts; fi
echo "fuzz: $target: no crash in ${seconds}s x $jobs job(s)"
