"""The benchmark suite and the solver harness.

Like cli.py, this package knows both sides: encoders build and check the
puzzles, solvers give second methods and run other programs.  Nothing in
encoders/ or solvers/ imports it.
"""
