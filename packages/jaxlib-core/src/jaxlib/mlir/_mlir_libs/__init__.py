"""The native-extension package of the MLIR bindings: here, Python modules."""
