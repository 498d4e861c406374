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


@njit(cache=True)
def _grow(a, need):
    if need <= a.shape[0]:
        return a
    bigger = np.empty(max(need, 2 * a.shape[0]), a.dtype)
    bigger[:a.shape[0]] = a
    return bigger


@njit(cache=True)
def _mirror_first(kind, level, mirror_groove, mirror_seq, preimage):
    """Do grooves 0..level already show that every completed type's mirror image
    reads first (so it is searched instead)?"""
    for j in range(level + 1):
        g = preimage[j]
        if g > level:
            return False
        m = mirror_seq[kind[g]]
        if m != kind[j]:
            return m < kind[j]
    return False


@njit(cache=True)
def run_types(first, kind, goals, starts, npieces, seq_lo, seq_hi, seq_pieces, seq_lengths,
              fill_lo, fill_hi, fpacked, fmask, row_bits, row_pmask, mirror_groove, mirror_seq,
              use_mirror, target):
    """Every type below a prefix: the depth-first search of types.Layout.descend and a
    BFS per type, in one compiled loop.

    `kind[:first]` holds the prefix's sequence numbers (sequences of a groove are
    numbered in tuple order), `goals` its goal states (packed), `starts` its start
    masks, `npieces` its pieces.  Groove g's sequences are seq_lo[g]..seq_hi[g]-1;
    sequence s has seq_pieces[s] pieces of lengths seq_lengths[s, :], fillings
    fill_lo[s]..fill_hi[s]-1 (packed positions, masks), and row_bits/row_pmask[g, length]
    are the BFS rows of its pieces.  Returns (starts found, states, types,
    deepest, its state, its type).
    """
    ngrooves = seq_lo.shape[0]
    gbuf = np.empty(max(1024, 2 * goals.shape[0]), np.int64)
    gmask = np.empty(gbuf.shape[0], np.int64)
    sbuf = np.empty(max(1024, 2 * starts.shape[0]), np.int64)
    glo = np.zeros(ngrooves + 1, np.int64)
    ghi = np.zeros(ngrooves + 1, np.int64)
    slo = np.zeros(ngrooves + 1, np.int64)
    shi = np.zeros(ngrooves + 1, np.int64)
    count = np.zeros(ngrooves + 1, np.int64)
    nxt = np.zeros(ngrooves + 1, np.int64)
    kind = kind.copy()
    best_kind = kind.copy()
    bits = np.zeros((ngrooves * 3 + 3, row_bits.shape[2]), np.int64)
    pmask = np.zeros((ngrooves * 3 + 3, row_pmask.shape[2]), np.int64)
    lengths = np.zeros(ngrooves * 3 + 3, np.int64)
    mkind = np.zeros(ngrooves, np.int64)
    preimage = np.zeros(ngrooves, np.int64)
    for g in range(ngrooves):
        preimage[mirror_groove[g]] = g
    n = goals.shape[0]
    gbuf[:n] = goals[:, 0]
    gmask[:n] = goals[:, 1]
    sbuf[:starts.shape[0]] = starts
    glo[first], ghi[first] = 0, n
    slo[first], shi[first] = 0, starts.shape[0]
    count[first] = npieces
    nxt[first] = seq_lo[first] if first < ngrooves else 0
    found = states = types = 0
    deepest, deepest_state = -1, 0
    level = first
    while level >= first:
        if level == ngrooves:                                  # a whole type: search it
            level -= 1
            weight = 1
            if use_mirror:
                for g in range(ngrooves):
                    mkind[mirror_groove[g]] = mirror_seq[kind[g]]
                order = 0
                for g in range(ngrooves):
                    if mkind[g] != kind[g]:
                        order = -1 if mkind[g] < kind[g] else 1
                        break
                if order < 0:
                    continue
                weight = 1 if order == 0 else 2
            types += 1
            k = 0
            for g in range(ngrooves):
                s = kind[g]
                for j in range(seq_pieces[s]):
                    length = seq_lengths[s, j]
                    bits[k, :] = row_bits[g, length, :]
                    pmask[k, :] = row_pmask[g, length, :]
                    lengths[k] = length
                    k += 1
            f, v, d, st = bfs(gbuf[glo[ngrooves]:ghi[ngrooves]], bits[:k], pmask[:k], lengths[:k], target, False)
            found += weight * f
            states += v
            if f and d > deepest:
                deepest, deepest_state = d, st
                best_kind[:] = kind
            continue
        s = nxt[level]
        if s == seq_hi[level]:
            level -= 1
            continue
        nxt[level] = s + 1
        kind[level] = s
        shift = 3 * count[level]
        top = ghi[level]
        for i in range(glo[level], ghi[level]):
            p, m = gbuf[i], gmask[i]
            for f in range(fill_lo[s], fill_hi[s]):
                if m & fmask[f] == 0:
                    if top == gbuf.shape[0]:
                        gbuf = _grow(gbuf, top + 1)
                        gmask = _grow(gmask, top + 1)
                    gbuf[top] = p | (fpacked[f] << shift)
                    gmask[top] = m | fmask[f]
                    top += 1
        if top == ghi[level]:
            continue
        stop = shi[level]
        for i in range(slo[level], shi[level]):
            m = sbuf[i]
            for f in range(fill_lo[s], fill_hi[s]):
                if m & fmask[f] == 0:
                    if stop == sbuf.shape[0]:
                        sbuf = _grow(sbuf, stop + 1)
                    sbuf[stop] = m | fmask[f]
                    stop += 1
        if stop == shi[level]:
            continue
        if use_mirror and _mirror_first(kind, level, mirror_groove, mirror_seq, preimage):
            continue                                           # every type below is a mirror image
        if stop - shi[level] > 1:                              # distinct start masks only
            uniq = np.unique(sbuf[shi[level]:stop])
            stop = shi[level] + uniq.shape[0]
            sbuf[shi[level]:stop] = uniq
        level += 1
        glo[level], ghi[level] = ghi[level - 1], top
        slo[level], shi[level] = shi[level - 1], stop
        count[level] = count[level - 1] + seq_pieces[s]
        if level < ngrooves:
            nxt[level] = seq_lo[level]
    return found, states, types, deepest, deepest_state, best_kind
