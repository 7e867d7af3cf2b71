module @jit_mlp_grad_rematerialized attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<5x8xf32>, %arg7: tensor<5xi32>) -> (tensor<8x16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16x16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16x4xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<5x16xf32>
    %4 = stablehlo.tanh %3 : tensor<5x16xf32>
    %5 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %8 = stablehlo.add %5, %7 : tensor<5x16xf32>
    %9 = stablehlo.tanh %8 : tensor<5x16xf32>
    %10 = stablehlo.dot_general %9, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %11 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %13 = stablehlo.add %10, %12 : tensor<5x4xf32>
    %14 = call @log_softmax(%13) : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %15 = call @_one_hot(%arg7) : (tensor<5xi32>) -> tensor<5x4xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %19 = stablehlo.divide %18, %cst_1 : tensor<f32>
    %20 = stablehlo.negate %19 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21:9 = stablehlo.optimization_barrier %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %cst_2 : tensor<8x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>, tensor<5x8xf32>, tensor<5xi32>, tensor<f32>
    %22 = stablehlo.dot_general %21#6, %21#0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %23 = stablehlo.broadcast_in_dim %21#1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %25 = stablehlo.add %22, %24 : tensor<5x16xf32>
    %26 = stablehlo.tanh %25 : tensor<5x16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %28 = stablehlo.subtract %27, %26 : tensor<5x16xf32>
    %29 = stablehlo.dot_general %26, %21#2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %30 = stablehlo.broadcast_in_dim %21#3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %32 = stablehlo.add %29, %31 : tensor<5x16xf32>
    %33 = stablehlo.tanh %32 : tensor<5x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %35 = stablehlo.subtract %34, %33 : tensor<5x16xf32>
    %36 = stablehlo.dot_general %33, %21#4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %37 = stablehlo.broadcast_in_dim %21#5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %39 = stablehlo.add %36, %38 : tensor<5x4xf32>
    %40:2 = call @log_softmax_0(%39) : (tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x1xf32>)
    %41 = call @_one_hot_1(%21#7) : (tensor<5xi32>) -> tensor<5x4xf32>
    %42 = stablehlo.negate %21#8 : tensor<f32>
    %cst_5 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %43 = stablehlo.divide %42, %cst_5 : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %46 = stablehlo.multiply %45, %41 : tensor<5x4xf32>
    %47 = call @log_softmax_2(%40#0, %40#1, %46) : (tensor<5x4xf32>, tensor<5x1xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    %49 = stablehlo.reshape %48 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %51 = stablehlo.dot_general %47, %33, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
    %52 = stablehlo.transpose %51, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %53 = stablehlo.dot_general %47, %21#4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<16x4xf32>) -> tensor<5x16xf32>
    %54 = stablehlo.multiply %53, %35 : tensor<5x16xf32>
    %55 = stablehlo.multiply %54, %33 : tensor<5x16xf32>
    %56 = stablehlo.add %54, %55 : tensor<5x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.reduce(%56 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %58 = stablehlo.reshape %57 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %60 = stablehlo.dot_general %56, %26, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<16x16xf32>
    %61 = stablehlo.transpose %60, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %62 = stablehlo.dot_general %56, %21#2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %63 = stablehlo.multiply %62, %28 : tensor<5x16xf32>
    %64 = stablehlo.multiply %63, %26 : tensor<5x16xf32>
    %65 = stablehlo.add %63, %64 : tensor<5x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %67 = stablehlo.reshape %66 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %69 = stablehlo.dot_general %65, %21#6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x8xf32>) -> tensor<16x8xf32>
    %70 = stablehlo.transpose %69, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    return %70, %68, %61, %59, %52, %50 : tensor<8x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>
  }
  func.func private @log_softmax(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<5xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x4xf32>
    %6 = stablehlo.exponential %5 : tensor<5x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %9 = stablehlo.log %8 : tensor<5x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<5x4xf32>
    return %11 : tensor<5x4xf32>
  }
  func.func private @_one_hot(%arg0: tensor<5xi32>) -> tensor<5x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x4xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<5x4xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
    %5 = stablehlo.convert %4 : (tensor<5x4xi1>) -> tensor<5x4xf32>
    return %5 : tensor<5x4xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<5xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x4xf32>
    %6 = stablehlo.exponential %5 : tensor<5x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    return %6, %8 : tensor<5x4xf32>, tensor<5x1xf32>
  }
  func.func private @_one_hot_1(%arg0: tensor<5xi32>) -> tensor<5x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x4xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<5x4xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
    %5 = stablehlo.convert %4 : (tensor<5x4xi1>) -> tensor<5x4xf32>
    return %5 : tensor<5x4xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<5x4xf32>, %arg1: tensor<5x1xf32>, %arg2: tensor<5x4xf32>) -> tensor<5x4xf32> {
    %0 = stablehlo.negate %arg2 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.reshape %1 : (tensor<5xf32>) -> tensor<5x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<5x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<5x1xf32>, tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<5x4xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<5x4xf32>
    return %7 : tensor<5x4xf32>
  }
}
