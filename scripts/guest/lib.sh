# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the test guests (sourced by stage2 and the scenarios).

SERVER_ADDR=192.0.2.1
CLIENT_ADDR=192.0.2.2
# IPv6 (scenario ipv6): the documentation prefix (RFC 3849), as 192.0.2.0/24
# is IPv4's (RFC 5737).
SERVER_ADDR6=2001:db8::1
CLIENT_ADDR6=2001:db8::2
# What nfs_mount mounts: netid and host; scenario ipv6 sets rdma6 and
# [SERVER_ADDR6].
NFS_PROTO=rdma
NFS_HOST=$SERVER_ADDR
NFS_PORT=20049
EXPORT_DIR=/export
NFS_MNT=/mnt/nfs
export NFS_MNT

# One line per check on the dedicated results channel. A guest that
# boots again after its scenario reset it (stage2) names the boot in
# every check it reports (CHECK_SUFFIX).
ok() { echo "ok $*${CHECK_SUFFIX:-}" >> "$OUT/results"; echo "PASS: $*"; }
not_ok() { echo "not ok $*${CHECK_SUFFIX:-}" >> "$OUT/results"; echo "FAIL: $*"; }
check() {
	local name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name"; return 1; fi
}
log() { echo "[$(cut -d' ' -f1 /proc/uptime)] $*"; }

# wait_until SECS CMD...: run CMD every half second until it succeeds,
# for at most SECS seconds
wait_until() {
	local secs=$1 i
	shift
	for ((i = 0; i < secs * 2; i++)); do
		"$@" && return 0
		sleep 0.5
	done
	return 1
}

# Wait for a file (from the other guest) to appear on the out share.
wait_for() { wait_until "$2" test -e "$1"; }

# --- network and soft-RoCE ---------------------------------------------------

# wire_cut DEV / wire_restore DEV: drop, then no longer drop, every frame
# that arrives at DEV (tc ingress), as a cut cable would; nothing this
# guest sends fails locally (see scenarios/recovery.sh for why not
# "ip link set down" or an egress drop)
wire_cut() {
	modprobe -a sch_ingress cls_matchall act_gact 2>/dev/null
	tc qdisc add dev "$1" ingress &&
		tc filter add dev "$1" parent ffff: matchall action drop
}

wire_restore() {
	tc qdisc del dev "$1" ingress
}

net_up() {
	ip link set lo up
	if [ "$TOPOLOGY" = one ]; then
		ip link add veth0 type veth peer name veth1
		ip link set veth0 mtu "${LINK_MTU:-1500}" up
		ip link set veth1 mtu "${LINK_MTU:-1500}" up
		ip addr add "$SERVER_ADDR/24" dev veth0
		RXE_NETDEV=veth0
	else
		modprobe virtio_net 2>/dev/null
		local i
		for ((i = 0; i < 50; i++)); do
			[ -e /sys/class/net/eth0 ] && break
			sleep 0.1
		done
		ip link set eth0 mtu "${LINK_MTU:-1500}" up
		if [ "$ROLE" = server ]; then
			ip addr add "$SERVER_ADDR/24" dev eth0
		else
			ip addr add "$CLIENT_ADDR/24" dev eth0
		fi
		RXE_NETDEV=eth0
	fi
	modprobe rdma_rxe &&
		rdma link add rxe0 type rxe netdev "$RXE_NETDEV" &&
		rdma link show rxe0/1 | grep -q "state ACTIVE" &&
		log "link $RXE_NETDEV mtu $(cat /sys/class/net/$RXE_NETDEV/mtu), rxe0 active_mtu $(ibv_devinfo -d rxe0 2>/dev/null | awk '/active_mtu/ { print $2 }')"
}

# rxe0 back on the netdev net_up gave it (after "rdma link delete"), and
# its port ACTIVE within 30 s (devremove, troubleshoot)
rxe_active() {
	local i
	for ((i = 0; i < 60; i++)); do
		rdma link show rxe0/1 2>/dev/null | grep -q "state ACTIVE" &&
			return 0
		sleep 0.5
	done
	return 1
}

rxe_add() { rdma link add rxe0 type rxe netdev "$RXE_NETDEV" && rxe_active; }

