# SPDX-License-Identifier: GPL-2.0-only
# Scenario "soak" (issue 17, Faults): SOAK_SECONDS (default 180) of
# mixed load with our transport on both sides, then everything stopped
# and unloaded with nothing left. --client ours --server ours; one guest
# or two. It mounts NFSv4.2 and NFSv3 at once, whatever --vers says.
#
# At once, for SOAK_SECONDS:
# - fio with crc32c verification on each mount (O_DIRECT, random and
#   sequential writers that read back what they wrote every few blocks);
# - metadata churn on each mount (scripts/guest/churn.py): create,
#   append, rename, hard link, unlink, mkdir, rmdir, symlink, chmod,
#   stat, readdir and readlink over thousands of small files, each
#   applied to a local reference tree too and its result compared;
# - delegation recalls: each round a fresh file is opened on the NFSv4.2
#   mount (read-only: a read delegation; read-write: a write delegation,
#   with data left dirty under it) and then written or read with
#   O_DIRECT through the NFSv3 mount. nfsd answers NFSv3 with JUKEBOX
#   while it recalls the delegation (CB_RECALL over our backchannel);
#   the NFSv3 client retries 5 s later. The conflicting access must see
#   the data, and the NFSv4.2 mount the NFSv3 write.
#
# Afterwards: every fio job wrote and verified data without error, each
# churn made no error or mismatch and its tree equals the reference
# (again after a cache drop), the rounds saw no wrong data, CB_RECALLs
# were received (client trace) and sent and answered (server trace,
# svcrdma_ng bc_* counters), our client answered every reverse-direction
# Call. Then umount, nfsd stop and ours_unload_checked (guest/lib.sh):
# every gauge 0, nothing of ours left in the RDMA core, all three
# modules unloaded, no slab cache, kmemleak clean on the debug kernel.
#
# Two guests: the client's part ends with its own unload; the server
# checks its counters and unloads after the client guest has finished.

SOAK_SECONDS=${SOAK_SECONDS:-180}
# The server guest waits this long for the client guest to finish.
CLIENT_WAIT=$((SOAK_SECONDS + 2400))
# As in delegation.sh: on the debug kernel a recall's flush and
# DELEGRETURN take seconds, so a longer lease.
if [ "$KERNEL" = debug ]; then
	NFS_LEASE=${NFS_LEASE:-30}
fi
SOAK_M4=/mnt/soak-v4.2
SOAK_M3=/mnt/soak-v3
SOAK_TRACE=/sys/kernel/tracing/instances

soak_ours() { [ "$CLIENT_IMPL" = ours ] && [ "$SERVER_IMPL" = ours ]; }

# soak_trace_on NAME EVENT...: a tracefs instance with these events
# (system/event), its buffer large enough for the whole run
soak_trace_on() {
	local t=$SOAK_TRACE/$1 e
	shift
	mkdir -p "$t" || return 1
	echo 4096 > "$t/buffer_size_kb"
	for e in "$@"; do
		echo 1 > "$t/events/$e/enable" || return 1
	done
	echo 1 > "$t/tracing_on"
}

# soak_trace_count NAME EVENT: that event's lines in instance NAME
soak_trace_count() { grep -c " ${2##*/}: " "$SOAK_TRACE/$1/trace"; }

soak_trace_off() {
	local t=$SOAK_TRACE/$1
	[ -d "$t" ] || return 0
	cp "$t/trace" "$OUT/trace-$1"
	echo 0 > "$t/tracing_on"
	echo 0 > "$t/events/enable"
	rmdir "$t"
}

# --- server side --------------------------------------------------------------

SOAK_SERVER_EVENTS="nfsd/nfsd_cb_recall nfsd/nfsd_cb_recall_done nfsd/nfsd_cb_lost"

scenario_server() {
	soak_ours || return 0
	# shellcheck disable=SC2086
	soak_trace_on soak-server $SOAK_SERVER_EVENTS
}

