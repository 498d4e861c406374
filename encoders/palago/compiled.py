"""The enumerator's inner loop compiled with numba: the same Redelmeier growth
over blue corners as direct.py, with explicit stacks instead of recursion.

It returns the fixed counts by n and every corner set K that a non-identity
symmetry maps onto a translate of itself (only those can carry a symmetric
creature); direct.py finishes Burnside on those few in Python.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# corner neighbours, cells of a corner, straights (as in tiles.py / direct.py)
_NB = np.array([(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)], dtype=np.int64)
_CELLS = np.array([(0, 0), (1, 0), (0, 1)], dtype=np.int64)
_STRAIGHT = np.array([((-1, 0), (0, 0)), ((-1, 0), (0, -1)), ((0, 0), (0, -1))], dtype=np.int64)


@njit(cache=True)
def _find(par, a):
    while par[a] != a:
        par[a] = par[par[a]]
        a = par[a]
    return a


@njit(cache=True)
def _norm_key(xs, ys, k, out):
    """Sorted codes of the points moved so that the lowest (y, then x) is at 0."""
    by, bx = ys[0], xs[0]
    for i in range(1, k):
        if ys[i] < by or (ys[i] == by and xs[i] < bx):
            by, bx = ys[i], xs[i]
    for i in range(k):
        out[i] = (ys[i] - by) * 4096 + (xs[i] - bx + 2048)
    out[:k].sort()


@njit(cache=True)
def _symmetric(kx, ky, k, tx, ty, own, other):
    """Does a non-identity symmetry of the tiling map corner set K to a translate?"""
    _norm_key(kx, ky, k, own)
    for g in range(1, 6):
        for i in range(k):
            x, y = kx[i], ky[i]
            if g >= 3:                       # reflection on corners
                x = -x - y - 1
            for _ in range(g % 3):           # rotation by 120 degrees on corners
                x, y = -x - y - 1, x
            tx[i], ty[i] = x, y
        _norm_key(tx, ty, k, other)
        same = True
        for i in range(k):
            if own[i] != other[i]:
                same = False
                break
        if same:
            return True
    return False


@njit(cache=True)
def _count_choices(k, base, edges, f, parts0):
    """Sides for the f full cells that join the k corners into one piece."""
    if parts0 - 1 > f:
        return 0
    if f == 0:
        return 1 if parts0 == 1 else 0
    par = np.empty((f + 1, k), dtype=np.int64)
    parts = np.empty(f + 1, dtype=np.int64)
    choice = np.full(f + 1, -1, dtype=np.int64)
    par[0, :] = base[:k]
    parts[0] = parts0
    total = 0
    i = 0
    while i >= 0:
        choice[i] += 1
        if choice[i] == 3:
            choice[i] = -1
            i -= 1
            continue
        par[i + 1, :] = par[i, :]
        a = _find(par[i + 1], edges[i, choice[i], 0])
        b = _find(par[i + 1], edges[i, choice[i], 1])
        parts[i + 1] = parts[i]
        if a != b:
            par[i + 1, a] = b
            parts[i + 1] -= 1
        if parts[i + 1] - 1 > f - (i + 1):
            continue
        if i + 1 == f:
            if parts[i + 1] == 1:
                total += 1
            continue
        i += 1
    return total


@njit(cache=True)
def run(limit, sym_capacity, path, min_k, max_k):
    """(fixed[0..limit], symmetric K coordinates, their sizes), over the corner
    sets K with min_k <= |K| <= max_k whose growth took, at depths 1..len(path),
    the path[d-1]-th corner popped there (a part of the whole count; an empty
    path, min_k = 1 and max_k = limit + 1 is everything)."""
    R = limit + 3
    W = 2 * R + 1
    off = R

    def cid(x, y):                        # corner or cell (x, y) -> array index
        return (y + 1) * W + (x + off)
    size = (limit + 4) * W
    cnt = np.zeros(size, dtype=np.int64)      # cell -> corners of K on it
    seen = np.zeros(size, dtype=np.bool_)
    pos = np.full(size, -1, dtype=np.int64)   # corner -> index in K
    stamp = np.zeros(size, dtype=np.int64)
    fixed = np.zeros(limit + 1, dtype=np.int64)
    sym_xy = np.zeros((sym_capacity, 2), dtype=np.int64)
    sym_k = np.zeros(sym_capacity, dtype=np.int64)
    n_sym = 0
    sym_used = 0

    maxk = min(limit + 1, max_k)
    popped = np.zeros(maxk + 2, dtype=np.int64)
    ucap = 6 * maxk + 2
    U = np.zeros((maxk + 1, ucap, 2), dtype=np.int64)
    ulen = np.zeros(maxk + 1, dtype=np.int64)
    NEW = np.zeros((maxk + 1, 6, 2), dtype=np.int64)
    nnew = np.zeros(maxk + 1, dtype=np.int64)
    kx = np.zeros(maxk, dtype=np.int64)
    ky = np.zeros(maxk, dtype=np.int64)
    tx = np.zeros(maxk, dtype=np.int64)
    ty = np.zeros(maxk, dtype=np.int64)
    own = np.zeros(maxk, dtype=np.int64)
    other = np.zeros(maxk, dtype=np.int64)
    base = np.zeros(maxk, dtype=np.int64)
    edges = np.zeros((3 * maxk, 3, 2), dtype=np.int64)
    ncells = 0
    tick = 0

    U[0, 0, 0] = 0
    U[0, 0, 1] = 0
    ulen[0] = 1
    seen[cid(0, 0)] = True
    depth = 0
    while depth >= 0:
        if ulen[depth] == 0:
            depth -= 1
            if depth >= 0:                       # undo the level's corner
                for j in range(nnew[depth]):
                    seen[cid(NEW[depth, j, 0], NEW[depth, j, 1])] = False
                x, y = kx[depth], ky[depth]
                pos[cid(x, y)] = -1
                for c in range(3):
                    ci = cid(x + _CELLS[c, 0], y + _CELLS[c, 1])
                    cnt[ci] -= 1
                    if cnt[ci] == 0:
                        ncells -= 1
            continue
        ulen[depth] -= 1
        x, y = U[depth, ulen[depth], 0], U[depth, ulen[depth], 1]
        popped[depth] += 1
        if 1 <= depth <= len(path) and popped[depth] - 1 != path[depth - 1]:
            continue                             # another part's branch: consumed, not grown
        for c in range(3):
            ci = cid(x + _CELLS[c, 0], y + _CELLS[c, 1])
            if cnt[ci] == 0:
                ncells += 1
            cnt[ci] += 1
        if ncells > limit:
            for c in range(3):
                ci = cid(x + _CELLS[c, 0], y + _CELLS[c, 1])
                cnt[ci] -= 1
                if cnt[ci] == 0:
                    ncells -= 1
            continue
        k = depth + 1
        kx[depth], ky[depth] = x, y
        pos[cid(x, y)] = depth
        # -- the creatures of K --------------------------------------------
        tick += 1
        for i in range(k):
            base[i] = i
        f = 0
        for i in range(k):
            for c in range(3):
                cx, cy = kx[i] + _CELLS[c, 0], ky[i] + _CELLS[c, 1]
                ci = cid(cx, cy)
                if stamp[ci] == tick:
                    continue
                stamp[ci] = tick
                if cnt[ci] == 2:
                    for t in range(3):
                        pa = pos[cid(cx + _STRAIGHT[t, 0, 0], cy + _STRAIGHT[t, 0, 1])]
                        pb = pos[cid(cx + _STRAIGHT[t, 1, 0], cy + _STRAIGHT[t, 1, 1])]
                        if pa >= 0 and pb >= 0:
                            ra, rb = _find(base, pa), _find(base, pb)
                            if ra != rb:
                                base[ra] = rb
                elif cnt[ci] == 3:
                    for t in range(3):
                        edges[f, t, 0] = pos[cid(cx + _STRAIGHT[t, 0, 0], cy + _STRAIGHT[t, 0, 1])]
                        edges[f, t, 1] = pos[cid(cx + _STRAIGHT[t, 1, 0], cy + _STRAIGHT[t, 1, 1])]
                    f += 1
        parts = 0
        for i in range(k):
            if _find(base, i) == i:
                parts += 1
        found = _count_choices(k, base, edges, f, parts) if k >= min_k else 0
        if found:
            fixed[ncells] += found
            if _symmetric(kx, ky, k, tx, ty, own, other):
                if n_sym >= sym_capacity or sym_used + k > sym_capacity:
                    raise ValueError("too many symmetric corner sets for the buffer")
                for i in range(k):
                    sym_xy[sym_used + i, 0] = kx[i]
                    sym_xy[sym_used + i, 1] = ky[i]
                sym_used += k
                sym_k[n_sym] = k
                n_sym += 1
        # -- grow ------------------------------------------------------------
        if k < maxk:
            nxt = depth + 1
            U[nxt, :ulen[depth]] = U[depth, :ulen[depth]]
            ulen[nxt] = ulen[depth]
            popped[nxt] = 0
            nnew[depth] = 0
            for j in range(6):
                qx, qy = x + _NB[j, 0], y + _NB[j, 1]
                if (qy > 0 or (qy == 0 and qx >= 0)) and not seen[cid(qx, qy)]:
                    seen[cid(qx, qy)] = True
                    NEW[depth, nnew[depth], 0] = qx
                    NEW[depth, nnew[depth], 1] = qy
                    nnew[depth] += 1
                    U[nxt, ulen[nxt], 0] = qx
                    U[nxt, ulen[nxt], 1] = qy
                    ulen[nxt] += 1
            depth = nxt
        else:
            pos[cid(x, y)] = -1
            for c in range(3):
                ci = cid(x + _CELLS[c, 0], y + _CELLS[c, 1])
                cnt[ci] -= 1
                if cnt[ci] == 0:
                    ncells -= 1
    return fixed, sym_xy[:sym_used], sym_k[:n_sym]
