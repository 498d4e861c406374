"""Tests for encoders/packing/bitboard.py, the independent bitboard counter for the
8x8 puzzle (12 pentominoes + 4 monominoes).  Fast (about 10 s on an idle
machine) except the tests marked slow."""

import pytest

from polycnf.encoders.packing import bitboard as bb


def test_placement_counts():
    # A piece whose aspect has a bounding box h x w has (9 - h) * (9 - w)
    # translates on 8x8; an aspect and its transpose give the same product.
    #   X: 1 aspect, 3x3           -> 6*6            = 36
    #   I: 2 aspects, 1x5 / 5x1    -> 2 * 8*4        = 64
    #   T, V, W, Z: 4 aspects 3x3  -> 4 * 6*6        = 144
    #   U: 4 aspects, 2x3 / 3x2    -> 4 * 7*6        = 168
    #   F: 8 aspects, 3x3          -> 8 * 6*6        = 288
    #   L, N, Y: 8 aspects, 2x4    -> 8 * 7*5        = 280
    #   P: 8 aspects, 2x3          -> 8 * 7*6        = 336
    expected = {"X": 36, "I": 64, "T": 144, "V": 144, "W": 144, "Z": 144,
                "U": 168, "F": 288, "L": 280, "N": 280, "Y": 280, "P": 336}
    got = {n: len(bb.placements(bb.PENTOMINOES[n])) for n in bb.PIECE_NAMES}
    assert got == expected
    # the total number of aspects is the 63 of the 8x8 puzzle's notes
    assert sum(len(bb.aspects(bb.PENTOMINOES[n])) for n in bb.PIECE_NAMES) == 63
    # the X of those notes: 36 locations; a 1x5 bar on a 5x10 board: 6*5 + 10*1
    assert len(bb.placements([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], 10, 5)) == 40


def test_pieces_are_the_twelve_pentominoes():
    seen = set()
    for cells in bb.PENTOMINOES.values():
        assert len(set(cells)) == 5
        m = bb.mask_of(cells)
        # connected
        todo, comp = [cells[0]], {cells[0]}
        while todo:
            r, c = todo.pop()
            for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                q = (r + d[0], c + d[1])
                if q in cells and q not in comp:
                    comp.add(q)
                    todo.append(q)
        assert len(comp) == 5 and m.bit_count() == 5
        canon = min(bb.aspects(cells))
        assert canon not in seen
        seen.add(canon)
    assert len(seen) == 12


def test_transform_is_a_group_action():
    m = bb.PLACEMENTS["F"][17]
    for k in range(8):
        img = bb.transform(m, k)
        assert img.bit_count() == 5
        assert bb._normalise(bb.cells_of(img)) in bb.aspects(bb.PENTOMINOES["F"])
    assert len({bb.transform(m, k) for k in range(8)}) == 8
    assert bb.symmetries_fixing(bb.CENTRE) == list(range(8))


@pytest.fixture(scope="module")
def centre_solutions():
    return list(bb.solutions(bb.CENTRE))


def test_centre_hole_counts(centre_solutions):
    raw = bb.count_packings(bb.CENTRE)
    unique = bb.count_packings(bb.CENTRE, unique=True)
    # computed by this method (Dana Scott's 1958 problem)
    assert raw == 520
    assert unique == 65
    # the enumeration agrees with the counter
    assert len(centre_solutions) == raw
    # canonical forms: raw = sum of orbit sizes, unique = number of orbits
    orbits = {}
    for s in centre_solutions:
        orbits.setdefault(bb.canonical(s), []).append(s)
    assert len(orbits) == unique
    sizes = [len({bb.canonical(s, [0]) for s in
                  (bb.transform_solution(o[0], k) for k in range(8))}) for o in orbits.values()]
    assert sum(sizes) == raw
    # no solution is symmetric: every orbit has 8 members
    assert all(len(o) == 8 for o in orbits.values()) and set(sizes) == {8}


def test_centre_solutions_are_valid(centre_solutions):
    assert len({tuple(s[n] for n in bb.PIECE_NAMES) for s in centre_solutions}) == 520
    for s in centre_solutions:
        assert sorted(s) == sorted(bb.PIECE_NAMES)
        covered = 0
        for name, m in s.items():
            assert m in bb.PLACEMENTS[name]
            assert covered & m == 0          # each cell at most once
            covered |= m
        assert covered == bb.FULL ^ bb.CENTRE  # every non-hole cell covered


def test_render_hex(centre_solutions):
    s = centre_solutions[0]
    pic = bb.render_hex(s)
    rows = pic.split("\n")
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    flat = "".join(rows)
    assert sorted(set(flat)) == list("0123456789ABCDEF")
    for d in "0123":
        assert flat.count(d) == 1
    for d in "456789ABCDEF":
        assert flat.count(d) == 5
    # the monominoes are the central 2x2 square
    assert {rows[r][c] for r in (3, 4) for c in (3, 4)} == set("0123")
    # X is digit F
    assert {bb.cells_of(s["X"])[0]} <= {(r, c) for r in range(8) for c in range(8)
                                         if rows[r][c] == "F"}


