# SPDX-License-Identifier: GPL-2.0-only
# Scenario "vanish" (--topology two): the client guest dies in the middle
# of checksummed I/O without unmounting or disconnecting. It writes a
# "vanished" marker and resets itself with sysrq b; QEMU runs with
# -no-reboot, so the guest and its NIC are simply gone. vmverdict counts
# the marker instead of the end marker for that guest.
#
# The server must notice on its own (an RDMA operation to the dead peer
# fails after the QP's retries, or a keepalive probe does), free the
# connection's QP, CQs and PD, log nothing, and serve a new client: a
# mount from the server guest itself, over RDMA to its own address, with
# the same transport implementation as the server, and checksummed I/O.
# The times to notice and to free are logged and written to
# <logdir>/server/vanish-times.
#
# VANISH_IDLE=1 (scenarios/vanish-idle.sh): the client stops its I/O and
# stays quiet for a while before it dies, so that nothing the server
# posts can fail and only the keepalive can notice.

VANISH_IO_SECONDS=${VANISH_IO_SECONDS:-20}
VANISH_IDLE=${VANISH_IDLE:-0}
VANISH_QUIET_SECONDS=${VANISH_QUIET_SECONDS:-10}
# Upper bound for noticing; beyond it the RPC layer's idle aging (2 x 6
# minutes) would be what closed the connection.
VANISH_NOTICE_LIMIT=${VANISH_NOTICE_LIMIT:-600}

# --- client ------------------------------------------------------------------

# In a subshell: the function also runs in the foreground, and PID 1 of
# the guest must not become fio.
vanish_fio() (
	cd /tmp && exec fio --output="$OUT/fio-vanish.txt" \
		--directory="$NFS_MNT/vanish" --direct=1 --ioengine=psync \
		--verify=crc32c --verify_backlog=16 --name=vanish \
		--rw=randwrite --bsrange=4k-256k --size=8m --numjobs=8 \
		--time_based --runtime="$1"
)

scenario_client() {
	local v=${VERS%% *} fio_pid
	if [ "$TOPOLOGY" != two ]; then
		not_ok "vanish: needs --topology two"
		return
	fi
	check "vanish: mount NFSv$v" nfs_mount "$v" || return
	check "vanish: mountstats shows xprt: rdma" mount_is_rdma
	mkdir -p "$NFS_MNT/vanish"
	if [ "$VANISH_IDLE" = 1 ]; then
		check "vanish: checksummed I/O for ${VANISH_IO_SECONDS}s" \
			vanish_fio "$VANISH_IO_SECONDS"
		sleep "$VANISH_QUIET_SECONDS"
		log "vanish: quiet for ${VANISH_QUIET_SECONDS}s, dying now"
	else
		vanish_fio 3600 > /dev/null 2>&1 &
		fio_pid=$!
		sleep "$VANISH_IO_SECONDS"
		check "vanish: checksummed I/O running after ${VANISH_IO_SECONDS}s" \
			kill -0 "$fio_pid"
		log "vanish: dying in the middle of I/O"
	fi
	echo "$VANISH_IDLE" > "$OUT/vanished"
	sync
	echo b > /proc/sysrq-trigger
	sleep 60
	not_ok "vanish: the client guest died"
}

# --- server ------------------------------------------------------------------

# Only the events that tell a connection's story; completions only when
# they failed.
vanish_trace_on() {
	local t=/sys/kernel/tracing/events/svcrdma_ng e
	[ -d "$t" ] || return 0
	for e in cm_event accept detach free probe probe_done post_send_err; do
		echo 1 > "$t/svcrdma_$e/enable"
	done
	for e in send_done recv_done read_done; do
		echo 'status != 0' > "$t/svcrdma_$e/filter"
		echo 1 > "$t/svcrdma_$e/enable"
	done
}

scenario_server() {
	vanish_trace_on
	if [ "$SERVER_IMPL" = ours ]; then
		log "vanish: keepalive $(cat "$SVCRDMA_STATS/keepalive") s"
	fi
	return 0
}

now() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.1f\n", a - b }'; }

