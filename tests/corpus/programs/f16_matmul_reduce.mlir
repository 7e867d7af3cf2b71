module @jit_f16_matmul_reduce attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf16>, %arg1: tensor<16x4xf16>) -> (tensor<8x4xf16> {jax.result_info = "result[0]"}, tensor<8xf16> {jax.result_info = "result[1]"}, tensor<f16> {jax.result_info = "result[2]"}, tensor<16xf16> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf16>, tensor<16x4xf16>) -> tensor<8x4xf16>
    %1 = stablehlo.convert %arg0 : (tensor<8x16xf16>) -> tensor<8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    %3 = stablehlo.convert %2 : (tensor<8xf32>) -> tensor<8xf16>
    %4 = stablehlo.convert %arg0 : (tensor<8x16xf16>) -> tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %6 = stablehlo.divide %5, %cst_1 : tensor<f32>
    %7 = stablehlo.convert %6 : (tensor<f32>) -> tensor<f16>
    %cst_2 = stablehlo.constant dense<0xFC00> : tensor<f16>
    %8 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.maximum across dimensions = [0] : (tensor<8x16xf16>, tensor<f16>) -> tensor<16xf16>
    return %0, %3, %7, %8 : tensor<8x4xf16>, tensor<8xf16>, tensor<f16>, tensor<16xf16>
  }
}
