"""The kernel's game in progress: state, recording primitives, decisions, triggers, effects, trace.

A game's engine subclasses :class:`Engine` and drives the game with its rule functions. Every
state change goes through a primitive here, which records ``before → after``; :meth:`Engine.record`
then closes a :class:`~judgekit.engine.trace.TraceStep` with the pending changes, the cited rules
and a snapshot of the board — python-chess's ``push``: before → action → cited rules → after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from judgekit.engine.citations import Rulebook, RuleRef
from judgekit.engine.decisions import DecisionRequest, Inputs, ScriptedInput
from judgekit.engine.effects import ContinuousEffect
from judgekit.engine.events import DelayedTrigger, TriggerBook
from judgekit.engine.rules import Preset, RuleSpec
from judgekit.engine.state import Card, GameState, Player, Visibility, ZoneSpec, zone_id, zone_name, zone_owner
from judgekit.engine.trace import (
    BoardView,
    CardView,
    ChangeKind,
    PlayerView,
    Scalar,
    StateChange,
    StepKind,
    TraceStep,
    Waiting,
    ZoneView,
)
from judgekit.errors import AmbiguityError, IllegalActionError
from judgekit.message import CardRef, Sentence, ZoneRef, msg


class GameOver(Exception):
    """Raised to unwind the game's flow once the game has ended (internal; never reaches users)."""


class ScriptEnd(Exception):
    """Raised where the play list ran out at an action point (internal: ends the run normally)."""


