# SPDX-License-Identifier: GPL-2.0-only
# Scenario "clientrobust": the scenarios "stress", "recovery" and
# "devremove", one after the other in one boot of two guests
# (--topology two), to spare the VM queue two boots. Each part keeps
# its own check names; see those files for what they assert.

clientrobust_import() {
	local name=$1
	. "$TOP/scripts/guest/scenarios/$name.sh"
	eval "${name}_client() $(declare -f scenario_client | tail -n +2)"
	if declare -F scenario_server >/dev/null; then
		eval "${name}_server() $(declare -f scenario_server | tail -n +2)"
		unset -f scenario_server
	fi
	unset -f scenario_client
}

clientrobust_import stress
clientrobust_import recovery
clientrobust_import devremove

# The recovery part's server job waits for the client's io-started mark.
scenario_server() { recovery_server; }

scenario_client() {
	if [ "$TOPOLOGY" != two ]; then
		not_ok "clientrobust: needs --topology two"
		return
	fi
	stress_client
	mountpoint -q "$NFS_MNT" && umount "$NFS_MNT"
	recovery_client
	mountpoint -q "$NFS_MNT" && umount "$NFS_MNT"
	# The server's disruptions are over once it wrote "disrupted"
	wait_for /out/server/disrupted 300
	devremove_client
}
