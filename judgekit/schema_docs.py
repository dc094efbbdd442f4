"""The scenario models' attribute docstrings as the field descriptions of the published JSON Schema.

pydantic can read them itself (``use_attribute_docstrings``), but it does so for every model as
the model is defined: on Python 3.11 it searches the call stack and parses each class's source,
which cost every process that merely validates a scenario about half a second (268 models).
The docstrings are wanted only in the schema, so :class:`DocumentedSchema` reads them when the
schema is generated, each module's source parsed once, and gives the same schema: a field's
docstring is its description unless the field states one, and a class describes only the
fields written in its own body (inherited fields have none, as with pydantic's reading).
"""

from __future__ import annotations

import ast
import functools
import inspect
import sys
from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema


def attribute_docs(cls: type) -> dict[str, str]:
    """The docstrings written under the annotated attributes of ``cls``'s own body, by attribute name."""
    return _module_docs(cls.__module__).get(cls.__qualname__, {})


@functools.cache
def _module_docs(module: str) -> dict[str, dict[str, str]]:
    """Every class defined in ``module``, by qualified name: its attribute docstrings."""
    try:
        tree = ast.parse(inspect.getsource(sys.modules[module]))
    except (KeyError, OSError, TypeError):  # no module or no source: no descriptions
        return {}
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                found[prefix + node.name] = _class_docs(node)
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


def _class_docs(node: ast.ClassDef) -> dict[str, str]:
    """A string statement right after ``name: type [= value]`` documents ``name``."""
    docs: dict[str, str] = {}
    for before, stmt in zip(node.body, node.body[1:], strict=False):
        if (
            isinstance(before, ast.AnnAssign)
            and isinstance(before.target, ast.Name)
            and isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            docs[before.target.id] = inspect.cleandoc(stmt.value.value)
    return docs


class DocumentedSchema(GenerateJsonSchema):
    """pydantic's JSON Schema generator, with each dataclass field's attribute docstring as its description."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._docs: list[dict[str, str]] = []
        """The attribute docstrings of the dataclasses being generated, innermost last."""

    def dataclass_schema(self, schema: core_schema.DataclassSchema) -> JsonSchemaValue:
        """The class's schema, its fields described by its attribute docstrings."""
        self._docs.append(attribute_docs(schema["cls"]))
        try:
            return super().dataclass_schema(schema)
        finally:
            self._docs.pop()

    def dataclass_field_schema(self, schema: core_schema.DataclassField) -> JsonSchemaValue:
        """The field's schema with its docstring as description (a description the field states still wins)."""
        json_schema = super().dataclass_field_schema(schema)
        doc = self._docs[-1].get(schema["name"]) if self._docs else None
        return json_schema if doc is None else {**json_schema, "description": doc}


__all__ = ["DocumentedSchema", "attribute_docs"]
