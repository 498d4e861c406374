"""Counts in the test suite run in one process unless a test asks for workers:
`count` and `validate` otherwise start a Dask cluster of all cores."""

import os

os.environ.setdefault("POLYCNF_JOBS", "1")
