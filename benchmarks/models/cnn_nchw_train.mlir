module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16x3x5x5xf32>, %arg2: tensor<32x32x3x3xf32>, %arg3: tensor<16x1x3x3xf32>, %arg4: tensor<512x10xf32>, %arg5: tensor<32x16x1x1xf32>, %arg6: tensor<8x3x32x32xf32>, %arg7: tensor<8xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16x3x5x5xf32> {jax.result_info = "result[2]"}, tensor<32x32x3x3xf32> {jax.result_info = "result[3]"}, tensor<16x1x3x3xf32> {jax.result_info = "result[4]"}, tensor<512x10xf32> {jax.result_info = "result[5]"}, tensor<32x16x1x1xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.convolution(%arg6, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x3x32x32xf32>, tensor<16x3x5x5xf32>) -> tensor<8x16x28x28xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<1x16x1x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x16x1x1xf32>) -> tensor<8x16x28x28xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16x28x28xf32>
    %4 = call @relu(%3) : (tensor<8x16x28x28xf32>) -> tensor<8x16x28x28xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x28x28xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<8x16x28x28xf32>, tensor<8x16x28x28xf32>) -> tensor<8x16x28x28xi1>
    %7 = stablehlo.convolution(%4, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x28x28xf32>, tensor<16x1x3x3xf32>) -> tensor<8x16x14x14xf32>
    %8 = stablehlo.convolution(%7, %arg5) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x14x14xf32>, tensor<32x16x1x1xf32>) -> tensor<8x32x14x14xf32>
    %9 = call @relu_0(%8) : (tensor<8x32x14x14xf32>) -> tensor<8x32x14x14xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x32x14x14xf32>
    %11 = stablehlo.compare GT, %8, %10, FLOAT : (tensor<8x32x14x14xf32>, tensor<8x32x14x14xf32>) -> tensor<8x32x14x14xi1>
    %12 = stablehlo.convolution(%9, %arg2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x14x14xf32>, tensor<32x32x3x3xf32>) -> tensor<8x32x14x14xf32>
    %13 = call @relu_0(%12) : (tensor<8x32x14x14xf32>) -> tensor<8x32x14x14xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x32x14x14xf32>
    %15 = stablehlo.compare GT, %12, %14, FLOAT : (tensor<8x32x14x14xf32>, tensor<8x32x14x14xf32>) -> tensor<8x32x14x14xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<f32>
    %17 = "stablehlo.reduce_window"(%13, %16) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 4, 4>, window_strides = array<i64: 1, 1, 3, 3>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %82 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %82 : tensor<f32>
    }) : (tensor<8x32x14x14xf32>, tensor<f32>) -> tensor<8x32x4x4xf32>
    %cst_3 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x32x4x4xf32>
    %19 = stablehlo.divide %17, %18 : tensor<8x32x4x4xf32>
    %20 = stablehlo.reshape %19 : (tensor<8x32x4x4xf32>) -> tensor<8x512xf32>
    %21 = stablehlo.dot_general %20, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x512xf32>, tensor<512x10xf32>) -> tensor<8x10xf32>
    %22:3 = call @log_softmax(%21) : (tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>)
    %23 = stablehlo.broadcast_in_dim %arg7, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %24:2 = call @take_along_axis(%22#0, %23) : (tensor<8x10xf32>, tensor<8x1xi32>) -> (tensor<8x1xf32>, tensor<8x1x1xi32>)
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24#0 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %26 = stablehlo.divide %25, %cst_5 : tensor<f32>
    %27 = stablehlo.negate %26 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.negate %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %29 = stablehlo.divide %28, %cst_7 : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %31 = call @take_along_axis_1(%24#1, %30) : (tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x10xf32>
    %32 = call @log_softmax_2(%22#1, %22#2, %31) : (tensor<8x10xf32>, tensor<8x1xf32>, tensor<8x10xf32>) -> tensor<8x10xf32>
    %33 = stablehlo.dot_general %32, %20, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x10xf32>, tensor<8x512xf32>) -> tensor<10x512xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<10x512xf32>) -> tensor<512x10xf32>
    %35 = stablehlo.dot_general %32, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x10xf32>, tensor<512x10xf32>) -> tensor<8x512xf32>
    %36 = stablehlo.reshape %35 : (tensor<8x512xf32>) -> tensor<8x32x4x4xf32>
    %cst_8 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x32x4x4xf32>
    %38 = stablehlo.divide %36, %37 : tensor<8x32x4x4xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.pad %38, %cst_9, low = [0, 0, 3, 3], high = [0, 0, 4, 4], interior = [0, 0, 2, 2] : (tensor<8x32x4x4xf32>, tensor<f32>) -> tensor<8x32x17x17xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<f32>
    %41 = "stablehlo.reduce_window"(%39, %40) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 4, 4>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %82 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %82 : tensor<f32>
    }) : (tensor<8x32x17x17xf32>, tensor<f32>) -> tensor<8x32x14x14xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x32x14x14xf32>
    %43 = stablehlo.select %15, %41, %42 : tensor<8x32x14x14xi1>, tensor<8x32x14x14xf32>
    %44 = stablehlo.convolution(%9, %43) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [2, 2], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x14x14xf32>, tensor<8x32x14x14xf32>) -> tensor<32x32x3x3xf32>
    %45 = stablehlo.reverse %arg2, dims = [2, 3] : tensor<32x32x3x3xf32>
    %46 = stablehlo.convolution(%43, %45) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x14x14xf32>, tensor<32x32x3x3xf32>) -> tensor<8x32x14x14xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x32x14x14xf32>
    %48 = stablehlo.select %11, %46, %47 : tensor<8x32x14x14xi1>, tensor<8x32x14x14xf32>
    %49 = stablehlo.convolution(%7, %48) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x14x14xf32>, tensor<8x32x14x14xf32>) -> tensor<32x16x1x1xf32>
    %50 = stablehlo.reverse %arg5, dims = [2, 3] : tensor<32x16x1x1xf32>
    %51 = stablehlo.convolution(%48, %50) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x14x14xf32>, tensor<32x16x1x1xf32>) -> tensor<8x16x14x14xf32>
    %52 = stablehlo.convolution(%4, %51) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 16 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x28x28xf32>, tensor<8x16x14x14xf32>) -> tensor<16x1x3x3xf32>
    %53 = stablehlo.reshape %arg3 : (tensor<16x1x3x3xf32>) -> tensor<16x1x1x3x3xf32>
    %54 = stablehlo.transpose %53, dims = [1, 0, 2, 3, 4] : (tensor<16x1x1x3x3xf32>) -> tensor<1x16x1x3x3xf32>
    %55 = stablehlo.reshape %54 : (tensor<1x16x1x3x3xf32>) -> tensor<1x16x3x3xf32>
    %56 = stablehlo.reverse %55, dims = [2, 3] : tensor<1x16x3x3xf32>
    %57 = stablehlo.convolution(%51, %56) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x14x14xf32>, tensor<1x16x3x3xf32>) -> tensor<8x16x28x28xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x28x28xf32>
    %59 = stablehlo.select %6, %57, %58 : tensor<8x16x28x28xi1>, tensor<8x16x28x28xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%59 init: %cst_14) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<8x16x28x28xf32>, tensor<f32>) -> tensor<16xf32>
    %61 = stablehlo.reshape %60 : (tensor<16xf32>) -> tensor<1x16x1x1xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%61 init: %cst_15) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x16x1x1xf32>, tensor<f32>) -> tensor<16xf32>
    %63 = stablehlo.convolution(%arg6, %59) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x3x32x32xf32>, tensor<8x16x28x28xf32>) -> tensor<16x3x5x5xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %65 = stablehlo.multiply %64, %62 : tensor<16xf32>
    %66 = stablehlo.subtract %arg0, %65 : tensor<16xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16x3x5x5xf32>
    %68 = stablehlo.multiply %67, %63 : tensor<16x3x5x5xf32>
    %69 = stablehlo.subtract %arg1, %68 : tensor<16x3x5x5xf32>
    %cst_18 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<32x32x3x3xf32>
    %71 = stablehlo.multiply %70, %44 : tensor<32x32x3x3xf32>
    %72 = stablehlo.subtract %arg2, %71 : tensor<32x32x3x3xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16x1x3x3xf32>
    %74 = stablehlo.multiply %73, %52 : tensor<16x1x3x3xf32>
    %75 = stablehlo.subtract %arg3, %74 : tensor<16x1x3x3xf32>
    %cst_20 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<512x10xf32>
    %77 = stablehlo.multiply %76, %34 : tensor<512x10xf32>
    %78 = stablehlo.subtract %arg4, %77 : tensor<512x10xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<32x16x1x1xf32>
    %80 = stablehlo.multiply %79, %49 : tensor<32x16x1x1xf32>
    %81 = stablehlo.subtract %arg5, %80 : tensor<32x16x1x1xf32>
    return %27, %66, %69, %72, %75, %78, %81 : tensor<f32>, tensor<16xf32>, tensor<16x3x5x5xf32>, tensor<32x32x3x3xf32>, tensor<16x1x3x3xf32>, tensor<512x10xf32>, tensor<32x16x1x1xf32>
  }
  func.func private @relu(%arg0: tensor<8x16x28x28xf32>) -> tensor<8x16x28x28xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x28x28xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x16x28x28xf32>
    return %1 : tensor<8x16x28x28xf32>
  }
  func.func private @relu_0(%arg0: tensor<8x32x14x14xf32>) -> tensor<8x32x14x14xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32x14x14xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x32x14x14xf32>
    return %1 : tensor<8x32x14x14xf32>
  }
  func.func private @log_softmax(%arg0: tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x10xf32>
    %6 = stablehlo.exponential %5 : tensor<8x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %9 = stablehlo.log %8 : tensor<8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x10xf32>
    return %11, %6, %8 : tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x10xf32>, %arg1: tensor<8x1xi32>) -> (tensor<8x1xf32>, tensor<8x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x1xi1>, tensor<8x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x1x1xi1>, tensor<i1>) -> tensor<8x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x10xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x1xi1>, tensor<8x1xf32>
    return %15, %5 : tensor<8x1xf32>, tensor<8x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<8x1x1xi32>, %arg1: tensor<8x1xf32>) -> tensor<8x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x10xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x10xf32>
    return %1 : tensor<8x10xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<8x10xf32>, %arg1: tensor<8x1xf32>, %arg2: tensor<8x10xf32>) -> tensor<8x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.reshape %1 : (tensor<8xf32>) -> tensor<8x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x10xf32>
    return %7 : tensor<8x10xf32>
  }
}
