"""Tests of the hand-written OpenAPI document (spec/openapi.yaml)."""
