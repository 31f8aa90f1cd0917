"""The package version, in a module of its own so that ``museion.core`` can name it without importing the
package's ``__init__`` (which imports the core)."""

__version__ = "0.1.0"
