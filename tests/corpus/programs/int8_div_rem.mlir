module @jit_int8_div_rem attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi8>, %arg1: tensor<12xi8>) -> (tensor<12xi8> {jax.result_info = "result[0]"}, tensor<12xi8> {jax.result_info = "result[1]"}, tensor<12xi8> {jax.result_info = "result[2]"}, tensor<12xi8> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<12xi8>
    %1 = stablehlo.remainder %arg0, %arg1 : tensor<12xi8>
    %2 = call @floor_divide(%arg0, %arg1) : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi8>
    %3 = call @remainder(%arg0, %arg1) : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi8>
    return %0, %1, %2, %3 : tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>
  }
  func.func private @floor_divide(%arg0: tensor<12xi8>, %arg1: tensor<12xi8>) -> tensor<12xi8> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<12xi8>
    %1 = stablehlo.sign %arg0 : tensor<12xi8>
    %2 = stablehlo.sign %arg1 : tensor<12xi8>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<12xi8>
    %c = stablehlo.constant dense<0> : tensor<i8>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %7 = stablehlo.and %3, %6 : tensor<12xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i8>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %9 = stablehlo.subtract %0, %8 : tensor<12xi8>
    %10 = call @_where(%7, %9, %0) : (tensor<12xi1>, tensor<12xi8>, tensor<12xi8>) -> tensor<12xi8>
    return %10 : tensor<12xi8>
  }
  func.func private @_where(%arg0: tensor<12xi1>, %arg1: tensor<12xi8>, %arg2: tensor<12xi8>) -> tensor<12xi8> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<12xi1>, tensor<12xi8>
    return %0 : tensor<12xi8>
  }
  func.func private @remainder(%arg0: tensor<12xi8>, %arg1: tensor<12xi8>) -> tensor<12xi8> {
    %c = stablehlo.constant dense<0> : tensor<i8>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i8>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %3 = call @_where(%1, %2, %arg1) : (tensor<12xi1>, tensor<12xi8>, tensor<12xi8>) -> tensor<12xi8>
    %4 = stablehlo.remainder %arg0, %3 : tensor<12xi8>
    %c_1 = stablehlo.constant dense<0> : tensor<i8>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i8>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i8>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<12xi1>, tensor<12xi1>) -> tensor<12xi1>
    %12 = stablehlo.and %11, %6 : tensor<12xi1>
    %13 = stablehlo.add %4, %3 : tensor<12xi8>
    %14 = stablehlo.select %12, %13, %4 : tensor<12xi1>, tensor<12xi8>
    return %14 : tensor<12xi8>
  }
}
