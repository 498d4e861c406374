"""Palago creatures (Kagey's code-golf challenge, 2019; docs/references.md): the family `palago`.

tiles.py     the challenge programs' tile model (transcribed, with pictures)
check.py     the plain checker of creatures (never looks at the CNF)
direct.py    the enumerator: Redelmeier growth over blue corners, Burnside, cubes
compiled.py  its numba inner loop
search.py    the challenge programs' tile-level search, an independent second counter
cnf.py       the CNF (second method for the enumerator) and Burnside fixed-point formulas
draw.py      SVG pictures
instance.py  built-in instances palago-N
"""
