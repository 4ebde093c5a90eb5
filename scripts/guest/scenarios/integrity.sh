# SPDX-License-Identifier: GPL-2.0-only
# Scenario "integrity": data written over NFS/RDMA reads back unchanged
# after a remount, for every version in $VERS, with rsize/wsize 1 MiB and
# 4 KiB. Sizes straddle the inline thresholds (1 KiB, 4 KiB) and the
# 1 MiB maximum payload; 20000 bytes is a WRITE larger than one 8 KiB
# Send that fits a few (a continued Call in Version 2).

INTEGRITY_SIZES="0 1 1023 1024 4095 4096 4097 20000 65536 1048575 1048576 1048577 16777216"
INTEGRITY_IOSIZES="1048576 4096"

make_sources() {
	local s
	mkdir -p /tmp/src
	for s in $INTEGRITY_SIZES; do
		head -c "$s" /dev/urandom > "/tmp/src/f$s" || return 1
		sha256sum < "/tmp/src/f$s" | cut -d' ' -f1 > "/tmp/src/f$s.sum"
	done
	head -c 1048576 /dev/urandom > /tmp/src/direct
	sha256sum < /tmp/src/direct | cut -d' ' -f1 > /tmp/src/direct.sum
	# RFC 8267, Section 4 makes READLINK's pathname DDP-eligible; a
	# target near the 4 KiB inline threshold exercises the Write chunk
	# path.
	head -c 3000 /dev/zero | tr '\0' 'l' > /tmp/src/linktarget
}

same_sum() { [ "$(sha256sum < "$1" | cut -d' ' -f1)" = "$(cat "$2")" ]; }

write_phase() {
	local d=$1 tag=$2 s
	mkdir -p "$d" || return 1
	for s in $INTEGRITY_SIZES; do
		check "$tag write $s bytes" cp "/tmp/src/f$s" "$d/f$s"
	done
	check "$tag O_DIRECT write 1 MiB" \
		dd if=/tmp/src/direct of="$d/direct" bs=1M count=1 oflag=direct status=none
	check "$tag symlink with a 3000-byte target" \
		ln -s "$(cat /tmp/src/linktarget)" "$d/link"
}

verify_phase() {
	local d=$1 tag=$2 v=$3 io=$4 s inv
	for s in $INTEGRITY_SIZES; do
		check "$tag read $s bytes, checksum" same_sum "$d/f$s" "/tmp/src/f$s.sum"
	done
	inv=$(xprt_field 50)
	check "$tag O_DIRECT read 1 MiB, checksum" bash -c \
		"dd if='$d/direct' bs=1M count=1 iflag=direct status=none > /tmp/direct.back &&
		 cmp -s /tmp/direct.back /tmp/src/direct"
	[ "$CLIENT_IMPL" = ours ] && [ "$io" = 1048576 ] &&
		check "$tag a Reply came With Invalidate of our R_key during the 1 MiB read" \
			remote_inv_counted "$inv"
	check "$tag list 2000 entries" list_2000
	check "$tag read the 3000-byte symlink" readlink_matches "$d/link" "$v"
	check "$tag rename" bash -c \
		"mv '$d/f4097' '$d/renamed' && ! test -e '$d/f4097' &&
		 test \"\$(sha256sum < '$d/renamed' | cut -d' ' -f1)\" = \"\$(cat /tmp/src/f4097.sum)\""
	check "$tag unlink" bash -c "rm '$d/renamed' && ! test -e '$d/renamed'"
	check "$tag remove the tree" rm -rf "$d"
}

# The link reads back. With our client and NFSv3 the READLINK result,
# being DDP-eligible, must come inline or in a Write chunk, never in a
# Reply chunk (field 15 of the xprt line counts Reply chunk segments,
# field 14 Write chunk segments, in both clients; the in-tree client uses
# a Reply chunk for it). NFSv4 READLINK stays in a Reply chunk: see
# xprtrdma_readlink() for why.
readlink_matches() {
	local link=$1 v=$2 before after w0 w1
	before=$(xprt_field 15) w0=$(xprt_field 14)
	[ "$(readlink "$link")" = "$(cat /tmp/src/linktarget)" ] || return 1
	after=$(xprt_field 15) w1=$(xprt_field 14)
	echo "READLINK: Write chunks $w0 -> $w1, Reply chunks $before -> $after"
	if [ "$CLIENT_IMPL" = ours ] && [ "$v" = 3 ] &&
	   [ "$after" != "$before" ]; then
		echo "READLINK came back in a Reply chunk ($before -> $after)"
		return 1
	fi
}

