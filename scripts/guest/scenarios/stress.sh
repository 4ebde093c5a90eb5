# SPDX-License-Identifier: GPL-2.0-only
# Scenario "stress": 64 parallel checksummed streams for $STRESS_SECONDS
# (default 60) on one mount: 32 writers that read back and verify what they
# wrote as they go, and 32 readers that verify files written beforehand.
# O_DIRECT keeps the client's page cache out of the verification, so every
# byte checked went over the wire. fio exits non-zero on any verify error.

STRESS_SECONDS=${STRESS_SECONDS:-60}

stress_fio() {
	local d=$1
	cd /tmp && fio --output="$OUT/fio-stress.txt" --output-format=normal \
		--directory="$d" --direct=1 --ioengine=psync \
		--verify=crc32c --verify_fatal=1 --size=4m --group_reporting \
		--name=prep --rw=write --bs=64k --numjobs=32 --do_verify=1 \
		--name=writers --stonewall --rw=randwrite --bsrange=4k-1m \
		--numjobs=32 --verify_backlog=8 --time_based \
		--runtime="$STRESS_SECONDS" \
		--name=readers --filename_format='prep.$jobnum.0' --rw=read \
		--bs=64k --numjobs=32 --time_based --runtime="$STRESS_SECONDS"
}

no_fio_errors() { ! grep -Eq 'err= *[1-9]|verify failed|bad (header|magic)' "$OUT/fio-stress.txt"; }

scenario_client() {
	local v=${VERS%% *}
	check "stress: mount NFSv$v" nfs_mount "$v" || return
	check "stress: mountstats shows xprt: rdma" mount_is_rdma
	mkdir -p "$NFS_MNT/stress"
	check "stress: 64 checksummed streams for ${STRESS_SECONDS}s" stress_fio "$NFS_MNT/stress"
	check "stress: fio reports no errors" no_fio_errors
	check "stress: clean up" rm -rf "$NFS_MNT/stress"
	check "stress: umount" umount "$NFS_MNT"
}
