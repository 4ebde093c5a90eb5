# SPDX-License-Identifier: GPL-2.0-only
# Scenario "delegation": NFSv4.1/4.2 callbacks over the RDMA backchannel
# (RFC 8167), for every version in $VERS.
#
# 1. The client opens a file read-write, writes to it and keeps it open,
#    so it holds a write delegation; the server sees the delegation in
#    /proc/fs/nfsd/clients/*/states and its callback channel UP.
# 2. The server opens the same file locally, in the export. That breaks
#    nfsd's lease: nfsd sends CB_RECALL over the backchannel, the client
#    flushes and returns the delegation, and only then does the local
#    open complete. It must complete well within the lease time
#    (DELEG_OPEN_MAX s, 80% of NFS_LEASE; a recall nobody answers waits
#    for the laundromat to revoke the delegation, a lease or more), and
#    read what the client wrote.
# 3. For DELEG_SECONDS the client writes new files (each one a new write
#    delegation) while the server opens the newest ones locally (each one
#    a recall) and samples the callback state of every client once a
#    second: it must never read DOWN or FAULT.
# Callbacks are counted from tracepoints: nfsd:nfsd_cb_* on the server,
# nfs4:nfs4_cb_* and the transport's own on the client. The counts go to
# the log and to <role>/callbacks.
#
# Two guests: the server acts when the client says it is ready (files in
# /out/<role>/). One guest: the server part runs in the background.

# The bound is 80% of the lease. The debug kernel (KASAN, lockdep) runs
# 10 to 20 times slower under TCG: there the recall's callback round trip
# over RDMA still took 26-78 ms, but the client's flush and DELEGRETURN
# made the conflicting open take 3 to 9 s, against 0.3 to 0.5 s on the
# stock kernel. So the debug kernel gets a 30 s lease and a 24 s bound.
if [ "$KERNEL" = debug ]; then
	NFS_LEASE=${NFS_LEASE:-30}
else
	NFS_LEASE=${NFS_LEASE:-10}
fi
DELEG_SECONDS=${DELEG_SECONDS:-60}
DELEG_OPEN_MAX=${DELEG_OPEN_MAX:-$((NFS_LEASE * 8 / 10))}
DELEG_SIZE=1048576
TRACEFS=/sys/kernel/tracing

# Where the other side leaves its files
deleg_peer() {
	if [ "$ROLE" = both ]; then echo "$OUT"; else echo "/out/$1"; fi
}

# trace_enable EVENT-DIR...: enable these events
trace_enable() {
	local e
	for e in "$@"; do
		[ -e "$e/enable" ] && echo 1 > "$e/enable"
	done
	echo 1 > "$TRACEFS/tracing_on"
}

# trace_on EVENT-DIR...: the same, into an empty buffer. In one guest
# only the server part empties it, when both parts are between versions.
trace_on() {
	echo 0 > "$TRACEFS/tracing_on"
	echo 8192 > "$TRACEFS/buffer_size_kb"
	echo > "$TRACEFS/trace"
	trace_enable "$@"
}

# trace_count NAME: events of that name in the buffer so far
trace_count() {
	grep -c " $1: " "$TRACEFS/trace"
}

# trace_summary TAG NAME...: one line with the count of each event
trace_summary() {
	local line=$1 n
	shift
	for n in "$@"; do
		line+=" $n=$(trace_count "$n")"
	done
	echo "$line"
}

usecs() { echo "${EPOCHREALTIME/./}"; }

# --- server side ---------------------------------------------------------------

SERVER_CB_EVENTS="nfsd_cb_probe nfsd_cb_new_state nfsd_cb_lost nfsd_cb_recall
	nfsd_cb_recall_done nfsd_cb_seq_status nfsd_cb_rpc_done nfsd_cb_shutdown"

