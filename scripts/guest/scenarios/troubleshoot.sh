# SPDX-License-Identifier: GPL-2.0-only
# Scenario "troubleshoot": the failures Documentation/admin-guide.rst's
# Troubleshooting section describes, each made on purpose in one guest
# (ours on both sides), with what the administrator sees checked, then
# the fix and a checked mount:
#
#  1. the listener: "-rdma 20049" in the portlist removes nothing (the
#     portlist only adds: fs/nfsd/nfsctl.c refuses a line that starts
#     with neither a digit nor a letter, EINVAL), and "rpc.nfsd 0" drops
#     it. Port in use: with nfsd started again without it and another
#     RDMA-CM listener (perftest's ib_send_bw -R) on port 20049, nfsd's
#     "rdma 20049" must fail with EADDRNOTAVAIL (the RDMA-CM's answer when
#     one of two binds to a port is the wildcard address,
#     drivers/infiniband/core/cma.c, cma_check_port), leave no rdma line
#     in the portlist, and work once the other listener is gone;
#  2. no RDMA device: with rxe0 deleted, a mount with proto=rdma and
#     retry=0 must fail within a bound with "No route to host" (the
#     RDMA-CM finds no device for the address) and log no kernel report;
#     nfsd's wildcard listener stays. After "rdma link add", the same
#     mount must succeed with nothing done to nfsd (the RDMA-CM extends
#     a wildcard listener to a new device), with checksummed I/O.
#  3. modules built for another kernel: with nfsd stopped and ours
#     unloaded, the state a kernel upgrade without DKMS leaves (the
#     package's modprobe.d file, no module of ours for the running
#     kernel, the kernel's own module index): "modprobe xprtrdma" must
#     exit 0 having loaded nothing (its name is an alias of the
#     blacklisted rpcrdma.ko), "modprobe rpcrdma" fail on the package's
#     alias to the missing xprtrdma, a proto=rdma mount fail at once as
#     an incorrect mount option, nfsd's "rdma 20049" with "Protocol not
#     supported", and the kernel's rpcrdma must stay unloaded. With
#     TS_OTHER_KO (make check passes its build of ours against Debian
#     12's 6.1), those modules copied in by hand must be refused by the
#     module loader, with a kernel log line that says why. Then ours put
#     back (what "make install" for this kernel does): nfsd's listener
#     and a mount autoload them through the package's file, with
#     checksummed I/O.
#
# Run with:
#   scripts/vmtest --topology one --client ours --server ours --vers 4.2 \
#       --scenario troubleshoot [--env TS_OTHER_KO=DIR]
# (DIR: a build tree of ours for another kernel, with core/, xprtrdma/
# and svcrdma/ holding its .ko files.)

TS_NOROUTE_SECS=60

. "$TOP/scripts/guest/admin.sh"
TS_PORTLIST=/proc/fs/nfsd/portlist

ts_listening() { grep -q "^rdma $NFS_PORT\$" "$TS_PORTLIST"; }

# ts_portlist_write LINE: write LINE to the portlist; the shell's error
# message (strerror of the write) in TS_ERR.
ts_portlist_write() {
	TS_ERR=$( { echo "$1" > "$TS_PORTLIST"; } 2>&1)
}

# ts_portlist_refused LINE MESSAGE: the write of LINE fails with MESSAGE
ts_portlist_refused() {
	if ts_portlist_write "$1"; then
		echo "the portlist took $1"
		return 1
	fi
	echo "write error: $TS_ERR"
	case "$TS_ERR" in *"$2"*) ;; *) return 1 ;; esac
}

# "-rdma 20049": refused (EINVAL), the listener stays.
ts_no_removal() {
	ts_portlist_refused "-rdma $NFS_PORT" "Invalid argument" && ts_listening
}

# Only stopping nfsd drops its listeners.
ts_nfsd_restart() {
	rpc.nfsd 0 || return 1
	! ts_listening || return 1
	rpc.nfsd 8 || return 1
	! ts_listening
}

ts_other_listener_up() {
	modprobe -a ib_uverbs rdma_ucm || return 1
	ib_send_bw -d rxe0 -R -p "$NFS_PORT" > "$OUT/ts-ib_send_bw.log" 2>&1 &
	TS_PERF_PID=$!
	local i
	# perftest's server listens once it has opened the device.
	for ((i = 0; i < 100; i++)); do
		rdma resource show cm_id 2>/dev/null | grep "LISTEN" |
			grep "ib_send_bw" | grep -q ":$NFS_PORT " && return 0
		sleep 0.2
	done
	rdma resource show cm_id
	return 1
}

