"""Renderers of traces and rules: text (terminal), markdown, json, html."""
