"""The neutral home: what every layer may use and that imports nothing of
jaxlib above it — status errors (``errors``), guards for untrusted input
(``untrusted``), the replica context collectives meet in
(``replica_context``), the protobuf wire format (``protowire``) and the
serialization envelope (``envelope``). See tools/check_layers.py."""
