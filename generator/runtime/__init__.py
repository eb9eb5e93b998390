"""The runtime of every generated package: modules that do not depend on the spec.

Each module here is real Python, linted, type-checked and unit-tested where it lives, and copied
verbatim into the generated package (``render.RUNTIME_FILES``). They import only each other and
httpx, and learn the name of the package they run in from ``__package__``. What depends on the
spec (the error classes of the API's error types, the version) reaches them from the generated
code as arguments or class attributes.
"""
