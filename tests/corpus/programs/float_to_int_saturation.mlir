module @jit_float_to_int_saturation attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<10xi32> {jax.result_info = "result[0]"}, tensor<10xui8> {jax.result_info = "result[1]"}, tensor<10xi8> {jax.result_info = "result[2]"}, tensor<10xui32> {jax.result_info = "result[3]"}, tensor<10xi16> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xi32>
    %1 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xui8>
    %2 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xi8>
    %3 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xui32>
    %4 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xi16>
    return %0, %1, %2, %3, %4 : tensor<10xi32>, tensor<10xui8>, tensor<10xi8>, tensor<10xui32>, tensor<10xi16>
  }
}
