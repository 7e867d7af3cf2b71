module @jit_mlp_forward attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<5x8xf32>) -> (tensor<5x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<5x16xf32>
    %4 = stablehlo.tanh %3 : tensor<5x16xf32>
    %5 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %8 = stablehlo.add %5, %7 : tensor<5x16xf32>
    %9 = stablehlo.tanh %8 : tensor<5x16xf32>
    %10 = stablehlo.dot_general %9, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %11 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %13 = stablehlo.add %10, %12 : tensor<5x4xf32>
    return %13 : tensor<5x4xf32>
  }
}