# net6_up ADDR: ADDR/64 on the rxe netdev (no duplicate address detection,
# so it is usable at once), then wait until the RDMA core has put its GID
# in rxe0's table, which it does from the address event, asynchronously;
# rdma_cm cannot resolve the address before.
net6_up() {
	local gid i
	gid=$(/usr/bin/python3 -c 'import ipaddress, sys
print(ipaddress.ip_address(sys.argv[1]).exploded)' "$1") || return 1
	ip -6 addr add "$1/64" dev "$RXE_NETDEV" nodad || return 1
	for ((i = 0; i < 100; i++)); do
		grep -qx "$gid" /sys/class/infiniband/rxe0/ports/1/gids/* \
			2>/dev/null && return 0
		sleep 0.1
	done
	log "net6_up: no GID $gid on rxe0"
	return 1
}

# --- transports ----------------------------------------------------------------
# "ours": our modules are copied into /lib/modules/<kver>/updates so that
# modprobe resolves their dependencies; the in-tree rpcrdma is blocked so
# that a mount can never fall back to it silently. install_ours DIR
# installs another build of the same modules instead (the bench's
# configuration "base"); the index vmtest made for ours serves it too.
# The first install keeps the kernel's own index in STOCK_INDEX; vmtest's
# index with ours in it is OURS_INDEX.
OURS_MODDIR=/lib/modules/$GUEST_KVER/updates/rpcrdma-ng
STOCK_INDEX=/tmp/modules-index-stock
OURS_INDEX=/out$KODIR/depmod
ours_installed=
install_ours() {
	local from=${1:-/out$KODIR}
	[ "$ours_installed" = "$from" ] && return 0
	if [ ! -d "$STOCK_INDEX" ]; then
		mkdir -p "$STOCK_INDEX" &&
			cp "/lib/modules/$GUEST_KVER"/modules.* "$STOCK_INDEX/" || return 1
	fi
	mkdir -p "$OURS_MODDIR"
	cp "$from"/*.ko "$OURS_MODDIR/" || return 1
	# vmtest indexed this tree on the host (see there); depmod -a here
	# only when that index is missing.
	if [ -e "$OURS_INDEX/modules.dep" ]; then
		modules_index "$OURS_INDEX" || return 1
	else
		depmod -a "$GUEST_KVER" || return 1
	fi
	ours_modprobe_conf || return 1
	ours_installed=$from
}

# modules_index DIR: the module index (modules.*) saved in DIR becomes
# the running kernel's, as if depmod had written it.
modules_index() { cp "$1"/modules.* "/lib/modules/$GUEST_KVER/"; }

# Our modprobe.d file: the in-tree rpcrdma blocked, and the module
# options vmtest was given (RPCRDMA_XPRTRDMA_OPTS, RPCRDMA_SVCRDMA_OPTS).
ours_modprobe_conf() {
	{
		echo "install rpcrdma /bin/false"
		[ -z "${XPRTRDMA_OPTS:-}" ] || echo "options xprtrdma $XPRTRDMA_OPTS"
		[ -z "${SVCRDMA_OPTS:-}" ] || echo "options svcrdma $SVCRDMA_OPTS"
	} > /etc/modprobe.d/rpcrdma-ng.conf
}

load_transport() {
	local side=$1 impl=$2
	if [ "$impl" = intree ]; then
		modprobe rpcrdma
	else
		install_ours || return 1
		if [ "$side" = client ]; then
			modprobe xprtrdma
		else
			modprobe svcrdma
		fi
	fi
}

unload_transport() {
	local side=$1 impl=$2
	if [ "$impl" = intree ]; then
		# Both sides of one guest share rpcrdma; the second call finds
		# it gone already.
		lsmod | grep -q '^rpcrdma ' || return 0
		modprobe -r rpcrdma
	elif [ "$side" = client ]; then
		modprobe -r xprtrdma
	else
		modprobe -r svcrdma
	fi
}

# --- the export's file system --------------------------------------------------
# A tmpfs; with vmtest --server-disk, the ext4 file system that vmtest
# made on the server guest's virtio disk (/dev/vda, the guest's only
# disk). The disk's root holds the export (export/, bound on
# $EXPORT_DIR) and nfsd's state directory (nfs/, bound on /var/lib/nfs),
# where nfsdcld keeps its database of NFSv4 clients: after the server
# guest was reset (scenarios/server-reset.sh) nfsd finds on the disk
# which clients may reclaim their opens and locks in its grace period,
# and the export keeps its inode numbers and fsid, so the clients' file
# handles stay valid.
EXPORT_DISK=/dev/vda
EXPORT_DISK_MNT=/srv/export-disk

export_disk_up() {
	local i m=$EXPORT_DISK_MNT
	mountpoint -q "$EXPORT_DIR" && return 0
	modprobe virtio_blk && modprobe ext4 || return 1
	for ((i = 0; i < 100; i++)); do
		[ -b "$EXPORT_DISK" ] && break
		sleep 0.1
	done
	mkdir -p "$m"
	mount -t ext4 "$EXPORT_DISK" "$m" || return 1
	log "export disk: $(dmesg | grep 'EXT4-fs (vda)' | tail -n 3 | tr '\n' ' ')"
	# rpc.statd keeps its files in /var/lib/nfs: start it before the
	# disk's directory covers the root's, so that it never holds the
	# disk.
	rpcbind_up || return 1
	mkdir -p "$m/export" "$m/nfs/rpc_pipefs" "$m/nfs/v4recovery" \
		"$m/nfs/nfsdcld" "$m/nfs/nfsdcltrack" || return 1
	# exportfs and mountd keep their tables (etab, rmtab) there too:
	# the disk's directory starts as a copy of the root's.
	if [ ! -e "$m/nfs/etab" ]; then
		cp -a /var/lib/nfs/. "$m/nfs/" || return 1
		touch "$m/nfs/etab" "$m/nfs/rmtab" || return 1
	fi
	mount --bind "$m/export" "$EXPORT_DIR" &&
		mount --bind "$m/nfs" /var/lib/nfs
}

export_fs_up() {
	if [ -n "${SERVER_DISK:-}" ]; then
		export_disk_up
	else
		mount -t tmpfs -o size=1g tmpfs "$EXPORT_DIR"
	fi
}

# nfsd asks nfsdcld, if it runs when nfsd starts, to keep its NFSv4
# clients on stable storage; the kernels without
# CONFIG_NFSD_LEGACY_CLIENT_TRACKING (7.2) have no other way. The
# export disk's nfs/nfsdcld directory is that storage.
nfsdcld_up() {
	local i p
	pgrep -x nfsdcld >/dev/null && return 0
	nfsdcld -p /var/lib/nfs/rpc_pipefs -s /var/lib/nfs/nfsdcld || return 1
	# nfsd waits only 1 s for nfsdcld to open the pipe it creates as it
	# starts: start nfsd once nfsdcld has its database and an inotify
	# watch for the pipe (a slow guest may need seconds for either).
	for ((i = 0; i < 100; i++)); do
		p=$(pgrep -x nfsdcld) && [ -e /var/lib/nfs/nfsdcld/main.sqlite ] &&
			find "/proc/$p/fd" -lname "anon_inode:inotify" 2>/dev/null |
			grep -q . && return 0
		sleep 0.1
	done
	log "nfsdcld: no database or no inotify watch after 10 s (pid ${p:-none})"
	pgrep -x nfsdcld >/dev/null
}

# After nfs_server_down: the disk unmounts and e2fsck -fn finds nothing
# to repair.
export_disk_down() {
	local i m=$EXPORT_DISK_MNT
	pkill -x nfsdcld
	for ((i = 0; i < 50; i++)); do
		pgrep -x 'nfsdcld|rpc.mountd' >/dev/null || break
		sleep 0.1
	done
	if mountpoint -q /var/lib/nfs/rpc_pipefs; then
		umount /var/lib/nfs/rpc_pipefs || umount -l /var/lib/nfs/rpc_pipefs
	fi
	if ! { umount /var/lib/nfs && umount "$EXPORT_DIR" && umount "$m"; }; then
		log "export disk busy:"
		fuser -vm "$m"
		return 1
	fi
	e2fsck -fn "$EXPORT_DISK"
}

# --- NFS server ----------------------------------------------------------------
nfs_server_up() {
	mkdir -p "$EXPORT_DIR" /var/lib/nfs/rpc_pipefs /var/lib/nfs/v4recovery \
		/run/rpcbind
	export_fs_up || return 1
	chmod 1777 "$EXPORT_DIR"
	load_transport server "$SERVER_IMPL" || return 1
	nfsd_fs_up || return 1
	if [ -n "${SERVER_DISK:-}" ]; then
		nfsdcld_up || return 1
	fi
	: > /etc/exports
	rpcbind_up || return 1
	rpc.mountd || return 1
	exportfs -o "$NFS_EXPORT_OPTS" "*:$EXPORT_DIR" || return 1
	# Short lease and grace so that tests need not wait 90 s for NFSv4
	# OPENs after a (re)start of nfsd. A scenario may set NFS_LEASE
	# and NFS_GRACE.
	echo "${NFS_LEASE:-10}" > /proc/fs/nfsd/nfsv4leasetime
	echo "${NFS_GRACE:-10}" > /proc/fs/nfsd/nfsv4gracetime
	# lockd's grace (50 s by default) also holds delegations back
	# (nfsd_wait_grace); a scenario may shorten it with NLM_GRACE.
	if [ -n "${NLM_GRACE:-}" ]; then
		modprobe lockd &&
			echo "$NLM_GRACE" > /proc/sys/fs/nfs/nlm_grace_period ||
			return 1
	fi
	rpc.nfsd 8 || return 1
	echo "rdma $NFS_PORT" > /proc/fs/nfsd/portlist || return 1
	grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist
}

# nfsd gives out no delegation while any lock manager of the net is in
# its grace period (locks_in_grace()): nfsd's own (nfsv4gracetime) and
# lockd's, which starts with it and lasts nlm_grace_period rounded up to
# nlm_timeout, or 5 * nlm_timeout (50 s by default). Let both end before
# the client comes.
nfsd_wait_grace() {
	local start left g_nfsd g_nlm t
	start=$(dmesg | sed -n 's/^\[ *\([0-9.]*\)\] NFSD: starting [0-9]*-second grace period.*/\1/p' |
		tail -n 1)
	[ -n "$start" ] || return 0
	g_nfsd=$(cat /proc/fs/nfsd/nfsv4gracetime)
	g_nlm=$(cat /proc/sys/fs/nfs/nlm_grace_period 2>/dev/null || echo 0)
	t=$(cat /proc/sys/fs/nfs/nlm_timeout 2>/dev/null || echo 10)
	if [ "$g_nlm" -gt 0 ]; then
		g_nlm=$(( (g_nlm + t - 1) / t * t ))
	else
		g_nlm=$((5 * t))
	fi
	[ "$g_nlm" -gt "$g_nfsd" ] && g_nfsd=$g_nlm
	left=$(awk -v s="$start" -v n="$(cut -d' ' -f1 /proc/uptime)" \
		-v g="$g_nfsd" \
		'BEGIN { l = s + g + 2 - n; print (l > 0 ? int(l + 1) : 0) }')
	log "waiting $left s for the end of the grace periods ($g_nfsd s)"
	sleep "$left"
}

