# SPDX-License-Identifier: GPL-2.0-only
# Shared shell helpers for the project's scripts. Source it; do not run it.

RPCRDMA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Heavy artifacts (kernel packages, the debug kernel build) live here.
RPCRDMA_CACHE=${RPCRDMA_CACHE:-/var/cache/rpcrdma-ng}
# Machine-wide locks: one VM suite at a time, none during a kernel build,
# whichever cache directory each caller uses.
RPCRDMA_LOCKS=${RPCRDMA_LOCKS:-/var/lock/rpcrdma-ng}
# Kernel flavour of Debian's 6.12 packages that we test against.
RPCRDMA_FLAVOUR=amd64

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The stock kernel release that setup prepared, e.g. 6.12.117+deb12-amd64.
stock_kver() {
	if [ -n "${RPCRDMA_KVER:-}" ]; then
		echo "$RPCRDMA_KVER"
	elif [ -r "$RPCRDMA_CACHE/stock/kver" ]; then
		cat "$RPCRDMA_CACHE/stock/kver"
	else
		return 1
	fi
}

# Kernels besides the default 6.12, pinned so that a cache stays valid:
# "RELEASE PACKAGE-VERSION SUITE PACKAGE..." for a name given to
# make setup KERNEL= and scripts/vmtest --kernel. Debian's archive keeps
# only the newest upload of a series (a security update replaces the
# pinned one, and linux-kbuild-6.1 moves with every upload), so when the
# pin can no longer be had, make setup takes the newest release of the
# same series and records it in $RPCRDMA_CACHE/stock/pin-NAME, which
# then wins over the pin below: every script uses what setup prepared.
kernel_pin() {
	local f=$RPCRDMA_CACHE/stock/pin-$1
	if [ -r "$f" ]; then
		cat "$f"
	else
		kernel_pin_of "$1"
	fi
}

# kernel_pin_of NAME [RELEASE PACKAGE-VERSION]: the pin line of NAME,
# or of another release of its series (see kernel_pin).
kernel_pin_of() {
	local k v
	case "$1" in
	6.1)	k=${2:-6.1.0-57-amd64} v=${3:-6.1.192-3}
		echo "$k $v bookworm linux-image-$k-unsigned" \
			"linux-headers-$k linux-headers-${k%-amd64}-common" \
			"linux-kbuild-6.1" ;;
	7.2)	k=${2:-7.2.13+deb14-amd64} v=${3:-7.2.13-1}
		echo "$k $v sid linux-binary-$k linux-modules-$k" \
			"linux-base-$k linux-headers-$k" \
			"linux-headers-${k%-amd64}-common linux-kbuild-${k%-amd64}" ;;
	*)	return 1 ;;
	esac
}

# The pattern of the package that names a release of the series NAME:
# its release is the package name with the prefix and suffix taken off.
kernel_series_pkg() {
	case "$1" in
	6.1)	echo 'linux-image- ^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$ -unsigned' ;;
	7.2)	echo 'linux-binary- ^linux-binary-7\.2\.[0-9]+\+deb14-amd64$ ' ;;
	*)	return 1 ;;
	esac
}

# Where the Debian unstable package lists live: its packages are fetched
# with apt-get download, never installed, and the host's own sources stay
# as they are.
SID_APT=$RPCRDMA_CACHE/apt-sid
sid_apt_opts() {
	echo "-o Dir::Etc::SourceList=$SID_APT/sources.list" \
	     "-o Dir::Etc::SourceParts=- -o Dir::State::Lists=$SID_APT/lists" \
	     "-o Dir::Cache=$SID_APT/cache"
}

# kernel_kver NAME: the release of kernel NAME (stock or 6.12, or a
# pinned one: 6.1, 7.2).
kernel_kver() {
	local pin
	case "$1" in
	stock|6.12) stock_kver ;;
	*) pin=$(kernel_pin "$1") || return 1; echo "${pin%% *}" ;;
	esac
}

# kernel_prepared KVER: make setup has extracted that release.
kernel_prepared() { [ -e "$RPCRDMA_CACHE/stock/$1/extracted" ]; }

# Root of the extracted Debian packages of the stock kernel.
stock_root() { echo "$RPCRDMA_CACHE/stock/$1/root"; }
# The kernel headers (KDIR) of an extracted kernel release
stock_kdir() { echo "$(stock_root "$1")/usr/src/linux-headers-$1"; }

# Debian package version (e.g. 6.12.117-1~deb12u1) of a kernel release.
stock_pkgver() { cat "$RPCRDMA_CACHE/stock/$1/pkgver"; }

# guest_modules TREE DIR: the .ko files built in TREE, copied into DIR
# for the guests without their DWARF (the stock kernels' configurations
# build modules with it): the three take 1.1 MB instead of 21, which a
# guest copied over 9p and read into its kernel at each load (3.4 s of
# its set-up, 0.5 s stripped). Symbols and .modinfo stay.
guest_modules() {
	mkdir -p "$2" &&
		find "$1" -name '*.ko' -exec cp {} "$2/" \; &&
		strip --strip-debug "$2"/*.ko
}

# Bump when scripts/build-debug-kernel changes what it produces.
DEBUG_RECIPE=1

# Where the debug kernel for a given package version and fragment lives.
debug_dir() {
	local pkgver=$1 hash
	hash=$( { echo "recipe $DEBUG_RECIPE"; cat "$RPCRDMA_TOP/config/debug.config"; } |
	       sha256sum | cut -c1-12)
	echo "$RPCRDMA_CACHE/debug/$pkgver-$hash"
}

# vm_lock_take FD: take the machine-wide VM lock on file descriptor FD, in
# order of arrival. flock alone is not fair: with several runs waiting,
# one can lose the race every time. Each waiter leaves a ticket named by
# its arrival time and pid; it takes the lock once its ticket is the
# oldest whose owner is still alive, and drops the ticket when it holds
# the lock.
vm_lock_take() {
	local fd=$1 q="$RPCRDMA_LOCKS/vm.queue" ticket t first said=
	mkdir -p "$q"
	ticket="$q/$(date +%s%N)-$BASHPID"
	: > "$ticket"
	while :; do
		for t in "$q"/*; do
			[ -e "$t" ] || continue
			kill -0 "${t##*-}" 2>/dev/null || rm -f "$t"
		done
		first=$(find "$q" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | head -n 1)
		[ "$q/$first" = "$ticket" ] && break
		[ -n "$said" ] || say "waiting for the VM (queued behind $first)"
		said=1
		sleep 3
	done
	eval "exec $fd>\"\$RPCRDMA_LOCKS/vm.lock\""
	if ! flock -n "$fd"; then
		say "waiting for another vmtest run to finish"
		flock "$fd"
	fi
	rm -f "$ticket"
}

# suite_vers V: refuse an NFS version vmtest does not mount.
suite_vers() {
	case "$1" in 3|4.0|4.1|4.2) ;; *) die "--vers: 3, 4.0, 4.1 or 4.2" ;; esac
}

# suite_run CLIENT SERVER VERS KERNEL TIMEOUT CMD: run a third-party
# suite's CMD in the client of two guests (vmtest --run, which starts it
# in the harness's mount of the export). Such suites can be silent for
# longer than vmtest's default stall limit, so theirs is 1800 s unless
# RPCRDMA_STALL_SECS says otherwise.
suite_run() {
	RPCRDMA_STALL_SECS=${RPCRDMA_STALL_SECS:-1800} \
		"$RPCRDMA_TOP/scripts/vmtest" --topology two --client "$1" \
		--server "$2" --vers "$3" --kernel "$4" --timeout "$5" --run "$6"
}
