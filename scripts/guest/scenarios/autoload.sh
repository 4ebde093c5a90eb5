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
#  3. the administrator's sysctls and tools, with our modules loaded that
#     way: the kernel client's names in /proc/sys/sunrpc/ (a write reads
#     back, is the module parameter, and a small rdma_max_inline_write
#     makes a new mount send a 2 KiB WRITE with a chunk); the kernel
#     server's /proc/sys/sunrpc/svc_rdma/ (its counters grow with I/O,
#     a write sets one back to 0, max_requests is svcrdma_ng's);
#     nfs-utils' mountstats labels the xprt line with sane values;
#     Documentation/tracing.rst's recipe (both our trace systems, through
#     a tracefs instance: the guest has no trace-cmd) records our
#     events of a mount, and "rdma resource show" names our modules as
#     the owners of that mount's CM IDs, PDs, CQs and MRs (QPs: rdma_cm);
#  4. make uninstall: the names resolve to the kernel's module again, and
#     a fresh nfsd listener and mount load rpcrdma.ko, which registers
#     exactly the sysctl names ours did.
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

. "$TOP/scripts/guest/admin.sh"

# The harness's own loading and unloading are not the path under test.
load_transport() { return 0; }
unload_transport() { return 0; }

# The module in the kernel is the file make install put there.
loaded_is_installed() { loaded_is_file "$1" "$INSTALL_MODDIR/$1.ko"; }

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

nothing_registered() {
	diff /tmp/transports-before /proc/sys/sunrpc/transports &&
		[ ! -e /proc/sys/sunrpc/svcrdma_ng ] &&
		none_loaded xprtrdma svcrdma
}

# --- the in-tree sysctl names and mountstats(8) -----------------------------
#
# The names the kernel's rpcrdma.ko registers (net/sunrpc/xprtrdma/
# transport.c and svc_rdma.c in Debian's 6.12 source); uninstall_part
# checks that rpcrdma.ko itself registers exactly these.
CLIENT_CTLS="rdma_inline_write_padding rdma_max_inline_read rdma_max_inline_write rdma_memreg_strategy rdma_pad_optimize rdma_slot_table_entries"
SERVER_CTLS="max_outbound_read_requests max_req_size max_requests rdma_stat_read rdma_stat_recv rdma_stat_rq_poll rdma_stat_rq_prod rdma_stat_rq_starve rdma_stat_sq_poll rdma_stat_sq_prod rdma_stat_sq_starve rdma_stat_write"
SVC_RDMA=/proc/sys/sunrpc/svc_rdma

client_ctls() {
	local f
	for f in /proc/sys/sunrpc/rdma_*; do
		[ -e "$f" ] && basename "$f"
	done | sort | tr '\n' ' '
}