# nfsd's module and the file systems nfsd and the NFS daemons talk
# through (nfs_server_up, and scenarios that start nfsd their own way)
nfsd_fs_up() {
	modprobe nfsd || return 1
	mountpoint -q /proc/fs/nfsd || mount -t nfsd nfsd /proc/fs/nfsd
	mountpoint -q /var/lib/nfs/rpc_pipefs ||
		mount -t rpc_pipefs rpc_pipefs /var/lib/nfs/rpc_pipefs
}

nfs_server_down() {
	rpc.nfsd 0
	exportfs -ua
	pkill rpc.mountd
	umount /proc/fs/nfsd
	sleep 1
	modprobe -r nfsd
}

rpcbind_up() {
	pgrep -x rpcbind >/dev/null && return 0
	mkdir -p /run/rpcbind
	rpcbind && rpc.statd --no-notify
}

# --- NFS client ------------------------------------------------------------------
nfs_client_up() {
	mkdir -p "$NFS_MNT"
	rpcbind_up || return 1
	load_transport client "$CLIENT_IMPL" || return 1
	modprobe nfs && modprobe nfsv3 && modprobe nfsv4
}

# nfs_mount VERS [extra options]
nfs_mount() {
	local v=$1 extra=${2:+,$2} path=/
	[ "$v" = 3 ] && path=$EXPORT_DIR
	mount -t nfs -o "vers=$v,proto=$NFS_PROTO,port=$NFS_PORT$extra" \
		"$NFS_HOST:$path" "$NFS_MNT"
}

