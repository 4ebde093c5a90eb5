# SPDX-License-Identifier: GPL-2.0-only
# Scenario "perf" (--topology two --server ours): sequential write and
# read throughput of our server and of the kernel's own server, from the
# same client, in one run. The client measures against our server, then
# the server guest swaps svcrdma.ko for the in-tree rpcrdma.ko and
# restarts nfsd, and the client measures again. Results go to the log
# and to <logdir>/client/perf.txt, in MB/s (10^6 bytes per second).
#
# fio: O_DIRECT, 1 MiB blocks, libaio with 16 in flight, PERF_SECONDS
# (default 20) per direction on a 256 MiB file. Soft-RoCE under TCG
# measures the emulation as much as the transport: compare the two
# servers with each other, never with real hardware.

PERF_SECONDS=${PERF_SECONDS:-20}
PERF_SWITCH=/out/client/perf-switch
PERF_SWITCHED=/out/server/perf-switched

# --- server ------------------------------------------------------------------

perf_switch_server() {
	wait_for "$PERF_SWITCH" 1800 || return
	log "perf: swapping our svcrdma for the in-tree rpcrdma"
	echo "-rdma $NFS_PORT" > /proc/fs/nfsd/portlist
	rpc.nfsd 0
	check "perf: server: our transport unloads" modprobe -r svcrdma
	rm -f /etc/modprobe.d/rpcrdma-ng.conf
	check "perf: server: in-tree rpcrdma loads" modprobe rpcrdma || return
	rpc.nfsd 8
	echo "rdma $NFS_PORT" > /proc/fs/nfsd/portlist
	check "perf: server: in-tree server listening on rdma $NFS_PORT" \
		grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist
	echo swapped > "$PERF_SWITCHED"
}

scenario_server() {
	if [ "$TOPOLOGY" != two ] || [ "$SERVER_IMPL" != ours ]; then
		not_ok "perf: needs --topology two --server ours"
		return 1
	fi
	perf_switch_server >> "$OUT/log" 2>&1 &
	return 0
}

# Put our transport back so that the usual teardown applies.
scenario_server_end() {
	lsmod | grep -q '^rpcrdma ' || return 0
	rpc.nfsd 0
	modprobe -r rpcrdma
	install_ours
	modprobe svcrdma
}

# --- client ------------------------------------------------------------------

# perf_fio NAME RW: print the bandwidth in MB/s.
perf_fio() {
	local name=$1 rw=$2 json=$OUT/fio-perf-$1.json
	(cd /tmp && fio --output-format=json --output="$json" \
		--directory="$NFS_MNT" --filename=perf.dat --name="$name" \
		--rw="$rw" --bs=1m --size=256m --direct=1 --ioengine=libaio \
		--iodepth=16 --time_based --runtime="$PERF_SECONDS") || return 1
	/usr/bin/python3 - "$json" "$rw" <<'PY'
import json, sys
job = json.load(open(sys.argv[1]))["jobs"][0]
side = "write" if sys.argv[2] == "write" else "read"
if job["error"]:
    sys.exit(1)
print("%.1f" % (job[side]["bw_bytes"] / 1e6))
PY
}

# perf_measure LABEL: write then read on a fresh mount.
perf_measure() {
	local label=$1 v=${VERS%% *} w r
	check "perf: $label: mount NFSv$v" nfs_mount "$v" || return
	check "perf: $label: mountstats shows xprt: rdma" mount_is_rdma
	w=$(perf_fio "$label-write" write)
	check "perf: $label: sequential write" test -n "$w"
	echo 3 > /proc/sys/vm/drop_caches
	r=$(perf_fio "$label-read" read)
	check "perf: $label: sequential read" test -n "$r"
	rm -f "$NFS_MNT/perf.dat"
	check "perf: $label: umount" umount "$NFS_MNT"
	log "perf: $label server: write $w MB/s, read $r MB/s"
	echo "$label write_MBps=$w read_MBps=$r" >> "$OUT/perf.txt"
}

scenario_client() {
	: > "$OUT/perf.txt"
	perf_measure ours
	echo swap > "$PERF_SWITCH"
	check "perf: server swapped to the in-tree transport" \
		wait_for "$PERF_SWITCHED" 600 || return
	perf_measure intree
	cat "$OUT/perf.txt"
}
