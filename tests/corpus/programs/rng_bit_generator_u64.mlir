module @jit_rng_bit_generator_u64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui64>) -> (tensor<2xui64> {jax.result_info = "result[0][0]"}, tensor<5xui64> {jax.result_info = "result[0][1]"}, tensor<2xui64> {jax.result_info = "result[1][0]"}, tensor<5xui64> {jax.result_info = "result[1][1]"}) {
    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
    %c = stablehlo.constant dense<7> : tensor<ui64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %1 = stablehlo.add %arg0, %0 : tensor<2xui64>
    %output_state_0, %output_1 = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
    return %output_state, %output, %output_state_0, %output_1 : tensor<2xui64>, tensor<5xui64>, tensor<2xui64>, tensor<5xui64>
  }
}