# The mount must really be over RDMA: mountstats has an "xprt: rdma" line,
# and the mount options show the netid asked for (rdma, or rdma6 for an
# IPv6 server), which the transport names from the peer's address family.
mount_is_rdma() {
	awk -v m="$NFS_MNT" '$1 == "device" && $5 == m { f = 1; next }
		$1 == "device" { f = 0 }
		f && $1 == "xprt:" && $2 == "rdma" { found = 1 }
		END { exit !found }' /proc/self/mountstats &&
		awk -v m="$NFS_MNT" -v p="proto=$NFS_PROTO" '$2 == m {
			n = split($4, o, ",")
			for (i = 1; i <= n; i++)
				if (o[i] == p)
					found = 1
		} END { exit !found }' /proc/mounts
}

# role_out ROLE: the output directory of the guest playing ROLE (client
# or server); in one guest both roles share this guest's own.
role_out() {
	if [ "$ROLE" = both ]; then echo "$OUT"; else echo "/out/$1"; fi
}

# Field $1 of the mount's "xprt: rdma" line ($3 is the first counter).
xprt_field() {
	awk -v m="$NFS_MNT" -v n="$1" '$1 == "device" { f = ($5 == m); next }
		f && $1 == "xprt:" { print $n; exit }' /proc/self/mountstats
}

# The RPC-over-RDMA version the connections should settle on: 2 between
# our client and our server unless either is pinned to 1 (max_version=1),
# else 1.
expected_rdma_vers() {
	case " ${XPRTRDMA_OPTS:-} ${SVCRDMA_OPTS:-} " in
	*" max_version=1 "*) echo 1 ;;
	*) if [ "$SERVER_IMPL" = ours ] && [ "$CLIENT_IMPL" = ours ]; then
		echo 2
	   else
		echo 1
	   fi ;;
	esac
}

# Our server's own count of connections by version (svcrdma_ng sysctls
# conn_v1, conn_v2): all of them in the expected one.
server_versions_counted() {
	local v1 v2
	v1=$(cat "$SVCRDMA_STATS/conn_v1") v2=$(cat "$SVCRDMA_STATS/conn_v2")
	echo "server connections: Version 1 $v1, Version 2 $v2"
	if [ "$(expected_rdma_vers)" = 2 ]; then
		[ "$v2" -ge 1 ] && [ "$v1" = 0 ]
	else
		[ "$v1" -ge 1 ] && [ "$v2" = 0 ]
	fi
}

