# SPDX-License-Identifier: GPL-2.0-only
# Scenario "callback": the server's backchannel (RFC 8167) seen from the
# server. Two guests, NFSv4.1 or later (first version in $VERS).
#
# The client opens a file read-write over RDMA and keeps it open until
# the server reports a delegation for it; it writes checksummed data
# under the delegation. The server then checks that its callback state
# is UP, opens the file locally (which recalls the delegation with
# CB_RECALL), and requires that open to finish in well under the 10 s
# lease, with the client's data in the file. With our server, its
# backchannel counters must show Calls sent and Replies matched and no
# reverse-direction message dropped.

CB_DIR=cbtest
CB_BYTES=65536
CB_BREAK_MAX_MS=5000

cb_counter() { cat "/proc/sys/sunrpc/svcrdma_ng/$1"; }

cb_trace_on() {
	local t=/sys/kernel/tracing/events e
	for e in svcrdma_ng/svcrdma_bc_call svcrdma_ng/svcrdma_bc_reply \
		 svcrdma_ng/svcrdma_bc_drop svcrdma_ng/svcrdma_bc_send_err \
		 svcrdma_ng/svcrdma_bc_setup svcrdma_ng/svcrdma_bc_close \
		 nfsd/nfsd_cb_state nfsd/nfsd_cb_recall nfsd/nfsd_cb_setup \
		 nfsd/nfsd_cb_setup_err nfsd/nfsd_cb_lost; do
		[ -e "$t/$e/enable" ] && echo 1 > "$t/$e/enable"
	done
	return 0
}

# A delegation of any client on the file, from the states files
cb_has_deleg() { grep -qs "type: deleg" /proc/fs/nfsd/clients/*/states; }

cb_state_up() { grep -qs "^callback state: UP" /proc/fs/nfsd/clients/*/info; }

cb_break_lease() {
	local t0 t1 ms
	t0=$(date +%s%N)
	# Opening for write recalls any delegation the client holds.
	timeout 30 bash -c "exec 4<>'$EXPORT_DIR/$CB_DIR/file'" || return 1
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	log "callback: local open took $ms ms"
	echo "$ms" > "$OUT/break-ms"
	[ "$ms" -lt "$CB_BREAK_MAX_MS" ]
}

cb_server_watch() {
	local i
	wait_for /out/client/opened 1200 || { not_ok "callback: client opened"; return 1; }
	for ((i = 0; i < 80; i++)); do
		cb_has_deleg && break
		sleep 0.5
	done
	cat /proc/fs/nfsd/clients/*/info /proc/fs/nfsd/clients/*/states
	check "callback: server callback state UP" cb_state_up
	if check "callback: client holds a delegation" cb_has_deleg; then
		echo yes > "$OUT/deleg-seen"
		wait_for /out/client/written 60
		check "callback: local open recalls it in < $CB_BREAK_MAX_MS ms" \
			cb_break_lease
		check "callback: delegation returned" bash -c '! grep -qs "type: deleg" /proc/fs/nfsd/clients/*/states'
		check "callback: data written under the delegation is intact" \
			test "$(sha256sum < "$EXPORT_DIR/$CB_DIR/file" | cut -d' ' -f1)" = \
			"$(cat /out/client/sum)"
	else
		echo no > "$OUT/deleg-seen"
	fi
	cat /proc/fs/nfsd/clients/*/info
	if [ "$SERVER_IMPL" = ours ]; then
		local d=/proc/sys/sunrpc/svcrdma_ng c
		for c in bc_calls bc_replies bc_send_err reverse_dropped; do
			log "callback: $c $(cat "$d/$c")"
		done
		# NFSv4.1+ sends no CB_NULL probe (nfsd marks the path up
		# at once): CB_RECALL is the least there is.
		check "callback: Calls sent on the backchannel" \
			test "$(cb_counter bc_calls)" -ge 1
		check "callback: every Call's Reply matched" \
			test "$(cb_counter bc_replies)" -eq "$(cb_counter bc_calls)"
		check "callback: no reverse-direction message dropped" \
			test "$(cb_counter reverse_dropped)" -eq 0
	fi
	cat /sys/kernel/tracing/trace > "$OUT/ftrace" 2>/dev/null
	echo done > "$OUT/broke"
}

scenario_server() {
	[ "$ROLE" = both ] && return 1
	mkdir -p "$EXPORT_DIR/$CB_DIR" && chmod 1777 "$EXPORT_DIR/$CB_DIR" ||
		return 1
	cb_trace_on
	(cb_server_watch) >> "$OUT/log" 2>&1 &
	return 0
}

scenario_client() {
	local v=${VERS%% *} f i
	f=$NFS_MNT/$CB_DIR/file
	check "callback: mount NFSv$v" nfs_mount "$v" || return
	check "callback: mountstats shows xprt: rdma" mount_is_rdma
	head -c "$CB_BYTES" /dev/urandom > /tmp/cbdata
	sha256sum < /tmp/cbdata | cut -d' ' -f1 > "$OUT/sum"
	# Delegations are offered once the grace period is over and the
	# callback path is up; reopen until the server sees one.
	for ((i = 0; i < 20; i++)); do
		exec 3<> "$f" || break
		echo opened > "$OUT/opened"
		wait_for /out/server/deleg-seen 3 && break
		exec 3>&-
	done
	if [ "$(cat /out/server/deleg-seen 2>/dev/null)" = yes ]; then
		cat /tmp/cbdata >&3
		echo written > "$OUT/written"
	fi
	check "callback: server done" wait_for /out/server/broke 120
	exec 3>&-
	check "callback: data reads back on the client" \
		cmp -s /tmp/cbdata "$f"
	check "callback: umount" umount "$NFS_MNT"
}
