module @jit_slices_strided attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<3x3xf32> {jax.result_info = "result[1]"}, tensor<6x4xf32> {jax.result_info = "result[2]"}, tensor<3x4xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.slice %arg0 [1:5, 0:8] : (tensor<6x8xf32>) -> tensor<4x8xf32>
    %1 = stablehlo.slice %arg0 [0:6:2, 1:8:3] : (tensor<6x8xf32>) -> tensor<3x3xf32>
    %2 = stablehlo.slice %arg0 [0:6, 1:8:2] : (tensor<6x8xf32>) -> tensor<6x4xf32>
    %3 = stablehlo.reverse %2, dims = [0, 1] : tensor<6x4xf32>
    %4 = stablehlo.slice %arg0 [3:6, 0:4] : (tensor<6x8xf32>) -> tensor<3x4xf32>
    return %0, %1, %3, %4 : tensor<4x8xf32>, tensor<3x3xf32>, tensor<6x4xf32>, tensor<3x4xf32>
  }
}
