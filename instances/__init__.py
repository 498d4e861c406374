"""Shipped puzzle instances: data files only, found by encoders.catalog."""
