"""Fixtures shared by the engine tests: pytest finds them here, so test modules use them by
name (a fixture imported into a test module reads as an unused import)."""
from tests.engine.manipulacion_helpers import solver_stub

__all__ = ["solver_stub"]
