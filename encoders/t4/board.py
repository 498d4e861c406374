"""The t4 hex-slide board (Mäsak 2012, docs/references.md): straight pieces in the grooves of 38 hexagons.

The board is taken literally from the three diagrams of Mäsak's post: one names every
cell by its row groove (i..o), the other two give the same cells' positions in
the two diagonal groove families (a..h and p..w).  Everything else -- grooves,
neighbours, piece placements -- is derived by parsing those strings, so the
module cannot drift from the published board.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import NamedTuple

# -- Mäsak's diagrams, verbatim ------------------------------------------------

ROW_DIAGRAM = """
      i1  i2  i3  i4  i5
    j1  j2  j3  j4  j5  j6
      k1  k2  k3  k4  k5
    l1  l2  l3  l4  l5  l6
      m1  m2  m3  m4  m5
    n1  n2  n3  n4  n5  n6
      o1  o2  o3  o4  o5
"""

FALLING_DIAGRAM = """
      e1  d1  c1  b1  a1
    f1  e2  d2  c2  b2  a2
      f2  e3  d3  c3  b3
    g1  f3  e4  d4  c4  b4
      g2  f4  e5  d5  c5
    h1  g3  f5  e6  d6  c6
      h2  g4  f6  e7  d7
"""

RISING_DIAGRAM = """
      p2  q4  r6  s7  t7
    p1  q3  r5  s6  t6  u6
      q2  r4  s5  t5  u5
    q1  r3  s4  t4  u4  v4
      r2  s3  t3  u3  v3
    r1  s2  t2  u2  v2  w2
      s1  t1  u1  v1  w1
"""

#: Neighbour offsets in diagram text (line, column), clockwise from upper right.
CLOCKWISE = ((-1, 2), (0, 4), (1, 2), (1, -2), (0, -4), (-1, -2))


def parse_diagram(text: str) -> dict[tuple[int, int], tuple[str, int]]:
    """Map each label's text position (line, column) to (groove letter, index)."""
    labels = {}
    for line_no, line in enumerate(text.strip("\n").splitlines()):
        for m in re.finditer(r"([a-z])(\d+)", line):
            labels[(line_no, m.start())] = (m.group(1), int(m.group(2)))
    return labels


class Piece(NamedTuple):
    """A straight piece: `length` cells of `groove` starting at position `first`."""
    groove: str
    first: int
    length: int

    def __str__(self) -> str:
        """Mäsak's style: groove letter and positions, e.g. 'l12'."""
        return self.groove + "".join(str(self.first + k) for k in range(self.length))


class Board:
    """Cells, grooves and neighbours, all derived from Mäsak's diagrams."""

    def __init__(self):
        rows = parse_diagram(ROW_DIAGRAM)
        diagonals = [parse_diagram(FALLING_DIAGRAM), parse_diagram(RISING_DIAGRAM)]
        for diagram in diagonals:
            if set(diagram) != set(rows):
                raise ValueError("groove diagrams do not put labels at the same places")
        #: cell names in reading order (i1, i2, ..., o5)
        self.cells: list[str] = []
        #: cell name -> text position (line, column) in the diagrams
        self.position: dict[str, tuple[int, int]] = {}
        #: cell name -> its three (groove, index) labels: row, falling, rising
        self.labels: dict[str, tuple[tuple[str, int], ...]] = {}
        for pos in sorted(rows):
            name = "%s%d" % rows[pos]
            self.cells.append(name)
            self.position[name] = pos
            self.labels[name] = (rows[pos],) + tuple(d[pos] for d in diagonals)
        self.cell_at = {pos: name for name, pos in self.position.items()}
        grooves: dict[str, dict[int, str]] = {}
        for name, labels in self.labels.items():
            for letter, index in labels:
                if index in grooves.setdefault(letter, {}):
                    raise ValueError(f"groove position {letter}{index} appears twice")
                grooves[letter][index] = name
        #: groove letter -> its cells in groove order (position 1 first)
        self.grooves: dict[str, list[str]] = {}
        for letter in sorted(grooves):
            places = grooves[letter]
            if sorted(places) != list(range(1, len(places) + 1)):
                raise ValueError(f"groove {letter} skips a position")
            self.grooves[letter] = [places[i] for i in range(1, len(places) + 1)]

    def neighbours(self, cell: str) -> list[str]:
        """Adjacent cells, clockwise from the upper right (as Mäsak lists l3's)."""
        line, col = self.position[cell]
        return [self.cell_at[(line + dl, col + dc)] for dl, dc in CLOCKWISE
                if (line + dl, col + dc) in self.cell_at]

    def direction(self, a: str, b: str) -> tuple[int, int]:
        """Text offset from cell a to cell b."""
        (la, ca), (lb, cb) = self.position[a], self.position[b]
        return lb - la, cb - ca

    def groove_family(self, letter: str) -> int:
        """0 for rows (i..o), 1 for the a..h diagonals, 2 for the p..w diagonals."""
        return next(k for k, (g, _) in enumerate(self.labels[self.grooves[letter][0]])
                    if g == letter)

    def piece_cells(self, piece: Piece) -> list[str]:
        return self.grooves[piece.groove][piece.first - 1: piece.first - 1 + piece.length]

    @cached_property
    def pieces(self) -> list[Piece]:
        """Every placement: each run of 2 or 3 consecutive cells of each groove."""
        return [Piece(letter, first, length)
                for letter, cells in self.grooves.items()
                for length in (2, 3)
                for first in range(1, len(cells) - length + 2)]


BOARD = Board()
