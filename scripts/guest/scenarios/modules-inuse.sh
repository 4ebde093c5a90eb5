# SPDX-License-Identifier: GPL-2.0-only
# Scenario "modules-inuse" (issue 17, Faults): none of our three modules
# can be removed while in use, and once nothing uses them all three
# unload and leave nothing behind. --client ours --server ours; one
# guest or two.
#
# 1. nfsd serves over svcrdma; the client mounts every version in $VERS
#    over xprtrdma (one mount point each) and writes and reads back a
#    checksummed file on each.
# 2. rmmod xprtrdma, rmmod svcrdma and rmmod rpcrdma_core must each fail,
#    and so must delete_module(2) itself (kmod's rmmod refuses in
#    userspace; the raw call asks the kernel); each module must stay
#    loaded with its refcount unchanged, and the kernel log must show no
#    report (ours_refusals, guest/lib.sh).
# 3. Every mount must still write and read back a checksummed file.
# 4. Unmount, stop nfsd, then ours_unload_checked: every gauge of ours
#    0, no RDMA object of ours, rmmod of all three succeeds, the RDMA
#    resource counts are those from before our modules were loaded, no
#    slab cache of ours, and on the debug kernel kmemleak finds nothing.
#
# Two guests: the client refuses xprtrdma and its rpcrdma_core with its
# mounts up, then tells the server, which refuses svcrdma and its
# rpcrdma_core while those mounts are still up; the client checks its
# mounts after the server's answer. Each guest unloads its own.

INUSE_SIZE=1048576

inuse_mnt() { echo "/mnt/inuse-v$1"; }

# nfs_mount and mount_is_rdma on the mount point of version $1
inuse_mount() { local NFS_MNT; NFS_MNT=$(inuse_mnt "$1"); nfs_mount "$1"; }
inuse_is_rdma() { local NFS_MNT; NFS_MNT=$(inuse_mnt "$1"); mount_is_rdma; }

# inuse_io V WHEN: an O_DIRECT write of a fresh random file on the mount
# of version V, then an O_DIRECT read, SHA-256 compared
inuse_io() {
	local m src=/tmp/inuse-$1-$2 sum
	m=$(inuse_mnt "$1")
	head -c "$INUSE_SIZE" /dev/urandom > "$src" || return 1
	sum=$(sha256sum < "$src" | cut -d' ' -f1)
	dd if="$src" of="$m/inuse-$2" bs=1M oflag=direct status=none || return 1
	[ "$(dd if="$m/inuse-$2" bs=1M iflag=direct status=none | sha256sum |
		cut -d' ' -f1)" = "$sum" ]
}

inuse_ours() {
	[ "$CLIENT_IMPL" = ours ] && [ "$SERVER_IMPL" = ours ]
}

scenario_server() {
	[ "$ROLE" = server ] || return 0
	inuse_ours || return 0
	inuse_server_part >> "$OUT/log" 2>&1 &
	INUSE_SERVER_PID=$!
}

# Two guests: with the client's mounts up, refuse ours here
inuse_server_part() {
	if ! wait_for /out/client/inuse-mounted 900; then
		not_ok "modules-inuse: server: the client mounted"
		echo failed > "$OUT/inuse-refused"
		return
	fi
	ours_refusals "modules-inuse: server" server
	echo refused > "$OUT/inuse-refused"
}

scenario_server_end() {
	[ "$ROLE" = server ] || return 0
	inuse_ours || return 0
	[ -n "${INUSE_SERVER_PID:-}" ] && wait "$INUSE_SERVER_PID"
	ours_unload_checked "modules-inuse: server" server
}

scenario_client() {
	local v m sides=client
	[ "$ROLE" = both ] && sides="client server"
	check "modules-inuse: our transport on both sides" inuse_ours || return
	for v in $VERS; do
		m=$(inuse_mnt "$v")
		mkdir -p "$m"
		check "modules-inuse: NFSv$v mount" inuse_mount "$v" || continue
		check "modules-inuse: NFSv$v mountstats shows xprt: rdma" \
			inuse_is_rdma "$v"
		check "modules-inuse: NFSv$v checksummed write and read before" \
			inuse_io "$v" before
	done

	# shellcheck disable=SC2086
	ours_refusals "modules-inuse" $sides
	if [ "$ROLE" = client ]; then
		echo mounted > "$OUT/inuse-mounted"
		check "modules-inuse: the server refused its modules" \
			wait_for /out/server/inuse-refused 900
	fi
	for v in $VERS; do
		mountpoint -q "$(inuse_mnt "$v")" || continue
		check "modules-inuse: NFSv$v checksummed write and read after the refusals" \
			inuse_io "$v" after
	done

	for v in $VERS; do
		m=$(inuse_mnt "$v")
		mountpoint -q "$m" || continue
		check "modules-inuse: NFSv$v umount" umount "$m"
	done
	# shellcheck disable=SC2086
	ours_unload_checked "modules-inuse" $sides
}