class Engine:
    """A game in progress on the kernel."""

    def __init__(self, preset: Preset, state: GameState, inputs: Inputs) -> None:
        self.preset = preset
        """The game's rule functions and pinned rulebook."""
        self.state = state
        """The game state; change it only through the primitives."""
        self.inputs = inputs
        """The scenario's scripted actions, decisions and chance."""
        self.triggers = TriggerBook()
        """Triggered abilities with a trigger count of 1 or more."""
        self.delayed: list[DelayedTrigger] = []
        """Delayed triggered abilities waiting for their event (807.6)."""
        self.effects: list[ContinuousEffect] = []
        """Continuous effects made by abilities (static abilities' effects are the game's to compute)."""
        self.steps: list[TraceStep] = []
        """The trace so far."""
        self._pending: list[StateChange] = []
        self._active: list[RuleSpec] = []
        self._silent = 0
        self._citable = preset.cited_ids()
        self._serial = 0
        self.result_rules: tuple[str, ...] = ()
        """The rules cited by the result, once the game is over."""
        self.last_known: dict[str, Card] = {}
        """Cards as they last were before they left a zone the game looks back at, by instance id (the game
        keeps it: an area, the field)."""
        self._card_views: dict[str, tuple[Card, CardView]] = {}
        self._zone_views: dict[str, ZoneView] = {}
        self._player_views: dict[str, PlayerView] = {}
        self._board_view: BoardView | None = None
        self._board_key: tuple[int, int] = (-1, -1)

    @property
    def rulebook(self) -> Rulebook:
        """The pinned rulebook."""
        return self.preset.rulebook

    # --- rule functions -------------------------------------------------------------------

    def enter_rule(self, spec: RuleSpec, silent: bool) -> None:
        """A rule function starts."""
        self._active.append(spec)
        if silent:
            self._silent += 1

    def leave_rule(self, spec: RuleSpec, silent: bool) -> None:
        """A rule function ends."""
        self._active.pop()
        if silent:
            self._silent -= 1

    @property
    def checking(self) -> bool:
        """Whether a rule function runs in check-only mode (nothing may change)."""
        return self._silent > 0

    def _guard(self, what: str) -> None:
        if self._silent:
            raise RuntimeError(f"{what} during a check-only rule call")

    def _check_cites(self, cites: Sequence[str]) -> None:
        """Every cited id must be declared by one of the game's rule functions.

        Ids flow as values — a helper returns the rule that decides, an effect keeps the rules that made
        it, a trigger is resolved later under another rule function — so the check is against the game's
        declarations, not only the running functions': a test reads every rule id written in a game's code
        and proves each is declared (``tests/games/shared.py``), so no run can end here."""
        for rid in cites:
            if rid not in self._citable:
                running = ", ".join(s.name for s in self._active) or "no rule function"
                raise RuntimeError(f"rule {rid} cited but declared by no rule function of the game ({running})")

    def serial(self) -> int:
        """A fresh number for stable keys of made effects and triggers."""
        self._serial += 1
        return self._serial

    # --- recording ------------------------------------------------------------------------

    def record(
        self, kind: StepKind, actor: str, sentence: Sentence, cites: Sequence[str], play: int | None = None
    ) -> TraceStep:
        """Close a trace step: the pending changes, the cited rules and the board after."""
        self._guard("recording a step")
        self._check_cites(cites)
        return self._emit(kind, actor, sentence, cites, play)

    def _emit(
        self, kind: StepKind, actor: str, sentence: Sentence, cites: Sequence[str], play: int | None = None
    ) -> TraceStep:
        st = self.state
        step = TraceStep(
            index=len(self.steps) + 1,
            turn=st.turn,
            phase=st.phase,
            step=st.step,
            actor=actor,
            kind=kind,
            sentence=sentence,
            rules=tuple(self.rulebook.ref(r) for r in dict.fromkeys(cites)),
            changes=tuple(self._pending),
            board=self.board(),
            play=play,
        )
        self._pending = []
        self.steps.append(step)
        return step

    def record_stop(self, sentence: Sentence, cites: Sequence[str]) -> TraceStep:
        """The last step of a run that stopped (a missing decision, a rule gap)."""
        return self._emit(StepKind.STOP, "rules", sentence, cites)

    def refs(self, cites: Sequence[str]) -> tuple[RuleRef, ...]:
        """Citations of ``cites`` in the pinned rulebook."""
        return tuple(self.rulebook.ref(r) for r in cites)

    def ambiguity(self, rules: Sequence[str], gap: Sentence) -> AmbiguityError:
        """The error to raise where the rulebook is silent; its rules must be declared like citations."""
        self._check_cites(rules)
        return AmbiguityError(rules, gap)

    # --- scripted actions and the result --------------------------------------------------

    def actor(self, entry: ScriptedInput, default: str | None = None) -> str:
        """Who takes a scripted action (``default``, else the turn player, unless it says)."""
        return entry.player or default or self.state.turn_player

    def reject(self, entry: ScriptedInput, err: IllegalActionError, also: Sequence[str] = (), who: str = "") -> None:
        """Record that the rules reject a scripted action (by ``who`` if given, else its actor); nothing else
        changes."""
        pid = who or self.actor(entry)
        self.record(
            StepKind.REJECTED,
            pid,
            msg("kernel.rejected", player=self.name(pid), action=entry.name, reason=err.reason),
            [err.rule, *err.also, *also],
            play=entry.index,
        )

    def finish(self, winner: str | None, message: Sentence, cites: Sequence[str]) -> GameOver:
        """End the game: record the result (its rules added to any an earlier result cited); triggered
        abilities waiting to be used are forgotten. ``winner`` is a player id, ``DRAW`` when the game ends in a
        draw, or None when it ends without being played. The caller raises the returned GameOver."""
        self.state.over = True
        self.state.winner = winner
        self.state.result = message
        self.triggers.clear()
        self.record(StepKind.RESULT, "rules", message, cites)
        self.result_rules = tuple(dict.fromkeys([*self.result_rules, *cites]))
        return GameOver(message)

    # --- players and cards ----------------------------------------------------------------

    def name(self, pid: str) -> str:
        """A player's display name."""
        return self.state.players[pid].name

    def card(self, iid: str) -> Card:
        """The card instance ``iid``."""
        return self.state.cards[iid]

    def label(self, iid: str) -> str:
        """The card for sentences: ``name (P2.main)``, as it last was if it has left; its id if unknown."""
        c = self.state.cards.get(iid) or self.last_known.get(iid)
        if c is None:
            return iid
        return f"{c.name} ({c.zone})"

    def cref(self, iid: str) -> CardRef:
        """The card for a sentence's parameter: its name and zone, as it last was if it has left."""
        c = self.state.cards.get(iid) or self.last_known.get(iid)
        if c is None:
            return CardRef(iid, "", "", "")
        return CardRef(c.name, zone_owner(c.zone) or "", zone_name(c.zone), self.state.spec(c.zone).label)

    def zref(self, zone: str) -> ZoneRef:
        """The zone ``zone`` (``P2.main``, or a shared zone's name) for a sentence's parameter."""
        return ZoneRef(zone_name(zone), zone_owner(zone) or "", self.state.spec(zone).label)

    def card_options(self, iids: Sequence[str]) -> dict[str, str]:
        """Option labels for choosing among cards: ``key``, ``key#2`` for a second copy (in the order given)."""
        out: dict[str, str] = {}
        seen: dict[str, int] = {}
        for iid in iids:
            key = self.state.cards[iid].key
            seen[key] = seen.get(key, 0) + 1
            out[key if seen[key] == 1 else f"{key}#{seen[key]}"] = iid
        return out

    def find(self, pid: str, zone: str, key: str) -> str | None:
        """A card in ``pid``'s ``zone`` by key (``key#2`` for the second copy, in zone order; cards attached to
        another are passed over), or None."""
        iids = [i for i in self.state.zones[zone_id(pid, zone)] if self.state.cards[i].attached_to is None]
        return self.card_options(iids).get(key)

    # --- primitives -----------------------------------------------------------------------

    def _change(
        self, kind: ChangeKind, subject: str, label: str, attribute: str, before: Scalar, after: Scalar
    ) -> None:
        self.state.version += 1
        self._pending.append(StateChange(kind, subject, label, attribute, before, after))

    def add_effect(self, effect: ContinuousEffect) -> None:
        """Start a continuous effect made by an ability."""
        self._guard("adding an effect")
        self.state.version += 1
        self.effects.append(effect)

    def end_effect(self, key: str) -> None:
        """End the continuous effect ``key``."""
        self._guard("ending an effect")
        self.state.version += 1
        self.effects = [e for e in self.effects if e.key != key]

    def create(self, card: Card) -> Card:
        """Bring a new object into a zone during play (a pseudo-card for an ability, 804.2a)."""
        self._guard("creating a card")
        card = replace(card, since=self.tick())
        self.state.cards[card.iid] = card
        self.state.zones[card.zone].insert(0, card.iid)
        self._change(ChangeKind.MOVE, card.iid, card.name, "zone", None, card.zone)
        return card

    def remove(self, iid: str) -> None:
        """Take an object out of the game (a resolved ability's pseudo-card, 804.2c-3)."""
        self._guard("removing a card")
        card = self.state.cards.pop(iid)
        self.state.zones[card.zone].remove(iid)
        self._change(ChangeKind.MOVE, iid, card.name, "zone", card.zone, None)

    def tick(self) -> int:
        """Advance the timestamp clock and return it."""
        self.state.clock += 1
        return self.state.clock

    def place_new(self, card: Card, *, bottom: bool = True) -> Card:
        """Put a new card instance into the game (laying out the starting board); records no change."""
        self._guard("placing a card")
        self.state.version += 1
        card = replace(card, since=self.tick())
        self.state.cards[card.iid] = card
        zone = self.state.zones[card.zone]
        if bottom:
            zone.append(card.iid)
        else:
            zone.insert(0, card.iid)
        return card

    def move(
        self, iid: str, to_zone: str, *, top: bool = True, face_down: bool | None = None, keep_markers: bool = True
    ) -> Card:
        """Move a card to the top (or bottom) of ``to_zone``; a new object there unless it says otherwise."""
        self._guard("moving a card")
        st = self.state
        card = st.cards[iid]
        st.zones[card.zone].remove(iid)
        if top:
            st.zones[to_zone].insert(0, iid)
        else:
            st.zones[to_zone].append(iid)
        new = replace(card, zone=to_zone, since=self.tick())
        if not keep_markers:
            new = replace(new, markers={})
        if face_down is not None:
            new = replace(new, face_down=face_down)
        st.cards[iid] = new
        self._change(ChangeKind.MOVE, iid, card.name, "zone", card.zone, to_zone)
        if face_down is not None and face_down != card.face_down:
            self._change(ChangeKind.FACE, iid, card.name, "face_down", card.face_down, face_down)
        if not keep_markers:
            for name, n in sorted(card.markers.items()):
                if n:
                    self._change(ChangeKind.MARKER, iid, card.name, name, n, 0)
        return new

    def reorder(self, zone: str, iids: Sequence[str]) -> None:
        """Put the cards of ``zone`` in the order ``iids`` (top first); a permutation of what is there."""
        self._guard("reordering a zone")
        current = self.state.zones[zone]
        if sorted(current) != sorted(iids):
            raise ValueError(f"{zone}: not a permutation")
        if list(iids) != current:
            self._change(ChangeKind.MOVE, zone, zone, "order", " ".join(current), " ".join(iids))
            self.state.zones[zone] = list(iids)

    def turn_face(self, iid: str, face_down: bool) -> Card:
        """Turn a card face down or face up."""
        self._guard("turning a card")
        card = self.state.cards[iid]
        if card.face_down == face_down:
            return card
        new = replace(card, face_down=face_down)
        self.state.cards[iid] = new
        self._change(ChangeKind.FACE, iid, card.name, "face_down", card.face_down, face_down)
        return new

    def set_marker(self, iid: str, name: str, count: int) -> Card:
        """Set the number of ``name`` markers on a card."""
        self._guard("changing markers")
        card = self.state.cards[iid]
        before = card.markers.get(name, 0)
        count = max(0, count)
        if before == count:
            return card
        markers = {k: v for k, v in card.markers.items() if k != name}
        if count:
            markers[name] = count
        new = replace(card, markers=dict(sorted(markers.items())))
        self.state.cards[iid] = new
        self._change(ChangeKind.MARKER, iid, card.name, name, before, count)
        return new

    def add_marker(self, iid: str, name: str, count: int = 1) -> Card:
        """Put ``count`` more ``name`` markers on a card."""
        return self.set_marker(iid, name, self.state.cards[iid].markers.get(name, 0) + count)

    def remove_marker(self, iid: str, name: str, count: int | None = None) -> Card:
        """Take ``count`` (default: all) ``name`` markers off a card."""
        have = self.state.cards[iid].markers.get(name, 0)
        return self.set_marker(iid, name, 0 if count is None else have - count)

    def set_controller(self, iid: str, pid: str, zone: str | None = None) -> Card:
        """Give control of a card to ``pid``: the same object with the same timestamp, kept in its zone or put in
        ``zone`` (the new controller's side of a per-player zone) without becoming a new object."""
        self._guard("changing control")
        st = self.state
        card = st.cards[iid]
        if card.controller == pid:
            return card
        new = replace(card, controller=pid)
        if zone is not None and zone != card.zone:
            st.zones[card.zone].remove(iid)
            st.zones[zone].append(iid)
            new = replace(new, zone=zone)
        st.cards[iid] = new
        self._change(ChangeKind.CONTROL, iid, card.name, "controller", card.controller, pid)
        return new

    def set_number(self, iid: str, name: str, value: int) -> Card:
        """Set a number kept on a card."""
        self._guard("changing a number")
        card = self.state.cards[iid]
        before = card.numbers.get(name)
        if before == value:
            return card
        new = replace(card, numbers=dict(sorted({**card.numbers, name: value}.items())))
        self.state.cards[iid] = new
        self._change(ChangeKind.NUMBER, iid, card.name, name, before, value)
        return new

    def attach(self, iid: str, host: str, role: str, *, face_down: bool = False) -> Card:
        """Attach a card to ``host`` as ``role``; it goes to the host's zone (905.1)."""
        self._guard("attaching a card")
        host_card = self.state.cards[host]
        card = self.state.cards[iid]
        if card.zone != host_card.zone:
            card = self.move(iid, host_card.zone, top=False, face_down=face_down)
        elif card.face_down != face_down:
            card = self.turn_face(iid, face_down)
        new = replace(card, attached_to=host, role=role)
        self.state.cards[iid] = new
        self._change(ChangeKind.ATTACH, iid, card.name, role, card.attached_to, host)
        return new

    def detach(self, iid: str) -> Card:
        """Undo an attachment (the card stays where it is)."""
        self._guard("detaching a card")
        card = self.state.cards[iid]
        if card.attached_to is None:
            return card
        new = replace(card, attached_to=None, role=None)
        self.state.cards[iid] = new
        self._change(ChangeKind.ATTACH, iid, card.name, card.role or "attached", card.attached_to, None)
        return new

    def set_counter(self, pid: str, name: str, value: int) -> Player:
        """Set a player-level counter."""
        self._guard("changing a counter")
        player = self.state.players[pid]
        before = player.counters.get(name, 0)
        if before == value:
            return player
        counters = {k: v for k, v in player.counters.items() if k != name}
        if value:
            counters[name] = value
        new = replace(player, counters=dict(sorted(counters.items())))
        self.state.players[pid] = new
        self._change(ChangeKind.COUNTER, pid, player.name, name, before, value)
        return new

    def set_flag(self, pid: str, name: str, value: int) -> None:
        """Set a per-turn flag of a player (once-per-turn bookkeeping)."""
        self._guard("changing a flag")
        key = f"{pid}:{name}"
        before = self.state.flags.get(key, 0)
        if before == value:
            return
        if value:
            self.state.flags[key] = value
        else:
            self.state.flags.pop(key, None)
        self._change(ChangeKind.FLAG, pid, self.state.players[pid].name, name, before, value)

    def clear_flags(self) -> None:
        """Forget every per-turn flag (a new turn)."""
        self._guard("clearing flags")
        for key in sorted(self.state.flags):
            pid, name = key.split(":", 1)
            self._change(ChangeKind.FLAG, pid, self.state.players[pid].name, name, self.state.flags[key], 0)
        self.state.flags.clear()

    def set_turn(self, turn: int, player: str) -> None:
        """Start turn ``turn`` with ``player`` as the turn player."""
        self._guard("changing the turn")
        st = self.state
        if st.turn != turn:
            self._change(ChangeKind.TURN, "game", "game", "turn", st.turn, turn)
            st.turn = turn
        if st.turn_player != player:
            self._change(ChangeKind.TURN, "game", "game", "turn_player", st.turn_player, player)
            st.turn_player = player

    def set_phase(self, phase: str, step: str = "") -> None:
        """Enter a phase (and step)."""
        self._guard("changing the phase")
        st = self.state
        if st.phase != phase:
            self._change(ChangeKind.TURN, "game", "game", "phase", st.phase, phase)
            st.phase = phase
        if st.step != step:
            self._change(ChangeKind.TURN, "game", "game", "step", st.step, step)
            st.step = step

    # --- decisions ------------------------------------------------------------------------

    def decide(self, request: DecisionRequest, sentence: Sentence = "") -> tuple[str, ...]:
        """Take the scenario's answer to ``request`` and record it; raises DecisionNeeded when missing."""
        self._guard("asking a decision")
        self._check_cites([request.rule])
        entry = self.inputs.take_decision(request)
        kind = StepKind.CHANCE if request.chance else StepKind.DECISION
        actor = request.player or "chance"
        choice = tuple(entry.choice) or msg("kernel.none")
        text = sentence or msg("kernel.decided", prompt=request.prompt, choice=choice)
        self.record(kind, actor, text, [request.rule], play=entry.index)
        return entry.choice

    def take_action(self, waiting_for: str) -> ScriptedInput | None:
        """The next scripted action, or None when the script is over."""
        return self.inputs.take_action(waiting_for)

    # --- board ----------------------------------------------------------------------------

    def card_numbers(self, card: Card) -> tuple[tuple[str, int], ...]:
        """Numbers of a card worth showing on the board; games override (HP, damage)."""
        return tuple(sorted(card.numbers.items()))

    def board(self) -> BoardView:
        """A snapshot of the visible board.

        A view that did not change since the last snapshot is reused, the same object: a card's while the
        card instance, its numbers and attached cards are the same; a zone's, a player's and the board's
        while all their parts are. So a step that changed little costs little, and the difference from
        the board before (:func:`judgekit.engine.board_delta.board_delta`) is found by identity.

        A step that changed nothing (``state.version`` and the continuous effects as at the last snapshot:
        about half the steps, a decision, a rejected action, an announcement) reuses the last board without
        building a view or computing a number: what the board shows comes from the state and the effects,
        whose every change goes through a primitive that bumps ``state.version`` (a game's
        :meth:`card_numbers` may read nothing else, as its characteristics caches already assume), and from
        :meth:`waiting_view`, asked at every step."""
        st = self.state
        key = (st.version, len(self.effects))
        last = self._board_view
        if last is not None and key == self._board_key and self.reuse_boards:
            waiting = self.waiting_view()
            if waiting != last.waiting:
                last = self._board_view = replace(last, waiting=waiting)
            return last
        self._board_key = key
        players = []
        for pid, player in st.players.items():
            zones = tuple(self._zone_view(zone_id(pid, spec.name), spec) for spec in st.zone_specs if not spec.shared)
            counters = tuple(sorted(player.counters.items()))
            old = self._player_views.get(pid)
            if old is None or old.name != player.name or old.counters != counters or not _same(old.zones, zones):
                old = self._player_views[pid] = PlayerView(pid, player.name, counters, zones)
            players.append(old)
        shared = tuple(self._zone_view(spec.name, spec) for spec in st.zone_specs if spec.shared)
        waiting = self.waiting_view()
        last_waiting = self._board_view.waiting if self._board_view is not None else ()
        board = BoardView(
            st.turn,
            st.turn_player,
            st.phase,
            st.step,
            tuple(players),
            shared,
            waiting if waiting != last_waiting else last_waiting,
        )
        last = self._board_view
        if last is not None and _same_board(last, board):
            return last
        self._board_view = board
        return board

    reuse_boards = True
    """Whether :meth:`board` may reuse the last snapshot when nothing changed (tests turn it off to prove that
    a trace is the same either way)."""

    def waiting_view(self) -> tuple[Waiting, ...]:
        """Abilities and effects waiting to be resolved that the board should show; games override (a game whose
        waiting abilities are in a zone shows them there)."""
        return ()

    def _zone_view(self, zone: str, spec: ZoneSpec) -> ZoneView:
        st = self.state
        iids = st.zones[zone]
        old = self._zone_views.get(zone)
        if spec.visibility is Visibility.HIDDEN or not iids:  # no card shown
            if old is not None and old.count == len(iids) and not old.cards:
                return old
            view = ZoneView(spec.name, spec.label, spec.visibility is Visibility.PUBLIC, len(iids), ())
        else:
            present = set(iids)
            tops: list[str] = []
            attached: dict[str, list[str]] = {}
            for iid in iids:
                host = st.cards[iid].attached_to
                if host is not None and host in present:
                    attached.setdefault(host, []).append(iid)
                else:
                    tops.append(iid)
            cards = tuple(self._card_view(iid, attached) for iid in tops)
            if old is not None and old.count == len(iids) and _same(old.cards, cards):
                return old
            view = ZoneView(spec.name, spec.label, spec.visibility is Visibility.PUBLIC, len(iids), cards)
        self._zone_views[zone] = view
        return view

    def _card_view(self, iid: str, attached: dict[str, list[str]]) -> CardView:
        """The view of card ``iid`` with the cards attached to it (``attached``: host → its cards in zone order)."""
        card = self.state.cards[iid]
        numbers = self.card_numbers(card)
        under = tuple(self._card_view(i, attached) for i in attached.get(iid, ()))
        cached = self._card_views.get(iid)
        if cached is not None and cached[0] is card:
            view = cached[1]
            if view.numbers == numbers and _same(view.attached, under):
                return view
        view = CardView(
            iid=card.iid,
            key=card.key,
            name=card.name,
            face_down=card.face_down,
            numbers=numbers,
            markers=tuple(sorted((k, v) for k, v in card.markers.items() if v)),
            role=card.role,
            attached=under,
        )
        self._card_views[iid] = (card, view)
        return view


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether two tuples hold the same objects (identity, not equality)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _same_board(a: BoardView, b: BoardView) -> bool:
    """Whether two boards have the same turn, phase and step, and the same player and zone views."""
    if (a.turn, a.turn_player, a.phase, a.step, a.waiting) != (b.turn, b.turn_player, b.phase, b.step, b.waiting):
        return False
    return _same(a.players, b.players) and _same(a.shared, b.shared)


__all__ = ["Engine", "GameOver", "ScriptEnd", "zone_name", "zone_owner"]
