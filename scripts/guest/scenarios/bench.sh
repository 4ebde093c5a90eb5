# SPDX-License-Identifier: GPL-2.0-only
# Scenario "bench" (scripts/bench, "make bench"): our transport, the
# in-tree transport and TCP side by side in the same two guests, plus the
# raw soft-RoCE ceiling (perftest), interleaved round by round.
#
# The client drives; the server answers requests that arrive as files on
# the out share (scripts/guest/bench-rpc). Our modules and the in-tree
# rpcrdma both register the "rdma" transport, so a change of
# implementation unmounts, stops nfsd (the only way to drop its rdma
# listener), unloads one implementation and loads the other, with the
# "install rpcrdma /bin/false" blocklist present only while ours is in.
#
# Parameters come from $TOP/logs/bench.params (written by scripts/bench).
# Every measurement goes to /out/client/bench.raw as it is made, one
# tab-separated line:
#   m ROUND CONFIG WORKLOAD METRIC VALUE UNIT   a measurement
#   f ROUND CONFIG WORKLOAD REASON              a failed measurement
#   i ROUND CONFIG KEY VALUE                    context (mount options...)
# Every I/O is checked: fio writes carry checksum headers (BENCH_VERIFY:
# CRC32C or MD5, below) and are read back
# with fio's verify_only pass; fio reads verify each block as they go; the
# metadata mix reads every file back. A measurement whose check fails is
# recorded as failed, never as a number.

BENCH_RPC=$TOP/scripts/guest/bench-rpc
# shellcheck source=scripts/guest/bench-rpc
. "$BENCH_RPC"	# cpu_line
BENCH_PARAMS=$TOP/logs/bench.params
BENCH_BLOCKLIST=/etc/modprobe.d/rpcrdma-ng.conf
BENCH_RAW=$OUT/bench.raw
BENCH_DIR=$NFS_MNT/bench
# shellcheck disable=SC1090
[ -r "$BENCH_PARAMS" ] && . "$BENCH_PARAMS"
: "${BENCH_CONFIGS:=ours ours1 ours-intree intree intree-ours tcp raw}"
: "${BENCH_REPS:=3}" "${BENCH_BUDGET:=1380}" "${BENCH_IO_TIMEOUT:=180}"
: "${BENCH_SEQ_MB:=64}" "${BENCH_RAND_MB:=8}" "${BENCH_LAT_IOS:=500}"
: "${BENCH_META_FILES:=200}" "${BENCH_PERF_SECS:=5}" "${BENCH_LAT_ITERS:=1000}"
: "${BENCH_VERS:=4.2}"
# Configurations to profile (scripts/bench --profile), in round 1 only.
: "${BENCH_PROFILE:=}"
# What a profile records (scripts/bench --profile-events): "cpu", CPU
# time samples; "sched", every context switch and wake-up with its call
# chain, and every interrupt and IPI.
: "${BENCH_PROF_EVENTS:=cpu}"
if [ "$BENCH_PROF_EVENTS" = sched ]; then
	PERF_EV=(-e sched:sched_switch -e sched:sched_wakeup
		 -e irq:irq_handler_entry -e irq_vectors:reschedule_entry
		 -e irq_vectors:call_function_single_entry
		 -e irq_vectors:local_timer_entry)
else
	PERF_EV=(-e cpu-clock -F 499)
fi

# --- implementations, both sides -------------------------------------------------
# The module that carries each side of each implementation, as lsmod
# names it.
bench_module() {
	case "$1-$2" in
	client-ours|client-ours1|client-base) echo xprtrdma ;;
	server-ours|server-ours1|server-base) echo svcrdma ;;
	*-intree) echo rpcrdma ;;
	esac
}

# "ours1" is ours pinned to RPC-over-RDMA Version 1 (max_version=1); "ours"
# negotiates Version 2 with our other side.
bench_opts() {
	[ "$1" = ours1 ] && echo max_version=1
}

# "base": our modules as they were at the commit scripts/bench --base
# named, built on the host into logs/bench-base-ko.
BENCH_BASE_KO=$TOP/logs/bench-base-ko

bench_load() {
	local side=$1 impl=$2 from=()
	[ "$impl" = base ] && from=("$BENCH_BASE_KO")
	if [ "$impl" != intree ]; then
		# The file may be gone (an intree configuration removed it)
		# while ours stays installed: write it again, options and all.
		install_ours "${from[@]}" && ours_modprobe_conf || return 1
	else
		rm -f "$BENCH_BLOCKLIST"
	fi
	# shellcheck disable=SC2046
	modprobe "$(bench_module "$side" "$impl")" $(bench_opts "$impl") ||
		return 1
	# Exactly the wanted implementation, never both.
	lsmod | grep -q "^$(bench_module "$side" "$impl") " || return 1
	case "$impl" in
	ours|ours1|base) ! lsmod | grep -q '^rpcrdma ' ;;
	*) ! lsmod | grep -Eq '^(xprtrdma|svcrdma) ' ;;
	esac
}

# The last transport reference goes away a little after umount or nfsd
# shutdown, so removal is retried for a while.
bench_unload() {
	local side=$1 impl=$2 mod i
	mod=$(bench_module "$side" "$impl")
	for ((i = 0; i < 60; i++)); do
		lsmod | grep -q "^$mod " || return 0
		modprobe -r "$mod" 2>/dev/null && return 0
		sleep 0.5
	done
	echo "cannot unload $mod:"
	lsmod | grep -E "^($mod|rpcrdma|xprtrdma|svcrdma|rpcrdma_core) "
	return 1
}

# --- server ------------------------------------------------------------------------
srv_impl=none perf_pid=

bench_server_up() {
	mkdir -p "$EXPORT_DIR" /var/lib/nfs/rpc_pipefs /var/lib/nfs/v4recovery
	mount -t tmpfs -o size=1g tmpfs "$EXPORT_DIR" || return 1
	chmod 1777 "$EXPORT_DIR"
	nfsd_fs_up || return 1
	: > /etc/exports
	rpcbind_up || return 1
	rpc.mountd || return 1
	exportfs -o rw,no_root_squash,insecure,sync,fsid=0 "*:$EXPORT_DIR" || return 1
	echo 10 > /proc/fs/nfsd/nfsv4leasetime
	echo 10 > /proc/fs/nfsd/nfsv4gracetime
	rawbw_ready || return 1
	# TCP (2049) from the start; rdma is added once an implementation
	# is loaded.
	rpc.nfsd 8
}

