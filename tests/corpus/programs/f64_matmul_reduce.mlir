module @jit_f64_matmul_reduce attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf64>, %arg1: tensor<8x5xf64>) -> (tensor<6x5xf64> {jax.result_info = "result[0]"}, tensor<8xf64> {jax.result_info = "result[1]"}, tensor<6x8xf64> {jax.result_info = "result[2]"}, tensor<f64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf64>, tensor<8x5xf64>) -> tensor<6x5xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<6x8xf64>, tensor<f64>) -> tensor<8xf64>
    %2 = call @cumsum(%arg0) : (tensor<6x8xf64>) -> tensor<6x8xf64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %3 = call @_var(%arg0, %c) : (tensor<6x8xf64>, tensor<i64>) -> tensor<f64>
    return %0, %1, %2, %3 : tensor<6x5xf64>, tensor<8xf64>, tensor<6x8xf64>, tensor<f64>
  }
  func.func private @cumsum(%arg0: tensor<6x8xf64>) -> tensor<6x8xf64> {
    %0 = call @cumsum_0(%arg0) : (tensor<6x8xf64>) -> tensor<6x8xf64>
    return %0 : tensor<6x8xf64>
  }
  func.func private @cumsum_0(%arg0: tensor<6x8xf64>) -> tensor<6x8xf64> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 8>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f64>
      stablehlo.return %2 : tensor<f64>
    }) : (tensor<6x8xf64>, tensor<f64>) -> tensor<6x8xf64>
    return %1 : tensor<6x8xf64>
  }
  func.func private @_var(%arg0: tensor<6x8xf64>, %arg1: tensor<i64>) -> tensor<f64> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x8xf64>, tensor<f64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %cst_0 = stablehlo.constant dense<4.800000e+01> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %3 = stablehlo.divide %1, %2 : tensor<1x1xf64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<6x8xf64>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x8xf64>
    %6 = chlo.square %5 : tensor<6x8xf64> -> tensor<6x8xf64>
    %7 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %cst_1 = stablehlo.constant dense<4.800000e+01> : tensor<f64>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x8xf64>, tensor<f64>) -> tensor<f64>
    %10 = stablehlo.divide %9, %8 : tensor<f64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %11 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = call @_where(%11, %10, %cst_4) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
    return %12 : tensor<f64>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<f64> {
    %0 = stablehlo.convert %arg2 : tensor<f64>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<f64>
    return %1 : tensor<f64>
  }
}