def _brute_force(occ, names):
    """Plain search with an explicit set of used pieces and a hole count:
    {frozenset of pieces: number of ways to fill the empty cells of occ
    exactly with those pieces and at most 4 holes}."""
    out = {}
    pl = {n: bb.PLACEMENTS[n] for n in names}

    def rec(occ, used, holes):
        free = bb.FULL ^ occ
        if not free:
            out[used] = out.get(used, 0) + 1
            return
        low = free & -free
        for n in names:
            if n in used:
                continue
            for m in pl[n]:
                if m & low and (m & -m) == low and not m & occ:
                    rec(occ | m, used | {n}, holes)
        if holes < 4:
            rec(occ | low, used, holes + 1)

    rec(occ, frozenset(), 0)
    return out


@pytest.mark.parametrize("extra", [[(7, 5), (7, 6)],              # 2 pieces, 4 holes
                                   [(5, 0), (5, 1), (5, 6), (6, 0)],  # 3 pieces, 3 holes
                                   [(5, 3), (5, 4), (7, 0)],          # 3 pieces, 2 holes
                                   [(5, 3), (7, 0), (7, 7)]])         # 3 pieces, 0 holes
def test_state_tables_against_brute_force(extra):
    # fill rows 0-4 except the given cells of row 5 and fill the given cells of
    # rows 6-7, and compare the counter's table {piece set: ways} with a plain
    # search that tracks the pieces and the holes (0 to 4 of them)
    names = [n for n in bb.PIECE_NAMES if n != "X"]
    rows = [(r, c) for r in range(5) for c in range(8)]
    rows += [(5, c) for c in range(8) if (5, c) not in extra]
    occ = bb.mask_of(rows + [rc for rc in extra if rc[0] > 5])
    f = bb._make_counter(bb._Tables(names))
    got = {frozenset(names[i] for i in range(11) if S >> i & 1): c
           for S, c in zip(*f(occ))}
    want = _brute_force(occ, names)
    # the counter keeps only the sets leaving fewer than 5 holes
    free = (bb.FULL ^ occ).bit_count()
    want = {S: c for S, c in want.items() if len(S) == free // 5}
    assert got == want and sum(want.values()) > 0


@pytest.mark.slow
def test_one_free_hole():
    # three holes prescribed (three cells of the centre), the fourth free:
    # 40,508 packings, computed by this method and, before the counter was
    # rewritten, by a search with an explicit used-piece set (same number)
    three = bb.mask_of([(3, 3), (3, 4), (4, 3)])
    assert bb.symmetries_fixing(three) == [0, 4]        # identity, transpose
    assert bb.count_packings(three, split=0) == 40508


# -- the bitboard search as a counting method of the 8x8 instances -------------------

def test_bitboard_is_a_method_of_the_8x8_instances():
    """`count --method bitboard` reaches the search; other boards do not offer it."""
    import polycnf
    from polycnf.encoders import catalog
    from polycnf.encoders.core.errors import InputError

    assert polycnf.count("pentomino-8x8-centre", method="bitboard").count == 520
    assert polycnf.count("pentomino-8x8-centre", method="bitboard", unique=True).count == 65
    assert list(catalog.load("pentomino-8x8").other_counters()) == ["bitboard"]
    assert catalog.load("pentomino-6x10").other_counters() == {}
    with pytest.raises(InputError, match="unknown counting method 'bitboard'"):
        polycnf.count("pentomino-6x10", method="bitboard")


def test_bitboard_cubes_add_up():
    """One cube per orbit of X placements: raw weights are the orbit sizes, unique ones / |G|."""
    import polycnf

    raw = polycnf.cubes_of("pentomino-8x8-centre", "bitboard")
    assert [c.weight for c in raw] == [4, 8, 8, 4]
    assert sum(c.weight * c.task() for c in raw) == 520
    unique = polycnf.cubes_of("pentomino-8x8-centre", "bitboard", unique=True)
    assert sum(c.weight * c.task() for c in unique) == 65


def test_bitboard_honours_the_time_limit_and_validate_skips_holes_anywhere():
    from polycnf.api.validation import methods_for
    from polycnf.encoders import catalog

    with pytest.raises(TimeoutError, match="bitboard search did not finish in 0.5 s"):
        bb.count_packings(time_limit=0.5)
    inst = catalog.load("pentomino-8x8")
    assert "bitboard" in methods_for(inst)
    assert "takes minutes with 4 holes anywhere" in inst.other_counters()["bitboard"].skip_in_validate
    assert catalog.load("pentomino-8x8-centre").other_counters()["bitboard"].skip_in_validate == ""
