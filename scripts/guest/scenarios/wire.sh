# SPDX-License-Identifier: GPL-2.0-only
# Scenario "wire": our traffic as a decoder we did not write sees it.
# The client guest captures every RoCEv2 frame (UDP 4791) on its link
# with tcpdump while it mounts, writes files that take each path (inline,
# a Read list, a Write list, a Reply chunk for READDIR), on NFSv4.1 and
# 4.2 has a delegation recalled, remounts, reads the files back and
# unmounts. Wireshark's tshark then decodes the capture (two passes) and
# scripts/guest/wirecheck.py asserts what it decoded: every frame
# InfiniBand, none malformed or with an expert error, RFC 8797 private
# data in the CM REQ and REP, every Send an RPC-over-RDMA message of the
# version expected, every Call paired with its Reply, the CB_RECALL
# decoded on the backchannel and answered (RFC 8167), and the files put
# back together from the WRITE and READ payloads Wireshark found (RDMA
# Reads and Writes reassembled by handle) identical to the files. On
# Version 1 captures it also shows that a copy with one Send's version
# word changed, and one with an octet of a WRITE's payload changed, each
# fail the check meant to catch it. Two guests: the capture is the wire
# between them. Passes, for each version in $VERS:
#   our client, our server:      "v2" (negotiated; Wireshark 4.0 has no
#                                Version 2 dissector, so no Send may
#                                decode as Version 1 and each one's
#                                header, read raw, must say 2) and "v1"
#                                (the client's max_version=1)
#   our client, in-tree server:  "fallback" (each connection's Version 2
#                                offer answered by ERR_VERS, then
#                                Version 1)
#   in-tree client:              "v1"

# lockd's grace period, which delays the first delegation: 10 s, not 50
# shellcheck disable=SC2034 # read by nfs_server_up (lib.sh)
NLM_GRACE=10
WIRE_PCAP_DIR=/tmp/wire
WIRE_FILES="f1000 f20000 f1m"
XPRTRDMA_PARAMS=/sys/module/xprtrdma/parameters

wire_sources() {
	mkdir -p /tmp/src "$WIRE_PCAP_DIR" &&
		head -c 1000 /dev/urandom > /tmp/src/f1000 &&
		head -c 20000 /dev/urandom > /tmp/src/f20000 &&
		head -c 1048576 /dev/urandom > /tmp/src/f1m &&
		head -c 3000 /dev/zero | tr '\0' 'l' > /tmp/src/linktarget
}

# wire_capture_start FILE: tcpdump on the link, running once it says so
wire_capture_start() {
	rm -f "$1" "$1.err"
	tcpdump -Z root -i "$RXE_NETDEV" -s 0 -U -w "$1" udp port 4791 \
		2> "$1.err" &
	WIRE_TCPDUMP=$!
	wait_until 20 grep -q "listening on" "$1.err"
}

# wire_capture_stop FILE: stop it once the file has stopped growing for
# 3 s (tcpdump in an emulated guest lags the link, and what it has not
# written when stopped is lost); every packet the filter took must be in
# the file, and the kernel must have dropped none.
wire_capture_stop() {
	local size=-1 now i still=0 got took
	for ((i = 0; i < 120 && still < 6; i++)); do
		sleep 0.5
		now=$(stat -c %s "$1")
		if [ "$now" = "$size" ]; then
			still=$((still + 1))
		else
			still=0 size=$now
		fi
	done
	kill -INT "$WIRE_TCPDUMP" 2>/dev/null
	wait "$WIRE_TCPDUMP"
	cat "$1.err"
	got=$(sed -n 's/^\([0-9]*\) packets\{0,1\} captured$/\1/p' "$1.err")
	took=$(sed -n 's/^\([0-9]*\) packets\{0,1\} received by filter$/\1/p' "$1.err")
	[ -n "$got" ] && [ "$got" = "$took" ] &&
		grep -q "^0 packets dropped by kernel" "$1.err"
}

# --- a delegation recalled during the capture (NFSv4.1 and 4.2) -----------
# The client holds a file open read-write (a write delegation; 6.1's nfsd
# gives a read one), writes /out/client/wire-recall.N naming it, and
# waits; the server opens it locally for writing, which makes nfsd recall
# the delegation over the backchannel
# (RFC 8167), and answers /out/server/wire-recall-ack.N with the open's
# exit status. /out/client/wire-done ends the server's job.
WIRE_RECALLS=0

wire_server_job() {
	local n=1
	while :; do
		while [ ! -e "/out/client/wire-recall.$n" ]; do
			[ -e /out/client/wire-done ] && return 0
			sleep 0.5
		done
		# for the log: the callback channel and the delegations held
		grep -Hs "callback state\|deleg" /proc/fs/nfsd/clients/*/info \
			/proc/fs/nfsd/clients/*/states
		# Opened for writing (nothing written): that breaks a read
		# delegation (all 6.1's nfsd gives) as well as a write one
		# shellcheck disable=SC2016 # $1 is the inner shell's
		timeout 60 bash -c ': >> "$1"' - \
			"$EXPORT_DIR/$(cat "/out/client/wire-recall.$n")"
		echo $? > "$OUT/wire-recall-ack.$n"
		n=$((n + 1))
	done
}

