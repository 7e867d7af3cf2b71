module @jit_logcumsumexp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9xf32>) -> (tensor<2x9xf32> {jax.result_info = "result[0]"}, tensor<9xf32> {jax.result_info = "result[1]"}) {
    %0 = call @cumlogsumexp(%arg0) : (tensor<2x9xf32>) -> tensor<2x9xf32>
    %1 = stablehlo.slice %arg0 [0:1, 0:9] : (tensor<2x9xf32>) -> tensor<1x9xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x9xf32>) -> tensor<9xf32>
    %3 = call @accumulate(%2) : (tensor<9xf32>) -> tensor<9xf32>
    return %0, %3 : tensor<2x9xf32>, tensor<9xf32>
  }
  func.func private @cumlogsumexp(%arg0: tensor<2x9xf32>) -> tensor<2x9xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [8, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 9>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      %2 = stablehlo.subtract %arg1, %arg2 : tensor<f32>
      %3 = stablehlo.compare NE, %2, %2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      %5 = stablehlo.abs %2 : tensor<f32>
      %6 = stablehlo.negate %5 : tensor<f32>
      %7 = stablehlo.exponential %6 : tensor<f32>
      %8 = stablehlo.log_plus_one %7 : tensor<f32>
      %9 = stablehlo.add %1, %8 : tensor<f32>
      %10 = stablehlo.select %3, %4, %9 : tensor<i1>, tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<2x9xf32>, tensor<f32>) -> tensor<2x9xf32>
    return %0 : tensor<2x9xf32>
  }
  func.func private @accumulate(%arg0: tensor<9xf32>) -> tensor<9xf32> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<9xf32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<9xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3:5 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %1, %iterArg_4 = %2) : tensor<9xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<9xf32>
    cond {
      %c_5 = stablehlo.constant dense<9> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_1, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:3 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<9xf32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>, tensor<f32>)
      %5 = func.call @dynamic_update_index_in_dim(%iterArg_4, %4#2, %iterArg_1) : (tensor<9xf32>, tensor<f32>, tensor<i32>) -> tensor<9xf32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_1, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %6, %4#0, %4#1, %5 : tensor<9xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<9xf32>
    }
    return %3#4 : tensor<9xf32>
  }
  func.func private @closed_call(%arg0: tensor<9xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> (tensor<i32>, tensor<f32>, tensor<f32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = stablehlo.slice %arg0 [0:1] : (tensor<9xf32>) -> tensor<1xf32>
    %2 = stablehlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<9> : tensor<i32>
    %5 = stablehlo.add %4, %c_1 : tensor<i32>
    %6 = stablehlo.select %3, %5, %arg1 : tensor<i1>, tensor<i32>
    %7 = stablehlo.dynamic_slice %arg0, %6, sizes = [1] : (tensor<9xf32>, tensor<i32>) -> tensor<1xf32>
    %8 = stablehlo.reshape %7 : (tensor<1xf32>) -> tensor<f32>
    %9 = stablehlo.maximum %arg2, %8 : tensor<f32>
    %10 = stablehlo.subtract %arg2, %8 : tensor<f32>
    %11 = stablehlo.compare NE, %10, %10, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %12 = stablehlo.add %arg2, %8 : tensor<f32>
    %13 = stablehlo.abs %10 : tensor<f32>
    %14 = stablehlo.negate %13 : tensor<f32>
    %15 = stablehlo.exponential %14 : tensor<f32>
    %16 = stablehlo.log_plus_one %15 : tensor<f32>
    %17 = stablehlo.add %9, %16 : tensor<f32>
    %18 = stablehlo.select %11, %12, %17 : tensor<i1>, tensor<f32>
    %19 = call @_where(%0, %2, %18) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %20 = stablehlo.add %arg1, %c_2 : tensor<i32>
    return %20, %19, %19 : tensor<i32>, tensor<f32>, tensor<f32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<9xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<9xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<9xf32>, tensor<1xf32>, tensor<i32>) -> tensor<9xf32>
    return %1 : tensor<9xf32>
  }
}
