"""The rulesets of `cargo bench --bench rulesets`, written the obvious way in plain Python.

Each game is what a student writes in a few minutes: a position as a tuple (or an int used as
a bitmask), a dict for the memo, the options listed one by one and the mex taken over their
values. Nothing cleverer than what grundy's own library does (std/*.game); where the library
does more, the function says so.

    python3 benches/peers/naive.py RULESET JSON

prints the value of the position, the number of positions remembered, and the seconds the
computation took, on the clock and on the CPU (the interpreter's start-up not included), e.g.

    python3 benches/peers/naive.py chomp '[7, 7, 7, 7, 7, 7]'
    python3 benches/peers/naive.py node_kayles '[[1, 2], [0, 2], [0, 1]]'
    python3 benches/peers/naive.py cram '[4, 6]'
    python3 benches/peers/naive.py moore '[2, [6, 7, 8, 9, 10]]'
"""

import json
import sys
import time


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def node_kayles(graph):
    """Node Kayles: the vertices left are a bitmask; a move takes a vertex and its neighbours."""
    gone = [(1 << v) | sum(1 << u for u in graph[v]) for v in range(len(graph))]
    memo = {}

    def value(left):
        if left in memo:
            return memo[left]
        seen = set()
        for v in range(len(graph)):
            if left >> v & 1:
                seen.add(value(left & ~gone[v]))
        memo[left] = mex(seen)
        return memo[left]

    return value((1 << len(graph)) - 1), memo


def chomp(rows):
    """Chomp: rows from the bottom, longest first; a bite at (i, j) cuts rows i.. to j."""
    memo = {}

    def value(r):
        if r in memo:
            return memo[r]
        seen = set()
        for i in range(len(r)):
            for j in range(r[i]):
                if i + j > 0:
                    seen.add(value(r[:i] + tuple(min(x, j) for x in r[i:] if min(x, j) > 0)))
        memo[r] = mex(seen)
        return memo[r]

    return value(tuple(rows)), memo


def staircase(steps):
    """Staircase Nim: coins per step, bottom first; empty top steps trimmed."""
    memo = {}

    def trim(p):
        while p and p[-1] == 0:
            p = p[:-1]
        return p

    def value(p):
        if p in memo:
            return memo[p]
        seen = set()
        for i in range(len(p)):
            for t in range(1, p[i] + 1):
                q = list(p)
                q[i] -= t
                if i > 0:
                    q[i - 1] += t
                seen.add(value(trim(tuple(q))))
        memo[p] = mex(seen)
        return memo[p]

    return value(trim(tuple(steps))), memo


def cram(m, n):
    """Cram on m x n: the covered squares are a bitmask; a domino covers two empty neighbours.

    grundy's library does more: it splits a board into the regions a domino leaves and
    remembers each region's shape up to rotation and reflection. This does neither.
    """
    dominoes = []
    for r in range(m):
        for c in range(n):
            k = r * n + c
            if c + 1 < n:
                dominoes.append((1 << k) | (1 << (k + 1)))
            if r + 1 < m:
                dominoes.append((1 << k) | (1 << (k + n)))
    memo = {}

    def value(covered):
        if covered in memo:
            return memo[covered]
        seen = set()
        for d in dominoes:
            if covered & d == 0:
                seen.add(value(covered | d))
        memo[covered] = mex(seen)
        return memo[covered]

    return value(0), memo


def moore(k, heaps):
    """Moore's Nim_k: lower from one to k heaps; heaps kept sorted, empty ones dropped."""
    memo = {}

    def lowered(p, k):
        # Every list reached from p by lowering at most k of its entries (p itself too).
        if not p:
            yield ()
            return
        for q in lowered(p[1:], k):
            yield (p[0],) + q
        if k > 0:
            for a in range(p[0]):
                for q in lowered(p[1:], k - 1):
                    yield (a,) + q

    def value(p):
        if p in memo:
            return memo[p]
        seen = set()
        for q in lowered(p, k):
            if q != p:
                seen.add(value(tuple(sorted(x for x in q if x > 0))))
        memo[p] = mex(seen)
        return memo[p]

    return value(tuple(sorted(x for x in heaps if x > 0))), memo


def nimble(coins):
    """Nimble: the squares of the coins, sorted, those on square 0 dropped."""
    memo = {}

    def value(p):
        if p in memo:
            return memo[p]
        seen = set()
        for i in range(len(p)):
            for s in range(p[i]):
                q = p[:i] + (s,) + p[i + 1 :]
                seen.add(value(tuple(sorted(x for x in q if x > 0))))
        memo[p] = mex(seen)
        return memo[p]

    return value(tuple(sorted(x for x in coins if x > 0))), memo


def turning_turtles_row(row):
    """Turning Turtles: the heads are a bitmask (coin i + 1 is bit i); a move turns a head
    to tails, and maybe one coin to its left over too."""
    memo = {}

    def value(heads):
        if heads in memo:
            return memo[heads]
        seen = set()
        for i in range(len(row)):
            if heads >> i & 1:
                turned = heads & ~(1 << i)
                seen.add(value(turned))
                for j in range(i):
                    seen.add(value(turned ^ (1 << j)))
        memo[heads] = mex(seen)
        return memo[heads]

    return value(sum(1 << i for i, c in enumerate(row) if c == "H")), memo


def kayles_rows(rows):
    """Kayles on several rows of pins: knock down one pin or two side by side, which may
    split a row in two; the rows kept sorted, empty ones dropped."""
    memo = {}

    def value(p):
        if p in memo:
            return memo[p]
        seen = set()
        for i in range(len(p)):
            for k in (1, 2):
                if k <= p[i]:
                    for a in range((p[i] - k) // 2 + 1):
                        q = p[:i] + (a, p[i] - k - a) + p[i + 1 :]
                        seen.add(value(tuple(sorted(x for x in q if x > 0))))
        memo[p] = mex(seen)
        return memo[p]

    return value(tuple(sorted(x for x in rows if x > 0))), memo


def main():
    sys.setrecursionlimit(100_000)
    ruleset, argument = sys.argv[1], json.loads(sys.argv[2])
    games = {
        "node_kayles": lambda: node_kayles(argument),
        "chomp": lambda: chomp(argument),
        "staircase": lambda: staircase(argument),
        "cram": lambda: cram(*argument),
        "moore": lambda: moore(*argument),
        "nimble": lambda: nimble(argument),
        "turning_turtles_row": lambda: turning_turtles_row(argument),
        "kayles_rows": lambda: kayles_rows(argument),
    }
    start, start_cpu = time.perf_counter(), time.process_time()
    value, memo = games[ruleset]()
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    print(value, len(memo), f"{seconds:.6f}", f"{cpu:.6f}")


if __name__ == "__main__":
    main()