# "impl ours|intree": serve NFS/RDMA with that implementation.
bench_server_impl() {
	local want=$1
	case "$want" in ours|ours1|base|intree) ;; *) echo "no implementation '$want'"; return 1 ;; esac
	if [ "$srv_impl" != "$want" ]; then
		if [ "$srv_impl" != none ]; then
			# nfsd holds its listeners until it stops.
			rpc.nfsd 0
			bench_unload server "$srv_impl" || return 1
			srv_impl=none
			rpc.nfsd 8 || { echo "nfsd does not restart"; return 1; }
		fi
		if ! bench_load server "$want"; then
			echo "cannot load the $want server transport"
			dmesg | tail -n 5
			return 1
		fi
		srv_impl=$want
		echo "rdma $NFS_PORT" > /proc/fs/nfsd/portlist ||
			{ echo "no rdma listener on $NFS_PORT with $want"; return 1; }
	fi
	grep -q "^rdma $NFS_PORT\$" /proc/fs/nfsd/portlist ||
		{ echo "no rdma listener on $NFS_PORT"; return 1; }
	echo "server $srv_impl: $(bench_loaded 'rpcrdma|svcrdma|rpcrdma_core')"
}

# bench_loaded 'MOD|MOD...': those of the modules loaded, each with the
# start of its file's MD5 (which of our builds is in, ours or base).
bench_loaded() {
	local m
	for m in $(lsmod | awk -v re="^($1)\$" '$1 ~ re { print $1 }'); do
		printf '%s(%s) ' "$m" "$(md5sum "$(modinfo -n "$m")" | cut -c1-8)"
	done
}

# "perf TOOL ARGS": start a perftest server in the background.
bench_server_perf() {
	modprobe -a ib_uverbs rdma_ucm || return 1
	"$@" > "$OUT/perf.${1##*/}.$SECONDS.log" 2>&1 &
	perf_pid=$!
	echo "started $1 (pid $perf_pid)"
}

# "perfwait": the perftest server must end by itself.
bench_server_perfwait() {
	local i
	[ -n "$perf_pid" ] || return 0
	for ((i = 0; i < 600; i++)); do
		kill -0 "$perf_pid" 2>/dev/null || break
		read -r -t 0.1 <> /run/bench.tick
	done
	if kill -0 "$perf_pid" 2>/dev/null; then
		kill "$perf_pid"
		wait "$perf_pid"
		perf_pid=
		echo "perftest server did not finish; killed"
		return 1
	fi
	wait "$perf_pid"
	local rc=$?
	perf_pid=
	return "$rc"
}

# "perfkill": the server of a pair whose client could not reach it goes,
# whether it still runs (hung before it listened) or died by itself.
bench_server_perfkill() {
	[ -n "$perf_pid" ] || return 0
	kill "$perf_pid" 2>/dev/null
	wait "$perf_pid"
	perf_pid=
	echo "perftest server stopped"
}

# "profstart CONFIG NAME": perf record of the whole server guest until
# "profstop", which writes the same reports as the client's profile
# (bench_profile) into profile.CONFIG/ of the server's out directory.
prof_pid='' prof_out=''
bench_server_profstart() {
	prof_out=$OUT/profile.$1/$2
	mkdir -p "${prof_out%/*}"
	cat /proc/kallsyms > "${prof_out%/*}/kallsyms"
	cat /proc/modules > "${prof_out%/*}/modules"
	perf record -q -a -g "${PERF_EV[@]}" -o /tmp/sperf.data \
		> "$prof_out.log" 2>&1 &
	prof_pid=$!
}

bench_server_profstop() {
	[ -n "$prof_pid" ] || { echo "no profile running"; return 1; }
	kill -INT "$prof_pid"
	wait "$prof_pid"
	prof_pid=
	perf_reports /tmp/sperf.data "$prof_out"
}

bench_server_cmd() {
	local cmd=$1 line
	shift
	case "$cmd" in
	cpu) cpu_line ;;
	profstart) bench_server_profstart "$@" ;;
	profstop) bench_server_profstop ;;
	impl) bench_server_impl "$@" ;;
	perf) bench_server_perf "$@" ;;
	perfwait) bench_server_perfwait ;;
	perfkill) bench_server_perfkill ;;
	# Our server's counters (cumulative since it was loaded).
	stats) grep -r . /proc/sys/sunrpc/svcrdma_ng/ 2>/dev/null; true ;;
	# soft-RoCE's counters (cumulative: retransmissions, duplicates,
	# sequence errors, RNR NAKs), for the run's post-mortem.
	rdmastat) rdma statistic show link rxe0/1 ;;
	done) echo bye ;;
	*) echo "unknown request '$cmd'"; return 1 ;;
	esac
}

# Answer requests until the client says "done" or ends. The idle loop
# runs without the shell trace (it would log 10 lines a second) and looks
# at one file per tick: its CPU counts in the server's figures.
bench_serve() {
	local n=1 req line rc tick=0 deadline=$((SECONDS + BENCH_BUDGET + 600))
	mkfifo /run/bench.tick
	{ set +x; } 2>/dev/null
	while ((SECONDS < deadline)); do
		req=/out/client/req.$n
		if [ -e "$req" ]; then
			set -x
			read -r line < "$req"
			# shellcheck disable=SC2086
			bench_server_cmd $line > "$OUT/ack.$n.out" 2>&1
			rc=$?
			{ echo "rc=$rc"; cat "$OUT/ack.$n.out"; } > "$OUT/ack.$n.tmp"
			mv "$OUT/ack.$n.tmp" "$OUT/ack.$n"
			rm -f "$OUT/ack.$n.out"
			n=$((n + 1))
			[ "$line" = "done" ] && return 0
			{ set +x; } 2>/dev/null
		elif ((++tick % 50 == 0)) && [ -e /out/client/finished ]; then
			set -x
			return 1
		else
			read -r -t 0.1 <> /run/bench.tick
		fi
	done
	set -x
	return 1
}

run_server() {
	check "server: nfsd up on TCP" bench_server_up || return
	echo ready > "$OUT/ready"
	check "bench: server answered until the client was done" bench_serve
	rpc.nfsd 0
	exportfs -ua
	pkill rpc.mountd
	# Our server's counters (guest/lib.sh) cover its last load.
	[ "$srv_impl" = ours ] && SERVER_IMPL=ours server_conns_freed
	[ "$srv_impl" = none ] ||
		check "server: transport ($srv_impl) unloads" bench_unload server "$srv_impl"
}

# --- client ------------------------------------------------------------------------
cli_impl=none

