# SPDX-License-Identifier: GPL-2.0-only
# Scenario "ipv6": the integrity scenario over IPv6, netid rdma6. Both
# sides get an address from 2001:db8::/64 beside their IPv4 one (in one
# guest the server's only, as for IPv4); nfsd's "rdma 20049" already
# listens on both families. For every version in $VERS and both
# rsize/wsize sizes the client mounts [2001:db8::1] with proto=rdma6 and
# runs integrity's passes; each mount must show proto=rdma6 in its
# options (mount_is_rdma), and the RDMA connection must run between the
# IPv6 addresses (rdma_cm's own view, "rdma resource show cm_id").

scenario_import integrity

NFS_PROTO=rdma6
NFS_HOST="[$SERVER_ADDR6]"

scenario_server() {
	net6_up "$SERVER_ADDR6" && integrity_server
}

# A connection of ours to the server's IPv6 address and NFS port, as
# rdma_cm sees it. rdma(8) prints an IPv6 address and port as
# "ADDR:PORT" or "[ADDR]:PORT" depending on its version: accept both.
cm_id_is_ipv6() {
	local ids
	ids=$(rdma resource show cm_id 2>&1)
	echo "$ids"
	grep -E "dst-addr \[?$SERVER_ADDR6\]?:$NFS_PORT( |$)" <<<"$ids" |
		grep -q "state CONNECT"
}

# integrity_pass calls this once its mount is up.
integrity_mounted() {
	check "$1 RDMA connection to [$SERVER_ADDR6]:$NFS_PORT" cm_id_is_ipv6
}

scenario_client() {
	if [ "$ROLE" = client ]; then
		check "client: IPv6 address $CLIENT_ADDR6 up with its GID" \
			net6_up "$CLIENT_ADDR6" || return
	fi
	integrity_client
}
