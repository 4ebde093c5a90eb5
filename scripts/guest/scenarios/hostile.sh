# SPDX-License-Identifier: GPL-2.0-only
# Scenario "hostile": a misbehaving client against our server
# (--server ours), case by case.
#
# The client side builds scripts/guest/hostile.c (userspace, librdmacm)
# and runs every case file in scripts/guest/hostile/server/ against the
# server, one process per case. Each case gives two checks: its expected
# outcome (an RDMA_ERROR, a drop with the connection still serving, a
# closed connection, Replies) and that a new, well-behaved connection is
# served afterwards. An NFS mount beside it reads a checksummed file
# before and after all of them. Then every connection the attacker made
# must be freed while nfsd still runs, and the server's counters must
# show the defects the cases provoke: stalls detected, Long Call xid
# refused. The kernel log is checked by vmverdict as in every run.

HOSTILE_DIR=$TOP/scripts/guest/hostile/server
HOSTILE_STATS=/proc/sys/sunrpc/svcrdma_ng

hostile_counter() { cat "$HOSTILE_STATS/$1"; }

# hostile_at_least NAME MIN
hostile_at_least() {
	local v
	v=$(hostile_counter "$1") || return 1
	log "hostile: $1 = $v (at least $2)"
	[ "$v" -ge "$2" ]
}

# The file the mount reads: byte i is (i * 7 + 3) & 0xff; the cases'
# NFSv4 READs read it too.
hostile_file() {
	/usr/bin/python3 - "$EXPORT_DIR/big" <<'PY'
import sys
with open(sys.argv[1], "wb") as f:
    f.write(bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

hostile_file_ok() {
	echo 3 > /proc/sys/vm/drop_caches
	/usr/bin/python3 - "$NFS_MNT/big" <<'PY'
import sys
with open(sys.argv[1], "rb") as f:
    data = f.read()
sys.exit(data != bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

scenario_server() {
	[ "$SERVER_IMPL" = ours ] || return 1
	hostile_file || return 1
	# rnr-norecv-idle waits for two keepalive intervals
	echo 5 > "$HOSTILE_STATS/keepalive"
}

# hostile_case FILE: run one case, one check per line it prints
hostile_case() {
	local rc
	timeout 300 /tmp/hostile "$SERVER_ADDR" "$NFS_PORT" "$1" \
		> /tmp/hostile.out 2>&1
	rc=$?
	checks_from /tmp/hostile.out
	[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] ||
		not_ok "hostile: $(basename "$1" .case): exited $rc"
}

hostile_conns_freed() {
	local i
	for ((i = 0; i < 60; i++)); do
		[ "$(hostile_counter conn_freed)" = \
		  "$(hostile_counter conn_accepted)" ] && return 0
		sleep 0.5
	done
	log "hostile: accepted $(hostile_counter conn_accepted)," \
		"freed $(hostile_counter conn_freed)"
	return 1
}

scenario_client() {
	local v=${VERS%% *} f n=0
	check "hostile: user verbs and rdma_cm" modprobe -a ib_uverbs rdma_ucm
	check "hostile: build" gcc -O2 -Wall -Wextra -Werror -o /tmp/hostile \
		"$TOP/scripts/guest/hostile.c" -lrdmacm -libverbs || return
	check "hostile: mount NFSv$v beside it" nfs_mount "$v" || return
	check "hostile: the mount reads the file intact before" hostile_file_ok
	for f in "$HOSTILE_DIR"/*.case; do
		hostile_case "$f"
		n=$((n + 1))
	done
	log "hostile: $n cases"
	check "hostile: the mount reads the file intact after $n cases" \
		hostile_file_ok
	check "hostile: umount" umount "$NFS_MNT"
	[ "$SERVER_IMPL" = ours ] && [ -e "$HOSTILE_STATS/conn_freed" ] ||
		return 0
	# Only the one-guest topology sees the server's counters here
	check "hostile: every connection freed, nfsd still running" \
		hostile_conns_freed
	check "hostile: stalled Send queues detected (sq_stalls)" \
		hostile_at_least sq_stalls 1
	check "hostile: stuck keepalive probes detected (probe_stuck)" \
		hostile_at_least probe_stuck 1
	# One ERR_CHUNK at least per case that expects a Version 1 one
	check "hostile: ERR_CHUNK counted" hostile_at_least err_chunk \
		"$(grep -l '^expect error [^ ]* 1 2' "$HOSTILE_DIR"/*.case | wc -l)"
	check "hostile: ERR_VERS counted" hostile_at_least err_vers 3
	check "hostile: drops counted" hostile_at_least recv_dropped 3
	check "hostile: reverse-direction drops counted" \
		hostile_at_least reverse_dropped 3
	grep -rs . "$HOSTILE_STATS" | sed "s|$HOSTILE_STATS/||" > "$OUT/counters"
	echo 30 > "$HOSTILE_STATS/keepalive"
}
