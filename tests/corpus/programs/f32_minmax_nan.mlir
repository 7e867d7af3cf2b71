module @jit_f32_minmax_nan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<6xf32>
    %1 = stablehlo.minimum %arg0, %arg1 : tensor<6xf32>
    %2 = stablehlo.maximum %arg0, %arg1 : tensor<6xf32>
    %3 = stablehlo.minimum %arg0, %arg1 : tensor<6xf32>
    return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
