"""`python -m polycnf`: the command line."""
import sys

from polycnf.cli import main

sys.exit(main())