# RC queue pairs on this guest's RDMA device: one per connection.
rc_qps() { rdma resource show qp 2>/dev/null | grep -c ' type RC '; }

svcrdma_stat() { cat "$SVCRDMA_STATS/$1"; }

# Wait up to $2 seconds for command $1 to succeed; print the seconds
# since $3 (uptime) when it does.
vanish_wait() {
	local cmd=$1 limit=$2 t0=$3 i
	for ((i = 0; i < limit * 4; i++)); do
		if $cmd; then
			since "$t0"
			return 0
		fi
		sleep 0.25
	done
	return 1
}

vanish_closed() { [ "$(svcrdma_stat conn_closed)" = "$(svcrdma_stat conn_accepted)" ]; }
vanish_no_qps() { [ "$(rc_qps)" -eq 0 ]; }

# The NFS client in this guest, on the server's transport implementation.
vanish_client_up() { CLIENT_IMPL=$SERVER_IMPL nfs_client_up; }

# A new client: this guest mounts itself over RDMA and checks its data.
vanish_new_client() {
	local v=${VERS%% *} f=/tmp/vanish.src
	head -c 4194305 /dev/urandom > "$f"
	check "vanish: new client: NFS client loaded" vanish_client_up || return
	check "vanish: new client: mount NFSv$v from the server itself" \
		nfs_mount "$v" || return
	check "vanish: new client: mountstats shows xprt: rdma" mount_is_rdma
	check "vanish: new client: write 4 MiB + 1" cp "$f" "$NFS_MNT/after"
	check "vanish: new client: umount" umount "$NFS_MNT"
	echo 3 > /proc/sys/vm/drop_caches
	check "vanish: new client: remount" nfs_mount "$v" || return
	check "vanish: new client: read back, compare" cmp -s "$f" "$NFS_MNT/after"
	check "vanish: new client: clean up" rm -rf "$NFS_MNT/after" "$NFS_MNT/vanish"
	check "vanish: new client: final umount" umount "$NFS_MNT"
	modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
	if [ "$SERVER_IMPL" = ours ]; then
		check "vanish: new client: transport unloads" \
			unload_transport client ours
	fi
}

scenario_server_end() {
	local t_closed='' t_freed t0
	t0=$(now)
	if ! [ -e /out/client/vanished ]; then
		not_ok "vanish: the client guest vanished"
		return
	fi
	log "vanish: the client is gone; $(rc_qps) RC QP(s) here"
	check "vanish: the client's QP is still here when it dies" \
		test "$(rc_qps)" -gt 0
	if [ "$SERVER_IMPL" = ours ]; then
		log "vanish: accepted $(svcrdma_stat conn_accepted)" \
			"closed $(svcrdma_stat conn_closed)" \
			"freed $(svcrdma_stat conn_freed)" \
			"probes $(svcrdma_stat probes)"
		t_closed=$(vanish_wait vanish_closed "$VANISH_NOTICE_LIMIT" "$t0")
		check "vanish: server closed the connection by itself" \
			test -n "$t_closed" || return
		log "vanish: connection closed ${t_closed}s after the client died"
	fi
	t_freed=$(vanish_wait vanish_no_qps "$VANISH_NOTICE_LIMIT" "$t0")
	check "vanish: server freed the connection's QP" test -n "$t_freed" ||
		return
	log "vanish: QP freed ${t_freed}s after the client died"
	if [ "$SERVER_IMPL" = ours ]; then
		check "vanish: every accepted connection freed" svcrdma_all_freed
		log "vanish: probes $(svcrdma_stat probes)" \
			"probe_failed $(svcrdma_stat probe_failed)"
	fi
	{
		echo "idle=$(cat /out/client/vanished)"
		echo "closed_after=${t_closed:-unknown}"
		echo "qp_freed_after=$t_freed"
		[ "$SERVER_IMPL" = ours ] &&
			echo "probes=$(svcrdma_stat probes) probe_failed=$(svcrdma_stat probe_failed)"
	} > "$OUT/vanish-times"
	vanish_new_client
	cat /sys/kernel/tracing/trace > "$OUT/ktrace" 2>/dev/null
}