# The clients/<id> directory whose states show a write delegation
deleg_client_dir() {
	local f
	for f in /proc/fs/nfsd/clients/*/states; do
		grep -q "type: deleg, access: w" "$f" 2>/dev/null &&
			{ dirname "$f"; return 0; }
	done
	return 1
}

cb_state_up() { grep -q "^callback state: UP" "$1/info"; }

# A local open of @1 in the export; prints the seconds it took
timed_local_open() {
	local t0 t1
	t0=$(usecs)
	timeout 120 cat "$1" > "$2" || return 1
	t1=$(usecs)
	awk -v d=$((t1 - t0)) 'BEGIN { printf "%.2f\n", d / 1e6 }'
}

within() { awk -v t="$1" -v m="$2" 'BEGIN { exit !(t < m) }'; }

deleg_server_recall() {
	local v=$1 peer dir='' secs recalls i
	peer=$(deleg_peer client)
	wait_for "$peer/deleg-held-$v" 600 ||
		{ not_ok "delegation: NFSv$v client holds the file open"; return 1; }
	for ((i = 0; i < 20; i++)); do
		dir=$(deleg_client_dir) && break
		sleep 0.5
	done
	log "delegation: states of every client:"
	grep -H . /proc/fs/nfsd/clients/*/states
	check "delegation: NFSv$v write delegation in the server's states" \
		test -n "$dir"
	check "delegation: NFSv$v callback state UP before the recall" \
		cb_state_up "${dir:-/nonexistent}"

	recalls=$(trace_count nfsd_cb_recall)
	secs=$(timed_local_open "$EXPORT_DIR/deleg-$v/file" "/tmp/deleg-$v.srv")
	log "delegation: NFSv$v conflicting local open took ${secs:-?} s"
	check "delegation: NFSv$v conflicting open completes in ${secs:-?} s (< $DELEG_OPEN_MAX s, lease $NFS_LEASE s)" \
		within "${secs:-999}" "$DELEG_OPEN_MAX"
	check "delegation: NFSv$v CB_RECALL sent" \
		test "$(trace_count nfsd_cb_recall)" -gt "$recalls"
	check "delegation: NFSv$v data written under the delegation is intact" \
		test "$(sha256sum < "/tmp/deleg-$v.srv" | cut -d' ' -f1)" = \
		"$(cat "$peer/deleg-sum-$v")"
	check "delegation: NFSv$v delegation returned" \
		bash -c "! grep -qs 'type: deleg' '${dir:-/nonexistent}/states'"
}

# Any client whose callback channel is reported DOWN or FAULT
cb_any_down() {
	grep -hs "^callback state:" /proc/fs/nfsd/clients/*/info |
		grep -qv "callback state: \(UP\|UNKNOWN\)"
}

deleg_server_workload() {
	local v=$1 peer samples=0 down=0 opens=0 slow=0 max=0 f secs
	peer=$(deleg_peer client)
	wait_for "$peer/work-start-$v" 300 ||
		{ not_ok "workload: NFSv$v client started"; return 1; }
	while [ ! -e "$peer/work-done-$v" ]; do
		for f in $(ls -t "$EXPORT_DIR/work-$v" 2>/dev/null | head -n 2); do
			secs=$(timed_local_open "$EXPORT_DIR/work-$v/$f" /dev/null) ||
				secs=999
			opens=$((opens + 1))
			within "$secs" "$DELEG_OPEN_MAX" || slow=$((slow + 1))
			within "$secs" "$max" || max=$secs
		done
		samples=$((samples + 1))
		if cb_any_down; then
			down=$((down + 1))
			log "workload: $(grep -hs "^callback state:" /proc/fs/nfsd/clients/*/info | tr '\n' ' ')"
		fi
		[ "$samples" -gt $((DELEG_SECONDS * 3 + 600)) ] && break
		sleep 1
	done
	log "workload: NFSv$v $samples samples, $down down; $opens local opens, slowest $max s"
	check "workload: NFSv$v callback channel never down ($samples samples)" \
		test "$down" -eq 0 -a "$samples" -gt 0
	check "workload: NFSv$v $opens conflicting opens, none slower than $DELEG_OPEN_MAX s (slowest $max s)" \
		test "$slow" -eq 0 -a "$opens" -gt 0
}

