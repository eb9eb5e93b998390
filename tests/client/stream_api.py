"""A small hand-written client over ``generator.runtime`` (as the generated ones are written) with
one operation of each streaming kind, for the runtime's streaming tests; also run in a
subprocess to measure memory (``python -m tests.client.stream_api``)."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from generator.runtime._async_client import AsyncClientBase
from generator.runtime._base_client import SyncClientBase
from generator.runtime._binary import AsyncBinaryResponse, BinaryResponse, request_binary, request_binary_async
from generator.runtime._exceptions import _Mismatch
from generator.runtime._settings import Config
from generator.runtime._streamed import streaming_async, streaming_sync
from generator.runtime._streaming import AsyncStream, Stream, request_events, request_events_async
from generator.runtime._transport import Operation, RequestOptions
from generator.runtime._types import UNSET
from generator.runtime._uploads import encode_upload


@dataclass
class Delta:
    text: str


@dataclass
class Finish:
    reason: str


Event = Delta | Finish


def decode_event(data: Any) -> Event:
    """The event union, decoded by its discriminator ``type``."""
    kind = data["type"]
    if kind == "delta":
        return Delta(data["text"])
    if kind == "finish":
        return Finish(data["reason"])
    raise ValueError(f"unknown event type {kind!r}")


def check_event(data: Any) -> None:
    if not isinstance(data, dict):
        raise _Mismatch("", "expected object")
    if data.get("type") not in ("delta", "finish"):
        raise _Mismatch("type", "expected one of 'delta', 'finish'")


@dataclass
class Thing:
    name: str

    @classmethod
    def from_dict(cls, data: Any) -> Thing:
        return cls(data["name"])


EVENTS = Operation(name="streamEvents", method="GET", path="/events", idempotent=True, response="sse")
CHAT = Operation(name="chat", method="POST", path="/chat", idempotent=False, content_type="application/json")
DOWNLOAD = Operation(name="download", method="GET", path="/files/{id}", idempotent=True, response="binary")
UPLOAD_RAW = Operation(
    name="uploadRaw",
    method="POST",
    path="/raw",
    idempotent=False,
    content_type="application/octet-stream",
    encoding="raw",
    upload=encode_upload,
)
UPLOAD_FORM = Operation(
    name="uploadForm",
    method="POST",
    path="/form",
    idempotent=False,
    content_type="multipart/form-data",
    encoding="multipart",
    upload=encode_upload,
)
GET_THING = Operation(name="getThing", method="GET", path="/thing", idempotent=True)


def make_config(base_url: str, **options: Any) -> Config:
    return Config(
        token=None,
        base_url=httpx.URL(base_url),
        timeout=httpx.Timeout(options.pop("timeout", 5.0)),
        max_retries=options.pop("max_retries", 2),
        header_options=(),
        require_token=False,
        **options,
    )


def _args(body: Any = UNSET) -> dict[str, Any]:
    return {"path": {}, "query": {}, "headers": {}, "body": body, "options": RequestOptions()}


class SyncApi(SyncClientBase):
    def __init__(self, base_url: str, **options: Any) -> None:
        self._setup(make_config(base_url, **options), None)
        self.with_streaming_response = SyncApiStreaming(self)

    def events(self) -> Stream[Event]:
        return request_events(self, EVENTS, decode=decode_event, check=check_event, **_args())

    def chat_stream(self, *, text: str) -> Stream[Event]:
        body = {"text": text, "stream": True}
        return request_events(self, CHAT, decode=decode_event, check=check_event, **_args(body))

    def download(self, *, id: str) -> BinaryResponse:
        args = _args()
        args["path"] = {"id": id}
        return request_binary(self, DOWNLOAD, **args)

    def upload_raw(self, *, body: Any) -> Any:
        return self._request(UPLOAD_RAW, decode=None, **_args(body))

    def upload_form(self, *, file: Any, title: str = "t") -> Any:
        return self._request(UPLOAD_FORM, decode=None, **_args({"file": file, "title": title}))

    def get_thing(self) -> Thing:
        return self._request(GET_THING, decode=Thing.from_dict, **_args())


class SyncApiStreaming:
    def __init__(self, client: SyncApi) -> None:
        self.events = streaming_sync(client.events)
        self.download = streaming_sync(client.download)
        self.get_thing = streaming_sync(client.get_thing)


class AsyncApi(AsyncClientBase):
    def __init__(self, base_url: str, **options: Any) -> None:
        self._setup(make_config(base_url, **options), None)
        self.with_streaming_response = AsyncApiStreaming(self)

    async def events(self) -> AsyncStream[Event]:
        return await request_events_async(self, EVENTS, decode=decode_event, check=check_event, **_args())

    async def chat_stream(self, *, text: str) -> AsyncStream[Event]:
        body = {"text": text, "stream": True}
        return await request_events_async(self, CHAT, decode=decode_event, check=check_event, **_args(body))

    async def download(self, *, id: str) -> AsyncBinaryResponse:
        args = _args()
        args["path"] = {"id": id}
        return await request_binary_async(self, DOWNLOAD, **args)

    async def upload_raw(self, *, body: Any) -> Any:
        return await self._request(UPLOAD_RAW, decode=None, **_args(body))

    async def upload_form(self, *, file: Any, title: str = "t") -> Any:
        return await self._request(UPLOAD_FORM, decode=None, **_args({"file": file, "title": title}))

    async def get_thing(self) -> Thing:
        return await self._request(GET_THING, decode=Thing.from_dict, **_args())


class AsyncApiStreaming:
    def __init__(self, client: AsyncApi) -> None:
        self.events = streaming_async(client.events)
        self.download = streaming_async(client.download)
        self.get_thing = streaming_async(client.get_thing)


def _peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def _rss_kib() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


class _Sampler(threading.Thread):
    """The largest resident set seen while the transfer runs (sampled every 2 ms)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak = _rss_kib()
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(0.002):
            self.peak = max(self.peak, _rss_kib())


