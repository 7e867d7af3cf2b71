"""The profiler server against the reference jaxlib's, both ways (by hand:
CI has no reference jaxlib).

    python tests/jax_suite/profiler_interop.py --reference-python /path/to/refvenv/bin/python

1. A worker on the reference jaxlib serves its profile (tsl's server); a
   session of this jaxlib with ``profile_subprocesses`` merges its planes.
2. A worker on this jaxlib serves its profile (runtime/profiler_server.py);
   a session of the reference's jax merges it into the profile it writes.
Each prints what it found and the script exits 1 when a plane or an event
is missing.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

WORKER = r"""
import os, sys, time
import jax, jax.profiler
jax.profiler.start_server(int(sys.argv[1]), requires_backend=False)
print("serving", os.getpid(), flush=True)
deadline = time.time() + 60
while time.time() < deadline:
    with jax.profiler.TraceAnnotation("worker_step"):
        with jax.profiler.TraceAnnotation("work"):
            time.sleep(0.05)
"""

PARENT = r"""
import glob, sys, tempfile, time
import jax, jax.profiler
pid, port = int(sys.argv[1]), int(sys.argv[2])
unregister = jax.profiler.register_subprocess(pid, port)
options = jax.profiler.ProfileOptions()
options.advanced_configuration = {"profile_subprocesses": True}
folder = tempfile.mkdtemp()
jax.profiler.start_trace(folder, profiler_options=options)
with jax.profiler.TraceAnnotation("main_step"):
    time.sleep(1.0)
jax.profiler.stop_trace()
unregister()
(path,) = glob.glob(folder + "/**/*.xplane.pb", recursive=True)
print(path)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(ours: bool) -> dict[str, str]:
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env.pop("PYTHONPATH", None)
    if ours:  # jax over this jaxlib (the test suite's alias plugin)
        env["PYTHONPATH"] = str(HERE)
    return env


def _worker(python: str, ours: bool) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    worker = subprocess.Popen([python, "-c", WORKER, str(port)], env=_env(ours),
                              stdout=subprocess.PIPE, text=True)
    line = worker.stdout.readline()
    if not line.startswith("serving"):
        raise SystemExit(f"the worker did not start: {line!r}")
    return worker, port


def ours_collects_from_the_reference(reference: str) -> bool:
    from jaxlib import _profile_data, _profiler

    worker, port = _worker(reference, ours=False)
    try:
        unregister = _profiler.register_subprocess(worker.pid, port)
        options = _profiler.ProfileOptions()
        options.python_tracer_level = 0
        options.advanced_configuration = {"profile_subprocesses": True}
        session = _profiler.ProfilerSession(options)
        time.sleep(1.0)
        space = session.stop()
        unregister()
    finally:
        worker.kill()
    data = _profile_data.ProfileData.from_serialized_xspace(space)
    plane = data.find_plane_with_name(f"/host:CPU [{worker.pid}]")
    names = {e.name for line in plane.lines for e in line.events} if plane else set()
    print(f"1. ours <- reference server: planes {[p.name for p in data.planes]}, "
          f"events {sorted(names)}")
    return {"worker_step", "work"} <= names


def the_reference_collects_from_ours(reference: str) -> bool:
    worker, port = _worker(sys.executable, ours=True)
    try:
        done = subprocess.run([reference, "-c", PARENT, str(worker.pid), str(port)],
                              env=_env(ours=False), capture_output=True, text=True, timeout=120)
    finally:
        worker.kill()
    if done.returncode != 0:
        print(done.stderr[-2000:])
        return False
    data = Path(done.stdout.strip().splitlines()[-1]).read_bytes()
    wanted = [f"/host:CPU [{worker.pid}]".encode(), b"worker_step", b"work", b"main_step"]
    found = {w.decode(): w in data for w in wanted}
    print(f"2. reference <- our server: {found}")
    return all(found.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reference-python", required=True,
                        help="python of a virtual environment with jax/jaxlib 0.10.2")
    args = parser.parse_args()
    ok = ours_collects_from_the_reference(args.reference_python)
    ok = the_reference_collects_from_ours(args.reference_python) and ok
    print("both ways:", "ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
