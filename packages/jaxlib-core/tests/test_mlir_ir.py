"""jaxlib.mlir.ir / passmanager / _jax_mlir_ext / func over the project's own IR:
modules built through the MLIR Python API print, parse back, compare structurally
with their core form, compile and run."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest

from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir import attributes as core_attrs
from jaxlib._src.ir.types import TensorType
from jaxlib._src.jax_api.mlir.ir import to_core_module
from jaxlib.mlir import ir, passmanager
from jaxlib.mlir._mlir_libs import _jax_mlir_ext as ext
from jaxlib.mlir.dialects import func

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "programs"


@pytest.fixture()
def ctx():
    with ir.Context() as context, ir.Location.unknown():
        yield context


def f32(*shape):
    return ir.RankedTensorType.get(list(shape), ir.F32Type.get())


def _build_add_mul(name="main"):
    module = ir.Module.create()
    module.operation.attributes["sym_name"] = ir.StringAttr.get("jit_f")
    module.operation.attributes["mhlo.num_replicas"] = ir.IntegerAttr.get(
        ir.IntegerType.get_signless(32), 1)
    t = f32(3)
    with ir.InsertionPoint(module.body):
        fn = func.FuncOp(name, ir.FunctionType.get([t, t], [t]))
    fn.arg_attrs = ir.ArrayAttr.get([ir.DictAttr.get({"jax.const": ir.BoolAttr.get(True)}),
                                     ir.DictAttr.get({})])
    fn.result_attrs = ir.ArrayAttr.get([ir.DictAttr.get({"jax.result_info":
                                                         ir.StringAttr.get("out")})])
    entry = fn.add_entry_block()
    with ir.InsertionPoint(entry):
        add = ir.Operation.create("stablehlo.add", results=[t], operands=list(entry.arguments))
        const = ir.Operation.create("stablehlo.constant", results=[t], attributes={
            "value": ir.DenseElementsAttr.get(np.float32([1, 2, 3]))})
        mul = ir.Operation.create("stablehlo.multiply", results=[t],
                                  operands=[add.result, const.result])
        func.ReturnOp([mul.result])
    return module, fn


def _roundtrip(module):
    text = str(module)
    parsed = parse_module(text)
    assert to_core_module(module).structurally_equals(parsed), text
    assert str(ir.Module.parse(text)) == text
    return text


def test_types_print_and_compare(ctx):
    t = f32(2, 3)
    assert str(t) == "tensor<2x3xf32>" and repr(t) == "RankedTensorType(tensor<2x3xf32>)"
    assert t == ir.RankedTensorType.get([2, 3], ir.F32Type.get()) and hash(t) == hash(f32(2, 3))
    assert t.shape == [2, 3] and t.rank == 2 and t.get_dim_size(1) == 3
    assert isinstance(t.element_type, ir.F32Type) and isinstance(t.element_type, ir.FloatType)
    dyn = ir.RankedTensorType.get([ir.ShapedType.get_dynamic_size(), 2], ir.BF16Type.get())
    assert str(dyn) == "tensor<?x2xbf16>" and dyn.is_dynamic_dim(0)
    assert str(ir.IntegerType.get_unsigned(8)) == "ui8"
    assert ir.IntegerType(ir.IntegerType.get_signless(32)).width == 32
    assert str(ir.ComplexType.get(ir.F32Type.get())) == "complex<f32>"
    assert str(ir.IndexType.get()) == "index"
    assert str(ir.Float8E4M3FNType.get()) == "f8E4M3FN"
    ft = ir.FunctionType.get([t], [t, t])
    assert str(ft) == "(tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)"
    assert ft.inputs == [t] and len(ft.results) == 2
    parsed = ir.Type.parse("tensor<4xi32>")
    assert isinstance(parsed, ir.RankedTensorType)
    assert isinstance(ir.RankedTensorType(ir.Type(parsed)), ir.RankedTensorType)
    with pytest.raises(ValueError):
        ir.RankedTensorType(ir.F32Type.get())
    assert ir.RankedTensorType.isinstance(t) and not ir.IntegerType.isinstance(t)


def test_attributes_wrap_core_values(ctx):
    i32 = ir.IntegerType.get_signless(32)
    assert str(ir.IntegerAttr.get(i32, 3)) == "3 : i32"
    assert ir.IntegerAttr.get(i32, 3)._core == core_attrs.IntegerAttr(3, "i32")
    assert ir.IntegerAttr.get(i32, 3) != ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 3)
    assert str(ir.BoolAttr.get(True)) == "true" and ir.BoolAttr.get(True).value is True
    assert ir.StringAttr.get("x").value == "x" and str(ir.StringAttr.get("x")) == '"x"'
    array = ir.ArrayAttr.get([ir.UnitAttr.get(), ir.FlatSymbolRefAttr.get("f")])
    assert str(array) == "[unit, @f]" and len(array) == 2
    assert isinstance(array[1], ir.FlatSymbolRefAttr) and array[1].value == "f"
    d = ir.DictAttr.get({"a": ir.BoolAttr.get(False)})
    assert "a" in d and len(d) == 1 and isinstance(d["a"], ir.BoolAttr)
    dense_array = ir.DenseI64ArrayAttr.get([1, 2])
    assert str(dense_array) == "array<i64: 1, 2>" and list(dense_array) == [1, 2]
    assert dense_array._core == core_attrs.i64_array([1, 2])
    assert str(ir.DenseBoolArrayAttr.get([True])) == "array<i1: true>"
    assert ir.TypeAttr.get(f32(2)).value == f32(2)
    dense = ir.DenseIntElementsAttr.get(np.asarray([1, 2], np.int64))
    assert isinstance(dense, ir.DenseIntElementsAttr) and isinstance(dense, ir.DenseElementsAttr)
    assert str(dense) == "dense<[1, 2]> : tensor<2xi64>"
    index_dense = ir.DenseIntElementsAttr.get(np.asarray([1, 0]), type=ir.IndexType.get())
    assert str(index_dense) == "dense<[1, 0]> : tensor<2xindex>"
    splat = ir.DenseElementsAttr.get_splat(f32(4), ir.FloatAttr.get(ir.F32Type.get(), 1.5))
    assert isinstance(splat, ir.DenseFPElementsAttr) and splat.is_splat
    assert str(splat) == "dense<1.500000e+00> : tensor<4xf32>"
    typed = ir.DenseElementsAttr.get(np.uint8([1, 2]), type=ir.IntegerType.get_unsigned(8))
    assert str(typed) == "dense<[1, 2]> : tensor<2xui8>"
    parsed = ir.Attribute.parse("1 : i32")
    assert isinstance(parsed, ir.IntegerAttr) and parsed == ir.IntegerAttr.get(i32, 1)
    assert hash(parsed) == hash(ir.IntegerAttr.get(i32, 1))
    assert isinstance(ir.StringAttr(ir.Attribute(ir.StringAttr.get("s"))), ir.StringAttr)


def test_build_print_parse_and_core_module(ctx):
    module, fn = _build_add_mul()
    assert module.operation.verify()
    text = _roundtrip(module)
    assert 'jax.result_info = "out"' in text and "jax.const = true" in text
    core = module._core_module()
    # The compiler's function body is the live region itself.
    assert core.functions[0].body is fn.regions[0]._core
    assert core.name == "jit_f" and core.attributes["mhlo.num_replicas"] == 1
    ops = list(module.body.operations)
    assert isinstance(ops[0], func.FuncOp) and ops[0].sym_name.value == "main"
    assert ops[0] == fn and hash(ops[0]) == hash(fn)
    assert [op.name for op in fn.entry_block.operations] == [
        "stablehlo.add", "stablehlo.constant", "stablehlo.multiply", "func.return"]


def test_values_owners_and_lists(ctx):
    module, fn = _build_add_mul()
    args = fn.arguments
    assert len(args) == 2 and args.types == [f32(3), f32(3)]
    assert args[0] == fn.entry_block.arguments[0] and {args[0]: 1}[fn.arguments[0]] == 1
    assert isinstance(args[0], ir.BlockArgument) and args[0].owner == fn.entry_block
    add = fn.entry_block.operations[0]
    assert isinstance(add.result, ir.OpResult) and add.result.owner == add.operation
    assert add.operands[1] == args[1] and len(add.results) == 1
    assert add.result.type == f32(3) and fn.entry_block.owner == fn
    assert add.operation.parent == fn and fn.parent.operation == module.operation


def test_region_op_compiles_and_runs(ctx):
    from jaxlib import xla_client

    module = ir.Module.create()
    t, s = f32(4), f32()
    with ir.InsertionPoint(module.body):
        fn = func.FuncOp("main", ir.FunctionType.get([t], [s]))
    entry = fn.add_entry_block()
    with ir.InsertionPoint(entry):
        zero = ir.Operation.create("stablehlo.constant", results=[s], attributes={
            "value": ir.DenseElementsAttr.get(np.float32(0.0))})
        reduce = ir.Operation.create(
            "stablehlo.reduce", results=[s], operands=[entry.arguments[0], zero.result],
            attributes={"dimensions": ir.DenseI64ArrayAttr.get([0])}, regions=1)
        body = reduce.regions[0].blocks.append(s, s)
        with ir.InsertionPoint(body):
            add = ir.Operation.create("stablehlo.add", results=[s], operands=list(body.arguments))
            ir.Operation.create("stablehlo.return", operands=[add.result])
        func.ReturnOp([reduce.result])
    assert module.operation.verify()
    text = _roundtrip(module)
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(text, client.devices()[:1])
    arg = client.buffer_from_pyval(np.float32([1, 2, 3, 4]), client.devices()[0])
    assert float(np.asarray(exe.execute([arg])[0])) == 10.0


def test_verify_raises_mlir_error(ctx):
    module, fn = _build_add_mul()
    with ir.InsertionPoint.at_block_terminator(fn.entry_block):
        ir.Operation.create("stablehlo.add", results=[f32(4)], operands=list(fn.arguments))
    with pytest.raises(ir.MLIRError) as info:
        module.operation.verify()
    diagnostics = info.value.error_diagnostics
    assert diagnostics and "stablehlo.add" in diagnostics[0].message


def test_insertion_points_clone_erase_move(ctx):
    module, fn = _build_add_mul()
    entry = fn.entry_block
    first = entry.operations[0]
    with ir.InsertionPoint.at_block_begin(entry):
        c = ir.Operation.create("stablehlo.constant", results=[f32(3)], attributes={
            "value": ir.DenseElementsAttr.get(np.float32([0, 0, 0]))})
    assert entry.operations[0] == c and entry.operations[1] == first
    c.move_after(first)
    assert entry.operations[1] == c
    c.erase()
    assert len(entry.operations) == 4
    copy = module.operation.clone()
    assert str(copy) == str(module) and copy != module.operation
    detached = func.FuncOp("g", ir.FunctionType.get([], []), ip=False)
    assert detached.parent is None and len(module.body.operations) == 1


def test_symbol_table_renames_like_mlir(ctx):
    module = ir.Module.create()
    table = ir.SymbolTable(module.operation)
    ft = ir.FunctionType.get([], [])
    with ir.InsertionPoint(module.body):
        func.FuncOp("f", ft)
    names = []
    for name in ("f", "f", "f_0"):
        op = func.FuncOp(name, ft, ip=False)
        names.append(table.insert(op).value)
    # What the reference prints for the same sequence: f_0, f_1 and f_0_2.
    assert names == ["f_0", "f_1", "f_0_2"]
    assert "f_1" in table and table["f_1"].sym_name.value == "f_1"
    ir.SymbolTable.set_symbol_name(table["f_1"], "g")
    assert "g" in table and "f_1" not in table


def test_replace_symbol_uses_and_call(ctx):
    module = ir.Module.create()
    t = f32(2)
    with ir.InsertionPoint(module.body):
        callee = func.FuncOp("callee", ir.FunctionType.get([t], [t]), visibility="private")
        main = func.FuncOp("main", ir.FunctionType.get([t], [t]))
    with ir.InsertionPoint(callee.add_entry_block()):
        func.ReturnOp([callee.arguments[0]])
    with ir.InsertionPoint(main.add_entry_block()):
        call = func.CallOp([t], ir.FlatSymbolRefAttr.get("callee"), [main.arguments[0]])
        func.ReturnOp(call.results)
    ir.SymbolTable.set_symbol_name(callee, "renamed")
    ir.SymbolTable.replace_all_symbol_uses("callee", "renamed", main)
    assert call.callee.value == "renamed"
    module.operation.verify()
    _roundtrip(module)


def test_walk_and_write_bytecode(ctx):
    module, _ = _build_add_mul()
    seen = []

    def visit(op):
        seen.append(op.name)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    assert seen[-1] == "builtin.module" and seen.count("func.func") == 1
    out = io.BytesIO()
    module.operation.write_bytecode(file=out)  # keeps the locations, as MLIR's bytecode
    parsed = ir.Module.parse(out.getvalue())
    assert str(parsed) == str(module)
    text_out = io.StringIO()
    module.operation.print(file=text_out, enable_debug_info=True)
    assert "loc(" in text_out.getvalue() and "loc(" not in str(module)
    assert text_out.getvalue().replace(" loc(unknown)", "") == str(module)
    assert parsed.operation.get_asm(enable_debug_info=True) == text_out.getvalue()


def test_passes(ctx):
    text = """
