"""The small Divine Cross board the scenario-file tests build their cases on: P1's unit uses a 300-damage skill
on P2's main unit. Each test file adds the head it needs (game, titles, pin) and the expectations."""

from __future__ import annotations

SKILL_BOARD = """[start]
at = "battle"
turn = 2
[cards.a]
name = "A"
type = "unit"
hp = 500
skills = [{ name = "S", cost = 0, damage = 300 }]
[players.P1]
main = { card = "a" }
deck = ["a"]
[players.P2]
main = { card = "a" }
deck = ["a"]
[[play]]
do = "skill"
skill = "S"
"""
"""Every key of the case but its head and its expectations."""

DAMAGE_DEALT = 'units = [{ at = "P2.main", damage = 300 }]\n'
"""The expectation the board meets: P2's main unit has 300 damage."""
