"""Random play of a rules engine, with the properties every play must keep.

One *play* is: a random legal starting board, built from one of the game's hand-written
scenarios with its cards swapped for others of the same kind from the game's card vocabulary
(every card defined by any of its scenarios), then random actions (legal and illegal) and answers
to the decisions and chance the engine asks for, made up while the engine runs and recorded as the
scenario's play list. The recorded play is a scenario like any other: it is validated with the
game's scenario model, written as TOML, loaded back and replayed through the ordinary runner.

Properties checked on every play (:func:`play`):

- no exception escapes the engine: a run ends with the game, the play list, a decision it needs
  or a gap it names; an illegal action is a rejected step;
- every cited id exists in the pinned rulebook and is declared by a rule function (the engine
  itself refuses a citation its running rule functions did not declare);
- cards are conserved after every step: each card is in exactly one zone, none vanishes or
  appears except an ability's pseudo-card made and removed by the engine, an attached card lies
  in its host's zone;
- the same input gives a byte-identical trace (the live run, and the written scenario run twice);
- every step's board, made by reusing the views of what did not change, equals a board built
  afresh, and the board of every step rebuilt from the JSON trace (the first whole, then the
  differences) equals the live run's;
- an action the engine's rule function calls legal in check-only mode is accepted when played,
  and one it calls illegal is rejected.

Randomness comes from a :class:`Chooser`: hypothesis's data in the tests (so a failure shrinks
to a small play), a seeded ``random.Random`` in ``bench/fuzz.py`` (so a seed names a play).
"""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import tomli_w
from pydantic import TypeAdapter

from judgekit.engine import (
    ChangeKind,
    DecisionRequest,
    EndKind,
    Engine,
    InputKind,
    Inputs,
    PickMode,
    RuleRole,
    ScriptedInput,
    StepKind,
    Trace,
)
from judgekit.engine.board_delta import trace_boards
from judgekit.engine.rules import RuleSpec
from judgekit.errors import AmbiguityError
from judgekit.games import GAMES, game_support
from judgekit.games.coverage import document_nodes
from judgekit.render.sentences import english
from judgekit.scenario import SCENARIOS_DIR, Scenario, scripted_inputs, trace_text
from tests.engine.boards import fresh_board

Raw = dict[str, Any]
"""A scenario (or part of one) as plain TOML data."""


class Chooser(Protocol):
    """Where a play's randomness comes from."""

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""


class RandomChooser:
    """Randomness from a seeded ``random.Random``: a seed names one play."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""
        return self.rng.randrange(n)


def pick(ch: Chooser, options: Sequence[Any]) -> Any:
    """One of ``options`` (which must not be empty)."""
    return options[ch.below(len(options))]


def chance(ch: Chooser, percent: int) -> bool:
    """True ``percent`` times in a hundred."""
    return ch.below(100) < percent


def some(ch: Chooser, options: Sequence[Any], low: int, high: int) -> list[Any]:
    """Between ``low`` and ``high`` distinct options, in a random order."""
    pool = list(options)
    n = low + ch.below(max(0, min(high, len(pool)) - low) + 1) if len(pool) >= low else len(pool)
    out = []
    for _ in range(n):
        out.append(pool.pop(ch.below(len(pool))))
    return out


# --- the card vocabulary and starting boards -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Base:
    """A hand-written scenario whose starting board a play starts from."""

    name: str
    """The scenario's file stem."""
    raw: Raw
    """Its TOML data."""


@dataclass(frozen=True, slots=True)
class VocabCard:
    """A card definition of the game's vocabulary."""

    origin: str
    """The scenario that defines it."""
    key: str
    """Its key there."""
    raw: Raw
    """The definition."""
    needs: tuple[str, ...]
    """Keys of other cards of the same scenario its definition names (tokens, cards it searches for)."""


def kind_of(card: Raw) -> tuple[str, ...]:
    """What a card may be swapped with: the same type (and command class, colour of magic, …)."""
    return tuple(str(card.get(k, "")) for k in ("type", "command", "kind"))


