# SPDX-License-Identifier: GPL-2.0-only
# Scenario "server-reset" (--topology two): the server guest is reset in
# the middle of a write while it exports a disk-backed file system, and
# boots again. Once it serves again, the client's writer (the same
# process, the same open file, the same mount) must go on by itself,
# and every record that an fsync() acknowledged must read back intact.
# One reset per version in --vers, each on its own mount.
#
#   scripts/vmtest --topology two --client ours --server ours \
#       --vers 4.2,3 --scenario server-reset
#
# The disk. vmtest gives the server guest a virtio disk (a sparse raw
# image of 512 MiB in the log directory, ext4 made on the host;
# cache=writethrough, see make_server_disk in vmtest for why) and the
# server exports it instead of a tmpfs (export_disk_up in guest/lib.sh):
# export/ on the disk is bound on /export, exported with the harness's
# options, fsid=0 among them, so that file handles do not depend on the
# device number; nfs/ on the disk is bound on /var/lib/nfs, where
# nfsdcld, started before nfsd, keeps the NFSv4 clients that may
# reclaim their state after a reboot. The stock kernels load ext4 and
# virtio_blk as modules; the debug kernel has both built in
# (config/debug.config).
#
# The reset. vmtest runs the server's QEMU without -no-reboot, so a
# reset restarts the machine inside the same QEMU process: the guest
# goes through the initramfs and stage2 again, with the same MAC, IP
# address and RoCE GID, and the link between the guests (a netdev on
# the host side of QEMU) stays as it was. stage2 counts the boots in
# server/boots and runs a later boot only after a reset the scenario
# asked for (server/reset-N); the server's side of this scenario then
# sets up the same export from the disk (ext4 replays its journal),
# nfsd starts a 10-second grace period, and the client reclaims its
# state. Killing and restarting QEMU from vmtest instead would break
# the stream link (RPCRDMA_LINK=stream): QEMU 7.2's socket netdev does
# not connect again.
#
# One reset, on the client:
#  1. A hard mount; scripts/guest/records writes numbered, checksummed
#     4 KiB records, 32 to a batch, fsync() after each batch, and logs
#     every batch that fsync() acknowledged to client/sr-vV.log on the
#     out share (fsynced there, so the log outlives either guest).
#  2. After SR_BEFORE_SECS (and at least 5 acknowledged batches) it
#     writes client/reset-go-N. The server waits a random 0 to
#     SR_DELAY_MAX/10 s more, writes server/reset-N and resets itself
#     with sysrq b: no sync, writes in flight, the server's page cache
#     lost. The records acknowledged before the reset are, for certain,
#     those of the batches that had completed when the batch in flight
#     at the reset started (the writer looks for the marker before each
#     batch).
#  3. The writer blocks in write()/fsync() until the server is back and
#     the NFS client has reconnected, recovered its state and re-sent
#     what the server had not made stable (a COMMIT whose verifier
#     changed); then it goes on, and stops SR_AFTER_BATCHES batches and
#     SR_AFTER_SECS after the first batch that started after the reset.
#  4. Checks: the reset came mid-write, after some records were
#     acknowledged; the writer finished without an error; one batch
#     waited at least SR_MIN_BLOCK s (the reset really stopped the I/O);
#     the mount is the one from before (mount ID: no remount); the
#     transport connected again; the records acknowledged before the
#     reset, then all records, read back intact with O_DIRECT (neither
#     page cache answers) and the file has its exact size.
#  5. The server, in its next boot, reads the same file on its own disk
#     (O_DIRECT) and checks it against the client's log.
# The pause (the longest gap between two acknowledged batches), the
# longest wait for one batch, the server's time from reset to nfsd
# serving again and the connection counts go to client/server-reset-times.
#
# The client's writer waits for the server in fsync()'s wait for page
# writeback, an uninterruptible sleep, for as long as the server is
# away: a hard mount's defined behaviour. The debug kernel's server
# takes about two minutes to boot under TCG, longer than the hung-task
# detector's 120 s, whose report would fail the run; the client raises
# hung_task_timeout_secs to the scenario's bound (SR_BOUND + 60 s), so
# that a task stuck for longer than the scenario allows is still
# reported.
#
# RPCRDMA_EXPORT_OPTS=rw,no_root_squash,async,fsid=0 on the host makes
# nfsd acknowledge COMMITs without writing anything to the disk: the
# checks of acknowledged records should then fail (a negative control,
# not run yet).

