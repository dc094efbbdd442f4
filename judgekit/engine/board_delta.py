"""A step's board as its difference from the board before: how ``judgekit.trace/2`` keeps boards small.

A serialized trace holds the board after the first step whole (:meth:`BoardView.to_json`) and,
in every later step, only what changed on the visible board since the step before
(:func:`board_delta`, under the step's ``board_delta`` key)::

    {"turn": 5, "phase": "main",                       # only the board fields that changed
     "counters": {"P1": {"charges": 1}},               # a player's counters, whole, when they changed
     "zones": {"P1.deck": {"count": 4},                # a zone that changed: its count and shown cards
               "P1.main": {"count": 2, "cards": ["P1-04", {"iid": "P1-09", ...}]}}}

A zone is named by its id (``P1.hand``; a shared zone by its name) and written with its count and
the cards it shows (``cards`` left out when none, as in a whole board); a card shown in the same
zone of the board before, unchanged (its attached cards too), is written as its instance id. A
zone's name, label and visibility never change. Keys come in a fixed order (the board's fields,
then players and zones in board order), so the same boards always give the same text; ``{}`` is a
step that changed nothing visible. :func:`trace_boards` rebuilds the board of every step, and
:func:`upgrade_trace_json` reads a trace of the older format ``judgekit.trace/1``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from judgekit.engine.trace import (
    TRACE_FORMAT,
    BoardView,
    CardView,
    Home,
    PlayerView,
    ZoneView,
    rule_from_json,
    rule_json,
    waiting_from_json,
)


def board_delta(before: BoardView, after: BoardView) -> dict[str, Any]:
    """What changed from ``before`` to ``after``, as plain data (``{}`` when nothing did).

    Both boards must have the same players and zones (a game's are fixed); unchanged parts are
    found by identity first, so a board that reuses the views of the one before costs little."""
    out: dict[str, Any] = {}
    if after is before:
        return out
    for name in ("turn", "turn_player", "phase", "step"):
        if getattr(after, name) != getattr(before, name):
            out[name] = getattr(after, name)
    if len(after.players) != len(before.players) or len(after.shared) != len(before.shared):
        raise ValueError("the boards have different players or shared zones")
    counters: dict[str, dict[str, int]] = {}
    zones: dict[str, dict[str, Any]] = {}
    for old_player, new_player in zip(before.players, after.players, strict=True):
        if new_player is old_player:
            continue
        if (new_player.id, new_player.name) != (old_player.id, old_player.name):
            raise ValueError(f"player {old_player.id} became {new_player.id} ({new_player.name})")
        if new_player.counters != old_player.counters:
            counters[new_player.id] = dict(new_player.counters)
        for old_zone, new_zone in zip(old_player.zones, new_player.zones, strict=True):
            if new_zone is not old_zone and new_zone != old_zone:
                zones[f"{new_player.id}.{new_zone.name}"] = _zone_delta(old_zone, new_zone)
    for old_zone, new_zone in zip(before.shared, after.shared, strict=True):
        if new_zone is not old_zone and new_zone != old_zone:
            zones[new_zone.name] = _zone_delta(old_zone, new_zone)
    if counters:
        out["counters"] = counters
    if zones:
        out["zones"] = zones
    if after.waiting != before.waiting:
        out["waiting"] = [list(w) for w in after.waiting]
    return out


def _zone_delta(before: ZoneView, after: ZoneView) -> dict[str, Any]:
    if (after.name, after.label, after.public) != (before.name, before.label, before.public):
        raise ValueError(f"zone {before.name} became {after.name} ({after.label}, public {after.public})")
    shown = {card.iid: card for card in before.cards}
    out: dict[str, Any] = {"count": after.count}
    if after.cards:
        out["cards"] = [card.iid if shown.get(card.iid) == card else card.to_json() for card in after.cards]
    return out


def apply_board_delta(before: BoardView, delta: Mapping[str, Any]) -> BoardView:
    """The board after a step: ``before`` with the step's :func:`board_delta` applied (parts it does not
    name are the same objects as in ``before``)."""
    if not delta:
        return before
    counters: Mapping[str, Mapping[str, int]] = delta.get("counters", {})
    zones: Mapping[str, Mapping[str, Any]] = delta.get("zones", {})
    known = {p.id for p in before.players}
    unknown = [pid for pid in counters if pid not in known]
    if unknown:
        raise ValueError(f"a board delta names counters of no player on the board: {', '.join(unknown)}")
    used: set[str] = set()
    players = []
    for player in before.players:
        zone_views = []
        for zone in player.zones:
            zid = f"{player.id}.{zone.name}"
            if zid in zones:
                used.add(zid)
                zone_views.append(_apply_zone(zone, zones[zid]))
            else:
                zone_views.append(zone)
        new_counters = tuple(counters[player.id].items()) if player.id in counters else player.counters
        if new_counters == player.counters and all(a is b for a, b in zip(zone_views, player.zones, strict=True)):
            players.append(player)
        else:
            players.append(PlayerView(player.id, player.name, new_counters, tuple(zone_views)))
    shared = []
    for zone in before.shared:
        if zone.name in zones:
            used.add(zone.name)
            shared.append(_apply_zone(zone, zones[zone.name]))
        else:
            shared.append(zone)
    if len(used) != len(zones):
        raise ValueError(f"a board delta names zones not on the board: {', '.join(z for z in zones if z not in used)}")
    return BoardView(
        turn=delta.get("turn", before.turn),
        turn_player=delta.get("turn_player", before.turn_player),
        phase=delta.get("phase", before.phase),
        step=delta.get("step", before.step),
        players=tuple(players),
        shared=tuple(shared),
        waiting=waiting_from_json(delta["waiting"]) if "waiting" in delta else before.waiting,
    )


def _apply_zone(zone: ZoneView, data: Mapping[str, Any]) -> ZoneView:
    shown = {card.iid: card for card in zone.cards}
    cards = []
    for item in data.get("cards", ()):
        if isinstance(item, str):
            if item not in shown:
                raise ValueError(f"a board delta keeps card {item} of {zone.name}, which was not shown there")
            cards.append(shown[item])
        else:
            cards.append(CardView.from_json(item))
    return ZoneView(zone.name, zone.label, zone.public, int(data["count"]), tuple(cards))


def step_boards(steps: Sequence[Mapping[str, Any]]) -> Iterator[BoardView]:
    """The board after each serialized step, in order: the first step's ``board`` whole, every later one
    rebuilt from its ``board_delta`` (or read whole from a ``board``, as ``judgekit.trace/1`` wrote every
    step)."""
    board: BoardView | None = None
    for step in steps:
        if "board" in step:
            board = BoardView.from_json(step["board"])
        elif board is None:
            raise ValueError(f"step {step.get('index')}: a board delta with no whole board before it")
        else:
            board = apply_board_delta(board, step.get("board_delta", {}))
        yield board


def trace_boards(data: Mapping[str, Any]) -> list[BoardView]:
    """The board after every step of a serialized trace (``judgekit.trace/2``, or ``/1`` with a whole board in
    each step): what the engine's board was at each step."""
    return list(step_boards(data.get("steps", [])))