# Our client's mountstats fields 37-41: the version of the connection,
# then first messages sent in Version 2 and their answers (Version 2,
# ERR_VERS, silence). The version must be the expected one, and with a
# server that refused Version 2 it was offered at most once: a
# reconnect remembers the answer.
rdma_vers_is_expected() {
	local want got offered accepted refused silent
	want=$(expected_rdma_vers)
	got=$(xprt_field 37) offered=$(xprt_field 38) accepted=$(xprt_field 39)
	refused=$(xprt_field 40) silent=$(xprt_field 41)
	echo "RPC-over-RDMA version $got (want $want); Version 2 offered $offered, accepted $accepted, refused $refused, unanswered $silent"
	[ "$got" = "$want" ] || return 1
	case "$want/${XPRTRDMA_OPTS:-}" in
	1/*max_version=1*) [ "$offered" = 0 ] ;;
	1/*) [ "$offered" -le 1 ] && [ "$accepted" = 0 ] ;;
	*) [ "$accepted" -ge 1 ] && [ "$refused" = 0 ] && [ "$silent" = 0 ] ;;
	esac
}

# checks_from FILE: a program's "ok NAME" / "not ok NAME" lines become
# this guest's checks; its other lines go to the log.
checks_from() {
	local line
	while IFS= read -r line; do
		case "$line" in
		"ok "*) ok "${line#ok }" ;;
		"not ok "*) not_ok "${line#not ok }" ;;
		*) log "$line" ;;
		esac
	done < "$1"
}

# Our client's mountstats field 48: Calls sent as RDMA2_CALL_MIDDLE parts
# and a final RDMA2_CALL_INLINE.
ccalls_sent() {
	local n
	n=$(xprt_field 48)
	echo "continued Calls sent: $n"
	[ -n "$n" ] && [ "$n" -gt 0 ]
}

# The mount's per-operation READ statistics (mountstats "READ: ops trans
# timeouts bytes_sent bytes_recv queue rtt execute ...") count the Calls'
# bytes, at least $1 bytes of replies, and a round-trip time.
read_stats_counted() {
	awk -v m="$NFS_MNT" -v min="$1" '
		$1 == "device" { f = ($5 == m); next }
		f && $1 == "READ:" {
			ok = $2 > 0 && $5 > 0 && $6 >= min && $8 > 0
			printf "READ ops %s bytes sent %s received %s rtt %s ms\n",
				$2, $5, $6, $8
		}
		END { exit !ok }' /proc/self/mountstats
}

# The export's options. "secure" is exports(5)'s default, as an
# administrator's /etc/exports has it: nfsd then serves only requests that
# their transport marks as coming from a privileged source (RQ_SECURE),
# which an RDMA transport does for every request. A scenario whose
# userspace program talks to nfsd over TCP from any port adds insecure.
NFS_EXPORT_OPTS=${NFS_EXPORT_OPTS:-rw,no_root_squash,sync,fsid=0}

# --- roles -------------------------------------------------------------------------
run_role() {
	local role=$1
	log "role $role: scenario $SCENARIO, client $CLIENT_IMPL, server $SERVER_IMPL, kernel $GUEST_KVER"
	. "$TOP/scripts/guest/scenarios/$SCENARIO.sh"
	check "$role: network and rxe up" net_up || return
	# What the RDMA core holds before any module of ours is loaded
	# (see rdma_res_as_before), with rdma_cm, which either transport
	# loads and nothing unloads, already there.
	modprobe rdma_cm 2>/dev/null
	rdma resource show > "$RDMA_RES_BASE" 2>&1
	case "$role" in
	server) run_server ;;
	client) run_client ;;
	both) run_server_side && run_client_side ;;
	esac
}

# scenario_import NAME: source scenario NAME for a scenario built on it,
# its scenario_client renamed NAME_client and its scenario_server (if any)
# NAME_server, so that the caller defines its own.
scenario_import() {
	local name=$1
	. "$TOP/scripts/guest/scenarios/$name.sh"
	eval "${name}_client() $(declare -f scenario_client | tail -n +2)"
	if declare -F scenario_server >/dev/null; then
		eval "${name}_server() $(declare -f scenario_server | tail -n +2)"
		unset -f scenario_server
	fi
	unset -f scenario_client
}

# Scenarios define scenario_client (and may define scenario_server); the
# default server serves until the client says it has finished.
run_server_side() {
	check "server: nfsd listening on rdma $NFS_PORT" nfs_server_up || return 1
	trace_start
	if declare -F scenario_server >/dev/null; then
		check "server: scenario $SCENARIO set up" scenario_server
	fi
	return 0
}

# The client guest ends with its end marker or, in a scenario that kills
# it on purpose (scenarios/vanish.sh), with a "vanished" marker written
# just before it dies.
client_ended() {
	local secs=$1 i
	for ((i = 0; i < secs * 2; i++)); do
		[ -e /out/client/finished ] && return 0
		[ -e /out/client/vanished ] && return 0
		sleep 0.5
	done
	return 1
}

# Scenarios may define scenario_server_end: the server's part after the
# client guest has ended, before the server's teardown (in one guest,
# after the client's unmount: client_teardown).
run_server() {
	run_server_side && echo ready > "$OUT/ready"
	client_ended "${CLIENT_WAIT:-3000}" ||
		not_ok "server: client finished in time"
	if declare -F scenario_server_end >/dev/null; then
		scenario_server_end
	fi
	trace_save
	server_teardown
}

run_client_side() {
	check "client: NFS client and transport loaded" nfs_client_up || return 1
	trace_start
	scenario_client
	trace_save
	client_teardown
}

run_client() {
	if ! wait_for /out/server/ready 600; then
		not_ok "client: server ready"
		return 1
	fi
	run_client_side
}


client_teardown() {
	mountpoint -q "$NFS_MNT" && umount "$NFS_MNT"
	modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
	# A scenario that stopped and unloaded everything itself, with its
	# checks (ours_unload_checked), leaves nothing more to do here.
	[ -n "${OURS_UNLOADED:-}" ] && return 0
	# In one guest both sides may share a module: stop nfsd first. The
	# server's part after the client (scenario_server_end) runs here.
	if [ "$ROLE" = both ]; then
		if declare -F scenario_server_end >/dev/null; then
			scenario_server_end
		fi
		server_versions_check
		nfs_server_down
		server_disk_down
		server_conns_freed
	fi
	check "client: transport unloads" unload_transport client "$CLIENT_IMPL"
	[ "$ROLE" = both ] && check "server: transport unloads" \
		unload_transport server "$SERVER_IMPL"
	return 0
}

# Our server counts the connections it accepted and those it freed; once
# nfsd has stopped, every one must have been freed (the frees run on a
# workqueue, so allow them a moment).
SVCRDMA_STATS=/proc/sys/sunrpc/svcrdma_ng
svcrdma_all_freed() {
	local i
	for ((i = 0; i < 60; i++)); do
		[ "$(cat "$SVCRDMA_STATS/conn_freed")" = \
		  "$(cat "$SVCRDMA_STATS/conn_accepted")" ] && return 0
		sleep 0.5
	done
	log "server: accepted $(cat "$SVCRDMA_STATS/conn_accepted")," \
		"freed $(cat "$SVCRDMA_STATS/conn_freed")"
	return 1
}

server_conns_freed() {
	[ "$SERVER_IMPL" = ours ] || return 0
	[ -e "$SVCRDMA_STATS/conn_freed" ] || return 0
	check "server: every connection freed after nfsd stopped" svcrdma_all_freed
}

# After integrity-like scenarios, before nfsd stops (see
# server_versions_counted).
server_versions_check() {
	case "$SCENARIO" in
	integrity|ipv6)
		[ "$SERVER_IMPL" = ours ] && [ -e "$SVCRDMA_STATS/conn_v2" ] &&
			check "server: connections in RPC-over-RDMA version $(expected_rdma_vers)" \
				server_versions_counted ;;
	esac
	return 0
}

server_disk_down() {
	[ -n "${SERVER_DISK:-}" ] || return 0
	check "server: export disk unmounts, e2fsck -fn finds it clean" \
		export_disk_down
}

server_teardown() {
	[ -n "${OURS_UNLOADED:-}" ] && return 0
	server_versions_check
	nfs_server_down
	server_disk_down
	server_conns_freed
	check "server: transport unloads" unload_transport server "$SERVER_IMPL"
}

# --- our modules: refused while in use, then gone without a trace ------------------
# Shared by the scenarios modules-inuse and soak (issue 17, Faults).
# SIDE is client (xprtrdma) or server (svcrdma); rpcrdma_core serves
# both. Each module's gauges (live_* in its sysctl directory, see
# include/rpcrdma/gauge.h) count the objects it holds now.
RDMA_RES_BASE=/run/rdma-res.base

side_module() { case "$1" in client) echo xprtrdma ;; server) echo svcrdma ;; esac; }
side_gauges() { case "$1" in client) echo xprtrdma_ng ;; server) echo svcrdma_ng ;; esac; }

# ours_modules SIDE...: the modules of those sides, in unload order
ours_modules() {
	local side
	for side; do side_module "$side"; done
	echo rpcrdma_core
}

mod_loaded() { grep -q "^$1 " /proc/modules; }
mod_refcnt() { cat "/sys/module/$1/refcnt" 2>/dev/null; }

# The report patterns scripts/vmverdict fails a run on, from the one
# place they are written.
kernel_splat_re() { sed -n "s/^SPLAT='\(.*\)'\$/\1/p" "$TOP/scripts/vmverdict"; }

# dmesg_mark: the kernel log's latest time stamp (its own clock, which
# under TCG drifts from /proc/uptime)
dmesg_mark() {
	dmesg | awk 'match($0, /^\[ *[0-9]+\.[0-9]+\]/) {
		s = substr($0, 2, RLENGTH - 2) } END { print s + 0 }'
}

# dmesg_since T: kernel log lines stamped after T (dmesg_mark)
dmesg_since() {
	dmesg | awk -v t="$1" 'match($0, /^\[ *[0-9]+\.[0-9]+\]/) {
		s = substr($0, 2, RLENGTH - 2) + 0 } s > t + 0'
}

# dmesg_clean_since T: no kernel report after T (dmesg_mark)
dmesg_clean_since() {
	local re out
	re=$(kernel_splat_re)
	[ -n "$re" ] || { echo "no SPLAT pattern in scripts/vmverdict"; return 1; }
	out=$(dmesg_since "$1" | grep -E "$re")
	[ -z "$out" ] || { echo "$out" | head -n 20; return 1; }
}

# kernel_refuses_unload M: delete_module(2) itself, without O_TRUNC (no
# force), fails with EWOULDBLOCK. kmod's rmmod refuses a module with a
# nonzero refcount or holders in userspace and never makes the call;
# this asks the kernel. (176 is delete_module on x86_64.)
kernel_refuses_unload() {
	/usr/bin/python3 - "$1" <<'PY'
import ctypes, errno, os, sys
libc = ctypes.CDLL(None, use_errno=True)
r = libc.syscall(176, sys.argv[1].encode(), os.O_NONBLOCK)
e = ctypes.get_errno()
print("delete_module(%s): %s" % (sys.argv[1],
      "succeeded" if r == 0 else errno.errorcode.get(e, str(e))))
sys.exit(0 if r != 0 and e == errno.EWOULDBLOCK else 1)
PY
}

# mod_in_use M: loaded, with references or modules that use it
mod_in_use() {
	mod_loaded "$1" || return 1
	[ "$(mod_refcnt "$1")" -gt 0 ] || [ -n "$(ls "/sys/module/$1/holders")" ]
}

rmmod_refused() { ! rmmod "$1"; }

# mod_unchanged M REFCNT: still loaded, with that refcount
mod_unchanged() {
	local now
	now=$(mod_refcnt "$1")
	echo "$1: refcount $now (was $2), in /proc/modules: $(mod_loaded "$1" && echo yes || echo no)"
	mod_loaded "$1" && [ "$now" = "$2" ]
}

# ours_refusals TAG SIDE...: with our mounts up and nfsd serving, rmmod
# and delete_module(2) of each module of those sides and of
# rpcrdma_core fail, leave it loaded with its refcount, and log no
# kernel report. The caller then checks its mounts still work.
ours_refusals() {
	local tag=$1 m ref t0
	shift
	t0=$(dmesg_mark)
	for m in $(ours_modules "$@"); do
		ref=$(mod_refcnt "$m")
		log "$tag: $m refcount ${ref:-?}, holders: $(ls "/sys/module/$m/holders" 2>/dev/null | tr '\n' ' ')"
		check "$tag: $m is loaded and in use" mod_in_use "$m"
		check "$tag: rmmod $m refused while in use" rmmod_refused "$m"
		check "$tag: the kernel refuses delete_module($m): EWOULDBLOCK" \
			kernel_refuses_unload "$m"
		check "$tag: $m still loaded, refcount ${ref:-?} unchanged" \
			mod_unchanged "$m" "$ref"
	done
	check "$tag: no kernel report after the refused unloads" \
		dmesg_clean_since "$t0"
}

# ours_gauges SIDE...: every gauge of those sides' modules and of
# rpcrdma_core, "directory/name value" a line
ours_gauges() {
	local d f side dirs=()
	for side; do dirs+=("$(side_gauges "$side")"); done
	for d in "${dirs[@]}" rpcrdma_core; do
		for f in /proc/sys/sunrpc/"$d"/live_* /proc/sys/sunrpc/"$d"/mapped_*; do
			[ -e "$f" ] || continue
			echo "$d/${f##*/} $(cat "$f")"
		done
		ls /proc/sys/sunrpc/"$d"/live_* > /dev/null 2>&1 ||
			echo "$d/live_* missing"
	done
}

