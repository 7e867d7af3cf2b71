module @jit_uint32_arith attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xui32>, %arg1: tensor<12xui32>) -> (tensor<12xui32> {jax.result_info = "result[0]"}, tensor<12xui32> {jax.result_info = "result[1]"}, tensor<12xui32> {jax.result_info = "result[2]"}, tensor<12xui32> {jax.result_info = "result[3]"}, tensor<12xui32> {jax.result_info = "result[4]"}, tensor<12xi1> {jax.result_info = "result[5]"}, tensor<12xui32> {jax.result_info = "result[6]"}, tensor<12xui32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<12xui32>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<12xui32>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<12xui32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %4 = stablehlo.or %arg1, %3 : tensor<12xui32>
    %5 = call @floor_divide(%arg0, %4) : (tensor<12xui32>, tensor<12xui32>) -> tensor<12xui32>
    %6 = stablehlo.maximum %arg0, %arg1 : tensor<12xui32>
    %7 = stablehlo.compare GT, %arg0, %arg1, UNSIGNED : (tensor<12xui32>, tensor<12xui32>) -> tensor<12xi1>
    %8 = stablehlo.xor %arg0, %arg1 : tensor<12xui32>
    %9 = stablehlo.not %arg1 : tensor<12xui32>
    %10 = stablehlo.and %arg0, %9 : tensor<12xui32>
    return %0, %1, %2, %5, %6, %7, %8, %10 : tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xi1>, tensor<12xui32>, tensor<12xui32>
  }
  func.func private @floor_divide(%arg0: tensor<12xui32>, %arg1: tensor<12xui32>) -> tensor<12xui32> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<12xui32>
    return %0 : tensor<12xui32>
  }
}
