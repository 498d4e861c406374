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
the board and whose cells are free in the window; then shift.  Equal keys are
merged by adding their values, in an open-addressing hash table written in
numba (``_expand``), reused from cell to cell (only its used slots, recorded in
insertion order, are read out and emptied).  A state tries only the placements
that avoid its occupied cells among 8 nearby ones (``_neighbourhood_lists``).
The answer is the value of the final state with all
pieces and exactly ``holes`` holes.  Cells of ``fixed_empty`` must be holes:
no placement covers them, and they count in ``holes``.

Pruning (``_holes_needed``): the free cells (not yet covered, not fixed) fall
into connected components, each to be covered by whole pentominoes and holes,
so a component of s cells needs at least s mod 5 holes; a new state needing
more holes than are left is dropped.  This matters most when holes are fixed.

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
states per cell over the 6 X orbits, or at most about 0.3 GB per (X, I) cube.

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
import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from .orbits import (PENTOMINOES, PIECE_NAMES, aspects, board_symmetries,  # noqa: F401
                                 normalize, parts, split_placements)

# the central 2x2 of the 8x8 board (Dana Scott's 1958 puzzle)
CENTRE = ((3, 3), (3, 4), (4, 3), (4, 4))

_EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)  # never a key: keys use at most 63 bits
_MAX_LOAD = 0.6


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
def _insert(tkeys, tvals, order, fill, shift, key, val):
    """Add val at key in the open-addressing table; a new key's slot is recorded
    in order[fill].  Returns the new fill."""
    cap_mask = np.uint64(tkeys.shape[0] - 1)
    h = (key * np.uint64(0x9E3779B97F4A7C15)) >> shift
    empty = np.uint64(0xFFFFFFFFFFFFFFFF)
    while True:
        k = tkeys[h]
        if k == key:
            tvals[h] += val
            return fill
        if k == empty:
            tkeys[h] = key
            tvals[h] = val
            order[fill] = h
            return fill + 1
        h = (h + np.uint64(1)) & cap_mask


@njit(cache=True)
def _slot(tkeys, shift, key):
    """The slot of key in the table, or of the empty slot where it would go."""
    cap_mask = np.uint64(tkeys.shape[0] - 1)
    h = (key * np.uint64(0x9E3779B97F4A7C15)) >> shift
    empty = np.uint64(0xFFFFFFFFFFFFFFFF)
    while True:
        k = tkeys[h]
        if k == key or k == empty:
            return h
        h = (h + np.uint64(1)) & cap_mask


@njit(cache=True)
def _rehash(okeys, ovals, oorder, fill, tkeys, tvals, order, shift):
    """Move the fill keys of the old table (slots in oorder) into the new one."""
    n = 0
    for j in range(fill):
        h = oorder[j]
        n = _insert(tkeys, tvals, order, n, shift, okeys[h], ovals[h])
    return n


