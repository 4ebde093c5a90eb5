# SPDX-License-Identifier: GPL-2.0-only
# Scenario "recovery": a checksummed workload runs while the server
# restarts nfsd and then takes its link down and up. The mount (hard, the
# default) must ride through both and the workload must finish with every
# block verified.
#
# Two guests: the server disrupts when the client says its I/O started.
# One guest: the client starts the same disruption in the background.

RECOVERY_SECONDS=${RECOVERY_SECONDS:-90}

recovery_disrupt() {
	sleep 5
	log "recovery: restarting nfsd"
	rpc.nfsd 0
	sleep 3
	rpc.nfsd 8 && echo "rdma $NFS_PORT" > /proc/fs/nfsd/portlist
	grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist ||
		{ not_ok "recovery: nfsd back on rdma $NFS_PORT"; return 1; }
	ok "recovery: nfsd restarted mid-I/O"
	sleep 10
	log "recovery: link $RXE_NETDEV down for 5 s"
	ip link set "$RXE_NETDEV" down
	sleep 5
	ip link set "$RXE_NETDEV" up
	ok "recovery: server link down and up mid-I/O"
	echo done > "$OUT/disrupted"
}

scenario_server() {
	[ "$ROLE" = both ] && return 0
	(wait_for /out/client/io-started 1200 && recovery_disrupt) \
		>> "$OUT/log" 2>&1 &
	return 0
}

recovery_fio() {
	cd /tmp && fio --output="$OUT/fio-recovery.txt" --directory="$1" \
		--direct=1 --ioengine=psync --verify=crc32c --verify_fatal=1 \
		--verify_backlog=16 --name=recovery --rw=randwrite --bsrange=4k-256k \
		--size=8m --numjobs=8 --time_based --runtime="$RECOVERY_SECONDS"
}

scenario_client() {
	local v=${VERS%% *} disrupted=/out/server/disrupted
	[ "$ROLE" = both ] && disrupted=$OUT/disrupted
	check "recovery: mount NFSv$v" nfs_mount "$v" || return
	mkdir -p "$NFS_MNT/recovery"
	echo started > "$OUT/io-started"
	if [ "$ROLE" = both ]; then
		recovery_disrupt >> "$OUT/log" 2>&1 &
	fi
	check "recovery: checksummed workload through the disruptions" \
		recovery_fio "$NFS_MNT/recovery"
	check "recovery: disruptions happened during the workload" test -e "$disrupted"
	check "recovery: fio reports no errors" \
		bash -c "! grep -Eq 'err= *[1-9]|verify failed' '$OUT/fio-recovery.txt'"
	check "recovery: a new file after recovery reads back" bash -c \
		"head -c 1048577 /dev/urandom > /tmp/after && cp /tmp/after '$NFS_MNT/after' &&
		 cmp -s /tmp/after '$NFS_MNT/after'"
	check "recovery: clean up" rm -rf "$NFS_MNT/recovery" "$NFS_MNT/after"
	check "recovery: umount" umount "$NFS_MNT"
}
