#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check RPC-over-RDMA traffic as Wireshark decodes it (scenario "wire").

wirecheck.py PCAP --mode v1|v2|fallback [--tag TAG] [--file PATH]...
             [--req-sizes S,R] [--callback] [--self-test]

Runs tshark over a capture of RoCEv2 (UDP 4791) frames, once with every
dissector (two passes) and once with the RPC-over-RDMA dissector off
for the Sends' own bytes, and prints for each check a line of evidence
and then "ok TAG name" or "not ok TAG name" (the harness's own format:
scripts/guest/lib.sh, checks_from). Wireshark's dissectors (InfiniBand,
RPC-over-RDMA, ONC RPC, NFS) are the third party here: the checks
assert what they decoded from our bytes, not what our own codec thinks
it sent.

--mode v1        every Send is an RPC-over-RDMA Version 1 message
--mode v2        every Send is Version 2 (Wireshark 4.0 has no Version 2
                 dissector: none may decode as Version 1, and each Send's
                 header, read raw, must say 2)
--mode fallback  each connection's first Send is a Version 2 offer,
                 answered by an RDMA_ERROR ERR_VERS offering Version 1
                 only, and every other Send is Version 1
--file PATH      a file written (and read back) during the capture: the
                 WRITE payloads Wireshark decoded, put together by file
                 handle and offset, must give exactly this file, and every
                 READ payload it decoded must match it at the offset asked
--req-sizes S,R  the client is ours: its CM REQ's RFC 8797 private data
                 must carry these send and receive sizes (bytes)
--callback       a delegation was recalled: a CB_RECALL Call must be
                 decoded on the backchannel and paired with its Reply