module @m {
  func.func private @unused(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
  func.func private @used(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = call @used(%arg0) : (tensor<4xf32>) -> tensor<4xf32> loc("x.py":3:4)
    return %0 : tensor<4xf32>
  }
}
"""
    module = ir.Module.parse(text)
    passmanager.PassManager.parse("builtin.module(symbol-dce)").run(module.operation)
    assert [op.sym_name.value for op in module.body.operations] == ["used", "main"]
    passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
    assert all(str(op.location) == "loc(unknown)" for op in module.body.operations[1].entry_block)
    with pytest.raises(NotImplementedError, match="canonicalize"):
        passmanager.PassManager.parse("builtin.module(canonicalize)")
    with pytest.raises(ValueError, match="anchor"):
        passmanager.PassManager.parse("symbol-dce")


ROUND_TRIP = r"""
module @jit_func attributes {mhlo.frontend_attributes = {xla.sdy.meshes =
    "{mesh = #sdy.mesh<[\22a\22=2]>}"}, mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding =
      "#sdy.sharding<@mesh, [{\22a\22}]>"}, mhlo.sharding = "{devices=[2]<=[2]}"})
      -> (tensor<4xf32> {jax.result_info = "result", mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %0 = stablehlo.sine %arg0 {mhlo.frontend_attributes = {xla.sdy.sharding =
        "#sdy.sharding_per_value<[<@mesh, [{}]>]>", other = "kept"}} : tensor<4xf32>
    %1 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%0) {has_side_effect = true,
        mhlo.frontend_attributes = {xla.sdy.sharding =
        "#sdy.sharding_per_value<[<@mesh, [{\22a\22}]>]>"}} : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
"""


def test_shardy_round_trip_attributes_are_imported(ctx):
    """Exports of jax before mid-2025 kept Shardy's meshes and shardings as
    frontend-attribute strings: the pass makes them Shardy's again."""
    module = ir.Module.parse(ROUND_TRIP)
    passmanager.PassManager.parse(
        "builtin.module(xla-sdy-round-trip-import-shardy-attrs)").run(module.operation)
    text = str(module)
    assert 'sdy.mesh @mesh = <["a"=2]>' in text
    assert 'sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}' in text
    assert text.count('#sdy.sharding<@mesh, [{"a"}]>') == 2  # the argument and the result
    assert 'sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>' in text
    assert "xla.sdy" not in text and "FuncResultSharding" not in text
    assert 'other = "kept"' in text and "mhlo.sharding" not in text
    assert "return %0" in text


def test_round_trip_shard_maps_are_refused_by_name(ctx):
    module = ir.Module.parse("""
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) : (tensor<4xf32>)
        -> tensor<2xf32>
    %1 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%0) : (tensor<2xf32>)
        -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }""")
    with pytest.raises(NotImplementedError, match="GlobalToLocalShape"):
        passmanager.PassManager.parse(
            "builtin.module(xla-sdy-round-trip-import-shardy-attrs)").run(module.operation)


def test_sdy_lift_inlined_meshes_matches_reference(ctx):
    x_arg = '#sdy.sharding<mesh<["x"=2]>, [{"x"}]>'
    x_res = '#sdy.sharding<mesh<["x"=2]>, [{}]>'
    y = '#sdy.sharding<mesh<["y"=4]>, [{"y"}]>'
    a = '#sdy.sharding<mesh<["a"=2]>, [{"a"}]>'
    t = "tensor<4xf32>"
    text = f"""
module @m {{
  sdy.mesh @existing = <["a"=2]>
  func.func public @main(%arg0: {t} {{sdy.sharding = {x_arg}}})
      -> ({t} {{sdy.sharding = {x_res}}}) {{
    %0 = "sdy.sharding_constraint"(%arg0) {{sharding = {y}}} : ({t}) -> {t}
    %1 = "sdy.sharding_constraint"(%0) {{sharding = {a}}} : ({t}) -> {t}
    return %1 : {t}
  }}
}}
"""
    module = ir.Module.parse(text)
    passmanager.PassManager.parse("builtin.module(sdy-lift-inlined-meshes)").run(
        module.operation)
    meshes = {op.attributes["sym_name"].value: str(op.attributes["mesh"])
              for op in module.body.operations if op.name == "sdy.mesh"}
    # The reference: @existing kept and reused, new meshes @mesh and @mesh_0.
    assert meshes == {"existing": '<["a"=2]>', "mesh": '<["x"=2]>', "mesh_0": '<["y"=4]>'}
    printed = str(module)
    assert '#sdy.sharding<@mesh, [{"x"}]>' in printed
    # Sharding constraints print in their custom assembly, as MLIR prints them.
    assert 'sdy.sharding_constraint %arg0 <@mesh_0, [{"y"}]>' in printed
    assert 'sdy.sharding_constraint %0 <@existing, [{"a"}]>' in printed
    _roundtrip(module)


def test_lifted_meshes_are_named_by_kind(ctx):
    # As the reference names them: a device alone, no axes, anything else.
    t = "tensor<4xf32>"
    shardings = ['mesh<[], device_ids=[0]>, []', "mesh<[]>, [{?}]",
                 'mesh<[], device_ids=[3]>, []', 'mesh<["x"=2]>, [{"x"}]',
                 'mesh<["y"=2]>, [{"y"}]']
    ops = "\n".join(
        f'    %{i + 1} = "sdy.sharding_constraint"(%{i}) {{sharding = #sdy.sharding<{s}>}} '
        f": ({t}) -> {t}" for i, s in enumerate(shardings))
    text = (f"module @m {{\n  func.func public @main(%0: {t}) -> {t} {{\n{ops}\n"
            f"    return %{len(shardings)} : {t}\n  }}\n}}\n")
    module = ir.Module.parse(text)
    passmanager.PassManager.parse("builtin.module(sdy-lift-inlined-meshes)").run(
        module.operation)
    names = [op.attributes["sym_name"].value for op in module.body.operations
             if op.name == "sdy.mesh"]
    assert names == ["maximal_mesh_0", "empty_mesh", "maximal_mesh_3", "mesh", "mesh_0"]


class _Traceback:
    def __init__(self, frames):
        self._frames = frames

    def raw_frames(self):
        return [c for c, _ in self._frames], [i for _, i in self._frames]


def test_traceback_to_location():
    frame = sys._getframe()
    tb = _Traceback([(frame.f_code, frame.f_lasti)])
    cache = ext.TracebackToLocationCache(code_to_filename=lambda code: "t.py", frame_limit=4)
    loc = cache.get(tb)
    assert str(loc).startswith('loc("test_traceback_to_location"("t.py":')
    skipped = ext.TracebackToLocationCache(code_to_filename=lambda code: None, frame_limit=4)
    assert str(skipped.get(tb)) == "loc(unknown)"
    two = cache.get(_Traceback([(frame.f_code, frame.f_lasti)] * 2))
    assert str(two).startswith("loc(callsite(")
    named = ir.Location.name("foo", childLoc=ir.Location.file("a.py", 3, 4))
    assert str(named) == 'loc("foo"("a.py":3:4))'
    assert str(ir.Location.file("a.py", 3, 4, 5, 6)) == 'loc("a.py":3:4 to 5:6)'


def test_inlined_func_call(ctx):
    module, fn = _build_add_mul()
    with ir.InsertionPoint(module.body):
        outer = func.FuncOp("outer", ir.FunctionType.get([f32(3)], [f32(3)]))
    entry = outer.add_entry_block()
    with ir.InsertionPoint(entry):
        (out,) = ext.inlined_func_call(fn.operation, [entry.arguments[0], entry.arguments[0]])
        func.ReturnOp([out])
    assert [op.name for op in entry.operations][:3] == [
        "stablehlo.add", "stablehlo.constant", "stablehlo.multiply"]
    assert entry.operations[0].operands[0] == entry.arguments[0]
    module.operation.verify()
    _roundtrip(module)


def test_inlined_ops_are_named_and_placed_at_the_call(ctx):
    # As the reference: "caller name/callee name", the caller's op type, the
    # callee's place called from the caller's (the equation's traceback).
    t = f32(3)
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        callee = func.FuncOp("callee", ir.FunctionType.get([t], [t]))
        caller = func.FuncOp("caller", ir.FunctionType.get([t], [t]))
    body = callee.add_entry_block()
    with ir.InsertionPoint(body), ir.Location.name("sin:", ir.Location.name("sin")):
        sine = ir.Operation.create("stablehlo.sine", results=[t], operands=[body.arguments[0]])
        func.ReturnOp([sine.result])
    frame = ir.Location.name("f", ir.Location.file("f.py", 3, 4))
    user = ir.Location.name("<module>", ir.Location.file("f.py", 9, 0))
    entry = caller.add_entry_block([ir.Location.name("x")])
    at_call = ir.Location.name("jit(f)", ir.Location.callsite(frame, [user]))
    with ir.InsertionPoint(entry), at_call:
        (out,) = ext.inlined_func_call(callee.operation, [entry.arguments[0]])
        func.ReturnOp([out])
    inlined = entry.operations[0]
    assert str(inlined.location) == (
        'loc("jit(f)/sin"(callsite("f"("f.py":3:4) at "<module>"("f.py":9:0))))')
    text = module.operation.get_asm(enable_debug_info=True)
    assert '%arg0: tensor<3xf32> loc("x")' in text
    assert 'stablehlo.sine %arg0 : tensor<3xf32> loc("jit(f)/sin"(callsite(' in text
    assert "loc(" not in str(module)
    # strip-debuginfo (jax's cache keys) drops every location, arguments' too.
    from jaxlib.mlir import passmanager

    passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
    assert "loc(" not in module.operation.get_asm(enable_debug_info=True).replace(
        "loc(unknown)", "")


def test_unsupported_dialects_import():
    from jaxlib.mlir.dialects import arith, vector

    with pytest.raises(ImportError, match="not supported by this jaxlib"):
        arith.ConstantOp  # noqa: B018
    with pytest.raises(ImportError, match="the arith dialect"):
        from jaxlib.mlir.dialects.arith import ConstantOp  # noqa: F401
    assert vector.__all__ == []
    assert not hasattr(vector, "__wrapped__")


CORPUS_FILES = sorted(CORPUS.glob("*.mlir"))


@pytest.mark.skipif(not CORPUS_FILES, reason="no reference corpus")
def test_corpus_round_trips():
    for path in CORPUS_FILES:
        text = path.read_text()
        module = ir.Module.parse(text)
        printed = str(module)
        assert parse_module(printed).structurally_equals(parse_module(text)), path.name
        assert to_core_module(module).structurally_equals(parse_module(printed)), path.name


def test_module_types_are_core_types(ctx):
    module, fn = _build_add_mul()
    core_type = fn.entry_block.operations[0].result._core.type
    assert isinstance(core_type, TensorType) and core_type == TensorType((3,), "f32")


def test_a_context_starts_a_fresh_insertion_frame():
    # As MLIR's bindings: inside a new Context, the insertion point and
    # location of the code around it do not apply (jax lowers nested
    # computations in contexts of their own while an outer lowering is open).
    outer = ir.Module.create()
    with ir.Context(), ir.Location.unknown(), ir.InsertionPoint(outer.body):
        assert ir.InsertionPoint.current is not None
        with ir.Context():
            assert ir.Location.current is None
            clone = outer.operation.clone()  # detached: no insertion point here
            assert ir.InsertionPoint.current is None
        assert ir.InsertionPoint.current.block == outer.body
    assert len(outer.body.operations) == 0
    assert clone.parent is None
