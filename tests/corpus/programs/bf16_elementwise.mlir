module @jit_bf16_elementwise attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>) -> (tensor<4x8xbf16> {jax.result_info = "result[0]"}, tensor<4x8xbf16> {jax.result_info = "result[1]"}, tensor<4x8xbf16> {jax.result_info = "result[2]"}, tensor<4x8xbf16> {jax.result_info = "result[3]"}, tensor<4x8xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xbf16>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xbf16>
    %2 = stablehlo.exponential %arg0 : tensor<4x8xbf16>
    %3 = stablehlo.negate %arg1 : tensor<4x8xbf16>
    %4 = stablehlo.exponential %3 : tensor<4x8xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %6 = stablehlo.add %5, %4 : tensor<4x8xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %8 = stablehlo.divide %7, %6 : tensor<4x8xbf16>
    %9 = stablehlo.convert %arg0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
    return %0, %1, %2, %8, %9 : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xf32>
  }
}
