module @jit_concatenate_stack attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<4x3xf32>) -> (tensor<2x5xf32> {jax.result_info = "result[0]"}, tensor<6x3xf32> {jax.result_info = "result[1]"}, tensor<2x2x3xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
    %1 = stablehlo.concatenate %arg0, %arg2, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %3 = stablehlo.multiply %arg0, %2 : tensor<2x3xf32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
    %6 = stablehlo.concatenate %4, %5, dim = 1 : (tensor<2x1x3xf32>, tensor<2x1x3xf32>) -> tensor<2x2x3xf32>
    return %0, %1, %6 : tensor<2x5xf32>, tensor<6x3xf32>, tensor<2x2x3xf32>
  }
}