@cache
def bases(game: str) -> tuple[Base, ...]:
    """The game's hand-written scenarios (not the fuzz ones), sorted by name."""
    out = []
    for path in sorted((SCENARIOS_DIR / game).glob("*.toml")):
        if path.stem.startswith("fuzz-"):
            continue
        out.append(Base(path.stem, tomllib.loads(path.read_text(encoding="utf-8"))))
    return tuple(out)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@cache
def vocabulary(game: str) -> dict[tuple[str, ...], tuple[VocabCard, ...]]:
    """Every card the game's scenarios define, by kind."""
    out: dict[tuple[str, ...], list[VocabCard]] = {}
    for base in bases(game):
        cards: Raw = base.raw.get("cards", {})
        for key, card in sorted(cards.items()):
            needs = tuple(sorted({s for s in _strings(card) if s in cards and s != key}))
            out.setdefault(kind_of(card), []).append(VocabCard(base.name, key, card, needs))
    return {k: tuple(v) for k, v in out.items()}


def _closure(game: str, vc: VocabCard) -> dict[str, Raw]:
    cards: Raw = next(b.raw for b in bases(game) if b.name == vc.origin)["cards"]
    out = {vc.key: vc.raw}
    todo = list(vc.needs)
    while todo:
        key = todo.pop()
        if key in out:
            continue
        out[key] = cards[key]
        todo += [s for s in _strings(cards[key]) if s in cards and s not in out]
    return out


def add_card(game: str, cards: Raw, ch: Chooser, wanted: Callable[[Raw], bool]) -> str | None:
    """Add a card of the vocabulary that ``wanted`` accepts (with the cards it names) to ``cards``; its key."""
    candidates = [vc for kind in vocabulary(game).values() for vc in kind if wanted(vc.raw)]
    for _ in range(5):
        if not candidates:
            return None
        vc: VocabCard = pick(ch, candidates)
        new = _closure(game, vc)
        if all(cards.get(k, v) == v for k, v in new.items()):
            cards.update(new)
            return vc.key
    return None


_CARD_FIELDS = ("card", "assist", "king")
"""Keys of the players' tables whose string value is a card key (besides plain lists of keys)."""


def starting_board(game: str, ch: Chooser) -> Raw:
    """A random starting board: a hand-written scenario's, its cards swapped for others of the same kind."""
    base = pick(ch, bases(game))
    raw: Raw = json.loads(json.dumps(base.raw))
    cards: Raw = raw["cards"]
    vocab = vocabulary(game)
    swaps: dict[str, str] = {}

    def swap(key: str) -> str:
        if key not in cards or not chance(ch, 35):
            return key
        if key in swaps and chance(ch, 70):
            return swaps[key]
        candidates = vocab.get(kind_of(cards[key]), ())
        for _ in range(3):
            vc: VocabCard = pick(ch, candidates)
            new = _closure(game, vc)
            if all(cards.get(k, v) == v for k, v in new.items()):
                cards.update(new)
                swaps[key] = vc.key
                return vc.key
        return key

    def walk(value: Any, parent: str) -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            items = [walk(v, parent) for v in value]
            if items and all(isinstance(v, str) and v in cards for v in items) and chance(ch, 30):
                items.pop(ch.below(len(items)))
            return items
        if isinstance(value, str) and parent in (*_CARD_FIELDS, "hand", "deck", "discard", "ko", "trigger", "jokers"):
            return swap(value)
        return value

    raw["players"] = walk(raw["players"], "")
    raw["title"] = f"random play from {base.name}"
    raw["question"] = "What happens when random actions and decisions are played from this board?"
    raw["ruling"] = "Found by random play (tests/fuzz)."
    for key in ("notes", "tags", "differs", "play", "expect"):
        raw.pop(key, None)
    raw["expect"] = {}
    return raw


# --- driving the engine ------------------------------------------------------------------------


