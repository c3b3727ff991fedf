"""Fixtures shared by the engine tests: pytest finds them here, so test modules use them by
name (a fixture imported into a test module reads as an unused import)."""
import pytest

from engine import search
from tests.engine.manipulacion_helpers import solver_stub

__all__ = ["solver_stub"]


@pytest.fixture(autouse=True)
def quick_search(monkeypatch, request):
    """Difícil plays whole games here only to show every move legal: with a twentieth of its
    playouts (a test that measures its choices asks for `full_search`)."""
    if "full_search" not in request.fixturenames:
        monkeypatch.setattr(search, "PLAYOUT_SHARE", 0.05)


@pytest.fixture
def full_search():
    """Difícil with all its playouts."""
    assert search.PLAYOUT_SHARE == 1.0
