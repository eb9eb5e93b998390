"""Facts of the OpenAPI format itself that several stages read."""

from __future__ import annotations

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
"""The operations a path item may hold, in the order OpenAPI lists them."""