@dataclass
class Ctx:
    """What an action generator sees: the engine, the acting player, the randomness."""

    g: Engine
    """The engine, as the game stands."""
    pid: str
    """Who acts."""
    ch: Chooser
    """The randomness."""
    cards: Raw
    """The scenario's card definitions."""

    @property
    def opp(self) -> str:
        """The other player."""
        return "P2" if self.pid == "P1" else "P1"

    def keys(self, zones: Sequence[str], pid: str | None = None, types: Sequence[str] = ()) -> list[str]:
        """Card keys as a scenario names them (``key``, ``key#2``) in ``pid``'s ``zones``; only cards of ``types``
        when given."""
        st = self.g.state
        out: list[str] = []
        for z in zones:
            iids = [i for i in st.zones.get(f"{pid or self.pid}.{z}", []) if st.cards[i].attached_to is None]
            out += [
                k
                for k, iid in self.g.card_options(iids).items()
                if not types or self.cards.get(st.cards[iid].key, {}).get("type") in types
            ]
        return out

    def cost(self, key: str) -> int:
        """The printed cost of the card ``key`` (``key#2`` too), 0 when it has none."""
        cost = self.cards.get(key.split("#")[0], {}).get("cost", 0)
        return cost if isinstance(cost, int) else 0

    def qualified(self, zones: Sequence[str]) -> list[str]:
        """Cards of either player as ``P2/key``."""
        return [f"{p}/{k}" for p in ("P1", "P2") for k in self.keys(zones, p)]

    def names(self, zones: Sequence[str], pid: str | None = None) -> list[str]:
        """Names of the abilities (skills, EX powers, …) of the cards in ``pid``'s ``zones``, attached ones too."""
        st = self.g.state
        out: list[str] = []
        for z in zones:
            for iid in st.zones.get(f"{pid or self.pid}.{z}", []):
                out += _ability_names(self.cards.get(st.cards[iid].key, {}))
        return sorted(set(out))

    def one(self, pool: Sequence[str], junk: str = "nothing") -> str:
        """One of ``pool``, or now and then (and always when it is empty) a name that is not there."""
        if not pool or chance(self.ch, 5):
            return junk
        return str(pick(self.ch, pool))

    def several(self, pool: Sequence[str], low: int, high: int) -> list[str]:
        """Some of ``pool``."""
        return [str(x) for x in some(self.ch, pool, low, high)]


def _ability_names(card: Raw) -> list[str]:
    out: list[str] = []

    def walk(value: Any, depth: int) -> None:
        if isinstance(value, dict):
            name = value.get("name")
            if depth > 0 and isinstance(name, str):
                out.append(name)
            for v in value.values():
                walk(v, depth + 1)
        elif isinstance(value, list):
            for v in value:
                walk(v, depth + 1)

    walk(card, 0)
    return out


ActionMaker = Callable[[Ctx], Raw]
"""Makes the parameters of one action (without ``do`` and ``by``)."""


