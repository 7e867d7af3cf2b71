module @jit_cumsum_int attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7xi32>) -> (tensor<3x7xi32> {jax.result_info = "result[0]"}, tensor<3x7xi32> {jax.result_info = "result[1]"}) {
    %0 = call @cumsum(%arg0) : (tensor<3x7xi32>) -> tensor<3x7xi32>
    %1 = call @cumsum_1(%arg0) : (tensor<3x7xi32>) -> tensor<3x7xi32>
    return %0, %1 : tensor<3x7xi32>, tensor<3x7xi32>
  }
  func.func private @cumsum(%arg0: tensor<3x7xi32>) -> tensor<3x7xi32> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x7xi32>) -> tensor<3x7xi32>
    return %0 : tensor<3x7xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<3x7xi32>) -> tensor<3x7xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [6, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 7>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<3x7xi32>, tensor<i32>) -> tensor<3x7xi32>
    return %1 : tensor<3x7xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<3x7xi32>) -> tensor<3x7xi32> {
    %0 = call @cumsum_2(%arg0) : (tensor<3x7xi32>) -> tensor<3x7xi32>
    return %0 : tensor<3x7xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<3x7xi32>) -> tensor<3x7xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<3x7xi32>, tensor<i32>) -> tensor<3x7xi32>
    return %1 : tensor<3x7xi32>
  }
}
