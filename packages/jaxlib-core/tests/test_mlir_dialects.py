"""The stablehlo / chlo / sdy / mhlo / mpmd dialect modules of jaxlib.mlir:
op builders generated from the op table (ops/signatures.py specs), checked
against every name jax 0.10.2 references, the op table itself, and by
building programs that are printed, parsed back, compiled and run."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import tokenize
from pathlib import Path

import numpy as np
import pytest

from jaxlib._src.ir.core import load_op_table
from jaxlib._src.ops.signatures import (
    OPTIONAL,
    SEGMENT,
    VARIADIC,
    Attribute,
    Operand,
    parse_signature,
    signature_of,
)
from jaxlib.mlir import ir

DIALECTS = ("stablehlo", "chlo", "sdy", "mhlo", "mpmd")

def _dialect(name: str):
    return importlib.import_module(f"jaxlib.mlir.dialects.{name}")


# --- the signature spec ---------------------------------------------------------------


def test_signature_spec_parses_every_part():
    sig = parse_signature("MulOp: inputs*, x?, n: I64, flag: Unit?, k=key: Str? -> r, rs* "
                          "{cond, branches*}")
    assert sig.class_name == "MulOp"
    assert [(o.name, o.arity) for o in sig.operands] == [("inputs", VARIADIC), ("x", OPTIONAL)]
    assert sig.attributes == (Attribute("n", "n", "I64"), Attribute("flag", "flag", "Unit", True),
                              Attribute("k", "key", "Str", True))
    assert not sig.results_inferred and sig.regions == ("cond", "branches")
    assert sig.variadic_regions
    assert sig.parameters() == (["r", "rs", "inputs", "n", "num_branches"], ["x", "flag", "k"])
    inferred = parse_signature("lhs, rhs => result")
    assert inferred.results_inferred and inferred.parameters() == (["lhs", "rhs"], [])
    assert parse_signature("a**, b** -> c**, d**").has_operand_segments
    assert parse_signature("a** -> c**").operands[0] == Operand("a", SEGMENT)
    with pytest.raises(ValueError, match="unknown attribute kind"):
        parse_signature("x: Foo -> r")
    with pytest.raises(ValueError, match="expected"):
        parse_signature("x, y")


# --- names jax references ---------------------------------------------------------------


def _jax_src() -> Path | None:
    spec = importlib.util.find_spec("jax")
    # origin None: a namespace package (some folder named jax), not jax itself.
    if spec is None or spec.origin is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "_src"


def _jax_references() -> dict[str, set[str]]:
    """``alias.Name`` attribute references in jax/_src's code (strings and
    comments excluded), per dialect module."""
    root = _jax_src()
    aliases = {"hlo": "stablehlo", "chlo": "chlo", "sdy": "sdy", "mhlo": "mhlo", "mpmd": "mpmd"}
    found: dict[str, set[str]] = {d: set() for d in DIALECTS}
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        with open(path, encoding="utf-8") as f:
            try:
                tokens = [t for t in tokenize.generate_tokens(f.readline)
                          if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
            except (tokenize.TokenError, SyntaxError):
                continue
        for a, dot, b in zip(tokens, tokens[1:], tokens[2:]):
            if a.type != tokenize.NAME or a.string not in aliases or dot.string != ".":
                continue
            if b.type != tokenize.NAME:
                continue
            if a.string == "hlo" and relative == "stages.py":
                continue  # there `hlo` is jaxlib._hlo, not the dialect
            if a.string == "mpmd" and relative.startswith("pallas/"):
                continue  # there `mpmd` is jax's own pallas module
            found[aliases[a.string]].add(b.string)
    return found


@pytest.mark.skipif(_jax_src() is None, reason="jax is not installed")
def test_every_name_jax_references_exists():
    references = _jax_references()
    assert len(references["stablehlo"]) > 100 and len(references["chlo"]) > 20
    missing = {d: sorted(n for n in names if not hasattr(_dialect(d), n))
               for d, names in references.items()}
    assert {d: m for d, m in missing.items() if m} == {}


# --- the generated classes are the op table ----------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_generated_classes_are_the_op_table(dialect):
    module = _dialect(dialect)
    generated = {cls.OPERATION_NAME for cls in vars(module).values()
                 if inspect.isclass(cls) and hasattr(cls, "OPERATION_NAME")
                 and hasattr(cls, "_ODS_SIGNATURE")}
    table = {name for name, d in load_op_table().items()
             if d.dialect == dialect and signature_of(d) is not None}
    assert generated == table
    # Only ops with no Python builder in the real bindings lack a signature.
    unsigned = {name for name, d in load_op_table().items()
                if d.dialect == dialect and signature_of(d) is None}
    assert unsigned <= {"stablehlo.collective_reduce"}


def test_builder_signatures_follow_the_real_bindings():
    hlo, chlo, sdy = _dialect("stablehlo"), _dialect("chlo"), _dialect("sdy")

    def params(f):
        return [(p.name, p.kind.name) for p in inspect.signature(f).parameters.values()]

    assert params(hlo.add) == [("lhs", "POSITIONAL_OR_KEYWORD"), ("rhs", "POSITIONAL_OR_KEYWORD"),
                               ("results", "KEYWORD_ONLY"), ("loc", "KEYWORD_ONLY"),
                               ("ip", "KEYWORD_ONLY")]
    assert [p for p, _ in params(hlo.CustomCallOp.__init__)][:4] == [
        "self", "result", "inputs", "call_target_name"]
    assert [p for p, _ in params(hlo.DotGeneralOp)][:4] == [
        "result", "lhs", "rhs", "dot_dimension_numbers"]
    assert [p for p, _ in params(hlo.case)][:3] == ["result", "index", "num_branches"]
    assert [p for p, _ in params(hlo.RngBitGeneratorOp)][:4] == [
        "output_state", "output", "rng_algorithm", "initial_state"]
    for name in ("while_", "and_", "or_", "not_", "return_", "if_"):
        assert callable(getattr(hlo, name))
    assert hlo.MulOp.OPERATION_NAME == "stablehlo.multiply"
    assert chlo.BroadcastMulOp.OPERATION_NAME == "chlo.broadcast_multiply"
    assert sdy.ManualComputationOp.OPERATION_NAME == "sdy.manual_computation"
    assert "results" in inspect.signature(chlo.erf_inv).parameters


# --- attribute classes ----------------------------------------------------------------------


def test_attribute_classes_build_the_parsers_core_values():
    from jaxlib._src.frontends.mlir_text import MlirParser
    from jaxlib._src.ir import attributes as core

    hlo, sdy = _dialect("stablehlo"), _dialect("sdy")

    def parsed(text):
        return MlirParser(text).parse_attribute()

    with ir.Context(), ir.Location.unknown():
        lt = hlo.ComparisonDirectionAttr.get("LT")
        assert lt._core == parsed("#stablehlo<comparison_direction LT>") and lt.value == "LT"
        dims = hlo.DotDimensionNumbers.get([0], [0], [2], [1])
        assert dims._core == parsed("#stablehlo.dot<lhs_batching_dimensions = [0], "
                                    "rhs_batching_dimensions = [0], "
                                    "lhs_contracting_dimensions = [2], "
                                    "rhs_contracting_dimensions = [1]>")
        assert dims.lhs_contracting_dimensions == [2]
        assert isinstance(hlo.ChannelHandle.get(1, 2)._core, core.ChannelHandle)
        assert hlo.TokenType.get()._core == core.TokenType() if hasattr(core, "TokenType") else True
        mesh = sdy.MeshAttr.get([sdy.MeshAxisAttr.get("x", 2), sdy.MeshAxisAttr.get("y", 4)])
        assert str(mesh._core.text) == '#sdy.mesh<["x"=2, "y"=4]>'
        sharding = sdy.TensorShardingAttr.get(
            "mesh", [sdy.DimensionShardingAttr.get([sdy.AxisRefAttr.get("x")], is_closed=True),
                     sdy.DimensionShardingAttr.get([], is_closed=False, priority=1)],
            replicated_axes=[sdy.AxisRefAttr.get("y")])
        assert sharding._core.text == '#sdy.sharding<@mesh, [{"x"}, {?}p1], replicated={"y"}>'
        assert [a.name for a in sharding.replicated_axes] == ["y"]
        per_value = sdy.TensorShardingPerValueAttr.get([sharding])
        assert per_value._core.text == ('#sdy.sharding_per_value<[<@mesh, [{"x"}, {?}p1], '
                                        'replicated={"y"}>]>')
        # An attribute read back from an op wraps as its dialect class.
        assert isinstance(ir.Attribute._from_core(lt._core), ir.Attribute)
        assert hlo.get_smaller_version("1.2.3", "1.10.0") == "1.2.3"


# --- building, printing, parsing, running ---------------------------------------------------


def _compile_and_run(module, args):
    from jaxlib import xla_client
    from jaxlib._src.frontends.mlir_text import parse_module

    text = str(module)
    parsed = parse_module(text)
    core_module = module._core_module() if hasattr(module, "_core_module") else None
    if core_module is not None:
        assert core_module.structurally_equals(parsed)
    client = xla_client.make_cpu_client()
    device = client.local_devices()[0]
    executable = client.compile_and_load(text, xla_client.DeviceList((device,))) \
        if hasattr(xla_client, "DeviceList") else client.compile_and_load(text, [device])
    buffers = [client.buffer_from_pyval(np.asarray(a), device) for a in args]
    outs = executable.execute(buffers)
    return [np.asarray(o) for o in outs]


def _tensor(shape, element):
    return ir.RankedTensorType.get(list(shape), element)


def _build(arg_types, body):
    """A module with @main(arg_types) whose body ``body(args)`` returns the
    result values (func.func made generically: the func dialect is not
    under test here)."""
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        fn = ir.Operation.create(
            "func.func", attributes={
                "sym_name": ir.StringAttr.get("main"),
                "function_type": ir.TypeAttr.get(ir.FunctionType.get(arg_types, []))},
            regions=1)
        block = ir.Block.create_at_start(fn.regions[0], arg_types)
        with ir.InsertionPoint(block):
            results = body(list(block.arguments))
            ir.Operation.create("func.return", operands=results)
        fn.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(arg_types, [r.type for r in results]))
    return module


def test_builders_make_programs_that_run():
    hlo, chlo = _dialect("stablehlo"), _dialect("chlo")
    x = np.arange(6, dtype=np.float32).reshape(2, 3) / 7
    y = np.arange(12, dtype=np.float32).reshape(3, 4) / 5
    with ir.Context(), ir.Location.unknown():
        f32 = ir.F32Type.get()
        i32 = ir.IntegerType.get_signless(32)

        def body(args):
            a, b = args
            s = hlo.add(a, a)
            m = hlo.MulOp(s, a).result
            cmp = hlo.compare(a, m, hlo.ComparisonDirectionAttr.get("LT"),
                              compare_type=hlo.ComparisonTypeAttr.get("FLOAT"))
            sel = hlo.select(cmp, a, m)
            one = hlo.constant(ir.DenseElementsAttr.get(np.float32(1.0)))
            bcast = hlo.broadcast_in_dim(_tensor((2, 3), f32), one, [])
            resh = hlo.reshape(_tensor((3, 2), f32), hlo.add(sel, bcast))
            dot = hlo.DotGeneralOp(
                _tensor((2, 4), f32), a, b,
                dot_dimension_numbers=hlo.DotDimensionNumbers.get([], [], [1], [0]),
                precision_config=ir.ArrayAttr.get([hlo.PrecisionAttr.get("DEFAULT")] * 2)).result
            iota = hlo.iota(_tensor((2, 3), i32), 1)
            conv = hlo.convert(_tensor((2, 3), f32), iota)
            sl = hlo.slice(a, [0, 1], [2, 3], [1, 1])
            ds = hlo.dynamic_slice(a, [hlo.constant(ir.DenseElementsAttr.get(np.int32(1))),
                                       hlo.constant(ir.DenseElementsAttr.get(np.int32(0)))],
                                   [1, 2])
            cat = hlo.concatenate([a, conv], 0)
            tr = hlo.transpose(a, [1, 0])
            erf = chlo.erf_inv(hlo.multiply(a, hlo.broadcast_in_dim(
                _tensor((2, 3), f32), hlo.constant(ir.DenseElementsAttr.get(np.float32(0.1))),
                [])))
            # reduce with a region
            zero = hlo.constant(ir.DenseElementsAttr.get(np.float32(0.0)))
            red = hlo.ReduceOp([_tensor((2,), f32)], [a], [zero], [1])
            rblock = red.regions[0].blocks.append(_tensor((), f32), _tensor((), f32))
            with ir.InsertionPoint(rblock):
                hlo.return_([hlo.add(*rblock.arguments)])
            return [resh, dot, conv, sl, ds, cat, tr, erf, red.results[0]]

        module = _build([_tensor((2, 3), f32), _tensor((3, 4), f32)], body)
        assert "stablehlo.dot_general" in str(module)
        outs = _compile_and_run(module, [x, y])
    sel = np.where(x < 2 * x * x, x, 2 * x * x)
    np.testing.assert_allclose(outs[0], (sel + 1).reshape(3, 2), rtol=1e-6)
    np.testing.assert_allclose(outs[1], x @ y, rtol=1e-5)
    np.testing.assert_array_equal(outs[2], np.tile(np.arange(3, dtype=np.float32), (2, 1)))
    np.testing.assert_array_equal(outs[3], x[:, 1:])
    np.testing.assert_array_equal(outs[4], x[1:2, 0:2])
    np.testing.assert_array_equal(outs[5], np.concatenate([x, outs[2]]))
    np.testing.assert_array_equal(outs[6], x.T)
    from scipy.special import erfinv

    np.testing.assert_allclose(outs[7], erfinv(x * np.float32(0.1)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(outs[8], x.sum(1), rtol=1e-6)


def test_control_flow_sort_gather_scatter_custom_call_build_and_run():
    hlo = _dialect("stablehlo")
    x = np.array([3.0, 1.0, 2.0, 5.0], np.float32)
    with ir.Context(), ir.Location.unknown():
        f32 = ir.F32Type.get()
        i32 = ir.IntegerType.get_signless(32)
        i1 = ir.IntegerType.get_signless(1)
        scalar_i32 = _tensor((), i32)
        vec = _tensor((4,), f32)

        def body(args):
            (a,) = args
            # while: count i up to 3, doubling a each step
            zero = hlo.constant(ir.DenseElementsAttr.get(np.int32(0)))
            w = hlo.WhileOp([scalar_i32, vec], [zero, a])
            cond = w.regions[0].blocks.append(scalar_i32, vec)
            with ir.InsertionPoint(cond):
                three = hlo.constant(ir.DenseElementsAttr.get(np.int32(3)))
                hlo.return_([hlo.compare(cond.arguments[0], three,
                                         hlo.ComparisonDirectionAttr.get("LT"))])
            wbody = w.regions[1].blocks.append(scalar_i32, vec)
            with ir.InsertionPoint(wbody):
                one = hlo.constant(ir.DenseElementsAttr.get(np.int32(1)))
                hlo.return_([hlo.add(wbody.arguments[0], one),
                             hlo.add(wbody.arguments[1], wbody.arguments[1])])
            doubled = w.results[1]
            # case on index 1 -> second branch (negate)
            case = hlo.CaseOp([vec], hlo.constant(ir.DenseElementsAttr.get(np.int32(1))), 2)
            for i, region in enumerate(case.regions):
                blk = region.blocks.append()
                with ir.InsertionPoint(blk):
                    hlo.return_([a if i == 0 else hlo.negate(a)])
            # sort descending
            sort = hlo.SortOp([vec], [a], dimension=0, is_stable=True)
            cmp = sort.regions[0].blocks.append(_tensor((), f32), _tensor((), f32))
            with ir.InsertionPoint(cmp):
                hlo.return_([hlo.compare(*cmp.arguments, hlo.ComparisonDirectionAttr.get("GT"))])
            # gather elements [3, 0]
            idx = hlo.constant(ir.DenseElementsAttr.get(np.array([[3], [0]], np.int32)))
            gathered = hlo.gather(a, idx, hlo.GatherDimensionNumbers.get(
                offset_dims=[], collapsed_slice_dims=[0], operand_batching_dims=[],
                start_indices_batching_dims=[], start_index_map=[0], index_vector_dim=1),
                [1], indices_are_sorted=False)
            # scatter-add 10 into element 2
            sidx = hlo.constant(ir.DenseElementsAttr.get(np.array([[2]], np.int32)))
            upd = hlo.constant(ir.DenseElementsAttr.get(np.array([10.0], np.float32)))
            scatter = hlo.ScatterOp([vec], [a], sidx, [upd], hlo.ScatterDimensionNumbers.get(
                update_window_dims=[], inserted_window_dims=[0], input_batching_dims=[],
                scatter_indices_batching_dims=[], scattered_dims_to_operand_dims=[0],
                index_vector_dim=1))
            sblk = scatter.regions[0].blocks.append(_tensor((), f32), _tensor((), f32))
            with ir.InsertionPoint(sblk):
                hlo.return_([hlo.add(*sblk.arguments)])
            # an optimization barrier through a custom_call-free path, and a
            # custom call the CPU backend knows
            barrier = hlo.OptimizationBarrierOp([a]).results[0]
            pred = hlo.compare(barrier, a, hlo.ComparisonDirectionAttr.get("EQ"))
            assert ir.RankedTensorType(pred.type).element_type == i1
            return [doubled, case.results[0], sort.results[0], gathered, scatter.results[0],
                    barrier]

        module = _build([vec], body)
        outs = _compile_and_run(module, [x])
    np.testing.assert_array_equal(outs[0], x * 8)
    np.testing.assert_array_equal(outs[1], -x)
    np.testing.assert_array_equal(outs[2], np.sort(x)[::-1])
    np.testing.assert_array_equal(outs[3], x[[3, 0]])
    np.testing.assert_array_equal(outs[4], x + np.array([0, 0, 10, 0], np.float32))
    np.testing.assert_array_equal(outs[5], x)


def test_custom_call_and_sharding_constraint_build():
    hlo, sdy = _dialect("stablehlo"), _dialect("sdy")
    with ir.Context(), ir.Location.unknown():
        f32 = ir.F32Type.get()
        vec = _tensor((4,), f32)

        def body(args):
            (a,) = args
            cc = hlo.CustomCallOp([vec], [a], call_target_name="annotate_device_placement",
                                  has_side_effect=False,
                                  api_version=ir.IntegerAttr.get(ir.IntegerType.get_signless(32),
                                                                 1))
            assert cc.call_target_name.value == "annotate_device_placement"
            sharding = sdy.TensorShardingAttr.get(
                sdy.MeshAttr.get([]), [sdy.DimensionShardingAttr.get([], is_closed=True)])
            constrained = sdy.sharding_constraint(cc.results[0], sharding)
            return [constrained]

        module = _build([vec], body)
        text = str(module)
        assert "stablehlo.custom_call" in text and "sdy.sharding_constraint" in text


def test_missing_result_types_and_unsupported_ops_are_clear_errors():
    hlo = _dialect("stablehlo")
    with ir.Context(), ir.Location.unknown():
        f32 = ir.F32Type.get()
        vec = _tensor((4,), f32)

        def body(args):
            with pytest.raises(ValueError, match="cannot infer"):
                hlo.uniform_dequantize(args[0])
            with pytest.raises(TypeError, match="must be an ir.Attribute"):
                hlo.compare(args[0], args[0], "LT")
            done = hlo.async_done(args[0], results=[vec])
            return [done]

        module = _build([vec], body)
        with pytest.raises(Exception, match="async_done takes one !stablehlo.future"):
            _compile_and_run(module, [np.zeros(4, np.float32)])


def test_unsupported_attribute_and_client_kinds_are_named_errors():
    import jaxlib._jax as _jax
    from jaxlib.mlir.dialects import stablehlo

    with ir.Context():
        future = stablehlo.FutureType.get([_tensor((4,), ir.F32Type.get())])
        assert str(future) == "!stablehlo.future<tensor<4xf32>>"
        assert [str(t) for t in future.types] == ["tensor<4xf32>"]
        assert stablehlo.FutureType.isinstance(future)
    with pytest.raises(NotImplementedError, match="compile-only clients"):
        _jax.CompileOnlyPyClient()
