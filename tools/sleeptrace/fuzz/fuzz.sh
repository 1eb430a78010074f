#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fuzz.sh [SECONDS]: sleeptrace under AddressSanitizer and UBSan (clang,
# Debian's clang-14 or later, whose libFuzzer this uses):
# - libFuzzer for SECONDS (default 60) over random and mutated captures,
#   seeded with the recorded fixtures' first 16 KiB, every input run
#   through check, explain, phases and devices (fuzz.c);
# - a 1 GiB capture streamed through check twice: 1 GiB of console noise
#   (read to its end, "no suspend in it"), and 1 GiB of events (refused
#   at 400000 events, without reading on).
# Any crash, sanitizer report or leak stops it with status 1. Not part of
# make test: it takes minutes of the CPU the guests need.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
out=${TMPDIR:-/tmp}/sleeptrace-fuzz.$$
mkdir -p "$out/corpus"
trap 'rm -rf "$out"' EXIT
command -v clang > /dev/null || { echo "fuzz.sh: SKIP: no clang (Debian package clang)"; exit 0; }
san="-fsanitize=address,undefined -fno-sanitize-recover=all -g -O1"
# shellcheck disable=SC2086 # san is a flag list
srcs=$(make -s -C "$here" srcs | sed "s|[^ ]*|$here/&|g")
# shellcheck disable=SC2086 # flag and file lists
clang $san -fsanitize=fuzzer -Dmain=sleeptrace_main -o "$out/fuzz" "$here/fuzz/fuzz.c" $srcs
# shellcheck disable=SC2086
clang $san -o "$out/sleeptrace" $srcs
for f in "$here"/fixtures/*.trace; do head -c 16384 "$f" > "$out/corpus/${f##*/}"; done

echo "fuzz.sh: libFuzzer, ${secs}s"
"$out/fuzz" -max_total_time="$secs" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
	-artifact_prefix="$out/" "$out/corpus" > "$out/fuzz.log" 2>&1 || {
	tail -40 "$out/fuzz.log"; echo "fuzz.sh: FAILED (libFuzzer)"; exit 1; }
grep -E "^Done [0-9]+ runs" "$out/fuzz.log"

big() {	# big WHAT LINE: 1 GiB of LINE into check
	start=$(date +%s)
	r=0
	yes "$2" | head -c 1073741824 | "$out/sleeptrace" check /dev/stdin > "$out/big.out" 2> "$out/big.err" || r=$?
	echo "fuzz.sh: 1 GiB of $1: exit $r in $(($(date +%s) - start))s: $(cat "$out/big.err")"
	if [ "$r" != 2 ] || grep -q Sanitizer "$out/big.err"; then
		echo "fuzz.sh: FAILED (1 GiB of $1)"; exit 1
	fi
}
big "console noise" "[   12.345678] mmc0: new high speed SD card at address 1234"
big "events" "  sh-81  [000] ...1.  10.884896: suspend_resume: dpm_suspend[2] begin"
echo "fuzz.sh: no crash, no sanitizer report"
