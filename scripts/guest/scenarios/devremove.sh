# SPDX-License-Identifier: GPL-2.0-only
# Scenario "devremove": the client's RDMA device is removed while an NFS
# mount over RDMA is active and I/O is running (--topology two).
#
# 1. Hard mount: a checksummed fio workload runs while "rdma link delete
#    rxe0" removes the client's soft-RoCE device. The removal must finish
#    (the transport lets go of the device), the workload waits, and once
#    the device is added back it reconnects and completes with every
#    block verified.
# 2. Soft mount (timeo=50,retrans=1): with the device removed, new I/O
#    must fail with an error in bounded time instead of hanging.
# Then umount and the harness's "rmmod" of the transport; any WARNING,
# KASAN, lockdep, hung-task or kmemleak report fails the run.

DEVREMOVE_FIO_SECONDS=${DEVREMOVE_FIO_SECONDS:-60}

# bounded SECS CMD...: run CMD in the background and wait at most SECS.
# Returns CMD's status, or 124 if it was still running (it is left
# running: a task stuck in the kernel cannot be killed anyway).
bounded() {
	local secs=$1 pid i
	shift
	"$@" &
	pid=$!
	for ((i = 0; i < secs * 2; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"
			return
		fi
		sleep 0.5
	done
	log "devremove: '$*' still running after ${secs}s"
	return 124
}

# What is stuck, for the log, when something did not finish in time
dump_blocked() {
	echo w > /proc/sysrq-trigger 2>/dev/null
	ps -eo pid,stat,wchan:32,cmd | awk '$2 ~ /D/'
}

rxe_present() { rdma link show rxe0/1 >/dev/null 2>&1; }

rxe_delete() { bounded 120 rdma link delete rxe0 && ! rxe_present; }

devremove_fio() {
	cd /tmp && fio --output="$OUT/fio-devremove.txt" --directory="$1" \
		--direct=1 --ioengine=psync --verify=crc32c --verify_fatal=1 \
		--verify_backlog=16 --name=devremove --rw=randwrite \
		--bsrange=4k-256k --size=4m --numjobs=4 --time_based \
		--runtime="$DEVREMOVE_FIO_SECONDS"
}

fio_clean() {
	! grep -Eq 'err= *[1-9]|verify failed|bad (header|magic)' \
		"$OUT/fio-devremove.txt"
}

# Wait up to SECS for background PID; succeed only if it exited 0.
wait_pid() {
	local pid=$1 secs=$2 i
	for ((i = 0; i < secs * 2; i++)); do
		kill -0 "$pid" 2>/dev/null || { wait "$pid"; return; }
		sleep 0.5
	done
	return 124
}

devremove_hard() {
	local v=$1 f=/tmp/dr.src pid
	head -c 3000000 /dev/urandom > "$f"
	check "devremove: mount NFSv$v (hard)" nfs_mount "$v" || return 1
	check "devremove: write before removal" cp "$f" "$NFS_MNT/before"
	mkdir -p "$NFS_MNT/dr"
	devremove_fio "$NFS_MNT/dr" &
	pid=$!
	sleep 8
	log "devremove: deleting rxe0 with the workload running"
	if ! check "devremove: rdma link delete rxe0 finishes with I/O running" \
		rxe_delete; then
		dump_blocked
		return 1
	fi
	sleep 15
	check "devremove: the workload waits while the device is gone" \
		kill -0 "$pid"
	log "devremove: adding rxe0 back"
	check "devremove: rdma link add rxe0" rxe_add || return 1
	if ! check "devremove: the workload completes after the device returns" \
		wait_pid "$pid" $((DEVREMOVE_FIO_SECONDS + 240)); then
		dump_blocked
		return 1
	fi
	check "devremove: fio reports no errors" fio_clean
	echo 3 > /proc/sys/vm/drop_caches
	check "devremove: file written before removal reads back" \
		cmp -s "$f" "$NFS_MNT/before"
	check "devremove: write and read back after the device returned" \
		bash -c "cp '$f' '$NFS_MNT/after' && echo 3 > /proc/sys/vm/drop_caches &&
			 cmp -s '$f' '$NFS_MNT/after'"
	check "devremove: clean up" rm -rf "$NFS_MNT/dr" "$NFS_MNT/before" \
		"$NFS_MNT/after"
	check "devremove: umount (hard)" bounded 120 umount "$NFS_MNT"
}

soft_write() {
	dd if=/dev/zero of="$NFS_MNT/soft" bs=64k count=16 oflag=direct \
		status=none 2>"$OUT/soft-dd.err"
}

devremove_soft() {
	local v=$1 rc
	check "devremove: mount NFSv$v (soft,timeo=50,retrans=1)" \
		nfs_mount "$v" "soft,timeo=50,retrans=1" || return 1
	check "devremove: soft mount works before removal" \
		bash -c "echo x > '$NFS_MNT/probe' && test \"\$(cat '$NFS_MNT/probe')\" = x"
	check "devremove: rdma link delete rxe0 (soft mount)" rxe_delete ||
		{ dump_blocked; return 1; }
	bounded 240 soft_write
	rc=$?
	log "devremove: soft write returned $rc: $(cat "$OUT/soft-dd.err")"
	check "devremove: I/O on a soft mount fails in bounded time" \
		test "$rc" -ne 0 -a "$rc" -ne 124
	[ "$rc" = 124 ] && dump_blocked
	check "devremove: rdma link add rxe0 (soft mount)" rxe_add || return 1
	check "devremove: the soft mount works again" \
		bounded 240 bash -c "echo y > '$NFS_MNT/probe' &&
			test \"\$(cat '$NFS_MNT/probe')\" = y && rm -f '$NFS_MNT/probe' '$NFS_MNT/soft'"
	check "devremove: umount (soft)" bounded 120 umount "$NFS_MNT"
}

scenario_client() {
	local v=${VERS%% *}
	if [ "$TOPOLOGY" != two ]; then
		not_ok "devremove: needs --topology two"
		return
	fi
	devremove_hard "$v" || return
	devremove_soft "$v"
}
