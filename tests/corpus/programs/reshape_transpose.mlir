module @jit_reshape_transpose attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<4x2x3xf32> {jax.result_info = "result[1]"}, tensor<24xf32> {jax.result_info = "result[2]"}, tensor<2x1x3x1x4xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
    %3 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2, 4] : (tensor<2x3x4xf32>) -> tensor<2x1x3x1x4xf32>
    return %0, %1, %2, %3 : tensor<6x4xf32>, tensor<4x2x3xf32>, tensor<24xf32>, tensor<2x1x3x1x4xf32>
  }
}
