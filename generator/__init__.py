"""OpenAPI -> typed Python client generator.

The pipeline runs one way: ``load`` (read, resolve, validate) -> ``ir`` (typed,
named intermediate representation) -> ``render`` (Jinja2 templates) -> ``format``
(Black, in-process) -> ``write`` (atomic replace of the output folder).
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
