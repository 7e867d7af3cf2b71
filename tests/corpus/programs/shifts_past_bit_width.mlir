module @jit_shifts_past_bit_width attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<8xi32> {jax.result_info = "result[1]"}, tensor<8xi32> {jax.result_info = "result[2]"}, tensor<8xui32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.shift_left %arg0, %arg1 : tensor<8xi32>
    %1 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<8xi32>
    %2 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<8xi32>
    %3 = stablehlo.convert %arg0 : (tensor<8xi32>) -> tensor<8xui32>
    %4 = stablehlo.convert %arg1 : (tensor<8xi32>) -> tensor<8xui32>
    %5 = stablehlo.shift_left %3, %4 : tensor<8xui32>
    return %0, %1, %2, %5 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xui32>
  }
}
