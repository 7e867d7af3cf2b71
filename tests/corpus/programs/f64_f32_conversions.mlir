module @jit_f64_f32_conversions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf64>, %arg1: tensor<12xf32>) -> (tensor<12xf32> {jax.result_info = "result[0]"}, tensor<12xf64> {jax.result_info = "result[1]"}, tensor<12xi64> {jax.result_info = "result[2]"}, tensor<12xi64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<12xf64>) -> tensor<12xf32>
    %1 = stablehlo.convert %arg1 : (tensor<12xf32>) -> tensor<12xf64>
    %2 = stablehlo.convert %arg0 : (tensor<12xf64>) -> tensor<12xi64>
    %cst = stablehlo.constant dense<1.000000e+12> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %4 = stablehlo.multiply %arg0, %3 : tensor<12xf64>
    %5 = stablehlo.convert %4 : (tensor<12xf64>) -> tensor<12xi64>
    return %0, %1, %2, %5 : tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xi64>
  }
}
