"""A trace step's state changes for people, in the reader's language.

A :class:`~judgekit.engine.trace.StateChange` keeps the engine's keys (``P1.main``, ``stun``,
``battle``); in English a change reads as :meth:`~judgekit.engine.trace.StateChange.describe` writes it,
in Japanese each key is named as the board and the sentences name it: a zone by the rulebook's term for
it (from the step's board), a phase or step by the game's catalog, a marker, number or counter by the
interface's words (``炎の剣士（P1-01）のダメージ: 0 → 300``).
"""

from __future__ import annotations

from judgekit.engine.trace import BoardView, ChangeKind, Scalar, StateChange
from judgekit.i18n import N_, Language, translations
from judgekit.render.sentences import key_word, part_name, zone_name

ATTRIBUTES: dict[str, str] = {
    "zone": N_("zone"),
    "order": N_("order"),
    "face_down": N_("face down"),
    "controller": N_("controller"),
    "damage": N_("damage"),
    "stun": N_("stun"),
    "poison": N_("poison"),
    "dull": N_("dull"),
    "frozen": N_("frozen"),
    "acted": N_("action right used"),
    "restricted": N_("attack restricted"),
    "level": N_("level"),
    "pips": N_("pips"),
    "die": N_("die"),
    "all": N_("all"),
    "cp": N_("CP"),
    "lp": N_("LP"),
    "gauge": N_("joker gauge"),
    "walls": N_("walls"),
    "crystals": N_("crystals"),
    "winning_ticket": N_("winning ticket"),
    "energy": N_("energy"),
    "assist": N_("assist"),
    "entered": N_("turn it entered"),
    "base": N_("base BP"),
    "event": N_("event played"),
    "joker": N_("joker used"),
}
"""What changed (a change's attribute, lower-cased) → its name (message ids)."""

TURN_ATTRIBUTES: dict[str, str] = {
    "turn": N_("turn"),
    "turn_player": N_("turn player"),
    "phase": N_("phase"),
    "step": N_("the step"),
}
"""What changed in the game's turn → its name (message ids)."""


def change_text(change: StateChange, language: Language, game: str = "", board: BoardView | None = None) -> str:
    """``change`` for people in ``language`` (``board``: the step's board, which names the zones)."""
    if language == "en":
        return change.describe()
    words = translations(language)
    attribute = _attribute(change, language, game)
    before = _value(change, change.before, language, game, board)
    after = _value(change, change.after, language, game, board)
    if change.subject == "game":
        return words.gettext("{attribute}: {before} → {after}").format(attribute=attribute, before=before, after=after)
    return words.gettext("{label} ({subject}) {attribute}: {before} → {after}").format(
        label=change.label, subject=change.subject, attribute=attribute, before=before, after=after
    )


def _attribute(change: StateChange, language: Language, game: str) -> str:
    words = translations(language)
    name = change.attribute
    if change.kind is ChangeKind.TURN and name in TURN_ATTRIBUTES:
        return words.gettext(TURN_ATTRIBUTES[name])
    if name.startswith("counter:"):
        return words.gettext("{name} counter").format(name=name.removeprefix("counter:"))
    if name.startswith("energy:"):
        attribute = key_word(name.removeprefix("energy:"), "attribute", language, game)
        return words.gettext("energy ({attribute})").format(attribute=attribute)
    found = ATTRIBUTES.get(name.lower())
    if found is not None:
        return words.gettext(found)
    if change.kind is ChangeKind.FLAG:
        return key_word(name, "action", language, game)
    return name


def _value(change: StateChange, value: Scalar, language: Language, game: str, board: BoardView | None) -> str:
    words = translations(language)
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return words.gettext("yes") if value else words.gettext("no")
    if change.kind is ChangeKind.TURN and change.attribute in ("phase", "step") and isinstance(value, str):
        return part_name(game, change.attribute, value, language)
    if change.kind is ChangeKind.MOVE and change.attribute == "zone" and isinstance(value, str) and board is not None:
        return _zone(value, language, game, board)
    return str(value)


def _zone(zone: str, language: Language, game: str, board: BoardView) -> str:
    """A zone key (``P1.main``, or a shared zone's ``waiting``) by the rulebook's name for it, with its owner."""
    player, _, name = zone.rpartition(".")
    for p in board.players:
        if p.id == player:
            for z in p.zones:
                if z.name == name:
                    return zone_name(player, z.label or name, language, game)
    for z in board.shared:
        if z.name == zone:
            return zone_name("", z.label or zone, language, game)
    return zone
