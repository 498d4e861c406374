"""Bitboard counting for the 8x8 puzzle (docs/references.md): 12 pentominoes + 4 monominoes.

An independent method, on purpose: it uses only the standard library and its
own pentomino table, none of the project's polyform, exact-cover or SAT code,
so that its counts can confirm the project's (and the other way round).

As the puzzle's own notes propose, a placement is the "trace" of a piece on the board, a
64-bit mask (a Python int) with bit ``r * 8 + c`` for cell (row r, col c).
Two placements fit together when their AND is 0; they merge with OR.

The puzzle: the 12 pentominoes, each used once in any of its 8 aspects
(rotations and reflections), are packed into the 8x8 square; the 4 cells they
leave are filled by the 4 identical monominoes, so a packing of the
pentominoes *is* a solution (monominoes are indistinguishable and add no
choice).

Search (``count_packings``): always fill the lowest empty cell (row-major)
either with a placement of a pentomino whose lowest cell is that cell, or with
a hole (a monomino).  Placements are looked up in per-cell tables filtered by
the occupancy of a few neighbouring cells.  The state is the occupied mask
alone: its value is a table {set of pieces S: number of ways to fill the empty
cells with S and fewer than 5 holes} (|S| is then fixed by the number of empty
cells), so partial packings that reach the same mask with different pieces
share one computation; the answer is the entry for the set of all pieces.
States are memoised (most states of the lower rows are dead ends, reached
again and again).  Pruning: an empty cell with no empty neighbour must be a
hole.  Symmetry: the X pentomino is placed first, at one representative of
each orbit of its placements under the symmetries of the square that fix the
prescribed holes, and each count is weighted by the orbit size (exact: g maps
the solutions with X at p one-to-one onto those with X at g(p)).  The count
up to symmetry is exact by Burnside's lemma: a symmetry g other than the
identity fixes no solution, because it would have to map the F pentomino's
placement onto itself, and F has 8 distinct aspects (no symmetry of its own;
this is checked from the table, not assumed).

Reachable by users, not only by the tests: the tiling family offers it as the
counting method ``bitboard`` of the 8x8 instances (``polycnf count
pentomino-8x8 --method bitboard``, a row of ``polycnf validate``), because an
independent second method is only worth something if anyone can rerun it.
With workers it runs as one cube per orbit of X placements on the API's
runner (api/parallel.py); it has no process pool of its own.  Every count
honours a time limit (TimeoutError).  Holes anywhere take 10-20 minutes, so
validate skips it there.

Hex rendering order (``render_hex``), taken from the puzzle's "display" list:
monominoes 0-3 (in increasing cell order), then
4=I 5=L 6=Y 7=V 8=T 9=Z A=N B=P C=U D=W E=F F=X.
"""

from __future__ import annotations

import sys
import time
from array import array

WIDTH = HEIGHT = 8
FULL = (1 << 64) - 1
N_HOLES = 4

# The 12 pentominoes as (row, col) lists, in the puzzle's style; any translate
# or aspect of a list is the same piece.
PENTOMINOES: dict[str, list[tuple[int, int]]] = {
    "I": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "L": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    "Y": [(0, 2), (1, 0), (1, 1), (1, 2), (1, 3)],
    "V": [(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)],
    "T": [(0, 1), (1, 1), (2, 0), (2, 1), (2, 2)],
    "Z": [(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)],
    "N": [(0, 2), (0, 3), (1, 0), (1, 1), (1, 2)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "W": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 0)],
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
}
# hex digit of each pentomino in render_hex (monominoes are 0-3)
HEX_ORDER = "ILYVTZNPUWFX"
PIECE_NAMES = tuple(HEX_ORDER)


# --------------------------------------------------------------------------
# shapes, aspects, placements

