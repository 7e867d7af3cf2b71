#!/usr/bin/env python3
"""Checks jaxlib's layer contract and looks for import cycles.

The layers, lowest first (a module may import only from its own layer or a
lower one)::

    base < ir < frontends < ops < passes < backends < compiler < runtime < jax_api
         < api < tools

- ``base``: what every layer may use and that uses nothing of jaxlib above it:
  the ``jaxlib`` package itself and ``jaxlib.version``, core's native
  extensions (``jaxlib._native``, ``jaxlib._cpu``: any ``jaxlib._name`` with no
  Python source), and ``jaxlib._src.base``, the neutral home for what is no
  one layer's own (status errors, untrusted-input guards, the replica context
  collectives meet in, the protobuf wire format, the serialization envelope).
- ``ir`` ... ``runtime``, ``jax_api``: the folders of the same name under
  ``jaxlib/_src`` (``backends`` includes ``backends/cpu`` and everything below
  it; ``jax_api`` is what jax itself calls besides the client: pytrees,
  configs, jit argument parsing...).
- ``api``: core's public modules (``jaxlib.xla_client``, ``jaxlib.xla_bridge``
  and the other ``jaxlib.*`` modules outside ``_src``), which re-export
  ``_src``.
- ``tools``: ``jaxlib._src.tools`` (the ``jaxlib-run``/``jaxlib-conformance``
  command-line tools; ``run`` uses ``xla_client``).
- ``extras``: the modules of the optional distributions (jaxlib-linalg,
  -sparse, -distributed, -gpu) sit above everything and may import anything of
  core; core reaches them only from ``api`` (``xla_client``'s lazy imports
  naming the distribution to install).

Every import counts: top-level, inside functions, under ``if TYPE_CHECKING``,
and ``importlib.import_module``/``__import__`` calls with a literal name. A
``from package import name`` depends on ``package.name`` when that is a module
and on ``package`` otherwise. A module under ``jaxlib/_src`` outside every
layer folder, or an import of a ``jaxlib`` module that does not exist, is an
error too.

Cycles are strongly connected components (Tarjan) of the whole import graph,
lazy and type-only edges included; each is printed with its members and one
cycle through them.

Usage: ``python tools/check_layers.py [-v]`` from anywhere; exit status 1 on
any violation or cycle. ``-v`` also prints the graph's size per layer.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict, deque
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS = ("base", "ir", "frontends", "ops", "passes", "backends", "compiler", "runtime",
          "jax_api", "api", "tools", "extras")
RANK = {name: i for i, name in enumerate(LAYERS)}
SRC_LAYERS = {"base", "ir", "frontends", "ops", "passes", "backends", "compiler", "runtime",
              "jax_api", "tools"}
BASE_MODULES = {"jaxlib", "jaxlib.version", "jaxlib._src"}


@dataclass(frozen=True)
class Import:
    importer: str
    target: str
    path: Path
    line: int
    kind: str  # "top-level", "lazy" (inside a function) or "type-only"


def module_name(src: Path, path: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def find_modules(src: Path) -> dict[str, Path]:
    modules = {}
    for path in sorted(src.rglob("*.py")):
        if "build" in path.relative_to(src).parts:
            continue
        modules[module_name(src, path)] = path
    return modules


def native_modules(src: Path) -> set[str]:
    """Extension modules built into a source tree (``*.so``), by module name."""
    names = set()
    for path in src.rglob("*.so"):
        parts = list(path.relative_to(src).parts)
        parts[-1] = parts[-1].split(".")[0]
        names.add(".".join(parts))
    return names


def layer_of(module: str, core: set[str]) -> str | None:
    if module in BASE_MODULES:
        return "base"
    parts = module.split(".")
    if parts[:2] == ["jaxlib", "_src"]:
        return parts[2] if parts[2] in SRC_LAYERS else None
    return "api" if module in core else "extras"


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.found: list[tuple[str, str | None, int, str]] = []  # (base, name, line, kind)
        self.depth = 0
        self.type_only = 0

    def kind(self) -> str:
        if self.type_only:
            return "type-only"
        return "lazy" if self.depth else "top-level"

    def visit_FunctionDef(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self.visit(node.test)
            self.type_only += 1
            for child in node.body:
                self.visit(child)
            self.type_only -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.found.append((alias.name, None, node.lineno, self.kind()))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            package = self.package.split(".")
            if node.level > 1:
                package = package[: len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        for alias in node.names:
            self.found.append((base, None if alias.name == "*" else alias.name, node.lineno,
                               self.kind()))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if (name in ("import_module", "__import__") and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            self.found.append((node.args[0].value, None, node.lineno, self.kind()))
        self.generic_visit(node)


def _top_level_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def collect(modules: dict[str, Path], known: set[str],
            root: Path) -> tuple[list[Import], list[str], set[str]]:
    """The imports of jaxlib modules, the imports of no module, and the
    extension modules imported: ``package._name`` with no Python source that
    the package does not define either (built from C++, they import nothing
    of jaxlib), whether or not they are built."""
    imports, missing, natives = [], [], set()
    package_names: dict[str, set[str]] = {}

    def is_extension(module: str) -> bool:
        package, _, leaf = module.rpartition(".")
        path = modules.get(package)
        if not leaf.startswith("_") or path is None or path.name != "__init__.py":
            return False
        if package not in package_names:
            package_names[package] = _top_level_names(path)
        return leaf not in package_names[package]

    for module, path in modules.items():
        collector = _Collector(module, path.name == "__init__.py")
        collector.visit(ast.parse(path.read_text(), str(path)))
        for base, name, line, kind in collector.found:
            if base != "jaxlib" and not base.startswith("jaxlib."):
                continue
            candidate = base if name is None else f"{base}.{name}"
            if candidate in known:
                target = candidate
            elif is_extension(candidate):
                target = candidate
                natives.add(candidate)
            elif base in known:
                target = base
            else:
                missing.append(f"{path.relative_to(root)}:{line}: {module} imports {base}"
                               f"{'.' + name if name else ''}, which is no module")
                continue
            if target != module or kind == "top-level":
                imports.append(Import(module, target, path, line, kind))
    return list(dict.fromkeys(imports)), missing, natives


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively; components with a cycle only."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        components.append(sorted(component))
    return components


def one_cycle(graph: dict[str, set[str]], members: list[str]) -> list[str]:
    """The shortest cycle through the component's first member."""
    inside = set(members)
    start = members[0]
    previous: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph[node] & inside):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return [start] + path[::-1][1:] + [start] if len(path) > 1 else [start, start]
            if child not in previous:
                previous[child] = node
                queue.append(child)
    return members


@dataclass
class Report:
    problems: list[str]  # upward imports, modules in no layer, imports of no module
    cycles: list[list[str]]  # each cycle's members
    graph: dict[str, set[str]]  # module -> the modules it imports
    layers: dict[str, str | None]  # module -> its layer


def check(root: Path = ROOT) -> Report:
    """Checks the jaxlib source trees under ``root`` (a checkout)."""
    core_src = root / "packages" / "jaxlib-core" / "src"
    core = find_modules(core_src)
    extras: dict[str, Path] = {}
    natives: set[str] = set()
    for src in sorted(p for p in (root / "packages").glob("jaxlib-*/src") if p != core_src):
        extras.update(find_modules(src))
        natives |= native_modules(src)
    modules = {**core, **extras}
    imports, missing, imported_natives = collect(modules, set(modules) | natives, root)
    layers = {m: layer_of(m, set(core)) for m in set(modules) | natives}
    for native in imported_natives - natives:  # core's top-level ones are base
        layers[native] = layer_of(native.rpartition(".")[0], set(core))

    problems = list(missing)
    for module in sorted(core):
        if layers[module] is None:
            problems.append(f"{core[module].relative_to(root)}: {module} is in no layer")
    for imp in sorted(imports, key=lambda i: (str(i.path), i.line, i.target)):
        a, b = layers[imp.importer], layers[imp.target]
        if a is None or b is None:
            continue
        if (b == "extras" and a not in ("api", "extras")) or (
                b != "extras" and RANK[b] > RANK[a]):
            problems.append(f"{imp.path.relative_to(root)}:{imp.line}: {imp.importer} ({a}) "
                            f"imports {imp.target} ({b}) [{imp.kind}]")

    graph: dict[str, set[str]] = {module: set() for module in modules}
    for imp in imports:
        if imp.target in modules:
            graph[imp.importer].add(imp.target)
    return Report(problems, strongly_connected(graph), graph, layers)


def main(argv: list[str]) -> int:
    report = check()
    if "-v" in argv:
        per_layer: dict[str, int] = defaultdict(int)
        for module in report.graph:
            per_layer[report.layers[module] or "?"] += 1
        edges = sum(len(targets) for targets in report.graph.values())
        print(f"{len(report.graph)} modules, {edges} import edges; "
              + ", ".join(f"{layer} {per_layer[layer]}" for layer in LAYERS if per_layer[layer]))
    for problem in report.problems:
        print(problem)
    for members in report.cycles:
        print(f"import cycle of {len(members)} modules:")
        for member in members:
            print(f"    {member} ({report.layers[member]})")
        print("  for example: " + " -> ".join(one_cycle(report.graph, members)))
    print(f"{len(report.problems)} layer violation(s), {len(report.cycles)} import cycle(s)")
    return 1 if report.problems or report.cycles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