SR_RECORDS=$TOP/scripts/guest/records
SR_BEFORE_SECS=${SR_BEFORE_SECS:-10}
SR_BEFORE_BATCHES=5
SR_AFTER_SECS=${SR_AFTER_SECS:-10}
SR_AFTER_BATCHES=20
# Tenths of a second: the server resets 0 to 6 s after the client's go
SR_DELAY_MAX=60
SR_MIN_BLOCK=5
# 64 MiB of records at most per file; after that the writer overwrites
# the oldest (each slot must then hold its newest record)
SR_SLOTS=16384
# The bound of one writer, from its start to its end, and of each wait
# on the other guest
if [ "$KERNEL" = debug ]; then
	SR_BOUND=${SR_BOUND:-1800}
else
	SR_BOUND=${SR_BOUND:-600}
fi
SR_HUNG=/proc/sys/kernel/hung_task_timeout_secs

# The grace period after a reset is nfsd's default, 90 s, not the
# harness's 10 s: a client comes back when its transport's reconnect
# backoff (up to 30 s) lets it and then has to reclaim before the
# grace period ends, or its opens are lost (NFS4ERR_NO_GRACE) and the
# writer gets EIO. With NFSv4.1 and later nfsd ends the grace period
# as soon as every client it knew has sent RECLAIM_COMPLETE. The first
# boot has nothing to reclaim and keeps 10 s.
if [ "${BOOT:-1}" -gt 1 ]; then
	NFS_GRACE=${NFS_GRACE:-90}
fi

# sr_version N: the version of reset N (the N-th in $VERS)
sr_version() {
	local a
	read -r -a a <<< "$VERS"
	echo "${a[$1 - 1]:-}"
}

sr_resets() { wc -w <<< "$VERS"; }

# sr_put FILE TEXT: write a marker whole (the reader may read it at once)
sr_put() { echo "$2" > "$1.tmp" && mv "$1.tmp" "$1"; }

# sr_wait FILE SECS: FILE appeared; fails at once when the client guest
# has ended
sr_wait() {
	local f=$1 secs=$2 i
	for ((i = 0; i < secs * 2; i++)); do
		[ -e "$f" ] && return 0
		if [ "$ROLE" = server ] &&
		   { [ -e /out/client/finished ] || [ -e /out/client/vanished ]; }; then
			return 1
		fi
		sleep 0.5
	done
	return 1
}

# sr_verify FILE LOG [--scope before]: records read back with O_DIRECT,
# bounded (an O_DIRECT read on NFS waits killably)
sr_verify() {
	local f=$1 wlog=$2
	shift 2
	timeout -s KILL "$SR_BOUND" /usr/bin/python3 "$SR_RECORDS" verify \
		"$f" "$wlog" --direct "$@"
}

# --- server ------------------------------------------------------------------

# nfsd started client tracking (nfsdcld, or on kernels that have it the
# older upcall) with its storage in /var/lib/nfs, which is on the disk
sr_tracking() {
	local k
	k=$(dmesg | grep -E 'NFSD: (Using .*client tracking|Unable to initialize client recovery)')
	log "server-reset: $k; nfsdcld pid $(pgrep -x nfsdcld)"
	grep -q 'NFSD: Using .*client tracking operations' <<< "$k" &&
		! grep -q 'Unable to initialize' <<< "$k" &&
		mountpoint -q /var/lib/nfs
}

# Seconds from the server's reset N to nfsd serving again (server clock)
sr_server_down() {
	local a b
	a=$(cat "/out/server/reset-$1" 2>/dev/null) || return 0
	b=$(cat "/out/server/up-$(($1 + 1))" 2>/dev/null) || return 0
	awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f\n", b - a }'
}

# Reset N: the server's verification, in the boot after it, of what
# the client wrote during it
sr_server_verify() {
	local n=$1 v
	v=$(sr_version "$n")
	if ! sr_wait "/out/client/written-$n" "$SR_BOUND"; then
		not_ok "server-reset: NFSv$v records intact in the file on the server's disk (the client never said it had finished)"
		sr_put "$OUT/verified-$n" missing
		return
	fi
	check "server-reset: NFSv$v records intact in the file on the server's disk (O_DIRECT)" \
		sr_verify "$EXPORT_DIR/sr-v$v/records" "/out/client/sr-v$v.log"
	sr_put "$OUT/verified-$n" checked
}

