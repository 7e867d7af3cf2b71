module @jit_f64_mlp_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf64>, %arg1: tensor<16xf64>, %arg2: tensor<16x16xf64>, %arg3: tensor<16xf64>, %arg4: tensor<16x4xf64>, %arg5: tensor<4xf64>, %arg6: tensor<5x8xf64>, %arg7: tensor<5xi32>) -> (tensor<8x16xf64> {jax.result_info = "result[0]"}, tensor<16xf64> {jax.result_info = "result[1]"}, tensor<16x16xf64> {jax.result_info = "result[2]"}, tensor<16xf64> {jax.result_info = "result[3]"}, tensor<16x4xf64> {jax.result_info = "result[4]"}, tensor<4xf64> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf64>, tensor<8x16xf64>) -> tensor<5x16xf64>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf64>) -> tensor<1x16xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf64>) -> tensor<5x16xf64>
    %3 = stablehlo.add %0, %2 : tensor<5x16xf64>
    %4 = stablehlo.tanh %3 : tensor<5x16xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<5x16xf64>
    %6 = stablehlo.subtract %5, %4 : tensor<5x16xf64>
    %7 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf64>, tensor<16x16xf64>) -> tensor<5x16xf64>
    %8 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf64>) -> tensor<1x16xf64>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x16xf64>) -> tensor<5x16xf64>
    %10 = stablehlo.add %7, %9 : tensor<5x16xf64>
    %11 = stablehlo.tanh %10 : tensor<5x16xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<5x16xf64>
    %13 = stablehlo.subtract %12, %11 : tensor<5x16xf64>
    %14 = stablehlo.dot_general %11, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf64>, tensor<16x4xf64>) -> tensor<5x4xf64>
    %15 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf64>) -> tensor<1x4xf64>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x4xf64>) -> tensor<5x4xf64>
    %17 = stablehlo.add %14, %16 : tensor<5x4xf64>
    %18:3 = call @log_softmax(%17) : (tensor<5x4xf64>) -> (tensor<5x4xf64>, tensor<5x4xf64>, tensor<5x1xf64>)
    %19 = call @_one_hot(%arg7) : (tensor<5xi32>) -> tensor<5x4xf64>
    %20 = stablehlo.multiply %18#0, %19 : tensor<5x4xf64>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %21 = stablehlo.reduce(%20 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf64>, tensor<f64>) -> tensor<5xf64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %22 = stablehlo.reduce(%21 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5xf64>, tensor<f64>) -> tensor<f64>
    %cst_3 = stablehlo.constant dense<5.000000e+00> : tensor<f64>
    %23 = stablehlo.divide %22, %cst_3 : tensor<f64>
    %24 = stablehlo.negate %23 : tensor<f64>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %25 = stablehlo.negate %cst_4 : tensor<f64>
    %cst_5 = stablehlo.constant dense<5.000000e+00> : tensor<f64>
    %26 = stablehlo.divide %25, %cst_5 : tensor<f64>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<5xf64>) -> tensor<5x4xf64>
    %29 = stablehlo.multiply %28, %19 : tensor<5x4xf64>
    %30 = call @log_softmax_0(%18#1, %18#2, %29) : (tensor<5x4xf64>, tensor<5x1xf64>, tensor<5x4xf64>) -> tensor<5x4xf64>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %31 = stablehlo.reduce(%30 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf64>, tensor<f64>) -> tensor<4xf64>
    %32 = stablehlo.reshape %31 : (tensor<4xf64>) -> tensor<1x4xf64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %33 = stablehlo.reduce(%32 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf64>, tensor<f64>) -> tensor<4xf64>
    %34 = stablehlo.dot_general %30, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf64>, tensor<5x16xf64>) -> tensor<4x16xf64>
    %35 = stablehlo.transpose %34, dims = [1, 0] : (tensor<4x16xf64>) -> tensor<16x4xf64>
    %36 = stablehlo.dot_general %30, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf64>, tensor<16x4xf64>) -> tensor<5x16xf64>
    %37 = stablehlo.multiply %36, %13 : tensor<5x16xf64>
    %38 = stablehlo.multiply %37, %11 : tensor<5x16xf64>
    %39 = stablehlo.add %37, %38 : tensor<5x16xf64>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %40 = stablehlo.reduce(%39 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf64>, tensor<f64>) -> tensor<16xf64>
    %41 = stablehlo.reshape %40 : (tensor<16xf64>) -> tensor<1x16xf64>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %42 = stablehlo.reduce(%41 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf64>, tensor<f64>) -> tensor<16xf64>
    %43 = stablehlo.dot_general %39, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf64>, tensor<5x16xf64>) -> tensor<16x16xf64>
    %44 = stablehlo.transpose %43, dims = [1, 0] : (tensor<16x16xf64>) -> tensor<16x16xf64>
    %45 = stablehlo.dot_general %39, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf64>, tensor<16x16xf64>) -> tensor<5x16xf64>
    %46 = stablehlo.multiply %45, %6 : tensor<5x16xf64>
    %47 = stablehlo.multiply %46, %4 : tensor<5x16xf64>
    %48 = stablehlo.add %46, %47 : tensor<5x16xf64>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %49 = stablehlo.reduce(%48 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf64>, tensor<f64>) -> tensor<16xf64>
    %50 = stablehlo.reshape %49 : (tensor<16xf64>) -> tensor<1x16xf64>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %51 = stablehlo.reduce(%50 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf64>, tensor<f64>) -> tensor<16xf64>
    %52 = stablehlo.dot_general %48, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf64>, tensor<5x8xf64>) -> tensor<16x8xf64>
    %53 = stablehlo.transpose %52, dims = [1, 0] : (tensor<16x8xf64>) -> tensor<8x16xf64>
    return %53, %51, %44, %42, %35, %33 : tensor<8x16xf64>, tensor<16xf64>, tensor<16x16xf64>, tensor<16xf64>, tensor<16x4xf64>, tensor<4xf64>
  }
  func.func private @log_softmax(%arg0: tensor<5x4xf64>) -> (tensor<5x4xf64>, tensor<5x4xf64>, tensor<5x1xf64>) {
    %cst = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<5x4xf64>, tensor<f64>) -> tensor<5xf64>
    %cst_0 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %2 = stablehlo.maximum %1, %0 : tensor<5xf64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<5xf64>) -> tensor<5x1xf64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf64>) -> tensor<5x4xf64>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x4xf64>
    %6 = stablehlo.exponential %5 : tensor<5x4xf64>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf64>, tensor<f64>) -> tensor<5xf64>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf64>) -> tensor<5x1xf64>
    %9 = stablehlo.log %8 : tensor<5x1xf64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<5x1xf64>) -> tensor<5x4xf64>
    %11 = stablehlo.subtract %5, %10 : tensor<5x4xf64>
    return %11, %6, %8 : tensor<5x4xf64>, tensor<5x4xf64>, tensor<5x1xf64>
  }
  func.func private @_one_hot(%arg0: tensor<5xi32>) -> tensor<5x4xf64> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x4xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<5x4xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
    %5 = stablehlo.convert %4 : (tensor<5x4xi1>) -> tensor<5x4xf64>
    return %5 : tensor<5x4xf64>
  }
  func.func private @log_softmax_0(%arg0: tensor<5x4xf64>, %arg1: tensor<5x1xf64>, %arg2: tensor<5x4xf64>) -> tensor<5x4xf64> {
    %0 = stablehlo.negate %arg2 : tensor<5x4xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf64>, tensor<f64>) -> tensor<5xf64>
    %2 = stablehlo.reshape %1 : (tensor<5xf64>) -> tensor<5x1xf64>
    %3 = stablehlo.divide %2, %arg1 : tensor<5x1xf64>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<5x1xf64>, tensor<f64>) -> tensor<5xf64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xf64>) -> tensor<5x4xf64>
    %6 = stablehlo.multiply %5, %arg0 : tensor<5x4xf64>
    %7 = stablehlo.add %arg2, %6 : tensor<5x4xf64>
    return %7 : tensor<5x4xf64>
  }
}
