#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Stress for the server transport, run in the client guest from the NFS
# mount (scripts/vmtest --run 'bash .../stress.sh'): N parallel writers,
# then (after dropping caches) N parallel readers, every file checked by
# SHA-256. Sizes vary so that inline, Read-chunk and Write-chunk paths
# all carry traffic at once. Exits non-zero on any mismatch.
N=${STRESS_N:-64}
d=${NFS_MNT:?}/stress.$$
src=/tmp/stress-src
mkdir -p "$d" "$src" || exit 1

for ((i = 1; i <= N; i++)); do
	head -c $(( (i % 8) * 131072 + i * 4099 )) /dev/urandom > "$src/f$i"
	sha256sum < "$src/f$i" | cut -d' ' -f1 > "$src/f$i.sum"
done

fail=0
pids=()
for ((i = 1; i <= N; i++)); do
	dd if="$src/f$i" of="$d/f$i" bs=$(( (i % 3 + 1) * 65536 )) \
		status=none conv=fsync &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail=1; done
[ "$fail" = 0 ] || { echo "stress: a writer failed"; exit 1; }

echo 3 > /proc/sys/vm/drop_caches
pids=()
for ((i = 1; i <= N; i++)); do
	(
		[ "$(sha256sum < "$d/f$i" | cut -d' ' -f1)" = "$(cat "$src/f$i.sum")" ] ||
			{ echo "stress: f$i differs"; exit 1; }
	) &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail=1; done
[ "$fail" = 0 ] || exit 1

rm -rf "$d"
echo "stress: $N writers and $N readers, all checksums match"
