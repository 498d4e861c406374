"""polycnf: SAT and model-counting frontend for polyform and tiling puzzles.

puzzle -> CNF -> solver or model counter -> decoded, checked solution or exact
count.  The library API (see `polycnf.api`):

>>> import polycnf
>>> polycnf.count("t4-full", method="direct").count
11071306
>>> inst = polycnf.load("tetrahex-7x4")
>>> print(inst.render(next(polycnf.solutions(inst))))   # DLX, checked by the rules
   I I I I Y O O
  J J J Y Y O O
 J S S P U Y U
S S P P P U U
"""

from polycnf.api import *  # noqa: F401,F403  (the public API, listed in api.__all__)
from polycnf.api import __all__  # noqa: F401
