module @jit_reduce_any_all attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xi1>) -> (tensor<4xi1> {jax.result_info = "result[0]"}, tensor<6xi1> {jax.result_info = "result[1]"}, tensor<4xi32> {jax.result_info = "result[2]"}, tensor<i32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.or across dimensions = [1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<true> : tensor<i1>
    %1 = stablehlo.reduce(%arg0 init: %c_0) applies stablehlo.and across dimensions = [0] : (tensor<4x6xi1>, tensor<i1>) -> tensor<6xi1>
    %2 = stablehlo.convert %arg0 : (tensor<4x6xi1>) -> tensor<4x6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.reduce(%2 init: %c_1) applies stablehlo.add across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
    %4 = call @count_nonzero(%arg0) : (tensor<4x6xi1>) -> tensor<i32>
    return %0, %1, %3, %4 : tensor<4xi1>, tensor<6xi1>, tensor<4xi32>, tensor<i32>
  }
  func.func private @count_nonzero(%arg0: tensor<4x6xi1>) -> tensor<i32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<4x6xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
    %2 = stablehlo.convert %1 : (tensor<4x6xi1>) -> tensor<4x6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.reduce(%2 init: %c_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<i32>
    return %3 : tensor<i32>
  }
}
