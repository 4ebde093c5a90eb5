#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the seed corpus: one file per message shape, first octet = mode
(0 v1 Call, 1 v1 Reply, 2 v2 message start, 3 v2 continued, 4 RFC 8797
private data), then the message as big-endian XDR words."""
import os
import struct
import sys

MSG, NOMSG, ERROR = 0, 1, 4


def words(*w):
    return b"".join(struct.pack(">I", x & 0xffffffff) for x in w)


def rseg(pos, h, ln, off=0):
    return [1, pos, h, ln, off >> 32, off & 0xffffffff]


def seg(h, ln, off=0):
    return [h, ln, off >> 32, off & 0xffffffff]


def v1(xid, proc):
    return [xid, 1, 32, proc]


def v2(xid, htype):
    return [xid, 2, 32, htype]


CALL = [0, 2, 100003, 3]
SEEDS = {
    "v1-call-msg": (0, v1(1, MSG) + [0, 0, 0, 1] + CALL),
    "v1-call-nomsg-pos0": (0, v1(2, NOMSG) + rseg(0, 9, 2048) + [0, 0, 0]),
    "v1-call-read-data": (0, v1(3, MSG) + rseg(16, 9, 8192) + [0, 0, 0, 3] + CALL),
    "v1-call-write-reply": (0, v1(4, MSG) + [0, 1, 1] + seg(5, 4096) + [0, 1, 1]
                            + seg(6, 1024) + [4] + CALL),
    "v1-call-pos0-data": (0, v1(5, NOMSG) + rseg(0, 1, 100) + rseg(100, 2, 4096)
                          + [0, 0, 0]),
    "v1-reply-msg": (1, v1(6, MSG) + [0, 0, 0, 6, 1, 0, 0]),
    "v1-reply-write-reply": (1, v1(7, NOMSG) + [0, 1, 1] + seg(5, 1000) + [0, 1, 1]
                             + seg(6, 300)),
    "v1-reply-err-vers": (1, v1(8, ERROR) + [1, 1, 1]),
    "v1-reply-err-chunk": (1, v1(9, ERROR) + [2]),
    "v2-error-vers": (2, v2(10, 4) + [1, 1, 2]),
    "v2-error-write-resource": (2, v2(11, 4) + [9, 0, 4096]),
    "v2-grant": (2, v2(0, 5)),
    "v2-connprop-final": (2, v2(0, 7) + [3, 1, 4, 4096, 2, 4, 8192, 5, 4, 1]),
    "v2-connprop-hostauth": (2, v2(0, 6) + [2, 6, 12, 5, 0x61626364, 0x65000000,
                                            99, 0]),
    "v2-call-external": (2, v2(12, 8) + [0x700, 1, 0, 0x700, 512, 0, 0, 0,
                                         1, 16, 0x701, 64, 0, 0, 0, 0, 0]),
    "v2-call-middle": (2, v2(13, 9) + [4096, 13] + CALL),
    "v2-call-middle-cont": (3, v2(14, 9) + [2048, 0xdeadbeef, 1, 2]),
    "v2-call-inline": (2, v2(15, 10) + [0x702] + rseg(16, 0x702, 4096)
                       + [1, 0, 1, 1] + seg(0x703, 4096) + [0, 15] + CALL),
    "v2-call-inline-final": (3, v2(16, 10) + [0, 0, 0, 0, 7, 8]),
    "v2-reply-external": (2, v2(17, 11) + [1, 1] + seg(5, 100) + [0, 1, 1]
                          + seg(6, 2000)),
    "v2-reply-middle": (2, v2(18, 12) + [100, 18, 1, 0, 0]),
    "v2-reply-inline": (2, v2(19, 13) + [1, 1] + seg(5, 4096) + [0, 19, 1, 0, 0]),
    # The answer to a client's first Version 2 message (v2-07, Section
    # 4.3): Linux's own server echoes rdma_vers 2 in its ERR_VERS.
    "v2-answer-linux-err-vers": (2, v2(20, ERROR) + [1, 1, 1]),
    "v2-answer-err-vers-refused": (2, v2(21, ERROR) + [1, 3, 4]),
    "v1-answer-err-vers-refused": (1, v1(22, ERROR) + [1, 3, 4]),
    "v2-answer-connprop-final": (2, v2(23, 7) + [2, 1, 4, 8192, 5, 4, 1]),
    # Through the transports' Version 1 form: the Call chunk split off,
    # the combined Read segment limit, a Reply chunk REPLY_INLINE lacks
    "v2-call-external-split": (2, v2(24, 8) + [0x800] + rseg(0, 0x800, 512)
                               + rseg(0, 0x801, 512, 0x200) + [0]
                               + rseg(8, 0x802, 4096) + [0, 1, 1]
                               + seg(0x803, 4096) + [0, 1, 1]
                               + seg(0x804, 1024)),
    "v2-call-external-17-segs": (2, v2(25, 8) + [0]
                                 + [x for i in range(16)
                                    for x in rseg(0, 0x900 + i, 64)]
                                 + [0] + rseg(8, 0x910, 64) + [0, 0, 0]),
    # A Call chunk and four data-item Read chunks: five Read chunks in
    # the Version 1 form, one past RPCRDMA_MAX_READ_CHUNKS
    "v2-call-external-5-chunks": (2, v2(27, 8) + [0] + rseg(0, 0xa00, 512)
                                  + [0] + [x for i in range(4)
                                           for x in rseg(8 * (i + 1),
                                                         0xa01 + i, 64)]
                                  + [0, 0, 0]),
    "v1-reply-msg-reply-chunk": (1, v1(26, MSG) + [0, 0, 1, 1] + seg(5, 100)
                                 + [26, 1, 0, 0]),
    # An empty Write chunk (RFC 8166, Section 4.3.2.3) between two
    # others in a Call, and returned in the Reply
    "v1-call-empty-write": (0, v1(28, MSG) + [0, 1, 1] + seg(5, 4096)
                            + [1, 0, 1, 1] + seg(6, 4096) + [0, 0, 28]
                            + CALL),
    "v1-reply-empty-write": (1, v1(29, MSG) + [0, 1, 1] + seg(5, 100)
                             + [1, 0, 0, 0, 29, 1, 0, 0]),
    # RFC 8166, Section 4.5: 20 octets, dropped unparsed by a Responder
    "v1-call-short-header": (0, v1(30, MSG) + [1]),
    # Section 4.6.2: RDMA_DONE, discarded by every receiver
    "v1-call-done-padded": (0, v1(31, 3) + [0, 0, 0]),
    # Flow control across 2^32: sent 0xfffffff0, credit 0x10, cap 5
    "v2-grant-flow-wrap": (2, [0xfffffff0, 2, 0x10, 5]),
    "cm-private": (4, None),
    "cm-private-padded": (4, None),
}


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    for name, (mode, w) in SEEDS.items():
        if w is None:
            data = struct.pack(">IBBBB", 0xf6ab0e18, 1, 1, 15, 31)
            if name.endswith("padded"):
                data += bytes(48)
        else:
            data = words(*w)
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(bytes([mode]) + data)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "corpus")
