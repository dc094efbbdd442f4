"""A stack of cards and abilities waiting to resolve, and the priority window that drives it.

Games with a stack keep it as one shared ordered zone of the state (the top is index 0, as in
every ordered zone): a card being cast moves there itself; an ability gets a pseudo-card made by
:meth:`~judgekit.engine.game.Engine.create`, so the board snapshot shows what waits to resolve.
:class:`Stack` keeps, beside the zone, what each object on it is (:class:`StackItem`).

:func:`run_priority` is the priority window: players receive priority in turn; each either acts
(and the passes in succession start over), passes, or had an illegal action undone (which changes
nothing, not even the passes so far). When every player has passed in succession the top of the
stack resolves, or, when the stack is empty, the window closes. What happens just before a player
receives priority (rule processing, putting triggered abilities on the stack), what a player may
do and how an object resolves are the game's (:class:`PriorityHost`); the kernel only keeps the
order. Nothing here cites a rule: the game's rule functions that drive the window do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from judgekit.engine.state import Card

if TYPE_CHECKING:
    from judgekit.engine.game import Engine


@dataclass(frozen=True, slots=True)
class StackItem:
    """One object on the stack: a card being cast, or an ability."""

    iid: str
    """Instance id of the object in the stack zone: the card itself, or the ability's pseudo-card."""
    kind: str
    """What it is, in the game's words (``summon``, ``action``, ``auto``)."""
    controller: str
    """Id of the player who controls it."""
    source: str
    """Instance id of the card it comes from (for a card on the stack: the card itself)."""
    label: str
    """The object for people (``ファイア``, ``クラウド's auto ability``)."""
    payload: object
    """What it does, in the game's effect vocabulary (and what was declared when it was put there)."""
    targets: tuple[str, ...] = ()
    """What it chose when it was put on the stack (instance ids or player ids), in order."""
    is_card: bool = False
    """Whether the object is a card (it stays in the stack zone until the game moves it) rather than an
    ability (whose pseudo-card is taken out of the game when it leaves the stack)."""


class Stack:
    """The objects on one shared stack zone, top first."""

    def __init__(self, engine: Engine, zone: str = "stack") -> None:
        self._engine = engine
        self.zone = zone
        """The id of the shared zone that holds the stack."""
        self._items: dict[str, StackItem] = {}

    def items(self) -> list[StackItem]:
        """The objects on the stack, top first (what an effect moved away is no longer listed)."""
        return [self._items[i] for i in self._engine.state.zones[self.zone] if i in self._items]

    def top(self) -> StackItem | None:
        """The object on top, or None when the stack is empty."""
        found = self.items()
        return found[0] if found else None

    def is_empty(self) -> bool:
        """Whether nothing waits to resolve."""
        return not self.items()

    def __len__(self) -> int:
        return len(self.items())

    def get(self, iid: str) -> StackItem | None:
        """The object ``iid`` if it is on the stack."""
        return self._items.get(iid) if iid in self._engine.state.zones[self.zone] else None

    def push_card(
        self,
        iid: str,
        kind: str,
        controller: str,
        label: str,
        payload: object,
        targets: tuple[str, ...] = (),
    ) -> StackItem:
        """Move a card onto the top of the stack (a recorded move) and remember what it is."""
        self._engine.move(iid, self.zone, top=True, face_down=False)
        item = StackItem(iid, kind, controller, iid, label, payload, targets, is_card=True)
        self._items[iid] = item
        return item

    def push_ability(
        self,
        kind: str,
        controller: str,
        source: str,
        label: str,
        payload: object,
        targets: tuple[str, ...] = (),
    ) -> StackItem:
        """Put an ability on top of the stack as a pseudo-card (a recorded move) and remember what it is."""
        iid = f"S{self._engine.serial()}"
        owner = controller
        self._engine.create(
            Card(iid=iid, key="", name=f"[{label}]", owner=owner, controller=controller, zone=self.zone)
        )
        item = StackItem(iid, kind, controller, source, label, payload, targets, is_card=False)
        self._items[iid] = item
        return item

    def retarget(self, iid: str, targets: tuple[str, ...]) -> StackItem:
        """Change what an object on the stack chose (an effect that changes targets)."""
        item = self._items[iid]
        new = StackItem(
            item.iid, item.kind, item.controller, item.source, item.label, item.payload, targets, item.is_card
        )
        self._items[iid] = new
        return new

    def take(self, iid: str) -> StackItem:
        """Forget the object ``iid`` (it resolved or was removed). An ability's pseudo-card leaves the game
        (a recorded move); a card stays in the stack zone for the game to move where it goes."""
        item = self._items.pop(iid)
        if not item.is_card and iid in self._engine.state.cards:
            self._engine.remove(iid)
        return item


class Answer(StrEnum):
    """What a player did with priority."""

    PASS = "pass"
    """The player passed priority."""
    ACT = "act"
    """The player did something: the passes in succession start over."""
    UNDONE = "undone"
    """The player's action was illegal and was undone: as if nothing happened, the passes so far still count."""


class PriorityHost(Protocol):
    """What the priority window needs from a game."""

    def before_priority(self, player: str) -> None:
        """What happens each time ``player`` would receive priority (rule processing, triggered abilities)."""

    def act(self, player: str) -> tuple[Answer, str]:
        """``player`` holds priority and acts, passes or is undone; with the player who holds priority next."""

    def stack_empty(self) -> bool:
        """Whether the stack is empty."""

    def resolve_top(self) -> str:
        """Resolve the object on top of the stack; the player who receives priority next."""

    def player_count(self) -> int:
        """How many players must pass in succession."""


def run_priority(host: PriorityHost, first: str) -> None:
    """Hand priority round from ``first`` until every player passes in succession with the stack empty."""
    holder = first
    passes = 0
    while True:
        host.before_priority(holder)
        answer, nxt = host.act(holder)
        if answer is Answer.ACT:
            passes = 0
        elif answer is Answer.PASS:
            passes += 1
            if passes >= host.player_count():
                passes = 0
                if host.stack_empty():
                    return
                nxt = host.resolve_top()
        holder = nxt


__all__ = ["Answer", "PriorityHost", "Stack", "StackItem", "run_priority"]
