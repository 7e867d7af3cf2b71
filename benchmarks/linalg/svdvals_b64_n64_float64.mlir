module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x64x64xf64>) -> (tensor<64x64xf64> {jax.result_info = "result"}) {
    %0 = call @svd(%arg0) : (tensor<64x64x64xf64>) -> tensor<64x64xf64>
    return %0 : tensor<64x64xf64>
  }
  func.func private @svd(%arg0: tensor<64x64x64xf64>) -> tensor<64x64xf64> {
    %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=64, j=64, k=64, l=64, m=64, n=64, o=64, p=64, q=64, r=64}, custom>} : (tensor<64x64x64xf64>) -> (tensor<64x64x64xf64>, tensor<64x64xf64>, tensor<64x64x64xf64>, tensor<64x64x64xf64>, tensor<64xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<64xi1>) -> tensor<64x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<64x64xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<64x1xi1>) -> tensor<64x64xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<64x64xi1>, tensor<64x64xf64>
    return %6 : tensor<64x64xf64>
  }
}
