"""The README's main job runs and prints what it promises."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_demo_runs_the_example_programs():
    completed = subprocess.run([sys.executable, str(ROOT / "examples" / "demo.py")],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    out = completed.stdout
    assert "devices=[CpuDevice(id=0), CpuDevice(id=1)]" in out
    assert "mlp.mlir: output float32[64, 10]" in out
    assert "add.hlo: [5. 7. 9.]" in out
    assert "SPMD layer on" in out and "[32, 256]" in out


def test_jaxlib_run_prints_outputs_and_times(tmp_path):
    import numpy as np

    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=np.float32([1, 2, 3]), arg1=np.float32([10, 20, 30]))
    completed = subprocess.run(
        [sys.executable, "-m", "jaxlib._src.tools.run", str(ROOT / "examples" / "add.hlo"),
         "--inputs", str(inputs), "--repeat", "3"],
        capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert "compile:" in completed.stdout and "execute: first" in completed.stdout
    assert "output 0: float32[3] = [11., 22., 33.]" in completed.stdout
