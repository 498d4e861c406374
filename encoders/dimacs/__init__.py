"""A plain DIMACS file as an instance (the family "dimacs").

instance.py  DimacsInstance: the file's clauses and show set; its checker
             verifies that a model satisfies every clause
"""