deleg_server_counts() {
	local v=$1 line bad calls0=$2 replies0=$3 calls replies send_err
	# shellcheck disable=SC2086
	line=$(trace_summary "callbacks: NFSv$v server $SERVER_IMPL" $SERVER_CB_EVENTS)
	log "$line"
	echo "$line" >> "$OUT/callbacks"
	if [ "$SERVER_IMPL" = ours ]; then
		# Our server's counters (svcrdma.rst): reverse-direction Calls
		# sent, Replies matched to them, Sends that failed
		calls=$(cat "$SVCRDMA_STATS/bc_calls")
		replies=$(cat "$SVCRDMA_STATS/bc_replies")
		send_err=$(cat "$SVCRDMA_STATS/bc_send_err")
		line="svcrdma: NFSv$v bc_calls=$calls bc_replies=$replies bc_send_err=$send_err"
		log "$line"
		echo "$line" >> "$OUT/callbacks"
		calls=$((calls - calls0))
		replies=$((replies - replies0))
		check "delegation: NFSv$v our server sent $calls reverse Calls and matched $replies Replies" \
			test "$calls" -gt 0 -a "$replies" -eq "$calls" -a "$send_err" -eq 0
	fi
	bad=$(grep " nfsd_cb_recall_done: " "$TRACEFS/trace" | grep -vc "status=0$")
	check "delegation: NFSv$v every CB_RECALL answered ($(trace_count nfsd_cb_recall_done) done, $bad failed)" \
		test "$bad" -eq 0 -a "$(trace_count nfsd_cb_recall_done)" -gt 0
	check "delegation: NFSv$v no callback channel lost" \
		test "$(trace_count nfsd_cb_lost)" -eq 0
}

deleg_server_actor() {
	local v peer calls0=0 replies0=0
	peer=$(deleg_peer client)
	for v in $VERS; do
		trace_on "$TRACEFS"/events/nfsd/nfsd_cb_* \
			"$TRACEFS"/events/nfsd/nfsd_open \
			"$TRACEFS"/events/nfsd/nfsd_deleg_*
		if [ "$SERVER_IMPL" = ours ]; then
			calls0=$(cat "$SVCRDMA_STATS/bc_calls")
			replies0=$(cat "$SVCRDMA_STATS/bc_replies")
		fi
		deleg_server_recall "$v"
		echo finished > "$OUT/recalled-$v"
		deleg_server_workload "$v"
		deleg_server_counts "$v" "$calls0" "$replies0"
		cp "$TRACEFS/trace" "$OUT/tracefs-$v"
		echo finished > "$OUT/work-checked-$v"
		# The client counts its events before the buffer is emptied
		wait_for "$peer/counted-$v" 600
	done
}

scenario_server() {
	[ -d "$TRACEFS/events/nfsd" ] || return 1
	nfsd_wait_grace
	deleg_server_actor >> "$OUT/log" 2>&1 &
	return 0
}

# --- client side -----------------------------------------------------------------

client_cb_events() {
	local e=("$TRACEFS"/events/nfs4/nfs4_cb_sequence "$TRACEFS"/events/nfs4/nfs4_cb_recall
		 "$TRACEFS"/events/nfs4/nfs4_open_file "$TRACEFS"/events/nfs4/nfs4_set_delegation
		 "$TRACEFS"/events/nfs4/nfs4_delegreturn_exit)
	if [ "$CLIENT_IMPL" = ours ]; then
		e+=("$TRACEFS"/events/xprtrdma_ng/xprtrdma_bc_*)
	else
		e+=("$TRACEFS"/events/rpcrdma/xprtrdma_cb_*)
	fi
	echo "${e[@]}"
}

client_cb_names() {
	if [ "$CLIENT_IMPL" = ours ]; then
		echo nfs4_cb_sequence nfs4_cb_recall xprtrdma_bc_call \
			xprtrdma_bc_reply xprtrdma_bc_drop
	else
		echo nfs4_cb_sequence nfs4_cb_recall xprtrdma_cb_call \
			xprtrdma_cb_reply
	fi
}

# Write a fresh file through a read-write open: each is a new delegation
deleg_workload() {
	local dir=$1 end=$((SECONDS + DELEG_SECONDS)) i=0 errs=0 fd
	head -c 65536 /dev/urandom > /tmp/work.dat
	while [ "$SECONDS" -lt "$end" ]; do
		if exec {fd}<>"$dir/w$i"; then
			cat /tmp/work.dat >&"$fd" || errs=$((errs + 1))
			exec {fd}>&-
			cmp -s /tmp/work.dat "$dir/w$i" || errs=$((errs + 1))
		else
			errs=$((errs + 1))
		fi
		i=$((i + 1))
	done
	log "workload: $i files written, $errs errors"
	[ "$errs" -eq 0 ] && [ "$i" -gt 0 ]
}

