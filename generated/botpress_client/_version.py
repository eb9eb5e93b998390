"""Version facts of this generated package, to trace a vendored copy back to its spec."""

__version__ = "1.82.0"
"""Version of this package: the API version it was generated for."""

API_VERSION = "1.82.0"
"""``info.version`` of the OpenAPI document."""

SPEC_SHA256 = "8f25b658ebb65b714e4924e72f4454495458500de2ce668cb8a45e7e2c38205d"
"""SHA-256 of the OpenAPI document's content (every file it references, key order ignored)."""
