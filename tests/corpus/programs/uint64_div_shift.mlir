module @jit_uint64_div_shift attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui64>, %arg1: tensor<4xui64>) -> (tensor<4xui64> {jax.result_info = "result[0]"}, tensor<4xui64> {jax.result_info = "result[1]"}, tensor<4xui64> {jax.result_info = "result[2]"}, tensor<4xui64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<4xui64>
    %1 = stablehlo.remainder %arg0, %arg1 : tensor<4xui64>
    %2 = stablehlo.shift_left %arg0, %arg1 : tensor<4xui64>
    %3 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<4xui64>
    return %0, %1, %2, %3 : tensor<4xui64>, tensor<4xui64>, tensor<4xui64>, tensor<4xui64>
  }
}
