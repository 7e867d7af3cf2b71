module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.floor %arg0 : tensor<8xf32>
    %1 = stablehlo.ceil %arg0 : tensor<8xf32>
    %2 = call @round(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    %3 = call @trunc(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    %4 = stablehlo.round_nearest_afz %arg0 : tensor<8xf32>
    return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @round(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @trunc(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %2 = stablehlo.ceil %arg0 : tensor<8xf32>
    %3 = stablehlo.floor %arg0 : tensor<8xf32>
    %4 = call @_where(%1, %2, %3) : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return %4 : tensor<8xf32>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
