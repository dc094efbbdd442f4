"""A board built from nothing: what :meth:`judgekit.engine.Engine.board`, which reuses the views of what did not
change, must always equal (the trace-format tests and the fuzz harness compare them at every step)."""

from __future__ import annotations

from judgekit.engine import BoardView, CardView, Engine, PlayerView, ZoneView
from judgekit.engine.state import Visibility, zone_id


def fresh_board(g: Engine) -> BoardView:
    """The visible board built from nothing, every view new (what :meth:`Engine.board` must equal)."""
    st = g.state

    def card(iid: str, zone: list[str]) -> CardView:
        c = st.cards[iid]
        markers = tuple(sorted((k, v) for k, v in c.markers.items() if v))
        attached = tuple(card(i, zone) for i in zone if st.cards[i].attached_to == iid)
        return CardView(c.iid, c.key, c.name, c.face_down, g.card_numbers(c), markers, c.role, attached)

    def zone(zid: str) -> ZoneView:
        spec = st.spec(zid)
        iids = st.zones[zid]
        if spec.visibility is Visibility.HIDDEN:
            return ZoneView(spec.name, spec.label, False, len(iids), ())
        tops = [i for i in iids if st.cards[i].attached_to not in iids]
        cards = tuple(card(i, iids) for i in tops)
        return ZoneView(spec.name, spec.label, spec.visibility is Visibility.PUBLIC, len(iids), cards)

    players = tuple(
        PlayerView(
            pid,
            p.name,
            tuple(sorted(p.counters.items())),
            tuple(zone(zone_id(pid, s.name)) for s in st.zone_specs if not s.shared),
        )
        for pid, p in st.players.items()
    )
    shared = tuple(zone(s.name) for s in st.zone_specs if s.shared)
    return BoardView(st.turn, st.turn_player, st.phase, st.step, players, shared, g.waiting_view())
