# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the scenarios of the administrator's path (autoload.sh,
# package.sh, troubleshoot.sh, firewall.sh), sourced by them after
# lib.sh: which modules are loaded and from which file, what a name
# resolves to, checked I/O, a mount that must fail, and the mountstats
# and inline-size checks that read a mount's xprt line.

is_loaded() { grep -q "^$1 " /proc/modules; }

none_loaded() {
	local m
	for m in "$@"; do
		! is_loaded "$m" || { echo "$m is loaded"; return 1; }
	done
}

modules_state() {
	log "modules: $(grep -E '^(rpcrdma|rpcrdma_core|xprtrdma|svcrdma|sunrpc) ' /proc/modules | cut -d' ' -f1,3 | tr '\n' ' ')"
}

# elf_build_id FILE: the GNU build ID of a module file, compressed
# (.xz, .zst, .gz: Debian's 6.12 and 7.2 modules and what DKMS installs
# beside them) or not.
elf_build_id() {
	local f=$1 tmp=/tmp/admin-build-id.ko
	case "$f" in
	*.xz) xz -dc "$f" > "$tmp" ;;
	*.zst) zstd -q -dc "$f" > "$tmp" ;;
	*.gz) gzip -dc "$f" > "$tmp" ;;
	*) cp "$f" "$tmp" ;;
	esac || return 1
	readelf -n "$tmp" | awk '/Build ID:/ { print $3 }'
	rm -f "$tmp"
}

# loaded_build_id MODULE: the GNU build ID of MODULE as the kernel has
# it (the sysfs note is the whole ELF note; its 16-byte header and "GNU"
# name come first).
loaded_build_id() {
	od -An -tx1 -j16 "/sys/module/$1/notes/.note.gnu.build-id" | tr -d ' \n'
}

# same_build_id MODULE FILE: the module in the kernel is FILE: the same
# GNU build ID.
same_build_id() {
	local m=$1 file=$2 want got
	want=$(elf_build_id "$file")
	got=$(loaded_build_id "$m") || return 1
	echo "$m: loaded build ID $got, $file $want, taint '$(cat "/sys/module/$m/taint")'"
	[ -n "$want" ] && [ "$got" = "$want" ]
}

# loaded_is_file MODULE FILE: FILE is loaded, and the kernel marks it
# out-of-tree (O).
loaded_is_file() {
	same_build_id "$1" "$2" && grep -q O "/sys/module/$1/taint"
}

# resolves_to NAME WANT [KVER]: "modprobe -R NAME" names exactly WANT,
# for the running kernel or, with KVER, for that installed kernel.
resolves_to() {
	local name=$1 want=$2 got
	got=$(modprobe ${3:+-S "$3"} -R "$name" 2>&1 | tr '\n' ' ')
	echo "modprobe ${3:+-S $3 }-R $name: $got"
	[ "$got" = "$want " ]
}

# modprobe -r, allowing a just-unmounted transport a few seconds to be
# destroyed (its release runs on a workqueue).
unload() {
	local i
	for ((i = 0; i < 20; i++)); do
		modprobe -r "$@" 2>/dev/null && return 0
		sleep 0.5
	done
	modprobe -r "$@"
}

# checksummed_io VERS TAG: a 3 MiB + 1 byte file written, the mount
# cycled and the caches dropped, then read back and compared by SHA-256.
checksummed_io() {
	local v=$1 tag=$2 src=/tmp/admin-io-$2 sum
	head -c $((3 * 1024 * 1024 + 1)) /dev/urandom > "$src" || return 1
	sum=$(sha256sum < "$src")
	cp "$src" "$NFS_MNT/$tag" && sync || return 1
	umount "$NFS_MNT" || return 1
	echo 3 > /proc/sys/vm/drop_caches
	nfs_mount "$v" || return 1
	[ "$(sha256sum < "$NFS_MNT/$tag")" = "$sum" ]
}

# mount_fails VERS SECS: a proto=rdma, retry=0 mount of the server that
# must fail, and end by itself within SECS (a mount still running then
# is killed and counts as hanging). Its message in MOUNT_ERR, its
# duration in MOUNT_SECS.
mount_fails() {
	local t0=$SECONDS rc
	MOUNT_ERR=$(timeout "$2" mount -t nfs -o \
		"vers=$1,proto=rdma,port=$NFS_PORT,retry=0" \
		"$SERVER_ADDR:/" "$NFS_MNT" 2>&1)
	rc=$?
	MOUNT_SECS=$((SECONDS - t0))
	log "mount exit $rc after $MOUNT_SECS s: $MOUNT_ERR"
	if [ $rc = 0 ]; then
		umount "$NFS_MNT"
		return 1
	fi
	[ $rc != 124 ]
}

# An O_DIRECT write and read of 4 MiB on the mount: the data goes by
# RDMA (Read chunks for the WRITEs, Write chunks for the READs), not
# through the page cache.
direct_io() {
	local src=/tmp/admin-direct
	head -c $((4 * 1024 * 1024)) /dev/urandom > "$src" || return 1
	dd if="$src" of="$NFS_MNT/direct" bs=1M oflag=direct status=none &&
		dd if="$NFS_MNT/direct" of="$src.back" bs=1M iflag=direct \
			status=none &&
		cmp "$src" "$src.back"
}

# mountstats(8) of nfs-utils, --xprt, for the mount: the RDMA labels it
# knows, with values that direct_io on the same mount must have
# produced.
mountstats_sane() {
	local out
	out=$(mountstats --xprt "$NFS_MNT") || return 1
	echo "$out"
	awk -F': ' '
		function n(s) { sub(/ .*/, "", s); return s + 0 }
		{ sub(/^[ \t]+/, "", $1); v[$1] = $2; seen[$1] = 1 }
		END {
			ok = seen["Transport protocol"] && v["Transport protocol"] == "rdma"
			ok = ok && n(v["RPC requests"]) > 0
			ok = ok && n(v["Read segments"]) > 0
			ok = ok && n(v["Write segments"]) > 0
			ok = ok && n(v["Registered"]) > 0
			ok = ok && n(v["RDMA received"]) >= 4194304
			ok = ok && seen["Hardway allocations"] && n(v["Hardway allocations"]) == 0
			ok = ok && seen["Failed marshals"] && n(v["Failed marshals"]) == 0
			ok = ok && seen["Bad replies"] && n(v["Bad replies"]) == 0
			ok = ok && n(v["Allocated MRs"]) > 0
			exit !ok
		}' <<<"$out"
}

# A 2 KiB O_DIRECT WRITE; prints how many Read chunk segments (xprt
# field 13, in the kernel's client and ours) and continued Calls (field
# 48, ours only: empty, so 0, for the kernel's) it took.
small_write_chunked() {
	local r0 c0 r1 c1
	head -c 2048 /dev/urandom > /tmp/admin-2k || return 1
	r0=$(xprt_field 13) c0=$(xprt_field 48)
	dd if=/tmp/admin-2k of="$NFS_MNT/small" bs=2048 oflag=direct \
		status=none || return 1
	r1=$(xprt_field 13) c1=$(xprt_field 48)
	echo $((r1 - r0 + c1 - c0))
}

small_write_inline() {
	local n
	n=$(small_write_chunked) || return 1
	echo "2 KiB WRITE: $n Read segments or continued Calls"
	[ "$n" = 0 ]
}

small_write_not_inline() {
	local n
	n=$(small_write_chunked) || return 1
	echo "2 KiB WRITE: $n Read segments or continued Calls"
	[ "$n" -gt 0 ]
}
