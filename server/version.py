"""Sobremesa's version: shown by `sobremesa --version` and in the TV's host menu, and read by
the build (pyproject.toml) for the wheel's name."""
VERSION = "0.2.0"
