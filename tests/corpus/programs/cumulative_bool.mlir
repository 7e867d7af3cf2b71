module @jit_cumulative_bool attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xi1>) -> (tensor<10xi32> {jax.result_info = "result[0]"}, tensor<10xi32> {jax.result_info = "result[1]"}, tensor<10xi1> {jax.result_info = "result[2]"}) {
    %0 = call @cumsum(%arg0) : (tensor<10xi1>) -> tensor<10xi32>
    %1 = stablehlo.convert %arg0 : (tensor<10xi1>) -> tensor<10xi32>
    %2 = call @cummax(%1) : (tensor<10xi32>) -> tensor<10xi32>
    %3 = call @accumulate(%arg0) : (tensor<10xi1>) -> tensor<10xi1>
    return %0, %2, %3 : tensor<10xi32>, tensor<10xi32>, tensor<10xi1>
  }
  func.func private @cumsum(%arg0: tensor<10xi1>) -> tensor<10xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<10xi1>) -> tensor<10xi32>
    %1 = call @cumsum_0(%0) : (tensor<10xi32>) -> tensor<10xi32>
    return %1 : tensor<10xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<10xi32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[9, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<10xi32>, tensor<i32>) -> tensor<10xi32>
    return %1 : tensor<10xi32>
  }
  func.func private @cummax(%arg0: tensor<10xi32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[9, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.maximum %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<10xi32>, tensor<i32>) -> tensor<10xi32>
    return %1 : tensor<10xi32>
  }
  func.func private @accumulate(%arg0: tensor<10xi1>) -> tensor<10xi1> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<10xi1>) -> tensor<1xi1>
    %1 = stablehlo.reshape %0 : (tensor<1xi1>) -> tensor<i1>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<10xi1>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_1, %iterArg_3 = %c, %iterArg_4 = %1, %iterArg_5 = %2) : tensor<10xi1>, tensor<i32>, tensor<i32>, tensor<i1>, tensor<10xi1>
    cond {
      %c_6 = stablehlo.constant dense<10> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_2, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:3 = func.call @closed_call(%iterArg, %iterArg_3, %iterArg_4) : (tensor<10xi1>, tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i1>, tensor<i1>)
      %5 = func.call @dynamic_update_index_in_dim(%iterArg_5, %4#2, %iterArg_2) : (tensor<10xi1>, tensor<i1>, tensor<i32>) -> tensor<10xi1>
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_2, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %6, %4#0, %4#1, %5 : tensor<10xi1>, tensor<i32>, tensor<i32>, tensor<i1>, tensor<10xi1>
    }
    return %3#4 : tensor<10xi1>
  }
  func.func private @closed_call(%arg0: tensor<10xi1>, %arg1: tensor<i32>, %arg2: tensor<i1>) -> (tensor<i32>, tensor<i1>, tensor<i1>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = stablehlo.slice %arg0 [0:1] : (tensor<10xi1>) -> tensor<1xi1>
    %2 = stablehlo.reshape %1 : (tensor<1xi1>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<10> : tensor<i32>
    %5 = stablehlo.add %4, %c_1 : tensor<i32>
    %6 = stablehlo.select %3, %5, %arg1 : tensor<i1>, tensor<i32>
    %7 = stablehlo.dynamic_slice %arg0, %6, sizes = [1] : (tensor<10xi1>, tensor<i32>) -> tensor<1xi1>
    %8 = stablehlo.reshape %7 : (tensor<1xi1>) -> tensor<i1>
    %9 = stablehlo.or %arg2, %8 : tensor<i1>
    %10 = call @_where(%0, %2, %9) : (tensor<i1>, tensor<i1>, tensor<i1>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.add %arg1, %c_2 : tensor<i32>
    return %11, %10, %10 : tensor<i32>, tensor<i1>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<i1>) -> tensor<i1> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i1>
    return %0 : tensor<i1>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<10xi1>, %arg1: tensor<i1>, %arg2: tensor<i32>) -> tensor<10xi1> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<10xi1>, tensor<1xi1>, tensor<i32>) -> tensor<10xi1>
    return %1 : tensor<10xi1>
  }
}
