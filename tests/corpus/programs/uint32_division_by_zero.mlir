module @jit_uint32_division_by_zero attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui32>, %arg1: tensor<4xui32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<4xui32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<4xui32>
    %1 = stablehlo.remainder %arg0, %arg1 : tensor<4xui32>
    return %0, %1 : tensor<4xui32>, tensor<4xui32>
  }
}
