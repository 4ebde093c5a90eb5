#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Metadata churn for the soak scenario (scripts/guest/scenarios/soak.sh).

churn.py run DIR REF SECONDS SEED
    Apply a random, reproducible sequence of namespace operations to DIR
    (on an NFS mount) and REF (a local reference tree) in lockstep for
    SECONDS: create, append, read, rename (files, links and directories,
    over an existing name too), hard link, unlink, mkdir, rmdir,
    symlink, readlink, chmod, stat, readdir. REF is done first and must
    succeed; an operation that fails on DIR is an error, a result on DIR
    that differs from REF's (contents, type, size, mode, listing, link
    target) a mismatch. Prints a summary and the final tree's manifest
    digest; exit 0 only with no error, no mismatch and equal trees.

churn.py compare DIR REF
    The two trees are equal (run again after a cache drop).

A tree's manifest has one line per entry: path, type, and for a file
its mode, size and SHA-256, for a directory its mode, for a symlink
its target. Times and link counts are left out: NFS clients cache them.
"""

import hashlib
import os
import random
import stat
import sys
import time

MAX_FILES = 2500
MAX_DIRS = 200
MAX_DEPTH = 4
MAX_FILE = 16384
REPORT = 20


def manifest(root):
    lines = []
    for top, dirs, files in os.walk(root):
        dirs.sort()
        rel_top = os.path.relpath(top, root)
        for name in sorted(dirs + files):
            path = os.path.join(top, name)
            rel = os.path.normpath(os.path.join(rel_top, name))
            st = os.lstat(path)
            mode = stat.S_IMODE(st.st_mode)
            if stat.S_ISLNK(st.st_mode):
                lines.append("%s l %s" % (rel, os.readlink(path)))
            elif stat.S_ISDIR(st.st_mode):
                lines.append("%s d %o" % (rel, mode))
            elif stat.S_ISREG(st.st_mode):
                with open(path, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                lines.append("%s f %o %d %s" % (rel, mode, st.st_size, digest))
            else:
                lines.append("%s ? %o" % (rel, st.st_mode))
    return lines


def compare(top, ref):
    a, b = manifest(top), manifest(ref)
    digest = hashlib.sha256("\n".join(b).encode()).hexdigest()
    if a == b:
        print("trees equal: %d entries, manifest sha256 %s" % (len(a), digest))
        return True
    sa, sb = set(a), set(b)
    print("trees differ: %d entries on NFS, %d in the reference" % (len(a), len(b)))
    for line in sorted(sa - sb)[:REPORT]:
        print("  only on NFS:      " + line)
    for line in sorted(sb - sa)[:REPORT]:
        print("  only in reference: " + line)
    return False


class Churn:
    def __init__(self, top, ref, seed):
        self.top, self.ref = top, ref
        self.rng = random.Random(seed)
        self.files, self.links, self.dirs = [], [], [""]
        self.serial = 0
        self.ops = {}
        self.errors = self.mismatches = 0

    def name(self, prefix):
        self.serial += 1
        return "%s%d" % (prefix, self.serial)

    def depth(self, d):
        return 0 if d == "" else d.count("/") + 1

    def both(self, what, fn, *rel):
        """fn(reference paths...) first, then fn(NFS paths...)."""
        fn(*[os.path.join(self.ref, r) for r in rel])
        try:
            return fn(*[os.path.join(self.top, r) for r in rel])
        except OSError as e:
            self.error("%s %s: %s" % (what, " ".join(rel), e))
            return None

    def error(self, msg):
        self.errors += 1
        if self.errors <= REPORT:
            print("error: " + msg)

    def mismatch(self, msg):
        self.mismatches += 1
        if self.mismatches <= REPORT:
            print("mismatch: " + msg)

    def pick_dir(self):
        return self.rng.choice(self.dirs)

    def empty_dirs(self):
        used = set()
        for p in self.files + self.links + self.dirs:
            used.add(os.path.dirname(p))
        return [d for d in self.dirs if d and d not in used]

    # --- operations; each returns nothing, counts what went wrong ---

    def op_create(self):
        rel = os.path.join(self.pick_dir(), self.name("f"))
        data = self.rng.randbytes(self.rng.randrange(MAX_FILE))

        def create(p):
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
        self.both("create", create, rel)
        self.files.append(rel)

    def op_append(self):
        rel = self.rng.choice(self.files)
        data = self.rng.randbytes(self.rng.randrange(1, 4096))

        def append(p):
            with open(p, "ab") as f:
                f.write(data)
        self.both("append", append, rel)

    def op_read(self):
        rel = self.rng.choice(self.files)
        with open(os.path.join(self.ref, rel), "rb") as f:
            want = f.read()
        try:
            with open(os.path.join(self.top, rel), "rb") as f:
                got = f.read()
        except OSError as e:
            self.error("read %s: %s" % (rel, e))
            return
        if got != want:
            self.mismatch("read %s: %d bytes, want %d" % (rel, len(got), len(want)))

    def op_rename(self):
        pool = self.files if self.rng.random() < 0.8 or not self.links else self.links
        src = self.rng.choice(pool)
        over = [p for p in pool if p != src]
        dst = self.rng.choice(over) if over and self.rng.random() < 0.2 else None
        # Renaming a name onto another link of the same file does
        # nothing (rename(2)): replace only another file.
        if dst and (os.lstat(os.path.join(self.ref, src)).st_ino !=
                    os.lstat(os.path.join(self.ref, dst)).st_ino):
            pool.remove(dst)		# replaced by src
        else:
            dst = os.path.join(self.pick_dir(), self.name("r"))
        self.both("rename", os.rename, src, dst)
        pool[pool.index(src)] = dst

    def op_rename_dir(self):
        cands = [d for d in self.dirs if d]
        if not cands:
            return
        src = self.rng.choice(cands)
        parents = [d for d in self.dirs if d != src and not d.startswith(src + "/")
                   and self.depth(d) + self.subtree_depth(src) < MAX_DEPTH]
        if not parents:
            return
        dst = os.path.join(self.rng.choice(parents), self.name("d"))
        self.both("rename dir", os.rename, src, dst)

        def move(p):
            if p == src or p.startswith(src + "/"):
                return dst + p[len(src):]
            return p
        self.files = [move(p) for p in self.files]
        self.links = [move(p) for p in self.links]
        self.dirs = [move(p) for p in self.dirs]

    def subtree_depth(self, d):
        return 1 + max([self.depth(x) - self.depth(d) for x in self.dirs
                        if x.startswith(d + "/")] + [0])

    def op_link(self):
        src = self.rng.choice(self.files)
        dst = os.path.join(self.pick_dir(), self.name("h"))
        self.both("link", os.link, src, dst)
        self.files.append(dst)

    def op_unlink(self):
        pool = self.files if self.rng.random() < 0.8 or not self.links else self.links
        rel = self.rng.choice(pool)
        self.both("unlink", os.unlink, rel)
        pool.remove(rel)

    def op_mkdir(self):
        parents = [d for d in self.dirs if self.depth(d) < MAX_DEPTH - 1]
        rel = os.path.join(self.rng.choice(parents), self.name("d"))
        self.both("mkdir", os.mkdir, rel)
        self.dirs.append(rel)

    def op_rmdir(self):
        cands = self.empty_dirs()
        if not cands:
            return
        rel = self.rng.choice(cands)
        self.both("rmdir", os.rmdir, rel)
        self.dirs.remove(rel)

    def op_symlink(self):
        if self.files and self.rng.random() < 0.7:
            target = os.path.basename(self.rng.choice(self.files))
        else:
            target = "nowhere/" + "x" * self.rng.randrange(1, 200)
        rel = os.path.join(self.pick_dir(), self.name("l"))
        self.both("symlink", lambda p: os.symlink(target, p), rel)
        self.links.append(rel)

    def op_readlink(self):
        rel = self.rng.choice(self.links)
        want = os.readlink(os.path.join(self.ref, rel))
        try:
            got = os.readlink(os.path.join(self.top, rel))
        except OSError as e:
            self.error("readlink %s: %s" % (rel, e))
            return
        if got != want:
            self.mismatch("readlink %s: %r, want %r" % (rel, got, want))

    def op_chmod(self):
        rel = self.rng.choice(self.files)
        mode = self.rng.choice([0o600, 0o640, 0o644, 0o664, 0o755])
        self.both("chmod", lambda p: os.chmod(p, mode), rel)

    def op_stat(self):
        rel = self.rng.choice(self.files + self.links + self.dirs)
        want = os.lstat(os.path.join(self.ref, rel))
        try:
            got = os.lstat(os.path.join(self.top, rel))
        except OSError as e:
            self.error("stat %s: %s" % (rel, e))
            return
        w = (stat.S_IFMT(want.st_mode), stat.S_IMODE(want.st_mode))
        g = (stat.S_IFMT(got.st_mode), stat.S_IMODE(got.st_mode))
        if stat.S_ISREG(want.st_mode):
            w, g = w + (want.st_size,), g + (got.st_size,)
        if g != w:
            self.mismatch("stat %s: %r, want %r" % (rel, g, w))

    def op_readdir(self):
        rel = self.pick_dir()
        want = sorted(os.listdir(os.path.join(self.ref, rel)))
        try:
            got = sorted(os.listdir(os.path.join(self.top, rel)))
        except OSError as e:
            self.error("readdir %s: %s" % (rel or ".", e))
            return
        if got != want:
            self.mismatch("readdir %s: %d entries, want %d" % (rel or ".", len(got), len(want)))

    def step(self):
        nf, nl, nd = len(self.files), len(self.links), len(self.dirs)
        table = [("create", 25 if nf < MAX_FILES else 0),
                 ("unlink", 15 if nf > MAX_FILES // 2 else 8),
                 ("append", 8), ("read", 10), ("rename", 10),
                 ("rename_dir", 2), ("link", 3),
                 ("mkdir", 6 if nd < MAX_DIRS else 0), ("rmdir", 4),
                 ("symlink", 6 if nl < MAX_FILES // 2 else 0),
                 ("readlink", 3), ("chmod", 3), ("stat", 6), ("readdir", 6)]
        need = {"append": self.files, "read": self.files, "rename": self.files,
                "link": self.files, "unlink": self.files, "chmod": self.files,
                "readlink": self.links}
        table = [(n, w) for n, w in table if w and need.get(n, True)]
        op = self.rng.choices([n for n, _ in table], [w for _, w in table])[0]
        getattr(self, "op_" + op)()
        self.ops[op] = self.ops.get(op, 0) + 1

    def run(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.step()
        total = sum(self.ops.values())
        print("churn: %d operations (%s)" % (total, ", ".join(
            "%s %d" % kv for kv in sorted(self.ops.items()))))
        print("churn: %d files, %d symlinks, %d directories; %d errors, %d mismatches"
              % (len(self.files), len(self.links), len(self.dirs) - 1,
                 self.errors, self.mismatches))
        return total


def main(argv):
    if len(argv) == 6 and argv[1] == "run":
        top, ref, seconds, seed = argv[2], argv[3], float(argv[4]), int(argv[5])
        os.makedirs(top)
        os.makedirs(ref)
        c = Churn(top, ref, seed)
        total = c.run(seconds)
        same = compare(top, ref)
        return 0 if total and same and not c.errors and not c.mismatches else 1
    if len(argv) == 4 and argv[1] == "compare":
        return 0 if compare(argv[2], argv[3]) else 1
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
