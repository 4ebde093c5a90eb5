# SPDX-License-Identifier: GPL-2.0-only
# Scenario "demo": the steps of NFS over RDMA, narrated for a person
# watching (scripts/demo follows this guest's log live).

say() { log ">>> $*"; }

# show: narrate standard input, indented (scripts/demo shows only the
# narration lines of the guest's log).
show() {
	local line

	while IFS= read -r line; do
		say "      $line"
	done
}

scenario_server() {
	say "nfsd is up; its portlist now reads:"
	show < /proc/fs/nfsd/portlist
}

scenario_client() {
	local v=${VERS##* } sum1 sum2
	say "soft-RoCE device over $RXE_NETDEV:"
	rdma link show | show
	say "mounting $SERVER_ADDR over RDMA: mount -t nfs -o vers=$v,proto=rdma,port=$NFS_PORT"
	check "demo: mount NFSv$v over RDMA" nfs_mount "$v" || return
	say "writing a 64 MiB file of random bytes"
	head -c 64M /dev/urandom > /tmp/demo.src
	sum1=$(sha256sum < /tmp/demo.src | cut -d' ' -f1)
	check "demo: write 64 MiB" dd if=/tmp/demo.src of="$NFS_MNT/demo" bs=1M status=none conv=fsync
	umount "$NFS_MNT"
	echo 3 > /proc/sys/vm/drop_caches
	check "demo: remount" nfs_mount "$v" || return
	say "reading it back after a remount"
	sum2=$(sha256sum < "$NFS_MNT/demo" | cut -d' ' -f1)
	say "sha256 written $sum1"
	say "sha256 read    $sum2"
	check "demo: checksums match" test "$sum1" = "$sum2"
	say "/proc/self/mountstats for $NFS_MNT:"
	awk -v m="$NFS_MNT" '$1 == "device" { f = ($5 == m) } f && $1 == "xprt:"' \
		/proc/self/mountstats | show
	check "demo: mountstats shows xprt: rdma" mount_is_rdma
	say "transport modules loaded:"
	lsmod | grep -E '^(rpcrdma|xprtrdma|svcrdma|rpcrdma_core|rdma_rxe) ' | show
	rm -f "$NFS_MNT/demo"
	check "demo: umount" umount "$NFS_MNT"
}
