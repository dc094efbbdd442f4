"""The game-independent kernel: state, zones, card instances, decisions, events, effects, trace.

A game builds on :class:`Engine` with its rule functions (a :class:`Preset`); the kernel records
every state change and every cited rule into a :class:`Trace`.
"""

from __future__ import annotations

from judgekit.engine.citations import Rulebook, RuleRef
from judgekit.engine.decisions import DecisionRequest, InputKind, Inputs, PickMode, ScriptedInput
from judgekit.engine.effects import ContinuousEffect, ReplacementEffect, order_effects, same_time
from judgekit.engine.events import DelayedTrigger, Event, Trigger, TriggerBook
from judgekit.engine.game import Engine, GameOver, ScriptEnd
from judgekit.engine.rules import Preset, RuleRegistry, RuleRole, RuleSpec
from judgekit.engine.state import Card, GameState, Player, Visibility, ZoneSpec, zone_id, zone_name, zone_owner
from judgekit.engine.trace import (
    DRAW,
    BoardView,
    CardView,
    ChangeKind,
    EndKind,
    Outcome,
    PlayerView,
    StateChange,
    StepKind,
    Trace,
    TraceStep,
    Waiting,
    ZoneView,
)

__all__ = [
    "DRAW",
    "BoardView",
    "Card",
    "CardView",
    "ChangeKind",
    "ContinuousEffect",
    "DecisionRequest",
    "DelayedTrigger",
    "EndKind",
    "Engine",
    "Event",
    "GameOver",
    "GameState",
    "InputKind",
    "Inputs",
    "Outcome",
    "PickMode",
    "Player",
    "PlayerView",
    "Preset",
    "ReplacementEffect",
    "RuleRef",
    "RuleRegistry",
    "RuleRole",
    "RuleSpec",
    "Rulebook",
    "ScriptEnd",
    "ScriptedInput",
    "StateChange",
    "StepKind",
    "Trace",
    "TraceStep",
    "Trigger",
    "TriggerBook",
    "Visibility",
    "Waiting",
    "ZoneSpec",
    "ZoneView",
    "order_effects",
    "same_time",
    "zone_id",
    "zone_name",
    "zone_owner",
]
