"""Issue 38: ``from_dict`` of a model with optional members looks its answer's shape up (the runtime's
``_SHAPES``: the class and the types of the members read -> the length of an answer holding just
those members and no null) instead of testing each member. The look-up must never hide what the
tests per member found: a null, an unknown member, an object or array where a scalar is declared,
whatever shapes were read before; and the table stays bounded whatever the answers.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from botpress_client import _serde, models

from generator.runtime import _serde as runtime_serde

META: dict[str, Any] = {"index": 1, "id": "col_1", "searchable": True, "order": 1}


def test_shape_is_the_length_of_an_answer_without_nulls() -> None:
    class Model:
        pass

    # required scalar int, optional scalars str and None (absent), optional model member None
    sig = (Model, int, str, type(None), type(None))
    assert runtime_serde._shape(sig, 1, 3, 4) == 2
    assert runtime_serde._SHAPES[sig] == 2
    # the non-scalar members (after ``scalars``) may hold objects and arrays
    assert runtime_serde._shape((Model, int, str, bool, dict), 1, 3, 4) == 4


@pytest.mark.parametrize("position", [1, 2, 3])
@pytest.mark.parametrize("kind", [dict, list])
def test_shape_refuses_an_object_or_array_where_a_scalar_is_declared(position: int, kind: type) -> None:
    class Named:
        pass

    sig = [Named, int, str, bool, type(None)]
    sig[position] = kind
    with pytest.raises(TypeError, match=r"^Named: an object or array where a scalar member is declared$"):
        runtime_serde._shape(tuple(sig), 1, 3, 4)
    assert tuple(sig) not in runtime_serde._SHAPES  # a refused shape is never remembered


def test_shapes_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime_serde, "_SHAPES", {})
    monkeypatch.setattr(runtime_serde, "_SHAPES_MAX", 8)

    classes = [type(f"M{n}", (), {}) for n in range(50)]
    for cls in classes:
        assert runtime_serde._shape((cls, int), 1, 1, 1) == 1
        assert 1 <= len(runtime_serde._SHAPES) <= 8


def test_a_null_read_after_the_same_members_without_it_is_recorded() -> None:
    plain = models.ColumnMetadata.from_dict(META)
    assert plain.fields_set == {"index", "id", "searchable", "order"} and not plain.extra_members
    with_null = models.ColumnMetadata.from_dict({**META, "hidden": None})
    assert with_null.hidden is None and "hidden" in with_null.fields_set
    assert with_null.to_dict() == {**META, "hidden": None}
    # the null where the usual answer has a value: the types read are those of an absent member
    swapped = {**META, "id": None}
    assert models.ColumnMetadata.from_dict(swapped).to_dict() == swapped


def test_an_unknown_member_read_after_the_usual_answer_is_kept() -> None:
    models.ColumnMetadata.from_dict(META)
    read = models.ColumnMetadata.from_dict({**META, "new": [1, {"a": 2}]})
    assert read.extra_members == {"new": [1, {"a": 2}]}
    assert read.to_dict() == {**META, "new": [1, {"a": 2}]}


@pytest.mark.parametrize("member", ["index", "id", "searchable"])
@pytest.mark.parametrize("value", [{"an": "object"}, ["a", "list"]])
def test_an_object_or_array_for_a_scalar_is_refused_after_the_usual_answer(member: str, value: Any) -> None:
    models.ColumnMetadata.from_dict(META)
    with pytest.raises(TypeError, match="ColumnMetadata: an object or array where a scalar member is declared"):
        models.ColumnMetadata.from_dict({**META, member: value})


def test_a_model_member_holding_an_object_is_no_scalar() -> None:
    computed = {"action": "ai", "dependencies": ["a", "b"]}
    read = models.ColumnMetadata.from_dict({**META, "computed": computed})
    assert isinstance(read.computed, models.ComputedDefinition)
    assert read.to_dict() == {**META, "computed": computed}


def test_a_scalar_of_another_python_type_given_by_hand_is_kept() -> None:
    # from_dict on a mapping built by hand: lenient, any value that is no object or array is kept
    read = models.ColumnMetadata.from_dict({**META, "width": Decimal("1.5"), "order": None})
    assert read.width == Decimal("1.5") and read.order is None and "order" in read.fields_set


def test_the_package_uses_the_runtime_table() -> None:
    models.ColumnMetadata.from_dict(META)
    assert any(sig[0] is models.ColumnMetadata for sig in _serde._SHAPES)
