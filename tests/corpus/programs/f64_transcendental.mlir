module @jit_f64_transcendental attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf64>) -> (tensor<4x8xf64> {jax.result_info = "result[0]"}, tensor<4x8xf64> {jax.result_info = "result[1]"}, tensor<4x8xf64> {jax.result_info = "result[2]"}, tensor<4x8xf64> {jax.result_info = "result[3]"}, tensor<4x8xf64> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4x8xf64>
    %1 = stablehlo.abs %arg0 : tensor<4x8xf64>
    %2 = stablehlo.log %1 : tensor<4x8xf64>
    %3 = stablehlo.sine %arg0 : tensor<4x8xf64>
    %4 = stablehlo.tanh %arg0 : tensor<4x8xf64>
    %5 = chlo.erf %arg0 : tensor<4x8xf64> -> tensor<4x8xf64>
    return %0, %2, %3, %4, %5 : tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>
  }
}
