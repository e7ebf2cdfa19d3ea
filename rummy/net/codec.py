"""Views and events back from JSON: the inverse of :func:`rummy.model.events.to_jsonable`.

The server sends a seat its :class:`~rummy.model.view.PlayerView` and its events as JSON
(cards as codes, enums as values, dataclasses as objects). A client rebuilds the same
frozen objects from it, so bots and the table scene use a remote view exactly as a local
one. Decoding follows the dataclasses' own type hints, so a new field needs no code here.

>>> from rummy.model.variant import load_variant
>>> from rummy.model.state import start_deal
>>> from rummy.model.view import view_for
>>> v = view_for(start_deal(load_variant("indian_13"), players=3, seed=2), 1)
>>> view_from_json(v.to_json(), v.variant) == v
True
>>> view_json(v) == v.to_json()
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any, Union

from rummy.model import events as events_module
from rummy.model.cards import Card, parse_card
from rummy.model.events import Event
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, part_type

EVENT_KINDS: dict[str, type[Any]] = {
    cls.kind: cls for cls in typing.get_args(Event)
}
"""Event kind (its JSON ``event`` field) -> its class."""


class DecodeError(ValueError):
    """JSON that does not match the shape of the object it should be."""


def jsonable(value: Any) -> Any:
    """The same JSON form as :func:`rummy.model.events.to_jsonable` (cards as codes, enums
    as values, dataclasses as objects), with each class's field names looked up once: the
    server writes a view per seat per action."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    names = _field_names(type(value))  # type: ignore[arg-type]
    if names is not None:
        return {name: jsonable(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


@functools.cache
def _field_names(cls: Any) -> tuple[str, ...] | None:
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


def view_json(view: PlayerView, history: bool = True) -> dict[str, Any]:
    """:meth:`PlayerView.to_json`, faster; ``history=False`` leaves the history out."""
    data: dict[str, Any] = {"variant": view.variant.id}
    for name in _field_names(PlayerView) or ():
        if name not in ("variant", "history", "part"):
            data[name] = jsonable(getattr(view, name))
    part: Any = type(view.part)
    for name in _field_names(part) or ():
        data[name] = jsonable(getattr(view.part, name))
    if history:
        data["history"] = [e.to_json() for e in view.history]
    return data


def event_from_json(data: Any) -> Event:
    """An event from its ``to_json`` form."""
    if not isinstance(data, dict) or data.get("event") not in EVENT_KINDS:
        raise DecodeError(f"not an event: {data!r:.80}")
    body = {k: v for k, v in data.items() if k != "event"}
    event: Event = _decode(EVENT_KINDS[data["event"]], body)
    return event


def view_from_json(data: Any, variant: Variant) -> PlayerView:
    """A view from :meth:`PlayerView.to_json` (``variant``: the table's, options applied;
    the JSON names only its id). A view sent without ``history`` gets an empty one."""
    if not isinstance(data, dict):
        raise DecodeError("a view is a JSON object")
    if data.get("variant") != variant.id:
        raise DecodeError(f"the view is of {data.get('variant')!r}, not {variant.id!r}")
    values: dict[str, Any] = {"variant": variant}
    hints = _hints(PlayerView)
    for field in dataclasses.fields(PlayerView):
        name = field.name
        if name in ("variant", "part"):
            continue
        if name == "history":
            values[name] = tuple(event_from_json(e) for e in data.get("history") or ())
        elif name in data:
            values[name] = _decode(hints[name], data[name])
        elif field.default is dataclasses.MISSING:
            raise DecodeError(f"the view has no {name!r}")
    # The family's part travels flattened among the shared fields (docs/protocol.md).
    part: Any = part_type(variant)
    missing = [name for name in _field_names(part) or () if name not in data]
    if missing:
        raise DecodeError(f"the {variant.family} view has no {missing[0]!r}")
    values["part"] = _decode(part, data)
    return PlayerView(**values)


@functools.cache
def _hints(cls: type[Any]) -> dict[str, Any]:
    namespace = {**vars(events_module), **vars(typing)}
    module = __import__(cls.__module__, fromlist=["_"])
    return typing.get_type_hints(cls, globalns={**namespace, **vars(module)})


def _decode(tp: Any, data: Any) -> Any:
    """``data`` (JSON) as a value of type ``tp``."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(option, data)
            except (DecodeError, ValueError, TypeError, KeyError) as err:
                errors.append(str(err))
        raise DecodeError(f"{data!r:.60} fits none of {tp}: {'; '.join(errors)}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise DecodeError(f"expected a list, got {data!r:.60}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item) for item in data)
        if len(args) != len(data):
            raise DecodeError(f"expected {len(args)} items, got {len(data)}")
        return tuple(_decode(a, item) for a, item in zip(args, data, strict=True))
    if tp is Card:
        if not isinstance(data, str):
            raise DecodeError(f"a card is a code, not {data!r:.40}")
        return parse_card(data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object for {tp.__name__}")
        hints = _hints(tp)
        values = {}
        for field in dataclasses.fields(tp):
            if not field.init:
                continue
            if field.name in data:
                values[field.name] = _decode(hints[field.name], data[field.name])
            elif (field.default is dataclasses.MISSING
                  and field.default_factory is dataclasses.MISSING):
                raise DecodeError(f"{tp.__name__} has no {field.name!r}")
        return tp(**values)
    if tp in (int, str, bool, float):
        if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
            raise DecodeError(f"expected {tp.__name__}, got {data!r:.40}")
        return data
    raise DecodeError(f"cannot read a {tp}")  # pragma: no cover - a new kind of field
