"""``python -m <package>.mcp``: serve the package's operations as MCP tools (needs the extra
``mcp``: ``pip install '<package>[mcp]'``). ``--help`` lists the options; see :mod:`._mcp`."""

from __future__ import annotations

import sys

from ._mcp import main

if __name__ == "__main__":
    sys.exit(main())
