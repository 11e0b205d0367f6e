#!/usr/bin/env bash
# Runs the fuzz harness once on saved inputs (artifacts from run.sh or its CI log, fixtures) and says
# what trapped.
#
#   Tests/Fuzz/repro.sh FILE...
#   FUZZ_TARGET=CatalogFuzz Tests/Fuzz/repro.sh FILE...   # the harness (default: ColladaFuzz; run.sh names
#                                                         # its artifacts TARGET-crash-...)
#   FUZZ_CONFIG=debug Tests/Fuzz/repro.sh FILE...   # also prints Swift's "Fatal error: <what>"
#
# A release build traps without a message (a Swift check is one ud2 instruction there), but the stack
# libFuzzer prints names the failed check: its top Swift frame reads "Swift runtime failure: <what>",
# followed by the file and line that trapped. Exits non-zero when an input crashes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] || { echo "usage: repro.sh FILE..." >&2; exit 64; }
files=()
for f in "$@"; do
  [ -f "$f" ] || { echo "repro: no such file: $f" >&2; exit 66; }
  files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done
config="${FUZZ_CONFIG:-release}"
cd "$here"
target="${FUZZ_TARGET:-}"
if [ -z "$target" ]; then
  case "$(basename "${files[0]}")" in
    CatalogFuzz-*) target=CatalogFuzz ;;
    ExportFuzz-*) target=ExportFuzz ;;
    *) target=ColladaFuzz ;;
  esac
fi
build=(swift build -c "$config" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
mkdir -p artifacts
rm -f ".build/$config.yaml"  # see run.sh: a stale build plan can miss new source files
if ! "${build[@]}" >artifacts/build-repro.log 2>&1; then
  grep -v "Cannot export local symbol" artifacts/build-repro.log | tail -30 >&2
  echo "repro: build failed" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)/$target"
export SWIFT_BACKTRACE=enable=no
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
"$bin" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=5 "${files[@]}" >"$log" 2>&1 || status=$?
grep -vE "^INFO: |^\*\*\*|^$" "$log" || true
if [ "$status" -ne 0 ]; then
  echo "repro: crashed (status $status). What trapped:"
  grep -E "Fatal error|Swift runtime failure|ERROR: (libFuzzer|AddressSanitizer)" "$log" | head -5 || true
  # The first frame in our sources, with its file and line.
  grep -m1 -E " in .* /.*/Sources/[^ ]+\.swift:[0-9]+" "$log" | sed -E 's/^ *#[0-9]+ 0x[0-9a-f]+ in [^ ]+ /  at /' || true
  exit 1
fi
echo "repro: no crash"