OLD_FORMAT = "judgekit.trace/1"
"""The format before :data:`~judgekit.engine.trace.TRACE_FORMAT`: every step's board whole, every citation in
full."""


def upgrade_trace_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """A ``judgekit.trace/1`` trace's plain data as ``judgekit.trace/2`` would hold it (boards as differences,
    citations of the pinned rulebook as ids, changes as lists, cards and zones without their empty fields);
    other data as it is."""
    if data.get("format") != OLD_FORMAT:
        return dict(data)
    home: Home = (data["game"], data["document"], data["version"])
    boards = trace_boards(data)

    def rules(items: Sequence[Any]) -> list[Any]:
        return [rule_json(rule_from_json(r, home), home) for r in items]

    steps = []
    for i, (step, board) in enumerate(zip(data["steps"], boards, strict=True)):
        out = {k: v for k, v in step.items() if k != "board"}
        out["rules"] = rules(step.get("rules", []))
        out["changes"] = [_change(c) for c in step.get("changes", [])]
        if i:
            out["board_delta"] = board_delta(boards[i - 1], board)
        else:
            out["board"] = board.to_json()
        steps.append(out)
    outcome = {**data["outcome"], "rules": rules(data["outcome"].get("rules", []))}
    return {**data, "format": TRACE_FORMAT, "outcome": outcome, "steps": steps}


def _change(data: Any) -> Any:
    """A state change as ``/2`` writes it (``/1`` wrote an object)."""
    if isinstance(data, Mapping):
        return [data[k] for k in ("kind", "subject", "label", "attribute", "before", "after")]
    return data