@njit(cache=True)
def _take(tkeys, tvals, order, fill):
    """The table's keys and values in insertion order, and the sum of the values
    (float, for the overflow check); empties the used slots for the next cell, so
    the table is reused without clearing all of it."""
    keys = np.empty(fill, dtype=np.uint64)
    vals = np.empty(fill, dtype=np.uint64)
    empty = np.uint64(0xFFFFFFFFFFFFFFFF)
    total = 0.0
    for j in range(fill):
        h = order[j]
        keys[j] = tkeys[h]
        vals[j] = tvals[h]
        total += float(tvals[h])
        tkeys[h] = empty
    return keys, vals, total


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
def _expand(keys, vals, first, cell_mode, p_lo, nb_idx, nb_cnt, pl_piece, pl_mask,
            span, npieces, holes_max, tkeys, tvals, order, shift, fill, max_fill,
            prune, base, beyond, board, avoid, fixed_ahead, width, modulus, min_size):
    """Expand states keys[first:] at cell base - 1 into the table (tkeys, tvals).

    The placements tried at the cell are those of ``_neighbourhood_lists`` for
    the occupancy of 8 nearby window cells (``pat``): nb_idx[pat, :nb_cnt[pat]]
    are their offsets from p_lo.

    Stops early, before a state, when the table holds more than max_fill
    keys; returns (index of the next state to expand, number of keys).

    With ``prune``, a new state (hole or placement at the cell) is dropped
    when ``_holes_needed`` exceeds the holes left.  Its free cells are the
    cells >= ``base`` not occupied in the window, plus the cells past the
    window (``beyond``), minus ``avoid`` (cells of the fixed placements,
    covered by them, and the cells that must stay empty, ``fixed_ahead`` of
    them from ``base`` on, which are holes).  A state whose cell is
    occupied keeps the same free cells, so it is not checked again.
    """
    one = np.uint64(1)
    wbits = np.uint64(span + 1)
    wmask = (one << wbits) - one
    npc = np.uint64(npieces)
    used_mask = (one << npc) - one
    hole_unit = one << npc
    hmax = np.uint64(holes_max)
    b = np.uint64(base)
    w = np.uint64(width)
    col0 = np.uint64(0)
    for r in range(64 // width):
        col0 |= one << np.uint64(r * width)
    not_col0 = ~col0
    not_coll = ~(col0 << np.uint64(width - 1))
    keep_mask = board & ~avoid
    sh2 = np.uint64(max(width - 2, 0))
    n = keys.shape[0]
    for s in range(first, n):
        if fill > max_fill:
            return s, fill
        key = keys[s]
        val = vals[s]
        win = key & wmask
        rest = key >> wbits  # used | holes << npieces
        if win & one:
            fill = _insert(tkeys, tvals, order, fill, shift, (rest << wbits) | (win >> one), val)
            continue
        h = rest >> npc
        if cell_mode != 2 and h < hmax:
            nwin = win >> one
            nkey = ((rest + hole_unit) << wbits) | nwin
            if prune:
                # a key already in the table passed the check (same free cells)
                slot = _slot(tkeys, shift, nkey)
                if tkeys[slot] == nkey:
                    tvals[slot] += val
                else:
                    left = np.int64(holes_max) - np.int64(h) - 1 - fixed_ahead
                    free = (((~nwin & wmask) << b) | beyond) & keep_mask
                    if left >= 0 and _holes_needed(free, left, not_col0, not_coll, w,
                                                   modulus, min_size) <= left:
                        tkeys[slot] = nkey
                        tvals[slot] = val
                        order[fill] = slot
                        fill += 1
            else:
                fill = _insert(tkeys, tvals, order, fill, shift, nkey, val)
        if cell_mode == 1:
            continue
        used = rest & used_mask
        left = np.int64(holes_max) - np.int64(h) - fixed_ahead
        pat = ((win >> one) & np.uint64(7)) | (((win >> sh2) & np.uint64(31)) << np.uint64(3))
        for k in range(nb_cnt[pat]):
            j = p_lo + nb_idx[pat, k]
            pbit = one << pl_piece[j]
            if used & pbit:
                continue
            m = pl_mask[j]
            if win & m:
                continue
            nwin = (win | m) >> one
            nkey = ((rest | pbit) << wbits) | nwin
            if prune:
                slot = _slot(tkeys, shift, nkey)
                if tkeys[slot] == nkey:
                    tvals[slot] += val
                else:
                    free = (((~nwin & wmask) << b) | beyond) & keep_mask
                    if _holes_needed(free, left, not_col0, not_coll, w, modulus,
                                     min_size) <= left:
                        tkeys[slot] = nkey
                        tvals[slot] = val
                        order[fill] = slot
                        fill += 1
            else:
                fill = _insert(tkeys, tvals, order, fill, shift, nkey, val)
    return n, fill


def _new_table(cap):
    """An empty hash table of cap slots: keys, values, insertion order."""
    return (np.full(cap, _EMPTY, dtype=np.uint64), np.zeros(cap, dtype=np.uint64),
            np.empty(int(cap * _MAX_LOAD) + 1, dtype=np.int64))


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
    # one table, reused from cell to cell (only its used slots are emptied) and
    # grown when a cell's states need it; lean (the cubes of cubes.py)
    # sizes it for the last cell's states rather than twice as many
    cap = 1024
    tkeys, tvals, order = _new_table(cap)
    for i in range(width * height):
        want = cap
        while want * _MAX_LOAD < (1 if lean else 2) * len(keys):
            want *= 2
        if want != cap:
            cap = want
            del tkeys, tvals, order
            tkeys, tvals, order = _new_table(cap)
        first, fill = 0, 0
        base = i + 1
        do_prune = prune and base < ncells
        beyond = (((1 << 64) - 1) >> (base + wbits) << (base + wbits)
                  if base + wbits < 64 else 0)
        while True:
            shift = np.uint64(64 - (cap.bit_length() - 1))
            # one state adds at most (placements at cell i) + 1 keys
            max_fill = int(cap * _MAX_LOAD) - int(tb.start[i + 1] - tb.start[i]) - 1
            first, fill = _expand(keys, vals, first, int(tb.mode[i]), int(tb.start[i]),
                                  nb_idx[i], nb_cnt[i], tb.piece, tb.mask,
                                  tb.span, n, holes, tkeys, tvals, order, shift, fill, max_fill,
                                  do_prune, min(base, 63), np.uint64(beyond), np.uint64(board),
                                  np.uint64(tb.avoid), int(fixed_from[base]), width, modulus,
                                  min_size)
            if first >= len(keys):
                break
            cap *= 2  # grow and go on with the remaining states
            nk, nv, no = _new_table(cap)
            fill = _rehash(tkeys, tvals, order, fill, nk, nv, no,
                           np.uint64(64 - (cap.bit_length() - 1)))
            tkeys, tvals, order = nk, nv, no
            del nk, nv, no
        del keys, vals
        keys, vals, total = _take(tkeys, tvals, order, fill)
        res.states.append(len(keys))
        res.max_total = max(res.max_total, total)
        if total >= 2.0 ** 62:
            raise OverflowError("uint64 state values could wrap")
        if (i + 1) % width == 0:
            now = time.perf_counter()
            res.row_seconds.append(now - t_row)
            t_row = now
        if bar is not None:
            bar.set_postfix(row=i // width, states=len(keys), peak=res.peak_states)
            bar.update(1)
    if bar is not None:
        bar.close()
    full = ((1 << n) - 1) << wbits | holes << (wbits + n)
    hit = vals[keys == np.uint64(full)]
    res.count = int(hit[0]) if len(hit) else 0
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