rec() { local IFS=$'\t'; echo "$*" >> "$BENCH_RAW"; }

bench_client_impl() {
	local want=$1
	[ "$cli_impl" = "$want" ] && return 0
	if [ "$cli_impl" != none ]; then
		bench_unload client "$cli_impl" || return 1
		cli_impl=none
	fi
	bench_load client "$want" || { echo "cannot load the $want client transport"; return 1; }
	cli_impl=$want
}

bench_umount() {
	mountpoint -q "$NFS_MNT" || return 0
	timeout 60 umount "$NFS_MNT" && return 0
	umount -f -l "$NFS_MNT"
	return 1
}

# The mount's transports, one line each (its "xprt:" lines' type); the
# mount must use the transport asked for, nconnect=N gives N of them.
mount_xprt_types() {
	awk -v m="$NFS_MNT" '$1 == "device" && $5 == m { f = 1; next }
		$1 == "device" { f = 0 }
		f && $1 == "xprt:" { print $2 }' /proc/self/mountstats
}
mount_xprt() { mount_xprt_types | head -n 1; }
mount_xprts() { mount_xprt_types | wc -l; }

# bench_mount PROTO [OPTIONS]: OPTIONS are added to the mount's.
bench_mount() {
	local proto=$1 opts=vers=$BENCH_VERS path=/
	if [ "$proto" = rdma ]; then
		opts+=",proto=rdma,port=$NFS_PORT"
	else
		opts+=",proto=tcp"
	fi
	[ -n "${2:-}" ] && opts+=",$2"
	[ "$BENCH_VERS" = 3 ] && path=$EXPORT_DIR
	mkdir -p "$NFS_MNT"
	timeout 120 mount -t nfs -o "$opts" "$SERVER_ADDR:$path" "$NFS_MNT" || return 1
	[ "$(mount_xprt)" = "$proto" ] || { echo "mount is over $(mount_xprt), not $proto"; return 1; }
	# The first OPEN after an nfsd restart waits out the grace period:
	# here, not inside a measurement.
	mkdir -p "$BENCH_DIR" &&
		timeout 120 bash -c "echo warm > '$BENCH_DIR/warm' && [ \"\$(cat '$BENCH_DIR/warm')\" = warm ]" &&
		rm -f "$BENCH_DIR/warm"
}

# Busy ticks (USER_HZ) of a /proc/stat "cpu" line: all but idle and
# iowait; guest time is already inside user and nice.
busy_ticks() { awk '{ print $2 + $3 + $4 + $7 + $8 + $9 }' "$1"; }

# A counter that bench-rpc's "cpu" line carries after the CPU fields
# ("ctxt N intr N tx N rx N"): count FIELD FILE.
count() { awk -v f="$1" '{ for (i = 1; i < NF; i++) if ($i == f) print $(i + 1) }' "$2"; }

# delta SIDE FIELD: a counter's growth over the marked interval.
delta() {
	echo $(( $(count "$2" "/tmp/bench-cpu.$1.b") - $(count "$2" "/tmp/bench-cpu.$1.a") ))
}

# cpu_per BYTES OPS: CPU of both guests over the last marked interval,
# as "client server" seconds per GiB, then "client server" microseconds
# per operation, then "client server" context switches and interrupts
# per operation, then the frames the client sent and received per
# operation (the server's are the same frames the other way).
cpu_per() {
	local bytes=$1 ops=$2 hz c s
	hz=$(getconf CLK_TCK)
	c=$(( $(busy_ticks /tmp/bench-cpu.client.b) - $(busy_ticks /tmp/bench-cpu.client.a) ))
	s=$(( $(busy_ticks /tmp/bench-cpu.server.b) - $(busy_ticks /tmp/bench-cpu.server.a) ))
	awk -v c="$c" -v s="$s" -v hz="$hz" -v b="$bytes" -v n="$ops" \
		-v cx="$(delta client ctxt)" -v sx="$(delta server ctxt)" \
		-v ci="$(delta client intr)" -v si="$(delta server intr)" \
		-v ct="$(delta client tx)" -v cr="$(delta client rx)" \
		'BEGIN { g = b / 1073741824; c /= hz; s /= hz
			printf "%.3f %.3f %.1f %.1f %.2f %.2f %.2f %.2f %.2f %.2f\n",
				c / g, s / g, c * 1e6 / n, s * 1e6 / n, cx / n, sx / n,
				ci / n, si / n, ct / n, cr / n }'
}

# host_per OPS: XF_HOST, the last marked interval on the host
# (scripts/bench-hostcpu): each QEMU's host CPU per operation, the share
# of the host's time each vCPU thread ran, and the host CPUs both QEMUs
# kept busy; empty when the host gave no figures.
host_per() {
	local h
	XF_HOST=()
	h=$(host_figures) || return 0
	read -r -a XF_HOST < <(awk -v n="$1" '$1 > 0 && n > 0 {
		printf "%.1f %.1f %.3f %.3f %.3f\n", $3 / 1e3 / n,
			$5 / 1e3 / n, $2 / $1, $4 / $1, ($3 + $5) / $1 }' <<< "$h")
}

# The block checksum (scripts/bench sets it by the guests' clock): CRC32C
# when the clock counts instructions (the SSE4.2 instruction does 8 bytes
# at a time), MD5 on the host's clock, where TCG runs that instruction
# through a helper call and CRC32C costs the client's saturated CPU about
# three times what MD5 does (bench.rst, "Data integrity").
: "${BENCH_VERIFY:=md5}"
BENCH_FIO=(fio --ioengine=libaio --direct=1 --fallocate=none --randrepeat=1
	--verify="$BENCH_VERIFY" --verify_fatal=1 --verify_state_save=0
	--output-format=json)

# bench_fio ROUND CONFIG WORKLOAD [fio options]: one fio job; prints its
# JSON into /tmp/bench.json. With a mark, both guests' CPU is sampled by
# fio's hooks right around the I/O.
bench_fio() {
	local r=$1 cfg=$2 wl=$3
	shift 3
	(cd /tmp && timeout -k 10 "$BENCH_IO_TIMEOUT" "${BENCH_FIO[@]}" \
		--name="$wl" --output=/tmp/bench.json "$@") > /tmp/bench.fio.log 2>&1
	local rc=$?
	cp /tmp/bench.json "$OUT/fio/$r-$cfg-$wl${BENCH_FIO_SUFFIX:-}.json" 2>/dev/null
	if [ $rc -ne 0 ]; then
		BENCH_WHY="fio exit $rc: $(grep -m1 -Ei 'verify|error|bad|fail' /tmp/bench.fio.log)"
		[ $rc -ge 124 ] && BENCH_WHY="fio timed out after ${BENCH_IO_TIMEOUT}s"
		return 1
	fi
	local err
	err=$(jq '.jobs[0].error' /tmp/bench.json)
	if [ "$err" != 0 ]; then
		BENCH_WHY="fio job error $err"
		return 1
	fi
}

