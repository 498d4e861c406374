"""The t4 hex-slide board (Mäsak 2012, docs/references.md): the family `t4`, and the sliding game on it.

Counting configurations (the five published questions):
board.py     the board, parsed from Mäsak's diagrams; pieces
joints.py    joints, the low-width basis of the CNF
cnf.py       the CNF encodings (joints, joint-pieces, one variable per piece)
direct.py    the direct counter: a frontier dynamic program
check.py     the plain rule checker (never looks at the CNF)
draw.py      the board as ASCII art
instance.py  T4Instance and the built-in questions t4-*

The sliding game (`polycnf solve t4-puzzle`, `generate t4`, `t4-solvable`):
moves.py     the move rules; config.py  configurations as text, JSON, pictures
search.py    breadth-first search; plan.py  planning as SAT
slide_puzzle.py  a puzzle and its verdict by both; generate.py  random puzzles
solvable.py  counting solvable configurations; bounds.py  bounds on that count
"""

from .board import BOARD, CLOCKWISE, FALLING_DIAGRAM, RISING_DIAGRAM, ROW_DIAGRAM, Board, Piece, parse_diagram
from .cnf import DEFAULT_T4_ENCODING, JOINT_ENCODINGS, T4_ENCODINGS
from .draw import PIECE_COLOURS, PIECE_TAGS, RESET, render_board
from .direct import count_by_frontier
from .instance import L12, SOURCE, T4Instance, builtins
from .joints import Joint, piece_borders, piece_joints, pieces_from_joints

__all__ = ["BOARD", "CLOCKWISE", "FALLING_DIAGRAM", "RISING_DIAGRAM", "ROW_DIAGRAM", "Board", "Piece",
           "parse_diagram", "DEFAULT_T4_ENCODING", "JOINT_ENCODINGS", "T4_ENCODINGS", "PIECE_COLOURS",
           "PIECE_TAGS", "RESET", "render_board", "count_by_frontier", "L12", "SOURCE", "T4Instance",
           "builtins", "Joint", "piece_borders", "piece_joints", "pieces_from_joints"]