@dataclass(frozen=True, slots=True)
class GameFuzz:
    """How to play one game at random."""

    game: str
    """The game id."""
    package: str
    """Its package under ``judgekit.games``."""
    actions: Mapping[str, ActionMaker]
    """Every action of its scenario format, by ``do`` name."""
    moving_on: tuple[str, ...]
    """Actions that move the game on (end a phase, pass), played more often."""
    needs_by: tuple[str, ...] = ("concede",)
    """Actions whose ``by`` is required."""
    likely: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Words of an action point's description (``attack declaration``) or a phase → the actions that belong
    there, played more often there."""
    complete: Callable[[Raw, Chooser], None] | None = None
    """Adds what a legal board of the game needs and a hand-written scenario may leave out."""
    wrong_player: int = 15
    """How often (in a hundred) another player than the one the engine waits for acts."""

    @property
    def action_adapter(self) -> TypeAdapter[Any]:
        """Validates one action as the scenario loader does."""
        return _action_adapter(self.package)


@cache
def _action_adapter(package: str) -> TypeAdapter[Any]:
    fmt = importlib.import_module(f"judgekit.games.{package}.format")
    return TypeAdapter(fmt.Action)


_WHO = re.compile(r"^(P[12])'s ")
"""The acting player at the start of an action point's description (``P1's main-phase action``)."""


class WatchedInputs(Inputs):
    """Scripted inputs that remember the action taken last, for the check-only property."""

    def __init__(self, entries: Sequence[ScriptedInput]) -> None:
        super().__init__(entries)
        self.engine: Engine | None = None
        """The engine (set once the board is laid out)."""
        self.last_action: ScriptedInput | None = None
        """The action taken last, until a rule function has handled it."""

        self.findings: list[str] = []
        """Broken properties seen at action points."""
        self.quiet_steps = 0
        """Trace steps since the engine last asked for an action or a decision."""

    def take_action(self, waiting_for: str) -> ScriptedInput | None:
        """The next action; where a player acts, the board must be settled (no card attached to one elsewhere)."""
        if self.engine is not None and _WHO.match(waiting_for):
            self.findings += [f"at {waiting_for}: {p}" for p in _orphans(self.engine)]
        self.quiet_steps = 0
        entry = super().take_action(waiting_for)
        self.last_action = entry
        return entry

    def take_decision(self, request: DecisionRequest) -> ScriptedInput:
        """The next decision."""
        self.quiet_steps = 0
        return super().take_decision(request)


class LiveInputs(WatchedInputs):
    """Inputs made up while the engine runs: each action and answer is drawn when the engine asks, and kept."""

    def __init__(self, fuzz: GameFuzz, ch: Chooser, cards: Raw, budget: int) -> None:
        super().__init__([])
        self.fuzz = fuzz
        self.ch = ch
        self.cards = cards
        self.budget = budget
        """How many more actions to make up."""
        self.raw: list[Raw] = []
        """The play list so far, as TOML data (parallel to the entries)."""
        self._deciding = False

    @property
    def consumed(self) -> list[Raw]:
        """The play list the run used: an action only looked at and never taken is not part of it, a refused
        answer to a decision is."""
        refused = self._next < len(self._entries) and self._entries[self._next].kind is not InputKind.ACTION
        return self.raw[: self._next + refused]

    def _drop_unused(self) -> None:
        del self._entries[self._next :]
        del self.raw[self._next :]

    def _make_action(self, waiting_for: str) -> None:
        g = self.engine
        if g is None or self.budget <= 0:
            return
        self.budget -= 1
        ch = self.ch
        m = _WHO.match(waiting_for)
        tp = g.state.turn_player or "P1"
        default = m.group(1) if m else tp
        pid = ("P2" if default == "P1" else "P1") if chance(ch, self.fuzz.wrong_player) else default
        names = list(self.fuzz.actions)
        likely = next(
            (v for k, v in self.fuzz.likely.items() if k in waiting_for),
            self.fuzz.likely.get(g.state.phase, ()),
        )
        if likely and chance(ch, 85):
            name = pick(ch, likely)
        elif chance(ch, 30):
            name = pick(ch, self.fuzz.moving_on)
        else:
            name = pick(ch, names)
        if name == "concede" and not chance(ch, 10):
            name = pick(ch, self.fuzz.moving_on)
        params = self.fuzz.actions[name](Ctx(g, pid, ch, self.cards))
        raw: Raw = {"do": name, **{k: v for k, v in params.items() if v is not None}}
        if name in self.fuzz.needs_by or pid != default or chance(ch, 30):
            raw["by"] = pid
        payload = self.fuzz.action_adapter.validate_python(raw)
        index = len(self._entries)
        self._entries.append(ScriptedInput(index, InputKind.ACTION, name, raw.get("by"), (), payload))
        self.raw.append(raw)

    def peek(self) -> ScriptedInput | None:
        """The next action, made up if there is none yet."""
        if self._next >= len(self._entries) and not self._deciding:
            self._make_action("")
        return super().peek()

    def take_action(self, waiting_for: str) -> ScriptedInput | None:
        """The next action, made up for ``waiting_for`` if there is none yet."""
        if self._next >= len(self._entries):
            self._make_action(waiting_for)
        return super().take_action(waiting_for)

    def take_decision(self, request: DecisionRequest) -> ScriptedInput:
        """An answer drawn from the legal options (rarely none, or a wrong one: the run stops there)."""
        self._drop_unused()
        ch = self.ch
        opts = list(request.options)
        if chance(ch, 2):
            return self._answer(request)
        if chance(ch, 1):
            choice = ["no such option"]
        elif request.mode is PickMode.ONE:
            choice = [pick(ch, opts)] if opts else []
        elif request.mode is PickMode.ORDER:
            choice = some(ch, opts, len(opts), len(opts))
        else:
            choice = some(ch, opts, request.low, request.high)
        key, answer = ("chance", "result") if request.chance else ("decide", "choose")
        raw: Raw = {key: request.kind, answer: choice[0] if request.mode is PickMode.ONE and choice else choice}
        if request.player is not None:
            raw["by"] = request.player
        kind = InputKind.CHANCE if request.chance else InputKind.DECISION
        self._entries.append(ScriptedInput(len(self._entries), kind, request.kind, request.player, tuple(choice)))
        self.raw.append(raw)
        return self._answer(request)

    def _answer(self, request: DecisionRequest) -> ScriptedInput:
        self._deciding = True
        try:
            return super().take_decision(request)
        finally:
            self._deciding = False


# --- the properties ------------------------------------------------------------------------------


@dataclass
class Watch:
    """What the hooks saw during a live run."""

    findings: list[str] = field(default_factory=list)
    """Broken properties, one sentence each."""
    checked: dict[int, tuple[str, bool | None]] = field(default_factory=dict)
    """Play index → (rule function, its check-only verdict: legal, illegal, or None for a gap it names)."""


def _call_of(spec: RuleSpec) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    """The arguments the running rule function ``spec`` was called with (read from the registry's wrapper,
    which calls ``enter_rule`` before the function), or None."""
    frame = sys._getframe(2)
    if frame.f_code.co_name != "wrapper" or frame.f_locals.get("spec") is not spec:
        return None
    return tuple(frame.f_locals["args"]), dict(frame.f_locals["kwargs"])


RUNAWAY_STEPS = 3000
"""A run that writes this many steps without asking anything is taken to loop for ever."""


class Runaway(Exception):
    """The engine goes on without end and without asking for an action or a decision."""


def _watch(g: Engine, inputs: WatchedInputs, watch: Watch) -> None:
    """Hook the engine instance: check cards after every step, and each action's check-only verdict."""
    emit = g._emit
    enter = g.enter_rule
    known = set(g.state.cards)

    def emit_and_check(*args: Any, **kwargs: Any) -> Any:
        nonlocal known
        step = emit(*args, **kwargs)
        inputs.quiet_steps += 1
        if inputs.quiet_steps > RUNAWAY_STEPS:
            raise Runaway(
                f"{RUNAWAY_STEPS} trace steps without asking for an action or a decision"
                f" (last: {english(step.sentence)})"
            )
        made = {c.subject for c in step.changes if c.kind is ChangeKind.MOVE and c.before is None}
        gone = {c.subject for c in step.changes if c.kind is ChangeKind.MOVE and c.after is None}
        problems = _conservation(g, (known | made) - gone)
        known = set(g.state.cards)
        if step.board != fresh_board(g):
            problems.append("its board differs from the board built afresh")
        for p in problems:
            watch.findings.append(f"step {step.index} ({english(step.sentence)}): {p}")
        return step

    def enter_and_check(spec: RuleSpec, silent: bool) -> None:
        entry = inputs.last_action
        call = _call_of(spec) if not silent and spec.role is RuleRole.ACTION and entry is not None else None
        if entry is not None and call is not None and any(a is entry for a in call[0]):
            inputs.last_action = None
            args, kwargs = call
            try:
                verdict: bool | None = bool(spec.func(g, *args, **{**kwargs, "silent": True}))
            except AmbiguityError:
                verdict = None  # it names a gap: playing it must stop there
            except Exception as exc:  # a check-only call must answer, never fail
                watch.findings.append(f"{entry.where}: {spec.name} in check-only mode raised {exc!r}")
            else:
                watch.checked.setdefault(entry.index, (spec.name, verdict))
        enter(spec, silent)

    setattr(g, "_emit", emit_and_check)  # noqa: B010 (an instance hook on a method)
    setattr(g, "enter_rule", enter_and_check)  # noqa: B010


