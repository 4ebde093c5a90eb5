# SPDX-License-Identifier: GPL-2.0-only
# Scenario "devremove" for scripts/vmtest --topology two (copy it into
# scripts/guest/scenarios/ of the tree vmtest runs from): while an NFS
# mount over our server transport is active, the server's RDMA device
# is removed and re-added. nfsd must stay up, the connection must close
# cleanly, and the client must reconnect through the new device and
# read back what it wrote, checksummed.

DR_DONE=/out/server/devremove-done
DR_GO=/out/client/devremove-go

devremove_server_job() {
	wait_for "$DR_GO" 1200 || return
	local st=/proc/sys/sunrpc/svcrdma_ng
	local before
	before=$(cat "$st/conn_closed" 2>/dev/null || echo 0)
	check "server: rdma link delete rxe0" rdma link delete rxe0
	sleep 5
	check "server: nfsd threads still running" \
		test "$(cat /proc/fs/nfsd/threads)" -gt 0
	check "server: listener still in portlist" \
		grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist
	if [ "$SERVER_IMPL" = ours ]; then
		check "server: the connection was closed" \
			test "$(cat "$st/conn_closed")" -gt "$before"
	fi
	check "server: rdma link add rxe0" \
		rdma link add rxe0 type rxe netdev "$RXE_NETDEV"
	echo done > "$DR_DONE"
}

scenario_server() {
	devremove_server_job &
}

scenario_client() {
	local v=${VERS%% *} f=/tmp/dr.src
	head -c 3000000 /dev/urandom > "$f"
	check "devremove: mount NFSv$v" nfs_mount "$v" || return
	check "devremove: write before removal" cp "$f" "$NFS_MNT/before"
	echo go > "$DR_GO"
	check "devremove: server removed and re-added its device" \
		wait_for "$DR_DONE" 600
	check "devremove: write after removal" cp "$f" "$NFS_MNT/after"
	echo 3 > /proc/sys/vm/drop_caches
	check "devremove: read back (before)" cmp -s "$f" "$NFS_MNT/before"
	check "devremove: read back (after)" cmp -s "$f" "$NFS_MNT/after"
	check "devremove: umount" umount "$NFS_MNT"
}