# bc_matched: our server's reverse-direction Calls all answered (the
# last Reply may still be on its way: a few seconds)
bc_matched() {
	local i calls replies
	for ((i = 0; i < 20; i++)); do
		calls=$(cat "$SVCRDMA_STATS/bc_calls")
		replies=$(cat "$SVCRDMA_STATS/bc_replies")
		[ "$calls" -gt 0 ] && [ "$replies" = "$calls" ] && break
		sleep 0.5
	done
	echo "svcrdma_ng: bc_calls $calls, bc_replies $replies, bc_send_err $(cat "$SVCRDMA_STATS/bc_send_err")"
	[ "$calls" -gt 0 ] && [ "$replies" = "$calls" ] &&
		[ "$(cat "$SVCRDMA_STATS/bc_send_err")" = 0 ]
}

# The recalls seen from nfsd and from our server, with nfsd still running
soak_server_checks() {
	local sent answered bad lost
	sent=$(soak_trace_count soak-server nfsd_cb_recall)
	answered=$(soak_trace_count soak-server nfsd_cb_recall_done)
	bad=$(grep " nfsd_cb_recall_done: " "$SOAK_TRACE/soak-server/trace" |
		grep -vc "status=0$")
	lost=$(soak_trace_count soak-server nfsd_cb_lost)
	log "soak: server: CB_RECALL $sent sent, $answered done ($bad failed), $lost callback channels lost"
	check "soak: server: nfsd sent CB_RECALL ($sent)" test "$sent" -gt 0
	check "soak: server: every CB_RECALL answered ($answered done, $bad failed)" \
		test "$answered" -gt 0 -a "$bad" -eq 0
	check "soak: server: no callback channel lost" test "$lost" -eq 0
	check "soak: server: our server's reverse-direction Calls all answered, none failed to send" \
		bc_matched
	soak_trace_off soak-server
}

scenario_server_end() {
	[ "$ROLE" = server ] || return 0
	soak_ours || return 0
	soak_server_checks
	ours_unload_checked "soak: server" server
}

# --- client side --------------------------------------------------------------

SOAK_CLIENT_EVENTS="nfs4/nfs4_cb_recall nfs4/nfs4_set_delegation"

# soak_mount V DIR
soak_mount() { local NFS_MNT=$2; mkdir -p "$2" && nfs_mount "$1"; }
soak_is_rdma() { local NFS_MNT=$1; mount_is_rdma; }
soak_vers() { local NFS_MNT=$1; rdma_vers_is_expected; }

# soak_fio DIR TAG: writers that verify what they wrote every few blocks
soak_fio() {
	mkdir -p "$1" || return 1
	cd /tmp && fio --output="$OUT/fio-soak-$2.json" --output-format=json \
		--directory="$1" --direct=1 --ioengine=psync \
		--verify=crc32c --verify_fatal=1 --verify_state_save=0 \
		--time_based --runtime="$SOAK_SECONDS" --size=16m \
		--name=rand --rw=randwrite --bsrange=4k-1m --verify_backlog=16 \
		--numjobs=2 \
		--name=seq --rw=write --bs=256k --verify_backlog=8 \
		--name=small --rw=randwrite --bs=4k --size=2m --verify_backlog=64
}

# soak_fio_verified TAG: each job ended without error, wrote, and read
# back (the verification reads)
soak_fio_verified() {
	/usr/bin/python3 - "$OUT/fio-soak-$1.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
jobs = json.loads(text[text.index("{"):])["jobs"]
ok = len(jobs) == 4
for j in jobs:
    w, r = j["write"]["io_bytes"], j["read"]["io_bytes"]
    print("%s: error %d, written %d bytes, verified %d bytes"
          % (j["jobname"], j["error"], w, r))
    ok = ok and j["error"] == 0 and w > 0 and r > 0
sys.exit(0 if ok else 1)
PY
}

# soak_churn DIR TAG SEED
soak_churn() {
	/usr/bin/python3 "$TOP/scripts/guest/churn.py" run "$1" \
		"/tmp/churn-ref-$2" "$SOAK_SECONDS" "$3" > "$OUT/churn-$2.log" 2>&1
}

# soak_delegated FILE: the NFSv4.2 client was given a delegation for
# FILE (its nfs4_set_delegation event names the file's fileid; fio and
# the churn get delegations of their own files meanwhile)
soak_delegated() {
	local ino
	ino=$(stat -c %i "$1") || return 1
	grep -q " nfs4_set_delegation: .* fileid=[0-9a-f]*:[0-9a-f]*:$ino fhandle=" \
		"$SOAK_TRACE/soak-client/trace"
}

