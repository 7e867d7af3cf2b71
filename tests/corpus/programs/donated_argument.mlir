module @jit_donated_argument attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<4x3xf32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<4x3xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4x3xf32>
    %2 = stablehlo.add %arg0, %arg1 : tensor<4x3xf32>
    return %1, %2 : tensor<4x3xf32>, tensor<4x3xf32>
  }
}
