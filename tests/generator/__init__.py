"""Tests of the generator: loading, building, writing, the command line and its output."""
