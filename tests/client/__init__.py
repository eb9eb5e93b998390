"""Tests of the generated client: its runtime (generator/runtime) and the generated package."""