def _normalise(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def aspects(shape_cells) -> list[tuple[tuple[int, int], ...]]:
    """The distinct aspects (rotations and reflections) of a shape, normalised."""
    out = set()
    for k in range(8):
        t = []
        for r, c in shape_cells:
            if k & 4:
                r, c = c, r
            if k & 1:
                r = -r
            if k & 2:
                c = -c
            t.append((r, c))
        out.add(_normalise(t))
    return sorted(out)


def mask_of(cells, width=WIDTH) -> int:
    m = 0
    for r, c in cells:
        m |= 1 << (r * width + c)
    return m


def cells_of(mask: int, width=WIDTH) -> list[tuple[int, int]]:
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(divmod(i, width))
        mask ^= low
    return out


def placements(shape_cells, width=WIDTH, height=HEIGHT) -> list[int]:
    """All translates of all distinct aspects of a shape inside a width x height
    board, as bitmasks (bit r * width + c), sorted."""
    res = set()
    for a in aspects(shape_cells):
        h = max(r for r, _ in a) + 1
        w = max(c for _, c in a) + 1
        for dr in range(height - h + 1):
            for dc in range(width - w + 1):
                res.add(mask_of([(r + dr, c + dc) for r, c in a], width))
    return sorted(res)


# --------------------------------------------------------------------------
# symmetries of the 8x8 square

def _sym_cell(k, r, c, n=WIDTH):
    """Symmetry k (0..7) of the n x n square applied to cell (r, c); k = 0 is
    the identity, k & 4 transposes, k & 1 flips rows, k & 2 flips columns."""
    if k & 4:
        r, c = c, r
    if k & 1:
        r = n - 1 - r
    if k & 2:
        c = n - 1 - c
    return r, c


_SYM_BIT = [[1 << (lambda rc: rc[0] * WIDTH + rc[1])(_sym_cell(k, i // WIDTH, i % WIDTH))
             for i in range(64)] for k in range(8)]


def transform(mask: int, k: int) -> int:
    """Image of a board mask under symmetry k (0..7)."""
    table = _SYM_BIT[k]
    out = 0
    while mask:
        low = mask & -mask
        out |= table[low.bit_length() - 1]
        mask ^= low
    return out


def symmetries_fixing(mask: int) -> list[int]:
    return [k for k in range(8) if transform(mask, k) == mask]


def transform_solution(sol: dict, k: int) -> dict:
    return {name: transform(m, k) for name, m in sol.items()}


def canonical(sol: dict, group=range(8)) -> tuple:
    """Canonical form of a solution (dict name -> mask) under a symmetry group."""
    return min(tuple(transform(sol[n], k) for n in PIECE_NAMES) for k in group)


# --------------------------------------------------------------------------
# search tables

PLACEMENTS: dict[str, list[int]] = {n: placements(PENTOMINOES[n]) for n in PIECE_NAMES}

_COL0 = sum(1 << (r * WIDTH) for r in range(HEIGHT))
_NOT_COL0 = FULL & ~_COL0                 # where a shift "one column right" may land
_NOT_COL7 = FULL & ~(_COL0 << (WIDTH - 1))  # where a shift "one column left" may land

# cells (as offsets from the lowest empty cell) used to pre-filter placements
_WINDOW = [(0, 1), (0, 2), (0, 3), (1, -2), (1, -1), (1, 0), (1, 1), (1, 2), (2, 0)]


def _lowest(mask):
    return (mask & -mask).bit_length() - 1


class _Tables:
    """Per-cell placement lists for a given set of pieces to search over.

    ``by_cell[k]`` maps ``occ & window[k]`` to the list of (piece bit, mask)
    whose lowest cell is k and that miss the occupied cells of the window."""

    def __init__(self, names):
        self.names = list(names)
        self.bit = {n: 1 << i for i, n in enumerate(self.names)}
        self.all = (1 << len(self.names)) - 1
        self.window = []
        self.by_cell = []
        for k in range(64):
            r, c = divmod(k, WIDTH)
            win = 0
            for dr, dc in _WINDOW:
                rr, cc = r + dr, c + dc
                if 0 <= rr < HEIGHT and 0 <= cc < WIDTH:
                    win |= 1 << (rr * WIDTH + cc)
            self.window.append(win)
            here = [(self.bit[n], m) for n in self.names for m in PLACEMENTS[n]
                    if _lowest(m) == k]
            bits = [1 << i for i in range(64) if win >> i & 1]
            d = {}
            for sub in range(1 << len(bits)):
                o = 0
                for j, b in enumerate(bits):
                    if sub >> j & 1:
                        o |= b
                d[o] = tuple((p, m) for p, m in here if not m & o)
            self.by_cell.append(d)


def _make_counter(tables: _Tables, memo: dict | None = None, max_states: int | None = None,
                  time_limit: float | None = None):
    """Return f(occ) -> (S_list, count_list): piece subsets S and their counts.

    f(occ) counts the ways to fill the empty cells of occ with the pieces of S
    (bit i = tables.names[i], each used once) and holes, with fewer than 5
    holes: so |S| = (number of empty cells) // 5 and the number of holes is
    the remainder, and a state needs no record of the pieces already used.
    The count for a partial packing that used the pieces U is the entry for
    ALL ^ U (see ``_entry``).  Memoised on occ (most states of the lower rows
    are dead ends, reached again and again); the tables are stored as compact
    arrays, and the memo is emptied whenever it exceeds max_states.  Past
    time_limit seconds (checked every 4096 new states) it raises TimeoutError."""
    by_cell = tables.by_cell
    window = tables.window
    full = FULL
    nc0, nc7 = _NOT_COL0, _NOT_COL7
    cache = {} if memo is None else memo
    get = cache.get
    ONE = (array("H", [0]), array("Q", [1]))
    NONE = (array("H"), array("Q"))
    limit = max_states
    deadline = None if time_limit is None else time.monotonic() + time_limit

    def f(occ):
        v = get(occ)
        if v is not None:
            return v
        free = full ^ occ
        n = free.bit_count()
        if n < 5:
            return ONE                       # the rest are holes
        h = n % 5                            # holes still to place
        low = free & -free
        k = low.bit_length() - 1
        tot = {}
        tg = tot.get
        for p, m in by_cell[k][occ & window[k]]:
            if occ & m:
                continue
            no = occ | m
            fr = full ^ no
            # an empty cell without empty neighbours must be a hole
            iso = fr & ~(((fr << 1) & nc0) | ((fr >> 1) & nc7) | (fr << 8) | (fr >> 8))
            if iso and iso.bit_count() > h:
                continue
            ks, cs = f(no)
            for S, c in zip(ks, cs):
                if not S & p:
                    S |= p
                    tot[S] = tg(S, 0) + c
        if h:                                # the lowest cell is a hole
            no = occ | low
            fr = full ^ no
            iso = fr & ~(((fr << 1) & nc0) | ((fr >> 1) & nc7) | (fr << 8) | (fr >> 8))
            if not iso or iso.bit_count() < h:
                ks, cs = f(no)
                for S, c in zip(ks, cs):
                    tot[S] = tg(S, 0) + c
        v = (array("H", tot.keys()), array("Q", tot.values())) if tot else NONE
        if limit is not None and len(cache) >= limit:
            cache.clear()
        cache[occ] = v
        if deadline is not None and not len(cache) & 4095 and time.monotonic() > deadline:
            raise TimeoutError(f"bitboard search did not finish in {time_limit:g} s")
        return v

    f.cache = cache
    return f


def _entry(table, S: int) -> int:
    ks, cs = table
    for k, c in zip(ks, cs):
        if k == S:
            return c
    return 0


# --------------------------------------------------------------------------
# symmetry reduction on X, tasks

def _x_orbits(holes_mask: int):
    """Representatives of the orbits of X placements (missing the holes) under
    the symmetries fixing holes_mask, with orbit sizes."""
    group = symmetries_fixing(holes_mask)
    seen = set()
    reps = []
    for m in PLACEMENTS["X"]:
        if m & holes_mask or m in seen:
            continue
        orbit = {transform(m, k) for k in group}
        seen |= orbit
        reps.append((m, len(orbit)))
    return group, reps


def _check_no_fixed_solutions():
    """Burnside: a non-identity symmetry fixes a solution only if it maps every
    piece's placement onto itself; a piece with 8 distinct aspects has no
    symmetry, so no non-identity symmetry can fix its placement."""
    if not any(len(aspects(PENTOMINOES[n])) == 8 for n in PIECE_NAMES):
        raise AssertionError("no asymmetric piece: Fix(g) would have to be counted")


def _tasks(holes_mask: int, split: int):
    """Split the search into tasks (occ, used-names, holes, weight): X at each
    orbit representative, then `split` more levels of branching."""
    group, reps = _x_orbits(holes_mask)
    others = [n for n in PIECE_NAMES if n != "X"]
    tables = _Tables(others)
    holes0 = N_HOLES - holes_mask.bit_count()
    if holes0 < 0:
        raise ValueError("more than 4 holes")
    out = []

    def expand(occ, used, holes, weight, depth):
        if used == tables.all or depth == 0:
            out.append((occ, used, holes, weight))
            return
        free = FULL ^ occ
        low = free & -free
        k = low.bit_length() - 1
        for p, m in tables.by_cell[k][occ & tables.window[k]]:
            if not (used & p or occ & m):
                expand(occ | m, used | p, holes, weight, depth - 1)
        if holes:
            expand(occ | low, used, holes - 1, weight, depth - 1)

    for xm, w in reps:
        expand(holes_mask | xm, 0, holes0, w, split)
    return group, tables, out


class _Progress:
    def __init__(self, total, enabled, label):
        self.total, self.enabled, self.label = total, enabled, label
        self.done = 0
        self.t0 = time.time()
        self.last = 0.0

    def step(self, n=1, extra=""):
        self.done += n
        if not self.enabled:
            return
        now = time.time()
        if now - self.last < 1.0 and self.done < self.total:
            return
        self.last = now
        el = now - self.t0
        frac = self.done / self.total if self.total else 1.0
        eta = el / frac - el if frac > 0 else float("inf")
        bar = "#" * int(30 * frac)
        sys.stderr.write(f"\r{self.label} [{bar:<30}] {self.done}/{self.total} "
                         f"{el:7.0f}s eta {eta:7.0f}s {extra}   ")
        if self.done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def count_packings(holes_mask: int | None = None, unique: bool = False,
                   progress: bool = False, split: int = 2,
                   max_states: int | None = 10_000_000, time_limit: float | None = None) -> int:
    """Number of ways to pack the 12 pentominoes into the 8x8 board so that the
    4 cells left empty include holes_mask (None or 0: any 4 cells; the central
    2x2 square: exactly those).  unique=True counts up to the symmetries of the
    square that fix holes_mask.

    max_states bounds the memo (emptied when full; about 100-200 bytes per
    state); past time_limit seconds a TimeoutError is raised."""
    holes_mask = holes_mask or 0
    _check_no_fixed_solutions()
    group, tables, tasks = _tasks(holes_mask, split)
    prog = _Progress(len(tasks), progress,
                     f"8x8 holes={holes_mask:#x}")
    total = 0
    f = _make_counter(tables, {}, max_states, time_limit)
    for occ, used, _holes, weight in tasks:
        total += weight * _entry(f(occ), tables.all ^ used)
        prog.step(extra=f"states {len(f.cache)} raw so far {total}")
    if unique:
        # Burnside: only the identity fixes solutions (see _check_no_fixed_solutions)
        if total % len(group):
            raise ArithmeticError("raw count not divisible by the group order")
        return total // len(group)
    return total


def count_x_orbit(holes_mask: int, x_mask: int, time_limit: float | None = None,
                  max_states: int | None = 10_000_000) -> int:
    """Packings with X at `x_mask` (and the holes of holes_mask), fresh memo."""
    tables = _Tables([n for n in PIECE_NAMES if n != "X"])
    f = _make_counter(tables, {}, max_states, time_limit)
    return _entry(f(holes_mask | x_mask), tables.all)


def x_orbit_cubes(holes_mask: int = 0, unique: bool = False, time_limit: float | None = None) -> list:
    """``count_packings`` as one Cube per orbit of X placements, weighted by
    the orbit size (divided by the group order when unique, by Burnside)."""
    from fractions import Fraction
    from functools import partial

    from ..core.cubes import Cube

    _check_no_fixed_solutions()
    group, reps = _x_orbits(holes_mask)
    return [Cube(f"bitboard X at {' '.join(f'{r}{c}' for r, c in cells_of(xm))}",
                 partial(count_x_orbit, holes_mask, xm, time_limit),
                 Fraction(weight, len(group)) if unique else weight)
            for xm, weight in reps]


# --------------------------------------------------------------------------
# enumeration and rendering

def x_orbit_counts(holes_mask: int = 0, max_states: int | None = 16_000_000):
    """Yield (X cells, orbit size, packings with X there) per orbit of X
    placements, each searched with a fresh memo: the full count in pieces
    small enough for memory, and sub-counts another method can be compared
    with one by one.  raw = sum of orbit size * packings."""
    group, reps = _x_orbits(holes_mask)
    tables = _Tables([n for n in PIECE_NAMES if n != "X"])
    for xm, weight in reps:
        f = _make_counter(tables, {}, max_states)
        yield cells_of(xm), weight, _entry(f(holes_mask | xm), tables.all)


def solutions(holes_mask: int | None = None, limit: int | None = None):
    """Yield the solutions (all of them, no symmetry reduction) as dicts
    piece name -> mask, pentominoes only; the holes are the cells left.
    With holes_mask None or 0 the 4 holes may be anywhere."""
    holes_mask = holes_mask or 0
    holes0 = N_HOLES - holes_mask.bit_count()
    names = list(PIECE_NAMES)
    tables = _Tables(names)
    by_cell, window = tables.by_cell, tables.window
    ALL = tables.all
    # the counter prunes the enumeration to live states
    counter = _make_counter(tables, {})
    placed = []
    count = 0

    def rec(occ, used, holes):
        if used == ALL:
            yield dict(placed)
            return
        if not _entry(counter(occ), ALL ^ used):
            return
        free = FULL ^ occ
        low = free & -free
        k = low.bit_length() - 1
        for p, m in by_cell[k][occ & window[k]]:
            if used & p or occ & m:
                continue
            placed.append((names[p.bit_length() - 1], m))
            yield from rec(occ | m, used | p, holes)
            placed.pop()
        if holes:
            yield from rec(occ | low, used, holes - 1)

    for sol in rec(holes_mask, 0, holes0):
        yield sol
        count += 1
        if limit is not None and count >= limit:
            return


def holes_of(solution: dict) -> int:
    """Mask of the cells not covered by the solution's pentominoes."""
    covered = 0
    for m in solution.values():
        covered |= m
    return FULL ^ covered


def render_hex(solution: dict) -> str:
    """8 lines of 8 hex digits: monominoes 0-3 (in cell order), pentominoes
    4-F in the order I L Y V T Z N P U W F X."""
    grid = [[" "] * WIDTH for _ in range(HEIGHT)]
    for name, m in solution.items():
        d = "%X" % (4 + HEX_ORDER.index(name))
        for r, c in cells_of(m):
            grid[r][c] = d
    for i, (r, c) in enumerate(cells_of(holes_of(solution))):
        grid[r][c] = str(i)
    return "\n".join("".join(row) for row in grid)


CENTRE = mask_of([(3, 3), (3, 4), (4, 3), (4, 4)])
