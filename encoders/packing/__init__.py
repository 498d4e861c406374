"""Pentomino packing of the 8x8 board: the 12 pentominoes and 4 monominoes.

Its instances are tiling instances (instances/pentomino-8x8*.toml); this
package holds the counters that never build a CNF, which the tiling family
calls on square boards (tiling/direct.py):

direct.py      the transfer-matrix ("broken profile") DP, the tiling family's
               `direct` method on square boards
cubes.py       the same count split into cubes, one DP per orbit of (X, I) placements
orbits.py      where pentominoes go, up to the board's symmetries (the DP's splits)
bitboard.py    a memoised bitboard search sharing no code with the DP: the
               8x8's independent second method (`count --method bitboard`)
"""
