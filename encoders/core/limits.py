"""The sizes polycnf accepts, each checked before anything of that size is
built, so that a typo or a hostile file ends in one line instead of eating the
machine's memory.  docs/limits.md lists them for users (a test keeps the two
in step).
"""

MAX_FILE_BYTES = 64 * 2 ** 20        # instance, card and configuration files (TOML, DLX, text)
MAX_VARIABLES = 1_000_000            # a DIMACS file's declared variables
MAX_CLAUSES = 10_000_000             # ... its declared clauses
MAX_LITERALS = 30_000_000            # ... and the literals in them all
MAX_BOARD_CELLS = 10_000             # cells of a board (and of one piece)
MAX_COORDINATE = 1_000               # |x|, |y| of any cell, segment or card position
MAX_PIECES = 10_000                  # pieces of a puzzle, 'monominoes:K' included
MAX_CARDS = 331                      # cards of an edge-matching puzzle (a hexagon of radius 10)
MAX_PLACEMENTS = 2_000_000           # placements of a tiling puzzle (piece shapes x aspects x cells, counted first)
MAX_SOLUTIONS = 1_000_000            # solutions one solve keeps (-n, --all)