# soak_deleg_rounds END: rounds of a delegation on the NFSv4.2 mount and
# a conflicting O_DIRECT access through the NFSv3 mount, until SECONDS
# reaches END. Counts rounds, rounds run under a delegation, and wrong
# or failed ones into SOAK_ROUNDS, SOAK_HELD and SOAK_BAD.
soak_deleg_rounds() {
	local end=$1 d=soak-deleg i=0 fd f
	SOAK_ROUNDS=0 SOAK_HELD=0 SOAK_BAD=0
	mkdir -p "$SOAK_M4/$d" || { SOAK_BAD=1; return; }
	head -c 65536 /dev/urandom > /tmp/soak-a
	head -c 4096 /dev/urandom > /tmp/soak-b
	# The first file after a 4 KiB overwrite at its start
	{ cat /tmp/soak-b; tail -c +4097 /tmp/soak-a; } > /tmp/soak-ab
	while [ "$SECONDS" -lt "$end" ]; do
		f=$d/r$i
		if ((i % 2 == 0)); then
			# A read delegation, then an NFSv3 WRITE: the NFSv4.2
			# mount must then read what NFSv3 wrote.
			if cp /tmp/soak-a "$SOAK_M4/$f" &&
			   exec {fd}<"$SOAK_M4/$f" && cat <&"$fd" > /dev/null &&
			   dd if=/tmp/soak-b of="$SOAK_M3/$f" bs=4k count=1 \
				conv=notrunc oflag=direct status=none; then
				exec {fd}<&-
				cmp -s "$SOAK_M4/$f" /tmp/soak-ab ||
					{ SOAK_BAD=$((SOAK_BAD + 1)); log "soak: round $i: NFSv4.2 reads stale data after the NFSv3 write"; }
			else
				[ -n "$fd" ] && exec {fd}<&-
				SOAK_BAD=$((SOAK_BAD + 1))
				log "soak: round $i: read delegation round failed"
			fi
		else
			# A write delegation with the data left dirty under
			# it, then an NFSv3 READ: the recall must flush it.
			if exec {fd}<>"$SOAK_M4/$f" && cat /tmp/soak-a >&"$fd"; then
				if soak_delegated "$SOAK_M4/$f"; then
					dd if="$SOAK_M3/$f" bs=64k iflag=direct status=none |
						cmp -s - /tmp/soak-a ||
						{ SOAK_BAD=$((SOAK_BAD + 1)); log "soak: round $i: NFSv3 read missed data written under the delegation"; }
				fi
				exec {fd}>&-
				cmp -s "$SOAK_M3/$f" /tmp/soak-a ||
					{ SOAK_BAD=$((SOAK_BAD + 1)); log "soak: round $i: NFSv3 read differs after close"; }
			else
				[ -n "$fd" ] && exec {fd}>&-
				SOAK_BAD=$((SOAK_BAD + 1))
				log "soak: round $i: write delegation round failed"
			fi
		fi
		fd=
		soak_delegated "$SOAK_M4/$f" && SOAK_HELD=$((SOAK_HELD + 1))
		i=$((i + 1))
		SOAK_ROUNDS=$i
	done
}

# Our client's reverse-direction counters on the NFSv4.2 mount (fields
# 34 and 35 of its xprt line, see delegation.sh): every Call answered
soak_bc_answered() {
	local NFS_MNT=$SOAK_M4 calls replies i
	for ((i = 0; i < 20; i++)); do
		calls=$(xprt_field 34) replies=$(xprt_field 35)
		[ -n "$calls" ] && [ "$calls" -gt 0 ] && [ "$replies" = "$calls" ] &&
			break
		sleep 0.5
	done
	echo "reverse-direction Calls $calls, Replies $replies"
	[ -n "$calls" ] && [ "$calls" -gt 0 ] && [ "$replies" = "$calls" ]
}

