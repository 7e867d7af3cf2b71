module @jit_f32_compare_select attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xi1> {jax.result_info = "result[0]"}, tensor<4x8xi1> {jax.result_info = "result[1]"}, tensor<4x8xi1> {jax.result_info = "result[2]"}, tensor<4x8xi1> {jax.result_info = "result[3]"}, tensor<4x8xi1> {jax.result_info = "result[4]"}, tensor<4x8xi1> {jax.result_info = "result[5]"}, tensor<4x8xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %1 = stablehlo.compare LE, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %2 = stablehlo.compare EQ, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %3 = stablehlo.compare NE, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %4 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %5 = stablehlo.compare GE, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %6 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %8 = stablehlo.multiply %arg1, %7 : tensor<4x8xf32>
    %9 = call @_where(%6, %arg0, %8) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0, %1, %2, %3, %4, %5, %9 : tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xi1>, tensor<4x8xf32>
  }
  func.func private @_where(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}
