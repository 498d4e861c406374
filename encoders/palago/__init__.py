"""Palago creatures (seed 000): the family `palago`.

tiles.py     the seed's tile model (transcribed, with pictures)
check.py     the plain checker of creatures (never looks at the CNF)
direct.py    the enumerator: Redelmeier growth over blue corners, Burnside, cubes
compiled.py  its numba inner loop
search.py    the seed's own tile-level search, an independent second counter
cnf.py       the CNF (second method for the enumerator) and Burnside fixed-point formulas
draw.py      SVG pictures
instance.py  built-in instances palago-N
"""
