"""The benchmark: the system started as in production and measured end to end (see run.py)."""
