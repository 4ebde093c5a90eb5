# SPDX-License-Identifier: GPL-2.0-only
# Scenario "autoload": the administrator's path, in one guest. Nothing
# here loads a module of ours by name: "make install" puts them in place,
# and nfsd's listener and the mounts make the kernel ask modprobe.
#
#  1. refusal: the kernel's rpcrdma.ko is loaded first; after make
#     install, "modprobe xprtrdma" and "modprobe svcrdma" must fail,
#     each with exactly one kernel log line that says what to do, and
#     leave nothing registered;
#  2. autoload: nfsd's "rdma 20049" must load our svcrdma, a mount with
#     proto=rdma our xprtrdma, and a mount with proto=rdma6 (to
#     [2001:db8::1]) xprtrdma again after it was unloaded; the loaded
#     modules must be the installed files (build ID), never rpcrdma;
#     each mount writes and reads back a checksummed file;
#  3. make uninstall: the names resolve to the kernel's module again, and
#     a fresh nfsd listener and mount load rpcrdma.ko.
#
# Run with: scripts/vmtest --scenario autoload --client ours --server ours
#
# make install runs here for real, from the tree, with the modules
# vmtest built (KO_DIR). Its depmod is a stand-in: a real depmod -a over
# the whole module tree takes minutes under TCG. vmtest has indexed the
# same tree with ours in updates/rpcrdma-ng on the host; the stand-in
# copies that index when our files are in place and the index saved
# before the install when they are not, and records how it was called.

INSTALL_MODDIR=/lib/modules/$GUEST_KVER/updates/rpcrdma-ng
INSTALL_CONF=/etc/modprobe.d/rpcrdma-ng.conf
DEPMOD_STANDIN=/tmp/depmod-standin
DEPMOD_CALLS=/tmp/depmod-calls

# The harness's own loading and unloading are not the path under test.
load_transport() { return 0; }
unload_transport() { return 0; }

is_loaded() { grep -q "^$1 " /proc/modules; }
none_loaded() {
	local m
	for m in "$@"; do
		! is_loaded "$m" || { echo "$m is loaded"; return 1; }
	done
}

# The module in the kernel is the file make install put there: the same
# GNU build ID (the sysfs note is the whole ELF note; its 16-byte header
# and "GNU" name come first), and the kernel marks it out-of-tree (O).
loaded_is_installed() {
	local m=$1 want got
	want=$(readelf -n "$INSTALL_MODDIR/$m.ko" | awk '/Build ID:/ { print $3 }')
	got=$(od -An -tx1 -j16 "/sys/module/$m/notes/.note.gnu.build-id" |
		tr -d ' \n') || return 1
	echo "$m: loaded build ID $got, installed $want, taint $(cat "/sys/module/$m/taint")"
	[ -n "$want" ] && [ "$got" = "$want" ] &&
		grep -q O "/sys/module/$m/taint"
}

modules_state() {
	log "modules: $(grep -E '^(rpcrdma|rpcrdma_core|xprtrdma|svcrdma|sunrpc) ' /proc/modules | cut -d' ' -f1,3 | tr '\n' ' ')"
}

resolves_to() {
	local name=$1 want=$2 got
	got=$(modprobe -R "$name" 2>&1 | tr '\n' ' ')
	echo "modprobe -R $name: $got"
	[ "$got" = "$want " ]
}

make_depmod_standin() {
	local idx=/lib/modules/$GUEST_KVER
	mkdir -p /tmp/index-before
	cp "$idx"/modules.* /tmp/index-before/ || return 1
	cat > "$DEPMOD_STANDIN" <<EOF
#!/bin/bash
echo "\$*" >> $DEPMOD_CALLS
if [ -e $INSTALL_MODDIR/xprtrdma.ko ]; then
	cp /out$KODIR/depmod/modules.* $idx/
else
	cp /tmp/index-before/modules.* $idx/
fi
EOF
	chmod +x "$DEPMOD_STANDIN"
}

