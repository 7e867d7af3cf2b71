module @jit_float_narrowing_rounding attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20xf32>) -> (tensor<20xf16> {jax.result_info = "result[0]"}, tensor<20xbf16> {jax.result_info = "result[1]"}, tensor<20xf8E4M3FN> {jax.result_info = "result[2]"}, tensor<20xf8E5M2> {jax.result_info = "result[3]"}, tensor<20xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<20xf32>) -> tensor<20xf16>
    %1 = stablehlo.convert %arg0 : (tensor<20xf32>) -> tensor<20xbf16>
    %2 = stablehlo.convert %arg0 : (tensor<20xf32>) -> tensor<20xf8E4M3FN>
    %3 = stablehlo.convert %arg0 : (tensor<20xf32>) -> tensor<20xf8E5M2>
    %4 = stablehlo.convert %arg0 : (tensor<20xf32>) -> tensor<20xf16>
    %5 = stablehlo.convert %4 : (tensor<20xf16>) -> tensor<20xf32>
    return %0, %1, %2, %3, %5 : tensor<20xf16>, tensor<20xbf16>, tensor<20xf8E4M3FN>, tensor<20xf8E5M2>, tensor<20xf32>
  }
}
