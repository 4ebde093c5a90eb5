# SPDX-License-Identifier: GPL-2.0-only
# Scenario "modules": our modules load and unload cleanly, with the RDMA
# stack up and no NFS traffic. Run it with --client ours --server ours.

loaded() { lsmod | awk '{print $1}' | grep -qx "$1"; }

modules_cycle() {
	local m
	check "modules: install ours" install_ours || return
	for m in svcrdma xprtrdma; do
		check "modules: modprobe $m" modprobe "$m"
		check "modules: $m is loaded" loaded "$m"
	done
	check "modules: rpcrdma_core is loaded" loaded rpcrdma_core
	check "modules: the in-tree rpcrdma is not loaded" bash -c "! lsmod | grep -q '^rpcrdma '"
	for m in xprtrdma svcrdma; do
		check "modules: rmmod $m" rmmod "$m"
		check "modules: $m is gone" bash -c "! lsmod | grep -q '^$m '"
	done
	check "modules: rmmod rpcrdma_core" rmmod rpcrdma_core
}

# This scenario needs no NFS: it replaces the role functions.
run_server_side() { return 0; }
run_client_side() {
	modules_cycle
	modules_cycle
}
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }
