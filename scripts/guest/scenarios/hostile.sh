# SPDX-License-Identifier: GPL-2.0-only
# Scenario "hostile": a misbehaving client against our server
# (--server ours), case by case.
#
# The client side builds scripts/guest/hostile.c (userspace, librdmacm)
# and runs every case file in scripts/guest/hostile/server/ against the
# server, one process per case. Each case gives two checks: its expected
# outcome (an RDMA_ERROR, a drop with the connection still serving, a
# closed connection, Replies) and that a new, well-behaved connection is
# served afterwards; a case's "scenario" lines add checks of the
# server's counters and trace events during it. An NFS mount beside it
# reads a checksummed file before and after all of them. Then every
# connection the attacker made must be freed while nfsd still runs, and
# the server's counters must show the defects the cases provoke: stalls
# detected, Long Call xid refused. The kernel log is checked by vmverdict as in every run.
#
# Then, with both sides in one guest and our client, the other half:
# hostile.c listens on HCLIENT_PORT as a misbehaving server that
# forwards to nfsd over TCP, one process per case file in
# scripts/guest/hostile/client/; the client mounts it over RDMA (NFSv4.0,
# or the version the case's "mount" line names: 4.1 gives the client a
# backchannel on the attacker's connection), lists the export and reads
# a file. Each case checks the mount's outcome within its bound, the
# attacker's own outcome (every action taken, the connection closed or
# kept), the client's trace events its "scenario trace" lines name, and
# in the end a mount of the real server reads the checksummed file
# intact. HOSTILE_SIDE (below) runs one half alone.

HOSTILE_DIR=$TOP/scripts/guest/hostile/server
HOSTILE_STATS=/proc/sys/sunrpc/svcrdma_ng
# The attacker's proxy reaches nfsd over TCP from an unprivileged port
NFS_EXPORT_OPTS=rw,no_root_squash,insecure,sync,fsid=0

hostile_counter() { cat "$HOSTILE_STATS/$1"; }

# HOSTILE_ONLY (vmtest --env HOSTILE_ONLY=GLOB): run only the case files
# of either side whose name (without .case) matches GLOB; the server's
# totals, which count every case, are then not checked.
HOSTILE_ONLY=${HOSTILE_ONLY:-}
# HOSTILE_SIDE (vmtest --env HOSTILE_SIDE=server|client): the misbehaving
# client against our server only, or the misbehaving server against our
# client only (one guest, ours on both sides); both by default.
HOSTILE_SIDE=${HOSTILE_SIDE:-both}

# hostile_chosen FILE
hostile_chosen() {
	local name
	name=$(basename "$1" .case)
	# shellcheck disable=SC2053 # HOSTILE_ONLY is a glob
	[ -z "$HOSTILE_ONLY" ] || [[ $name == $HOSTILE_ONLY ]]
}

# hostile_at_least NAME MIN
hostile_at_least() {
	local v
	v=$(hostile_counter "$1") || return 1
	log "hostile: $1 = $v (at least $2)"
	[ "$v" -ge "$2" ]
}

# The file the mount reads: byte i is (i * 7 + 3) & 0xff; the cases'
# NFSv4 READs read it too.
hostile_file() {
	/usr/bin/python3 - "$EXPORT_DIR/big" <<'PY'
import sys
with open(sys.argv[1], "wb") as f:
    f.write(bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

hostile_file_ok() {
	echo 3 > /proc/sys/vm/drop_caches
	/usr/bin/python3 - "$NFS_MNT/big" <<'PY'
import sys
with open(sys.argv[1], "rb") as f:
    data = f.read()
sys.exit(data != bytes((i * 7 + 3) & 0xff for i in range(65536)))
PY
}

scenario_server() {
	[ "$SERVER_IMPL" = ours ] || return 1
	hostile_file || return 1
	# rnr-norecv-idle waits for two keepalive intervals
	echo 5 > "$HOSTILE_STATS/keepalive"
}

# A case's "scenario counter NAME DELTA" lines: the server's counter
# NAME rises by exactly DELTA during the case (DELTA+: by DELTA or
# more); "scenario trace EVENT
# TEXT": our trace event EVENT is recorded during the case with TEXT in
# its line (in a trace instance of its own). Checked only where this
# guest runs our server (one guest); elsewhere logged as not checked.
HOSTILE_TRACE=/sys/kernel/tracing/instances/hostile

hostile_sees_server() {
	[ "$SERVER_IMPL" = ours ] && [ -e "$HOSTILE_STATS/conn_freed" ]
}

# The trace instance of a case, either side's: case_trace_start DIR
# SYSTEM EVENT... empties instance DIR and records only those events of
# SYSTEM (svcrdma_ng or xprtrdma_ng), all of them at once.
case_trace_start() {
	local t=$1 sys=$2 ev
	shift 2
	[ -d "$t" ] || mkdir "$t" || return 1
	echo 0 > "$t/tracing_on"
	echo > "$t/trace"
	echo 0 > "$t/events/enable"
	for ev; do
		echo 1 > "$t/events/$sys/$ev/enable" || return 1
	done
	echo 1 > "$t/tracing_on"
}

# case_traced DIR LABEL EVENT TEXT: an EVENT line recorded in DIR holds
# TEXT; EVENT's lines are counted in the log under LABEL and kept in
# $OUT/LABEL-trace
case_traced() {
	local f=/tmp/$2.trace
	grep -F "$3:" "$1/trace" > "$f"
	log "$2: $(wc -l < "$f") $3 events traced"
	cat "$f" >> "$OUT/$2-trace"
	grep -qF -- "$4" "$f"
}

# case_trace_stop DIR LABEL
case_trace_stop() {
	[ -d "$1" ] || return 0
	echo 0 > "$1/tracing_on"
	echo 0 > "$1/events/enable"
	rmdir "$1" || log "$2: trace instance left"
}

# hostile_rose NAME BEFORE DELTA: by exactly DELTA, or by DELTA or more
# when it is written N+
hostile_rose() {
	local v
	v=$(hostile_counter "$1") || return 1
	log "hostile: $1 went from $2 to $v"
	case $3 in
	*+) [ $((v - $2)) -ge "${3%+}" ] ;;
	*) [ $((v - $2)) -eq "$3" ] ;;
	esac
}

# hostile_case FILE: run one case, one check per line it prints, then
# the checks of its "scenario" lines
hostile_case() {
	local rc name cname delta ev text i before=()
	local counters=() traces=()
	name=$(basename "$1" .case)
	mapfile -t counters < <(awk '{ sub(/[ \t]*#.*/, "") }
		$1 == "scenario" && $2 == "counter" { print $3, $4 }' "$1")
	mapfile -t traces < <(awk '{ sub(/[ \t]*#.*/, "") }
		$1 == "scenario" && $2 == "trace" {
			$1 = $2 = ""; sub(/^ +/, ""); print }' "$1")
	if [ ${#counters[@]} -gt 0 ] || [ ${#traces[@]} -gt 0 ]; then
		if ! hostile_sees_server; then
			log "hostile: $name: server counters and trace not visible here, not checked"
			counters=() traces=()
		fi
	fi
	for cname in "${counters[@]}"; do
		before+=("$(hostile_counter "${cname%% *}")")
	done
	if [ ${#traces[@]} -gt 0 ]; then
		# shellcheck disable=SC2046 # one word per event name
		check "hostile: $name: trace on" case_trace_start \
			"$HOSTILE_TRACE" svcrdma_ng \
			$(printf '%s\n' "${traces[@]%% *}" | sort -u)
	fi
	timeout 300 /out/bin/hostile "$SERVER_ADDR" "$NFS_PORT" "$1" \
		> /tmp/hostile.out 2>&1
	rc=$?
	checks_from /tmp/hostile.out
	[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] ||
		not_ok "hostile: $name: exited $rc"
	for i in "${!counters[@]}"; do
		cname=${counters[$i]%% *} delta=${counters[$i]#* }
		check "hostile: $name: $cname rose by $delta" \
			hostile_rose "$cname" "${before[$i]}" "$delta"
	done
	for ev in "${traces[@]}"; do
		text=${ev#* }
		check "hostile: $name: ${ev%% *} traced with $text" \
			case_traced "$HOSTILE_TRACE" hostile "${ev%% *}" "$text"
	done
	return 0
}

HCLIENT_DIR=$TOP/scripts/guest/hostile/client
HCLIENT_PORT=20050
HCLIENT_MNT=/mnt/hclient

# The file read through the attacker: two pages' worth, so that its READ
# offers a Write chunk, and small enough for nfsd's reply to go inline.
hclient_file() {
	head -c 6000 /dev/urandom > "$EXPORT_DIR/small"
}

hclient_io() {
	timeout -s KILL 60 ls "$HCLIENT_MNT" > /dev/null &&
		timeout -s KILL 60 cmp "$HCLIENT_MNT/small" "$EXPORT_DIR/small"
}

# The directory of "io list N", in the export for one case
HCLIENT_MANY=many

# hclient_many N: that directory, with N new empty files
hclient_many() {
	local d=$EXPORT_DIR/$HCLIENT_MANY i name
	rm -rf "$d" && mkdir "$d" || return 1
	for ((i = 0; i < $1; i++)); do
		printf -v name 'hostile-many-entry-%04d' "$i"
		: > "$d/$name" || return 1
	done
}

# hclient_list [N]: the export (with N, the directory of hclient_many N)
# listed through the mount, the names the same as on the server (N of
# them besides . and ..), and the file read intact
hclient_list() {
	local got want dir=''
	[ -n "${1:-}" ] && dir=/$HCLIENT_MANY
	got=$(timeout -s KILL 60 ls -a "$HCLIENT_MNT$dir") || return 1
	want=$(ls -a "$EXPORT_DIR$dir")
	if [ "$got" != "$want" ]; then
		log "listed through the mount: $(echo "$got" | tr '\n' ' ')"
		log "on the server: $(echo "$want" | tr '\n' ' ')"
		return 1
	fi
	if [ -n "${1:-}" ]; then
		log "listed through the mount: $(echo "$got" | wc -l) names in $HCLIENT_MANY"
		[ "$(echo "$got" | wc -l)" -eq $(($1 + 2)) ] || return 1
	fi
	timeout -s KILL 60 cmp "$HCLIENT_MNT/small" "$EXPORT_DIR/small"
}

# hclient_longreply OCTETS SEGS: the attacker's log shows a "longreply"
# of more than OCTETS octets written into more than SEGS segments
# ("N octets written into S of M segments")
hclient_longreply() {
	awk -v o="$1" -v s="$2" '
		/^# connection [0-9]+: Call [0-9]+, a Long Reply/ {
			for (i = 2; i + 3 <= NF; i++)
				if ($i == "octets" && $(i + 1) == "written" &&
				    $(i + 2) == "into" && $(i - 1) + 0 > o &&
				    $(i + 3) + 0 > s) {
					print
					found = 1
				}
		}
		END { exit !found }' /tmp/hclient.out
}

# hclient_param NAME VALUE: our client module's parameter NAME set to
# VALUE for one case (a case's "scenario param" line); the value it had
# is kept in /tmp/hclient.param.NAME for hclient_param_restore.
hclient_param() {
	local f=/sys/module/xprtrdma/parameters/$1
	[ -w "$f" ] || { log "no writable $f: our client is not loaded"; return 1; }
	cat "$f" > "/tmp/hclient.param.$1" || return 1
	echo "$2" > "$f" || return 1
	[ "$(cat "$f")" = "$2" ]
}

# hclient_param_restore NAME: the value hclient_param found, back
hclient_param_restore() {
	local f=/sys/module/xprtrdma/parameters/$1
	[ -s "/tmp/hclient.param.$1" ] || return 0
	cat "/tmp/hclient.param.$1" > "$f"
	rm -f "/tmp/hclient.param.$1"
}

# hclient_dd: /tmp/hclient.w written through the mount in 16 KiB
# O_DIRECT writes; dd's error, if any, in /tmp/hclient.dd
hclient_dd() {
	timeout -s KILL 60 dd if=/tmp/hclient.w of="$HCLIENT_MNT/written" \
		bs=16k oflag=direct status=none 2> /tmp/hclient.dd
}

# hclient_write KIB [retry]: KIB KiB of new data written through the
# mount, then compared with the file nfsd stored. With "retry" the
# first attempt may fail with EIO (a Call the case answered with an
# error, which the RPC client retries only if its disconnect has
# completed by then), and a second attempt must succeed.
hclient_write() {
	rm -f "$EXPORT_DIR/written"
	head -c "$(($1 * 1024))" /dev/urandom > /tmp/hclient.w || return 1
	if ! hclient_dd; then
		cat /tmp/hclient.dd
		[ "${2:-}" = retry ] &&
			grep -q 'Input/output error' /tmp/hclient.dd || return 1
		log "hostile-client: the first write failed with EIO, written again"
		hclient_dd || { cat /tmp/hclient.dd; return 1; }
	fi
	cmp /tmp/hclient.w "$EXPORT_DIR/written"
}

# hclient_xattr KIB: two user extended attributes of KIB KiB of new
# data each set on the file through the mount, one after the other
# (NFSv4.2 SETXATTR), then compared with what nfsd stored on the
# export, and removed there
hclient_xattr() {
	timeout -s KILL 60 python3 - "$1" "$HCLIENT_MNT/small" "$EXPORT_DIR/small" <<'PY'
import os, sys
kib, mnt, exp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
values = {"user.hostile%d" % i: os.urandom(kib * 1024) for i in (1, 2)}
for name, value in values.items():
    os.setxattr(mnt, name, value)
for name, value in values.items():
    stored = os.getxattr(exp, name)
    os.removexattr(exp, name)
    if stored != value:
        sys.exit("%s: nfsd stored %d octets, not the %d set"
                 % (name, len(stored), len(value)))
PY
}

hclient_umount() {
	mountpoint -q "$HCLIENT_MNT" || return 0
	timeout -s KILL 60 umount "$HCLIENT_MNT" && return 0
	umount -f -l "$HCLIENT_MNT"
	return 1
}

# hclient_wait_pid PID T0 SECS: wait while PID runs, until SECS s after T0
hclient_wait_pid() {
	while kill -0 "$1" 2> /dev/null && [ $((SECONDS - $2)) -lt "$3" ]; do
		sleep 0.5
	done
}

# hclient_forced NAME SECS BOUND: with the mount up, cmp reads the file
# (its READ is answered); the case stops the attacker's Receives after
# that READ, so the next Call, a stat of a name the client has not seen
# (a LOOKUP, which the stat waits for), meets RNR NAKs. What ends the
# stuck Send depends on the device. rxe keeps its transport retry timer
# running through RNR NAKs, so our retry count (6) fails the Send in
# about 4.6 s: the client closes the connection (xprtrdma_wc_failed),
# connects again and sends the LOOKUP there, and the stat returns by
# itself. A device that retries RNR NAKs forever holds the Send: if the
# stat is still blocked after SECS s, "umount -f" kills the mount's RPC
# tasks; the LOOKUP task's end does not wait for its Send (the slot is
# parked until the Send is retired), and the unmount's teardown closes
# the connection (xprtrdma_disconnect), which flushes the Send. Either
# way the stat must return within SECS + BOUND s, and the connection
# must have been closed for the stuck Send (xprtrdma_wc_failed, or
# xprtrdma_disconnect after umount -f, traced). A client that waits
# without a bound never lets the stat return; then the attacker is
# stopped at once. Every xprtrdma_ng event of the case is kept in
# hclient.log.
hclient_forced() {
	local name=$1 secs=$2 bound=$3 spid t0 how forced=
	local t=/sys/kernel/tracing/instances/hclient
	mkdir -p "$t" && echo 0 > "$t/events/enable" && echo > "$t/trace" &&
		echo 1 > "$t/events/xprtrdma_ng/enable" ||
		not_ok "hostile-client: $name: xprtrdma_ng events enabled"
	check "hostile-client: $name: the export is listed and the file read intact" \
		hclient_io
	t0=$SECONDS
	timeout -s KILL 300 stat "$HCLIENT_MNT/absent-$name" > /dev/null 2>&1 &
	spid=$!
	hclient_wait_pid "$spid" "$t0" "$secs"
	if kill -0 "$spid" 2> /dev/null; then
		timeout -s KILL 30 umount -f "$HCLIENT_MNT"
		forced=1
		log "hostile-client: $name: the stat still blocked after $secs s; umount -f exited $?"
		hclient_wait_pid "$spid" "$t0" $((secs + bound))
	fi
	if kill -0 "$spid" 2> /dev/null; then
		not_ok "hostile-client: $name: the stat after the stuck Send returns within $((secs + bound)) s (state $(awk '{ print $3 }' "/proc/$spid/stat" 2> /dev/null))"
		cat "/proc/$spid/stack" >> "$OUT/hclient.log" 2> /dev/null
		kill -TERM "$pid"
	else
		ok "hostile-client: $name: the stat after the stuck Send returns within $((secs + bound)) s ($((SECONDS - t0)) s)"
	fi
	wait "$spid"
	log "hostile-client: $name: stat exited $?"
	{ echo "== $name: xprtrdma_ng events"; cat "$t/trace"; } >> "$OUT/hclient.log"
	how=
	# status=retry exceeded (12) or RNR retry exceeded (13)
	grep -qE 'xprtrdma_wc_failed:.* status=[A-Z ]*retry exceeded \((12|13)\)' "$t/trace" &&
		how="the Send's retry limit (xprtrdma_wc_failed)"
	[ -n "$forced" ] && grep -q 'xprtrdma_disconnect:' "$t/trace" &&
		how="${how:+$how and }the unmount's teardown (xprtrdma_disconnect)"
	if [ -n "$how" ]; then
		ok "hostile-client: $name: the stuck Send closed the connection: $how"
	else
		not_ok "hostile-client: $name: the stuck Send closed the connection (xprtrdma_wc_failed, or xprtrdma_disconnect after umount -f, traced)"
	fi
	echo 0 > "$t/events/enable"
	rmdir "$t"
}

# hclient_second NAME SECS: two RPCs in flight at a moment the case
# chooses. With the mount up and listed, cmp reads the file in the
# background; the case holds the READ's Reply ("hold"). Once the
# attacker logs the Call held (within SECS s), a file created on the
# server after the listing is stat'ed through the mount: its name is not
# in the client's dcache, so the client must send a Call for it while the
# READ is unanswered. The stat must see the file's size, and cmp must
# find the file intact once the READ's Reply comes.
hclient_second() {
	local name=$1 secs=$2 cpid rc i size
	check "hostile-client: $name: the export is listed" \
		timeout -s KILL 60 ls "$HCLIENT_MNT"
	rm -f "$EXPORT_DIR/second"
	timeout -s KILL 60 cmp "$HCLIENT_MNT/small" "$EXPORT_DIR/small" &
	cpid=$!
	for ((i = 0; i < secs * 10; i++)); do
		grep -q '^# connection [0-9]*: Call [0-9]* held' /tmp/hclient.out &&
			break
		sleep 0.1
	done
	check "hostile-client: $name: the READ's Reply is held" \
		grep -q '^# connection [0-9]*: Call [0-9]* held' /tmp/hclient.out
	head -c 1234 /dev/zero > "$EXPORT_DIR/second"
	size=$(timeout -s KILL 60 stat -c %s "$HCLIENT_MNT/second")
	log "hostile-client: $name: stat of a second file: size ${size:-none}"
	if [ "$size" = 1234 ]; then
		ok "hostile-client: $name: a second access while the READ is held sees the file"
	else
		not_ok "hostile-client: $name: a second access while the READ is held sees the file"
	fi
	wait "$cpid"
	rc=$?
	if [ "$rc" -eq 0 ]; then
		ok "hostile-client: $name: the held READ completes, the file intact"
	else
		not_ok "hostile-client: $name: the held READ completes, the file intact (cmp exited $rc)"
	fi
	rm -f "$EXPORT_DIR/second"
}

# A client case's "scenario trace EVENT TEXT" lines: our client's trace
# event EVENT (xprtrdma_ng) is recorded during the case with TEXT in its
# line, in a trace instance of its own.
HCLIENT_TRACE=/sys/kernel/tracing/instances/hclient-case


# hclient_case FILE: the attacker serves one case; the client mounts it
# with the NFS version of its "mount" line (default 4.0) and the mount
# options its fifth word adds, if any
hclient_case() {
	local f=$1 name want secs nfsvers mopts io pid rc t0 i ev path kib retry
	local many='' longreply p
	local traces=() params=()
	name=$(basename "$f" .case)
	read -r want secs nfsvers mopts < <(awk '$1 == "mount" { print $2, $3, $4, $5 }' "$f")
	nfsvers=${nfsvers:-4.0}
	io=$(awk '$1 == "io" { print $2, $3, $4 }' "$f")
	longreply=$(awk '{ sub(/[ \t]*#.*/, "") }
		$1 == "scenario" && $2 == "longreply" { print $3, $4 }' "$f")
	if [ "${io%% *}" = list ]; then
		read -r _ many _ <<< "$io"
		[ -z "$many" ] ||
			check "hostile-client: $name: a directory of $many new files in the export" \
				hclient_many "$many"
	fi
	mapfile -t params < <(awk '{ sub(/[ \t]*#.*/, "") }
		$1 == "scenario" && $2 == "param" && NF == 4 { print $3, $4 }' "$f")
	for p in "${params[@]}"; do
		# shellcheck disable=SC2086 # "NAME VALUE"
		check "hostile-client: $name: our client's ${p% *} set to ${p#* } for the case" \
			hclient_param $p
	done
	mapfile -t traces < <(awk '{ sub(/[ \t]*#.*/, "") }
		$1 == "scenario" && $2 == "trace" {
			$1 = $2 = ""; sub(/^ +/, ""); print }' "$f")
	if [ ${#traces[@]} -gt 0 ]; then
		# shellcheck disable=SC2046 # one word per event name
		check "hostile-client: $name: trace on" case_trace_start \
			"$HCLIENT_TRACE" xprtrdma_ng $(printf '%s\n' "${traces[@]%% *}" | sort -u)
	fi
	/out/bin/hostile -l "$HCLIENT_PORT" "$SERVER_ADDR" 2049 "$f" \
		> /tmp/hclient.out 2>&1 &
	pid=$!
	for ((i = 0; i < 50; i++)); do
		grep -q '^# listening' /tmp/hclient.out && break
		sleep 0.1
	done
	t0=$SECONDS
	path=/
	[ "$nfsvers" = 3 ] && path=$EXPORT_DIR
	timeout -s KILL "$secs" mount -t nfs -o \
		"vers=$nfsvers,proto=rdma,port=$HCLIENT_PORT${mopts:+,$mopts}" \
		"$SERVER_ADDR:$path" "$HCLIENT_MNT"
	rc=$?
	log "hostile-client: $name: NFSv$nfsvers mount exited $rc after $((SECONDS - t0)) s"
	if [ "$want" = ok ]; then
		if [ "$rc" -eq 0 ] && [ "${io%% *}" = forced ]; then
			ok "hostile-client: $name: the mount works"
			# shellcheck disable=SC2086 # "forced SECS BOUND"
			hclient_forced "$name" ${io#forced }
		elif [ "$rc" -eq 0 ] && [ "${io%% *}" = write ]; then
			ok "hostile-client: $name: the mount works"
			read -r kib retry <<< "${io#write }"
			check "hostile-client: $name: $kib KiB written in 16 KiB direct writes${retry:+ (a second time if the first fails with EIO)}, stored intact" \
				hclient_write "$kib" "$retry"
		elif [ "$rc" -eq 0 ] && [ "${io%% *}" = xattr ]; then
			ok "hostile-client: $name: the mount works"
			read -r kib _ <<< "${io#xattr }"
			check "hostile-client: $name: two $kib KiB extended attributes set through the mount, stored intact" \
				hclient_xattr "$kib"
		elif [ "$rc" -eq 0 ] && [ "${io%% *}" = list ] && [ -n "$many" ]; then
			ok "hostile-client: $name: the mount works"
			check "hostile-client: $name: the directory of $many files listed through the mount as on the server, a file read intact" \
				hclient_list "$many"
		elif [ "$rc" -eq 0 ] && [ "${io%% *}" = list ]; then
			ok "hostile-client: $name: the mount works"
			check "hostile-client: $name: the export listed through the mount as on the server, a file read intact" \
				hclient_list
		elif [ "$rc" -eq 0 ] && [ "${io%% *}" = second ]; then
			ok "hostile-client: $name: the mount works"
			hclient_second "$name" "${io#second }"
		elif [ "$rc" -eq 0 ]; then
			ok "hostile-client: $name: the mount works"
			check "hostile-client: $name: the export is listed and a file read intact" \
				hclient_io
		else
			not_ok "hostile-client: $name: the mount works (exited $rc)"
		fi
	elif [ "$rc" -ne 0 ] && [ "$rc" -ne 137 ]; then
		ok "hostile-client: $name: the mount fails within $secs s"
	else
		not_ok "hostile-client: $name: the mount fails within $secs s (exited $rc)"
	fi
	check "hostile-client: $name: umount" hclient_umount
	for p in "${params[@]}"; do
		hclient_param_restore "${p% *}"
	done
	kill -TERM "$pid"
	timeout 30 tail --pid="$pid" -f /dev/null || kill -KILL "$pid"
	wait "$pid"
	# Only the result lines go through checks_from (a fork per line)
	grep -E '^(not )?ok ' /tmp/hclient.out > /tmp/hclient.ok
	checks_from /tmp/hclient.ok
	[ -s /tmp/hclient.ok ] ||
		not_ok "hostile-client: $name: the attacker reported nothing"
	{ echo "== $name"; cat /tmp/hclient.out; } >> "$OUT/hclient.log"
	if [ -n "$longreply" ]; then
		# shellcheck disable=SC2086 # "OCTETS SEGS"
		check "hostile-client: $name: the attacker's log shows a Long Reply of more than ${longreply% *} octets written into more than ${longreply#* } segments" \
			hclient_longreply $longreply
	fi
	[ -z "$many" ] || rm -rf "${EXPORT_DIR:?}/$HCLIENT_MANY"
	for ev in "${traces[@]}"; do
		check "hostile-client: $name: ${ev%% *} traced with ${ev#* }" \
			case_traced "$HCLIENT_TRACE" hostile-client \
			"${ev%% *}" "${ev#* }"
	done
	case_trace_stop "$HCLIENT_TRACE" hostile-client
}

hclient_cases() {
	local f n=0 v=${VERS%% *}
	mkdir -p "$HCLIENT_MNT"
	hclient_file || return
	for f in "$HCLIENT_DIR"/*.case; do
		hostile_chosen "$f" || continue
		hclient_case "$f"
		n=$((n + 1))
	done
	log "hostile-client: $n cases"
	check "hostile-client: then the real server is mounted over RDMA" \
		nfs_mount "$v" || return
	check "hostile-client: and the mount reads the file intact" \
		hostile_file_ok
	check "hostile-client: umount" umount "$NFS_MNT"
}

scenario_client() {
	local v=${VERS%% *} f n=0
	check "hostile: user verbs and rdma_cm" modprobe -a ib_uverbs rdma_ucm
	check "hostile: built on the host (vmtest)" test -x /out/bin/hostile || return
	check "hostile: mount NFSv$v beside it" nfs_mount "$v" || return
	check "hostile: the mount reads the file intact before" hostile_file_ok
	case $HOSTILE_SIDE in
	both | server) ;;
	client)
		check "hostile: umount" umount "$NFS_MNT"
		check "hostile: misbehaving servers need ours on both sides in one guest" \
			test "$TOPOLOGY/$CLIENT_IMPL/$SERVER_IMPL" = one/ours/ours || return
		echo 30 > "$HOSTILE_STATS/keepalive"
		hclient_cases
		return 0 ;;
	*)
		not_ok "hostile: HOSTILE_SIDE=$HOSTILE_SIDE is server, client or both"
		return 1 ;;
	esac
	for f in "$HOSTILE_DIR"/*.case; do
		hostile_chosen "$f" || continue
		hostile_case "$f"
		n=$((n + 1))
	done
	log "hostile: $n cases"
	case_trace_stop "$HOSTILE_TRACE" hostile
	check "hostile: the mount reads the file intact after $n cases" \
		hostile_file_ok
	check "hostile: umount" umount "$NFS_MNT"
	[ "$SERVER_IMPL" = ours ] && [ -e "$HOSTILE_STATS/conn_freed" ] ||
		return 0
	if [ -n "$HOSTILE_ONLY" ]; then
		log "hostile: HOSTILE_ONLY=$HOSTILE_ONLY, the server's totals not checked"
		[ "$HOSTILE_SIDE" = both ] && [ "$TOPOLOGY" = one ] &&
			[ "$CLIENT_IMPL" = ours ] && hclient_cases
		return 0
	fi
	# Only the one-guest topology sees the server's counters here
	check "hostile: every connection freed, nfsd still running" \
		svcrdma_all_freed
	check "hostile: stalled Send queues detected (sq_stalls)" \
		hostile_at_least sq_stalls 1
	check "hostile: stuck keepalive probes detected (probe_stuck)" \
		hostile_at_least probe_stuck 1
	# One ERR_CHUNK at least per case that expects a Version 1 one
	check "hostile: ERR_CHUNK counted" hostile_at_least err_chunk \
		"$(grep -l '^expect error [^ ]* 1 2' "$HOSTILE_DIR"/*.case | wc -l)"
	check "hostile: ERR_VERS counted" hostile_at_least err_vers 3
	check "hostile: drops counted" hostile_at_least recv_dropped 3
	# One per reverse-reply-* case, with a backchannel or without
	check "hostile: reverse-direction drops counted" \
		hostile_at_least reverse_dropped \
		"$(find "$HOSTILE_DIR" -name 'reverse-reply-*.case' | wc -l)"
	grep -rs . "$HOSTILE_STATS" | sed "s|$HOSTILE_STATS/||" > "$OUT/counters"
	echo 30 > "$HOSTILE_STATS/keepalive"
	[ "$HOSTILE_SIDE" = both ] && [ "$TOPOLOGY" = one ] &&
		[ "$CLIENT_IMPL" = ours ] && hclient_cases
	return 0
}
