"""Transfer-matrix ("broken profile") count of pentomino packings, the 8x8 puzzle.

The 8x8 puzzle (docs/references.md): the 12 pentominoes (each used once, any of its
8 aspects) and 4 monominoes fill the 8x8 board.  The monominoes are identical,
so a solution is a packing of the 12 pentominoes into the board that leaves
exactly 4 empty cells, anywhere.  This module counts those packings exactly
and is meant as an INDEPENDENT second method next to ``encoders/packing/bitboard.py``
(a top-down search memoised on the occupied board): it imports nothing from
the project, builds its own pentomino table from the coordinates below, and
counts forwards, cell by cell, instead of searching.

Algorithm.  The cells are visited in row-major order, i = r * W + c.  Before
cell i every cell < i is decided (covered or a hole), and the placements made
so far stick out by at most ``span`` cells past i (span = the largest offset
from the first cell of an aspect to its other cells: 4W for the vertical I).
The state at cell i is one integer key::

    bits 0 .. span            window: occupancy of cells i .. i + span
    next n bits               set of the pieces used so far
    next bits                 number of holes used so far

and its value is the number of partial packings reaching it (uint64).  Step at
cell i, for every state: if cell i is occupied, shift the window; otherwise
either leave i empty (a hole, if fewer than ``holes`` are used) or place an
unused piece aspect whose first cell in row-major order is i, which fits in
the board and whose cells are free in the window; then shift.  The successors
are written out unmerged in one sequential stream (``_successors``), then
equal keys are merged by adding their values (``_merge``): scattered into
parts by hash, each part merged in a hash table small enough for the
processor's cache.  One big hash table cost a cache miss per successor and
twice the time.  A state tries only the placements
that avoid its occupied cells among 8 nearby ones (``_neighbourhood_lists``).
The answer is the value of the final state with all
pieces and exactly ``holes`` holes.  Cells of ``fixed_empty`` must be holes:
no placement covers them, and they count in ``holes``.

Pruning (``_holes_needed``): the free cells (not yet covered, not fixed) fall
into connected components, each to be covered by whole pentominoes and holes,
so a component of s cells needs at least s mod 5 holes; a new state needing
more holes than are left is dropped.  Within a cell the bound depends on the
window alone, which many states share, so ``_merge`` caches it per window.

Splitting (``count_packings(split=...)``): with the 4 holes anywhere a single
DP peaks near 10^8 states or more (tens of GB), so the count is split on the
placement of the X pentomino: one DP per placement, X placed in advance and
its cells closed to the other pieces (by default on the 8x8 board, on the
placements of X and I together: the cubes of cubes.py).  By default
one placement per orbit
under the symmetries of the board (that fix ``fixed_empty``), weighted by the
orbit size: a symmetry g maps the packings with X at p one-to-one onto those
with X at g(p).  ``split="x"`` runs every placement instead (no symmetry used).

Values are uint64.  A new value is a sum of distinct old values, so none can
wrap while the total of the old values stays below 2^64; ``run`` checks the
total (in float64) after each cell and raises OverflowError from 2^62 on
(``Result.max_total``: at most 6.2e8 in the 8x8 runs).

Measured figures (time, states, memory) are printed by bench/bench_packing_dp.py
and given in README; the largest run, 4 holes anywhere, keeps about 16 million
states per cell over the 6 X orbits.  The (X, I) cubes keep at most about 2
million, in buffers that a process keeps from run to run (``_POOL``): about
0.4 GB per process.

Counts up to symmetry (``unique``): by Burnside's lemma the number of orbits
under the 8 symmetries of the square is (1/8) * sum_g |Fix(g)|.  A packing
fixed by a symmetry g maps the F pentomino's 5 cells onto themselves (the
pieces are all distinct, so the image of F's placement must be F's placement),
so g restricted to them is a symmetry of the F pentomino; F has 8 distinct
aspects, i.e. no symmetry other than the identity (checked from the table in
``_f_has_no_symmetry``), so g fixes F's 5 cells pointwise, and an isometry of
the plane fixing 3 non-collinear points is the identity.  Hence |Fix(g)| = 0
for g != id and unique = raw / 8; ``unique`` checks raw % 8 == 0.  (This
holds for holes anywhere; with fixed holes use the subgroup fixing them.)
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from .orbits import (PENTOMINOES, PIECE_NAMES, aspects, board_symmetries,  # noqa: F401
                                 normalize, parts, split_placements)

# the central 2x2 of the 8x8 board (Dana Scott's 1958 puzzle)
CENTRE = ((3, 3), (3, 4), (4, 3), (4, 4))

# on a successor's value (bit 63: values stay below 2^62, keys use at most 63
# bits): a hole or a placement made it, so the pruning checks it
_FLAG = np.uint64(1) << np.uint64(63)


def _f_has_no_symmetry() -> bool:
    return len(aspects(PENTOMINOES["F"])) == 8


def _resolve_pieces(pieces):
    """Names or explicit cell lists -> list of cell tuples."""
    if pieces is None:
        pieces = PIECE_NAMES
    out = []
    for p in pieces:
        out.append(tuple(PENTOMINOES[p]) if isinstance(p, str) else tuple(map(tuple, p)))
    return out


@dataclass
class Tables:
    """Placements grouped by their first (row-major) cell, as window masks."""
    width: int
    height: int
    span: int  # largest offset from the first cell of a placement
    start: np.ndarray  # int64[W*H + 1]: placements of cell i are start[i]:start[i+1]
    piece: np.ndarray  # uint64: piece index
    mask: np.ndarray  # uint64: window bits (bit k = cell i + k)
    mode: np.ndarray  # int64[W*H]: 0 free, 1 must stay empty, 2 must be covered
    avoid: int  # bit mask of the cells that must stay empty or are fixed placements


def build_tables(width, height, pieces, fixed_empty=(), fixed_placements=None) -> Tables:
    """``fixed_placements``: {piece index: its cells}; that piece gets this one
    placement and no other piece may cover those cells."""
    fixed_placements = fixed_placements or {}
    ncells = width * height
    mode = np.zeros(ncells, dtype=np.int64)
    blocked = set()
    for r, c in fixed_empty:
        if not (0 <= r < height and 0 <= c < width):
            raise ValueError(f"fixed cell {(r, c)} outside the {width}x{height} board")
        mode[r * width + c] = 1
        blocked.add((r, c))
    for p, cells in fixed_placements.items():
        cells = tuple(sorted(map(tuple, cells)))
        if normalize(cells) not in aspects(pieces[p]):
            raise ValueError(f"{cells} is not an aspect of piece {p}")
        if any(not (0 <= r < height and 0 <= c < width) or (r, c) in blocked for r, c in cells):
            raise ValueError(f"fixed placement {cells} off the board or on a blocked cell")
        blocked.update(cells)
        r, c = cells[0]
        mode[r * width + c] = 2
    per_cell: list[list[tuple[int, int]]] = [[] for _ in range(ncells)]
    span = 0
    for p, cells in enumerate(pieces):
        if p in fixed_placements:
            fixed = tuple(sorted(map(tuple, fixed_placements[p])))
            places = [(fixed[0], [(r - fixed[0][0], c - fixed[0][1]) for r, c in fixed])]
        else:
            places = []
            for asp in aspects(cells):
                ar, ac = asp[0]  # first cell in row-major order
                offs = [(r - ar, c - ac) for r, c in asp]
                for r in range(height):
                    for c in range(width):
                        if all(0 <= r + dr < height and 0 <= c + dc < width
                               and (r + dr, c + dc) not in blocked for dr, dc in offs):
                            places.append(((r, c), offs))
        for (r, c), offs in places:
            m = 0
            for dr, dc in offs:
                k = dr * width + dc
                span = max(span, k)
                m |= 1 << k
            per_cell[r * width + c].append((p, m))
    start = np.zeros(ncells + 1, dtype=np.int64)
    flat_p, flat_m = [], []
    for i, lst in enumerate(per_cell):
        start[i + 1] = start[i] + len(lst)
        for p, m in lst:
            flat_p.append(p)
            flat_m.append(m)
    avoid = 0
    for r, c in blocked:
        if r * width + c < 64:
            avoid |= 1 << (r * width + c)
    return Tables(width, height, span, start, np.array(flat_p, dtype=np.uint64),
                  np.array(flat_m, dtype=np.uint64), mode, avoid)


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - np.uint64(1)
        n += 1
    return n


@njit(cache=True)
def _holes_needed(free, left, not_col0, not_coll, w, modulus, min_size):
    """A lower bound on the holes needed to finish (exact up to ``left``).

    The free cells split into connected components; each must be covered by
    whole pieces plus holes, so a component of s cells needs at least s mod k
    holes when all pieces have k cells (``modulus``), and s holes when
    s < ``min_size``.  Stops as soon as the bound exceeds ``left``.
    """
    one = np.uint64(1)
    need = 0
    while free:
        comp = free & (~free + one)  # lowest free cell; grow it to its component
        while True:
            nxt = comp | ((comp << one) & not_col0) | ((comp >> one) & not_coll) \
                | (comp << w) | (comp >> w)
            nxt &= free
            if nxt == comp:
                break
            comp = nxt
        free &= ~comp
        size = _popcount(comp)
        if size < min_size:
            need += size
        elif modulus:
            need += size % modulus
        if need > left:
            break
    return need


@njit(cache=True)
def _successors(keys, vals, first, cell_mode, p_lo, nb_idx, nb_cnt, pl_piece, pl_mask,
                span, npieces, holes_max, width, out_k, out_v, fill, max_fill):
    """Write the successors of the states keys[first:] at the cell to out_k,
    out_v from ``fill`` on, unmerged, as one sequential stream (no hashing
    here: a hash table of millions of states costs a cache miss per insert).

    A successor made by a hole or a placement has ``_FLAG`` set on its value:
    the pruning checks it.  One made by shifting past an occupied cell keeps
    the free cells of a state that passed.  The placements tried are those of
    ``_neighbourhood_lists`` for the occupancy of 8 nearby window cells
    (``pat``): nb_idx[pat, :nb_cnt[pat]] are their offsets from p_lo.  Stops
    before a state once fill > max_fill; returns (next state, fill)."""
    one = np.uint64(1)
    flag = _FLAG
    wbits = np.uint64(span + 1)
    wmask = (one << wbits) - one
    npc = np.uint64(npieces)
    used_mask = (one << npc) - one
    hole_unit = one << npc
    hmax = np.uint64(holes_max)
    sh2 = np.uint64(max(width - 2, 0))
    n = keys.shape[0]
    for s in range(first, n):
        if fill > max_fill:
            return s, fill
        key = keys[s]
        win = key & wmask
        rest = key >> wbits  # used | holes << npieces
        if win & one:
            out_k[fill] = (rest << wbits) | (win >> one)
            out_v[fill] = vals[s]
            fill += 1
            continue
        fval = vals[s] | flag
        if cell_mode != 2 and (rest >> npc) < hmax:
            out_k[fill] = ((rest + hole_unit) << wbits) | (win >> one)
            out_v[fill] = fval
            fill += 1
        if cell_mode == 1:
            continue
        used = rest & used_mask
        pat = ((win >> one) & np.uint64(7)) | (((win >> sh2) & np.uint64(31)) << np.uint64(3))
        for k in range(nb_cnt[pat]):
            j = p_lo + nb_idx[pat, k]
            pbit = one << pl_piece[j]
            if used & pbit:
                continue
            m = pl_mask[j]
            if win & m:
                continue
            out_k[fill] = ((rest | pbit) << wbits) | ((win | m) >> one)
            out_v[fill] = fval
            fill += 1
    return n, fill


@njit(cache=True)
def _merge(out_k, out_v, n, sk, sv, work, tkeys, tvals, tcheck, ctag, cneed, pbits, prune,
           span, npieces, holes_max, fixed_ahead, base, beyond, board, avoid, width, modulus,
           min_size):
    """The states of the next cell from the n successors in out_k, out_v:
    equal keys merged (values added), those failing the pruning dropped,
    written back to the front of out_k, out_v.  Returns (their number, sum of
    the values as a float for the overflow check), or (-s, 0.0) when the hash
    table (tkeys ...) is too small for a part of s successors.  The rest of
    the arguments up to ``pbits`` are work space, allocated by the caller
    (``_Workspace``): allocations here cost fresh pages at every cell.

    Partitioned aggregation: the successors are first scattered into 2^pbits
    parts by the top bits of their hash (a counting sort: sequential reads,
    a few thousand write streams), then each part is merged in a small hash
    table that stays in the processor's cache.  A merged key is checked by
    ``_holes_needed`` only when all of its successors carry ``_FLAG``; its
    free cells are the cells >= ``base`` not occupied in the window, plus the
    cells past the window (``beyond``), minus ``avoid`` (cells of the fixed
    placements, covered by them, and the cells that must stay empty,
    ``fixed_ahead`` of them from ``base`` on, which are holes)."""
    one = np.uint64(1)
    flag = _FLAG
    gold = np.uint64(0x9E3779B97F4A7C15)
    empty = np.uint64(0xFFFFFFFFFFFFFFFF)
    wbits = np.uint64(span + 1)
    wmask = (one << wbits) - one
    hshift = wbits + np.uint64(npieces)
    b = np.uint64(base)
    w = np.uint64(width)
    col0 = np.uint64(0)
    for r in range(64 // width):
        col0 |= one << np.uint64(r * width)
    not_col0 = ~col0
    not_coll = ~(col0 << np.uint64(width - 1))
    keep_mask = board & ~avoid
    parts = 1 << pbits
    pshift = np.uint64(64 - pbits)
    start = work[:parts + 1]
    pos = work[parts + 1:2 * parts + 1]
    start[:] = 0
    for j in range(n):
        start[((out_k[j] * gold) >> pshift) + one] += 1
    big = 1
    for p in range(parts):
        big = max(big, start[p + 1])
        start[p + 1] += start[p]
    if 2 * big > tkeys.shape[0]:
        return -big, 0.0
    pos[:] = start[:parts]
    for j in range(n):
        p = (out_k[j] * gold) >> pshift
        sk[pos[p]] = out_k[j]
        sv[pos[p]] = out_v[j]
        pos[p] += 1
    tbits = 1
    while (1 << tbits) < tkeys.shape[0]:
        tbits += 1
    cap_mask = np.uint64((1 << tbits) - 1)
    tshift = np.uint64(64 - tbits)
    order = work[2 * parts + 1:2 * parts + 1 + big]
    ctag[:] = empty
    cbits = np.uint64(64)
    size = 1
    while size < ctag.shape[0]:
        size *= 2
        cbits -= one
    m = 0
    total = 0.0
    for p in range(parts):
        fill = 0
        for j in range(start[p], start[p + 1]):
            k = sk[j]
            v = sv[j]
            h = ((k * gold) << np.uint64(pbits)) >> tshift
            while True:
                t = tkeys[h]
                if t == k:
                    tvals[h] += v & ~flag
                    if not v & flag:
                        tcheck[h] = False
                    break
                if t == empty:
                    tkeys[h] = k
                    tvals[h] = v & ~flag
                    tcheck[h] = (v & flag) != 0
                    order[fill] = h
                    fill += 1
                    break
                h = (h + one) & cap_mask
        for q in range(fill):
            h = order[q]
            k = tkeys[h]
            tkeys[h] = empty
            if prune and tcheck[h]:
                left = np.int64(holes_max) - np.int64(k >> hshift) - fixed_ahead
                if left < 0:
                    continue
                win = k & wmask
                # the holes needed depend on the window alone (within a cell),
                # which many states share: a direct-mapped cache of them
                c = (win * gold) >> cbits
                if ctag[c] != win:
                    free = ((~win & wmask) << b | beyond) & keep_mask
                    ctag[c] = win
                    cneed[c] = _holes_needed(free, holes_max, not_col0, not_coll, w, modulus,
                                             min_size)
                if cneed[c] > left:
                    continue
            out_k[m] = k
            out_v[m] = tvals[h]
            total += float(tvals[h])
            m += 1
    return m, total


def _neighbourhood_lists(tb):
    """For each cell i and each occupancy pattern of the 8 window cells
    i+1..i+3 and i+W-2..i+W+2 (``_expand``'s ``pat``): the placements at i
    (offsets from start[i]) that avoid the occupied ones.  Most placements
    cannot fit next to what is already placed, so a state tries only these."""
    ncells = tb.width * tb.height
    pats = np.arange(256, dtype=np.uint64)
    sh2 = np.uint64(max(tb.width - 2, 0))
    patbits = ((pats & np.uint64(7)) << np.uint64(1)) | ((pats >> np.uint64(3)) << sh2)
    most = int(max(np.diff(tb.start).max(), 1))
    idx = np.zeros((ncells, 256, most), dtype=np.int32)
    cnt = np.zeros((ncells, 256), dtype=np.int64)
    for i in range(ncells):
        m = tb.mask[tb.start[i]:tb.start[i + 1]]
        if len(m):
            fits = (m[None, :] & patbits[:, None]) == 0
            cnt[i] = fits.sum(axis=1)
            idx[i, :, :len(m)] = np.argsort(~fits, axis=1, kind="stable")
    return idx, cnt


# The DP's three state buffers, kept by each thread from run to run: a cube
# starts where the last one left off instead of growing fresh memory (on this
# kind of machine a page fault cost about 20 us, 15% of the count's CPU time).
# They hold the largest run's memory until the process ends.
_POOL = threading.local()


def _buffers():
    """This thread's three buffers of (keys, values) columns, taken from the pool."""
    bufs = getattr(_POOL, "bufs", None)
    _POOL.bufs = None
    return bufs or [np.empty((2, 1024), dtype=np.uint64) for _ in range(3)]


class _Workspace:
    """``_merge``'s work space, kept by each thread: its parts' offsets and
    order (int64), a hash table of 2^k slots, and the cache of the holes
    needed per window (2^16 slots)."""

    def __init__(self, slots=1 << 14):
        self.work = np.empty(2 * (1 << 16) + 1 + slots, dtype=np.int64)
        self.tkeys = np.full(slots, 0xFFFFFFFFFFFFFFFF, dtype=np.uint64)  # all empty
        self.tvals = np.zeros(slots, dtype=np.uint64)
        self.tcheck = np.zeros(slots, dtype=np.bool_)
        self.ctag = np.empty(1 << 16, dtype=np.uint64)
        self.cneed = np.empty(1 << 16, dtype=np.int64)

    def arrays(self):
        return self.work, self.tkeys, self.tvals, self.tcheck, self.ctag, self.cneed

    def grow(self, slots):
        """Room for a hash table of at least ``slots`` slots."""
        size = len(self.tkeys)
        while size < slots:
            size *= 2
        self.__init__(size)


def _grown(buf, size, keep=0):
    """A buffer of at least ``size`` columns (1.5 times that: room to grow),
    its first ``keep`` columns copied from ``buf``."""
    new = np.empty((2, size + size // 2), dtype=np.uint64)
    new[:, :keep] = buf[:, :keep]
    return new


@dataclass
class Result:
    count: int
    states: list[int] = field(default_factory=list)  # number of states after each cell
    row_seconds: list[float] = field(default_factory=list)
    seconds: float = 0.0
    max_total: float = 0.0  # largest sum of the values over the states of a cell

    @property
    def peak_states(self) -> int:
        return max(self.states, default=0)


def run(width=8, height=8, holes=4, fixed_empty=(), pieces=None, progress=False,
        prune=True, fixed_pieces=None, lean=False) -> Result:
    """The DP with statistics; see ``count_packings``.  ``fixed_pieces``:
    {piece name or index: its (row, col) cells}, pieces placed in advance."""
    t0 = time.perf_counter()
    cells = _resolve_pieces(pieces)
    fixed_empty = tuple(dict.fromkeys(tuple(x) for x in fixed_empty))
    area = sum(len(set(c)) for c in cells)
    if area + holes != width * height or len(fixed_empty) > holes:
        return Result(0, seconds=time.perf_counter() - t0)
    names = list(pieces) if pieces is not None else list(PIECE_NAMES)
    fixed_placements = {(names.index(p) if isinstance(p, str) else p): v
                        for p, v in (fixed_pieces or {}).items()}
    tb = build_tables(width, height, cells, fixed_empty, fixed_placements)
    n = len(cells)
    wbits = tb.span + 1
    if wbits + n + max(holes, 1).bit_length() > 63:
        raise ValueError("state does not fit in 63 bits")
    sizes = {len(set(c)) for c in cells}
    modulus = sizes.pop() if len(sizes) == 1 else 0
    min_size = min(len(set(c)) for c in cells) if cells else 0
    ncells = width * height
    prune = prune and ncells <= 64
    board = (1 << min(ncells, 64)) - 1
    keys = np.zeros(1, dtype=np.uint64)
    vals = np.ones(1, dtype=np.uint64)
    nb_idx, nb_cnt = _neighbourhood_lists(tb)
    # cells that must stay empty from each cell on (they are holes to come)
    fixed_from = np.append(np.cumsum((tb.mode == 1)[::-1])[::-1], 0)
    res = Result(0)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=width * height, desc="cells", unit="cell", file=sys.stderr,
                   leave=False)
    t_row = time.perf_counter()
    # two buffers of states, reused from cell to cell: the states of a cell
    # are read from one while their successors are written to the other, and
    # merged there (scratch: the third); grown when a cell needs more room
    most = int(np.diff(tb.start).max()) + 2  # successors of one state, at most
    bufs = _buffers()
    work = getattr(_POOL, "work", None) or _Workspace()
    _POOL.work = work
    bufs[0][:, 0] = (0, 1)
    nkeys = 1
    for i in range(width * height):
        cur, out, scratch = bufs
        keys, vals = cur[0, :nkeys], cur[1, :nkeys]
        if out.shape[1] < (1 if lean else 3) * nkeys + most:
            out = _grown(out, (1 if lean else 3) * nkeys + most)
        first, fill = 0, 0
        while True:
            first, fill = _successors(keys, vals, first, int(tb.mode[i]), int(tb.start[i]),
                                      nb_idx[i], nb_cnt[i], tb.piece, tb.mask, tb.span, n,
                                      holes, width, out[0], out[1], fill, out.shape[1] - most)
            if first >= nkeys:
                break
            out = _grown(out, out.shape[1] + 1, keep=fill)  # grow and go on
        if scratch.shape[1] < fill:
            scratch = _grown(scratch, fill)
        base = i + 1
        beyond = (((1 << 64) - 1) >> (base + wbits) << (base + wbits)
                  if base + wbits < 64 else 0)
        pbits = max(1, min(16, (fill // 4096).bit_length()))
        del keys, vals
        while True:
            nkeys, total = _merge(out[0], out[1], fill, scratch[0], scratch[1], *work.arrays(),
                                  pbits, prune and base < ncells, tb.span, n, holes,
                                  int(fixed_from[base]), min(base, 63), np.uint64(beyond),
                                  np.uint64(board), np.uint64(tb.avoid), width, modulus,
                                  min_size)
            if nkeys >= 0:
                break
            work.grow(-2 * nkeys)
        bufs = [out, cur, scratch]
        res.states.append(nkeys)
        res.max_total = max(res.max_total, total)
        if total >= 2.0 ** 62:
            raise OverflowError("uint64 state values could wrap")
        if (i + 1) % width == 0:
            now = time.perf_counter()
            res.row_seconds.append(now - t_row)
            t_row = now
        if bar is not None:
            bar.set_postfix(row=i // width, states=nkeys, peak=res.peak_states)
            bar.update(1)
    if bar is not None:
        bar.close()
    full = ((1 << n) - 1) << wbits | holes << (wbits + n)
    keys, vals = bufs[0][0, :nkeys], bufs[0][1, :nkeys]
    hit = vals[keys == np.uint64(full)]
    res.count = int(hit[0]) if len(hit) else 0
    _POOL.bufs = bufs
    res.seconds = time.perf_counter() - t0
    return res


def count_packings(width=8, height=8, holes=4, fixed_empty=(), progress=False,
                   pieces=None, split="auto") -> int:
    """Number of packings of ``pieces`` (default: the 12 pentominoes, each once,
    any aspect) into the width x height board leaving exactly ``holes`` empty
    cells, which include the cells ``fixed_empty`` ((row, col) pairs).  Raw
    count: placements differing by a symmetry of the board count separately.
    ``pieces``: piece names of PENTOMINOES and/or explicit (row, col) lists,
    all distinct pieces (identical copies would be counted as distinct).

    ``split`` (to bound the number of states): None, one DP over the board;
    "x", one DP per placement of the X pentomino (which must be in
    ``pieces``), summed; "x-orbits", one DP per orbit of X placements under
    the board symmetries fixing ``fixed_empty``, weighted by orbit size;
    "x-i-orbits", the same for pairs of X and I placements (cubes.py);
    "auto": "x-i-orbits" on boards of 64 cells or more with X and I, else
    "x-orbits" with X, else None.
    """
    return count_packings_detailed(width, height, holes, fixed_empty, progress,
                                   pieces, split)[0]


def count_packings_detailed(width=8, height=8, holes=4, fixed_empty=(), progress=False,
                            pieces=None, split="auto"):
    """(count, list of (X cells or None, weight, Result)); see count_packings."""
    names = list(pieces) if pieces is not None else list(PIECE_NAMES)
    if split == "auto":
        split = None if "X" not in names or width * height < 64 else \
            "x-i-orbits" if "I" in names else "x-orbits"
    if split is None:
        r = run(width, height, holes, fixed_empty, pieces, progress)
        return r.count, [(None, 1, r)]
    if split == "x-i-orbits":
        return _count_pairs(width, height, holes, fixed_empty, progress, pieces, names)
    if split not in ("x", "x-orbits"):
        raise ValueError(f"unknown split {split!r}")
    parts = split_placements(width, height, PENTOMINOES["X"], fixed_empty,
                             orbits=split == "x-orbits")
    total, details = 0, []
    outer = None
    if progress:
        from tqdm import tqdm
        outer = tqdm(parts, desc="X placements", unit="run", file=sys.stderr)
    for cells, weight in (outer if outer is not None else parts):
        r = run(width, height, holes, fixed_empty, pieces, progress,
                fixed_pieces={"X": cells})
        total += weight * r.count
        details.append((cells, weight, r))
        if outer is not None:
            outer.set_postfix(total=total)
    return total, details


def _count_pairs(width, height, holes, fixed_empty, progress, pieces, names):
    """Split "x-i-orbits": one lean DP per orbit of (X, I) placements, as the
    cubes of cubes.py (a few times fewer states per DP than X alone,
    and less work in all)."""
    found = parts(width, height, fixed_empty, names)
    total, details = 0, []
    if progress:
        from tqdm import tqdm
        found = tqdm(found, desc="(X, I) placements", unit="run", file=sys.stderr, leave=False)
    for label, fixed, weight in found:
        r = run(width, height, holes, fixed_empty, pieces, fixed_pieces=dict(fixed), lean=True)
        total += weight * r.count
        details.append((label, weight, r))
    return total, details


def unique(raw: int) -> int:
    """Count up to the 8 symmetries of the square board, holes anywhere, with
    all 12 pentominoes: raw / 8 by Burnside (see the module docstring)."""
    if not _f_has_no_symmetry():
        raise ArithmeticError("the F pentomino has a symmetry: raw / 8 would not be the unique count")
    if raw % 8:
        raise ArithmeticError(f"raw count {raw} is not divisible by 8: it cannot be a full count")
    return raw // 8


if __name__ == "__main__":
    t = time.perf_counter()
    raw = count_packings(progress=True)
    print(f"raw {raw}  unique {unique(raw)}  {time.perf_counter() - t:.1f} s")
