"""Issue 22: stacked content encodings. ``Content-Encoding: gzip, gzip`` hiding 1 GiB used to be
inflated whole by httpx's stacked decoder (2.1 GB resident, sync; 1.07 GB async) whatever
``max_response_bytes``. Each layer is now inflated in bounded steps, the next fed those steps,
so the answer ends at the size bound; stacks of other encodings, or too many, are refused.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import zlib

import httpx
import pytest
from botpress_client import _exceptions as exc_module
from botpress_client import _reading, errors

from ..conftest import GENERATED, ROOT
from ..loopback import Loopback
from .conftest import Api
from .test_adversarial_server import bounded, get_table, gzip_bomb
from .test_runtime import GET_TABLE

pytestmark = pytest.mark.usefixtures("isolation")


def gzip(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


@pytest.fixture(scope="module")
def double_bomb() -> bytes:
    """1 GiB of zeros, gzipped twice: a few KB."""
    data = gzip(gzip_bomb(1024))
    assert len(data) < 100_000
    return data


@pytest.mark.parametrize("status", [200, 500])
def test_double_gzip_bomb_ends_at_the_size_bound(api: Api, loopback: Loopback, double_bomb: bytes, status: int) -> None:
    loopback.reply(status, double_bomb, headers={"content-encoding": "gzip, gzip"})
    client = api.client(max_retries=0, max_response_bytes=1 << 20)
    err, elapsed = bounded(api, get_table(client))
    expected = errors.ResponseTooLargeError if status == 200 else errors.InternalServerError
    assert type(err) is expected, repr(err)
    assert err.status_code == status and err.body_truncated
    assert len(err.response.content) <= exc_module.MAX_ERROR_BODY_CHARS
    assert elapsed < 5.0


@pytest.mark.parametrize(
    "encoding", ["gzip, gzip", "deflate, gzip", "gzip, deflate", "gzip, identity, x-gzip", "gzip, gzip, gzip, gzip"]
)
def test_stacked_encodings_are_decoded(api: Api, loopback: Loopback, encoding: str) -> None:
    raw = json.dumps({**GET_TABLE, "padding": "abc" * 50_000}).encode()
    data = raw
    for name in [n.strip() for n in encoding.split(",")]:  # in the order applied
        data = {"gzip": gzip, "x-gzip": gzip, "deflate": deflate, "identity": lambda d: d}[name](data)
    loopback.reply(200, data, headers={"content-encoding": encoding})
    table, _ = bounded(api, get_table(api.client()))
    assert not isinstance(table, Exception), table
    assert table.table.name == "People"


@pytest.mark.parametrize(
    "encoding", ["br, gzip", "gzip, br", "zstd, gzip", "gzip, gzip, gzip, gzip, gzip", "x-unknown, gzip"]
)
def test_other_stacks_are_refused(api: Api, loopback: Loopback, encoding: str) -> None:
    loopback.reply(200, gzip(b"{}"), headers={"content-encoding": encoding})
    err, elapsed = bounded(api, get_table(api.client()))
    assert type(err) is errors.ApiConnectionError, repr(err)
    assert isinstance(err.__cause__, httpx.DecodingError) and "stacked" in str(err)
    assert loopback.count == 1 and elapsed < 5.0  # not retried: it would fail the same way


def test_each_layer_is_inflated_in_bounded_steps() -> None:
    request = httpx.Request("GET", "http://127.0.0.1/")
    response = httpx.Response(200, headers={"content-encoding": "gzip, gzip"}, request=request)
    inflater = _reading._Inflater.of(response, request)
    assert inflater is not None
    data = gzip(gzip_bomb(16))
    pieces: list[int] = []
    for start in range(0, len(data), 1000):  # as it arrives
        pieces += [len(p) for p in inflater.feed(data[start : start + 1000])]
    assert sum(pieces) == 16 << 20 and max(pieces) <= _reading._INFLATE_STEP


RSS_SCRIPT = textwrap.dedent("""
    import asyncio, resource, sys, time
    sys.path[:0] = [{root!r}, {generated!r}]
    from botpress_client import AsyncClient, Client, errors
    from tests.loopback import Loopback
    from tests.client.test_adversarial_server import gzip_bomb
    from tests.client.test_stacked_encodings import gzip

    bomb = gzip(gzip_bomb(1024))
    server = Loopback()
    server.start()
    server.reply(200, bomb, headers={{"content-encoding": "gzip, gzip"}})
    kwargs = dict(token="t", bot_id="b", base_url=server.url, max_retries=0, max_response_bytes=1 << 20)
    started = time.monotonic()
    try:
        if {is_async!r}:
            async def call():
                async with AsyncClient(**kwargs) as client:
                    await client.get_table(table="T")
            asyncio.run(call())
        else:
            with Client(**kwargs) as client:
                client.get_table(table="T")
        outcome = "no error"
    except errors.ClientError as exc:
        outcome = type(exc).__name__
    elapsed = time.monotonic() - started
    server.stop()
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(outcome, round(elapsed, 2), peak_kib)
    """)


def test_double_gzip_bomb_stays_small_in_memory(api: Api) -> None:
    """Peak resident size of a fresh process that takes the 1 GiB bomb (Linux: KiB)."""
    script = RSS_SCRIPT.format(root=str(ROOT), generated=str(GENERATED), is_async=api.is_async)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    outcome, elapsed, peak_kib = done.stdout.split()
    assert outcome == "ResponseTooLargeError", done.stdout
    assert float(elapsed) < 5.0
    assert int(peak_kib) < 500 * 1024, f"peak RSS {int(peak_kib) // 1024} MiB"
