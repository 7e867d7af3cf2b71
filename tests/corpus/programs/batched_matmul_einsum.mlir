module @jit_batched_matmul_einsum attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x5x6xf32>) -> (tensor<3x4x6xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4x5xf32>, tensor<3x5x6xf32>) -> tensor<3x4x6xf32>
    %1 = stablehlo.dot_general %arg0, %arg0, batching_dims = [0] x [0], contracting_dims = [1, 2] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3xf32>
    return %0, %1 : tensor<3x4x6xf32>, tensor<3xf32>
  }
}
