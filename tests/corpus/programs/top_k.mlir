module @jit_top_k attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x10xf32>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<3x4xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 4) : tensor<3x10xf32> -> (tensor<3x4xf32>, tensor<3x4xi32>)
    return %values, %indices : tensor<3x4xf32>, tensor<3x4xi32>
  }
}
