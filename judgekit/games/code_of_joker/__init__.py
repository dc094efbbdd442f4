"""The Code of Joker engine, pinned to the wiki rules page of 2016-08-21 (an unnumbered outline).

The modules follow the page: :mod:`cards` (the card model and effect vocabulary), :mod:`format`
(the scenario file), :mod:`game` (zones and board queries), :mod:`flow` (game start, turn start
and end, the round-10 decision), :mod:`actions` (the turn player's actions), :mod:`battle`
(attack and block), :mod:`timing` (the priority table), :mod:`effects` (card effects and
keywords), :mod:`terms` (draw, damage, destruction, clock levels). ``AMBIGUITIES.md`` lists where
the page is silent and what the engine does there.
"""