# ours_gauges_zero SIDE...: each one 0; frees run on workqueues, so
# they get 30 s
ours_gauges_zero() {
	local i out
	for ((i = 0; i < 60; i++)); do
		out=$(ours_gauges "$@")
		awk '$2 != "0" { bad = 1 } END { exit bad }' <<< "$out" &&
			{ echo "$out" | tr '\n' ' '; echo; return 0; }
		sleep 0.5
	done
	echo "$out"
	return 1
}

# rdma_res_none_ours SIDE...: the RDMA core lists no object made by
# those sides' modules (owner [xprtrdma] or [svcrdma]) and no RC QP
# (ours are made inside rdma_cm and carry its name)
rdma_res_none_ours() {
	local i t side re='' out
	for side; do re+="${re:+|}$(side_module "$side")"; done
	for ((i = 0; i < 60; i++)); do
		out=$(for t in cm_id qp cq mr pd; do
			rdma resource show "$t" 2>&1 |
				grep -E "comm \[($re)\]| type RC "
		done)
		[ -z "$out" ] && return 0
		sleep 0.5
	done
	echo "$out"
	return 1
}

# ours_rmmod M: rmmod succeeds (a transport's last module reference is
# put just after its gauge goes down: a few tries) and M is gone
ours_rmmod() {
	local i
	for ((i = 0; i < 20; i++)); do
		rmmod "$1" && break
		sleep 0.5
	done
	! mod_loaded "$1" && [ ! -e "/sys/module/$1" ]
}