ts_other_listener_down() {
	kill "$TS_PERF_PID" 2>/dev/null
	wait "$TS_PERF_PID" 2>/dev/null
	TS_PERF_PID=
}

ts_refused_in_use() {
	ts_portlist_refused "rdma $NFS_PORT" "Cannot assign requested address" &&
		! ts_listening
}

port_in_use_part() {
	check "troubleshoot: the portlist cannot remove a listener (-rdma)" \
		ts_no_removal
	check "troubleshoot: nfsd stopped and started without rdma" \
		ts_nfsd_restart || return
	check "troubleshoot: another RDMA-CM listener on port $NFS_PORT" \
		ts_other_listener_up || { ts_other_listener_down; return; }
	check "troubleshoot: port in use: rdma $NFS_PORT refused with EADDRNOTAVAIL" \
		ts_refused_in_use
	ts_other_listener_down
	check "troubleshoot: port free again: rdma $NFS_PORT accepted" \
		ts_portlist_write "rdma $NFS_PORT"
	check "troubleshoot: nfsd listens on rdma $NFS_PORT" ts_listening
}

ts_noroute() {
	mount_fails "${VERS%% *}" $((TS_NOROUTE_SECS + 30)) || return 1
	case "$MOUNT_ERR" in *"No route to host"*) ;; *) return 1 ;; esac
	[ "$MOUNT_SECS" -le "$TS_NOROUTE_SECS" ]
}


no_device_part() {
	local mark
	mark=$(dmesg_mark)
	check "troubleshoot: rxe0 deleted" rdma link delete rxe0 || return
	check "troubleshoot: no RDMA device: the mount fails within ${TS_NOROUTE_SECS} s with No route to host" \
		ts_noroute
	check "troubleshoot: no RDMA device: nfsd keeps its rdma listener" ts_listening
	check "troubleshoot: no RDMA device: no kernel report" dmesg_clean_since "$mark"
	check "troubleshoot: rxe0 added again" rxe_add || return
	check "troubleshoot: device back: the same mount succeeds, nfsd untouched" \
		nfs_mount "${VERS%% *}" || return
	check "troubleshoot: device back: the mount is over RDMA" mount_is_rdma
	check "troubleshoot: device back: checksummed write and read" \
		checksummed_io "${VERS%% *}" ts-io
	check "troubleshoot: umount" umount "$NFS_MNT"
}

# --- 3: modules built for another kernel ------------------------------------------
TS_CONF=/etc/modprobe.d/rpcrdma-ng.conf

# nfsd stopped, and every module of ours out of the kernel
ts_unload_ours() {
	rpc.nfsd 0 || return 1
	unload xprtrdma svcrdma || return 1
	none_loaded xprtrdma svcrdma rpcrdma_core rpcrdma
}

# What a kernel upgrade without DKMS leaves: the package's modprobe.d
# file, and the new kernel's own index with no module of ours in it.
ts_upgrade_state() {
	mv "$OURS_MODDIR" /tmp/ts-ours &&
		modules_index "$STOCK_INDEX" &&
		cp "$TOP/packaging/rpcrdma-ng.conf" "$TS_CONF"
}

# Nothing loads by the module's names: "modprobe xprtrdma" finds only
# the kernel's rpcrdma.ko (whose aliases include xprtrdma), blacklisted,
# and exits 0 having loaded nothing; "modprobe rpcrdma" (what a mount
# asks for) follows the package's alias to the missing xprtrdma and
# fails.
ts_nothing_loads() {
	local out rc
	out=$(modprobe xprtrdma 2>&1)
	rc=$?
	echo "modprobe xprtrdma: exit $rc, '$out'"
	[ $rc = 0 ] && [ -z "$out" ] || return 1
	none_loaded xprtrdma rpcrdma || return 1
	resolves_to xprtrdma rpcrdma || return 1
	out=$(modprobe rpcrdma 2>&1) && return 1
	echo "modprobe rpcrdma: $out"
	case "$out" in *"could not insert 'xprtrdma'"*) ;; *) return 1 ;; esac
	none_loaded xprtrdma rpcrdma
}

ts_mount_einval() {
	mount_fails "${VERS%% *}" 30 || return 1
	case "$MOUNT_ERR" in *"incorrect mount option"*) ;; *) return 1 ;; esac
	[ "$MOUNT_SECS" -le 10 ]
}

