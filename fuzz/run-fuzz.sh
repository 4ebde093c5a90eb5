#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run-fuzz.sh BINARY SECONDS: run the libFuzzer target from the committed
# seeds in corpus/, adding new inputs to out/corpus/, then report
# executions and coverage and a final "N passed, M failed" line.
set -u

bin=$1
secs=$2
mkdir -p out/corpus out/artifacts
log=out/fuzz-$secs.log

"$bin" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
	-rss_limit_mb=2048 -artifact_prefix=out/artifacts/ \
	out/corpus corpus >"$log" 2>&1
rc=$?

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
if [ "$rc" -ne 0 ]; then
	tail -n 40 "$log"
	echo "fuzzer failed (exit $rc); log in fuzz/$log, inputs in fuzz/out/artifacts/"
fi
echo "seconds: $secs executions: ${execs:-?} cov: ${cov:-?} ft: ${ft:-?} corpus: $(ls out/corpus | wc -l) files"
if [ "$rc" -eq 0 ]; then
	echo "1 passed, 0 failed"
else
	echo "0 passed, 1 failed"
fi
exit "$rc"