# In the background, in every boot: first check the file of the reset
# before this boot, then, unless this is the last boot, wait for the
# client's go and reset.
sr_server_actor() {
	local v t
	[ "$BOOT" -gt 1 ] && sr_server_verify $((BOOT - 1))
	[ "$BOOT" -le "$(sr_resets)" ] || return 0
	v=$(sr_version "$BOOT")
	if ! sr_wait "/out/client/reset-go-$BOOT" $((SR_BOUND * 2)); then
		log "server-reset: NFSv$v: no go from the client, no reset"
		return 0
	fi
	if [ "$(cat "/out/client/reset-go-$BOOT")" != go ]; then
		log "server-reset: NFSv$v: the client gave up before the reset"
		return 0
	fi
	t=$((RANDOM % (SR_DELAY_MAX + 1)))
	sleep "$((t / 10)).$((t % 10))"
	log "server-reset: NFSv$v: reset $BOOT, $((t / 10)).$((t % 10)) s after the client's go, without sync"
	date +%s.%N > "$OUT/reset-$BOOT"
	# The marker alone reaches the host: a syncfs of the out share,
	# nothing of the export disk.
	sync -f "$OUT/reset-$BOOT"
	echo b > /proc/sysrq-trigger
	sleep 60
	not_ok "server-reset: NFSv$v the server guest reset itself"
}

scenario_server() {
	local v
	if [ -z "${SERVER_DISK:-}" ] || [ "$TOPOLOGY" != two ]; then
		log "server-reset: needs --topology two and a server disk (vmtest gives both)"
		return 1
	fi
	date +%s.%N > "$OUT/up-$BOOT"
	log "server-reset: boot $BOOT, export $(findmnt -no SOURCE,FSTYPE "$EXPORT_DISK_MNT")"
	check "server-reset: nfsd keeps its NFSv4 clients on the export disk" sr_tracking
	if [ "$BOOT" -gt 1 ]; then
		v=$(sr_version $((BOOT - 1)))
		log "server-reset: nfsd serves again $(sr_server_down $((BOOT - 1))) s after reset $((BOOT - 1))"
		check "server-reset: NFSv$v the file written at reset $((BOOT - 1)) is on the disk" \
			test -s "$EXPORT_DIR/sr-v$v/records"
	fi
	sr_server_actor >> "$OUT/log" 2>&1 &
	SR_ACTOR=$!
	return 0
}

# In the last boot: the check of the last reset's file is done (the
# client waited for it before it ended) or bounded.
scenario_server_end() {
	[ -n "${SR_ACTOR:-}" ] && wait "$SR_ACTOR"
	return 0
}

# --- client ------------------------------------------------------------------

sr_mount_id() {
	awk -v m="$NFS_MNT" '$5 == m { id = $1 } END { print id }' /proc/self/mountinfo
}

# sr_at_least A B: A >= B, decimals allowed
sr_at_least() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

