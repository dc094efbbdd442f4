"""What every game's scenario support shares: the support object, the common checks, the run loop.

A game's ``support`` module supplies its pieces (scenario model, decision and chance kinds, semantic
checks, lay-out, board expectations, template) and builds its ``SUPPORT`` as a :class:`Support`.
The pieces that are the same for every game live here: the checks on the play list, card keys and
rejections; the run from the laid-out board to the trace; and the check of a zone's cards.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from pydantic import TypeAdapter

from judgekit.engine import Card, EndKind, Engine, Inputs, Outcome, Player, Preset, ScriptedInput, Trace, zone_id
from judgekit.errors import AmbiguityError, DecisionNeeded, ScenarioError
from judgekit.games import Run
from judgekit.i18n import gettext as _
from judgekit.message import Message, Sentence, msg
from judgekit.scenario import ChanceEntry, DecisionEntry, Rejection, Scenario

Problems = list[tuple[str, str]]
"""Semantic problems of a scenario: (key, what was expected) pairs."""


@dataclass(frozen=True, slots=True)
class Support:
    """The scenario runner's view of one game (:class:`judgekit.games.GameSupport`), made of the game's pieces."""

    id: str
    """Game id."""
    scenario_model: type
    """The scenario model (a pydantic dataclass)."""
    preset_module: str
    """The module holding the game's ``PRESET`` (imported when first asked for)."""
    decisions: tuple[str, ...]
    """Every decision kind the engine can ask a player for."""
    chances: tuple[str, ...]
    """Every chance kind the engine can ask for."""
    checks: Callable[[Any], Problems]
    """The checks the schema cannot make, on a scenario model."""
    runner: Callable[[Scenario], Run]
    """Lays out the starting board and plays the scenario."""
    board: Callable[[Any, Run], list[str]]
    """Failed board expectations of a scenario model after a run."""
    template_text: str
    """The commented template scenario, with ``{name}`` for its name."""

    def model(self) -> type:
        """The scenario model."""
        return self.scenario_model

    def adapter(self) -> TypeAdapter[Any]:
        """A (cached) validator for the scenario model."""
        return _adapter(self.scenario_model)

    def preset(self) -> Preset:
        """The game's rule functions."""
        preset: Preset = importlib.import_module(self.preset_module).PRESET
        return preset

    def decision_kinds(self) -> Sequence[str]:
        """Every decision and chance kind."""
        return self.decisions + self.chances

    def validate(self, scenario: Any) -> Problems:
        """Checks beyond the schema."""
        assert isinstance(scenario, self.scenario_model)
        return self.checks(scenario)

    def run(self, scenario: Scenario) -> Run:
        """Lay out the starting board and play the scenario."""
        return self.runner(scenario)

    def findings(self, scenario: Scenario, run: Run) -> list[str]:
        """Failed board expectations."""
        return self.board(scenario.model, run)

    def template(self, name: str) -> str:
        """A commented template scenario."""
        return self.template_text.replace("{name}", name)


@cache
def _adapter(model: type) -> TypeAdapter[Any]:
    return TypeAdapter(model)


# --- checks every game makes -------------------------------------------------------------------


def said(sentence: Message) -> str:
    """A scenario problem's words in the command line's language. A game words its checks of a
    scenario as messages under its own prefix (``dc.problem.unit_hp``) so the Japanese follows the
    rulebook's terms; a problem stays text, so ``--format json`` and the English are as before."""
    from judgekit.i18n import cli_language
    from judgekit.render.sentences import render

    return render(sentence, cli_language())


def unknown_cards(base: str, refs: Iterable[tuple[str, str]], cards: Mapping[str, object]) -> Problems:
    """The card references (where, key) under ``base`` that name no key of ``[cards]``."""
    template = _("a key of [cards] ({keys}); found {found}")
    return [
        (f"{base}.{where}", template.format(keys=", ".join(sorted(cards)), found=repr(key)))
        for where, key in refs
        if key not in cards
    ]


def unknown_kinds(play: Sequence[object], decisions: Sequence[str], chances: Sequence[str]) -> Problems:
    """Decision and chance entries of the play list whose kind the engine never asks for."""
    out: Problems = []
    template = _("one of {options}; found {found}")
    for i, entry in enumerate(play):
        if isinstance(entry, DecisionEntry) and entry.decide not in decisions:
            out.append((f"play[{i}].decide", template.format(options=", ".join(decisions), found=repr(entry.decide))))
        if isinstance(entry, ChanceEntry) and entry.chance not in chances:
            out.append((f"play[{i}].chance", template.format(options=", ".join(chances), found=repr(entry.chance))))
    return out


def bad_rejections(rejected: Sequence[Rejection], plays: int) -> Problems:
    """Expected rejections that name no entry of the play list."""
    template = _("an index of play (0 to {last}); found {found}")
    return [
        (f"expect.rejected[{i}].play", template.format(last=plays - 1, found=r.play))
        for i, r in enumerate(rejected)
        if not 0 <= r.play < plays
    ]


# --- laying out and running --------------------------------------------------------------------


