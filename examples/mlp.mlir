// A two-layer perceptron with a softmax head, written in the StableHLO that
// jax.jit prints: x[64,128] -> relu(x @ w1 + b1) @ w2 + b2 -> softmax over 10.
module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<64x128xf32>, %w1: tensor<128x256xf32>, %b1: tensor<256xf32>,
                         %w2: tensor<256x10xf32>, %b2: tensor<10xf32>) -> (tensor<64x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
    %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
    %2 = stablehlo.add %0, %1 : tensor<64x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<64x256xf32>
    %5 = stablehlo.dot_general %4, %w2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x256xf32>, tensor<256x10xf32>) -> tensor<64x10xf32>
    %6 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<10xf32>) -> tensor<64x10xf32>
    %7 = stablehlo.add %5, %6 : tensor<64x10xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<64x10xf32>, tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<64xf32>) -> tensor<64x10xf32>
    %10 = stablehlo.subtract %7, %9 : tensor<64x10xf32>
    %11 = stablehlo.exponential %10 : tensor<64x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<64x10xf32>, tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<64xf32>) -> tensor<64x10xf32>
    %14 = stablehlo.divide %11, %13 : tensor<64x10xf32>
    return %14 : tensor<64x10xf32>
  }
}
