"""Text frontends: MLIR (StableHLO) and HLO text, both parsed into the one IR."""

from jaxlib._src.frontends.hlo_text import parse_hlo_module
from jaxlib._src.frontends.lexer import ParseError
from jaxlib._src.frontends.mlir_text import SourceChunk, parse_module, parse_source, split_source

__all__ = ["ParseError", "SourceChunk", "parse_hlo_module", "parse_module", "parse_source",
           "split_source"]
