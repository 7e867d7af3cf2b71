"""The layer contract (tools/check_layers.py): jaxlib's modules import only
from their own layer or lower ones, and no import cycle exists, lazy and
type-only imports included."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "check_layers.py"


def _checker():
    spec = importlib.util.spec_from_file_location("check_layers", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_layers", module)
    spec.loader.exec_module(module)
    return module


def test_the_layer_contract_holds():
    result = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("0 layer violation(s), 0 import cycle(s)")


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / "packages" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_the_checker_sees_lazy_and_type_only_imports_and_cycles(tmp_path):
    src = "jaxlib-core/src/jaxlib"
    _tree(tmp_path, {
        f"{src}/__init__.py": "",
        f"{src}/_src/__init__.py": "",
        f"{src}/_src/base/__init__.py": "",
        f"{src}/_src/base/errors.py": "",
        f"{src}/_src/ir/__init__.py": "",
        f"{src}/_src/ir/core.py": """\
            from jaxlib._src.base import errors

            def f():
                from jaxlib._src.runtime import client  # lazy, upward
            """,
        f"{src}/_src/ops/__init__.py": "",
        f"{src}/_src/ops/sdy.py": """\
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from jaxlib._src.compiler.shardy import Mesh  # type-only, upward
            """,
        f"{src}/_src/compiler/__init__.py": "",
        f"{src}/_src/compiler/shardy.py": "from jaxlib._src.ops import sdy\n",
        f"{src}/_src/runtime/__init__.py": "",
        f"{src}/_src/runtime/client.py": """\
            import importlib
            from jaxlib._src.ir import core
            importlib.import_module("jaxlib._src.runtime.gone")
            """,
        f"{src}/_src/stray.py": "",
        f"{src}/xla_client.py": "from jaxlib._src.runtime.client import *\n",
        "jaxlib-extra/src/jaxlib/extra.py": "from jaxlib import xla_client\n",
        # An extension module (built or not) is no edge back to its package.
        "jaxlib-extra/src/jaxlib/pkg/__init__.py": "from jaxlib.pkg.mod import f\n",
        "jaxlib-extra/src/jaxlib/pkg/mod.py": """\
            def f():
                from jaxlib.pkg import _ext
            """,
    })
    report = _checker().check(tmp_path)
    text = "\n".join(report.problems)
    assert ("jaxlib._src.ir.core (ir) imports jaxlib._src.runtime.client (runtime) [lazy]"
            in text)
    assert ("jaxlib._src.ops.sdy (ops) imports jaxlib._src.compiler.shardy (compiler) "
            "[type-only]" in text)
    assert "jaxlib._src.stray is in no layer" in text
    assert "imports jaxlib._src.runtime.gone, which is no module" in text
    assert len(report.problems) == 4, text
    assert report.layers["jaxlib.extra"] == "extras"
    assert report.layers["jaxlib.pkg._ext"] == "extras"
    assert report.graph["jaxlib.pkg.mod"] == set()  # not the package
    assert sorted(report.cycles) == [
        ["jaxlib._src.compiler.shardy", "jaxlib._src.ops.sdy"],
        ["jaxlib._src.ir.core", "jaxlib._src.runtime.client"],
    ]
