module @jit_reduce_bitwise_int attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xui32>, %arg1: tensor<4x6xi32>) -> (tensor<4xui32> {jax.result_info = "result[0]"}, tensor<6xui32> {jax.result_info = "result[1]"}, tensor<4xi32> {jax.result_info = "result[2]"}, tensor<4x6xi32> {jax.result_info = "result[3]"}, tensor<4x6xi32> {jax.result_info = "result[4]"}, tensor<4x6xi32> {jax.result_info = "result[5]"}) {
    %0 = call @reduce(%arg0) : (tensor<4x6xui32>) -> tensor<4xui32>
    %1 = call @reduce_0(%arg0) : (tensor<4x6xui32>) -> tensor<6xui32>
    %2 = call @reduce_1(%arg1) : (tensor<4x6xi32>) -> tensor<4xi32>
    %3 = stablehlo.multiply %arg1, %arg1 : tensor<4x6xi32>
    %4 = stablehlo.multiply %3, %arg1 : tensor<4x6xi32>
    %c = stablehlo.constant dense<-10> : tensor<i32>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %5 = call @clip(%arg1, %c, %c_0) : (tensor<4x6xi32>, tensor<i32>, tensor<i32>) -> tensor<4x6xi32>
    %6 = stablehlo.multiply %arg1, %arg1 : tensor<4x6xi32>
    return %0, %1, %2, %4, %5, %6 : tensor<4xui32>, tensor<6xui32>, tensor<4xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>
  }
  func.func private @reduce(%arg0: tensor<4x6xui32>) -> tensor<4xui32> {
    %c = stablehlo.constant dense<4294967295> : tensor<ui32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.and across dimensions = [1] : (tensor<4x6xui32>, tensor<ui32>) -> tensor<4xui32>
    return %0 : tensor<4xui32>
  }
  func.func private @reduce_0(%arg0: tensor<4x6xui32>) -> tensor<6xui32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<4x6xui32>, tensor<ui32>) -> tensor<6xui32>
    return %0 : tensor<6xui32>
  }
  func.func private @reduce_1(%arg0: tensor<4x6xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.xor across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @clip(%arg0: tensor<4x6xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x6xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x6xi32>
    return %5 : tensor<4x6xi32>
  }
}
