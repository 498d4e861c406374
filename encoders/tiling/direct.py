"""The direct counters of square tilings, no CNF: the packing DP
(encoders/packing/direct.py), and on the 8x8 pentomino packing the bitboard
search (encoders/packing/bitboard.py) as the further counter `bitboard`."""

from __future__ import annotations

from ..core.polyforms import aspects


def direct_count(puzzle, unique: bool = False) -> int | None:
    """Raw count by the transfer-matrix DP of encoders/packing/direct.py (no CNF,
    no exact cover), for square boards inside a rectangle: cells outside the
    board and monominoes are its holes.  None where that DP does not apply."""
    if unique:
        return _unique_from_raw(puzzle)
    problem = _packing_problem(puzzle)
    if problem is None:
        return None
    from ..packing import direct as packing_dp

    width, height, holes, outside, pieces = problem
    return packing_dp.count_packings(width, height, holes, outside, progress=True, pieces=pieces)


def _packing_problem(puzzle):
    """(width, height, holes, outside cells, pieces) for the packing DP, or None."""
    if puzzle.grid.name != "square" or puzzle.no_crossing:
        return None
    from ..packing import direct as packing_dp

    rows, cols = [c[0] for c in puzzle.board], [c[1] for c in puzzle.board]
    top, left = min(rows), min(cols)
    height, width = max(rows) - top + 1, max(cols) - left + 1
    board = set(puzzle.board)
    outside = [(r, c) for r in range(height) for c in range(width) if (r + top, c + left) not in board]
    monominoes = [k for k in puzzle.kinds if len(k.shape) == 1]
    if monominoes and puzzle.fill != "exact":
        return None
    pieces = []
    for kind in puzzle.kinds:
        if len(kind.shape) == 1:
            continue
        if kind.copies > 1:
            return None          # the DP would count identical copies as distinct
        known = packing_dp.PENTOMINOES.get(kind.name)
        same = known is not None and aspects(puzzle.grid, known)[0] == aspects(puzzle.grid, kind.shape)[0]
        pieces.append(kind.name if same else list(kind.shape))
    holes = height * width - sum(len(k.shape) for k in puzzle.kinds if len(k.shape) > 1)
    return width, height, holes, outside, pieces


def cubes(puzzle, unique: bool = False) -> list | None:
    """The direct method's count as cubes (encoders/packing/cubes.py): one
    packing DP per orbit of (X, I) placements; unique = raw / |G| under the
    same condition as ``_unique_from_raw``."""
    if puzzle.count_method != "direct":
        return None
    problem = _packing_problem(puzzle)
    if problem is None or (unique and not _rigid_kinds(puzzle)):
        return None
    from ..packing.cubes import packing_cubes

    return packing_cubes(*problem, divide_by=len(puzzle.group) if unique else 1)


def _rigid_kinds(puzzle) -> list:
    """Kinds used once with no symmetry that are not straight (see _unique_from_raw)."""
    return [k for k in puzzle.kinds if k.copies == 1
            and len(puzzle.aspects[k.name]) == len(puzzle.grid.transforms())
            and len({c[0] for c in k.shape}) > 1 and len({c[1] for c in k.shape}) > 1]


def _unique_from_raw(puzzle) -> int | None:
    """raw / |G| when no solution can be fixed by a non-identity board symmetry:
    true when some piece used once has no symmetry at all (as many aspects as
    the grid has transforms) and is not straight -- g would have to map its
    placement onto itself, i.e. be a symmetry of the piece or fix its cells
    one by one, which only a reflection does, and only to cells on one line.
    Burnside's lemma then leaves only the identity's term."""
    if not _rigid_kinds(puzzle):
        return None
    raw = direct_count(puzzle)
    if raw is None or raw % len(puzzle.group):
        return None
    return raw // len(puzzle.group)


#: the bitboard search can take minutes with fewer holes fixed than this (2 holes
#: at the centre 15 s, at opposite corners over 5 min; holes
#: anywhere: 10-20 min), so validate skips it there
BITBOARD_VALIDATE_FIXED = 3


def other_counters(puzzle) -> dict:
    """{"bitboard": Counter} on the 8x8 board with the 12 pentominoes and 4 holes
    (monominoes, or cells left off the board), else {}."""
    problem = _packing_problem(puzzle)
    if problem is None:
        return {}
    width, height, holes, outside, pieces = problem
    from ..packing import bitboard

    if (width, height, holes) != (8, 8, bitboard.N_HOLES) or sorted(pieces) != sorted(bitboard.PIECE_NAMES):
        return {}
    from functools import partial

    from ..core.instance import Counter

    mask = bitboard.mask_of(outside)
    slow = len(outside) < BITBOARD_VALIDATE_FIXED
    return {"bitboard": Counter(
        count=partial(_bitboard_count, mask),
        cubes=partial(_bitboard_cubes, mask),
        skip_in_validate=(f"the bitboard search takes minutes with {bitboard.N_HOLES - len(outside)} holes "
                          f"anywhere (run count --method bitboard)") if slow else "")}


def _bitboard_count(mask: int, unique: bool, time_limit: float | None) -> int:
    from ..packing import bitboard
    return bitboard.count_packings(mask, unique=unique, time_limit=time_limit)


def _bitboard_cubes(mask: int, unique: bool, time_limit: float | None) -> list:
    from ..packing import bitboard
    return bitboard.x_orbit_cubes(mask, unique, time_limit)
