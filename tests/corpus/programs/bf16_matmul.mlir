module @jit_bf16_matmul attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xbf16>, %arg1: tensor<16x4xbf16>) -> (tensor<8x4xbf16> {jax.result_info = "result[0]"}, tensor<8x4xf32> {jax.result_info = "result[1]"}, tensor<16xbf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x4xbf16>) -> tensor<8x4xbf16>
    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x4xbf16>) -> tensor<8x4xf32>
    %2 = stablehlo.convert %arg0 : (tensor<8x16xbf16>) -> tensor<8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.convert %3 : (tensor<16xf32>) -> tensor<16xbf16>
    return %0, %1, %4 : tensor<8x4xbf16>, tensor<8x4xf32>, tensor<16xbf16>
  }
}
