from collections.abc import Callable
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension

class SuperFencesException(Exception): ...

def _validator(
    language: str,
    inputs: dict[str, str],
    options: dict[str, str],
    attrs: dict[str, str],
    md: Markdown,
    validator: Callable[..., bool] | None = None,
) -> bool | None: ...
def _formatter(
    src: str = "",
    language: str = "",
    options: dict[str, str] | None = None,
    md: Markdown | None = None,
    class_name: str = "",
    _fmt: Callable[..., str] | None = None,
    **kwargs: Any,
) -> str | None: ...

class SuperFencesCodeExtension(Extension):
    superfences: list[dict[str, Any]]
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    def extend_super_fences(
        self,
        name: str,
        formatter: Callable[..., str | None],
        validator: Callable[..., bool | None],
        reset: Callable[[Markdown], None] | None,
    ) -> None: ...
    def extendMarkdown(self, md: Markdown) -> None: ...
