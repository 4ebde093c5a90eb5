# SPDX-License-Identifier: GPL-2.0-only
# Scenario "clientrobust": the scenarios "stress", "recovery" and
# "devremove", one after the other in one boot of two guests
# (--topology two), to spare the VM queue two boots. Each part keeps
# its own check names; see those files for what they assert.

scenario_import stress
scenario_import recovery
scenario_import devremove

# The recovery part's server job waits for the client's io-started mark.
scenario_server() { recovery_server; }

# Tracepoints for the post-mortem of a run that stalls: connection
# events of ours and the RPC client's, not the per-message ones.
CR_TRACE=/sys/kernel/tracing
cr_trace_on() {
	local e
	[ -d "$CR_TRACE/events/xprtrdma_ng" ] || return 0
	echo 4096 > "$CR_TRACE/buffer_size_kb"
	echo 1 > "$CR_TRACE/events/xprtrdma_ng/enable"
	for e in wc_send send_retired wc_recv wc_local_inv marshal reply \
		 remote_inv; do
		echo 0 > "$CR_TRACE/events/xprtrdma_ng/xprtrdma_$e/enable"
	done
	for e in xprt_connect xprt_disconnect_auto xprt_disconnect_done \
		 xprt_disconnect_force xprt_timer rpc_connect_status \
		 xprt_retransmit rpc_timeout_status; do
		[ -e "$CR_TRACE/events/sunrpc/$e/enable" ] &&
			echo 1 > "$CR_TRACE/events/sunrpc/$e/enable"
	done
	return 0
}

# cr_diag NAME: the state of the RPC client and the trace, in $OUT/diag-NAME
cr_diag() {
	local d=$OUT/diag-$1 f
	mkdir -p "$d"
	cat "$CR_TRACE/trace" > "$d/ftrace" 2>/dev/null
	cat /proc/self/mountstats > "$d/mountstats" 2>/dev/null
	for f in /sys/kernel/debug/sunrpc/rpc_clnt/*/tasks \
		 /sys/kernel/debug/sunrpc/rpc_xprt/*/info; do
		echo "== $f"
		cat "$f"
	done > "$d/sunrpc" 2>/dev/null
	echo w > /proc/sysrq-trigger 2>/dev/null
	dmesg > "$d/dmesg"
}

# cr_watchdog SECS NAME: if fio still runs after SECS, record the state
# and kill it (NFS waits are killable), so the run ends with its logs.
# fio starts some time after the watchdog: only its end, once seen, ends
# the watch early.
cr_watchdog() {
	local secs=$1 name=$2 i p seen=
	for ((i = 0; i < secs; i++)); do
		sleep 1
		if pgrep -x fio >/dev/null; then
			seen=1
		elif [ -n "$seen" ]; then
			return 0
		fi
	done
	pgrep -x fio >/dev/null || return 0
	log "clientrobust: $name still running after ${secs}s; state in diag-$name"
	cr_diag "$name"
	for p in $(pgrep -x fio); do
		kill -9 "$p"
	done
}

# cr_part NAME BOUND: run NAME_client with a watchdog of BOUND seconds
cr_part() {
	local name=$1 bound=$2 wd
	cr_watchdog "$bound" "$name" &
	wd=$!
	"${name}_client"
	kill "$wd" 2>/dev/null
	wait "$wd" 2>/dev/null
	mountpoint -q "$NFS_MNT" && bounded 120 umount -f -l "$NFS_MNT"
	return 0
}

scenario_client() {
	if [ "$TOPOLOGY" != two ]; then
		not_ok "clientrobust: needs --topology two"
		return
	fi
	cr_trace_on
	cr_part stress $((STRESS_SECONDS + 300))
	cr_part recovery $((RECOVERY_SECONDS + 300))
	# The server's disruptions are over once it wrote "disrupted"
	wait_for /out/server/disrupted 300
	cr_part devremove $((DEVREMOVE_FIO_SECONDS + 600))
	cr_diag end
}
