# SPDX-License-Identifier: GPL-2.0-only
# Scenario "run": mount the first version in $VERS and run a command
# (vmtest --run 'CMD') in the client with $NFS_MNT and $NFS_SERVER set.

scenario_client() {
	local v=${VERS%% *}
	check "run: mount NFSv$v" nfs_mount "$v" || return
	check "run: mountstats shows xprt: rdma" mount_is_rdma
	log "run: $RUN_CMD"
	if (cd "$NFS_MNT" && NFS_SERVER=$SERVER_ADDR bash -c "$RUN_CMD"); then
		ok "run: command exited 0"
	else
		not_ok "run: command exited $?"
	fi
	check "run: umount" umount "$NFS_MNT"
}