# sr_wait_writer PID SECS: the writer's exit status; killed after SECS
sr_wait_writer() {
	local pid=$1 secs=$2 i
	for ((i = 0; i < secs; i += 2)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 2
	done
	if kill -0 "$pid" 2>/dev/null; then
		log "server-reset: the writer still runs after $secs s: killing it"
		kill -9 "$pid"
	fi
	wait "$pid"
}

# sr_cycle N VERS: one mount, one writer, reset N of the server
sr_cycle() {
	local n=$1 v=$2 d=$NFS_MNT/sr-v$2 wlog=$OUT/sr-v$2.log pid rc mid0 mid1 c0 c1
	local records=0 acked_before=0 batches=0 batches_before=0 batches_after=0
	local go=0 seen_batch=-1 ended=0 blocked=0 pause=0
	log "server-reset: NFSv$v, reset $n of $(sr_resets)"
	if ! check "server-reset: NFSv$v hard mount" nfs_mount "$v" hard; then
		sr_put "$OUT/reset-go-$n" abort
		return 1
	fi
	check "server-reset: NFSv$v mountstats shows xprt: rdma" mount_is_rdma
	mid0=$(sr_mount_id) c0=$(xprt_field 5)
	if ! mkdir -p "$d"; then
		not_ok "server-reset: NFSv$v make the writer's directory"
		sr_put "$OUT/reset-go-$n" abort
		return 1
	fi
	/usr/bin/python3 "$SR_RECORDS" write "$d/records" "$wlog" \
		--marker "/out/server/reset-$n" --go "$OUT/reset-go-$n" \
		--batch 32 --slots "$SR_SLOTS" \
		--before-secs "$SR_BEFORE_SECS" --before-batches "$SR_BEFORE_BATCHES" \
		--after-secs "$SR_AFTER_SECS" --after-batches "$SR_AFTER_BATCHES" \
		--deadline "$SR_BOUND" &
	pid=$!
	sr_wait_writer "$pid" $((SR_BOUND + 60))
	rc=$?
	[ -e "$OUT/reset-go-$n" ] || sr_put "$OUT/reset-go-$n" abort
	log "server-reset: writer exit $rc; $(grep -E '^(go|seen|end|error|deadline) ' "$wlog" | tr '\n' ';')"
	eval "$(/usr/bin/python3 "$SR_RECORDS" summary "$wlog")"
	log "server-reset: go $go, $batches batches: $batches_before before the marker, $batches_after after; $records records"
	mid1=$(sr_mount_id) c1=$(xprt_field 5)

	check "server-reset: NFSv$v the server reset mid-write, after $acked_before records were fsynced" \
		test "$seen_batch" -ge 0 -a "$acked_before" -gt 0
	check "server-reset: NFSv$v the writer went on after the reset and finished ($batches_after batches fsynced after it, exit $rc)" \
		test "$rc" -eq 0 -a "$ended" -eq 1 -a "$batches_after" -ge "$SR_AFTER_BATCHES"
	check "server-reset: NFSv$v I/O paused ${pause} s across the reset (one batch waited ${blocked} s, at least $SR_MIN_BLOCK)" \
		sr_at_least "$blocked" "$SR_MIN_BLOCK"
	check "server-reset: NFSv$v no remount (mount ID $mid0 before, $mid1 after)" \
		test -n "$mid0" -a "$mid0" = "$mid1"
	check "server-reset: NFSv$v the transport connected again (connections $c0 -> $c1)" \
		test "${c1:-0}" -gt "${c0:-0}"
	if [ "$rc" -eq 137 ]; then
		# Killed at the bound: the server is not serving, and a read
		# would only wait for it again
		not_ok "server-reset: NFSv$v the $acked_before records fsynced before the reset read back intact (not read: the writer hung)"
		not_ok "server-reset: NFSv$v all $records records fsynced read back intact (not read: the writer hung)"
	else
		check "server-reset: NFSv$v the $acked_before records fsynced before the reset read back intact (O_DIRECT)" \
			sr_verify "$d/records" "$wlog" --scope before
		check "server-reset: NFSv$v all $records records fsynced read back intact, file size exact (O_DIRECT)" \
			sr_verify "$d/records" "$wlog"
	fi
	echo "v=$v reset=$n pause=$pause blocked=$blocked server_down=$(sr_server_down "$n") records=$records acked_before=$acked_before connections=$c0->$c1 writer_exit=$rc" \
		>> "$OUT/server-reset-times"

	sr_put "$OUT/written-$n" "$rc"
	if [ "$rc" -ne 0 ]; then
		umount -f -l "$NFS_MNT" &
		return 1
	fi
	# The server reads the file on its disk before it goes away
	sr_wait "/out/server/verified-$n" "$SR_BOUND" ||
		log "server-reset: NFSv$v the server did not check its disk's file"
	check "server-reset: NFSv$v clean up" rm -rf "$d"
	check "server-reset: NFSv$v umount" umount "$NFS_MNT"
}

sr_hung_task_raise() {
	[ -w "$SR_HUNG" ] || return 0
	SR_HUNG_WAS=$(cat "$SR_HUNG")
	echo $((SR_BOUND + 60)) > "$SR_HUNG"
	log "server-reset: hung_task_timeout_secs $SR_HUNG_WAS -> $(cat "$SR_HUNG")"
}

sr_hung_task_restore() {
	[ -n "${SR_HUNG_WAS:-}" ] && echo "$SR_HUNG_WAS" > "$SR_HUNG"
	return 0
}

scenario_client() {
	local n=0 v
	if [ "$TOPOLOGY" != two ] || [ -z "${SERVER_DISK:-}" ]; then
		not_ok "server-reset: needs --topology two and a server disk"
		return
	fi
	sr_hung_task_raise
	for v in $VERS; do
		n=$((n + 1))
		sr_cycle "$n" "$v" || break
	done
	# After a failure: no further resets
	for ((n = 1; n <= $(sr_resets); n++)); do
		[ -e "$OUT/reset-go-$n" ] || sr_put "$OUT/reset-go-$n" abort
	done
	sr_hung_task_restore
}