def _conservation(g: Engine, expected: set[str]) -> list[str]:
    st = g.state
    out: list[str] = []
    listed = Counter(i for iids in st.zones.values() for i in iids)
    twice = sorted(i for i, n in listed.items() if n > 1)
    if twice:
        out.append(f"cards in two places: {', '.join(twice)}")
    vanished = sorted(expected - set(listed))
    if vanished:
        out.append(f"cards vanished: {', '.join(vanished)}")
    appeared = sorted(set(listed) - expected)
    if appeared:
        out.append(f"cards appeared: {', '.join(appeared)}")
    unlisted = sorted(set(st.cards) - set(listed))
    if unlisted:
        out.append(f"cards in no zone: {', '.join(unlisted)}")
    for zone, iids in st.zones.items():
        for iid in iids:
            card = st.cards.get(iid)
            if card is None:
                out.append(f"{zone} lists {iid}, which is no card")
            elif card.zone != zone:
                out.append(f"{iid} is listed in {zone} but says it is in {card.zone}")
            elif card.attached_to is not None and card.attached_to not in st.cards:
                out.append(f"{iid} is attached to {card.attached_to}, which is no card")
    return out


def _orphans(g: Engine) -> list[str]:
    """Attached cards whose host is elsewhere: the rule processing deals with them before a player acts."""
    st = g.state
    out = []
    for iid, card in sorted(st.cards.items()):
        host = st.cards.get(card.attached_to) if card.attached_to else None
        if host is not None and host.zone != card.zone:
            out.append(f"{iid} in {card.zone} is still attached to {host.iid}, which is in {host.zone}")
    return out


