module @jit_mlp_per_example_grads attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<4x8xf32>, %arg7: tensor<4xi32>) -> (tensor<4x8x16xf32> {jax.result_info = "result[0]"}, tensor<4x16xf32> {jax.result_info = "result[1]"}, tensor<4x16x16xf32> {jax.result_info = "result[2]"}, tensor<4x16xf32> {jax.result_info = "result[3]"}, tensor<4x16x4xf32> {jax.result_info = "result[4]"}, tensor<4x4xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.broadcast_in_dim %arg6, dims = [0, 2] : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
    %1 = stablehlo.broadcast_in_dim %arg7, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %2 = stablehlo.dot_general %0, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x1x8xf32>, tensor<8x16xf32>) -> tensor<4x1x16xf32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1, 2] : (tensor<1x16xf32>) -> tensor<1x1x16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x1x16xf32>
    %6 = stablehlo.add %2, %5 : tensor<4x1x16xf32>
    %7 = stablehlo.tanh %6 : tensor<4x1x16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1x16xf32>
    %9 = stablehlo.subtract %8, %7 : tensor<4x1x16xf32>
    %10 = stablehlo.dot_general %7, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<16x16xf32>) -> tensor<4x1x16xf32>
    %11 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [1, 2] : (tensor<1x16xf32>) -> tensor<1x1x16xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x1x16xf32>
    %14 = stablehlo.add %10, %13 : tensor<4x1x16xf32>
    %15 = stablehlo.tanh %14 : tensor<4x1x16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1x16xf32>
    %17 = stablehlo.subtract %16, %15 : tensor<4x1x16xf32>
    %18 = stablehlo.dot_general %15, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<16x4xf32>) -> tensor<4x1x4xf32>
    %19 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [1, 2] : (tensor<1x4xf32>) -> tensor<1x1x4xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<4x1x4xf32>
    %22 = stablehlo.add %18, %21 : tensor<4x1x4xf32>
    %23:3 = call @log_softmax(%22) : (tensor<4x1x4xf32>) -> (tensor<4x1x4xf32>, tensor<4x1x4xf32>, tensor<4x1x1xf32>)
    %24 = call @_one_hot(%1) : (tensor<4x1xi32>) -> tensor<4x1x4xf32>
    %25 = stablehlo.multiply %23#0, %24 : tensor<4x1x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.reduce(%25 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x1x4xf32>, tensor<f32>) -> tensor<4x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %29 = stablehlo.divide %27, %28 : tensor<4xf32>
    %30 = stablehlo.negate %29 : tensor<4xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.negate %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.divide %31, %cst_5 : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<1xf32>) -> tensor<1x4xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [1, 2] : (tensor<1x4xf32>) -> tensor<1x1x4xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<4x1x4xf32>
    %37 = stablehlo.multiply %36, %24 : tensor<4x1x4xf32>
    %38 = call @log_softmax_0(%23#1, %23#2, %37) : (tensor<4x1x4xf32>, tensor<4x1x1xf32>, tensor<4x1x4xf32>) -> tensor<4x1x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<4x1x4xf32>, tensor<f32>) -> tensor<4x4xf32>
    %40 = stablehlo.dot_general %38, %15, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x4xf32>, tensor<4x1x16xf32>) -> tensor<4x4x16xf32>
    %41 = stablehlo.transpose %40, dims = [0, 2, 1] : (tensor<4x4x16xf32>) -> tensor<4x16x4xf32>
    %42 = stablehlo.dot_general %38, %arg4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x4xf32>, tensor<16x4xf32>) -> tensor<4x1x16xf32>
    %43 = stablehlo.multiply %42, %17 : tensor<4x1x16xf32>
    %44 = stablehlo.multiply %43, %15 : tensor<4x1x16xf32>
    %45 = stablehlo.add %43, %44 : tensor<4x1x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<4x1x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %47 = stablehlo.dot_general %45, %7, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x1x16xf32>) -> tensor<4x16x16xf32>
    %48 = stablehlo.transpose %47, dims = [0, 2, 1] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %49 = stablehlo.dot_general %45, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<16x16xf32>) -> tensor<4x1x16xf32>
    %50 = stablehlo.multiply %49, %9 : tensor<4x1x16xf32>
    %51 = stablehlo.multiply %50, %7 : tensor<4x1x16xf32>
    %52 = stablehlo.add %50, %51 : tensor<4x1x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<4x1x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %54 = stablehlo.dot_general %52, %0, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x1x8xf32>) -> tensor<4x16x8xf32>
    %55 = stablehlo.transpose %54, dims = [0, 2, 1] : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
    return %55, %53, %48, %46, %41, %39 : tensor<4x8x16xf32>, tensor<4x16xf32>, tensor<4x16x16xf32>, tensor<4x16xf32>, tensor<4x16x4xf32>, tensor<4x4xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x1x4xf32>) -> (tensor<4x1x4xf32>, tensor<4x1x4xf32>, tensor<4x1x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<4x1x4xf32>, tensor<f32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x1x1xf32>) -> tensor<4x1x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x1x4xf32>
    %6 = stablehlo.exponential %5 : tensor<4x1x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x1x4xf32>, tensor<f32>) -> tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<4x1x1xf32>) -> tensor<4x1x4xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x1x4xf32>
    return %11, %6, %8 : tensor<4x1x4xf32>, tensor<4x1x4xf32>, tensor<4x1x1xf32>
  }
  func.func private @_one_hot(%arg0: tensor<4x1xi32>) -> tensor<4x1x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<1x4xi32>) -> tensor<1x1x4xi32>
    %3 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<4x1x1xi32>) -> tensor<4x1x4xi32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<1x1x4xi32>) -> tensor<4x1x4xi32>
    %5 = stablehlo.compare EQ, %3, %4, SIGNED : (tensor<4x1x4xi32>, tensor<4x1x4xi32>) -> tensor<4x1x4xi1>
    %6 = stablehlo.convert %5 : (tensor<4x1x4xi1>) -> tensor<4x1x4xf32>
    return %6 : tensor<4x1x4xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<4x1x4xf32>, %arg1: tensor<4x1x1xf32>, %arg2: tensor<4x1x4xf32>) -> tensor<4x1x4xf32> {
    %0 = stablehlo.negate %arg2 : tensor<4x1x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x1x4xf32>, tensor<f32>) -> tensor<4x1xf32>
    %2 = stablehlo.reshape %1 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<4x1x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1, 2] : (tensor<4x1x1xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1x4xf32>
    %7 = stablehlo.multiply %6, %arg0 : tensor<4x1x4xf32>
    %8 = stablehlo.add %arg2, %7 : tensor<4x1x4xf32>
    return %8 : tensor<4x1x4xf32>
  }
}