MARK=(--exec_prerun="$BENCH_RPC mark a" --exec_postrun="$BENCH_RPC mark b")

# bench_xfer ROUND CONFIG LABEL FILE RW BS QD SIZE [fio options]: the
# timed job on $BENCH_DIR/FILE.dat with CPU sampling, then for writes the
# verify_only pass over what it wrote. Sets XF_BW (MiB/s), XF_IOPS,
# XF_LAT (median total latency, us) and XF_CPU (cpu_per's ten figures)
# for the whole job (fio's group_reporting sums several jobs). SIZE is
# in MiB, or ends in k or M.
bench_xfer() {
	local r=$1 cfg=$2 label=$3 file=$4 rw=$5 bs=$6 qd=$7 mb=$8 v=read bytes ops
	shift 8
	case "$mb" in *[kM]) ;; *) mb=${mb}M ;; esac
	local job=(--filename="$BENCH_DIR/$file.dat" --rw="$rw" --bs="$bs"
		--iodepth="$qd" --size="$mb" --group_reporting "$@")
	case "$rw" in write|randwrite) v="write" ;; esac
	rm -f /tmp/bench-cpu.*
	bench_fio "$r" "$cfg" "$label" "${job[@]}" --do_verify=0 "${MARK[@]}" || return 1
	if [ ! -s /tmp/bench-cpu.server.b ] || [ ! -s /tmp/bench-cpu.client.a ]; then
		BENCH_WHY="no CPU samples from the fio hooks"
		return 1
	fi
	read -r bytes ops XF_BW XF_IOPS XF_LAT < <(jq -r ".jobs[0].$v |
		\"\(.io_bytes) \(.total_ios) \(.bw_bytes / 1048576) \(.iops) \((.lat_ns.percentile[\"50.000000\"] // .lat_ns.mean) / 1000)\"" /tmp/bench.json)
	[ "${bytes:-0}" -gt 0 ] && [ "${ops:-0}" -gt 0 ] ||
		{ BENCH_WHY="fio moved no bytes"; return 1; }
	read -r -a XF_CPU < <(cpu_per "$bytes" "$ops")
	[ "${#XF_CPU[@]}" = 10 ] || { BENCH_WHY="no CPU figures from the samples"; return 1; }
	host_per "$ops"
	# Reads were verified as they went; writes are read back now.
	if [ "$v" = write ] &&
		! BENCH_FIO_SUFFIX=.verify bench_fio "$r" "$cfg" "$label" "${job[@]}" --verify_only; then
		BENCH_WHY="verify pass: $BENCH_WHY"
		return 1
	fi
}

# bench_io ROUND CONFIG WORKLOAD RW BS QD SIZE_MB: a headline workload.
bench_io() {
	local r=$1 cfg=$2 wl=$3 rw=$4 bs=$5 qd=$6 mb=$7 file=$3
	case "$wl" in
	seqread) file=seqwrite ;;
	randread4k) file=randwrite4k ;;
	esac
	bench_xfer "$r" "$cfg" "$wl" "$file" "$rw" "$bs" "$qd" "$mb" || return 1
	if [ "$bs" = 1M ]; then
		rec m "$r" "$cfg" "$wl" bw "$XF_BW" MiB/s
	else
		rec m "$r" "$cfg" "$wl" iops "$XF_IOPS" IOPS
	fi
	rec_cpu "$r" "$cfg" "$wl"
}

# rec_cpu ROUND CONFIG WORKLOAD: a headline figure's CPU per GiB, and its
# context switches and interrupts per operation, on each side (XF_CPU).
rec_cpu() {
	rec m "$1" "$2" "$3" cpu_client "${XF_CPU[0]}" s/GiB
	rec m "$1" "$2" "$3" cpu_server "${XF_CPU[1]}" s/GiB
	rec m "$1" "$2" "$3" cs_client "${XF_CPU[4]}" /op
	rec m "$1" "$2" "$3" cs_server "${XF_CPU[5]}" /op
	rec m "$1" "$2" "$3" irq_client "${XF_CPU[6]}" /op
	rec m "$1" "$2" "$3" irq_server "${XF_CPU[7]}" /op
	rec m "$1" "$2" "$3" tx_client "${XF_CPU[8]}" /op
	rec m "$1" "$2" "$3" rx_client "${XF_CPU[9]}" /op
	[ "${#XF_HOST[@]}" = 5 ] || return 0
	rec m "$1" "$2" "$3" hcpu_client "${XF_HOST[0]}" us/op
	rec m "$1" "$2" "$3" hcpu_server "${XF_HOST[1]}" us/op
	rec m "$1" "$2" "$3" hvcpu_client "${XF_HOST[2]}" busy
	rec m "$1" "$2" "$3" hvcpu_server "${XF_HOST[3]}" busy
	rec m "$1" "$2" "$3" hcores "${XF_HOST[4]}" CPUs
}

# --- scaling (scripts/bench --scaling) ----------------------------------------------
# MiB written and read per I/O size: 2 to 6 s each in the TCG guests
# (about 6 MiB/s at 4 KiB, 16 at 16 KiB, 32 at 64 KiB, 45 from 256 KiB),
# long against the 10 ms tick of the CPU samples and against the fio
# job's own start and end, which the samples include (about 0.1 s). fio
# reads a file once when it verifies (time_based and loops are ignored
# then), so the reads of qd-N and nc-N last as long as size-4k's file
# allows: 8192 reads, 3 to 10 s.
scale_mb() {
	local mb
	case "$1" in 4k) mb=32 ;; 16k) mb=48 ;; 64k) mb=96 ;; *) mb=128 ;; esac
	[ "$BENCH_QUICK" = 1 ] && mb=$((mb / 8))
	echo "$mb"
}

# size-BS: sequential writes then reads of BS at queue depth 8; the
# file stays for qd-N (4k) and nc-N (4k and 1m).
bench_scale_size() {
	local r=$1 cfg=$2 bs=$3 mb rw
	mb=$(scale_mb "$bs")
	for rw in write read; do
		bench_xfer "$r" "$cfg" "size-$bs.$rw" "scale-$bs" "$rw" "$bs" 8 "$mb" ||
			return 1
		rec m "$r" "$cfg" "size-$bs" "${rw}_bw" "$XF_BW" MiB/s
		rec m "$r" "$cfg" "size-$bs" "${rw}_cpu_client" "${XF_CPU[0]}" s/GiB
		rec m "$r" "$cfg" "size-$bs" "${rw}_cpu_server" "${XF_CPU[1]}" s/GiB
	done
}

# qd-N: 4 KiB random reads of size-4k's file at queue depth N.
bench_scale_qd() {
	local r=$1 cfg=$2 qd=$3
	bench_xfer "$r" "$cfg" "qd-$qd" scale-4k randread 4k "$qd" "$(scale_mb 4k)" \
		--lat_percentiles=1 || return 1
	rec m "$r" "$cfg" "qd-$qd" iops "$XF_IOPS" IOPS
	rec m "$r" "$cfg" "qd-$qd" lat_p50 "$XF_LAT" us
	rec m "$r" "$cfg" "qd-$qd" cpu_client_op "${XF_CPU[2]}" us/op
	rec m "$r" "$cfg" "qd-$qd" cpu_server_op "${XF_CPU[3]}" us/op
}

# nc-N: the mount again with nconnect=N (N transports, the client spreads
# its RPCs over them), then 4 fio jobs, each on its own quarter of a
# file: 4 KiB random reads at queue depth 4 each (size-4k's file), and
# 1 MiB sequential reads at queue depth 2 each (size-1m's).
bench_scale_nc() {
	local r=$1 cfg=$2 n=$3 proto=rdma x mb4 mb1
	[ "$cfg" = tcp ] && proto=tcp
	bench_umount || log "bench: umount needed force"
	if ! bench_mount "$proto" "nconnect=$n" > /tmp/bench.why 2>&1; then
		BENCH_WHY="mount with nconnect=$n: $(tr '\n\t' '  ' < /tmp/bench.why)"
		return 1
	fi
	x=$(mount_xprts)
	if [ "$x" != "$n" ]; then
		BENCH_WHY="nconnect=$n mount has $x transports"
		return 1
	fi
	mb4=$(scale_mb 4k) mb1=$(scale_mb 1m)
	bench_xfer "$r" "$cfg" "nc-$n.rand" scale-4k randread 4k 4 \
		"$((mb4 * 256))k" --numjobs=4 --offset_increment="$((mb4 * 256))k" ||
		return 1
	rec m "$r" "$cfg" "nc-$n" iops "$XF_IOPS" IOPS
	rec m "$r" "$cfg" "nc-$n" cpu_client_op "${XF_CPU[2]}" us/op
	rec m "$r" "$cfg" "nc-$n" cpu_server_op "${XF_CPU[3]}" us/op
	bench_xfer "$r" "$cfg" "nc-$n.seq" scale-1m read 1M 2 \
		"$((mb1 * 256))k" --numjobs=4 --offset_increment="$((mb1 * 256))k" ||
		return 1
	rec m "$r" "$cfg" "nc-$n" bw "$XF_BW" MiB/s
}

bench_lat() {
	local r=$1 cfg=$2 p50 p99
	bench_fio "$r" "$cfg" lat4k --filename="$BENCH_DIR/randwrite4k.dat" \
		--rw=randread --bs=4k --iodepth=1 --size="${BENCH_RAND_MB}M" \
		--number_ios="$BENCH_LAT_IOS" --lat_percentiles=1 || return 1
	read -r p50 p99 < <(jq -r '.jobs[0].read.lat_ns.percentile |
		"\(.["50.000000"] / 1000) \(.["99.000000"] / 1000)"' /tmp/bench.json)
	rec m "$r" "$cfg" lat4k lat_p50 "$p50" us
	rec m "$r" "$cfg" lat4k lat_p99 "$p99" us
}

bench_meta() {
	local r=$1 cfg=$2 out rc t n=$BENCH_META_FILES
	mkdir -p "$BENCH_DIR/meta"
	out=$(timeout -k 10 "$BENCH_IO_TIMEOUT" "$BENCH_META" "$BENCH_DIR/meta" "$n" 2>&1)
	rc=$?
	if [ $rc -ne 0 ]; then
		BENCH_WHY="bench-meta exit $rc: $(echo "$out" | tail -n 1)"
		[ $rc -ge 124 ] && BENCH_WHY="bench-meta timed out after ${BENCH_IO_TIMEOUT}s"
		return 1
	fi
	log "meta: $out"
	read -r -a t <<< "$out"
	rec m "$r" "$cfg" meta ops "$(awk -v n="$n" -v a="${t[1]}" -v b="${t[3]}" \
		-v c="${t[5]}" 'BEGIN { printf "%.1f", 3 * n / (a + b + c) }')" ops/s
	rec m "$r" "$cfg" meta create "$(awk -v n="$n" -v a="${t[1]}" 'BEGIN { printf "%.1f", n / a }')" ops/s
	rec m "$r" "$cfg" meta stat "$(awk -v n="$n" -v a="${t[3]}" 'BEGIN { printf "%.1f", n / a }')" ops/s
	rec m "$r" "$cfg" meta unlink "$(awk -v n="$n" -v a="${t[5]}" 'BEGIN { printf "%.1f", n / a }')" ops/s
}

# scripts/bench checked the list and put it in this order.
read -r -a BENCH_WORKLOADS <<< "${BENCH_WORKLOADS:-seqwrite seqread randwrite4k randread4k lat4k meta}"

bench_workload() {
	local r=$1 cfg=$2 wl=$3
	BENCH_WHY=
	case "$wl" in
	seqwrite) bench_io "$r" "$cfg" "$wl" write 1M 8 "$BENCH_SEQ_MB" ;;
	seqread) bench_io "$r" "$cfg" "$wl" read 1M 8 "$BENCH_SEQ_MB" ;;
	randwrite4k) bench_io "$r" "$cfg" "$wl" randwrite 4k 16 "$BENCH_RAND_MB" ;;
	randread4k) bench_io "$r" "$cfg" "$wl" randread 4k 16 "$BENCH_RAND_MB" ;;
	lat4k) bench_lat "$r" "$cfg" ;;
	meta) bench_meta "$r" "$cfg" ;;
	size-*) bench_scale_size "$r" "$cfg" "${wl#size-}" ;;
	qd-*) bench_scale_qd "$r" "$cfg" "${wl#qd-}" ;;
	nc-*) bench_scale_nc "$r" "$cfg" "${wl#nc-}" ;;
	esac
}

# perf_reports DATA OUT: the reports of a profile, OUT.report (by
# symbol, 0.5 % and up), OUT.dso (by binary), OUT.syms (every
# symbol, which scripts/bench-profile sums by kernel module with the
# kallsyms file beside it) and OUT.chains.gz (every sample's task and
# call chain); with --profile-events sched only OUT.sched.gz (every
# event with its fields and call chain, for scripts/bench-sched: counts
# of events, which the CPU reports would misread as time). The data
# file is removed.
perf_reports() {
	if [ "$BENCH_PROF_EVENTS" = sched ]; then
		timeout -k 10 300 perf script -i "$1" \
			-F comm,tid,cpu,event,trace,ip,sym 2> /dev/null |
			gzip > "$2.sched.gz"
		rm -f "$1"
		return
	fi
	timeout -k 10 120 perf report -i "$1" --stdio \
		--no-children --sort dso,sym -g none --percent-limit 0.5 \
		> "$2.report" 2>&1
	timeout -k 10 120 perf report -i "$1" --stdio \
		--no-children --sort dso -g none > "$2.dso" 2>&1
	timeout -k 10 120 perf report -i "$1" --stdio \
		--no-children --sort dso,sym -g none > "$2.syms" 2>&1
	# Every sample with its call chain, for what each layer causes
	# (scripts/bench-profile's inclusive shares).
	timeout -k 10 300 perf script -i "$1" -F comm,tid,ip,sym,dso 2> /dev/null |
		gzip > "$2.chains.gz"
	rm -f "$1"
}

# bench_profile ROUND CONFIG: after the measurements, one more pass of
# each fio workload under "perf record -a -g" (cpu-clock: TCG has no
# PMU) on both guests: 4 KiB random writes and reads at queue depth 16,
# 1 MiB sequential writes and reads at queue depth 8, with each guest's
# symbol tables beside them (the client's out directory has the
# client's profile.CONFIG/, the server's the server's). Nothing here is
# a measurement; the profiles are for Documentation/bench.rst.
bench_profile() {
	local r=$1 cfg=$2 out=$OUT/profile.$2 pass name rw bs qd mb
	mkdir -p "$out"
	cat /proc/kallsyms > "$out/kallsyms"
	cat /proc/modules > "$out/modules"
	for pass in "randwrite randwrite 4k 16 $BENCH_RAND_MB" \
		    "randread randread 4k 16 $BENCH_RAND_MB" \
		    "seqwrite write 1M 8 $BENCH_SEQ_MB" \
		    "seqread read 1M 8 $BENCH_SEQ_MB"; do
		read -r name rw bs qd mb <<< "$pass"
		"$BENCH_RPC" profstart "$cfg" "$name" > /dev/null ||
			log "profile $cfg $name: no server profile"
		timeout -k 10 "$BENCH_IO_TIMEOUT" perf record -q -a -g "${PERF_EV[@]}" \
			-o "/tmp/perf.$name.data" -- \
			"${BENCH_FIO[@]}" --name="prof-$name" --output="/tmp/prof.json" \
			--filename="$BENCH_DIR/prof.$bs.dat" --rw="$rw" --bs="$bs" \
			--iodepth="$qd" --size="${mb}M" --do_verify=0 \
			> "$out/$name.log" 2>&1 || { log "profile $cfg $name failed"; return 1; }
		"$BENCH_RPC" profstop > /dev/null ||
			log "profile $cfg $name: the server profile failed"
		cp /tmp/prof.json "$out/$name.json"
		perf_reports "/tmp/perf.$name.data" "$out/$name"
	done
	rm -f "$BENCH_DIR"/prof.*.dat
}

# One NFS configuration: switch both sides, mount, run every workload.
bench_nfs() {
	local r=$1 cfg=$2 proto=rdma c s wl failed=
	case "$cfg" in
	tcp) proto=tcp ;;
	*-*) c=${cfg%-*} s=${cfg#*-} ;;
	*) c=$cfg s=$cfg ;;
	esac
	bench_umount || log "bench: umount needed force"
	if [ "$proto" = rdma ]; then
		if "$BENCH_RPC" impl "$s" > /tmp/bench.why 2>&1; then
			rec i "$r" "$cfg" server "$(tr '\n\t' '  ' < /tmp/bench.why)"
		else
			failed="server cannot serve with $s: $(tr '\n\t' '  ' < /tmp/bench.why)"
		fi
		if [ -z "$failed" ] && ! bench_client_impl "$c" > /tmp/bench.why 2>&1; then
			failed="client cannot switch to $c: $(tr '\n\t' '  ' < /tmp/bench.why)"
		fi
	fi
	if [ -z "$failed" ] && ! bench_mount "$proto" > /tmp/bench.why 2>&1; then
		failed="mount over $proto failed: $(tr '\n\t' '  ' < /tmp/bench.why)"
	fi
	if [ -n "$failed" ]; then
		not_ok "bench: round $r $cfg: set up ($failed)"
		for wl in "${BENCH_WORKLOADS[@]}"; do rec f "$r" "$cfg" "$wl" "$failed"; done
		return 1
	fi
	ok "bench: round $r $cfg: set up"
	rec i "$r" "$cfg" client "$cli_impl: $(bench_loaded 'rpcrdma|xprtrdma|rpcrdma_core')"
	rec i "$r" "$cfg" mount "$(awk -v m="$NFS_MNT" '$2 == m { print $4 }' /proc/mounts)"

	for wl in "${BENCH_WORKLOADS[@]}"; do
		if [ -n "$failed" ]; then
			rec f "$r" "$cfg" "$wl" "skipped: $failed"
			continue
		fi
		log "bench: round $r $cfg $wl"
		if bench_workload "$r" "$cfg" "$wl"; then
			ok "bench: round $r $cfg $wl verified"
		else
			rec f "$r" "$cfg" "$wl" "$BENCH_WHY"
			not_ok "bench: round $r $cfg $wl verified ($BENCH_WHY)"
			# A hung transport would eat the whole budget.
			case "$BENCH_WHY" in
			*"timed out"*) failed="an earlier workload of this round timed out" ;;
			esac
		fi
	done
	if [ "$r" = 1 ] && [ -z "$failed" ] &&
		[[ " $BENCH_PROFILE " == *" $cfg "* ]]; then
		bench_profile "$r" "$cfg"
	fi
	# Per-operation RPC counts and times (queue, RTT, execute) of this
	# mount, and for the RDMA transports their xprt counters.
	cp /proc/self/mountstats "$OUT/mountstats.$r.$cfg" 2>/dev/null
	rdma statistic show link rxe0/1 > "$OUT/rdmastat.$r.$cfg" 2>&1
	"$BENCH_RPC" rdmastat > "$OUT/rdmastat.server.$r.$cfg" 2>&1
	if [ "$s" = ours ]; then
		"$BENCH_RPC" stats > "$OUT/svcstats.$r.$cfg" 2>&1
	fi
	[ -n "$failed" ] || rm -rf "$BENCH_DIR"
	bench_umount || log "bench: umount needed force"
}

