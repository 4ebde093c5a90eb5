# SPDX-License-Identifier: GPL-2.0-only
# Scenario "troubleshoot": the failures Documentation/admin-guide.rst's
# Troubleshooting section describes, each made on purpose in one guest
# (ours on both sides), with what the administrator sees checked, then
# the fix and a checked mount:
#
#  1. the listener: "-rdma 20049" in the portlist removes nothing (the
#     portlist only adds: fs/nfsd/nfsctl.c refuses a line that starts
#     with neither a digit nor a letter, EINVAL), and "rpc.nfsd 0" drops
#     it. Port in use: with nfsd started again without it and another
#     RDMA-CM listener (perftest's ib_send_bw -R) on port 20049, nfsd's
#     "rdma 20049" must fail with EADDRNOTAVAIL (the RDMA-CM's answer when
#     one of two binds to a port is the wildcard address,
#     drivers/infiniband/core/cma.c, cma_check_port), leave no rdma line
#     in the portlist, and work once the other listener is gone;
#  2. no RDMA device: with rxe0 deleted, a mount with proto=rdma and
#     retry=0 must fail within a bound with "No route to host" (the
#     RDMA-CM finds no device for the address) and log no kernel report;
#     nfsd's wildcard listener stays. After "rdma link add", the same
#     mount must succeed with nothing done to nfsd (the RDMA-CM extends
#     a wildcard listener to a new device), with checksummed I/O.
#
# Run with:
#   scripts/vmtest --topology one --client ours --server ours --vers 4.2 \
#       --scenario troubleshoot

TS_NOROUTE_SECS=60

. "$TOP/scripts/guest/admin.sh"
TS_PORTLIST=/proc/fs/nfsd/portlist

ts_listening() { grep -q "^rdma $NFS_PORT\$" "$TS_PORTLIST"; }

# ts_portlist_write LINE: write LINE to the portlist; the shell's error
# message (strerror of the write) in TS_ERR.
ts_portlist_write() {
	TS_ERR=$( { echo "$1" > "$TS_PORTLIST"; } 2>&1)
}

# ts_portlist_refused LINE MESSAGE: the write of LINE fails with MESSAGE
ts_portlist_refused() {
	if ts_portlist_write "$1"; then
		echo "the portlist took $1"
		return 1
	fi
	echo "write error: $TS_ERR"
	case "$TS_ERR" in *"$2"*) ;; *) return 1 ;; esac
}

# "-rdma 20049": refused (EINVAL), the listener stays.
ts_no_removal() {
	ts_portlist_refused "-rdma $NFS_PORT" "Invalid argument" && ts_listening
}

# Only stopping nfsd drops its listeners.
ts_nfsd_restart() {
	rpc.nfsd 0 || return 1
	! ts_listening || return 1
	rpc.nfsd 8 || return 1
	! ts_listening
}

ts_other_listener_up() {
	modprobe -a ib_uverbs rdma_ucm || return 1
	ib_send_bw -d rxe0 -R -p "$NFS_PORT" > "$OUT/ts-ib_send_bw.log" 2>&1 &
	TS_PERF_PID=$!
	local i
	# perftest's server listens once it has opened the device.
	for ((i = 0; i < 100; i++)); do
		rdma resource show cm_id 2>/dev/null | grep "LISTEN" |
			grep "ib_send_bw" | grep -q ":$NFS_PORT " && return 0
		sleep 0.2
	done
	rdma resource show cm_id
	return 1
}

ts_other_listener_down() {
	kill "$TS_PERF_PID" 2>/dev/null
	wait "$TS_PERF_PID" 2>/dev/null
	TS_PERF_PID=
}

ts_refused_in_use() {
	ts_portlist_refused "rdma $NFS_PORT" "Cannot assign requested address" &&
		! ts_listening
}

port_in_use_part() {
	check "troubleshoot: the portlist cannot remove a listener (-rdma)" \
		ts_no_removal
	check "troubleshoot: nfsd stopped and started without rdma" \
		ts_nfsd_restart || return
	check "troubleshoot: another RDMA-CM listener on port $NFS_PORT" \
		ts_other_listener_up || { ts_other_listener_down; return; }
	check "troubleshoot: port in use: rdma $NFS_PORT refused with EADDRNOTAVAIL" \
		ts_refused_in_use
	ts_other_listener_down
	check "troubleshoot: port free again: rdma $NFS_PORT accepted" \
		ts_portlist_write "rdma $NFS_PORT"
	check "troubleshoot: nfsd listens on rdma $NFS_PORT" ts_listening
}

ts_noroute() {
	mount_fails "${VERS%% *}" $((TS_NOROUTE_SECS + 30)) || return 1
	case "$MOUNT_ERR" in *"No route to host"*) ;; *) return 1 ;; esac
	[ "$MOUNT_SECS" -le "$TS_NOROUTE_SECS" ]
}


no_device_part() {
	local mark
	mark=$(dmesg_mark)
	check "troubleshoot: rxe0 deleted" rdma link delete rxe0 || return
	check "troubleshoot: no RDMA device: the mount fails within ${TS_NOROUTE_SECS} s with No route to host" \
		ts_noroute
	check "troubleshoot: no RDMA device: nfsd keeps its rdma listener" ts_listening
	check "troubleshoot: no RDMA device: no kernel report" dmesg_clean_since "$mark"
	check "troubleshoot: rxe0 added again" rxe_add || return
	check "troubleshoot: device back: the same mount succeeds, nfsd untouched" \
		nfs_mount "${VERS%% *}" || return
	check "troubleshoot: device back: the mount is over RDMA" mount_is_rdma
	check "troubleshoot: device back: checksummed write and read" \
		checksummed_io "${VERS%% *}" ts-io
	check "troubleshoot: umount" umount "$NFS_MNT"
}

scenario_client() {
	port_in_use_part
	no_device_part
}
