"""The version of roads, written once at the bottom so that any layer may name it without importing the package."""

__version__ = "0.4.0.dev0"  # pyproject.toml reads it ([tool.setuptools.dynamic])