# bench_pair SRV CLI: a raw measurement between the guests. Starts the
# server command in the array named SRV (bench-rpc "perf"), then runs the
# function CLI, which prints the figures, up to 10 times a second apart
# (the server needs a moment to listen); after five misses the server
# is stopped and started again (a perftest server has been seen to die,
# or hang, before it listened). PAIR_OUT is the client's last output,
# which goes to perf.log too. The server must end by itself.
bench_pair() {
	local -n srv=$1
	local cli=$2 i
	PAIR_OUT=
	"$BENCH_RPC" perf "${srv[@]}" > /dev/null || return 1
	for ((i = 0; i < 10; i++)); do
		sleep 1
		PAIR_OUT=$("$cli" 2>&1) && break
		if [ "$i" = 4 ]; then
			echo "$PAIR_OUT" >> "$OUT/perf.log"
			log "bench: ${srv[0]##*/}: no server after 5 tries; starting it again"
			"$BENCH_RPC" perfkill > /dev/null
			"$BENCH_RPC" perf "${srv[@]}" > /dev/null || return 1
		fi
	done
	echo "$PAIR_OUT" >> "$OUT/perf.log"
	"$BENCH_RPC" perfwait > /dev/null && [ $i -lt 10 ]
}

# perftest on rxe0 through rdma_cm; the client side prints the figures.
bench_perf() {
	PERF_ARGS=(-d rxe0 -R -F "${@:2}")
	# shellcheck disable=SC2034 # read by bench_pair through its nameref
	PERF_SRV=("$1" "${PERF_ARGS[@]}")
	PERF_TOOL=$1
	bench_pair PERF_SRV bench_perf_client
	local rc=$?
	echo "$PAIR_OUT"
	return $rc
}
bench_perf_client() { timeout 120 "$PERF_TOOL" "${PERF_ARGS[@]}" "$SERVER_ADDR"; }

# rawbw on rxe0 (scripts/guest/rawbw.c, built on the host by vmtest):
# bench_rawbw MODE SIZE DEPTH [RESP] runs one client for BENCH_PERF_SECS
# against a server started for it, with both guests' CPU marked around
# it, and sets RAW_LINE to its output line.
RAWBW=/out/bin/rawbw RAWBW_PORT=18516

rawbw_ready() {
	[ -x "$RAWBW" ] && return 0
	log "bench: no $RAWBW (scripts/vmtest builds it on the host)"
	return 1
}

bench_rawbw() {
	RAW_ARGS=("$@")
	# shellcheck disable=SC2034 # read by bench_pair through its nameref
	RAW_SRV=("$RAWBW" server "$RAWBW_PORT")
	bench_pair RAW_SRV bench_rawbw_client
	local rc=$?
	RAW_LINE=$PAIR_OUT
	return $rc
}

# One try of the client, both guests' CPU marked right around it; with
# RAW_PROF set, under "perf record" into /tmp/perf.$RAW_PROF.data.
bench_rawbw_client() {
	local rc prof=()
	[ -n "${RAW_PROF:-}" ] &&
		prof=(perf record -q -a -g "${PERF_EV[@]}" -o "/tmp/perf.$RAW_PROF.data" --)
	rm -f /tmp/bench-cpu.*
	"$BENCH_RPC" mark a
	timeout 120 "${prof[@]}" "$RAWBW" client "$SERVER_ADDR" "$RAWBW_PORT" \
		"${RAW_ARGS[@]:0:3}" "$BENCH_PERF_SECS" "${RAW_ARGS[@]:3}"
	rc=$?
	"$BENCH_RPC" mark b
	return $rc
}

# rawbw_field NAME: NAME=VALUE of RAW_LINE
rawbw_field() { echo "$RAW_LINE" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# bench_raw_one ROUND WORKLOAD METRIC MODE SIZE DEPTH [RESP]: the raw
# figure of WORKLOAD (bw in MiB/s or iops) with both sides' CPU per GiB.
bench_raw_one() {
	local r=$1 wl=$2 m=$3 v
	shift 3
	if bench_rawbw "$@"; then
		if [ "$m" = bw ]; then
			v=$(rawbw_field mibps)
			rec m "$r" raw "$wl" bw "$v" MiB/s
		else
			v=$(rawbw_field opsps)
			rec m "$r" raw "$wl" iops "$v" IOPS
		fi
		read -r -a XF_CPU < <(cpu_per "$(rawbw_field bytes)" "$(rawbw_field ops)")
		host_per "$(rawbw_field ops)"
		[ "${#XF_CPU[@]}" = 10 ] && rec_cpu "$r" raw "$wl"
		ok "bench: round $r raw $wl (rawbw $1)"
	else
		rec f "$r" raw "$wl" "rawbw $*: $(echo "${RAW_LINE:-no output}" | tail -n 1)"
		not_ok "bench: round $r raw $wl (rawbw $1)"
	fi
}


# The raw figures' rawbw arguments, by the name of the fio workload
# whose ceiling each is (and of its profile, bench_raw_profile).
RAW_PASSES=("seqwrite pull 1048576 8" "seqread push 1048576 8"
	"randwrite send 4260 16 200" "randread send 200 16 4260")

# bench_raw_profile: one more rawbw pass of each raw figure, with both
# guests under "perf record -a -g" as bench_profile's fio passes are, so
# that scripts/bench-profile can tell what soft-RoCE alone costs.
bench_raw_profile() {
	local out=$OUT/profile.raw pass name args
	mkdir -p "$out"
	cat /proc/kallsyms > "$out/kallsyms"
	cat /proc/modules > "$out/modules"
	for pass in "${RAW_PASSES[@]}"; do
		read -r name args <<< "$pass"
		"$BENCH_RPC" profstart raw "$name" > /dev/null ||
			log "profile raw $name: no server profile"
		# shellcheck disable=SC2086 # the arguments are words
		RAW_PROF=$name bench_rawbw $args || log "profile raw $name failed"
		"$BENCH_RPC" profstop > /dev/null ||
			log "profile raw $name: the server profile failed"
		[ -e "/tmp/perf.$name.data" ] && perf_reports "/tmp/perf.$name.data" "$out/$name"
	done
}

# The ceiling of each NFS figure: what soft-RoCE alone does with the same
# data and message pattern, both sides sleeping on completion events.
# Sequential: 1 MiB RDMA Reads of the client's memory by the server (the
# data of a WRITE, as an NFS server pulls it) and RDMA Writes into it
# (a READ's, as the server pushes it), 8 in flight as fio's queue depth.
# 4 KiB random: request and response Sends, 16 in flight, with the sizes
# of an NFSv4.2 WRITE (a 4260-byte Call, about 200 bytes back) and READ
# (the other way round), the RPCs that carry 4 KiB inline with our 8 KiB
# inline threshold. Latency: perftest's ib_send_lat
# (busy polling, the lowest latency the link gives).
bench_raw() {
	local r=$1 out v2 i wl
	modprobe -a ib_uverbs rdma_ucm
	bench_umount
	for i in "${!RAW_PASSES[@]}"; do
		wl=${RAW_PASSES[$i]%% *}
		# shellcheck disable=SC2086 # the arguments are words
		case "$wl" in
		seq*) bench_raw_one "$r" "$wl" bw ${RAW_PASSES[$i]#* } ;;
		*) bench_raw_one "$r" "${wl}4k" iops ${RAW_PASSES[$i]#* } ;;
		esac
	done
	# Columns: bytes, iterations, t_min, t_max, t_typical (the median),
	# t_avg, t_stdev, 99% and 99.9% percentiles, in microseconds.
	if out=$(bench_perf ib_send_lat -s 64 -n "$BENCH_LAT_ITERS") &&
		v2=$(echo "$out" | awk '$1 == 64 && NF >= 8 { print $5, $8; exit }') &&
		[ -n "$v2" ]; then
		rec m "$r" raw lat4k lat_p50 "${v2% *}" us
		rec m "$r" raw lat4k lat_p99 "${v2#* }" us
		ok "bench: round $r raw ib_send_lat"
	else
		rec f "$r" raw lat4k "ib_send_lat failed: $(echo "$out" | grep -v -- '---' | tail -n 2 | tr '\n\t' '  ')"
		not_ok "bench: round $r raw ib_send_lat"
	fi
	if [ "$r" = 1 ] && [[ " $BENCH_PROFILE " == *" raw "* ]]; then
		bench_raw_profile
	fi
}

# bench_now: seconds on the host's clock, which scripts/bench-hostcpu
# (started by scripts/bench) writes into /out/hostclock every 2 s (a
# whole file renamed into place, so a read gets one value or the other)
# and on which the run's hard stop is kept:
# the guest's own clock counts instructions and can run behind it. The
# guest's seconds when there is no such file (vmtest run by hand).
bench_now() {
	local t
	if read -r t 2> /dev/null < /out/hostclock && [[ $t =~ ^[0-9]+$ ]]; then
		echo "$t"
	else
		echo "$SECONDS"
	fi
}

bench_client() {
	local configs order r i n shift cfg t0 tc t_round=0 t_cfg=0 t_start
	read -r -a configs <<< "$BENCH_CONFIGS"
	n=${#configs[@]}
	mkdir -p "$OUT/fio"
	: > "$BENCH_RAW"
	t_start=$(bench_now)
	# Round 0, the warm-up: one pass of round 1's first NFS
	# configuration, recorded apart (bench.warmup) and left out of every
	# figure. The first NFS pass after boot also pays for what every
	# later pass finds ready: the emulator's translations of the NFS,
	# RPC, nfsd and soft-RoCE code (ours and in-tree's modules are
	# loaded afresh for each pass, that common code is not), the slabs'
	# and the page cache's first growth. Round 1 always starts with the
	# same configuration, so without this it alone would pay.
	if [ "${BENCH_WARMUP:-1}" != 0 ]; then
		for cfg in "${configs[@]}"; do
			[ "$cfg" = raw ] && continue
			log "bench: round 0 (warm-up, not counted): $cfg"
			BENCH_RAW=$OUT/bench.warmup bench_nfs 0 "$cfg"
			break
		done
	fi
	for ((r = 1; r <= BENCH_REPS; r++)); do
		# Each round starts at another place in the cycle, so no
		# configuration always runs first or right after the same one.
		shift=$(( (r - 1) * n / BENCH_REPS ))
		order=()
		for ((i = 0; i < n; i++)); do order+=("${configs[(i + shift) % n]}"); done
		if ((r > 1 && $(bench_now) - t_start + t_round > BENCH_BUDGET)); then
			log "bench: round $r would overrun the ${BENCH_BUDGET}s budget; stopping"
			rec i "$r" all skipped "round $r would overrun the ${BENCH_BUDGET}s budget"
			break
		fi
		t0=$(bench_now)
		log "bench: round $r: ${order[*]}"
		for cfg in "${order[@]}"; do
			# A configuration starts only if the longest one so far
			# would still end within the budget.
			if (($(bench_now) - t_start + t_cfg > BENCH_BUDGET)); then
				rec i "$r" "$cfg" skipped "would overrun the ${BENCH_BUDGET}s budget"
				continue
			fi
			tc=$(bench_now)
			if [ "$cfg" = raw ]; then
				bench_raw "$r"
			else
				bench_nfs "$r" "$cfg"
			fi
			tc=$(($(bench_now) - tc))
			rec i "$r" "$cfg" seconds "$tc"
			((tc > t_cfg)) && t_cfg=$tc
		done
		t_round=$(($(bench_now) - t0))
		rec i "$r" all seconds "$t_round"
	done
	bench_umount
	"$BENCH_RPC" "done" > /dev/null
	check "bench: within the ${BENCH_BUDGET}s budget" test $(($(bench_now) - t_start)) -le "$BENCH_BUDGET"
}

bench_client_up() {
	rpcbind_up && modprobe -a nfs nfsv3 nfsv4 && rawbw_ready
}

run_client() {
	if ! wait_for /out/server/ready 600; then
		not_ok "client: server ready"
		return 1
	fi
	check "client: NFS client up" bench_client_up
	bench_client
	modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
	[ "$cli_impl" = none ] ||
		check "client: transport ($cli_impl) unloads" bench_unload client "$cli_impl"
}
