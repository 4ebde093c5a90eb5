# SPDX-License-Identifier: GPL-2.0-only
# Scenario "longcall" (NFSv4.2): Calls and Replies too long to go inline
# that are not READ or WRITE data. A large user xattr makes the client
# send SETXATTR as RDMA_NOMSG with a Position-zero Read chunk (a Long
# Call) and receive GETXATTR's value through the Reply chunk (a Long
# Reply; both RFC 8166, Section 3.5.3). Every value is compared byte
# for byte; sizes run from inline to the 64 KiB xattr limit.

LONGCALL_SIZES="100 3000 5000 12000 40000 65000"

# longcall_set FILE SIZE: set a random value of SIZE bytes, kept in /tmp.
longcall_set() {
	head -c "$2" /dev/urandom > "/tmp/xattr.$2" &&
		/usr/bin/python3 - "$1" "$2" <<'PY'
import os, sys
f, size = sys.argv[1], int(sys.argv[2])
with open("/tmp/xattr.%d" % size, "rb") as src:
    os.setxattr(f, "user.t%d" % size, src.read())
PY
}

# longcall_get FILE SIZE: the value read back equals the one set. Like
# getfattr(1), ask for the size first and then read with a buffer of that
# size. GETXATTR has no maximum count (RFC 8276, Section 8.4.2), so an
# RDMA client sizes its Reply chunk from the caller's buffer; Python's
# os.getxattr() starts with 128 bytes, gets ERANGE over TCP and retries,
# but over RDMA any value above what one page holds meets a Reply chunk
# too small for it and ERR_CHUNK (Documentation/svcrdma.rst).
longcall_get() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import ctypes, os, sys
f, size = sys.argv[1], int(sys.argv[2])
libc = ctypes.CDLL(None, use_errno=True)
libc.getxattr.restype = ctypes.c_ssize_t
libc.getxattr.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p,
                          ctypes.c_size_t]
name = b"user.t%d" % size
n = libc.getxattr(f.encode(), name, None, 0)
if n < 0:
    sys.exit("size probe: " + os.strerror(ctypes.get_errno()))
buf = ctypes.create_string_buffer(n)
got = libc.getxattr(f.encode(), name, buf, n)
if got < 0:
    sys.exit("getxattr: " + os.strerror(ctypes.get_errno()))
with open("/tmp/xattr.%d" % size, "rb") as src:
    sys.exit(0 if buf.raw[:got] == src.read() else "value differs")
PY
}

# longcall_list FILE "SIZES": the user.* names are exactly ours (the NFS
# client adds system.nfs4_acl).
longcall_list() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import sys, os
want = sorted("user.t%s" % s for s in sys.argv[2].split())
got = sorted(n for n in os.listxattr(sys.argv[1]) if n.startswith("user."))
sys.exit(0 if got == want else "names %s, want %s" % (got, want))
PY
}

scenario_client() {
	local f=$NFS_MNT/longcall s
	case " $VERS " in
	*" 4.2 "*) ;;
	*) not_ok "longcall: needs --vers 4.2 (xattrs)"; return ;;
	esac
	check "longcall: mount NFSv4.2" nfs_mount 4.2 || return
	check "longcall: mountstats shows xprt: rdma" mount_is_rdma
	check "longcall: create a file" touch "$f" || return
	for s in $LONGCALL_SIZES; do
		check "longcall: set an xattr of $s bytes" longcall_set "$f" "$s"
	done
	check "longcall: listxattr names all of them" longcall_list "$f" "$LONGCALL_SIZES"
	# A fresh mount has no xattr cache: every value comes over the wire.
	check "longcall: umount" umount "$NFS_MNT"
	echo 3 > /proc/sys/vm/drop_caches
	check "longcall: remount" nfs_mount 4.2 || return
	for s in $LONGCALL_SIZES; do
		check "longcall: read back the xattr of $s bytes" longcall_get "$f" "$s"
	done
	check "longcall: listxattr after remount" longcall_list "$f" "$LONGCALL_SIZES"
	check "longcall: remove the file" rm "$f"
	check "longcall: final umount" umount "$NFS_MNT"
}

# Our server counts what it did: the long Calls came as Read chunks and
# the long Replies left through the Reply chunk.
scenario_server_end() {
	local st=/proc/sys/sunrpc/svcrdma_ng
	[ "$SERVER_IMPL" = ours ] || return 0
	log "longcall: read_chunks $(cat $st/read_chunks) reply_chunks $(cat $st/reply_chunks)"
	check "longcall: server pulled Read chunks" test "$(cat $st/read_chunks)" -gt 0
	check "longcall: server used the Reply chunk" test "$(cat $st/reply_chunks)" -gt 0
}
