#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# READDIR cost with the Reply chunk (mode 1) or inline (mode 0),
# interleaved rounds, with rxe's counters. Runs in the client guest via
# vmtest --run (cwd = NFS mount); each round appends to $OUT/trace.
P=/sys/module/svcrdma/parameters/reply_chunk_always
S=/proc/sys/sunrpc/svcrdma_ng/reply_chunks
H=$(ls -d /sys/class/infiniband/*/ports/1/hw_counters | head -1)
snap() { for f in $H/*; do echo "$(basename $f) $(cat $f)"; done; }
mkdir -p d && touch d/f1 d/f2 d/f3 d/f4 d/f5
echo "round mode seconds reply_chunks_delta" > $OUT/readdir-ab.txt
for r in 1 2 3; do
	for m in 1 0; do
		echo $m > $P
		c0=$(cat $S); snap > /tmp/h0
		t0=$(date +%s.%N)
		for i in $(seq 60); do
			echo 3 > /proc/sys/vm/drop_caches
			ls d > /dev/null
		done
		t1=$(date +%s.%N)
		c1=$(cat $S); snap > /tmp/h1
		echo "$r $m $(echo "$t1 - $t0" | bc) $((c1 - c0))" | tee -a $OUT/readdir-ab.txt >> $OUT/trace
		join /tmp/h0 /tmp/h1 | awk '$3 != $2 { printf "   %s %d\n", $1, $3 - $2 }' >> $OUT/readdir-ab.txt
	done
done
grep . /proc/self/mountstats | grep -A3 "xprt:" >> $OUT/readdir-ab.txt
