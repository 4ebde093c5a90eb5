# SPDX-License-Identifier: GPL-2.0-only
# Scenario "firewall" (--topology two, NFSv4.1 or 4.2): what
# Documentation/admin-guide.rst's "The firewall" tells an administrator,
# made on purpose with nftables in both guests (the host's nft, which
# the guests share; the kernel's nf_tables modules):
#
#  1. the server's firewall drops UDP port 4791 (RoCE v2, where soft-RoCE
#     carries the RDMA-CM's messages and all data): a mount with
#     retry=0 must fail, and not hang (bounded by FW_FAIL_SECS), and the
#     drop rule must have counted packets (so the firewall was in the
#     path: the failure is its doing);
#  2. both guests drop every packet coming in except loopback and UDP to
#     port 4791: the mount must succeed over RDMA with checksummed I/O,
#     and the accept rule must have counted packets on both sides;
#  3. the rules removed, a mount works as before.
#
# NFSv4.1 and later need nothing besides port 4791 (the callbacks ride
# the same connection); NFSv3 would also need rpcbind and mountd, and
# NFSv4.0 callbacks a connection from the server, so neither is run.
#
# Run with:
#   scripts/vmtest --topology two --client ours --server ours --vers 4.2 \
#       --scenario firewall

FW_TABLE=rpcrdma_fw
FW_FAIL_SECS=${FW_FAIL_SECS:-300}

. "$TOP/scripts/guest/admin.sh"

# fw_apply MODE: this guest's input filter. drop: everything comes in
# but UDP to port 4791, which is dropped and counted. allow: nothing
# comes in but loopback and UDP to port 4791 (counted), the rest is
# counted and dropped by the policy. off: no table.
fw_apply() {
	nft delete table inet "$FW_TABLE" 2>/dev/null
	case "$1" in
	drop)
		nft -f - <<-EOF
		table inet $FW_TABLE {
			chain input {
				type filter hook input priority 0; policy accept;
				udp dport 4791 counter drop
			}
		}
		EOF
		;;
	allow)
		nft -f - <<-EOF
		table inet $FW_TABLE {
			chain input {
				type filter hook input priority 0; policy drop;
				iif lo accept
				udp dport 4791 counter accept
				counter
			}
		}
		EOF
		;;
	off) ;;
	*) return 1 ;;
	esac
}

# fw_count: the packets counted by this guest's rule for port 4791
fw_count() {
	nft list table inet "$FW_TABLE" 2>/dev/null |
		sed -n 's/.*dport 4791 counter packets \([0-9]*\) .*/\1/p'
}

# --- the server: applies what the client asks, step by step -----------------
# The client writes /out/client/fw-req.N (a mode); the server records the
# count of its rule before the change in /out/server/fw-count.N, applies
# the mode, and answers /out/server/fw-ack.N.
fw_server_job() {
	local n mode
	for n in 1 2 3; do
		wait_for "/out/client/fw-req.$n" 1800 || return 1
		mode=$(cat "/out/client/fw-req.$n")
		fw_count > "$OUT/fw-count.$n"
		nft list ruleset > "$OUT/fw-ruleset.$n" 2>&1
		if fw_apply "$mode"; then
			echo "$mode" > "$OUT/fw-ack.$n"
		else
			echo failed > "$OUT/fw-ack.$n"
		fi
	done
}

scenario_server() {
	if [ "$TOPOLOGY" != two ]; then
		not_ok "firewall: needs --topology two"
		return 1
	fi
	command -v nft > /dev/null || { not_ok "firewall: no nft"; return 1; }
	fw_server_job >> "$OUT/log" 2>&1 &
	return 0
}

# --- the client --------------------------------------------------------------
# fw_server MODE N: have the server apply MODE (request N)
fw_server() {
	echo "$1" > "$OUT/fw-req.$2"
	wait_for "/out/server/fw-ack.$2" 60 &&
		[ "$(cat "/out/server/fw-ack.$2")" = "$1" ]
}

# fw_counted FILE: a packet count above zero in FILE
fw_counted() {
	local n
	n=$(cat "$1" 2>/dev/null)
	log "firewall: $1: ${n:-no count} packets"
	[ -n "$n" ] && [ "$n" -gt 0 ]
}

fw_client_counted() {
	fw_count > "$OUT/fw-count.client"
	fw_counted "$OUT/fw-count.client"
}

scenario_client() {
	local mark
	FW_VERS=${VERS%% *}
	case "$FW_VERS" in
	4.1|4.2) ;;
	*) not_ok "firewall: needs NFSv4.1 or 4.2 (got $FW_VERS)"; return 1 ;;
	esac
	modprobe -a nf_tables 2>/dev/null
	mark=$(dmesg_mark)
	check "firewall: the server drops UDP port 4791" fw_server drop 1 || return
	check "firewall: port 4791 dropped: the mount fails within $FW_FAIL_SECS s" \
		mount_fails "$FW_VERS" "$FW_FAIL_SECS"
	check "firewall: no kernel report while the mount failed" \
		dmesg_clean_since "$mark"
	check "firewall: only port 4791 comes in, on the server" \
		fw_server allow 2 || return
	check "firewall: the server's drop rule counted the client's packets" \
		fw_counted /out/server/fw-count.2
	check "firewall: only port 4791 comes in, on the client" fw_apply allow ||
		return
	check "firewall: port 4791 allowed: the mount succeeds" \
		nfs_mount "$FW_VERS" || return
	check "firewall: the mount is over RDMA" mount_is_rdma
	check "firewall: checksummed write and read" checksummed_io "$FW_VERS" fw-io
	check "firewall: umount" umount "$NFS_MNT"
	check "firewall: the client's accept rule counted packets" \
		fw_client_counted
	fw_apply off
	check "firewall: the server's rules removed" fw_server off 3 || return
	check "firewall: the server's accept rule counted packets" \
		fw_counted /out/server/fw-count.3
	check "firewall: no rules: the mount succeeds" nfs_mount "$FW_VERS" &&
		check "firewall: no rules: umount" umount "$NFS_MNT"
}