# The per-device counts of rdma resource show (pd, cq, qp, cm_id, mr,
# ...) are those saved before any module of ours was loaded (run_role).
rdma_res_as_before() {
	local i now
	for ((i = 0; i < 20; i++)); do
		now=$(rdma resource show 2>&1)
		[ "$now" = "$(cat "$RDMA_RES_BASE")" ] && { echo "$now"; return 0; }
		sleep 0.5
	done
	echo "before: $(cat "$RDMA_RES_BASE")"
	echo "now:    $now"
	return 1
}

# No slab cache named after one of ours (we create none; one left
# behind by a module would outlive it with its objects)
no_slab_of_ours() {
	local re='rpcrdma|xprtrdma|svcrdma' out
	out=$(grep -E "^[^ ]*($re)" /proc/slabinfo; ls /sys/kernel/slab 2>/dev/null | grep -E "$re")
	[ -z "$out" ] || { echo "$out"; return 1; }
}

# kmemleak_clean TAG: two scans (an object must stay unreferenced
# across both) find nothing; the report is kept as kmemleak-TAG (its
# spaces and colons as dashes)
kmemleak_clean() {
	local f
	f=$OUT/kmemleak-$(echo "$1" | tr -c 'a-zA-Z0-9\n' '-')
	kmemleak_scan_pair || return 1
	cat /sys/kernel/debug/kmemleak > "$f"
	[ ! -s "$f" ] || { grep -c '^unreferenced object' "$f"; head -n 40 "$f"; return 1; }
	uptime_s > "$KMEMLEAK_CLEAN_AT"
}

# Two scans: an object is reported only if it stays unreferenced
# across both.
kmemleak_scan_pair() {
	local k=/sys/kernel/debug/kmemleak
	echo scan > "$k" && sleep 6 && echo scan > "$k"
}

# When a clean kmemleak_clean ended (uptime, whole seconds)
KMEMLEAK_CLEAN_AT=/run/kmemleak-clean-at

uptime_s() { local u; read -r u _ < /proc/uptime; echo "${u%.*}"; }

# Whether kmemleak_clean found nothing within the last 20 s (its age in
# KMEMLEAK_CLEAN_AGE). Each scan of a debug guest takes about 30 s under
# TCG, and an object is reported only once it is 5 s old and has stayed
# unreferenced across two scans, so two more scans right after a clean
# pair could only find what was leaked in those few seconds.
kmemleak_clean_recent() {
	local at
	[ -e "$KMEMLEAK_CLEAN_AT" ] && read -r at < "$KMEMLEAK_CLEAN_AT" || return 1
	KMEMLEAK_CLEAN_AGE=$(($(uptime_s) - at))
	[ "$KMEMLEAK_CLEAN_AGE" -le 20 ]
}

# ours_unload_checked TAG SIDE...: the end of a scenario that keeps our
# modules busy. The caller has unmounted its mounts (client) and made
# its last checks with nfsd running (server). Stop what uses the
# modules, then: every gauge back to 0 (and, server, every connection
# freed), nothing of ours in the RDMA core's lists, each module removed
# by rmmod, the RDMA resource counts those from before our modules were
# loaded, no slab cache of ours, and (kernels with kmemleak) no leak.
# The teardown of guest/lib.sh then has nothing left to do.
ours_unload_checked() {
	local tag=$1 side m
	shift
	# Unloading a module empties the trace buffer of its events.
	trace_save
	for side; do
		case "$side" in
		client)
			check "$tag: no NFS mount left" \
				bash -c "! awk '\$3 ~ /^nfs4?\$/' /proc/mounts | grep -q ."
			modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
			;;
		server)
			nfs_server_down
			;;
		esac
	done
	check "$tag: every gauge of ours back to 0 after unmount and nfsd stop" \
		ours_gauges_zero "$@"
	case " $* " in
	*" server "*) check "$tag: server: every connection freed" svcrdma_all_freed ;;
	esac
	check "$tag: the RDMA core lists no object of ours and no RC QP" \
		rdma_res_none_ours "$@"
	for m in $(ours_modules "$@"); do
		check "$tag: rmmod $m" ours_rmmod "$m"
	done
	check "$tag: RDMA resource counts as before our modules were loaded" \
		rdma_res_as_before
	check "$tag: no slab cache of ours left" no_slab_of_ours
	if [ -e /sys/kernel/debug/kmemleak ]; then
		check "$tag: kmemleak finds no unreferenced object" \
			kmemleak_clean "$tag"
	fi
	OURS_UNLOADED=1
}