# Our client's reverse-direction counters, fields 34-36 of the xprt line
# (counting "xprt:" as 1): Calls queued, Replies sent, ERR_CHUNK
# answers; field 32: reverse-direction Calls dropped. The kernel's client
# has no such fields.
client_mountstats_bc() {
	awk -v m="$NFS_MNT" '$1 == "device" && $5 == m { f = 1; next }
		$1 == "device" { f = 0 }
		f && $1 == "xprt:" && $2 == "rdma" {
			print "calls=" $34, "replies=" $35, "err_chunk=" $36,
			      "dropped=" $32 }' /proc/self/mountstats
}

deleg_client_version() {
	local v=$1 peer d fd line
	peer=$(deleg_peer server)
	d=$NFS_MNT/deleg-$v
	# shellcheck disable=SC2046
	if [ "$ROLE" = both ]; then
		trace_enable $(client_cb_events)
	else
		trace_on $(client_cb_events)
	fi
	if ! check "delegation: NFSv$v mount" nfs_mount "$v"; then
		deleg_client_skip "$v"
		return
	fi
	check "delegation: NFSv$v mountstats shows xprt: rdma" mount_is_rdma
	[ "$CLIENT_IMPL" = ours ] &&
		check "delegation: NFSv$v RPC-over-RDMA version $(expected_rdma_vers)" \
			rdma_vers_is_expected
	mkdir -p "$d" "$NFS_MNT/work-$v"
	head -c "$DELEG_SIZE" /dev/urandom > "/tmp/deleg-$v"
	# Read-write: nfsd offers a write delegation only for OPEN4_SHARE_ACCESS_BOTH
	if check "delegation: NFSv$v open read-write and write" \
		eval "exec {fd}<>'$d/file' && cat '/tmp/deleg-$v' >&\$fd"; then
		sha256sum < "/tmp/deleg-$v" | cut -d' ' -f1 > "$OUT/deleg-sum-$v"
		echo held > "$OUT/deleg-held-$v"
		check "delegation: NFSv$v server made its conflicting open" \
			wait_for "$peer/recalled-$v" 300
		check "delegation: NFSv$v file still writable after the recall" \
			eval "echo tail >&\$fd"
		exec {fd}>&-
		check "delegation: NFSv$v file reads back after close" bash -c \
			"cat '/tmp/deleg-$v' > /tmp/deleg-$v.all && echo tail >> /tmp/deleg-$v.all &&
			 cmp -s /tmp/deleg-$v.all '$d/file'"
	else
		echo failed > "$OUT/deleg-held-$v"
	fi

	echo started > "$OUT/work-start-$v"
	check "workload: NFSv$v ${DELEG_SECONDS} s of read-write opens" \
		deleg_workload "$NFS_MNT/work-$v"
	echo finished > "$OUT/work-done-$v"
	check "workload: NFSv$v server checked the callback channel" \
		wait_for "$peer/work-checked-$v" 600

	# shellcheck disable=SC2046
	line=$(trace_summary "callbacks: NFSv$v client $CLIENT_IMPL" $(client_cb_names))
	log "$line"
	echo "$line" >> "$OUT/callbacks"
	check "delegation: NFSv$v client received CB_RECALL" \
		test "$(trace_count nfs4_cb_recall)" -gt 0
	if [ "$CLIENT_IMPL" = ours ]; then
		line="mountstats: NFSv$v $(client_mountstats_bc)"
		log "$line"
		echo "$line" >> "$OUT/callbacks"
		check "delegation: NFSv$v every reverse-direction Call answered" \
			test "$(trace_count xprtrdma_bc_reply)" -gt 0 -a \
			"$(trace_count xprtrdma_bc_reply)" -eq \
			"$(trace_count xprtrdma_bc_call)"
	fi
	[ "$ROLE" = both ] || cp "$TRACEFS/trace" "$OUT/tracefs-$v"
	echo finished > "$OUT/counted-$v"
	rm -rf "$d" "$NFS_MNT/work-$v"
	check "delegation: NFSv$v umount" umount "$NFS_MNT"
}

# Without a mount: let the server part move on without waiting for us
deleg_client_skip() {
	local f
	for f in deleg-held work-start work-done counted; do
		echo failed > "$OUT/$f-$1"
	done
}

scenario_client() {
	local v
	for v in $VERS; do
		case "$v" in
		4.1|4.2) deleg_client_version "$v" ;;
		*)
			not_ok "delegation: NFSv$v has no sessions, no backchannel"
			deleg_client_skip "$v"
			;;
		esac
	done
}
