"""The per-type breadth-first search of types.py, compiled with numba.

A state of one type is packed in an int64: 3 bits per piece, the piece's first
position in its groove (1..6), piece 0 (the special piece, groove l) lowest.
Per piece, `bits[i, q]` is the board bit of its groove's position q (0 off the
board or off the groove) and `pmask[i, p]` the cells it covers at position p,
so a slide is a walk along `bits` through cells free in the occupancy.  The
visited set is an open-addressing hash table that doubles when half full;
the insertion order is the BFS queue.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY = 0            # no packed state is 0: the special piece sits at a position >= 1
_MULT = -7046029254386353131   # 0x9E3779B97F4A7C15 as a signed int64


@njit(cache=True)
def _slot(s, mask):
    h = s * _MULT
    return (h ^ (h >> 29)) & mask


@njit(cache=True)
def _insert(table, mask, s):
    """Insert s; True if it was new."""
    k = _slot(s, mask)
    while table[k] != EMPTY:
        if table[k] == s:
            return False
        k = (k + 1) & mask
    table[k] = s
    return True


@njit(cache=True)
def bfs(seeds, bits, pmask, length, target, stop):
    """BFS from `seeds` over one type's slides.

    Counts the reached states whose special piece is at position `target`
    (stopping at the first if `stop`).  Returns (found, states visited,
    depth of the deepest found state, that state).
    """
    npieces = length.shape[0]
    cap = 1024
    while cap < 4 * seeds.shape[0]:
        cap *= 2
    table = np.zeros(cap, np.int64)
    order = np.empty(max(1024, 2 * seeds.shape[0]), np.int64)
    n = 0
    for s in seeds:
        if _insert(table, cap - 1, s):
            order[n] = s
            n += 1
    head, level_end, depth = 0, n, 0
    found, deepest, deepest_state = 0, -1, 0
    while head < n:
        if head == level_end:
            depth += 1
            level_end = n
        s = order[head]
        head += 1
        if (s & 7) == target:
            found += 1
            deepest, deepest_state = depth, s
            if stop:
                return found, n, deepest, deepest_state
        occ = 0
        for i in range(npieces):
            occ |= pmask[i, (s >> (3 * i)) & 7]
        for i in range(npieces):
            shift = 3 * i
            p = (s >> shift) & 7
            cleared = s & ~(7 << shift)
            for d in (-1, 1):
                q = p - 1 if d < 0 else p + length[i]
                newp = p
                while bits[i, q] != 0 and (occ & bits[i, q]) == 0:
                    newp += d
                    q += d
                    t = cleared | (newp << shift)
                    if 2 * n >= cap:                      # keep the table at most half full
                        cap *= 2
                        table = np.zeros(cap, np.int64)
                        for k in range(n):
                            _insert(table, cap - 1, order[k])
                    if _insert(table, cap - 1, t):
                        if n == order.shape[0]:
                            bigger = np.empty(2 * n, np.int64)
                            bigger[:n] = order[:n]
                            order = bigger
                        order[n] = t
                        n += 1
    return found, n, deepest, deepest_state
