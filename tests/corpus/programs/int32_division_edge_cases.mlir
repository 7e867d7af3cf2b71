module @jit_int32_division_edge_cases attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<6xi32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<6xi32>
    %1 = stablehlo.remainder %arg0, %arg1 : tensor<6xi32>
    return %0, %1 : tensor<6xi32>, tensor<6xi32>
  }
}
