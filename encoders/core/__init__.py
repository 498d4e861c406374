"""Shared machinery: what every puzzle family builds on, and no family's own code.

cnf.py         Formula: named variables, clause groups, cardinality, show set, DIMACS
exactcover.py  exact cover (primary/secondary items) -> Formula; Knuth's DLX text files
symmetry.py    board symmetry groups, orbits, symmetry-breaking cases
instance.py    Instance, Expected, Case: what every family offers the API
cubes.py       Cube: one independent part of a count, runnable anywhere
errors.py      InputError, RuleViolation: the user's mistakes as one line
tomlfile.py    reading text and TOML files with one-line errors
grids/         one module per grid: square, hexagon, triangle, segment, quasi-segment
polyforms/     polyform generation on any grid (polytrigs and quasi-polytrigs
               included) and counting polyforms in independent parts
"""
