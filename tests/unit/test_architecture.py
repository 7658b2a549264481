"""The rules of the house, read from the source with `ast`: sizes, import cycles, and what cli/ and plugin/ import."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import wetopi_memory

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
# Source folders and the import name each installs under (cli/ installs as wetopi_memory_cli).
PACKAGES = {"wetopi_memory": "wetopi_memory", "cli": "wetopi_memory_cli"}
FACADE_USERS = ("cli", "plugin")


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    is_package: bool

    @property
    def tree(self) -> ast.Module:
        return ast.parse(self.path.read_text(encoding="utf-8"), filename=str(self.path))


def _modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for folder, import_name in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = [import_name, *path.relative_to(ROOT / folder).with_suffix("").parts]
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            found[".".join(parts)] = Module(".".join(parts), path, is_package)
    return found


def _imported_names(module: Module, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Every dotted name an import statement may load, resolved against the importing module."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level == 0:
        base = node.module or ""
    else:
        package = module.name.split(".") if module.is_package else module.name.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join(package + ([node.module] if node.module else []))
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def _imports(module: Module) -> list[tuple[int, str]]:
    """(line, name) of every import anywhere in the module: top level, inside functions, under TYPE_CHECKING."""
    return [(node.lineno, name) for node in ast.walk(module.tree) if isinstance(node, ast.Import | ast.ImportFrom)
            for name in _imported_names(module, node)]


def _graph(modules: dict[str, Module]) -> dict[str, set[str]]:
    """Module -> modules it makes Python execute: the imported module and every package above it not yet
    entered by the importer (a submodule importing a sibling does not re-enter its own package)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, module in modules.items():
        own_packages = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        for _, target in _imports(module):
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                candidate = ".".join(parts[:i])
                if candidate in modules and candidate != name and candidate not in own_packages:
                    graph[name].add(candidate)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_is_over_the_size_limit() -> None:
    too_big = {m.name: n for m in _modules().values()
               if (n := len(m.path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert not too_big, f"modules over {MAX_MODULE_LINES} lines: {too_big}"


def test_no_function_is_over_the_size_limit() -> None:
    too_long = [f"{m.name}.{node.name} ({node.end_lineno - node.lineno + 1} lines)"
                for m in _modules().values() for node in ast.walk(m.tree)
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None
                and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines: {too_long}"


def test_there_is_no_import_cycle() -> None:
    cycles = _cycles(_graph(_modules()))
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_cli_and_plugin_use_only_the_public_facade() -> None:
    public = set(wetopi_memory.__all__)
    offenders: list[str] = []
    for folder in FACADE_USERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    offenders += [f"{path.relative_to(ROOT)}:{node.lineno} import {a.name}" for a in node.names
                                  if a.name.startswith("wetopi_memory") and a.name != "wetopi_memory"
                                  and not a.name.startswith("wetopi_memory_cli")]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
                    if node.module == "wetopi_memory":
                        offenders += [f"{path.relative_to(ROOT)}:{node.lineno} {a.name}" for a in node.names
                                      if a.name not in public]
                    elif node.module.startswith("wetopi_memory."):
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} from {node.module}")
    assert not offenders, f"imports past wetopi_memory.__all__: {offenders}"


def test_every_public_name_exists() -> None:
    missing = [name for name in wetopi_memory.__all__ if not hasattr(wetopi_memory, name)]
    assert not missing
