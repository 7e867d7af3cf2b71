module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>) -> (tensor<6xi1> {jax.result_info = "result[0]"}, tensor<6xi1> {jax.result_info = "result[1]"}, tensor<6xi1> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.is_finite %arg0 : (tensor<6xf32>) -> tensor<6xi1>
    %1 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %2 = call @isinf(%arg0) : (tensor<6xf32>) -> tensor<6xi1>
    return %0, %1, %2 : tensor<6xi1>, tensor<6xi1>, tensor<6xi1>
  }
  func.func private @isinf(%arg0: tensor<6xf32>) -> tensor<6xi1> {
    %0 = stablehlo.abs %arg0 : tensor<6xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    return %2 : tensor<6xi1>
  }
}
