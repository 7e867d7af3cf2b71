"""``interpreter.run_parallel``: the conformance programs' way of running a
grid of StableHLO processes, provided through the public op-extension hook.

``programs`` is a ``[num_replicas][num_partitions]`` grid of function symbols.
The processes run concurrently, one thread each, under their own
:class:`ReplicaContext` sharing one rendezvous. ``inputs`` and ``results`` are
the per-process argument and result lists flattened in process order
(``(0, 0)``, ``(0, 1)``, ..., ``(1, 0)``, ...). The optional ``infeed``
attribute lists functions whose results feed successive ``stablehlo.infeed``
ops of any process; outfeeds are collected and dropped, and host-transfer
``send``/``recv`` on one channel id meet at the run's host end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as
from jaxlib._src.ir.attributes import SymbolRef
from jaxlib._src.ir.core import Operation
from jaxlib._src.ops.collectives import HostEndpoint, attach_host_endpoint
from jaxlib._src.ops.registry import register_op_extension

RUN_PARALLEL = "interpreter.run_parallel"


class AbortableRendezvous(Rendezvous):
    """A rendezvous whose waiters give up as soon as one process has failed,
    instead of waiting out the timeout for a participant that never comes."""

    def __init__(self, timeout: float = 60.0):
        super().__init__(timeout)  # a Rendezvous by type; the state below replaces its own
        self._lock = threading.Condition()
        self._contributions: dict[Any, dict[int, Any]] = {}
        self._wait = timeout
        self._aborted: str | None = None

    def exchange(self, key: Any, participant: int, value: Any,
                 participants: tuple[int, ...]) -> list[Any]:
        with self._lock:
            slot = self._contributions.setdefault(key, {})
            slot[participant] = value
            self._lock.notify_all()
            done = self._lock.wait_for(
                lambda: self._aborted or all(p in slot for p in participants), self._wait)
            if self._aborted:
                raise XlaRuntimeError(f"CANCELLED: collective abandoned: {self._aborted}")
            if not done:
                missing = [p for p in participants if p not in slot]
                raise XlaRuntimeError(
                    f"DEADLINE_EXCEEDED: collective {key!r}: processes {missing} never "
                    f"arrived within {self._wait:g} s")
            return [slot[p] for p in participants]

    def abort(self, reason: str) -> None:
        with self._lock:
            self._aborted = reason
            self._lock.notify_all()


def _symbol_names(value: Any, what: str) -> list[str]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(s, SymbolRef) for s in value):
        raise ValueError(f"{what} must be an array of function symbols, got {value!r}")
    return [s.name for s in value]


def _program_grid(op: Operation) -> list[list[str]]:
    programs = op.attributes.get("programs")
    if not isinstance(programs, (list, tuple)) or not programs:
        raise ValueError("'programs' must be a non-empty [replicas][partitions] array of "
                         "function symbols")
    grid = [_symbol_names(row, "each row of 'programs'") for row in programs]
    if not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        raise ValueError("every row of 'programs' must list the same number (>= 1) of "
                         "partitions")
    return grid


def _verify_run_parallel(op: Operation) -> None:
    _program_grid(op)
    if "infeed" in op.attributes:
        _symbol_names(op.attributes["infeed"], "'infeed'")


def _arity(program: Any, name: str) -> tuple[int, int]:
    body = getattr(program, "body", None)
    if body is None:
        raise ValueError(f"@{name} cannot run in parallel: it is not a compiled function")
    return len(body.arg_slots), len(body.result_slots)


def _run_parallel(op: Operation, ctx: Any) -> Callable[..., tuple]:
    grid = _program_grid(op)
    num_replicas, num_partitions = len(grid), len(grid[0])
    processes = [(r, p) for r in range(num_replicas) for p in range(num_partitions)]
    programs = {(r, p): ctx.function(grid[r][p]) for r, p in processes}
    arities = {(r, p): _arity(programs[r, p], grid[r][p]) for r, p in processes}
    if sum(a for a, _ in arities.values()) != len(op.operands):
        raise ValueError(f"the programs take {sum(a for a, _ in arities.values())} inputs in "
                         f"all, but {len(op.operands)} were given")
    if sum(n for _, n in arities.values()) != len(op.results):
        raise ValueError(f"the programs return {sum(n for _, n in arities.values())} results "
                         f"in all, but the op has {len(op.results)}")
    infeed = [ctx.function(name) for name in _symbol_names(op.attributes.get("infeed", []),
                                                            "'infeed'")]

    def kernel(*inputs):
        rendezvous = AbortableRendezvous()
        host = HostEndpoint(infeed)
        attach_host_endpoint(rendezvous, host)
        results: dict[tuple[int, int], tuple] = {}
        errors: list[BaseException] = []
        arguments: dict[tuple[int, int], tuple] = {}
        start = 0
        for process in processes:
            count = arities[process][0]
            arguments[process] = inputs[start:start + count]
            start += count

        def run(process: tuple[int, int]) -> None:
            context = ReplicaContext(replica_id=process[0], partition_id=process[1],
                                     num_replicas=num_replicas, num_partitions=num_partitions,
                                     rendezvous=rendezvous)
            try:
                with running_as(context):
                    results[process] = programs[process](*arguments[process])
            except BaseException as err:  # reported after every process has stopped
                errors.append(err)
                reason = f"process {process} failed: {err}"
                rendezvous.abort(reason)
                host.abort(reason)

        if len(processes) == 1:
            run(processes[0])
        else:
            threads = [threading.Thread(target=run, args=(p,), name=f"process{p}",
                                        daemon=True) for p in processes]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        if errors:
            first = next((e for e in errors if not str(e).startswith("CANCELLED")), errors[0])
            raise first
        return tuple(value for process in processes for value in results[process])

    return kernel


_registered = False


# -- probes and printing ------------------------------------------------------------

_probe_lock = threading.Lock()
# probe_id -> the values it saw, one per execution of the probe (loop iterations)
PROBES: dict[str, list[np.ndarray]] = {}
_print_lock = threading.Lock()


def reset_probes() -> None:
    with _probe_lock:
        PROBES.clear()


def probed_value(probe_id: str, iteration: int) -> np.ndarray:
    with _probe_lock:
        seen = PROBES.get(probe_id, [])
        if not 0 <= iteration < len(seen):
            raise ValueError(f"probe {probe_id!r} recorded {len(seen)} values; iteration "
                             f"{iteration} was asked for")
        return seen[iteration]


def _probe(op, ctx):
    probe_id = str(op.attributes["probe_id"])

    def kernel(value):
        with _probe_lock:
            PROBES.setdefault(probe_id, []).append(np.array(value))
        return (value,)

    return kernel


def _print(op, ctx):
    type_text = str(op.operand_types[0])

    def kernel(value):
        body = np.array2string(np.asarray(value), separator=", ")
        with _print_lock:  # one value at a time, never interleaved across threads
            print(f"%0 = {type_text} {{\n  {body}\n}}", flush=True)
        return ()

    return kernel


def ensure_registered() -> None:
    """Registers the interpreter ops once (the conformance runner calls it)."""
    global _registered
    if not _registered:
        register_op_extension(RUN_PARALLEL, _run_parallel, verify=_verify_run_parallel)
        register_op_extension("interpreter.probe", _probe)
        register_op_extension("interpreter.print", _print)
        _registered = True
