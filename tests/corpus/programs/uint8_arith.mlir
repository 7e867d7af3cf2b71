module @jit_uint8_arith attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xui8>, %arg1: tensor<10xui8>) -> (tensor<10xui8> {jax.result_info = "result[0]"}, tensor<10xui8> {jax.result_info = "result[1]"}, tensor<10xui8> {jax.result_info = "result[2]"}, tensor<10xui8> {jax.result_info = "result[3]"}, tensor<10xui8> {jax.result_info = "result[4]"}, tensor<10xui8> {jax.result_info = "result[5]"}, tensor<10xui8> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<10xui8>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<10xui8>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<10xui8>
    %3 = call @floor_divide(%arg0, %arg1) : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xui8>
    %4 = call @remainder(%arg0, %arg1) : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xui8>
    %c = stablehlo.constant dense<2> : tensor<ui8>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %6 = stablehlo.shift_right_logical %arg0, %5 : tensor<10xui8>
    %c_0 = stablehlo.constant dense<3> : tensor<ui8>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %8 = stablehlo.shift_left %arg0, %7 : tensor<10xui8>
    return %0, %1, %2, %3, %4, %6, %8 : tensor<10xui8>, tensor<10xui8>, tensor<10xui8>, tensor<10xui8>, tensor<10xui8>, tensor<10xui8>, tensor<10xui8>
  }
  func.func private @floor_divide(%arg0: tensor<10xui8>, %arg1: tensor<10xui8>) -> tensor<10xui8> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<10xui8>
    return %0 : tensor<10xui8>
  }
  func.func private @remainder(%arg0: tensor<10xui8>, %arg1: tensor<10xui8>) -> tensor<10xui8> {
    %c = stablehlo.constant dense<0> : tensor<ui8>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %1 = stablehlo.compare EQ, %arg1, %0, UNSIGNED : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<ui8>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %3 = call @_where(%1, %2, %arg1) : (tensor<10xi1>, tensor<10xui8>, tensor<10xui8>) -> tensor<10xui8>
    %4 = stablehlo.remainder %arg0, %3 : tensor<10xui8>
    %c_1 = stablehlo.constant dense<0> : tensor<ui8>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<ui8>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %8 = stablehlo.compare LT, %4, %7, UNSIGNED : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<ui8>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui8>) -> tensor<10xui8>
    %10 = stablehlo.compare LT, %3, %9, UNSIGNED : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<10xi1>, tensor<10xi1>) -> tensor<10xi1>
    %12 = stablehlo.and %11, %6 : tensor<10xi1>
    %13 = stablehlo.add %4, %3 : tensor<10xui8>
    %14 = stablehlo.select %12, %13, %4 : tensor<10xi1>, tensor<10xui8>
    return %14 : tensor<10xui8>
  }
  func.func private @_where(%arg0: tensor<10xi1>, %arg1: tensor<10xui8>, %arg2: tensor<10xui8>) -> tensor<10xui8> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<10xi1>, tensor<10xui8>
    return %0 : tensor<10xui8>
  }
}
