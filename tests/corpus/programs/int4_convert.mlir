module @jit_int4_convert attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi8>) -> (tensor<12xi4> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<12xi8>) -> tensor<12xi4>
    %1 = stablehlo.convert %arg0 : (tensor<12xi8>) -> tensor<12xi4>
    %2 = stablehlo.convert %1 : (tensor<12xi4>) -> tensor<12xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %4 = stablehlo.multiply %2, %3 : tensor<12xi32>
    return %0, %4 : tensor<12xi4>, tensor<12xi32>
  }
}
