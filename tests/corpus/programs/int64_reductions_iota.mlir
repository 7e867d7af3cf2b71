module @jit_int64_reductions_iota attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xi64>) -> (tensor<3xi64> {jax.result_info = "result[0]"}, tensor<3xi64> {jax.result_info = "result[1]"}, tensor<3x5xi64> {jax.result_info = "result[2]"}, tensor<6xi64> {jax.result_info = "result[3]"}, tensor<5xi64> {jax.result_info = "result[4]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<3x5xi64>, tensor<i64>) -> tensor<3xi64>
    %1 = call @argmax(%arg0) : (tensor<3x5xi64>) -> tensor<3xi64>
    %2 = call @cumsum(%arg0) : (tensor<3x5xi64>) -> tensor<3x5xi64>
    %3 = stablehlo.iota dim = 0 : tensor<6xi64>
    %4 = stablehlo.slice %arg0 [0:1, 0:5] : (tensor<3x5xi64>) -> tensor<1x5xi64>
    %5 = stablehlo.reshape %4 : (tensor<1x5xi64>) -> tensor<5xi64>
    %6 = call @argsort(%5) : (tensor<5xi64>) -> tensor<5xi64>
    return %0, %1, %2, %3, %6 : tensor<3xi64>, tensor<3xi64>, tensor<3x5xi64>, tensor<6xi64>, tensor<5xi64>
  }
  func.func private @argmax(%arg0: tensor<3x5xi64>) -> tensor<3xi64> {
    %0 = stablehlo.iota dim = 1 : tensor<3x5xi64>
    %c = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<3x5xi64>, tensor<3x5xi64>, tensor<i64>, tensor<i64>) -> (tensor<3xi64>, tensor<3xi64>)
     reducer(%arg1: tensor<i64>, %arg3: tensor<i64>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i64>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i64>
      stablehlo.return %9, %10 : tensor<i64>, tensor<i64>
    }
    return %1#1 : tensor<3xi64>
  }
  func.func private @cumsum(%arg0: tensor<3x5xi64>) -> tensor<3x5xi64> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x5xi64>) -> tensor<3x5xi64>
    return %0 : tensor<3x5xi64>
  }
  func.func private @cumsum_0(%arg0: tensor<3x5xi64>) -> tensor<3x5xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<3x5xi64>, tensor<i64>) -> tensor<3x5xi64>
    return %1 : tensor<3x5xi64>
  }
  func.func private @argsort(%arg0: tensor<5xi64>) -> tensor<5xi64> {
    %0 = stablehlo.iota dim = 0 : tensor<5xi64>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>, %arg4: tensor<i64>):
      %2 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    }) : (tensor<5xi64>, tensor<5xi64>) -> (tensor<5xi64>, tensor<5xi64>)
    return %1#1 : tensor<5xi64>
  }
}
