"""Hexagon edge-matching puzzles: Toysmith Hexagon Bugs (docs/references.md) and any card set.

Hexagonal cards carry a label on each of their six sides.  Every card goes on
one cell of a board of hexagonal cells, turned (and, if allowed, turned over)
at will, so that every pair of touching sides matches under the puzzle's rule:
"bugs" (the same bug, one front = upper case and one back = lower case) or
"equal" (identical labels).

board.py       axial geometry, sides, how a card turns, the board and its symmetries
rules.py       matching rules (bugs, equal)
instance.py    HexMatch: the puzzle, decoding, symmetry classes
check.py       the plain rule checker (never looks at the CNF)
cnf.py         the CNF schemes
direct.py      the plain backtracking search (the second method, never looks at the CNF)
draw.py        honeycomb text and SVG pictures
fileformat.py  instance files (TOML) in and out
generate.py    random puzzles with a planted (optionally unique) solution
"""

from .board import SIDE_NAMES, SIDE_OFFSETS, HexBoard, Symmetry, opposite, turn
from .cnf import DEFAULT_SCHEME, SCHEMES
from .fileformat import from_toml, load, to_toml
from .generate import generate
from .instance import HexMatch
from .rules import BUG_LETTERS, RULES, BugsRule, EqualRule, Rule
from .direct import SearchTimeout

__all__ = ["SIDE_NAMES", "SIDE_OFFSETS", "HexBoard", "Symmetry", "opposite", "turn", "DEFAULT_SCHEME",
           "SCHEMES", "from_toml", "load", "to_toml", "generate", "HexMatch", "BUG_LETTERS", "RULES",
           "BugsRule", "EqualRule", "Rule", "SearchTimeout"]