admin_make() {
	make -C "$TOP" -s "$1" KVER="$GUEST_KVER" KO_DIR="/out$KODIR" \
		DEPMOD="$DEPMOD_STANDIN"
}

installed() {
	local m
	for m in rpcrdma_core xprtrdma svcrdma; do
		cmp "/out$KODIR/$m.ko" "$INSTALL_MODDIR/$m.ko" || return 1
	done
	cmp "$TOP/packaging/rpcrdma-ng.conf" "$INSTALL_CONF" &&
		grep -qx -- "-a $GUEST_KVER" "$DEPMOD_CALLS" &&
		grep -q '^updates/rpcrdma-ng/xprtrdma.ko:' \
			"/lib/modules/$GUEST_KVER/modules.dep"
}

uninstalled() {
	[ ! -e "$INSTALL_MODDIR" ] && [ ! -e "$INSTALL_CONF" ] &&
		[ "$(grep -c '^-a ' "$DEPMOD_CALLS")" = 2 ] &&
		! grep -q rpcrdma-ng "/lib/modules/$GUEST_KVER/modules.dep"
}

# modprobe NAME must fail, and the kernel must have logged exactly one
# line for it (besides the kernel's own taint notices for an unsigned
# out-of-tree module), naming rmmod rpcrdma.
refused() {
	local name=$1 before lines rc=0
	before=$(dmesg | wc -l)
	if modprobe "$name"; then
		echo "modprobe $name succeeded"
		rc=1
	fi
	lines=$(dmesg -t | tail -n +"$((before + 1))" |
		grep -v 'taints kernel\|tainting kernel')
	echo "kernel log of modprobe $name:"
	echo "$lines"
	[ "$(grep -c . <<<"$lines")" = 1 ] || rc=1
	grep -q "^$name: not loaded: .*rmmod rpcrdma" <<<"$lines" || rc=1
	return $rc
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

nothing_registered() {
	diff /tmp/transports-before /proc/sys/sunrpc/transports &&
		[ ! -e /proc/sys/sunrpc/svcrdma_ng ] &&
		none_loaded xprtrdma svcrdma
}

# A 3 MiB + 1 byte file written, the mount cycled and the caches dropped,
# then read back and compared by SHA-256.
checksummed_io() {
	local v=$1 tag=$2 src=/tmp/autoload-$2 sum
	head -c $((3 * 1024 * 1024 + 1)) /dev/urandom > "$src" || return 1
	sum=$(sha256sum < "$src")
	cp "$src" "$NFS_MNT/$tag" && sync || return 1
	umount "$NFS_MNT" || return 1
	echo 3 > /proc/sys/vm/drop_caches
	nfs_mount "$v" || return 1
	[ "$(sha256sum < "$NFS_MNT/$tag")" = "$sum" ]
}

refusal_part() {
	check "autoload: the kernel's rpcrdma loads before the install" \
		modprobe rpcrdma || return 1
	cp /proc/sys/sunrpc/transports /tmp/transports-before
	make_depmod_standin
	check "autoload: make install" admin_make install || return 1
	check "autoload: modules, modprobe.d file and index installed" installed
	check "autoload: rpcrdma resolves to xprtrdma" resolves_to rpcrdma xprtrdma
	check "autoload: rpcrdma6 resolves to xprtrdma" resolves_to rpcrdma6 xprtrdma
	check "autoload: svcrdma resolves to svcrdma" resolves_to svcrdma svcrdma
	check "autoload: xprtrdma resolves to xprtrdma" resolves_to xprtrdma xprtrdma
	check "autoload: modprobe xprtrdma refused with one log line" \
		refused xprtrdma
	check "autoload: modprobe svcrdma refused with one log line" \
		refused svcrdma
	check "autoload: nothing of ours registered after the refusals" \
		nothing_registered
	check "autoload: rmmod rpcrdma" rmmod rpcrdma
	modprobe -r rpcrdma_core 2>/dev/null
	check "autoload: no RDMA transport module loaded" \
		none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma
	modules_state
}

autoload_part() {
	check "server: nfsd listening on rdma $NFS_PORT" nfs_server_up || return 1
	modules_state
	check "autoload: nfsd's listener loaded our svcrdma" loaded_is_installed svcrdma
	check "autoload: rpcrdma_core loaded with it" loaded_is_installed rpcrdma_core
	check "autoload: the kernel's rpcrdma not loaded" none_loaded rpcrdma xprtrdma
	check "client: NFS client up" nfs_client_up || return 1

	check "autoload: mount -o proto=rdma" nfs_mount 4.2 || return 1
	modules_state
	check "autoload: proto=rdma loaded our xprtrdma" loaded_is_installed xprtrdma
	check "autoload: proto=rdma: the kernel's rpcrdma not loaded" none_loaded rpcrdma
	check "autoload: proto=rdma mount is over RDMA" mount_is_rdma
	check "autoload: proto=rdma checksummed write and read" checksummed_io 4.2 v4
	umount "$NFS_MNT"
	check "autoload: xprtrdma unloads" unload xprtrdma

	check "autoload: IPv6 address $SERVER_ADDR6 with its GID" \
		net6_up "$SERVER_ADDR6" || return 1
	NFS_PROTO=rdma6 NFS_HOST="[$SERVER_ADDR6]"
	check "autoload: mount -o proto=rdma6" nfs_mount 4.2 || return 1
	modules_state
	check "autoload: proto=rdma6 loaded our xprtrdma" loaded_is_installed xprtrdma
	check "autoload: proto=rdma6: the kernel's rpcrdma not loaded" none_loaded rpcrdma
	check "autoload: proto=rdma6 mount is over RDMA" mount_is_rdma
	check "autoload: proto=rdma6 checksummed write and read" checksummed_io 4.2 v6
	umount "$NFS_MNT"
	NFS_PROTO=rdma NFS_HOST=$SERVER_ADDR

	nfs_server_down
	server_conns_freed
	check "autoload: our modules unload" unload xprtrdma svcrdma
	check "autoload: nothing of ours left loaded" \
		none_loaded xprtrdma svcrdma rpcrdma_core
}

uninstall_part() {
	check "autoload: make uninstall" admin_make uninstall || return 1
	check "autoload: modules, modprobe.d file and index entries removed" uninstalled
	check "autoload: after uninstall rpcrdma resolves to rpcrdma" resolves_to rpcrdma rpcrdma
	check "autoload: after uninstall rpcrdma6 resolves to rpcrdma" resolves_to rpcrdma6 rpcrdma
	check "autoload: after uninstall svcrdma resolves to rpcrdma" resolves_to svcrdma rpcrdma
	check "autoload: after uninstall xprtrdma resolves to rpcrdma" resolves_to xprtrdma rpcrdma
	check "server: nfsd listening on rdma $NFS_PORT (after uninstall)" \
		nfs_server_up || return 1
	check "client: NFS client up (after uninstall)" nfs_client_up || return 1
	check "autoload: mount -o proto=rdma (after uninstall)" nfs_mount 4.2 || return 1
	modules_state
	check "autoload: after uninstall the kernel's rpcrdma was loaded" is_loaded rpcrdma
	check "autoload: after uninstall nothing of ours loaded" \
		none_loaded xprtrdma svcrdma rpcrdma_core
	check "autoload: after uninstall checksummed write and read" checksummed_io 4.2 intree
	umount "$NFS_MNT"
	modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
	nfs_server_down
	check "autoload: the kernel's rpcrdma unloads" unload rpcrdma
}

# One guest plays both sides; the scenario replaces the role functions.
run_server_side() { return 0; }
run_client_side() {
	[ "$ROLE" = both ] || { not_ok "autoload: needs --topology one"; return 1; }
	refusal_part || return 1
	autoload_part
	uninstall_part
}
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }
