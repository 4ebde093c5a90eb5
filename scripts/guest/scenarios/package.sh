# SPDX-License-Identifier: GPL-2.0-only
# Scenario "package": the administrator's path with the Debian package,
# in one guest that has the kernel's rpcrdma.ko and nothing of ours.
# Nothing here loads a module of ours by name or with insmod.
#
#  1. install: "dpkg -i" of the package "make deb" built; its postinst
#     (dh_dkms, DKMS's common.postinst) must build our three modules for
#     $GUEST_KVER and install them: dkms status "installed", the files
#     in updates/dkms, modinfo finding them there with the guest's
#     vermagic, the real depmod's index naming them, the package's
#     modprobe.d file in /lib/modprobe.d, the four names resolving to
#     ours, and each module signed by DKMS's own key (see Signing);
#  1a. upgrade (with DEB_PREV, the previous release's package, which vmtest
#     passes on the stock kernel): step 1 installs DEB_PREV instead, nfsd
#     and a mount run on its modules and a file is written; then
#     "dpkg -i" of DEB over it, as "apt upgrade" does, while they are in
#     use: DKMS must hold the new version alone (the old one's source and
#     tree gone), the files must be the new build, indexed, signed and
#     named by all four names, the old modules must still be loaded
#     (nothing unloaded them), the mount must read back the file and pass
#     checked I/O; then everything is stopped and unloaded, and steps 2-6
#     run on the new version;
#  1b. a kernel installed later (with PKG_NEW_KVER, which vmtest names):
#     its image's postinst hooks, then its headers', as Debian's kernel
#     packages run them: DKMS must skip the first (no headers) with exit
#     0 and build and install ours for that kernel in the second, signed
#     and indexed, the running kernel's files untouched (see "A kernel
#     installed later" below); step 6 must remove ours from both. With
#     PKG_SAVE_STATE=1 (vmtest, RPCRDMA_PKG_REBOOT=1) what a reboot
#     keeps of the disk is then saved, and once this boot has ended
#     vmtest boots that kernel in a new guest with it (step 7);
#  2. sysctl.d, first as Debian applies it: at boot, before any module
#     is loaded, systemd-sysctl skips the sunrpc keys (see Tuning);
#  3. nfsd: [nfsd] rdma=y, rdma-port=20049 appended to /etc/nfs.conf
#     (saved and put back at the end) and a plain "rpc.nfsd": nfsd's
#     request for "svcrdma" must load our svcrdma.ko, the file DKMS
#     installed (build ID), with rpcrdma_core and without rpcrdma;
#  4. mounts: "mount -o vers=4.2,proto=rdma,port=20049" to the guest's own
#     address must load our xprtrdma.ko the same way; a 3 MiB + 1 file
#     written and read back after a remount (SHA-256), a 4 MiB O_DIRECT
#     write and read, and mountstats(8) of nfs-utils labelling the
#     xprt: rdma line with sane values; the sysctl.d setting of step 2
#     has not reached the module. Then vers=3, with checked I/O again;
#  5. the tuning that works (see Tuning): with the same sysctl.d file,
#     a modules-load.d file loads ours, systemd-sysctl then sets the
#     kernel's names, and a new mount sends a 2 KiB WRITE in a chunk;
#  6. removal: umount, nfsd stopped, "modprobe -r", "dpkg -r": our files
#     gone from updates/, dkms status empty, the modprobe.d file gone,
#     the index rebuilt without them, the four names resolving to
#     rpcrdma again; "dpkg -P" leaves nothing in /usr/src or
#     /var/lib/dkms. The same nfsd and mounts then load the kernel's
#     rpcrdma.ko (its own file, not marked out-of-tree), with checked
#     I/O for 4.2 and 3, and step 5's tuning works for it too.
#  7. the reboot (PKG_PHASE=newkernel, vmtest's second boot): the kernel
#     of step 1b runs, with the disk as step 1b left it; nothing of ours
#     is loaded by the boot, DKMS has ours installed for both kernels,
#     nfsd and the mounts load what DKMS built for this kernel, with
#     checked I/O (step 3 and 4's checks), and dpkg -r removes ours from
#     both kernels, after which the kernel's module serves (step 6's
#     checks). See "Booting the kernel installed later" below.
#
# Run with:
#   scripts/vmtest --scenario package --topology one --client ours --server ours
# and add --kernel 6.1 or --kernel 7.2 for those kernels.
#
# The package: vmtest runs "make deb DEB_DIR=<logs>/deb" on the host
# from the tree under test and passes the .deb as DEB (relative to the
# log directory, which the guest mounts as /out), as it passes KO_DIR
# to the autoload scenario. It builds no modules for this scenario:
# what the guest loads can only come from DKMS.
#
# Kernel headers: DKMS builds against /lib/modules/$GUEST_KVER/build. The
# guest's /lib/modules is the kernel cache's (stage2), whose "build" and
# "source" links, as Debian's linux-headers packages make them, name
# /usr/src/linux-headers-<kver> (and -common); 7.2's relative link
# resolves there too, /lib being /usr/lib. The host never installs those
# packages, so that /usr/src has no such trees: scripts/setup unpacks
# them into $MODROOT/usr/src instead (and points the headers' Makefile at
# the -common tree, and for 7.2 the sid compiler, by their cache paths).
# headers_installed puts in the guest's /usr/src (its tmpfs overlay) what
# installing linux-headers-$GUEST_KVER would have: a link from each name
# to the unpacked tree. Nothing else about DKMS is changed.
#
# depmod: the real one. DKMS runs "depmod -a $GUEST_KVER" after
# installing the modules and again after removing them; each takes some
# minutes under TCG (about 7 s natively: xz-compressed 6.12 and 7.2
# modules), little beside the DKMS build itself, and the index it makes
# from the files DKMS installed is what every later step resolves names
# with. (The autoload scenario uses a stand-in for make install's
# depmod; here nothing is.)
#
# Time: the DKMS build runs gcc under TCG, tens of minutes (vmtest gives
# this scenario a 7200 s timeout and 3 GiB). long_run logs how long
# dpkg -i, the build in it and dpkg -r took.
#
# Signing: DKMS 3.0.10 (Debian 12) signs what it builds whenever it finds
# the kernel's sign-file (here the headers' scripts/sign-file), with the
# key of /etc/dkms/framework.conf or else one it makes itself,
# /var/lib/dkms/mok.key and mok.pub. What Secure Boot needs besides,
# enrolling that key as a MOK ("mokutil --import", then the shim's MOK
# manager at the next boot), is skipped: the guests boot the kernel
# directly (QEMU -kernel, no UEFI, no shim), so there is no Secure Boot,
# no lockdown and no enforcement of module signatures. The kernel does
# not know DKMS's key, cannot verify the signature, and loads the module
# all the same, tainted E ("module verification failed: signature and/or
# required key missing"). The checks assert exactly that: signed by the
# key DKMS made, no Secure Boot, loaded, taint E and O.
#
# Tuning (Documentation/admin-guide.rst, "Tunables at boot"): Debian
# applies /etc/sysctl.d once, at boot (systemd-sysctl.service, after
# systemd-modules-load.service). Nothing applies it again when a module
# is loaded later: systemd's udev rules (99-systemd.rules) reapply only
# net.ipv4/ipv6 keys for each new network device, procps has no hook,
# and rdma-core's boot-time module list is loaded by a unit that is not
# ordered before systemd-sysctl. The transport is loaded on demand, by
# the first RDMA mount or nfsd listener, so a sunrpc.rdma_* or
# sunrpc.svc_rdma.* line in /etc/sysctl.d reaches neither the kernel's
# rpcrdma.ko nor ours (steps 2 and 4 show it). What works for both is
# sysctl.d(5)'s second method: list the module in /etc/modules-load.d, so
# that it is loaded before systemd-sysctl runs. The guest has no systemd
# as PID 1; step 5 runs what those two units run, in their order:
# /lib/systemd/systemd-modules-load, then /lib/systemd/systemd-sysctl
# (with --prefix=/sunrpc, so that the host's other sysctl.d settings
# stay out of the guest: the only difference from boot). sysctl.d(5)'s
# first method, a udev rule on the module's "add" event, is not tested
# (no udevd in the guest): the kernel sends that event before the
# module's init registers its sysctls, and the rule runs asynchronously,
# racing with that and with the mount that loaded the module. Ours
# also take the values as module parameters in
# modprobe.d (options xprtrdma inline_send=...), which the kernel's
# client does not have.

PKG_NAME=rpcrdma-ng-dkms
DKMS_NAME=rpcrdma-ng
PKG_DEB=/out${DEB:-}
PKG_VER=
DKMS_DEST=/lib/modules/$GUEST_KVER/updates/dkms
PKG_MODPROBE=/lib/modprobe.d/rpcrdma-ng.conf
OUR_MODS="rpcrdma_core xprtrdma svcrdma"
NFS_CONF=/etc/nfs.conf
NFS_CONF_SAVED=/tmp/package-nfs.conf
SYSCTL_FILE=/etc/sysctl.d/90-rpcrdma-ng-package.conf
MODLOAD_FILE=/etc/modules-load.d/rpcrdma-ng-package.conf
# Values that are the default of neither the kernel's module nor ours.
TUNED_INLINE=1024
TUNED_REQS=32
DKMS_KEY=/var/lib/dkms/mok.pub

. "$TOP/scripts/guest/admin.sh"

# The harness's own loading and unloading are not the path under test.
load_transport() { return 0; }
unload_transport() { return 0; }

# long_run SECS LOG CMD...: CMD, its output in LOG, for at most SECS.
# The stall watchdog (lib.sh) powers the guest off once the shell trace
# has not grown for STALL_SECS; a DKMS build under TCG is one command
# that takes longer than that, so this waits for it with a line of trace
# every 10 s, and a bound of its own.
long_run() {
	local secs=$1 out=$2 pid t0 rc
	shift 2
	t0=$(date +%s)
	setsid "$@" < /dev/null > "$out" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		if [ $(($(date +%s) - t0)) -ge "$secs" ]; then
			log "$*: still running after $secs s, stopped"
			kill -- -"$pid" 2>/dev/null
			wait "$pid"
			return 1
		fi
		sleep 10
	done
	wait "$pid"
	rc=$?
	log "$*: exit $rc after $(($(date +%s) - t0)) s"
	cat "$out"
	return $rc
}

# --- kernel headers, Secure Boot ------------------------------------------
# headers_installed [KVER ROOT]: the headers of KVER (the guest's
# kernel), unpacked under ROOT (its kernel cache, MODROOT).
headers_installed() {
	local l t name kdir=/lib/modules/${1:-$GUEST_KVER} root=${2:-$MODROOT}
	for l in build source; do
		t=$(readlink "$kdir/$l") || continue
		name=${t##*/}
		case "$t" in
		*/src/linux-headers-*) ;;
		*) continue ;;
		esac
		if [ ! -e "/usr/src/$name" ] && [ -d "$root/usr/src/$name" ]; then
			ln -s "$root/usr/src/$name" "/usr/src/$name" || return 1
		fi
		echo "$l -> $t -> $(readlink -f "$kdir/$l")"
	done
	[ -f "$kdir/build/Makefile" ] && [ -d "$kdir/build/include" ] &&
		[ -f "$kdir/build/.config" ] && [ -x "$kdir/build/scripts/sign-file" ]
}

no_secure_boot() {
	local lockdown enforce efi=no
	mountpoint -q /sys/kernel/security ||
		mount -t securityfs securityfs /sys/kernel/security
	lockdown=$(cat /sys/kernel/security/lockdown 2>/dev/null)
	enforce=$(cat /sys/module/module/parameters/sig_enforce 2>/dev/null)
	[ -d /sys/firmware/efi ] && efi=yes
	echo "UEFI: $efi; lockdown: ${lockdown:-none (no file)}; module.sig_enforce: $enforce"
	[ "$efi" = no ] && [ "$enforce" = N ] &&
		case "$lockdown" in ""|*"[none]"*) true ;; *) false ;; esac
}

# --- install ---------------------------------------------------------------
# Nothing of ours on the machine; the kernel's module is there and every
# name resolves to it.
pristine() {
	local st
	st=$(dpkg-query -W -f='${Status}' "$PKG_NAME" 2>/dev/null)
	echo "$PKG_NAME: ${st:-unknown to dpkg}"
	case "$st" in *" installed"|*config-files) return 1 ;; esac
	none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma &&
		[ -z "$(our_files)" ] && [ ! -e "$PKG_MODPROBE" ] &&
		resolves_to rpcrdma rpcrdma && resolves_to svcrdma rpcrdma
}

# Every file of one of our module names anywhere in the tree of the
# guest's kernel, or of KVER.
our_files() {
	find "/lib/modules/${1:-$GUEST_KVER}/" \( -name 'rpcrdma_core.ko*' -o \
		-name 'xprtrdma.ko*' -o -name 'svcrdma.ko*' \) -print
}

dkms_log=
pkg_install() {
	local t0 start end build
	PKG_VER=$(dpkg-deb -f "$PKG_DEB" Version) || return 1
	dkms_log=/var/lib/dkms/$DKMS_NAME/$PKG_VER/$GUEST_KVER/$(uname -m)/log/make.log
	dep_stamp "$GUEST_KVER"
	t0=$(date +%s)
	long_run 5400 "$OUT/dpkg-install.log" \
		env DEBIAN_FRONTEND=noninteractive dpkg -i "$PKG_DEB" || {
		cp "/var/lib/dkms/$DKMS_NAME/$PKG_VER/build/make.log" \
			"$OUT/dkms-make.log" 2>/dev/null
		return 1
	}
	if [ -f "$dkms_log" ]; then
		cp "$dkms_log" "$OUT/dkms-make.log"
		# make.log: its second line is the date the build began, and
		# DKMS moves it into place when the build has ended.
		start=$(date -d "$(sed -n 2p "$dkms_log")" +%s 2>/dev/null)
		end=$(stat -c %Y "$dkms_log")
		if [ -n "$start" ]; then
			build=$((end - start))
			log "DKMS build: $build s; the rest of dpkg -i (unpacking, dkms add and install, depmod, signing): $(($(date +%s) - t0 - build)) s"
		fi
	fi
	return 0
}

# dkms_says_installed [KVER]: dkms status has this version installed for
# the guest's kernel, or for KVER.
dkms_says_installed() {
	local out k=${1:-$GUEST_KVER}
	out=$(dkms status -m "$DKMS_NAME") || return 1
	echo "dkms status: $out"
	grep -q "^$DKMS_NAME/$PKG_VER, $k, [^:]*: installed" <<<"$out"
}

# modinfo_finds_ours [KVER]: modinfo NAME must find the module in DKMS's
# directory, built for the guest's kernel (or KVER), and it must be the
# only file of that name.
modinfo_finds_ours() {
	local m f v k=${1:-$GUEST_KVER}
	for m in $OUR_MODS; do
		f=$(modinfo -k "$k" -n "$m") || return 1
		v=$(modinfo -k "$k" -F vermagic "$m" | cut -d' ' -f1)
		echo "$m: $f, vermagic $v"
		case "$f" in "/lib/modules/$k/updates/dkms/$m.ko"*) ;; *) return 1 ;; esac
		[ "$v" = "$k" ] || return 1
	done
	echo "files: $(our_files "$k" | tr '\n' ' ')"
	[ "$(our_files "$k" | wc -l)" = 3 ]
}

# dep_stamp KVER: keep the time of KVER's module index, for
# index_names_ours and removed.
dep_stamp() {
	stat -c %Y "/lib/modules/$1/modules.dep" > "/tmp/package-dep-$1"
}

# index_names_ours [KVER]: the index of the guest's kernel (or KVER) was
# rebuilt by the real depmod since dep_stamp, and names our files.
index_names_ours() {
	local before now k=${1:-$GUEST_KVER}
	before=$(cat "/tmp/package-dep-$k") now=$(stat -c %Y "/lib/modules/$k/modules.dep")
	grep '^updates/dkms/' "/lib/modules/$k/modules.dep"
	[ "$now" -gt "$before" ] &&
		[ "$(grep -cE '^updates/dkms/(rpcrdma_core|xprtrdma|svcrdma)\.ko[^:]*:' \
			"/lib/modules/$k/modules.dep")" = 3 ]
}

modprobe_conf_installed() {
	dpkg -L "$PKG_NAME" | grep -x "$PKG_MODPROBE" &&
		cmp "$TOP/packaging/rpcrdma-ng.conf" "$PKG_MODPROBE" &&
		[ -f "/usr/src/$DKMS_NAME-$PKG_VER/dkms.conf" ]
}

# signed_by_dkms_key [KVER]: each module installed for the guest's
# kernel (or KVER) carries a signature by the key DKMS made (the key ID
# modinfo shows is that certificate's serial number).
signed_by_dkms_key() {
	local m f signer key serial k=${1:-$GUEST_KVER}
	[ -f "$DKMS_KEY" ] || { echo "no $DKMS_KEY"; return 1; }
	serial=$(openssl x509 -inform DER -in "$DKMS_KEY" -noout -serial |
		sed 's/^serial=//; s/://g; s/^0*//' | tr a-f A-F)
	for m in $OUR_MODS; do
		f=$(modinfo -k "$k" -n "$m") || return 1
		signer=$(modinfo -F signer "$f")
		key=$(modinfo -F sig_key "$f" | sed 's/://g; s/^0*//' | tr a-f A-F)
		echo "$m: signer '$signer', key $key; DKMS's certificate serial $serial"
		[ "$signer" = "DKMS module signing key" ] && [ "$key" = "$serial" ] ||
			return 1
	done
}

# resolve_to_ours PREFIX [KVER]: the four names the kernel asks for are
# ours (for KVER, the names its own modprobe would resolve).
resolve_to_ours() {
	check "$1 rpcrdma resolves to xprtrdma" resolves_to rpcrdma xprtrdma ${2:+"$2"}
	check "$1 rpcrdma6 resolves to xprtrdma" resolves_to rpcrdma6 xprtrdma ${2:+"$2"}
	check "$1 svcrdma resolves to svcrdma" resolves_to svcrdma svcrdma ${2:+"$2"}
	check "$1 xprtrdma resolves to xprtrdma" resolves_to xprtrdma xprtrdma ${2:+"$2"}
}

install_part() {
	check "package: the package from make deb is there" test -f "$PKG_DEB" ||
		return 1
	check "package: nothing of ours installed or loaded, every name is rpcrdma's" \
		pristine || return 1
	check "package: kernel headers for $GUEST_KVER at /lib/modules/$GUEST_KVER/build" \
		headers_installed || return 1
	check "package: no Secure Boot, lockdown or signature enforcement" \
		no_secure_boot
	check "package: dpkg -i builds and installs with DKMS" pkg_install ||
		return 1
	check "package: dkms status: installed for $GUEST_KVER" dkms_says_installed
	check "package: modinfo finds our three modules in updates/dkms" \
		modinfo_finds_ours || return 1
	check "package: depmod indexed them" index_names_ours
	check "package: modprobe.d file and source installed" modprobe_conf_installed
	resolve_to_ours "package:"
	check "package: modules signed with DKMS's own key" signed_by_dkms_key
	check "package: nothing loaded by the install" \
		none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma
}

# --- sysctl.d ------------------------------------------------------------------
sysctl_file() {
	printf '%s\n' "# scenario package: the kernel's names" \
		"sunrpc.rdma_max_inline_write = $TUNED_INLINE" \
		"sunrpc.svc_rdma.max_requests = $TUNED_REQS" > "$SYSCTL_FILE"
}

# What systemd-sysctl.service runs at boot (see Tuning above).
boot_sysctl() { /lib/systemd/systemd-sysctl --prefix=/sunrpc; }

# At boot, before any transport module: the keys do not exist yet, and
# systemd-sysctl passes over them without failing.
sysctl_before_modules() {
	none_loaded rpcrdma xprtrdma svcrdma || return 1
	boot_sysctl || return 1
	[ ! -e /proc/sys/sunrpc/rdma_max_inline_write ] &&
		[ ! -e /proc/sys/sunrpc/svc_rdma/max_requests ]
}

# The module loaded on demand did not get the sysctl.d values.
sysctl_not_applied() {
	local w r
	w=$(cat /proc/sys/sunrpc/rdma_max_inline_write) || return 1
	r=$(cat /proc/sys/sunrpc/svc_rdma/max_requests) || return 1
	echo "rdma_max_inline_write $w, svc_rdma/max_requests $r (sysctl.d: $TUNED_INLINE, $TUNED_REQS)"
	[ "$w" != "$TUNED_INLINE" ] && [ "$r" != "$TUNED_REQS" ]
}

# The sysctl.d values are in force; with ours, each kernel name is also
# our own setting behind it.
sysctl_applied() {
	local w r
	w=$(cat /proc/sys/sunrpc/rdma_max_inline_write) || return 1
	r=$(cat /proc/sys/sunrpc/svc_rdma/max_requests) || return 1
	echo "rdma_max_inline_write $w, svc_rdma/max_requests $r"
	[ "$w" = "$TUNED_INLINE" ] && [ "$r" = "$TUNED_REQS" ] || return 1
	if is_loaded xprtrdma; then
		echo "xprtrdma.inline_send $(cat /sys/module/xprtrdma/parameters/inline_send), svcrdma_ng/max_requests $(cat "$SVCRDMA_STATS/max_requests")"
		[ "$(cat /sys/module/xprtrdma/parameters/inline_send)" = "$TUNED_INLINE" ] &&
			[ "$(cat "$SVCRDMA_STATS/max_requests")" = "$TUNED_REQS" ]
	fi
}

# sysctl.d(5)'s second method: the transport listed in modules-load.d,
# loaded before systemd-sysctl runs. "rpcrdma" and "svcrdma" are names
# that load the kernel's module and, with the package, ours.
boot_modules_load() {
	printf '%s\n' "# scenario package" rpcrdma svcrdma > "$MODLOAD_FILE"
	/lib/systemd/systemd-modules-load && boot_sysctl
}

# --- nfsd from nfs.conf ----------------------------------------------------------
nfs_conf_rdma() {
	cp -p "$NFS_CONF" "$NFS_CONF_SAVED" || return 1
	printf '%s\n' "" "# scenario package" "[nfsd]" "rdma=y" \
		"rdma-port=$NFS_PORT" "lease-time=10" "grace-time=10" >> "$NFS_CONF"
	echo "nfsconf: rdma=$(nfsconf --get nfsd rdma), rdma-port=$(nfsconf --get nfsd rdma-port)"
	[ "$(nfsconf --get nfsd rdma)" = y ] &&
		[ "$(nfsconf --get nfsd rdma-port)" = "$NFS_PORT" ]
}

nfs_conf_restored() {
	cp -p "$NFS_CONF_SAVED" "$NFS_CONF" && cmp "$NFS_CONF_SAVED" "$NFS_CONF"
}

# The export as integrity.sh has it (nfs_server_up), and nfsd started as
# nfs-kernel-server starts it: a plain rpc.nfsd, which reads nfs.conf
# and writes "rdma 20049" to the portlist; the kernel asks modprobe for
# the transport.
nfsd_from_conf() {
	mkdir -p "$EXPORT_DIR" /var/lib/nfs/rpc_pipefs /var/lib/nfs/v4recovery
	if ! mountpoint -q "$EXPORT_DIR"; then
		mount -t tmpfs -o size=1g tmpfs "$EXPORT_DIR" || return 1
		chmod 1777 "$EXPORT_DIR"
	fi
	nfsd_fs_up || return 1
	: > /etc/exports
	rpcbind_up || return 1
	pgrep -x rpc.mountd > /dev/null || rpc.mountd || return 1
	exportfs -o "$NFS_EXPORT_OPTS" "*:$EXPORT_DIR" || return 1
	rpc.nfsd || return 1
	echo "portlist: $(tr '\n' ' ' < /proc/fs/nfsd/portlist)"
	grep -qx "rdma $NFS_PORT" /proc/fs/nfsd/portlist
}

# --- which module is loaded -----------------------------------------------------
# Ours, from the file DKMS installed, out-of-tree (O) and with a
# signature the kernel could not check (E).
loaded_from_package() {
	local m=$1 f
	f=$(modinfo -n "$m") || return 1
	case "$f" in "$DKMS_DEST/"*) ;; *) echo "$m resolves to $f"; return 1 ;; esac
	loaded_is_file "$m" "$f" && grep -q E "/sys/module/$m/taint"
}

# The kernel's rpcrdma.ko, from the kernel's tree, not out-of-tree.
loaded_from_kernel() {
	local f=
	f=$(modinfo -n rpcrdma) || return 1
	case "$f" in "/lib/modules/$GUEST_KVER/kernel/"*) ;; *) return 1 ;; esac
	same_build_id rpcrdma "$f" && ! grep -q O /sys/module/rpcrdma/taint &&
		none_loaded xprtrdma svcrdma rpcrdma_core
}

# --- one pass: nfsd, mounts, I/O --------------------------------------------------
# serve_and_mount WHO: WHO is "ours" or "intree". The sysctl.d file is in
# place but was applied before the module loaded. Whatever fails, nfsd
# is stopped and the transport unloaded at the end.
serve_and_mount() {
	local rc
	serve_pass "$1"
	rc=$?
	stop_all "$1"
	return $rc
}

who_name() { if [ "$1" = ours ]; then echo ours; else echo "rpcrdma.ko"; fi; }

serve_pass() {
	local who=$1 n
	n=$(who_name "$who")
	check "package: $n: rpc.nfsd with rdma=y in nfs.conf listens on rdma $NFS_PORT" \
		nfsd_from_conf || return 1
	modules_state
	if [ "$who" = ours ]; then
		check "package: ours: nfsd's request loaded our svcrdma" \
			loaded_from_package svcrdma
		check "package: ours: rpcrdma_core loaded with it" \
			loaded_from_package rpcrdma_core
		check "package: ours: the kernel's rpcrdma not loaded" none_loaded rpcrdma
	else
		check "package: rpcrdma.ko: nfsd's request loaded the kernel's module" \
			loaded_from_kernel
	fi
	check "package: $n: NFS client up" nfs_client_up || return 1

	check "package: $n: mount -o vers=4.2,proto=rdma,port=$NFS_PORT" \
		nfs_mount 4.2 || return 1
	modules_state
	if [ "$who" = ours ]; then
		check "package: ours: the mount's request loaded our xprtrdma" \
			loaded_from_package xprtrdma
		check "package: ours: the kernel's rpcrdma still not loaded" \
			none_loaded rpcrdma
	else
		check "package: rpcrdma.ko: still the kernel's module alone" \
			loaded_from_kernel
	fi
	check "package: $n: vers=4.2 mount is over RDMA" mount_is_rdma
	check "package: $n: vers=4.2 checksummed write and read" \
		checksummed_io 4.2 "v42-$who"
	check "package: $n: the sysctl.d values did not reach the module" \
		sysctl_not_applied
	check "package: $n: a 2 KiB WRITE goes inline (default inline size)" \
		small_write_inline
	if [ "$who" = ours ]; then
		check "package: ours: 4 MiB O_DIRECT write and read" direct_io
		check "package: ours: mountstats --xprt labels sane RDMA values" \
			mountstats_sane
	fi
	umount "$NFS_MNT"

	check "package: $n: mount -o vers=3,proto=rdma,port=$NFS_PORT" \
		nfs_mount 3 || return 1
	check "package: $n: vers=3 mount is over RDMA" mount_is_rdma
	check "package: $n: vers=3 checksummed write and read" \
		checksummed_io 3 "v3-$who"
	umount "$NFS_MNT"
}

# Unmount, stop nfsd and unload the transport, as an administrator would.
stop_all() {
	local who=$1 n
	n=$(who_name "$who")
	mountpoint -q "$NFS_MNT" && umount "$NFS_MNT"
	modprobe -r nfsv4 nfsv3 nfs 2>/dev/null
	nfs_server_down
	if [ "$who" = ours ]; then
		server_conns_freed
		check "package: ours: modprobe -r xprtrdma svcrdma" \
			unload xprtrdma svcrdma
	else
		check "package: rpcrdma.ko: modprobe -r rpcrdma" unload rpcrdma
	fi
	check "package: $n: no RDMA transport module left" \
		none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma
}

# The tuning that works: modules-load.d, then systemd-sysctl; a new
# mount uses the inline size set.
tuned_pass() {
	local rc
	tuned "$1"
	rc=$?
	rm -f "$MODLOAD_FILE"
	stop_all "$1"
	return $rc
}

tuned() {
	local who=$1 n
	n=$(who_name "$who")
	check "package: $n: modules-load.d, then systemd-sysctl, as at boot" \
		boot_modules_load || return 1
	modules_state
	if [ "$who" = ours ]; then
		check "package: ours: modules-load.d's rpcrdma loaded our xprtrdma" \
			loaded_from_package xprtrdma
		check "package: ours: modules-load.d's svcrdma loaded our svcrdma" \
			loaded_from_package svcrdma
	else
		check "package: rpcrdma.ko: modules-load.d loaded the kernel's module" \
			loaded_from_kernel
	fi
	check "package: $n: the sysctl.d values are in force" sysctl_applied
	check "package: $n: rpc.nfsd listens again" nfsd_from_conf || return 1
	check "package: $n: NFS client up again" nfs_client_up || return 1
	check "package: $n: mount after the tuning" nfs_mount 4.2 || return 1
	check "package: $n: rdma_max_inline_write $TUNED_INLINE: a 2 KiB WRITE is not inline" \
		small_write_not_inline
	umount "$NFS_MNT"
}

# --- upgrade -------------------------------------------------------------------------
# The build IDs of our three modules as the kernel has them loaded.
loaded_ids() {
	local m
	for m in $OUR_MODS; do
		is_loaded "$m" || return 1
		loaded_build_id "$m"
		echo
	done
}

# The build IDs of the three files modinfo names.
file_ids() {
	local m f
	for m in $OUR_MODS; do
		f=$(modinfo -n "$m") || return 1
		elf_build_id "$f"
	done
}

# dkms status lists the new version alone, installed for this kernel.
dkms_only() {
	local new=$1 old=$2 out
	out=$(dkms status -m "$DKMS_NAME") || return 1
	echo "dkms status: $out"
	grep -q "^$DKMS_NAME/$new, $GUEST_KVER, [^:]*: installed" <<<"$out" &&
		! grep -q "^$DKMS_NAME/${old}[,:]" <<<"$out" &&
		[ ! -e "/usr/src/$DKMS_NAME-$old" ] &&
		[ ! -e "/var/lib/dkms/$DKMS_NAME/$old" ]
}

# The modules in the kernel are those loaded before the upgrade: nothing
# unloaded them under nfsd and the mount.
still_loaded() {
	local now
	now=$(loaded_ids) || return 1
	echo "loaded: $(tr '\n' ' ' <<<"$now")"
	[ "$now" = "$(cat /tmp/package-old-ids)" ]
}

# The files now installed are not the ones that were loaded.
files_replaced() {
	local now
	now=$(file_ids) || return 1
	echo "files: $(tr '\n' ' ' <<<"$now"); loaded before: $(tr '\n' ' ' < /tmp/package-old-ids)"
	[ "$(wc -l <<<"$now")" = 3 ] && [ "$now" != "$(cat /tmp/package-old-ids)" ]
}

UPGRADE_FILE=/tmp/package-upgrade-file

# A file written through the mount, kept on the guest to compare with.
upgrade_file_written() {
	head -c $((2 * 1024 * 1024 + 3)) /dev/urandom > "$UPGRADE_FILE" &&
		cp "$UPGRADE_FILE" "$NFS_MNT/before-upgrade" && sync
}

upgrade_file_reads_back() {
	echo 3 > /proc/sys/vm/drop_caches
	cmp "$UPGRADE_FILE" "$NFS_MNT/before-upgrade"
}

# upgrade_in_use: the previous release (DEB_PREV), installed as a user
# installed it, serving and mounted, with a file written through it;
# then the package under test installed over it with dpkg -i, as "apt
# upgrade" installs it: the old prerm ("upgrade") has DKMS remove the old
# version, the new postinst builds and installs the new one. The running
# modules stay (in use), the mount keeps working, and the next load after
# an unload is the new build.
upgrade_in_use() {
	local old=$PKG_VER new
	# 0.1.0's server did not mark RDMA requests secure (commit
	# 09b5c13 came later), so nfsd refused its clients under exports(5)'s
	# default, "secure", and its users exported with "insecure".
	local NFS_EXPORT_OPTS=$NFS_EXPORT_OPTS,insecure
	check "package: upgrade: $old: rpc.nfsd listens on rdma $NFS_PORT" \
		nfsd_from_conf || return 1
	check "package: upgrade: $old: nfsd's request loaded its svcrdma" \
		loaded_from_package svcrdma
	check "package: upgrade: $old: NFS client up" nfs_client_up || return 1
	check "package: upgrade: $old: mount -o vers=4.2,proto=rdma" \
		nfs_mount 4.2 || return 1
	check "package: upgrade: $old: the mount's request loaded its xprtrdma" \
		loaded_from_package xprtrdma
	check "package: upgrade: $old: vers=4.2 mount is over RDMA" mount_is_rdma
	loaded_ids > /tmp/package-old-ids
	check "package: upgrade: $old: a file written" upgrade_file_written

	PKG_DEB=/out$DEB
	new=$(dpkg-deb -f "$PKG_DEB" Version)
	check "package: upgrade: $new is newer than $old" \
		dpkg --compare-versions "$new" gt "$old" || return 1
	check "package: upgrade: dpkg -i $new over $old, with nfsd and a mount on $old's modules" \
		pkg_install || return 1
	check "package: upgrade: dkms status: $new alone, installed; $old's source and DKMS tree gone" \
		dkms_only "$new" "$old"
	check "package: upgrade: modinfo finds the three modules in updates/dkms" \
		modinfo_finds_ours || return 1
	check "package: upgrade: depmod indexed them" index_names_ours
	check "package: upgrade: modprobe.d file and source are $new's" \
		modprobe_conf_installed
	resolve_to_ours "package: upgrade:"
	check "package: upgrade: modules signed with DKMS's own key" signed_by_dkms_key
	check "package: upgrade: $old's modules still loaded, nothing unloaded them" \
		still_loaded
	check "package: upgrade: the installed files are $new's build, not the loaded ones" \
		files_replaced
	check "package: upgrade: the mount reads back the file written before" \
		upgrade_file_reads_back
	check "package: upgrade: checksummed write and read, the mount cycled" \
		checksummed_io 4.2 upgrade
	stop_all ours
}

# --- a kernel installed later ---------------------------------------------------
# With PKG_NEW_KVER (vmtest: another kernel that make setup prepared,
# unpacked under PKG_NEW_ROOT), a kernel comes after the package, as
# "apt upgrade" brings one. Debian's kernel packages do two things that
# reach DKMS: linux-image-KVER unpacks its modules into /lib/modules/KVER
# and its postinst runs "run-parts --report --exit-on-error --arg=KVER
# --arg=/boot/vmlinuz-KVER /etc/kernel/postinst.d"; linux-headers-KVER
# unpacks the headers and its postinst runs "run-parts --report
# --exit-on-error --arg=KVER /etc/kernel/header_postinst.d". Each
# directory holds DKMS's hook (dkms 3.0.10), which runs "dkms
# autoinstall" for KVER when KVER's headers are there and skips it
# otherwise; a hook that fails fails the kernel's postinst, and apt with
# it. apt may configure the image before its headers, so the guest does
# both in that order: KVER's tree from the cache bound at
# /lib/modules/KVER, the image's hooks (no headers yet: DKMS must skip,
# exit 0 and build nothing), the headers made visible as
# headers_installed does for the guest's own kernel, then the headers'
# hooks: DKMS must build our modules for KVER and install them in
# KVER's updates/dkms, signed, with KVER's index (the real depmod)
# naming them and the four names resolving to ours for KVER, and leave
# the running kernel's files alone. dpkg -r later must remove them from
# both kernels (removed). This boot never runs KVER; vmtest's second
# boot does (below). The hooks are the ones the
# guest's /etc has, the host's: DKMS's alone (Debian's initramfs-tools
# and grub hooks, which a real machine runs beside it, are not
# installed there).
NEWK=
NEWK_IDS=/tmp/package-newkernel-ids
# What remove_part calls NEWK
OTHER_KIND="new kernel"