scenario_server() {
	# No delegation while a lock manager is in its grace period
	nfsd_wait_grace
	wire_server_job >> "$OUT/log" 2>&1 &
	return 0
}

# wire_recall FILE (relative to the mount): held open read-write while
# the server opens it
wire_recall() {
	local n=$((WIRE_RECALLS + 1)) rc
	WIRE_RECALLS=$n
	# read-write: nfsd grants a write delegation to no other open
	exec 7<>"$NFS_MNT/$1" || return 1
	echo held >&7
	echo "$1" > "$OUT/wire-recall.$n"
	if wait_for "/out/server/wire-recall-ack.$n" 90; then
		rc=$(cat "/out/server/wire-recall-ack.$n")
	else
		rc=timeout
	fi
	exec 7>&-
	echo "server's local open of $1: $rc"
	[ "$rc" = 0 ]
}

wire_io() {
	local d=$NFS_MNT/wire f
	mkdir -p "$d" || return 1
	cp /tmp/src/f1000 /tmp/src/f20000 "$d/" &&
		dd if=/tmp/src/f1m of="$d/f1m" bs=1M oflag=direct status=none &&
		ln -s "$(cat /tmp/src/linktarget)" "$d/link" || return 1
	case $1 in
	4.1|4.2) wire_recall wire/held || return 1 ;;
	esac
	umount "$NFS_MNT" || return 1
	echo 3 > /proc/sys/vm/drop_caches
	nfs_mount "$1" || return 1
	for f in $WIRE_FILES; do
		cmp "$d/$f" "/tmp/src/$f" || return 1
	done
	# READDIR: a Reply chunk (the reply may exceed the inline threshold)
	local names=("$d"/*)
	[ "${#names[@]}" = "$(wire_entries "$1")" ] || return 1
	[ "$(readlink "$d/link")" = "$(cat /tmp/src/linktarget)" ] &&
		rm -r "$d" && umount "$NFS_MNT"
}

# What the test directory holds: the three files and the link, and for
# NFSv4.1 and 4.2 the file whose delegation was recalled
wire_entries() {
	case $1 in
	4.1|4.2) echo 5 ;;
	*) echo 4 ;;
	esac
}

# wire_pass VERS MODE: one capture, decoded and checked
wire_pass() {
	local v=$1 mode=$2 tag="v$1 $2:" pcap="$WIRE_PCAP_DIR/v$1-$2.pcap"
	local maxv="" args=() f
	if [ "$CLIENT_IMPL" = ours ]; then
		maxv=$(cat "$XPRTRDMA_PARAMS/max_version")
		case $mode in
		v1) echo 1 > "$XPRTRDMA_PARAMS/max_version" ;;
		*) echo 2 > "$XPRTRDMA_PARAMS/max_version" ;;
		esac
		args+=(--req-sizes "$(cat "$XPRTRDMA_PARAMS/inline_send"),$(
			cat "$XPRTRDMA_PARAMS/inline_recv")")
	fi
	for f in $WIRE_FILES; do
		args+=(--file "/tmp/src/$f")
	done
	# Version 1 captures: changed copies must fail (the checks can fail)
	[ "$mode" != v2 ] && args+=(--self-test)
	case $v in
	4.1|4.2) args+=(--callback) ;;
	esac
	if check "$tag capture started" wire_capture_start "$pcap"; then
		if check "$tag mount" nfs_mount "$v"; then
			check "$tag write, remount, read back, compare" wire_io "$v"
			mountpoint -q "$NFS_MNT" && umount "$NFS_MNT"
		fi
		check "$tag capture complete" wire_capture_stop "$pcap"
		cp "$pcap" "$OUT/" 2>/dev/null
		/usr/bin/python3 "$TOP/scripts/guest/wirecheck.py" "$pcap" \
			--mode "$mode" --tag "$tag" "${args[@]}" > "$pcap.checks" 2>&1
		checks_from "$pcap.checks"
	fi
	[ -n "$maxv" ] && echo "$maxv" > "$XPRTRDMA_PARAMS/max_version"
}

scenario_client() {
	local v modes m
	if [ "$TOPOLOGY" != two ]; then
		not_ok "wire: needs --topology two"
		return 1
	fi
	check "wire: tshark and tcpdump present" \
		bash -c "command -v tshark && command -v tcpdump" || return
	check "wire: source files" wire_sources || return
	case "$CLIENT_IMPL/$SERVER_IMPL" in
	ours/ours) modes="v2 v1" ;;
	ours/*) modes="fallback" ;;
	*) modes="v1" ;;
	esac
	for v in $VERS; do
		for m in $modes; do
			wire_pass "$v" "$m"
		done
	done
	touch "$OUT/wire-done"
}