async def _run_async(action: str, url: str, path: str) -> int:
    async with AsyncApiContext(url) as api:
        if action == "download":
            binary = await api.download(id="big")
            return await binary.write_to_file(path)
        if action == "upload-raw":
            await api.upload_raw(body=Path(path))
        else:
            await api.upload_form(file=Path(path))
        return os.path.getsize(path)


class AsyncApiContext:
    def __init__(self, url: str) -> None:
        self.api = AsyncApi(url, timeout=60.0, max_retries=0)

    async def __aenter__(self) -> AsyncApi:
        return self.api

    async def __aexit__(self, *exc: object) -> None:
        await self.api.close()


def main(argv: list[str]) -> int:
    """``FLAVOUR ACTION URL PATH``: download the big file to PATH (``download``; or into memory:
    ``download-read``), or upload PATH (``upload-raw``, ``upload-form``); prints the resident
    set (KiB) before, its peak during the transfer, and the bytes moved, as JSON."""
    flavour, action, url, path = argv
    api = SyncApi(url, timeout=60.0, max_retries=0, max_response_bytes=1 << 30)
    baseline = _rss_kib()
    sampler = _Sampler()
    sampler.start()
    if action == "download-read":  # the control: read whole into memory
        size = len(api.download(id="big").read())
        moved = size
    elif flavour == "async":
        moved = asyncio.run(_run_async(action, url, path))
    elif action == "download":
        with api.download(id="big") as binary:
            moved = binary.write_to_file(path)
    elif action == "upload-raw":
        api.upload_raw(body=Path(path))
        moved = os.path.getsize(path)
    else:
        with open(path, "rb") as file:
            api.upload_form(file=("big.bin", file, "application/octet-stream"))
        moved = os.path.getsize(path)
    api.close()
    sampler.stop.set()
    sampler.join()
    peak = max(sampler.peak, _rss_kib())
    print(json.dumps({"baseline_kib": baseline, "peak_kib": peak, "ru_maxrss_kib": _peak_kib(), "bytes": moved}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
