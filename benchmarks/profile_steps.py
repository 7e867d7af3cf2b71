"""Where a benchmark program's time goes: per-step times from the native
executor's profiler (``Plan.set_profiling``).

    python benchmarks/profile_steps.py softmax_1024x4096 [runs]
    python benchmarks/profile_steps.py --suite models nbody_fori [runs]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from programs import suite


def main(argv: list[str]) -> int:
    from jaxlib import xla_client

    suite_name = "shared"
    if argv[:1] == ["--suite"]:
        suite_name, argv = argv[1], argv[2:]
    bench = suite(suite_name)
    name = argv[0]
    runs = int(argv[1]) if len(argv) > 1 else 20
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(bench.text(name), [device])
    program = executable._compiled.program
    if not hasattr(program, "plan"):
        print(f"{name} runs on the Python step loop; nothing to profile")
        return 1
    args = [client.buffer_from_pyval(a, device) for a in bench.inputs(name)]
    for out in executable.execute(args):
        out.block_until_ready()
    program.plan.set_profiling(True)
    for _ in range(runs):
        for out in executable.execute(args):
            out.block_until_ready()
    steps = program.plan.profile()
    total = sum(seconds for *_, seconds in steps)
    print(f"{name}: {total / runs * 1e3:.3f} ms per run in {len(steps)} steps")
    for step, kind, calls, seconds in sorted(steps, key=lambda s: -s[3]):
        print(f"  {seconds / runs * 1e3:8.3f} ms  {calls // runs:6d} calls  {kind:6s}  {step}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
