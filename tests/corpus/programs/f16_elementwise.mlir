module @jit_f16_elementwise attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>) -> (tensor<4x8xf16> {jax.result_info = "result[0]"}, tensor<4x8xf16> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}, tensor<4x8xf16> {jax.result_info = "result[3]"}, tensor<4x8xf16> {jax.result_info = "result[4]"}, tensor<4x8xf16> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf16>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xf16>
    %2 = stablehlo.divide %arg0, %arg1 : tensor<4x8xf16>
    %3 = stablehlo.exponential %arg0 : tensor<4x8xf16>
    %4 = stablehlo.tanh %arg1 : tensor<4x8xf16>
    %5 = stablehlo.abs %arg0 : tensor<4x8xf16>
    %6 = stablehlo.sqrt %5 : tensor<4x8xf16>
    return %0, %1, %2, %3, %4, %6 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>
  }
}