# --- end of run ----------------------------------------------------------------------
# RPCRDMA_TRACE='GLOB...' on the host (vmtest): enable these trace events
# (set_event syntax, e.g. 'svcrdma_ng:* rpcrdma:*') once the transports are
# loaded; trace_save keeps the buffer as <role>/tracebuf before the
# transports unload (a module's removal empties the buffer).
trace_start() {
	local t=/sys/kernel/tracing ev
	[ -n "${TRACE_EVENTS:-}" ] && [ -d "$t/events" ] || return 0
	echo 16384 > "$t/buffer_size_kb"
	for ev in $TRACE_EVENTS; do
		echo "$ev" >> "$t/set_event" 2>/dev/null ||
			log "trace: no event $ev here"
	done
	echo 1 > "$t/tracing_on"
}

trace_save() {
	[ -n "${TRACE_EVENTS:-}" ] && [ -r /sys/kernel/tracing/trace ] || return 0
	cat /sys/kernel/tracing/trace >> "$OUT/tracebuf"
	echo > /sys/kernel/tracing/trace
}

collect_kernel_state() {
	local k=/sys/kernel/debug/kmemleak
	if [ -e "$k" ]; then
		# Not again right after the scenario's own clean pair (the
		# report is then that pair's).
		if kmemleak_clean_recent; then
			log "kmemleak: the scenario's scans found nothing $KMEMLEAK_CLEAN_AGE s ago; not scanned again"
		else
			kmemleak_scan_pair
		fi
		cat "$k" > "$OUT/kmemleak"
	fi
	link_counters "$OUT/link-counters"
	dmesg > "$OUT/dmesg"
}

# link_counters FILE: soft-RoCE's own counters (packets, duplicates,
# sequence errors, retries exceeded: rdma_rxe's hw_counters) and the
# guest's interfaces' packet and drop counts, which tell a lost or
# late packet from a transport's own decision to close.
link_counters() {
	{
		grep -rs . /sys/class/infiniband/*/ports/*/hw_counters/ |
			sed 's|^/sys/class/infiniband/||'
		ip -s link show 2>/dev/null
	} > "$1"
}

# --- stall watchdog ----------------------------------------------------------
# A check that never returns would otherwise hold the guest until the
# host's hard timeout, with nothing saved. The shell trace ($OUT/trace)
# grows with every command the scenario runs, the scenario's log
# ($OUT/log) with what its commands print (a long "vmtest --run" suite
# prints a line per test); when neither has grown for STALL_SECS
# (vmtest sets it from the kernel and the scenario), the
# watchdog records a failed check, saves what shows where the guest is
# stuck (blocked tasks' stacks, the trace buffer, the transports'
# counters) and powers the guest off, so the run ends with its evidence.
stall_dump() {
	local d=$OUT/stall p
	mkdir -p "$d"
	echo w > /proc/sysrq-trigger
	for p in /proc/[0-9]*; do
		# Blocked tasks and every user process (a mount or a read
		# that waits killably is not in D state).
		grep -qs '^State:.*D (disk sleep)' "$p/status" ||
			[ -s "$p/cmdline" ] || continue
		{
			echo "== ${p#/proc/} $(cat "$p/comm" 2>/dev/null)"
			cat "$p/stack" 2>/dev/null
		} >> "$d/d-state"
	done
	ps -eo pid,stat,wchan:32,etime,args > "$d/ps" 2>&1
	[ -r /sys/kernel/tracing/trace ] && cat /sys/kernel/tracing/trace > "$d/tracebuf"
	cat /proc/self/mountstats > "$d/mountstats" 2>/dev/null
	grep -rs . /proc/sys/sunrpc/svcrdma_ng > "$d/svcrdma_ng" 2>/dev/null
	grep -rs . /sys/kernel/debug/sunrpc/rpc_clnt/*/tasks > "$d/rpc_tasks" 2>/dev/null
	link_counters "$d/link-counters"
	dmesg > "$OUT/dmesg"
}

stall_watchdog() {
	set +x
	local secs=${STALL_SECS:-300} last=-1 size idle=0
	while sleep 10; do
		size=$(stat -c %s "$OUT/trace" "$OUT/log" 2>/dev/null | tr '\n' ' ')
		if [ "$size" != "$last" ]; then
			last=$size idle=0
			continue
		fi
		idle=$((idle + 10))
		[ "$idle" -ge "$secs" ] || continue
		echo "not ok $ROLE: no progress for $secs s (stall: see $ROLE/stall)" >> "$OUT/results"
		stall_dump
		echo done > "$OUT/finished"
		# Not sync(1) nor an orderly power-off: either can wait for
		# the stuck mount's dirty pages. syncfs the results share
		# alone, then reset (QEMU runs with -no-reboot and exits).
		sync -f "$OUT/finished"
		echo b > /proc/sysrq-trigger
		return
	done
}