def two_players(players: Any) -> list[Player]:
    """P1 and P2 of a scenario's ``[players]``, named as it names them (or by id)."""
    return [Player("P1", players.P1.name or "P1"), Player("P2", players.P2.name or "P2")]


def play_out(
    game: str, scenario: Scenario, g: Engine, inputs: Inputs, go: Callable[[], None], ended: Callable[[], Sentence]
) -> Run:
    """Play a laid-out scenario with ``go`` and make its trace; ``ended`` says where the play list ran out."""
    outcome: Outcome
    try:
        go()
        if g.state.over:
            outcome = Outcome(EndKind.GAME_OVER, g.state.winner, g.state.result, g.refs(g.result_rules))
        else:
            outcome = Outcome(EndKind.SCRIPT_END, None, msg("kernel.script_end", where=ended()), ())
    except DecisionNeeded as exc:
        g.record_stop(exc.sentence, [exc.rule])
        outcome = Outcome(EndKind.DECISION_NEEDED, None, exc.sentence, g.refs([exc.rule]))
    except AmbiguityError as exc:
        g.record_stop(exc.sentence, exc.rules)
        outcome = Outcome(EndKind.AMBIGUITY, None, exc.sentence, g.refs(exc.rules))
    except ScenarioError as exc:
        err = exc.in_file(str(scenario.path))
        g.record_stop(str(err), [])
        outcome = Outcome(EndKind.BAD_SCRIPT, None, str(err), ())
    unused: tuple[ScriptedInput, ...] = ()
    if outcome.end in (EndKind.GAME_OVER, EndKind.SCRIPT_END):
        unused = tuple(inputs.remaining)
    trace = Trace(
        game=game,
        document=g.rulebook.document,
        version=g.rulebook.version,
        scenario=scenario.name,
        title=scenario.model.title,
        steps=tuple(g.steps),
        outcome=outcome,
    )
    return Run(trace, unused, g)


# --- board expectations ------------------------------------------------------------------------


def value_findings(key: str, checks: Iterable[tuple[str, object, object]]) -> list[str]:
    """Each (name, expected, found) whose expectation is given and not met."""
    return [
        f"{key}.{name}: expected {want!r}; found {got!r}"
        for name, want, got in checks
        if want is not None and want != got
    ]


def zone_findings(
    i: int, zone: str, keys: Sequence[str], count: int | None, cards: Sequence[str] | None, ordered: bool
) -> list[str]:
    """Failed expectations of ``expect.zones[i]``: the count and the cards (in order when ``ordered``)."""
    out: list[str] = []
    where = f"expect.zones[{i}] ({zone})"
    if count is not None and count != len(keys):
        out.append(f"{where}.count: expected {count}; found {len(keys)} ({', '.join(keys) or 'empty'})")
    if cards is not None:
        want = list(cards) if ordered else sorted(cards)
        got = list(keys) if ordered else sorted(keys)
        if want != got:
            out.append(f"{where}.cards: expected {', '.join(want) or 'none'}; found {', '.join(got) or 'none'}")
    return out


class ZoneExpectation(Protocol):
    """An ``expect.zones`` entry of a scenario (each game's format has its own model of it)."""

    @property
    def zone(self) -> str:
        """The zone id (``P2.discard``)."""

    @property
    def count(self) -> int | None:
        """How many cards it holds, if expected."""

    @property
    def cards(self) -> Sequence[str] | None:
        """The card keys it holds, if expected."""


def expected_zones(g: Engine, expected: Sequence[ZoneExpectation], ordered: tuple[str, ...]) -> list[str]:
    """Failed ``expect.zones`` entries; a zone whose id ends with one of ``ordered`` is compared in order."""
    out: list[str] = []
    for i, z in enumerate(expected):
        keys = [g.card(iid).key for iid in g.state.zones[z.zone]]
        out += zone_findings(i, z.zone, keys, z.count, z.cards, z.zone.endswith(ordered))
    return out


class Layout:
    """Lays out a scenario's starting board: new cards, each player's numbered ``P1-01``, ``P1-02``, … in order."""

    def __init__(self, g: Engine, names: Mapping[str, str], serials: dict[str, int] | None = None) -> None:
        self.g = g
        """The engine the cards go into."""
        self.names = names
        """Card key → the card's name."""
        self.serials = {} if serials is None else serials
        """Player → how many of their cards are numbered so far (shared with the engine when it numbers more)."""

    def new(
        self,
        pid: str,
        key: str,
        zone: str,
        *,
        face_down: bool = False,
        markers: Mapping[str, int] | None = None,
        numbers: Mapping[str, int] | None = None,
        host: str | None = None,
        role: str | None = None,
    ) -> Card:
        """A new card ``key`` owned and controlled by ``pid``, put at the bottom of ``pid``'s ``zone``."""
        self.serials[pid] = self.serials.get(pid, 0) + 1
        card = Card(
            f"{pid}-{self.serials[pid]:02d}",
            key,
            self.names[key],
            pid,
            pid,
            zone_id(pid, zone),
            face_down=face_down,
            markers=dict(sorted((markers or {}).items())),
            numbers=dict(sorted((numbers or {}).items())),
            attached_to=host,
            role=role,
        )
        return self.g.place_new(card)