# What a kernel package's postinst runs (add --arg=... DIR).
KERNEL_HOOKS=(env DEB_MAINT_PARAMS=configure run-parts --report --exit-on-error)

new_kernel_unpacked() {
	local k=$PKG_NEW_KVER
	[ ! -e "/lib/modules/$k" ] || { echo "/lib/modules/$k is there already"; return 1; }
	[ -d "$PKG_NEW_ROOT/lib/modules/$k/kernel" ] || return 1
	mkdir "/lib/modules/$k" &&
		mount --bind "$PKG_NEW_ROOT/lib/modules/$k" "/lib/modules/$k" || return 1
	NEWK=$k
	echo "/lib/modules/$k: $(find "/lib/modules/$k/kernel" -name '*.ko*' | wc -l) modules"
	[ -z "$(our_files "$k")" ]
}

# The image's hooks, before its headers: exit 0, DKMS skipping.
image_hooks_skip() {
	local log=$OUT/newkernel-image-hooks.log rc
	"${KERNEL_HOOKS[@]}" --arg="$NEWK" --arg="/boot/vmlinuz-$NEWK" \
		/etc/kernel/postinst.d > "$log" 2>&1
	rc=$?
	cat "$log"
	echo "exit $rc; files: $(our_files "$NEWK" | tr '\n' ' ')"
	[ "$rc" = 0 ] && [ -z "$(our_files "$NEWK")" ] &&
		grep -q "autoinstall for kernel $NEWK was skipped" "$log"
}

# The headers' hooks: DKMS builds and installs ours for the new kernel.
header_hooks_build() {
	dep_stamp "$NEWK"
	file_ids > "$NEWK_IDS" || return 1
	long_run 5400 "$OUT/newkernel-header-hooks.log" \
		"${KERNEL_HOOKS[@]}" --arg="$NEWK" /etc/kernel/header_postinst.d
}

installed_for_both() {
	dkms_says_installed "$NEWK" && dkms_says_installed
}

# The running kernel's files are the ones they were.
running_files_kept() {
	local now
	now=$(file_ids) || return 1
	echo "files: $(tr '\n' ' ' <<<"$now"); before: $(tr '\n' ' ' < "$NEWK_IDS")"
	[ "$now" = "$(cat "$NEWK_IDS")" ]
}

new_kernel_part() {
	local p="package: new kernel $PKG_NEW_KVER:"
	check "$p its modules unpacked in /lib/modules, nothing of ours there" \
		new_kernel_unpacked || return 1
	check "$p the image's postinst hooks exit 0, DKMS skipping (no headers yet)" \
		image_hooks_skip
	check "$p its headers at /lib/modules/$NEWK/build" \
		headers_installed "$NEWK" "$PKG_NEW_ROOT" || return 1
	check "$p the headers' postinst hooks: DKMS builds and installs ours" \
		header_hooks_build || return 1
	check "$p dkms status: installed for it and for $GUEST_KVER" \
		installed_for_both
	check "$p modinfo -k finds our three modules in its updates/dkms" \
		modinfo_finds_ours "$NEWK"
	check "$p its index (depmod) names them" index_names_ours "$NEWK"
	resolve_to_ours "$p" "$NEWK"
	check "$p modules signed with DKMS's own key" signed_by_dkms_key "$NEWK"
	check "$p the running kernel's files untouched" running_files_kept
	check "$p nothing loaded" none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma
}

# --- booting the kernel installed later -------------------------------------------
# vmtest's second boot (PKG_PHASE=newkernel): a new guest running
# PKG_NEW_KVER of the first boot, now GUEST_KVER, with the disk as the
# first boot left it right after step 1b (save_state). What a reboot
# keeps and the first boot changed: dpkg's database, DKMS's tree (its
# key and the modules it built for both kernels), the package's files,
# the headers' links, nfs.conf with step 3's [nfsd] lines, and both
# kernels' updates/ and module indexes. The kernel booted before is
# bound at /lib/modules/PKG_PREV_KVER from the cache, as a machine's
# disk keeps it. Then: nothing of ours loaded by the boot, nfsd and the
# mounts load what DKMS built for this kernel (serve_and_mount, the
# same checks as on the first boot), and dpkg -r removes ours from
# both kernels, after which the kernel's rpcrdma.ko serves and mounts.
STATE_TAR=$OUT/state.tar

save_state() {
	local k f n paths=(/var/lib/dpkg /var/lib/dkms "$NFS_CONF")
	while read -r f; do
		[ -d "$f" ] && [ ! -L "$f" ] || paths+=("$f")
	done < <(dpkg -L "$PKG_NAME")
	for f in /usr/src/linux-headers-*; do
		[ -L "$f" ] && paths+=("$f")
	done
	for k in "$GUEST_KVER" "$NEWK"; do
		paths+=("/lib/modules/$k/updates")
		for f in "/lib/modules/$k"/modules.*; do paths+=("$f"); done
	done
	n=$(set -o pipefail; tar -cvf "$STATE_TAR" "${paths[@]}" | wc -l) ||
		return 1
	echo "$STATE_TAR: $(stat -c %s "$STATE_TAR") octets, $n entries"
}

kernel_running() {
	echo "uname -r: $(uname -r); booted before: $PKG_PREV_KVER"
	[ "$(uname -r)" = "$GUEST_KVER" ] && [ "$GUEST_KVER" != "$PKG_PREV_KVER" ]
}

prev_tree_bound() {
	local k=$PKG_PREV_KVER
	[ -d "$PKG_PREV_ROOT/lib/modules/$k/kernel" ] || return 1
	mkdir -p "/lib/modules/$k" &&
		mount --bind "$PKG_PREV_ROOT/lib/modules/$k" "/lib/modules/$k"
}

