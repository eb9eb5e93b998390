"""The test kit's engine, copied verbatim into the generated package's ``testing`` package (whose
``__init__`` the generator writes: ``FakeApi`` and the stub classes of the API's operations).
This ``__init__`` is not copied: it only makes the folder a package where it lives."""