--self-test      also show that changed copies of the capture fail
"""

import argparse
import hashlib
import os
import struct
import subprocess
import sys

FIELDS = [
    "frame.number", "frame.protocols", "_ws.malformed",
    "infiniband.bth.opcode", "infiniband.bth.destqp", "_ws.expert.severity",
    "rpcordma.version", "rpcordma.xid", "rpcordma.msg_type",
    "rpcordma.reads_count", "rpcordma.writes_count", "rpcordma.reply_count",
    "rpcordma.errcode", "rpcordma.vers_low", "rpcordma.vers_high",
    "rpc.xid", "rpc.msgtyp", "rpc.repframe", "rpc.reqframe",
    "nfs.opcode", "nfs.procedure_v3", "nfs.fh.hash", "nfs.offset4",
    "nfs.offset3", "nfs.data", "nfs.cb.operation", "data.data",
    "infiniband.mad.attributeid",
    "infiniband.cm.req.ip_cm.private", "infiniband.cm.rep.private",
]

# InfiniBand RC opcodes (BTH): the frames that end a Send message and
# those that start one; 100 is a UD SEND Only (CM MADs on QP1).
SEND_END = {2, 3, 4, 5, 22, 23}
SEND_START = {0, 4, 5, 23}
EXPERT_ERROR = 8388608          # PI_ERROR in Wireshark's expert.h
RFC8797_MAGIC = "f6ab0e18"      # RFC 8797, Section 4: format identifier
RDMA_ERROR = 4                  # RFC 8166, Section 4.2.4: rdma_proc
ERR_VERS = 1                    # RFC 8166, Section 4.5.1: rdma_err
NFS4_WRITE, NFS4_READ = 38, 25
CB_RECALL = 4                   # RFC 8881, Section 20.2
NFS3_WRITE, NFS3_READ = 7, 6

results = []


def check(name, ok, evidence):
    results.append(("PASS" if ok else "FAIL", name, evidence))


def vals(rec, field):
    v = rec.get(field, "")
    return [x for x in v.split("|") if x != ""] if v else []


def first_int(rec, field, default=None):
    v = vals(rec, field)
    try:
        return int(v[0], 0) if v else default
    except ValueError:
        return default


def decode(pcap):
    # Two passes: the second sees the RDMA Reads and Writes the first
    # reassembled into their Calls and Replies, and each Call its Reply.
    cmd = ["tshark", "-2", "-r", pcap, "-T", "fields", "-E", "occurrence=a",
           "-E", "aggregator=|", "-E", "separator=/t"]
    for f in FIELDS:
        cmd += ["-e", f]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return None, out.stderr.strip()
    recs = []
    for line in out.stdout.splitlines():
        cols = line.split("\t")
        cols += [""] * (len(FIELDS) - len(cols))
        recs.append(dict(zip(FIELDS, cols)))
    return recs, ""


def rc_frames(recs):
    """Frames of reliable-connection QPs (not the CM's QP1 MADs)."""
    return [r for r in recs if first_int(r, "infiniband.bth.destqp") != 1]


def malformed(r):
    """The "Malformed Packet" marker, which a dissector adds where our
    bytes ran out or made no sense to it (not listed in frame.protocols,
    so asked for as a field of its own)."""
    return r["_ws.malformed"] != ""


def check_frames(recs):
    n = len(recs)
    ib = sum(1 for r in recs if "infiniband" in r["frame.protocols"])
    check("every frame decodes as RoCEv2 (InfiniBand over UDP 4791)",
          n > 0 and ib == n, f"{ib} of {n} frames")
    bad = [r for r in recs if malformed(r)]
    check("no malformed frame", not bad, f"{len(bad)} malformed" +
          (f" (first: frame {bad[0]['frame.number']})" if bad else ""))
    err = [r for r in recs
           if str(EXPERT_ERROR) in vals(r, "_ws.expert.severity")]
    check("no expert-info error", not err,
          f"{len(err)} frames" +
          (f" (first: frame {err[0]['frame.number']})" if err else ""))


def check_cm(recs, req_sizes):
    reqs = [r for r in recs if r["infiniband.mad.attributeid"] == "0x0010"]
    reps = [r for r in recs if r["infiniband.mad.attributeid"] == "0x0013"]
    check("connection set up in the capture (CM REQ and REP)",
          reqs and reps, f"{len(reqs)} REQ, {len(reps)} REP")

    def pdata(hexs, who):
        if not hexs.startswith(RFC8797_MAGIC) or len(hexs) < 16:
            return f"{who}: no RFC 8797 format identifier ({hexs[:16]})"
        vers, flags = int(hexs[8:10], 16), int(hexs[10:12], 16)
        if vers != 1:
            return f"{who}: private data version {vers}"
        if flags & 0xfe:
            return f"{who}: reserved flag bits set ({flags:#x})"
        return None

    errs = [e for e in (pdata(r["infiniband.cm.req.ip_cm.private"], "REQ")
                        for r in reqs) if e]
    errs += [e for e in (pdata(r["infiniband.cm.rep.private"], "REP")
                         for r in reps) if e]
    shown = [r["infiniband.cm.req.ip_cm.private"][:16] for r in reqs[:1]] + \
        [r["infiniband.cm.rep.private"][:16] for r in reps[:1]]
    check("RFC 8797 private data in every REQ and REP (identifier, "
          "version 1, reserved bits clear)",
          reqs and reps and not errs,
          "; ".join(errs) if errs else "REQ/REP " + " ".join(shown))
    if req_sizes:
        want = "".join(f"{min(max(s, 1024), 262144) // 1024 - 1:02x}"
                       for s in req_sizes)
        got = sorted({r["infiniband.cm.req.ip_cm.private"][12:16]
                      for r in reqs})
        check("our REQ's send and receive sizes are the module's "
              "inline_send and inline_recv", got == [want],
              f"want {want}, wire {got}")


def raw_payloads(pcap):
    """Each RC frame's InfiniBand payload, with the RPC-over-RDMA
    dissector off: the bytes as sent, whatever their version."""
    out = subprocess.run(["tshark", "-r", pcap, "--disable-protocol",
                          "rpcordma", "-T", "fields", "-e", "frame.number",
                          "-e", "data.data"],
                         capture_output=True, text=True, check=False)
    raw = {}
    for line in out.stdout.splitlines():
        num, _, data = line.partition("\t")
        raw[num] = data
    return raw


def words(hexs, n):
    return [int(hexs[i * 8:i * 8 + 8], 16) if len(hexs) >= i * 8 + 8
            else None for i in range(n)]


def check_versions(recs, raw, mode):
    rc = rc_frames(recs)
    ends = [r for r in rc if first_int(r, "infiniband.bth.opcode") in SEND_END]
    starts = [r for r in rc
              if first_int(r, "infiniband.bth.opcode") in SEND_START]
    v1 = [r for r in rc if vals(r, "rpcordma.version")]
    if mode == "v2":
        check("no message decodes as RPC-over-RDMA Version 1",
              not v1, f"{len(v1)} of {len(ends)} Send messages")
        vers = [words(raw.get(r["frame.number"], ""), 2)[1] for r in starts]
        not2 = [v for v in vers if v != 2]
        check("every Send's header says version 2 (its bytes, read "
              "with the RPC-over-RDMA dissector off)", starts and not not2,
              f"{len(starts) - len(not2)} of {len(starts)} Sends" +
              (f"; others: {sorted(set(map(str, not2)))[:4]}"
               if not2 else ""))
        return
    skip = set()
    if mode == "fallback":
        # Each connection (from its CM REQ on) starts with our Version 2
        # offer, answered by RDMA_ERROR ERR_VERS naming versions 1 to 1
        # (RFC 8166, Section 4.5.1) with the offer's XID. The answer's
        # own version word is the in-tree server's echo of the offer's 2,
        # which Wireshark 4.0 will not decode, so it is read raw here.
        reqs = [int(r["frame.number"]) for r in recs
                if r["infiniband.mad.attributeid"] == "0x0010"]
        offers, answered, seen = [], 0, []
        for i, req in enumerate(reqs):
            end = reqs[i + 1] if i + 1 < len(reqs) else 1 << 62
            conn = [r for r in starts
                    if req < int(r["frame.number"]) < end]
            if not conn:
                continue
            first = conn[0]
            fw = words(raw.get(first["frame.number"], ""), 2)
            offers.append(fw[1] == 2)
            ans = [r for r in conn[1:]
                   if words(raw.get(r["frame.number"], ""), 1)[0] == fw[0]]
            aw = words(raw.get(ans[0]["frame.number"], ""), 7) if ans else []
            seen.append(aw)
            if len(ans) == 1 and aw[3:] == [RDMA_ERROR, ERR_VERS, 1, 1]:
                answered += 1
            skip |= {first["frame.number"]} | \
                {r["frame.number"] for r in ans[:1]}
        check("each connection's first Send offers Version 2",
              offers and all(offers),
              f"{sum(offers)} of {len(offers)} connections")
        check("each offer answered by RDMA_ERROR ERR_VERS (versions 1 to "
              "1) with its XID", offers and answered == len(offers),
              f"{answered} of {len(offers)}; answers' words {seen[:2]}")
    rest = [r for r in ends if r["frame.number"] not in skip]
    undec = [r for r in rest if vals(r, "rpcordma.version") != ["1"]]
    check("every Send decodes as an RPC-over-RDMA Version 1 message",
          rest and not undec, f"{len(rest) - len(undec)} of {len(rest)}" +
          (f"; not: frames {[r['frame.number'] for r in undec][:5]}"
           if undec else ""))
    types = {}
    for r in v1:
        t = first_int(r, "rpcordma.msg_type")
        types[t] = types.get(t, 0) + 1
    check("no RDMA_ERROR" + (" after the fallback" if skip else ""),
          RDMA_ERROR not in types, f"msg_types {types}")
    chunks = {k: sum(1 for r in v1 if (first_int(r, f"rpcordma.{k}", 0) or 0)
                     > 0) for k in ("reads_count", "writes_count",
                                    "reply_count")}
    check("Read list, Write list and Reply chunk each decoded",
          all(chunks.values()), f"messages with each: {chunks}")


def peer(byframe, r):
    """The record of the Reply to this Call, or of the Call this Reply
    answers (or {}): Wireshark 4.0 files the link under rpc.reqframe in
    Calls and rpc.repframe in Replies, so take whichever it filled."""
    v = vals(r, "rpc.reqframe") or vals(r, "rpc.repframe")
    return byframe.get(v[0], {}) if v else {}


def check_rpc(recs, byframe):
    calls = [r for r in recs if "0" in vals(r, "rpc.msgtyp")]
    replies = [r for r in recs if "1" in vals(r, "rpc.msgtyp")]

    def paired(r, other):
        p = peer(byframe, r)
        return other in vals(p, "rpc.msgtyp") and \
            set(vals(p, "rpc.xid")) & set(vals(r, "rpc.xid"))
    unanswered = [r for r in calls if not paired(r, "1")]
    orphan = [r for r in replies if not paired(r, "0")]
    check("every RPC Call has its Reply and every Reply its Call",
          calls and not unanswered and not orphan,
          f"{len(calls)} Calls, {len(replies)} Replies, "
          f"{len(unanswered)} unanswered, {len(orphan)} without a Call")


def check_callback(recs, byframe):
    """RFC 8167: the server's CB_RECALL travels the same connection in
    the reverse direction and is answered there."""
    cbs = [r for r in recs if "0" in vals(r, "rpc.msgtyp") and
           str(CB_RECALL) in vals(r, "nfs.cb.operation")]
    answered = [r for r in cbs
                if "1" in vals(peer(byframe, r), "rpc.msgtyp")]
    check("a CB_RECALL Call on the backchannel, answered",
          cbs and len(answered) == len(cbs),
          f"{len(cbs)} CB_RECALL Calls, {len(answered)} answered" +
          (f" (frame {cbs[0]['frame.number']}, RPC-over-RDMA version "
           f"{vals(cbs[0], 'rpcordma.version')})" if cbs else ""))


def is_op(r, v4op, v3proc):
    return str(v4op) in vals(r, "nfs.opcode") or \
        str(v3proc) in vals(r, "nfs.procedure_v3")


def offset_of(r):
    o = first_int(r, "nfs.offset4")
    return o if o is not None else first_int(r, "nfs.offset3")


def check_data(recs, byframe, files):
    contents = {}
    for path in files:
        with open(path, "rb") as f:
            contents[path] = f.read()
    # WRITE payloads, by file handle and offset
    written = {}
    missing = 0
    for r in recs:
        if "0" not in vals(r, "rpc.msgtyp") or \
           not is_op(r, NFS4_WRITE, NFS3_WRITE):
            continue
        fh, off = vals(r, "nfs.fh.hash"), offset_of(r)
        data = [d for d in vals(r, "nfs.data") if d != "<MISSING>"]
        if not fh or off is None or not data:
            missing += 1
            continue
        written.setdefault(fh[0], {})[off] = bytes.fromhex(data[0])
    found = {}
    for fh, pieces in written.items():
        buf = bytearray()
        for off in sorted(pieces):
            p = pieces[off]
            if off > len(buf):
                buf.extend(bytes(off - len(buf)))
            buf[off:off + len(p)] = p
        for path, c in contents.items():
            if bytes(buf) == c:
                found[path] = fh
    lost = [p for p in files if p not in found]
    check("the files, put together from the WRITE payloads Wireshark "
          "decoded, are the files written",
          not lost and not missing,
          f"{len(found)} of {len(files)} files by SHA-256 ("
          + ", ".join(hashlib.sha256(contents[p]).hexdigest()[:12]
                      for p in found) + ")"
          + (f"; not found: {lost}" if lost else "") +
          (f"; {missing} WRITE Calls without a decoded payload"
           if missing else ""))
    # READ payloads against the file at the offset asked for
    good = bad = gap = 0
    for r in recs:
        if "1" not in vals(r, "rpc.msgtyp") or \
           not is_op(r, NFS4_READ, NFS3_READ):
            continue
        data = [d for d in vals(r, "nfs.data") if d != "<MISSING>"]
        call = peer(byframe, r)
        if not data or not call:
            gap += 1
            continue
        off = offset_of(call)
        d = bytes.fromhex(data[-1])
        if off is not None and any(c[off:off + len(d)] == d
                                   for c in contents.values()):
            good += 1
        else:
            bad += 1
    check("every READ payload Wireshark decoded matches the file at its "
          "offset", good > 0 and bad == 0 and gap == 0,
          f"{good} match, {bad} differ, {gap} READ Replies without a "
          "payload or a Call")


def run_checks(pcap, a):
    """Every check of this capture; returns results and empties the list."""
    recs, err = decode(pcap)
    if recs is None:
        check("tshark reads the capture", False, err)
    else:
        check("tshark reads the capture", True, f"{len(recs)} frames")
        check_frames(recs)
        sizes = [int(x) for x in a.req_sizes.split(",")] \
            if a.req_sizes else None
        check_cm(recs, sizes)
        check_versions(recs, raw_payloads(pcap), a.mode)
        if a.mode != "v2":
            byframe = {r["frame.number"]: r for r in recs}
            check_rpc(recs, byframe)
            if a.callback:
                check_callback(recs, byframe)
            if a.file:
                check_data(recs, byframe, a.file)
    out = list(results)
    results.clear()
    return out, recs


# Ethernet, IPv4 without options, UDP, then the 12-octet BTH
BTH_END = 14 + 20 + 8 + 12


def mutated(pcap, frame, offset, data):
    """A copy of PCAP whose frame FRAME has DATA at OFFSET, or the octet
    there inverted if DATA is None (libpcap's format: a 24-octet file
    header, then a 16-octet header per record whose third word is the
    captured length)."""
    with open(pcap, "rb") as f:
        buf = bytearray(f.read())
    endian = "<" if buf[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") \
        else ">"
    pos, n = 24, 0
    while pos + 16 <= len(buf):
        n += 1
        caplen = struct.unpack(endian + "I", buf[pos + 8:pos + 12])[0]
        if n == frame:
            at = pos + 16 + offset
            if data is None:
                buf[at] ^= 0xff
            else:
                buf[at:at + len(data)] = data
            break
        pos += 16 + caplen
    out = pcap + f".mut{frame}"
    with open(out, "wb") as f:
        f.write(buf)
    return out


def self_test(pcap, a, recs):
    """The checks can fail: a Version 1 Send with its version word made 7,
    and one octet of a WRITE's payload (an RDMA Read response middle
    packet) changed, must each be caught by the check that should."""
    sends = [r for r in rc_frames(recs) if vals(r, "rpcordma.version")
             and first_int(r, "infiniband.bth.opcode") in SEND_START]
    mids = [r for r in rc_frames(recs)
            if first_int(r, "infiniband.bth.opcode") == 14]
    cases = []
    if sends:
        cases.append(("a Send's version word changed to 7",
                      int(sends[len(sends) // 2]["frame.number"]),
                      BTH_END + 4, b"\x00\x00\x00\x07",
                      "every Send decodes as an RPC-over-RDMA Version 1 "
                      "message"))
    if mids and a.file:
        cases.append(("one octet of a WRITE's payload changed",
                      int(mids[0]["frame.number"]), BTH_END + 100, None,
                      "the files, put together from the WRITE payloads "
                      "Wireshark decoded, are the files written"))
    verdicts = []
    for what, frame, off, data, target in cases:
        copy = mutated(pcap, frame, off, data)
        got, _ = run_checks(copy, a)      # (empties results)
        failed = [n for st, n, _ in got if st == "FAIL"]
        os.unlink(copy)
        verdicts.append((f"self-test: {what} (frame {frame}) fails "
                         f"\"{target}\"", target in failed,
                         f"failed: {failed}"))
    for v in verdicts:
        check(*v)
    if not cases:
        check("self-test: frames to change", False, "none found")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pcap")
    ap.add_argument("--mode", choices=("v1", "v2", "fallback"),
                    required=True)
    ap.add_argument("--file", action="append", default=[])
    ap.add_argument("--req-sizes")
    ap.add_argument("--tag", default="wire:")
    ap.add_argument("--callback", action="store_true",
                    help="a delegation was recalled during the capture")
    ap.add_argument("--self-test", action="store_true",
                    help="also check that changed copies of the capture "
                    "fail (Version 1 captures)")
    a = ap.parse_args()
    out, recs = run_checks(a.pcap, a)
    if a.self_test and recs is not None:
        self_test(a.pcap, a, recs)
        out += results
    for status, name, ev in out:
        print(f"{name}: {ev}")
        print(f"{'ok' if status == 'PASS' else 'not ok'} {a.tag} {name}")
    return 0 if all(s == "PASS" for s, _, _ in out) else 1


if __name__ == "__main__":
    sys.exit(main())