@cache
def rule_ids(game: str) -> frozenset[str]:
    """Every rule id of the game's pinned rulebook."""
    preset = game_support(game).preset()
    return frozenset(rid for rid, _ in document_nodes(preset))


def _citations(game: str, trace: Trace) -> list[str]:
    preset = game_support(game).preset()
    ids = set(trace.cited_ids()) | {r.id for r in trace.outcome.rules}
    out = [f"cites {rid}, which is not in the pinned rulebook" for rid in sorted(ids - rule_ids(game))]
    out += [f"cites {rid}, which no rule function declares" for rid in sorted(ids - preset.cited_ids())]
    return out


@contextmanager
def _watched(support: Any, inputs: WatchedInputs, watch: Watch) -> Iterator[None]:
    """Run the game's ordinary runner with ``inputs`` in place of the scenario's, on a hooked engine."""
    original = support.build

    def build(sc: Any, _inputs: Inputs) -> Engine:
        g: Engine = original(sc, inputs)
        inputs.engine = g
        _watch(g, inputs, watch)
        return g

    support.build = build
    try:
        yield
    finally:
        support.build = original


def load_raw(game: str, raw: Raw, name: str) -> Scenario:
    """The scenario the loader makes of ``raw`` written as TOML and read back."""
    support = game_support(game)
    data = tomllib.loads(tomli_w.dumps(raw))
    model = support.adapter().validate_python(data)
    problems = support.validate(model)
    if problems:
        raise ValueError(f"the scenario is not valid: {problems}")
    return Scenario(Path(f"{name}.toml"), name, game, model)


@dataclass
class Play:
    """One random play and what it broke."""

    game: str
    """The game."""
    raw: Raw
    """The scenario: starting board and recorded play list."""
    trace: Trace | None = None
    """The live run's trace (None when it raised)."""
    findings: list[str] = field(default_factory=list)
    """Broken properties."""

    @property
    def ok(self) -> bool:
        """Whether every property held."""
        return not self.findings

    def toml(self) -> str:
        """The play as a scenario file."""
        return tomli_w.dumps(self.raw)


class BoardRejected(Exception):
    """The random starting board is not one the scenario format accepts (the play is not counted)."""


