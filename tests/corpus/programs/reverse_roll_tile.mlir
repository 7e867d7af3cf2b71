module @jit_reverse_roll_tile attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>) -> (tensor<3x4x5xf32> {jax.result_info = "result[0]"}, tensor<3x4x5xf32> {jax.result_info = "result[1]"}, tensor<8x5xf32> {jax.result_info = "result[2]"}, tensor<6x5xf32> {jax.result_info = "result[3]"}) {
    %0 = call @_flip(%arg0) : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
    %1 = call @_roll_static(%arg0) : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
    %2 = stablehlo.slice %arg0 [0:1, 0:4, 0:5] : (tensor<3x4x5xf32>) -> tensor<1x4x5xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x4x5xf32>) -> tensor<4x5xf32>
    %4 = stablehlo.reshape %3 : (tensor<4x5xf32>) -> tensor<1x4x1x5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x4x1x5xf32>) -> tensor<2x4x1x5xf32>
    %6 = stablehlo.reshape %5 : (tensor<2x4x1x5xf32>) -> tensor<8x5xf32>
    %7 = stablehlo.slice %arg0 [0:3, 0:1, 0:5] : (tensor<3x4x5xf32>) -> tensor<3x1x5xf32>
    %8 = stablehlo.reshape %7 : (tensor<3x1x5xf32>) -> tensor<3x5xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 2] : (tensor<3x5xf32>) -> tensor<3x2x5xf32>
    %10 = stablehlo.reshape %9 : (tensor<3x2x5xf32>) -> tensor<6x5xf32>
    return %0, %1, %6, %10 : tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<8x5xf32>, tensor<6x5xf32>
  }
  func.func private @_flip(%arg0: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0, 2] : tensor<3x4x5xf32>
    return %0 : tensor<3x4x5xf32>
  }
  func.func private @_roll_static(%arg0: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = stablehlo.slice %arg0 [0:3, 2:4, 0:5] : (tensor<3x4x5xf32>) -> tensor<3x2x5xf32>
    %1 = stablehlo.slice %arg0 [0:3, 0:2, 0:5] : (tensor<3x4x5xf32>) -> tensor<3x2x5xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<3x2x5xf32>, tensor<3x2x5xf32>) -> tensor<3x4x5xf32>
    return %2 : tensor<3x4x5xf32>
  }
}
