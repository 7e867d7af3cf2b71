module @jit_bitcast_convert attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8x4xui8> {jax.result_info = "result[2]"}, tensor<8xui16> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<8xf32>) -> tensor<8xi32>
    %1 = stablehlo.bitcast_convert %arg1 : (tensor<8xi32>) -> tensor<8xf32>
    %2 = stablehlo.bitcast_convert %arg0 : (tensor<8xf32>) -> tensor<8x4xui8>
    %3 = stablehlo.convert %arg0 : (tensor<8xf32>) -> tensor<8xf16>
    %4 = stablehlo.bitcast_convert %3 : (tensor<8xf16>) -> tensor<8xui16>
    return %0, %1, %2, %4 : tensor<8xi32>, tensor<8xf32>, tensor<8x4xui8>, tensor<8xui16>
  }
}
