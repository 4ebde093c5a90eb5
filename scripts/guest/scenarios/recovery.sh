# SPDX-License-Identifier: GPL-2.0-only
# Scenario "recovery": a checksummed workload runs while the server
# restarts nfsd and then loses its link for 5 s. The mount (hard, the
# default) must ride through both and the workload must finish with every
# block verified.
#
# The link outage is a cut wire: every frame in and out of the server's
# interface is dropped (tc), the interface itself stays up. It is not
# "ip link set down": that removes the interface's routes, so each rxe
# transmit fails locally, and rxe answers a local transmit error by moving
# the sending QP to the error state (rxe_req.c). A connection that dies
# that way is recovered like any other, but the GSI QP (QP1) that carries
# the connection manager's MADs can die the same way, and the MAD layer
# brings a QP1 back from SQE only, not from ERR: after that the guest
# answers no connection request. That is what run 20261122-182540 looks
# like: after the admin-down flap every REQ of the client went unanswered
# for over three minutes, whichever way it was retried.
#
# Two guests: the server disrupts when the client says its I/O started.
# One guest: the client starts the same disruption in the background.

RECOVERY_SECONDS=${RECOVERY_SECONDS:-90}
RECOVERY_OUTAGE=5

# rdma's view of the QPs (state of QP1 and of the connections), for the log
rc_qps() {
	echo "== $1 $(cut -d' ' -f1 /proc/uptime)"
	rdma resource show qp 2>&1
}

link_cut() {
	modprobe -a sch_netem sch_ingress cls_matchall act_gact 2>/dev/null
	tc qdisc add dev "$RXE_NETDEV" root netem loss 100% &&
		tc qdisc add dev "$RXE_NETDEV" ingress &&
		tc filter add dev "$RXE_NETDEV" parent ffff: matchall action drop
}

link_restore() {
	tc qdisc del dev "$RXE_NETDEV" ingress
	tc qdisc del dev "$RXE_NETDEV" root
}

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
	rc_qps "before the outage" >> "$OUT/rdma-qps"
	log "recovery: link $RXE_NETDEV cut for ${RECOVERY_OUTAGE} s"
	if ! link_cut; then
		link_restore 2>/dev/null
		not_ok "recovery: server link cut mid-I/O"
		return 1
	fi
	sleep "$RECOVERY_OUTAGE"
	link_restore
	ok "recovery: server link cut for ${RECOVERY_OUTAGE} s and restored mid-I/O"
	sleep 20
	rc_qps "20 s after the outage" >> "$OUT/rdma-qps"
	echo done > "$OUT/disrupted"
}

scenario_server() {
	[ "$ROLE" = both ] && return 0
	(wait_for /out/client/io-started 1200 && recovery_disrupt) \
		>> "$OUT/log" 2>&1 &
	return 0
}

# Post-mortem of a run that stalls (this scenario on its own; clientrobust
# has its own watchdog): every RPC, RDMA-CM, NFSv4 and transport event in
# a large ring, snapshots of the transport while the workload runs, and
# after RECOVERY_BOUND seconds the trace, the RPC tasks and the blocked
# tasks in $OUT/diag-recovery; then fio is killed so the run ends.
RECOVERY_BOUND=${RECOVERY_BOUND:-$((RECOVERY_SECONDS + 210))}
RC_TRACE=/sys/kernel/tracing
RC_DIAG=$OUT/diag-recovery

rc_trace_on() {
	local g
	[ -d "$RC_TRACE/events/xprtrdma_ng" ] || return 0
	echo 32768 > "$RC_TRACE/buffer_size_kb"
	for g in xprtrdma_ng sunrpc rdma_cma nfs4; do
		[ -e "$RC_TRACE/events/$g/enable" ] &&
			echo 1 > "$RC_TRACE/events/$g/enable"
	done
	return 0
}

rc_snapshot() {
	local f
	echo "== $(cut -d' ' -f1 /proc/uptime)"
	awk '$1 == "xprt:"' /proc/self/mountstats
	for f in /sys/kernel/debug/sunrpc/rpc_xprt/*/info; do
		cat "$f"
	done
	cat /sys/kernel/debug/sunrpc/rpc_clnt/*/tasks | wc -l
	rdma resource show qp
}

rc_fio_pids() {
	local p c
	for p in /proc/[0-9]*; do
		read -r c < "$p/comm" 2>/dev/null || continue
		[ "$c" = fio ] && echo "${p#/proc/}"
	done
}

rc_monitor() {
	local i f p
	mkdir -p "$RC_DIAG"
	for ((i = 0; i < RECOVERY_BOUND; i += 10)); do
		sleep 10
		[ -e "$RC_DIAG/fio-done" ] && return 0
		rc_snapshot >> "$RC_DIAG/snapshots" 2>&1
	done
	[ -e "$RC_DIAG/fio-done" ] && return 0
	log "recovery: workload still running after ${RECOVERY_BOUND}s; state in diag-recovery"
	touch "$RC_DIAG/stalled"
	cat /proc/self/mountstats > "$RC_DIAG/mountstats" 2>/dev/null
	for f in /sys/kernel/debug/sunrpc/rpc_clnt/*/tasks \
		 /sys/kernel/debug/sunrpc/rpc_xprt/*/info; do
		echo "== $f"
		cat "$f"
	done > "$RC_DIAG/sunrpc" 2>&1
	echo 0 > "$RC_TRACE/tracing_on" 2>/dev/null
	cat "$RC_TRACE/trace" > "$RC_DIAG/ftrace" 2>/dev/null
	echo w > /proc/sysrq-trigger 2>/dev/null
	dmesg > "$RC_DIAG/dmesg"
	for p in $(rc_fio_pids); do
		kill -9 "$p"
	done
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
	if [ "$SCENARIO" = recovery ]; then
		rc_trace_on
		rc_monitor &
	fi
	check "recovery: checksummed workload through the disruptions" \
		recovery_fio "$NFS_MNT/recovery"
	mkdir -p "$RC_DIAG" && touch "$RC_DIAG/fio-done"
	if [ -e "$RC_DIAG/stalled" ]; then
		not_ok "recovery: the workload finished within ${RECOVERY_BOUND}s"
		umount -f -l "$NFS_MNT" &
		return
	fi
	check "recovery: disruptions happened during the workload" test -e "$disrupted"
	check "recovery: fio reports no errors" \
		bash -c "! grep -Eq 'err= *[1-9]|verify failed' '$OUT/fio-recovery.txt'"
	check "recovery: a new file after recovery reads back" bash -c \
		"head -c 1048577 /dev/urandom > /tmp/after && cp /tmp/after '$NFS_MNT/after' &&
		 cmp -s /tmp/after '$NFS_MNT/after'"
	check "recovery: clean up" rm -rf "$NFS_MNT/recovery" "$NFS_MNT/after"
	check "recovery: umount" umount "$NFS_MNT"
}