# remote_inv_counted BEFORE: with rsize 1 MiB a 1 MiB READ's payload
# comes in a Write chunk. Our client's RFC 8797 private data sets the
# flag that lets a server answer With Invalidate (in Version 2 the Call
# names the R_key in rdma_inv_handle, v2-07 Section 6.5), and both
# servers do so for a Call whose chunks carry one R_key. Field 50 of
# the xprt line counts the invalidations our client matched to one of
# an RPC's MRs; over the O_DIRECT read it must have grown from BEFORE.
# It counts every RPC of the read (OPEN and CLOSE too), not the READ
# alone: with mr_depth=16 the READ's chunk has several R_keys and the
# in-tree server invalidates none of them, yet the count still grew by
# one.
remote_inv_counted() {
	local now
	now=$(xprt_field 50)
	echo "remote invalidations: $1 -> $now"
	[ -n "$1" ] && [ -n "$now" ] && [ "$now" -gt "$1" ]
}

# statfs_rtt N: N statvfs() calls, each one STATFS round trip (the NFS
# client does not cache it); logs the mean time per call, the small-RPC
# latency of the link and both transports.
statfs_rtt() {
	/usr/bin/python3 - "$NFS_MNT" "$1" <<'PY'
import os, sys, time
mnt, n = sys.argv[1], int(sys.argv[2])
t = time.monotonic()
for _ in range(n):
    os.statvfs(mnt)
t = time.monotonic() - t
print("statfs: %d calls in %.0f ms, %.2f ms per call" % (n, t * 1e3, t * 1e3 / n))
PY
}

integrity_pass() {
	local v=$1 io=$2 tag="v$1 io=$2:" d
	d=$NFS_MNT/integrity-v$v-$io
	if ! check "$tag mount" nfs_mount "$v" "rsize=$io,wsize=$io"; then
		return
	fi
	check "$tag mountstats shows xprt: rdma" mount_is_rdma
	[ "$CLIENT_IMPL" = ours ] &&
		check "$tag RPC-over-RDMA version $(expected_rdma_vers)" \
			rdma_vers_is_expected
	# A scenario built on this one (ipv6.sh) may look at the mount here.
	if declare -F integrity_mounted >/dev/null; then
		integrity_mounted "$tag"
	fi
	check "$tag 200 STATFS round trips" statfs_rtt 200
	write_phase "$d" "$tag"
	# The WRITE of 20000 bytes does not fit one 8 KiB Send: in Version 2
	# our client continues it (with wsize=4096 every WRITE fits one).
	[ "$CLIENT_IMPL" = ours ] && [ "$(expected_rdma_vers)" = 2 ] &&
		[ "$io" -gt 20000 ] &&
		check "$tag continued Calls sent (Version 2)" ccalls_sent
	check "$tag umount" umount "$NFS_MNT"
	echo 3 > /proc/sys/vm/drop_caches
	check "$tag remount" nfs_mount "$v" "rsize=$io,wsize=$io" || return
	verify_phase "$d" "$tag" "$v" "$io"
	check "$tag mountstats count READ bytes and RTT" \
		read_stats_counted $((16 * 1024 * 1024))
	check "$tag final umount" umount "$NFS_MNT"
}

# The 2,000-entry directory is made on the server, in the export, so that
# every pass lists it over NFS (READDIR across many replies, and with
# rsize 1 MiB through the Write or Reply chunk) without paying two RPCs
# per entry to create and remove it from the client each time.
DIR2000=dir2000

expected_2000() { seq -f 'entry-%04g' 2000; }

scenario_server() {
	mkdir "$EXPORT_DIR/$DIR2000" &&
		(cd "$EXPORT_DIR/$DIR2000" && expected_2000 | xargs touch)
}

list_2000() {
	[ "$(ls "$NFS_MNT/$DIR2000" | sha256sum)" = "$(expected_2000 | sha256sum)" ]
}

scenario_client() {
	local v io
	check "client: make source files" make_sources || return
	for v in $VERS; do
		for io in $INTEGRITY_IOSIZES; do
			log "integrity: NFSv$v rsize=wsize=$io"
			integrity_pass "$v" "$io"
		done
	done
}
