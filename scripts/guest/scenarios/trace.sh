# SPDX-License-Identifier: GPL-2.0-only
# Scenario "trace": one RPC followed end to end through both trace
# systems (Documentation/tracing.rst, "Following one RPC end to end").
# One guest, ours on both sides. Both systems are enabled in a tracefs
# instance before the mount; one 64 KiB O_DIRECT WRITE (a Read chunk)
# and one READ (a Write chunk) go through the mount; the capture is
# saved as $OUT/trace-join.txt. The checks: on the client the WRITE's
# xprtrdma_marshal names a Send (cq_id, cid) that an xprtrdma_wc_send
# completes or an xprtrdma_send_retired retires (the capture runs until
# the transport's teardown after umount, which retires the rest), and its xprtrdma_reply a Receive that an xprtrdma_wc_recv
# completed; on the server every event of that xid carries one conn id,
# and the Receive of recvfrom, the Reads of read_chunks and the Send of
# sendto/post_send each have their completion event.
#
# Run with: scripts/vmtest --topology one --client ours --server ours \
#	--vers 4.2 --scenario trace

TJ_TRACE=/sys/kernel/tracing/instances/trace-join

tj_start() {
	local sys
	rmdir "$TJ_TRACE" 2>/dev/null
	mkdir "$TJ_TRACE" || return 1
	echo 16384 > "$TJ_TRACE/buffer_size_kb"
	for sys in xprtrdma_ng svcrdma_ng; do
		echo "$sys:*" >> "$TJ_TRACE/set_event" || return 1
	done
	echo 1 > "$TJ_TRACE/tracing_on"
}

tj_stop() {
	echo 0 > "$TJ_TRACE/tracing_on"
	cp "$TJ_TRACE/trace" "$OUT/trace-join.txt"
	echo > "$TJ_TRACE/set_event"
	rmdir "$TJ_TRACE" 2>/dev/null
	[ -s "$OUT/trace-join.txt" ]
}

# tj_wait_disconnect: the client's transport torn down (up to 30 s)
tj_wait_disconnect() {
	wait_until 30 grep -q 'xprtrdma_disconnect:' "$TJ_TRACE/trace"
}

# tj_join SIDE OP: the joins, checked by scripts/guest/tracejoin.py
tj_join() {
	python3 "$TOP/scripts/guest/tracejoin.py" "$1" "$2" "$OUT/trace-join.txt"
}

scenario_client() {
	local v=${VERS%% *} f=$NFS_MNT/trace-join
	[ "$ROLE" = both ] || { not_ok "trace: one guest only"; return; }
	check "trace: both systems enabled in an instance" tj_start || return
	check "trace: mount NFSv$v" nfs_mount "$v" || return
	head -c 65536 /dev/urandom > /tmp/tj-data
	check "trace: one 64 KiB WRITE" \
		dd if=/tmp/tj-data of="$f" bs=65536 count=1 oflag=direct
	check "trace: one 64 KiB READ" \
		dd if="$f" of=/tmp/tj-back bs=65536 count=1 iflag=direct
	check "trace: data reads back" cmp -s /tmp/tj-data /tmp/tj-back
	# A Send not signaled is retired by a later completion, or by the
	# teardown at umount (the transport goes a little after umount)
	check "trace: umount" umount "$NFS_MNT"
	check "trace: the connection's teardown traced" tj_wait_disconnect
	check "trace: capture saved" tj_stop
	check "trace: client WRITE joins marshal, Send, Receive, reply" \
		tj_join client write
	check "trace: client READ joins marshal, Send, Receive, reply" \
		tj_join client read
	check "trace: server WRITE: one conn id, posts join completions" \
		tj_join server write
	check "trace: server READ: one conn id, posts join completions" \
		tj_join server read
}
