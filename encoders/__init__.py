"""Puzzles -> CNF (and exact covers), and solutions back to puzzles.  No solver here.

Shared machinery (no puzzle-specific code; families build on it):
  cnf.py              Formula: named variables, clause groups, cardinality, show set, DIMACS
  exactcover.py       exact cover (primary/secondary items) -> Formula; Knuth's DLX text
  symmetry.py         board symmetry groups, orbits, symmetry-breaking cases
  grids/              one module per grid: square, hexagon, triangle, segment, quasi-segment
  polyforms.py        fixed, one-sided and free polyforms on any grid; named piece sets
  polyform_cubes.py   counting polyforms in independent parts (`polycnf polyforms`)
  instance.py         Instance, Expected, Case: what every family offers the CLI
  cubes.py            Cube: one independent part of a count, runnable anywhere
  catalog.py          finding an instance by built-in name or file path
  errors.py           InputError, RuleViolation: the user's mistakes as one line
  tomlfile.py         reading text and TOML files with one-line errors

Puzzle families (each: its puzzle, CNF, checker, pictures, file format):
  tiling/             pieces on a board of any grid (polyominoes, polyhexes, polytrigs, ...)
  hexmatch/           hexagon edge matching: Hexagon Bugs (seed 002) and any card set
  t4/                 the t4 hex-slide board (seed 001) and its sliding game
  palago/             Palago creatures (seed 000)
  polytrigs.py        seed 003's boards and no-crossing rule (tiling uses it on the
                      segment grid); quasi-polytrigs
  dimacs_instance.py  a plain DIMACS file as an instance (the family "dimacs")

Direct counters (second methods that never build a CNF), beside the families'
own (t4/frontier.py, hexmatch/search.py, palago/enumerate.py):
  packing_dp.py       transfer-matrix count of pentomino packings (tiling/direct.py)
  packing_cubes.py    the same count split into cubes
  packing_placements.py  where pentominoes go, up to the board's symmetries (the DP's splits)
  bitboard.py         seed 004's bitboard search, an independent check of packing_dp
"""
