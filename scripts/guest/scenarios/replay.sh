# SPDX-License-Identifier: GPL-2.0-only
# Scenario "replay" (--topology two, NFSv3): a non-idempotent Call whose
# Reply is lost with its connection is answered from nfsd's duplicate
# reply cache when the client sends it again on the next connection.
#
# nfsd's cache (fs/nfsd/nfscache.c) knows a retransmission by its xid,
# procedure, length and checksum, and by the client's address and port.
# The socket transports bind the same source port again when they
# reconnect; our client binds the RDMA CM port of its previous
# connection (xprtrdma/cm.c). Were the port a new one, the server would
# execute the RENAME a second time, find no source name, and the
# application's rename() would fail with ENOENT although its rename
# happened.
#
#  1. The client mounts NFSv3 with a long attribute cache (so that
#     rename() sends nothing but the RENAME), creates "a" and looks up
#     "a" and "b".
#  2. It cuts its side of the wire (every frame arriving at its
#     interface dropped, scenarios/recovery.sh) and calls rename(a, b).
#     The Call reaches the server, which executes it (its RENAME count
#     rises: checked) and sends a Reply that cannot arrive. Both QPs
#     give up retransmitting within REPLAY_CUT seconds, so the
#     connection is lost on both sides.
#  3. The wire comes back, the client connects again and sends the
#     RENAME again with its xid. Checks: rename() returned 0, "b" holds
#     what "a" held and "a" is gone, the transport connected again, the
#     server counted a hit in its reply cache, and (our client) the new
#     connection has the old one's source port (mountstats' port field).
#
# The kernel's own client (--client intree) takes a new port for each
# connection and reports 0 in that field; for it the outcome of the
# rename is logged, not checked.

REPLAY_CUT=${REPLAY_CUT:-20}
RP_DIR=replay

# "hits renames": the server's reply-cache hits and NFSv3 RENAMEs
rp_counts() {
	awk '$1 == "rc" { h = $2 } $1 == "proc3" { r = $17 }
		END { print h + 0, r + 0 }' /proc/net/rpc/nfsd
}

rp_renamed_since() {
	local r
	r=$(rp_counts)
	[ "${r#* }" -gt "$1" ]
}

rp_server_watch() {
	local h0 r0
	wait_for /out/client/replay-armed 1200 || return 0
	rp_counts > "$OUT/replay-before"
	read -r h0 r0 < "$OUT/replay-before"
	log "replay: before: reply-cache hits $h0, RENAMEs $r0"
	echo ready > "$OUT/replay-ready"
	wait_until 60 rp_renamed_since "$r0" &&
		echo yes > "$OUT/replay-executed"
	wait_for /out/client/replay-done 900
	rp_counts > "$OUT/replay-after"
	log "replay: after: $(cat "$OUT/replay-after")"
}

scenario_server() {
	[ "$ROLE" = both ] && return 1
	(rp_server_watch) >> "$OUT/log" 2>&1 &
	return 0
}

rp_rename() {
	timeout 600 python3 -c 'import os, sys; os.rename(sys.argv[1], sys.argv[2])' "$@"
}

rp_moved() {
	[ ! -e "$1/a" ] && cmp -s "$1/b" /tmp/replay-data
}

# The server's reply cache answered at least one Call between the two
# snapshots
rp_cache_hit() {
	local h0 r0 h1 r1
	read -r h0 r0 < /out/server/replay-before
	read -r h1 r1 < /out/server/replay-after
	log "replay: reply-cache hits $h0 -> $h1, RENAMEs $r0 -> $r1"
	[ "$h1" -gt "$h0" ]
}

scenario_client() {
	local d=$NFS_MNT/$RP_DIR pid rc connects0 port0 port1
	if [ "$ROLE" = both ]; then
		not_ok "replay: needs two guests (--topology two)"
		return
	fi
	check "replay: mount NFSv3, attributes cached" \
		nfs_mount 3 actimeo=600 || return
	check "replay: mountstats shows xprt: rdma" mount_is_rdma
	head -c 65536 /dev/urandom > /tmp/replay-data
	check "replay: create the file" bash -c \
		"mkdir -p '$d' && cp /tmp/replay-data '$d/a' && sync &&
		 stat '$d/a' >/dev/null && ! stat '$d/b' 2>/dev/null"
	connects0=$(xprt_field 5)
	port0=$(xprt_field 3)
	echo armed > "$OUT/replay-armed"
	check "replay: server ready" wait_for /out/server/replay-ready 120 ||
		return
	if ! wire_cut "$RXE_NETDEV"; then
		not_ok "replay: client's side of the wire cut"
		return
	fi
	log "replay: wire cut; rename(a, b)"
	rp_rename "$d/a" "$d/b" > "$OUT/replay-rename.txt" 2>&1 &
	pid=$!
	check "replay: the RENAME reached the server while its Reply could not arrive" \
		wait_for /out/server/replay-executed 60
	sleep "$REPLAY_CUT"
	wire_restore "$RXE_NETDEV"
	log "replay: wire restored"
	wait "$pid"
	rc=$?
	log "replay: rename returned $rc: $(cat "$OUT/replay-rename.txt")"
	port1=$(xprt_field 3)
	log "replay: source port $port0 -> $port1, connections $connects0 -> $(xprt_field 5)"
	check "replay: the transport connected again" \
		test "$(xprt_field 5)" -gt "$connects0"
	echo finished > "$OUT/replay-done"
	wait_for /out/server/replay-after 60
	if [ "$CLIENT_IMPL" = ours ]; then
		check "replay: the new connection has the old one's source port ($port0)" \
			test "$port1" = "$port0" -a "$port0" != 0
		check "replay: rename() returned 0" test "$rc" = 0
		check "replay: b holds a's data, a is gone" rp_moved "$d"
		check "replay: the server answered the RENAME again from its reply cache" \
			rp_cache_hit
	else
		rp_moved "$d" && log "replay: the file was renamed"
		rp_cache_hit || log "replay: no hit in the server's reply cache"
	fi
	check "replay: clean up" rm -rf "$d"
	check "replay: umount" umount "$NFS_MNT"
}
