# SPDX-License-Identifier: GPL-2.0-only
# Scenario "v2probe": RPC-over-RDMA Version 2 on the wire against our
# server (--server ours), before any kernel client speaks it.
#
# The client guest builds scripts/guest/v2probe.c, a userspace Version 2
# client on librdmacm, and runs its checks (one connection each):
# property exchange, version errors, header errors, Call continuation and
# its errors, Call chunk, Write chunk and Reply chunk, Reply
# continuation, REPLY_RESOURCE / WRITE_RESOURCE, flow control (the
# server waits for credit, then gives up and closes) and the server's
# GRANT. An NFS mount with the client in $CLIENT_IMPL runs beside it, in
# the version that client settles on (expected_rdma_vers). Then the server sets max_version=1 and the probe checks that
# Version 2 is refused with ERR_VERS 1..1. The server checks its
# counters against what the probe did.

V2P_FILES=600
V2P_PARAM=/sys/module/svcrdma/parameters/max_version

v2p_counter() { cat "/proc/sys/sunrpc/svcrdma_ng/$1"; }

# v2p_at_least NAME MIN
v2p_at_least() {
	local v
	v=$(v2p_counter "$1") || return 1
	log "v2probe: $1 = $v (at least $2)"
	[ "$v" -ge "$2" ]
}

v2p_param_checked() {
	[ "$(cat "$V2P_PARAM")" = 2 ] || return 1
	! (echo 3 > "$V2P_PARAM") 2>/dev/null || return 1
	! (echo 0 > "$V2P_PARAM") 2>/dev/null || return 1
	[ "$(cat "$V2P_PARAM")" = 2 ]
}

# READDIR needs a directory whose listing is some 50 KiB; READ a file
# whose byte i is (i * 7 + 3) & 0xff (v2probe.c checks it).
v2p_files() {
	/usr/bin/python3 - "$EXPORT_DIR" "$V2P_FILES" <<'PY'
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    open(os.path.join(d, "v2probe-entry-%04d-%s" % (i, "x" * 44)), "w").close()
with open(os.path.join(d, "big"), "wb") as f:
    f.write(bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

v2p_trace_on() {
	local t=/sys/kernel/tracing/events/svcrdma_ng e
	for e in vers_fixed v2_error v2_error_recv v2_credit_wait \
		 v2_credit_timeout v2_grant v2_grant_skip v2_cont_call \
		 v2_cont_abort v2_cont_reply v2_props v2_props_sent v2_drop; do
		[ -e "$t/svcrdma_$e/enable" ] && echo 1 > "$t/svcrdma_$e/enable"
	done
	return 0
}

scenario_server() {
	[ "$SERVER_IMPL" = ours ] || return 1
	check "v2probe: max_version is 2 and refuses 0 and 3" v2p_param_checked
	check "v2probe: files to list and read" v2p_files || return 1
	v2p_trace_on
	# Phase 2 of the client: Version 1 only
	( wait_for "$(role_out client)/v2probe.phase2" 1800 &&
	  echo 1 > "$V2P_PARAM" && echo done > "$OUT/v2probe.v1" ) &
	return 0
}

# v2p_run ARGS...: one check per line the probe prints
v2p_run() {
	local rc
	/out/bin/v2probe "$@" > /tmp/v2probe.out 2>&1
	rc=$?
	checks_from /tmp/v2probe.out
	[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] ||
		not_ok "v2probe: exited $rc"
}

v2p_big_ok() {
	/usr/bin/python3 - "$NFS_MNT/big" <<'PY'
import sys
with open(sys.argv[1], "rb") as f:
    data = f.read()
sys.exit(data != bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

scenario_client() {
	local v=${VERS%% *}
	check "v2probe: user verbs and rdma_cm" modprobe -a ib_uverbs rdma_ucm
	check "v2probe: built on the host (vmtest)" test -x /out/bin/v2probe || return
	check "v2probe: mount NFSv$v beside it" nfs_mount "$v" || return
	check "v2probe: the mount sees the file" test -s "$NFS_MNT/big"
	[ "$CLIENT_IMPL" = ours ] &&
		check "v2probe: the mount runs Version $(expected_rdma_vers)" \
			rdma_vers_is_expected
	v2p_run "$SERVER_ADDR" "$NFS_PORT"
	check "v2probe: the mount reads the file intact" v2p_big_ok
	check "v2probe: umount" umount "$NFS_MNT"
	echo go > "$OUT/v2probe.phase2"
	check "v2probe: server switched to max_version=1" \
		wait_for "$(role_out server)/v2probe.v1" 60 || return
	v2p_run -1 "$SERVER_ADDR" "$NFS_PORT"
}

v2p_counters() {
	local f
	for f in /proc/sys/sunrpc/svcrdma_ng/*; do
		log "counter ${f##*/} $(cat "$f")"
	done
}

scenario_server_end() {
	# The Version 2 events, for reading (RPCRDMA_TRACE is not needed)
	[ -r /sys/kernel/tracing/trace ] &&
		grep -E 'svcrdma_(vers_fixed|v2_)' /sys/kernel/tracing/trace \
			> "$OUT/v2trace"
	v2p_counters
	# One CONNPROP_FINAL per Version 2 connection, never more
	check "v2probe: CONNPROP_FINAL sent once per Version 2 connection" \
		[ "$(v2p_counter v2_connprop_sent)" = "$(v2p_counter conn_v2)" ]
	# The probe opens at least 16 connections in Version 2 and 2 in
	# Version 1; the mount adds one in the version its client settles on.
	local mv1=0 mv2=0
	if [ "$(expected_rdma_vers)" = 2 ]; then mv2=1; else mv1=1; fi
	check "v2probe: conn_v2 counts the probe's connections and the mount's" \
		v2p_at_least conn_v2 $((16 + mv2))
	check "v2probe: conn_v1 counts the Version 1 probes and the mount's" \
		v2p_at_least conn_v1 $((2 + mv1))
	check "v2probe: ERR_VERS counted" v2p_at_least err_vers 4
	check "v2probe: VERS_MISMATCH counted" v2p_at_least err_vers_mismatch 1
	check "v2probe: parse errors counted" v2p_at_least v2_err_parse 3
	check "v2probe: INVAL_CONT counted" v2p_at_least v2_err_cont 5
	check "v2probe: limit errors counted" v2p_at_least v2_err_limits 1
	check "v2probe: resource errors counted" v2p_at_least v2_err_resource 2
	check "v2probe: properties and HOSTAUTH counted" v2p_at_least v2_hostauth 1
	check "v2probe: continued Calls counted" v2p_at_least v2_cont_calls 1
	check "v2probe: aborted continuations counted" v2p_at_least v2_cont_aborted 3
	check "v2probe: continued Replies counted" v2p_at_least v2_cont_replies 2
	check "v2probe: GRANTs counted both ways" v2p_at_least v2_grant_sent 1
	check "v2probe: GRANTs received counted" v2p_at_least v2_grant_recv 2
	check "v2probe: credit waits counted" v2p_at_least v2_credit_waits 1
	check "v2probe: credit timeouts counted" v2p_at_least v2_credit_timeouts 1
	check "v2probe: reverse-direction drops counted" \
		v2p_at_least reverse_dropped 3
	check "v2probe: client errors counted" v2p_at_least v2_err_recv 1
	echo 2 > "$V2P_PARAM"
}
