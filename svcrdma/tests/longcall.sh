#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Long Calls and long Replies that are not READ/WRITE data, run in the
# client guest on an NFSv4.2 mount (scripts/vmtest --vers 4.2 --run
# 'bash .../longcall.sh'). A large user xattr makes the client send
# SETXATTR as RDMA_NOMSG with a Position-zero Read chunk (RFC 8166,
# Section 3.5.3.1) and receive GETXATTR's value through the Reply chunk
# (Section 3.5.3.2). Every value is compared byte for byte.
f=${NFS_MNT:?}/longcall.$$
: > "$f" || exit 1
/usr/bin/python3 - "$f" <<'PY'
import os, sys
f = sys.argv[1]
for size in (100, 3000, 5000, 12000, 40000, 65000):
    v = os.urandom(size)
    os.setxattr(f, "user.t%d" % size, v)
    back = os.getxattr(f, "user.t%d" % size)
    if back != v:
        print("longcall: xattr of %d bytes differs" % size)
        sys.exit(1)
names = os.listxattr(f)
if len(names) != 6:
    print("longcall: listxattr gave %r" % names)
    sys.exit(1)
print("longcall: 6 xattrs up to 65000 bytes round-trip")
PY
rc=$?
rm -f "$f"
exit $rc
