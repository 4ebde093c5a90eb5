# SPDX-License-Identifier: GPL-2.0-only
# Scenario "devremove-server" (--topology two): while the client has a mount
# over RDMA and has just written through it, the server's RDMA device is
# removed (rdma link delete rxe0) and added again. The removal must
# complete (the rdma_cm waits until every resource on the device is
# released), the connection must be closed and freed, nfsd must keep
# running with its rdma listener, and the client must reconnect through
# the new device, write again and read both files back, checksummed.

DR_GO=/out/client/devremove-go
DR_DONE=/out/server/devremove-done
DR_LIMIT=${DR_LIMIT:-120}

# Run "rdma link delete" in the background: if the removal hangs in the
# kernel the process cannot be killed, so only wait so long for it.
dr_link_delete() {
	local pid i
	rdma link delete rxe0 &
	pid=$!
	for ((i = 0; i < DR_LIMIT * 4; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"
			return
		fi
		sleep 0.25
	done
	return 1
}

dr_server_job() {
	local t0
	wait_for "$DR_GO" 1200 || return
	t0=$(cut -d' ' -f1 /proc/uptime)
	check "devremove: server: rdma link delete rxe0 completes" dr_link_delete ||
		return
	log "devremove: removal took $(awk -v a="$(cut -d' ' -f1 /proc/uptime)" \
		-v b="$t0" 'BEGIN { print a - b }')s"
	if [ "$SERVER_IMPL" = ours ]; then
		check "devremove: server: the connection was closed and freed" \
			svcrdma_all_freed
	fi
	check "devremove: server: nfsd threads still running" \
		test "$(cat /proc/fs/nfsd/threads)" -gt 0
	check "devremove: server: rdma listener still in the portlist" \
		grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist
	sleep 3
	check "devremove: server: rdma link add rxe0" \
		rdma link add rxe0 type rxe netdev "$RXE_NETDEV"
	echo removed > "$DR_DONE"
}

scenario_server() {
	if [ "$TOPOLOGY" != two ]; then
		not_ok "devremove: needs --topology two"
		return 1
	fi
	dr_server_job >> "$OUT/log" 2>&1 &
	return 0
}

scenario_client() {
	local v=${VERS%% *} f=/tmp/dr.src
	head -c 3000001 /dev/urandom > "$f"
	check "devremove: mount NFSv$v" nfs_mount "$v" || return
	check "devremove: mountstats shows xprt: rdma" mount_is_rdma
	check "devremove: write before removal" cp "$f" "$NFS_MNT/before"
	sync
	echo go > "$DR_GO"
	check "devremove: server removed and re-added its device" \
		wait_for "$DR_DONE" $((DR_LIMIT + 60))
	check "devremove: write after removal" cp "$f" "$NFS_MNT/after"
	check "devremove: umount" umount "$NFS_MNT"
	echo 3 > /proc/sys/vm/drop_caches
	check "devremove: remount" nfs_mount "$v" || return
	check "devremove: read back (before)" cmp -s "$f" "$NFS_MNT/before"
	check "devremove: read back (after)" cmp -s "$f" "$NFS_MNT/after"
	check "devremove: clean up" rm -f "$NFS_MNT/before" "$NFS_MNT/after"
	check "devremove: umount at the end" umount "$NFS_MNT"
}