def run_watched(scenario: Scenario, inputs: WatchedInputs) -> tuple[Trace | None, list[str]]:
    """Run ``scenario`` with ``inputs`` on a hooked engine: its trace (None when the run raised) and every
    property the run broke (all but determinism)."""
    from judgekit.errors import ScenarioError

    game = scenario.game
    watch = Watch()
    support = importlib.import_module(GAMES[game])
    try:
        with _watched(support, inputs, watch):
            run = game_support(game).run(scenario)
    except ScenarioError as exc:
        if inputs.engine is None:  # the board itself was refused while being laid out
            raise BoardRejected(str(exc)) from exc
        return None, [f"the run raised {exc!r}"]
    except Exception as exc:
        return None, [f"the run raised {type(exc).__name__}: {exc}"]
    trace = run.trace
    findings = [*watch.findings, *dict.fromkeys(inputs.findings), *_citations(game, trace)]
    if trace.outcome.end is EndKind.BAD_SCRIPT:
        findings.append(f"the run ended on a bad script: {english(trace.outcome.message)}")
    rejected = {s.play for s in trace.steps if s.kind is StepKind.REJECTED}
    stopped = trace.outcome.end in (EndKind.DECISION_NEEDED, EndKind.AMBIGUITY)
    last = max((s.play for s in trace.steps if s.play is not None), default=-1)
    for index, (fn, legal) in sorted(watch.checked.items()):
        if legal is None:
            if trace.outcome.end is not EndKind.AMBIGUITY or index < last:
                findings.append(f"play[{index}]: {fn} named a gap in check-only mode, and the play went on")
            continue
        if stopped and index >= last:
            continue  # the run stopped while this action was being played
        if legal and index in rejected:
            findings.append(f"play[{index}]: {fn} said legal in check-only mode, and the action was rejected")
        if not legal and index not in rejected:
            findings.append(f"play[{index}]: {fn} said illegal in check-only mode, and the action was accepted")
    return trace, findings


def _determinism(scenario: Scenario, live: Trace | None) -> list[str]:
    try:
        first = trace_text(game_support(scenario.game).run(scenario).trace)
        second = trace_text(game_support(scenario.game).run(scenario).trace)
    except Exception as exc:
        return [f"the scenario does not replay: {type(exc).__name__}: {exc}"]
    out = []
    if first != second:
        out.append(f"the same scenario run twice gives two different traces: {_diff(first, second)}")
    if live is not None and first != (text := trace_text(live)):
        out.append(f"the written scenario's trace differs from the live run's: {_diff(text, first)}")
    if live is not None:
        rebuilt = trace_boards(json.loads(first))
        wrong = [s.index for s, board in zip(live.steps, rebuilt, strict=False) if s.board != board]
        if wrong or len(rebuilt) != len(live.steps):
            out.append(f"the boards rebuilt from the JSON trace differ from the live run's (steps {wrong[:5]})")
    return out


def play(fuzz: GameFuzz, ch: Chooser, *, max_actions: int = 40, name: str = "fuzz") -> Play:
    """Play one random game and check every property."""
    game = fuzz.game
    raw = starting_board(game, ch)
    if fuzz.complete is not None:
        fuzz.complete(raw, ch)
    try:
        scenario = load_raw(game, raw, name)
    except ValueError as exc:
        raise BoardRejected(str(exc)) from exc
    inputs = LiveInputs(fuzz, ch, raw["cards"], 1 + ch.below(max_actions))
    trace, findings = run_watched(scenario, inputs)
    raw["play"] = inputs.consumed
    result = Play(game, raw, trace, findings)
    if trace is not None:
        try:
            replayed = load_raw(game, raw, name)
        except Exception as exc:
            result.findings.append(f"the written scenario is not valid: {type(exc).__name__}: {exc}")
            return result
        result.findings += _determinism(replayed, trace)
    return result


def replay(scenario: Scenario) -> list[str]:
    """Every property a scenario's scripted play breaks (the fuzz-* scenarios stay fixed with this)."""
    trace, findings = run_watched(scenario, WatchedInputs(scripted_inputs(scenario.model.play)))
    return findings + (_determinism(scenario, trace) if trace is not None else [])


def _diff(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False)):
        if x != y:
            return f"line {i + 1}: {x.strip()[:160]} / {y.strip()[:160]}"
    return "one is longer"


def expect_of(p: Play) -> Raw:
    """Expectations a failure's scenario file can start from: how the run ended and what it rejected."""
    if p.trace is None:
        return {}
    out: Raw = {"end": p.trace.outcome.end.value}
    rejected = [
        {"play": s.play, "rule": s.rules[0].id} for s in p.trace.steps if s.kind is StepKind.REJECTED and s.rules
    ]
    if rejected:
        out["rejected"] = rejected
    return out