scenario_client() {
	local sides=client end fio4 fio3 churn4 churn3 r
	[ "$ROLE" = both ] && sides="client server"
	check "soak: our transport on both sides" soak_ours || return
	check "soak: NFSv4.2 mount" soak_mount 4.2 "$SOAK_M4" || return
	check "soak: NFSv3 mount" soak_mount 3 "$SOAK_M3" || return
	check "soak: NFSv4.2 mountstats shows xprt: rdma" soak_is_rdma "$SOAK_M4"
	check "soak: NFSv3 mountstats shows xprt: rdma" soak_is_rdma "$SOAK_M3"
	# The recalls below go over the NFSv4.2 mount's backchannel, in
	# Version 2 between our two sides.
	if [ "$CLIENT_IMPL" = ours ]; then
		check "soak: NFSv4.2 RPC-over-RDMA version $(expected_rdma_vers)" \
			soak_vers "$SOAK_M4"
		check "soak: NFSv3 RPC-over-RDMA version $(expected_rdma_vers)" \
			soak_vers "$SOAK_M3"
	fi
	# shellcheck disable=SC2086
	check "soak: client trace events" soak_trace_on soak-client $SOAK_CLIENT_EVENTS

	log "soak: ${SOAK_SECONDS}s of fio, churn and delegation recalls on NFSv4.2 and NFSv3"
	end=$((SECONDS + SOAK_SECONDS))
	soak_fio "$SOAK_M4/soak-fio" v4.2 & fio4=$!
	soak_fio "$SOAK_M3/soak-fio-v3" v3 & fio3=$!
	soak_churn "$SOAK_M4/soak-churn" v4.2 42 & churn4=$!
	soak_churn "$SOAK_M3/soak-churn-v3" v3 3 & churn3=$!
	soak_deleg_rounds "$end"

	wait "$fio4"; r=$?
	check "soak: fio NFSv4.2 exited 0" test "$r" -eq 0
	check "soak: fio NFSv4.2: every job wrote and verified, no error" \
		soak_fio_verified v4.2
	wait "$fio3"; r=$?
	check "soak: fio NFSv3 exited 0" test "$r" -eq 0
	check "soak: fio NFSv3: every job wrote and verified, no error" \
		soak_fio_verified v3
	wait "$churn4"; r=$?
	cat "$OUT/churn-v4.2.log"
	check "soak: churn NFSv4.2: no error, no mismatch, tree as the reference" \
		test "$r" -eq 0
	wait "$churn3"; r=$?
	cat "$OUT/churn-v3.log"
	check "soak: churn NFSv3: no error, no mismatch, tree as the reference" \
		test "$r" -eq 0
	echo 3 > /proc/sys/vm/drop_caches
	check "soak: churn NFSv4.2 tree as the reference after a cache drop" \
		/usr/bin/python3 "$TOP/scripts/guest/churn.py" compare \
		"$SOAK_M4/soak-churn" /tmp/churn-ref-v4.2
	check "soak: churn NFSv3 tree as the reference after a cache drop" \
		/usr/bin/python3 "$TOP/scripts/guest/churn.py" compare \
		"$SOAK_M3/soak-churn-v3" /tmp/churn-ref-v3

	log "soak: $SOAK_ROUNDS delegation rounds, $SOAK_HELD under a delegation, $SOAK_BAD wrong"
	check "soak: $SOAK_ROUNDS delegation rounds, every conflicting access saw the data" \
		test "$SOAK_ROUNDS" -gt 0 -a "$SOAK_BAD" -eq 0
	check "soak: the client held delegations in $SOAK_HELD rounds" \
		test "$SOAK_HELD" -gt 0
	check "soak: the client received CB_RECALL ($(soak_trace_count soak-client nfs4_cb_recall))" \
		test "$(soak_trace_count soak-client nfs4_cb_recall)" -gt 0
	check "soak: our client answered every reverse-direction Call" \
		soak_bc_answered
	soak_trace_off soak-client

	[ "$ROLE" = both ] && soak_server_checks
	check "soak: NFSv4.2 umount" umount "$SOAK_M4"
	check "soak: NFSv3 umount" umount "$SOAK_M3"
	# shellcheck disable=SC2086
	ours_unload_checked "soak" $sides
}
