"""Sobremesa's game rules: pure, deterministic, no I/O. See docs/engine.md."""
