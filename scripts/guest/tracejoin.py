#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tracejoin.py SIDE OP FILE: check that one RPC's events join.

SIDE is client or server, OP write (the first Call with a Read chunk,
call=1) or read (the first with a Write chunk, reply=1), FILE a tracefs
capture of xprtrdma_ng and svcrdma_ng. Exits 0 if every join holds,
printing what it matched; 1 with the reason otherwise.
"""
import re
import sys

LINE = re.compile(r'^\s*\S.*?\s([\d.]+): (\w+): (.*)$')


def events(path):
    out = []
    with open(path, errors='replace') as f:
        for text in f:
            m = LINE.match(text)
            if m:
                fields = dict(re.findall(r'(\w+)=(\S+)', m.group(3)))
                out.append((m.group(2), fields, text.rstrip()))
    return out


def fail(msg):
    print('FAIL:', msg)
    sys.exit(1)


def find_after(evs, start, name, **want):
    for i in range(start, len(evs)):
        n, f, _ = evs[i]
        if n == name and all(f.get(k) == v for k, v in want.items()):
            return i
    return None


def find_before(evs, end, name, **want):
    for i in range(end - 1, -1, -1):
        n, f, _ = evs[i]
        if n == name and all(f.get(k) == v for k, v in want.items()):
            return i
    return None


def main():
    side, op, path = sys.argv[1:4]
    evs = events(path)
    key = {'write': 'call', 'read': 'reply'}[op]
    m = next((i for i, (n, f, _) in enumerate(evs)
              if n == 'xprtrdma_marshal' and f.get(key) == '1'), None)
    if m is None:
        fail('no xprtrdma_marshal with %s=1' % key)
    xid = evs[m][1]['xid']
    print(evs[m][2])
    if side == 'client':
        f = evs[m][1]
        # Its Send ends signaled (wc_send) or retired by a later one
        sends = [find_after(evs, m, n, cq_id=f['cq_id'], cid=f['cid'])
                 for n in ('xprtrdma_wc_send', 'xprtrdma_send_retired')]
        sends = [i for i in sends if i is not None]
        if not sends:
            fail('no xprtrdma_wc_send or _send_retired cq_id=%s cid=%s'
                 % (f['cq_id'], f['cid']))
        s = min(sends)
        r = find_after(evs, m, 'xprtrdma_reply', xid=xid)
        if r is None:
            fail('no xprtrdma_reply xid=%s' % xid)
        rf = evs[r][1]
        w = find_before(evs, r, 'xprtrdma_wc_recv', cq_id=rf['cq_id'],
                        cid=rf['cid'])
        if w is None or w < m:
            fail('no xprtrdma_wc_recv cq_id=%s cid=%s before the reply'
                 % (rf['cq_id'], rf['cid']))
        for i in (s, r, w):
            print(evs[i][2])
        return
    mine = [(i, e) for i, e in enumerate(evs)
            if e[0].startswith('svcrdma_') and e[1].get('xid') == xid]
    if not mine:
        fail('no svcrdma_ event with xid=%s' % xid)
    conns = {e[1].get('conn') for _, e in mine}
    if len(conns) != 1:
        fail('xid=%s on conns %s' % (xid, sorted(conns)))
    conn = conns.pop()
    pairs = {'svcrdma_recvfrom': ('svcrdma_recv_done', -1),
             'svcrdma_read_chunks': ('svcrdma_read_done', 0),
             'svcrdma_sendto': ('svcrdma_send_done', 1)}
    seen = set()
    for i, (n, f, text) in mine:
        print(text)
        if n not in pairs or n in seen:
            continue
        seen.add(n)
        done, way = pairs[n]
        want = dict(conn=conn, cq_id=f['cq_id'], cid=f['cid'])
        if way < 0:
            j = find_before(evs, i, done, **want)
        elif way == 0:
            j = find_after(evs, 0, done, **want)
        else:
            j = find_after(evs, i, 'svcrdma_post_send', **want)
            if j is None:
                fail('no svcrdma_post_send %s' % want)
            print(evs[j][2])
            j = find_after(evs, j, done, **want)
        if j is None:
            fail('%s: no %s %s' % (n, done, want))
        print(evs[j][2])
    for n in ('svcrdma_recvfrom', 'svcrdma_sendto'):
        if n not in seen:
            fail('no %s for xid=%s' % (n, xid))
    if op == 'write' and 'svcrdma_read_chunks' not in seen:
        fail('no svcrdma_read_chunks for the WRITE xid=%s' % xid)


main()
