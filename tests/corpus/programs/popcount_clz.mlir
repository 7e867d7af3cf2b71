module @jit_popcount_clz attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xi32>, %arg1: tensor<10xui8>) -> (tensor<10xi32> {jax.result_info = "result[0]"}, tensor<10xi32> {jax.result_info = "result[1]"}, tensor<10xui8> {jax.result_info = "result[2]"}, tensor<10xui8> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.popcnt %arg0 : tensor<10xi32>
    %1 = stablehlo.count_leading_zeros %arg0 : tensor<10xi32>
    %2 = stablehlo.popcnt %arg1 : tensor<10xui8>
    %3 = stablehlo.count_leading_zeros %arg1 : tensor<10xui8>
    return %0, %1, %2, %3 : tensor<10xi32>, tensor<10xi32>, tensor<10xui8>, tensor<10xui8>
  }
}
