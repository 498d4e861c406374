"""Polyforms on any grid of core/grids: generating them, and counting them in parts.

shapes.py   fixed, one-sided and free polyforms (Redelmeier's growth), aspects,
            canonical forms, quasi-polytrigs, the named piece sets, pictures
count.py    counting polyforms by independent cubes without remembering the
            forms seen (`polycnf polyforms`)
"""

from .shapes import PIECE_SET_NAMES, aspects, canonical, draw, fixed, free, one_sided, piece_set, quasi

__all__ = ["PIECE_SET_NAMES", "aspects", "canonical", "draw", "fixed", "free", "one_sided", "piece_set", "quasi"]
