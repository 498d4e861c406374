"""Puzzles -> CNF (and exact covers), and solutions back to puzzles.  No solver here.

core/         shared machinery, no family code: Formula, exact cover, symmetry,
              Instance, cubes, errors, TOML files, grids, polyform generation
catalog.py    the registry: built-in names and files -> a family's Instance
              (the one module that knows every family)

Puzzle families, one package each, with the same module names wherever the job exists:
  instance.py    the family's Instance subclass
  cnf.py         the formula builder
  check.py       the plain rule checker that never sees the CNF
  direct.py      the counter that builds no CNF (the `direct` method)
  draw.py        text and SVG pictures
  fileformat.py  instance files (TOML) in and out
  generate.py    random instances
plus what only that family needs.

  tiling/       pieces on a board of any grid (polyominoes, polyhexes, polytrigs, ...)
  hexmatch/     hexagon edge matching: Toysmith's Hexagon Bugs and any card set
  t4/           the t4 hex-slide board (Carl Mäsak, 2012) and its sliding game
  palago/       Palago creatures (connected shapes of Palago tiles)
  packing/      the 8x8 packing of the 12 pentominoes and 4 monominoes: the counters behind the
                tiling family's direct method on square boards, and the bitboard search
  dimacs/       a plain DIMACS file as an instance
"""
