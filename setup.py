"""The packages in the wheel, which pyproject.toml alone cannot say: every package under
engine/ and server/, plus the checkout's top-level templates/ and static/, shipped inside the
server package (server/templates, server/static) so that an installed host finds its pages
wherever it is started from; and sobremesa.py, for `python -m sobremesa`. Everything else is
configured in pyproject.toml."""
from setuptools import find_packages, setup

ASSETS = {"server.templates": "templates", "server.static": "static"}

setup(packages=[*find_packages(include=["engine", "engine.*", "server", "server.*"]), *ASSETS],
      package_dir=ASSETS, py_modules=["sobremesa"])