server_ctls() {
	local f
	for f in "$SVC_RDMA"/*; do
		[ -e "$f" ] && basename "$f"
	done | sort | tr '\n' ' '
}

# names_are WHAT WANT GOT
names_are() {
	echo "$1: $3"
	[ "$3" = "$2 " ]
}

# ctl_roundtrip NAME VALUE PARAM: /proc/sys/sunrpc/NAME takes VALUE,
# reads it back, and module parameter PARAM of xprtrdma is the same.
ctl_roundtrip() {
	local f=/proc/sys/sunrpc/$1 p=/sys/module/xprtrdma/parameters/$3
	echo "$2" > "$f" || return 1
	echo "$1: $(cat "$f"), xprtrdma.$3: $(cat "$p")"
	[ "$(cat "$f")" = "$2" ] && [ "$(cat "$p")" = "$2" ]
}

ctl_refused() {
	! echo "$2" > "/proc/sys/sunrpc/$1" 2>/dev/null
}

svc_ctl() { cat "$SVC_RDMA/$1"; }

# svc_grew NAME BEFORE: the svc_rdma counter is above BEFORE.
svc_grew() {
	local now
	now=$(svc_ctl "$1")
	echo "svc_rdma/$1: $2 -> $now"
	[ "$now" -gt "$2" ]
}

# A write to an svc_rdma counter sets it back to 0 (what it counts since
# then); svcrdma_ng's own count goes on.
svc_reset() {
	local before ng0 after ng1
	before=$(svc_ctl rdma_stat_recv) ng0=$(cat "$SVCRDMA_STATS/recv")
	echo 0 > "$SVC_RDMA/rdma_stat_recv" || return 1
	after=$(svc_ctl rdma_stat_recv) ng1=$(cat "$SVCRDMA_STATS/recv")
	echo "rdma_stat_recv: $before -> $after after the write; svcrdma_ng/recv: $ng0 -> $ng1"
	[ "$after" -lt "$before" ] && [ "$ng1" -ge "$ng0" ]
}

# svc_rdma/max_requests and svcrdma_ng/max_requests are one value.
svc_shared() {
	local old
	old=$(svc_ctl max_requests)
	echo 32 > "$SVC_RDMA/max_requests" || return 1
	echo "svc_rdma/max_requests 32: svcrdma_ng/max_requests $(cat "$SVCRDMA_STATS/max_requests")"
	[ "$(cat "$SVCRDMA_STATS/max_requests")" = 32 ] || return 1
	echo "$old" > "$SVC_RDMA/max_requests" &&
		[ "$(cat "$SVCRDMA_STATS/max_requests")" = "$old" ]
}

# The administrator's tracing recipe, "trace-cmd record -e '*rdma_ng'",
# done through tracefs (the guest root is the host's, without trace-cmd):
# both our systems enabled in an instance of their own, so that the
# global buffer (RPCRDMA_TRACE) is left alone.
ADMIN_TRACE=/sys/kernel/tracing/instances/autoload-admin

admin_trace_start() {
	local sys
	[ -d /sys/kernel/tracing/instances ] || { echo "no tracefs instances"; return 1; }
	rmdir "$ADMIN_TRACE" 2>/dev/null
	mkdir "$ADMIN_TRACE" || return 1
	for sys in xprtrdma_ng svcrdma_ng; do
		echo "$sys:*" >> "$ADMIN_TRACE/set_event" || return 1
	done
	echo 1 > "$ADMIN_TRACE/tracing_on"
	echo "enabled: $(wc -l < "$ADMIN_TRACE/set_event") events"
	grep -q '^xprtrdma_ng:' "$ADMIN_TRACE/set_event" &&
		grep -q '^svcrdma_ng:' "$ADMIN_TRACE/set_event"
}

# Each event named must have been recorded at least once.
admin_trace_recorded() {
	local ev missing=
	cp "$ADMIN_TRACE/trace" "$OUT/admin-trace" 2>/dev/null
	echo "recorded: $(grep -c ' xprtrdma_' "$OUT/admin-trace") xprtrdma_ng, $(grep -c ' svcrdma_' "$OUT/admin-trace") svcrdma_ng lines"
	for ev in "$@"; do
		grep -q " $ev: " "$OUT/admin-trace" || missing="$missing $ev"
	done
	[ -z "$missing" ] || { echo "not recorded:$missing"; return 1; }
}

admin_trace_stop() {
	echo 0 > "$ADMIN_TRACE/tracing_on" 2>/dev/null
	echo > "$ADMIN_TRACE/set_event" 2>/dev/null
	rmdir "$ADMIN_TRACE" 2>/dev/null
}

# rdma resource show: the RDMA core names a kernel object after the module
# that made the verbs call (KBUILD_MODNAME), an MR after its PD, an
# accepted CM ID after its listener; rdma_create_qp() makes the QP inside
# rdma_cm. Our names must be there, the kernel's "rpcrdma" nowhere.
rdma_res_owners() {
	local t out pair want fail=0
	for t in cm_id pd cq mr qp; do
		out=$(rdma resource show "$t" 2>&1) || { echo "rdma resource show $t: $out"; return 1; }
		echo "--- rdma resource show $t"
		echo "$out"
		case $t in
		cm_id|pd|cq) want="xprtrdma svcrdma" ;;
		mr) want=xprtrdma ;;
		qp) want= ;;
		esac
		for pair in $want; do
			grep -q "comm \[$pair\]" <<<"$out" ||
				{ echo "no $t owned by [$pair]"; fail=1; }
		done
		! grep -q 'comm \[rpcrdma' <<<"$out" ||
			{ echo "a $t owned by [rpcrdma*]"; fail=1; }
	done
	# Both ends of the mount's connection: RC QPs named rdma_cm.
	out=$(rdma resource show qp | grep ' type RC ' | grep -c 'comm \[rdma_cm\]')
	echo "RC QPs owned by [rdma_cm]: $out"
	[ "$out" -ge 2 ] || fail=1
	return $fail
}

admin_tools_part() {
	check "autoload: tracefs instance with our two trace systems" \
		admin_trace_start || { admin_trace_stop; return 0; }
	if check "autoload: mount for the tracing and rdma res checks" nfs_mount 4.2; then
		ls -l "$NFS_MNT" > /dev/null
		check "autoload: rdma resource show names our modules as owners" \
			rdma_res_owners
		umount "$NFS_MNT"
	fi
	check "autoload: the documented trace recipe records our events of a mount" \
		admin_trace_recorded xprtrdma_connect_start xprtrdma_connected \
		xprtrdma_marshal xprtrdma_reply xprtrdma_wc_recv \
		svcrdma_accept svcrdma_recvfrom svcrdma_sendto svcrdma_post_send
	admin_trace_stop
}

admin_compat_part() {
	local recv0 read0 write0 slots inl
	check "autoload: xprtrdma registers the kernel client's sysctl names" \
		names_are "client sysctls" "$CLIENT_CTLS" "$(client_ctls)"
	check "autoload: svcrdma registers sunrpc/svc_rdma with the kernel server's names" \
		names_are "svc_rdma" "$SERVER_CTLS" "$(server_ctls)"
	check "autoload: rdma_memreg_strategy is FRWR (5)" \
		test "$(cat /proc/sys/sunrpc/rdma_memreg_strategy)" = 5
	check "autoload: rdma_memreg_strategy refuses 6" \
		ctl_refused rdma_memreg_strategy 6
	check "autoload: rdma_pad_optimize takes 1" \
		bash -c 'echo 1 > /proc/sys/sunrpc/rdma_pad_optimize'
	check "autoload: svc_rdma/max_requests is svcrdma_ng/max_requests" \
		svc_shared

	check "autoload: mount for the sysctl checks" nfs_mount 4.2 || return 1
	recv0=$(svc_ctl rdma_stat_recv) read0=$(svc_ctl rdma_stat_read)
	write0=$(svc_ctl rdma_stat_write)
	check "autoload: 4 MiB O_DIRECT write and read" direct_io
	check "autoload: svc_rdma/rdma_stat_recv grew" svc_grew rdma_stat_recv "$recv0"
	check "autoload: svc_rdma/rdma_stat_read grew" svc_grew rdma_stat_read "$read0"
	check "autoload: svc_rdma/rdma_stat_write grew" svc_grew rdma_stat_write "$write0"
	check "autoload: a write sets svc_rdma/rdma_stat_recv back" svc_reset
	check "autoload: mountstats --xprt labels sane RDMA values" mountstats_sane
	check "autoload: default inline size: a 2 KiB WRITE goes inline" \
		small_write_inline
	umount "$NFS_MNT"

	slots=$(cat /proc/sys/sunrpc/rdma_slot_table_entries)
	inl=$(cat /proc/sys/sunrpc/rdma_max_inline_write)
	check "autoload: rdma_slot_table_entries 64 is xprtrdma.slot_table" \
		ctl_roundtrip rdma_slot_table_entries 64 slot_table
	check "autoload: rdma_max_inline_write 1024 is xprtrdma.inline_send" \
		ctl_roundtrip rdma_max_inline_write 1024 inline_send
	check "autoload: rdma_max_inline_write refuses 512" \
		ctl_refused rdma_max_inline_write 512
	if check "autoload: mount with rdma_max_inline_write 1024" nfs_mount 4.2; then
		check "autoload: rdma_max_inline_write 1024: a 2 KiB WRITE is not inline" \
			small_write_not_inline
		umount "$NFS_MNT"
	fi
	echo "$slots" > /proc/sys/sunrpc/rdma_slot_table_entries
	echo "$inl" > /proc/sys/sunrpc/rdma_max_inline_write
	client_ctls > /tmp/autoload-client-ctls
	server_ctls > /tmp/autoload-server-ctls
}

# After uninstall the kernel's rpcrdma.ko registers the same names.
intree_same_names() {
	local c s
	c=$(client_ctls) s=$(server_ctls)
	echo "rpcrdma.ko: client sysctls: $c"
	echo "rpcrdma.ko: svc_rdma: $s"
	[ "$c" = "$(cat /tmp/autoload-client-ctls)" ] &&
		[ "$s" = "$(cat /tmp/autoload-server-ctls)" ]
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
	admin_tools_part
	admin_compat_part
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
	check "autoload: rpcrdma.ko registers the sysctl names ours did" \
		intree_same_names
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
