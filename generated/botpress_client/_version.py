"""Version facts of this generated package, to trace a vendored copy back to its spec."""

__version__ = "1.82.0"
"""Version of this package: the API version it was generated for."""

API_VERSION = "1.82.0"
"""``info.version`` of the OpenAPI document."""

SPEC_SHA256 = "cee8047759771f7b89b9c215f6d2b7dada8925848eb5f61e33aa73e27bef8211"
"""SHA-256 of the OpenAPI document's content (every file it references, key order ignored)."""
