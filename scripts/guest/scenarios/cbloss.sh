# SPDX-License-Identifier: GPL-2.0-only
# Scenario "cbloss": the server's backchannel across a lost connection.
# Two guests, NFSv4.1 or later (first version in $VERS).
#
# 1. The client holds a delegation on a file (as in "callback").
# 2. The server takes its link down and opens the file locally: the
#    CB_RECALL it sends cannot arrive. On soft-RoCE the QP does not fail
#    at once, so the Calls time out in the RPC layer (nfsd's callback
#    timeout); nfsd must mark the callback path down or faulty, and the
#    local open must finish (the delegation is revoked after the lease)
#    instead of hanging.
# 3. The link comes back; the client reconnects, its callback state
#    must be UP again, the old connection's backchannel must have been
#    closed with it (svcrdma_bc_close), and a new delegation must be
#    granted and recalled by a local open in well under the lease. At
#    the end the module must unload (no backchannel transport left
#    behind).

CBL_DIR=cbloss
CBL_RECALL_MAX_MS=5000
CBL_HANG_MAX_S=90

cbl_trace_on() {
	local e
	for e in /sys/kernel/tracing/events/svcrdma_ng/svcrdma_bc_* \
		 /sys/kernel/tracing/events/nfsd/nfsd_cb_*; do
		[ -e "$e/enable" ] && echo 1 > "$e/enable"
	done
	return 0
}

cbl_has_deleg() { grep -qs "type: deleg" /proc/fs/nfsd/clients/*/states; }
cbl_state_up() { grep -qs "^callback state: UP" /proc/fs/nfsd/clients/*/info; }

# Wait up to $1 half-seconds for command $2...
cbl_poll() {
	local n=$1 i
	shift
	for ((i = 0; i < n; i++)); do
		"$@" && return 0
		sleep 0.5
	done
	return 1
}

# Open the file locally for write (recalls any delegation); time it.
cbl_local_open() {
	local max_ms=$1 t0 t1 ms
	t0=$(date +%s%N)
	timeout "$CBL_HANG_MAX_S" bash -c "exec 4<>'$EXPORT_DIR/$CBL_DIR/file'" ||
		return 1
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	log "cbloss: local open took $ms ms"
	[ "$ms" -lt "$max_ms" ]
}

cbl_wait_deleg() {
	local tag=$1
	wait_for "/out/client/opened$tag" 600 || return 1
	cbl_poll 80 cbl_has_deleg
}

cbl_server_watch() {
	local d=/proc/sys/sunrpc/svcrdma_ng calls replies
	# 1. a delegation
	if ! check "cbloss: client holds a delegation" cbl_wait_deleg 1; then
		echo no > "$OUT/deleg-seen1"
		return 1
	fi
	echo yes > "$OUT/deleg-seen1"
	check "cbloss: callback state UP" cbl_state_up

	# 2. link down, recall
	log "cbloss: link $RXE_NETDEV down"
	ip link set "$RXE_NETDEV" down
	check "cbloss: local open with the link down ends in < ${CBL_HANG_MAX_S}s" \
		cbl_local_open $((CBL_HANG_MAX_S * 1000))
	cat /proc/fs/nfsd/clients/*/info
	check "cbloss: nfsd saw the callback path fail" \
		grep -Eq "nfsd_cb_lost|nfsd_cb_new_state.*(DOWN|FAULT)" \
		/sys/kernel/tracing/trace
	log "cbloss: link $RXE_NETDEV up"
	ip link set "$RXE_NETDEV" up
	echo up > "$OUT/link-up"

	# 3. a new backchannel
	check "cbloss: callback state UP again after reconnecting" \
		cbl_poll 240 cbl_state_up
	check "cbloss: the old backchannel was closed with its connection" \
		grep -q "svcrdma_bc_close" /sys/kernel/tracing/trace
	calls=$(cat "$d/bc_calls") replies=$(cat "$d/bc_replies")
	if check "cbloss: a new delegation is granted" cbl_wait_deleg 2; then
		echo yes > "$OUT/deleg-seen2"
		check "cbloss: local open recalls it in < $CBL_RECALL_MAX_MS ms" \
			cbl_local_open "$CBL_RECALL_MAX_MS"
		check "cbloss: the recall went over the new backchannel" \
			test "$(cat "$d/bc_replies")" -gt "$replies"
	else
		echo no > "$OUT/deleg-seen2"
	fi
	for c in bc_calls bc_replies bc_send_err reverse_dropped conn_closed; do
		log "cbloss: $c $(cat "$d/$c")"
	done
	log "cbloss: before phase 3: bc_calls $calls bc_replies $replies"
	cat /sys/kernel/tracing/trace > "$OUT/ftrace" 2>/dev/null
	echo done > "$OUT/finished-cbloss"
}

scenario_server() {
	[ "$ROLE" = both ] && return 1
	[ "$SERVER_IMPL" = ours ] || return 1
	mkdir -p "$EXPORT_DIR/$CBL_DIR" && chmod 1777 "$EXPORT_DIR/$CBL_DIR" ||
		return 1
	cbl_trace_on
	(cbl_server_watch) >> "$OUT/log" 2>&1 &
	return 0
}

# Reopen the file until the server reports a delegation ($1: phase).
cbl_hold() {
	local tag=$1 f=$NFS_MNT/$CBL_DIR/file i
	for ((i = 0; i < 30; i++)); do
		exec 3<> "$f" || { sleep 2; continue; }
		echo opened > "$OUT/opened$tag"
		wait_for "/out/server/deleg-seen$tag" 3 && return 0
		exec 3>&-
	done
	return 1
}

scenario_client() {
	local v=${VERS%% *}
	check "cbloss: mount NFSv$v" nfs_mount "$v" || return
	check "cbloss: mountstats shows xprt: rdma" mount_is_rdma
	cbl_hold 1
	check "cbloss: server's link back up" wait_for /out/server/link-up 600
	exec 3>&-
	# Any RPC makes the client notice the dead connection and reconnect.
	check "cbloss: mount usable after reconnecting" \
		timeout 300 ls "$NFS_MNT/$CBL_DIR"
	cbl_hold 2
	check "cbloss: server done" wait_for /out/server/finished-cbloss 300
	exec 3>&-
	check "cbloss: umount" umount "$NFS_MNT"
}