ts_nfsd_noproto() {
	rpc.nfsd 8 || return 1
	ts_listening && return 1
	ts_portlist_refused "rdma $NFS_PORT" "Protocol not supported" &&
		! ts_listening
}

# TS_OTHER_KO's modules in our place, indexed as ours are (same names
# and dependencies: what depmod would write): modprobe must fail, and
# the kernel log must say why (the size of struct module, which 6.12
# checks first; the version magic; or a symbol's version where the kernel
# checks them). Removed again afterwards.
ts_other_refused() {
	local mark out m
	mkdir -p "$OURS_MODDIR" || return 1
	for m in core/rpcrdma_core xprtrdma/xprtrdma svcrdma/svcrdma; do
		cp "$TS_OTHER_KO/$m.ko" "$OURS_MODDIR/" || return 1
	done
	echo "copied in: $(modinfo -F vermagic "$OURS_MODDIR/xprtrdma.ko")"
	modules_index "$OURS_INDEX" || return 1
	mark=$(dmesg_mark)
	out=$(modprobe xprtrdma 2>&1) && { echo "modprobe loaded it"; return 1; }
	echo "modprobe xprtrdma: $out"
	dmesg_since "$mark"
	case "$out" in *"could not insert '"*) ;; *) return 1 ;; esac
	none_loaded xprtrdma rpcrdma_core rpcrdma || return 1
	dmesg_since "$mark" | grep -qE \
		"rpcrdma_core: (disagrees about version of symbol|version magic|\.gnu\.linkonce\.this_module section size must match)"
}

ts_other_removed() {
	rm -rf "$OURS_MODDIR" &&
		modules_index "$STOCK_INDEX"
}

# The fix: ours for this kernel in place and indexed, as make install
# and its depmod leave them; the package's file stays.
ts_reinstalled() {
	mv /tmp/ts-ours "$OURS_MODDIR" &&
		modules_index "$OURS_INDEX"
}

ts_autoloaded() {
	ts_portlist_write "rdma $NFS_PORT" || { echo "write error: $TS_ERR"; return 1; }
	ts_listening && is_loaded svcrdma && ! is_loaded rpcrdma
}

ts_ours_loaded() {
	loaded_is_file xprtrdma "$OURS_MODDIR/xprtrdma.ko" &&
		loaded_is_file svcrdma "$OURS_MODDIR/svcrdma.ko" && ! is_loaded rpcrdma
}

other_kernel_part() {
	local mark
	mark=$(dmesg_mark)
	check "troubleshoot: nfsd stopped, our modules unloaded" ts_unload_ours || return
	check "troubleshoot: upgrade without rebuild: no module of ours for this kernel, the package's modprobe.d file" \
		ts_upgrade_state || return
	check "troubleshoot: upgrade without rebuild: modprobe xprtrdma loads nothing, modprobe rpcrdma fails" \
		ts_nothing_loads
	check "troubleshoot: upgrade without rebuild: the mount fails at once, incorrect mount option" \
		ts_mount_einval
	check "troubleshoot: upgrade without rebuild: rdma $NFS_PORT refused, Protocol not supported" \
		ts_nfsd_noproto
	check "troubleshoot: upgrade without rebuild: the kernel's rpcrdma stays out" \
		none_loaded rpcrdma xprtrdma svcrdma
	if [ -n "${TS_OTHER_KO:-}" ]; then
		check "troubleshoot: modules built for another kernel copied in: refused by the module loader" \
			ts_other_refused
		check "troubleshoot: modules built for another kernel removed" ts_other_removed
	else
		log "troubleshoot: no TS_OTHER_KO: the copied-in case not made"
	fi
	check "troubleshoot: rebuilt: ours for this kernel in place" ts_reinstalled || return
	check "troubleshoot: rebuilt: rdma $NFS_PORT loads our svcrdma" ts_autoloaded
	check "troubleshoot: rebuilt: the mount loads our xprtrdma" \
		nfs_mount "${VERS%% *}" || return
	check "troubleshoot: rebuilt: the mount is over RDMA" mount_is_rdma
	check "troubleshoot: rebuilt: the loaded modules are ours for this kernel, rpcrdma never loaded" \
		ts_ours_loaded
	check "troubleshoot: rebuilt: checksummed write and read" \
		checksummed_io "${VERS%% *}" ts-rebuilt
	check "troubleshoot: rebuilt: umount" umount "$NFS_MNT"
	check "troubleshoot: modules for another kernel: no kernel report" \
		dmesg_clean_since "$mark"
}

scenario_client() {
	port_in_use_part
	no_device_part
	other_kernel_part
}