restore_state() {
	[ -f /out/state.tar ] || { echo "no /out/state.tar"; return 1; }
	tar -C / -xpf /out/state.tar || return 1
	PKG_VER=$(dpkg-query -W -f='${Version}' "$PKG_NAME") || return 1
	echo "$PKG_NAME $PKG_VER: $(dpkg-query -W -f='${Status}' "$PKG_NAME")"
}

newkernel_boot() {
	# shellcheck disable=SC2034 # read by ok and not_ok (guest/lib.sh)
	CHECK_SUFFIX=" (booted into $GUEST_KVER)"
	check "package: the kernel installed later is running" kernel_running ||
		return 1
	check "package: $PKG_PREV_KVER's module tree beside it" prev_tree_bound ||
		return 1
	check "package: the disk as the first boot left it" restore_state ||
		return 1
	check "package: dkms status: installed for $GUEST_KVER" dkms_says_installed
	check "package: dkms status: installed for $PKG_PREV_KVER" \
		dkms_says_installed "$PKG_PREV_KVER"
	check "package: nothing of ours loaded by the boot" \
		none_loaded rpcrdma rpcrdma_core xprtrdma svcrdma
	check "package: modinfo finds our three modules in updates/dkms" \
		modinfo_finds_ours || return 1
	resolve_to_ours "package:"
	check "package: modules signed with DKMS's own key" signed_by_dkms_key
	serve_and_mount ours
	NEWK=$PKG_PREV_KVER OTHER_KIND="kernel booted before"
	if remove_part; then
		serve_and_mount intree
	fi
}

# --- removal ------------------------------------------------------------------------
pkg_remove() {
	dep_stamp "$GUEST_KVER"
	[ -z "$NEWK" ] || dep_stamp "$NEWK"
	sleep 1
	long_run 1800 "$OUT/dpkg-remove.log" \
		env DEBIAN_FRONTEND=noninteractive dpkg -r "$PKG_NAME"
}

# removed [KVER]: dkms status empty, the modprobe.d file gone, and
# nothing of ours left for the guest's kernel (or KVER): no file of our
# names in its tree, its index rebuilt since dep_stamp without them.
removed() {
	local out before now k=${1:-$GUEST_KVER}
	out=$(dkms status -m "$DKMS_NAME")
	before=$(cat "/tmp/package-dep-$k") now=$(stat -c %Y "/lib/modules/$k/modules.dep")
	echo "dkms status: ${out:-(nothing)}; files: $(our_files "$k" | tr '\n' ' ')"
	echo "$k modules.dep: $before -> $now; status $(dpkg-query -W -f='${Status}' "$PKG_NAME" 2>&1)"
	[ -z "$out" ] && [ -z "$(our_files "$k")" ] && [ ! -e "$PKG_MODPROBE" ] &&
		[ "$now" -gt "$before" ] &&
		! grep -qE '^updates/dkms/(rpcrdma_core|xprtrdma|svcrdma)\.ko' \
			"/lib/modules/$k/modules.dep"
}

purged() {
	local st
	dpkg -P "$PKG_NAME" || return 1
	st=$(dpkg-query -W -f='${Status}' "$PKG_NAME" 2>/dev/null)
	echo "$PKG_NAME: ${st:-unknown to dpkg}"
	case "$st" in *" installed"|*config-files) return 1 ;; esac
	[ ! -e "/usr/src/$DKMS_NAME-$PKG_VER" ] && [ ! -e "/var/lib/dkms/$DKMS_NAME" ]
}

remove_part() {
	check "package: dpkg -r" pkg_remove || return 1
	check "package: modules, dkms state, modprobe.d file and index entries gone" removed
	check "package: dpkg -P" purged
	check "package: after removal rpcrdma resolves to rpcrdma" resolves_to rpcrdma rpcrdma
	check "package: after removal rpcrdma6 resolves to rpcrdma" resolves_to rpcrdma6 rpcrdma
	check "package: after removal svcrdma resolves to rpcrdma" resolves_to svcrdma rpcrdma
	check "package: after removal xprtrdma resolves to rpcrdma" resolves_to xprtrdma rpcrdma
	[ -n "$NEWK" ] || return 0
	check "package: $OTHER_KIND $NEWK: our modules and index entries gone" \
		removed "$NEWK"
	check "package: $OTHER_KIND $NEWK: rpcrdma resolves to rpcrdma" \
		resolves_to rpcrdma rpcrdma "$NEWK"
}

# One guest plays both sides; the scenario replaces the role functions.
run_server_side() { return 0; }
run_client_side() {
	[ "$ROLE" = both ] || { not_ok "package: needs --topology one"; return 1; }
	if [ "${PKG_PHASE:-}" = newkernel ]; then
		newkernel_boot
		return
	fi
	[ -n "${DEB:-}" ] || { not_ok "package: vmtest passed no package (DEB)"; return 1; }
	# With DEB_PREV, the previous release is installed first and the
	# package under test comes as its upgrade.
	[ -z "${DEB_PREV:-}" ] || PKG_DEB=/out$DEB_PREV
	install_part || return 1
	check "package: [nfsd] rdma=y and rdma-port=$NFS_PORT in nfs.conf" \
		nfs_conf_rdma || return 1
	if [ -n "${DEB_PREV:-}" ]; then
		upgrade_in_use || return 1
	fi
	if [ -n "${PKG_NEW_KVER:-}" ]; then
		new_kernel_part || return 1
		[ "${PKG_SAVE_STATE:-0}" != 1 ] ||
			check "package: new kernel $PKG_NEW_KVER: what a reboot keeps of the disk saved for booting it" \
				save_state
	else
		log "package: vmtest named no kernel to install later (PKG_NEW_KVER)"
	fi
	sysctl_file
	check "package: sysctl.d at boot, before any transport module, is skipped" \
		sysctl_before_modules
	serve_and_mount ours && tuned_pass ours
	if remove_part; then
		serve_and_mount intree && tuned_pass intree
	fi
	rm -f "$SYSCTL_FILE" "$MODLOAD_FILE"
	check "package: nfs.conf put back" nfs_conf_restored
}
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }
