"""One node of a coordination test: ``python coordination_worker.py SCENARIO
ADDRESS NODE_ID PARAMS_JSON``. Prints its result as a JSON line at the end."""

from __future__ import annotations

import json
import sys
import threading
import time

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

LONG_MS = 20_000  # waits that are expected to succeed


class Node:
    """A connected client plus the failures its heartbeat callback reported."""

    def __init__(self, address: str, node_id: int, **options):
        self.callbacks: list[tuple[float, str]] = []
        options = {"init_timeout": 20, "shutdown_timeout": 20, "heartbeat_timeout": 3,
                   **options}
        self.client = xla_client.get_distributed_runtime_client(
            address, node_id, missed_heartbeat_callback=self._on_failure, **options)
        self.client.connect()

    def _on_failure(self, error: XlaRuntimeError) -> None:
        self.callbacks.append((time.time(), str(error)))

    def wait_for_callback(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.callbacks and time.monotonic() < deadline:
            time.sleep(0.02)


def error_of(call) -> str | None:
    """The XlaRuntimeError message of ``call()``, or None if it succeeded."""
    try:
        call()
    except XlaRuntimeError as err:
        return str(err)
    return None


def timed_error(call) -> dict:
    start = time.monotonic()
    message = error_of(call)
    return {"error": message, "elapsed": time.monotonic() - start, "at": time.time()}


def ready() -> None:
    print("READY", flush=True)


# ------------------------------------------------------------------ scenarios

def kv(address, node_id, params):
    node = Node(address, node_id)
    c = node.client
    out = {}
    if node_id == 0:
        c.key_value_set("greeting", "hello")
        out["double_set"] = error_of(lambda: c.key_value_set("greeting", "again"))
        c.key_value_set("greeting", "hello again", allow_overwrite=True)
        c.key_value_set_bytes("blob", bytes(range(256)))
        for key, value in [("dir/a", "1"), ("dir/b/c", "2"), ("dirx", "not below dir/")]:
            c.key_value_set(key, value)
        c.wait_at_barrier("written", LONG_MS)
        start = time.monotonic()
        out["from_1"] = c.blocking_key_value_get("from_1", LONG_MS)
        out["waited_for_1"] = time.monotonic() - start
    else:
        c.wait_at_barrier("written", LONG_MS)
        out["greeting"] = c.blocking_key_value_get("greeting", 1000)
        out["try_greeting"] = c.key_value_try_get("greeting")
        out["blob_ok"] = c.blocking_key_value_get_bytes("blob", 1000) == bytes(range(256))
        out["try_missing"] = error_of(lambda: c.key_value_try_get("missing"))
        out["get_timeout"] = timed_error(lambda: c.blocking_key_value_get("never", 300))
        out["dir"] = c.key_value_dir_get("dir")
        out["dir_slashes"] = c.key_value_dir_get("/dir/")
        out["dir_bytes"] = [[k, v.decode()] for k, v in c.key_value_dir_get_bytes("dir")]
        c.key_value_delete("dir/b")
        out["dir_after_delete"] = c.key_value_dir_get("dir")
        c.key_value_delete("dir")
        out["dir_after_delete_all"] = c.key_value_dir_get("dir")
        out["dirx"] = c.key_value_try_get("dirx")
        out["increments"] = [c.key_value_increment("counter", 5),
                             c.key_value_increment("counter", -2)]
        time.sleep(0.3)  # node 0 is blocked on this key meanwhile
        c.key_value_set("from_1", "written late")
    c.wait_at_barrier("done", LONG_MS)
    c.shutdown()
    return out


def concurrent_writers(address, node_id, params):
    node = Node(address, node_id)
    c = node.client
    threads_per_node, keys_per_thread = params["threads"], params["keys"]
    won_race = []

    def write(thread: int) -> None:
        for i in range(keys_per_thread):
            c.key_value_set(f"w/{node_id}/{thread}/{i}", f"{node_id}:{thread}:{i}")
            c.key_value_increment("count", 1)
        if error_of(lambda: c.key_value_set("winner", f"{node_id}:{thread}")) is None:
            won_race.append(thread)

    threads = [threading.Thread(target=write, args=(t,)) for t in range(threads_per_node)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    c.wait_at_barrier("written", LONG_MS)
    entries = c.key_value_dir_get("w")
    out = {
        "won_race": len(won_race),
        "num_entries": len(entries),
        "all_values_match": all(k == "w/" + v.replace(":", "/") for k, v in entries),
        "count": c.key_value_try_get("count"),
        "winner": c.key_value_try_get("winner"),
    }
    c.wait_at_barrier("read", LONG_MS)
    c.shutdown()
    return out


def barriers(address, node_id, params):
    node = Node(address, node_id)
    c = node.client
    out = {}
    c.wait_at_barrier("start", LONG_MS)
    if node_id == 0:  # alone at a barrier of all three: it must time out
        out["lonely"] = timed_error(lambda: c.wait_at_barrier("lonely", 300))
    c.wait_at_barrier("after_lonely", LONG_MS)

    if node_id in (0, 2):
        out["pair"] = error_of(lambda: c.wait_at_barrier("pair", LONG_MS, process_ids=[0, 2]))
    else:
        out["not_a_member"] = error_of(
            lambda: c.wait_at_barrier("pair", LONG_MS, process_ids=[0, 2]))
    c.wait_at_barrier("after_pair", LONG_MS)

    if node_id == 0:
        out["conflict_first"] = error_of(
            lambda: c.wait_at_barrier("conflict", LONG_MS, process_ids=[0, 1]))
    elif node_id == 1:
        time.sleep(0.3)  # let node 0 define the barrier's process ids first
        out["conflict_other_ids"] = error_of(
            lambda: c.wait_at_barrier("conflict", LONG_MS, process_ids=[0, 1, 2]))
        out["conflict_same_ids"] = error_of(
            lambda: c.wait_at_barrier("conflict", LONG_MS, process_ids=[0, 1]))
    out["reused"] = error_of(lambda: c.wait_at_barrier("start", LONG_MS))
    c.shutdown()
    return out


def killed_peer(address, node_id, params):
    """Node 2 is killed by the test; nodes 0 and 1 wait on it meanwhile."""
    node = Node(address, node_id)
    c = node.client
    if node_id == 2:
        c.key_value_set("ready/2", "yes")
        ready()
        time.sleep(60)
        return {}
    c.blocking_key_value_get("ready/2", LONG_MS)
    ready()
    out = {}
    if node_id == 0:
        out["blocked"] = timed_error(lambda: c.wait_at_barrier("with_2", LONG_MS))
    else:
        out["blocked"] = timed_error(lambda: c.blocking_key_value_get("from_2", LONG_MS))
    node.wait_for_callback(5)
    out["callbacks"] = node.callbacks
    out["later_barrier_with_2"] = error_of(lambda: c.wait_at_barrier("later", LONG_MS))
    out["survivors_barrier"] = error_of(
        lambda: c.wait_at_barrier("survivors", LONG_MS, process_ids=[0, 1]))
    out["shutdown"] = timed_error(c.shutdown)
    return out


def hung_peer(address, node_id, params):
    """Node 1 is stopped (SIGSTOP) by the test, then resumed."""
    node = Node(address, node_id)
    c = node.client
    if node_id == 1:
        ready()
        start = time.monotonic()
        while time.monotonic() - start < 1.0:  # stopped in here, resumed later
            time.sleep(0.05)
        node.wait_for_callback(5)
        return {"callbacks": node.callbacks,
                "after_resume": error_of(lambda: c.key_value_try_get("anything"))}
    ready()
    out = {"blocked": timed_error(lambda: c.wait_at_barrier("with_1", LONG_MS))}
    node.wait_for_callback(5)
    out["callbacks"] = node.callbacks
    out["shutdown"] = error_of(c.shutdown)
    return out


def shutdown_stragglers(address, node_id, params):
    node = Node(address, node_id, shutdown_timeout=params["shutdown_timeout"])
    c = node.client
    c.wait_at_barrier("start", LONG_MS)
    time.sleep(params["delays"][node_id])
    called = time.time()
    result = timed_error(c.shutdown)
    return {"called": called, **result}


def recoverable(address, node_id, params):
    if node_id == 0:
        node = Node(address, 0)
        c = node.client
        first = c.get_live_nodes([0, 1])
        c.key_value_set("node0_saw_first", "yes")
        c.blocking_key_value_get("rejoined", LONG_MS)
        second = c.get_live_nodes([0, 1])
        c.wait_at_barrier("together", LONG_MS, process_ids=[0, 1])
        out = {"first": first, "second": second, "callbacks": node.callbacks}
        out["shutdown"] = error_of(c.shutdown)
        return out
    node = Node(address, 1, recoverable=True)
    c = node.client
    if params["life"] == "first":
        c.key_value_set("kept", "from the first life")
        c.blocking_key_value_get("node0_saw_first", LONG_MS)
        ready()
        time.sleep(60)  # killed here
        return {}
    out = {"kept": c.blocking_key_value_get("kept", 1000)}
    c.key_value_set("rejoined", "yes")
    c.wait_at_barrier("together", LONG_MS, process_ids=[0, 1])
    c.shutdown()
    c.connect()  # a recoverable client may come back after shutdown too
    out["third_life"] = c.get_live_nodes([1])
    c.shutdown()
    return out


if __name__ == "__main__":
    scenario, address, node_id, params = sys.argv[1:]
    result = globals()[scenario](address, int(node_id), json.loads(params))
    print(json.dumps(result), flush=True)
