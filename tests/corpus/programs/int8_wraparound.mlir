module @jit_int8_wraparound attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi8>, %arg1: tensor<16xi8>) -> (tensor<16xi8> {jax.result_info = "result[0]"}, tensor<16xi8> {jax.result_info = "result[1]"}, tensor<16xi8> {jax.result_info = "result[2]"}, tensor<16xi8> {jax.result_info = "result[3]"}, tensor<16xi8> {jax.result_info = "result[4]"}, tensor<1xi8> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<-128> : tensor<1xi8>
    %0 = stablehlo.add %arg0, %arg1 : tensor<16xi8>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<16xi8>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<16xi8>
    %3 = stablehlo.negate %arg0 : tensor<16xi8>
    %4 = stablehlo.abs %arg0 : tensor<16xi8>
    %5 = stablehlo.negate %c : tensor<1xi8>
    return %0, %1, %2, %3, %4, %5 : tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<16xi8>, tensor<1xi8>
  }
}
