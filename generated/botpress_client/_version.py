"""Version facts of this generated package, to trace a vendored copy back to its spec."""

__version__ = "1.82.0"
"""Version of this package: the API version it was generated for."""

API_VERSION = "1.82.0"
"""``info.version`` of the OpenAPI document."""

SPEC_SHA256 = "36606d39655b69e4d8bd4b7b937bf14f7c81f9bbce4a8bfe7b97f3a2f944e09b"
"""SHA-256 of the OpenAPI document's content (every file it references, key order ignored)."""
