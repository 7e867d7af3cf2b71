module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x10xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<3x3x16x16xf32>, %arg6: tensor<3x3x16x16xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %arg11: tensor<3x3x16x32xf32>, %arg12: tensor<3x3x32x32xf32>, %arg13: tensor<1x1x16x32xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<3x3x32x64xf32>, %arg19: tensor<3x3x64x64xf32>, %arg20: tensor<1x1x32x64xf32>, %arg21: tensor<3x3x3x16xf32>, %arg22: tensor<16xf32>, %arg23: tensor<16xf32>, %arg24: tensor<16x32x32x3xf32>, %arg25: tensor<16xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64x10xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<3x3x16x16xf32> {jax.result_info = "result[6]"}, tensor<3x3x16x16xf32> {jax.result_info = "result[7]"}, tensor<32xf32> {jax.result_info = "result[8]"}, tensor<32xf32> {jax.result_info = "result[9]"}, tensor<32xf32> {jax.result_info = "result[10]"}, tensor<32xf32> {jax.result_info = "result[11]"}, tensor<3x3x16x32xf32> {jax.result_info = "result[12]"}, tensor<3x3x32x32xf32> {jax.result_info = "result[13]"}, tensor<1x1x16x32xf32> {jax.result_info = "result[14]"}, tensor<64xf32> {jax.result_info = "result[15]"}, tensor<64xf32> {jax.result_info = "result[16]"}, tensor<64xf32> {jax.result_info = "result[17]"}, tensor<64xf32> {jax.result_info = "result[18]"}, tensor<3x3x32x64xf32> {jax.result_info = "result[19]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[20]"}, tensor<1x1x32x64xf32> {jax.result_info = "result[21]"}, tensor<3x3x3x16xf32> {jax.result_info = "result[22]"}, tensor<16xf32> {jax.result_info = "result[23]"}, tensor<16xf32> {jax.result_info = "result[24]"}) {
    %0 = stablehlo.convolution(%arg24, %arg21) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x3xf32>, tensor<3x3x3x16xf32>) -> tensor<16x32x32x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_0 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x1x1x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5:4 = call @_var(%0, %c) : (tensor<16x32x32x16xf32>, tensor<i32>) -> (tensor<1x1x1x16xf32>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<16x32x32x16xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %9 = stablehlo.add %5#0, %8 : tensor<1x1x1x16xf32>
    %10 = stablehlo.rsqrt %9 : tensor<1x1x1x16xf32>
    %11 = stablehlo.divide %10, %9 : tensor<1x1x1x16xf32>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<1x1x1x16xf32>
    %14 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %15 = stablehlo.multiply %7, %14 : tensor<16x32x32x16xf32>
    %16 = stablehlo.broadcast_in_dim %arg23, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<16x32x32x16xf32>
    %19 = stablehlo.broadcast_in_dim %arg22, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %21 = stablehlo.add %18, %20 : tensor<16x32x32x16xf32>
    %22 = call @relu(%21) : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %24 = stablehlo.compare GT, %21, %23, FLOAT : (tensor<16x32x32x16xf32>, tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xi1>
    %25 = stablehlo.convolution(%22, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<3x3x16x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.reduce(%25 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_5 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %29 = stablehlo.divide %27, %28 : tensor<1x1x1x16xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %30:4 = call @_var(%25, %c_6) : (tensor<16x32x32x16xf32>, tensor<i32>) -> (tensor<1x1x1x16xf32>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %31 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %32 = stablehlo.subtract %25, %31 : tensor<16x32x32x16xf32>
    %cst_7 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %34 = stablehlo.add %30#0, %33 : tensor<1x1x1x16xf32>
    %35 = stablehlo.rsqrt %34 : tensor<1x1x1x16xf32>
    %36 = stablehlo.divide %35, %34 : tensor<1x1x1x16xf32>
    %cst_8 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %38 = stablehlo.multiply %37, %36 : tensor<1x1x1x16xf32>
    %39 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %40 = stablehlo.multiply %32, %39 : tensor<16x32x32x16xf32>
    %41 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %43 = stablehlo.multiply %40, %42 : tensor<16x32x32x16xf32>
    %44 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %46 = stablehlo.add %43, %45 : tensor<16x32x32x16xf32>
    %47 = call @relu(%46) : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %49 = stablehlo.compare GT, %46, %48, FLOAT : (tensor<16x32x32x16xf32>, tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xi1>
    %50 = stablehlo.convolution(%47, %arg6) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<3x3x16x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_10) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_11 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %54 = stablehlo.divide %52, %53 : tensor<1x1x1x16xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %55:4 = call @_var(%50, %c_12) : (tensor<16x32x32x16xf32>, tensor<i32>) -> (tensor<1x1x1x16xf32>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %56 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %57 = stablehlo.subtract %50, %56 : tensor<16x32x32x16xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %59 = stablehlo.add %55#0, %58 : tensor<1x1x1x16xf32>
    %60 = stablehlo.rsqrt %59 : tensor<1x1x1x16xf32>
    %61 = stablehlo.divide %60, %59 : tensor<1x1x1x16xf32>
    %cst_14 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %63 = stablehlo.multiply %62, %61 : tensor<1x1x1x16xf32>
    %64 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %65 = stablehlo.multiply %57, %64 : tensor<16x32x32x16xf32>
    %66 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %68 = stablehlo.multiply %65, %67 : tensor<16x32x32x16xf32>
    %69 = stablehlo.broadcast_in_dim %arg3, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %71 = stablehlo.add %68, %70 : tensor<16x32x32x16xf32>
    %72 = stablehlo.add %71, %22 : tensor<16x32x32x16xf32>
    %73 = call @relu(%72) : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %75 = stablehlo.compare GT, %72, %74, FLOAT : (tensor<16x32x32x16xf32>, tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xi1>
    %76 = stablehlo.convolution(%73, %arg11) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<16x16x16x32xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%76 init: %cst_16) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_17 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %80 = stablehlo.divide %78, %79 : tensor<1x1x1x32xf32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %81:4 = call @_var_0(%76, %c_18) : (tensor<16x16x16x32xf32>, tensor<i32>) -> (tensor<1x1x1x32xf32>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>)
    %82 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %83 = stablehlo.subtract %76, %82 : tensor<16x16x16x32xf32>
    %cst_19 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %85 = stablehlo.add %81#0, %84 : tensor<1x1x1x32xf32>
    %86 = stablehlo.rsqrt %85 : tensor<1x1x1x32xf32>
    %87 = stablehlo.divide %86, %85 : tensor<1x1x1x32xf32>
    %cst_20 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %89 = stablehlo.multiply %88, %87 : tensor<1x1x1x32xf32>
    %90 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %91 = stablehlo.multiply %83, %90 : tensor<16x16x16x32xf32>
    %92 = stablehlo.broadcast_in_dim %arg8, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %94 = stablehlo.multiply %91, %93 : tensor<16x16x16x32xf32>
    %95 = stablehlo.broadcast_in_dim %arg7, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %97 = stablehlo.add %94, %96 : tensor<16x16x16x32xf32>
    %98 = call @relu_2(%97) : (tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %100 = stablehlo.compare GT, %97, %99, FLOAT : (tensor<16x16x16x32xf32>, tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xi1>
    %101 = stablehlo.convolution(%98, %arg12) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<3x3x32x32xf32>) -> tensor<16x16x16x32xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.reduce(%101 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_23 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %105 = stablehlo.divide %103, %104 : tensor<1x1x1x32xf32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %106:4 = call @_var_0(%101, %c_24) : (tensor<16x16x16x32xf32>, tensor<i32>) -> (tensor<1x1x1x32xf32>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>)
    %107 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %108 = stablehlo.subtract %101, %107 : tensor<16x16x16x32xf32>
    %cst_25 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %110 = stablehlo.add %106#0, %109 : tensor<1x1x1x32xf32>
    %111 = stablehlo.rsqrt %110 : tensor<1x1x1x32xf32>
    %112 = stablehlo.divide %111, %110 : tensor<1x1x1x32xf32>
    %cst_26 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %114 = stablehlo.multiply %113, %112 : tensor<1x1x1x32xf32>
    %115 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %116 = stablehlo.multiply %108, %115 : tensor<16x16x16x32xf32>
    %117 = stablehlo.broadcast_in_dim %arg10, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %119 = stablehlo.multiply %116, %118 : tensor<16x16x16x32xf32>
    %120 = stablehlo.broadcast_in_dim %arg9, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %122 = stablehlo.add %119, %121 : tensor<16x16x16x32xf32>
    %123 = stablehlo.convolution(%73, %arg13) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<1x1x16x32xf32>) -> tensor<16x16x16x32xf32>
    %124 = stablehlo.add %122, %123 : tensor<16x16x16x32xf32>
    %125 = call @relu_2(%124) : (tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %127 = stablehlo.compare GT, %124, %126, FLOAT : (tensor<16x16x16x32xf32>, tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xi1>
    %128 = stablehlo.convolution(%125, %arg18) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<3x3x32x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%128 init: %cst_28) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_29 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %132 = stablehlo.divide %130, %131 : tensor<1x1x1x64xf32>
    %c_30 = stablehlo.constant dense<0> : tensor<i32>
    %133:4 = call @_var_3(%128, %c_30) : (tensor<16x8x8x64xf32>, tensor<i32>) -> (tensor<1x1x1x64xf32>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>)
    %134 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %135 = stablehlo.subtract %128, %134 : tensor<16x8x8x64xf32>
    %cst_31 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %137 = stablehlo.add %133#0, %136 : tensor<1x1x1x64xf32>
    %138 = stablehlo.rsqrt %137 : tensor<1x1x1x64xf32>
    %139 = stablehlo.divide %138, %137 : tensor<1x1x1x64xf32>
    %cst_32 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %141 = stablehlo.multiply %140, %139 : tensor<1x1x1x64xf32>
    %142 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %143 = stablehlo.multiply %135, %142 : tensor<16x8x8x64xf32>
    %144 = stablehlo.broadcast_in_dim %arg15, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %145 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %146 = stablehlo.multiply %143, %145 : tensor<16x8x8x64xf32>
    %147 = stablehlo.broadcast_in_dim %arg14, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %148 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %149 = stablehlo.add %146, %148 : tensor<16x8x8x64xf32>
    %150 = call @relu_5(%149) : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %152 = stablehlo.compare GT, %149, %151, FLOAT : (tensor<16x8x8x64xf32>, tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xi1>
    %153 = stablehlo.convolution(%150, %arg19) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xf32>, tensor<3x3x64x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %154 = stablehlo.reduce(%153 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_35 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %157 = stablehlo.divide %155, %156 : tensor<1x1x1x64xf32>
    %c_36 = stablehlo.constant dense<0> : tensor<i32>
    %158:4 = call @_var_3(%153, %c_36) : (tensor<16x8x8x64xf32>, tensor<i32>) -> (tensor<1x1x1x64xf32>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>)
    %159 = stablehlo.broadcast_in_dim %157, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %160 = stablehlo.subtract %153, %159 : tensor<16x8x8x64xf32>
    %cst_37 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %162 = stablehlo.add %158#0, %161 : tensor<1x1x1x64xf32>
    %163 = stablehlo.rsqrt %162 : tensor<1x1x1x64xf32>
    %164 = stablehlo.divide %163, %162 : tensor<1x1x1x64xf32>
    %cst_38 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<1x1x1x64xf32>
    %167 = stablehlo.broadcast_in_dim %163, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %168 = stablehlo.multiply %160, %167 : tensor<16x8x8x64xf32>
    %169 = stablehlo.broadcast_in_dim %arg17, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %170 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %171 = stablehlo.multiply %168, %170 : tensor<16x8x8x64xf32>
    %172 = stablehlo.broadcast_in_dim %arg16, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %173 = stablehlo.broadcast_in_dim %172, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %174 = stablehlo.add %171, %173 : tensor<16x8x8x64xf32>
    %175 = stablehlo.convolution(%125, %arg20) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<1x1x32x64xf32>) -> tensor<16x8x8x64xf32>
    %176 = stablehlo.add %174, %175 : tensor<16x8x8x64xf32>
    %177 = call @relu_5(%176) : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %179 = stablehlo.compare GT, %176, %178, FLOAT : (tensor<16x8x8x64xf32>, tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xi1>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.reduce(%177 init: %cst_40) applies stablehlo.add across dimensions = [1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<16x64xf32>
    %cst_41 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %182 = stablehlo.divide %180, %181 : tensor<16x64xf32>
    %183 = stablehlo.dot_general %182, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x64xf32>, tensor<64x10xf32>) -> tensor<16x10xf32>
    %184:3 = call @log_softmax(%183) : (tensor<16x10xf32>) -> (tensor<16x10xf32>, tensor<16x10xf32>, tensor<16x1xf32>)
    %185 = stablehlo.broadcast_in_dim %arg25, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %186:2 = call @take_along_axis(%184#0, %185) : (tensor<16x10xf32>, tensor<16x1xi32>) -> (tensor<16x1xf32>, tensor<16x1x1xi32>)
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.reduce(%186#0 init: %cst_42) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_43 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %188 = stablehlo.divide %187, %cst_43 : tensor<f32>
    %189 = stablehlo.negate %188 : tensor<f32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %190 = stablehlo.negate %cst_44 : tensor<f32>
    %cst_45 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %191 = stablehlo.divide %190, %cst_45 : tensor<f32>
    %192 = stablehlo.broadcast_in_dim %191, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %193 = call @take_along_axis_6(%186#1, %192) : (tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x10xf32>
    %194 = call @log_softmax_7(%184#1, %184#2, %193) : (tensor<16x10xf32>, tensor<16x1xf32>, tensor<16x10xf32>) -> tensor<16x10xf32>
    %195 = stablehlo.dot_general %194, %182, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x10xf32>, tensor<16x64xf32>) -> tensor<10x64xf32>
    %196 = stablehlo.transpose %195, dims = [1, 0] : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %197 = stablehlo.dot_general %194, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x10xf32>, tensor<64x10xf32>) -> tensor<16x64xf32>
    %cst_46 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %199 = stablehlo.divide %197, %198 : tensor<16x64xf32>
    %200 = stablehlo.broadcast_in_dim %199, dims = [0, 3] : (tensor<16x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %202 = stablehlo.select %179, %200, %201 : tensor<16x8x8x64xi1>, tensor<16x8x8x64xf32>
    %203 = stablehlo.convolution(%125, %202) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, -1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<16x8x8x64xf32>) -> tensor<1x1x32x64xf32>
    %204 = stablehlo.reverse %arg20, dims = [0, 1] : tensor<1x1x32x64xf32>
    %205 = stablehlo.convolution(%202, %204) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xf32>, tensor<1x1x32x64xf32>) -> tensor<16x16x16x32xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %206 = stablehlo.reduce(%202 init: %cst_48) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %207 = stablehlo.reshape %206 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %208 = stablehlo.reduce(%207 init: %cst_49) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %209 = stablehlo.multiply %168, %202 : tensor<16x8x8x64xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %210 = stablehlo.reduce(%209 init: %cst_50) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %211 = stablehlo.reshape %210 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %212 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %213 = stablehlo.multiply %202, %212 : tensor<16x8x8x64xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %214 = stablehlo.reduce(%211 init: %cst_51) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %215 = stablehlo.multiply %160, %213 : tensor<16x8x8x64xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %216 = stablehlo.reduce(%215 init: %cst_52) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %217 = stablehlo.reshape %216 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %218 = stablehlo.broadcast_in_dim %163, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %219 = stablehlo.multiply %213, %218 : tensor<16x8x8x64xf32>
    %220 = stablehlo.multiply %217, %166 : tensor<1x1x1x64xf32>
    %221 = stablehlo.negate %219 : tensor<16x8x8x64xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %222 = stablehlo.reduce(%221 init: %cst_53) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %223 = stablehlo.reshape %222 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %224 = call @_var_8(%158#1, %158#2, %158#3, %220) : (tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %225 = stablehlo.add %219, %224 : tensor<16x8x8x64xf32>
    %cst_54 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %227 = stablehlo.divide %223, %226 : tensor<1x1x1x64xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %228 = stablehlo.reduce(%227 init: %cst_55) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %229 = stablehlo.broadcast_in_dim %228, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %230 = stablehlo.add %225, %229 : tensor<16x8x8x64xf32>
    %231 = stablehlo.convolution(%150, %230) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xf32>, tensor<16x8x8x64xf32>) -> tensor<3x3x64x64xf32>
    %232 = stablehlo.reverse %arg19, dims = [0, 1] : tensor<3x3x64x64xf32>
    %233 = stablehlo.convolution(%230, %232) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xf32>, tensor<3x3x64x64xf32>) -> tensor<16x8x8x64xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %235 = stablehlo.select %152, %233, %234 : tensor<16x8x8x64xi1>, tensor<16x8x8x64xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %236 = stablehlo.reduce(%235 init: %cst_57) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %237 = stablehlo.reshape %236 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %238 = stablehlo.reduce(%237 init: %cst_58) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %239 = stablehlo.multiply %143, %235 : tensor<16x8x8x64xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %240 = stablehlo.reduce(%239 init: %cst_59) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %241 = stablehlo.reshape %240 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %242 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %243 = stablehlo.multiply %235, %242 : tensor<16x8x8x64xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %244 = stablehlo.reduce(%241 init: %cst_60) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %245 = stablehlo.multiply %135, %243 : tensor<16x8x8x64xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %246 = stablehlo.reduce(%245 init: %cst_61) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %247 = stablehlo.reshape %246 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %248 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %249 = stablehlo.multiply %243, %248 : tensor<16x8x8x64xf32>
    %250 = stablehlo.multiply %247, %141 : tensor<1x1x1x64xf32>
    %251 = stablehlo.negate %249 : tensor<16x8x8x64xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %252 = stablehlo.reduce(%251 init: %cst_62) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %253 = stablehlo.reshape %252 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %254 = call @_var_8(%133#1, %133#2, %133#3, %250) : (tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %255 = stablehlo.add %249, %254 : tensor<16x8x8x64xf32>
    %cst_63 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %256 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %257 = stablehlo.divide %253, %256 : tensor<1x1x1x64xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %258 = stablehlo.reduce(%257 init: %cst_64) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %259 = stablehlo.broadcast_in_dim %258, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %260 = stablehlo.add %255, %259 : tensor<16x8x8x64xf32>
    %261 = stablehlo.convolution(%125, %260) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<16x8x8x64xf32>) -> tensor<3x3x32x64xf32>
    %262 = stablehlo.reverse %arg18, dims = [0, 1] : tensor<3x3x32x64xf32>
    %263 = stablehlo.convolution(%260, %262) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xf32>, tensor<3x3x32x64xf32>) -> tensor<16x16x16x32xf32>
    %264 = stablehlo.add %205, %263 : tensor<16x16x16x32xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %265 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %266 = stablehlo.select %127, %264, %265 : tensor<16x16x16x32xi1>, tensor<16x16x16x32xf32>
    %267 = stablehlo.convolution(%73, %266) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, -1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<16x16x16x32xf32>) -> tensor<1x1x16x32xf32>
    %268 = stablehlo.reverse %arg13, dims = [0, 1] : tensor<1x1x16x32xf32>
    %269 = stablehlo.convolution(%266, %268) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<1x1x16x32xf32>) -> tensor<16x32x32x16xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %270 = stablehlo.reduce(%266 init: %cst_66) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %271 = stablehlo.reshape %270 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %272 = stablehlo.reduce(%271 init: %cst_67) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %273 = stablehlo.multiply %116, %266 : tensor<16x16x16x32xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %274 = stablehlo.reduce(%273 init: %cst_68) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %275 = stablehlo.reshape %274 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %276 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %277 = stablehlo.multiply %266, %276 : tensor<16x16x16x32xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %278 = stablehlo.reduce(%275 init: %cst_69) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %279 = stablehlo.multiply %108, %277 : tensor<16x16x16x32xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %280 = stablehlo.reduce(%279 init: %cst_70) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %281 = stablehlo.reshape %280 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %282 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %283 = stablehlo.multiply %277, %282 : tensor<16x16x16x32xf32>
    %284 = stablehlo.multiply %281, %114 : tensor<1x1x1x32xf32>
    %285 = stablehlo.negate %283 : tensor<16x16x16x32xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %286 = stablehlo.reduce(%285 init: %cst_71) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %287 = stablehlo.reshape %286 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %288 = call @_var_10(%106#1, %106#2, %106#3, %284) : (tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %289 = stablehlo.add %283, %288 : tensor<16x16x16x32xf32>
    %cst_72 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %291 = stablehlo.divide %287, %290 : tensor<1x1x1x32xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %292 = stablehlo.reduce(%291 init: %cst_73) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %293 = stablehlo.broadcast_in_dim %292, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %294 = stablehlo.add %289, %293 : tensor<16x16x16x32xf32>
    %295 = stablehlo.convolution(%98, %294) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<16x16x16x32xf32>) -> tensor<3x3x32x32xf32>
    %296 = stablehlo.reverse %arg12, dims = [0, 1] : tensor<3x3x32x32xf32>
    %297 = stablehlo.convolution(%294, %296) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<3x3x32x32xf32>) -> tensor<16x16x16x32xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %298 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %299 = stablehlo.select %100, %297, %298 : tensor<16x16x16x32xi1>, tensor<16x16x16x32xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %300 = stablehlo.reduce(%299 init: %cst_75) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %301 = stablehlo.reshape %300 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %302 = stablehlo.reduce(%301 init: %cst_76) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %303 = stablehlo.multiply %91, %299 : tensor<16x16x16x32xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %304 = stablehlo.reduce(%303 init: %cst_77) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %305 = stablehlo.reshape %304 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %306 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %307 = stablehlo.multiply %299, %306 : tensor<16x16x16x32xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %308 = stablehlo.reduce(%305 init: %cst_78) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %309 = stablehlo.multiply %83, %307 : tensor<16x16x16x32xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %310 = stablehlo.reduce(%309 init: %cst_79) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %311 = stablehlo.reshape %310 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %312 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %313 = stablehlo.multiply %307, %312 : tensor<16x16x16x32xf32>
    %314 = stablehlo.multiply %311, %89 : tensor<1x1x1x32xf32>
    %315 = stablehlo.negate %313 : tensor<16x16x16x32xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %316 = stablehlo.reduce(%315 init: %cst_80) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %317 = stablehlo.reshape %316 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %318 = call @_var_10(%81#1, %81#2, %81#3, %314) : (tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %319 = stablehlo.add %313, %318 : tensor<16x16x16x32xf32>
    %cst_81 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %321 = stablehlo.divide %317, %320 : tensor<1x1x1x32xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %322 = stablehlo.reduce(%321 init: %cst_82) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %323 = stablehlo.broadcast_in_dim %322, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %324 = stablehlo.add %319, %323 : tensor<16x16x16x32xf32>
    %325 = stablehlo.convolution(%73, %324) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<16x16x16x32xf32>) -> tensor<3x3x16x32xf32>
    %326 = stablehlo.reverse %arg11, dims = [0, 1] : tensor<3x3x16x32xf32>
    %327 = stablehlo.convolution(%324, %326) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xf32>, tensor<3x3x16x32xf32>) -> tensor<16x32x32x16xf32>
    %328 = stablehlo.add %269, %327 : tensor<16x32x32x16xf32>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %329 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %330 = stablehlo.select %75, %328, %329 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xf32>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %331 = stablehlo.reduce(%330 init: %cst_84) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %332 = stablehlo.reshape %331 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %333 = stablehlo.reduce(%332 init: %cst_85) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %334 = stablehlo.multiply %65, %330 : tensor<16x32x32x16xf32>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %335 = stablehlo.reduce(%334 init: %cst_86) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %336 = stablehlo.reshape %335 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %337 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %338 = stablehlo.multiply %330, %337 : tensor<16x32x32x16xf32>
    %cst_87 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %339 = stablehlo.reduce(%336 init: %cst_87) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %340 = stablehlo.multiply %57, %338 : tensor<16x32x32x16xf32>
    %cst_88 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %341 = stablehlo.reduce(%340 init: %cst_88) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %342 = stablehlo.reshape %341 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %343 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %344 = stablehlo.multiply %338, %343 : tensor<16x32x32x16xf32>
    %345 = stablehlo.multiply %342, %63 : tensor<1x1x1x16xf32>
    %346 = stablehlo.negate %344 : tensor<16x32x32x16xf32>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %347 = stablehlo.reduce(%346 init: %cst_89) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %348 = stablehlo.reshape %347 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %349 = call @_var_12(%55#1, %55#2, %55#3, %345) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %350 = stablehlo.add %344, %349 : tensor<16x32x32x16xf32>
    %cst_90 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %352 = stablehlo.divide %348, %351 : tensor<1x1x1x16xf32>
    %cst_91 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %353 = stablehlo.reduce(%352 init: %cst_91) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %354 = stablehlo.broadcast_in_dim %353, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %355 = stablehlo.add %350, %354 : tensor<16x32x32x16xf32>
    %356 = stablehlo.convolution(%47, %355) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<16x32x32x16xf32>) -> tensor<3x3x16x16xf32>
    %357 = stablehlo.reverse %arg6, dims = [0, 1] : tensor<3x3x16x16xf32>
    %358 = stablehlo.convolution(%355, %357) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<3x3x16x16xf32>) -> tensor<16x32x32x16xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %359 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %360 = stablehlo.select %49, %358, %359 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xf32>
    %cst_93 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %361 = stablehlo.reduce(%360 init: %cst_93) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %362 = stablehlo.reshape %361 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %363 = stablehlo.reduce(%362 init: %cst_94) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %364 = stablehlo.multiply %40, %360 : tensor<16x32x32x16xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %365 = stablehlo.reduce(%364 init: %cst_95) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %366 = stablehlo.reshape %365 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %367 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %368 = stablehlo.multiply %360, %367 : tensor<16x32x32x16xf32>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %369 = stablehlo.reduce(%366 init: %cst_96) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %370 = stablehlo.multiply %32, %368 : tensor<16x32x32x16xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %371 = stablehlo.reduce(%370 init: %cst_97) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %372 = stablehlo.reshape %371 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %373 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %374 = stablehlo.multiply %368, %373 : tensor<16x32x32x16xf32>
    %375 = stablehlo.multiply %372, %38 : tensor<1x1x1x16xf32>
    %376 = stablehlo.negate %374 : tensor<16x32x32x16xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %377 = stablehlo.reduce(%376 init: %cst_98) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %378 = stablehlo.reshape %377 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %379 = call @_var_12(%30#1, %30#2, %30#3, %375) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %380 = stablehlo.add %374, %379 : tensor<16x32x32x16xf32>
    %cst_99 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %381 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %382 = stablehlo.divide %378, %381 : tensor<1x1x1x16xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %383 = stablehlo.reduce(%382 init: %cst_100) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %384 = stablehlo.broadcast_in_dim %383, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %385 = stablehlo.add %380, %384 : tensor<16x32x32x16xf32>
    %386 = stablehlo.convolution(%22, %385) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<16x32x32x16xf32>) -> tensor<3x3x16x16xf32>
    %387 = stablehlo.reverse %arg5, dims = [0, 1] : tensor<3x3x16x16xf32>
    %388 = stablehlo.convolution(%385, %387) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xf32>, tensor<3x3x16x16xf32>) -> tensor<16x32x32x16xf32>
    %389 = stablehlo.add %330, %388 : tensor<16x32x32x16xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %390 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %391 = stablehlo.select %24, %389, %390 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xf32>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %392 = stablehlo.reduce(%391 init: %cst_102) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %393 = stablehlo.reshape %392 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %394 = stablehlo.reduce(%393 init: %cst_103) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %395 = stablehlo.multiply %15, %391 : tensor<16x32x32x16xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %396 = stablehlo.reduce(%395 init: %cst_104) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %397 = stablehlo.reshape %396 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %398 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %399 = stablehlo.multiply %391, %398 : tensor<16x32x32x16xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %400 = stablehlo.reduce(%397 init: %cst_105) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %401 = stablehlo.multiply %7, %399 : tensor<16x32x32x16xf32>
    %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %402 = stablehlo.reduce(%401 init: %cst_106) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %403 = stablehlo.reshape %402 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %404 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %405 = stablehlo.multiply %399, %404 : tensor<16x32x32x16xf32>
    %406 = stablehlo.multiply %403, %13 : tensor<1x1x1x16xf32>
    %407 = stablehlo.negate %405 : tensor<16x32x32x16xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %408 = stablehlo.reduce(%407 init: %cst_107) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %409 = stablehlo.reshape %408 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %410 = call @_var_12(%5#1, %5#2, %5#3, %406) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %411 = stablehlo.add %405, %410 : tensor<16x32x32x16xf32>
    %cst_108 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %412 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %413 = stablehlo.divide %409, %412 : tensor<1x1x1x16xf32>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %414 = stablehlo.reduce(%413 init: %cst_109) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %415 = stablehlo.broadcast_in_dim %414, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %416 = stablehlo.add %411, %415 : tensor<16x32x32x16xf32>
    %417 = stablehlo.convolution(%arg24, %416) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x3xf32>, tensor<16x32x32x16xf32>) -> tensor<3x3x3x16xf32>
    %cst_110 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %418 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<64x10xf32>
    %419 = stablehlo.multiply %418, %196 : tensor<64x10xf32>
    %420 = stablehlo.subtract %arg0, %419 : tensor<64x10xf32>
    %cst_111 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %421 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %422 = stablehlo.multiply %421, %363 : tensor<16xf32>
    %423 = stablehlo.subtract %arg1, %422 : tensor<16xf32>
    %cst_112 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %424 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %425 = stablehlo.multiply %424, %369 : tensor<16xf32>
    %426 = stablehlo.subtract %arg2, %425 : tensor<16xf32>
    %cst_113 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %427 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %428 = stablehlo.multiply %427, %333 : tensor<16xf32>
    %429 = stablehlo.subtract %arg3, %428 : tensor<16xf32>
    %cst_114 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %430 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %431 = stablehlo.multiply %430, %339 : tensor<16xf32>
    %432 = stablehlo.subtract %arg4, %431 : tensor<16xf32>
    %cst_115 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %433 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %434 = stablehlo.multiply %433, %386 : tensor<3x3x16x16xf32>
    %435 = stablehlo.subtract %arg5, %434 : tensor<3x3x16x16xf32>
    %cst_116 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %436 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %437 = stablehlo.multiply %436, %356 : tensor<3x3x16x16xf32>
    %438 = stablehlo.subtract %arg6, %437 : tensor<3x3x16x16xf32>
    %cst_117 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %440 = stablehlo.multiply %439, %302 : tensor<32xf32>
    %441 = stablehlo.subtract %arg7, %440 : tensor<32xf32>
    %cst_118 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %442 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %443 = stablehlo.multiply %442, %308 : tensor<32xf32>
    %444 = stablehlo.subtract %arg8, %443 : tensor<32xf32>
    %cst_119 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %445 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %446 = stablehlo.multiply %445, %272 : tensor<32xf32>
    %447 = stablehlo.subtract %arg9, %446 : tensor<32xf32>
    %cst_120 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %448 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %449 = stablehlo.multiply %448, %278 : tensor<32xf32>
    %450 = stablehlo.subtract %arg10, %449 : tensor<32xf32>
    %cst_121 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %451 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<3x3x16x32xf32>
    %452 = stablehlo.multiply %451, %325 : tensor<3x3x16x32xf32>
    %453 = stablehlo.subtract %arg11, %452 : tensor<3x3x16x32xf32>
    %cst_122 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<3x3x32x32xf32>
    %455 = stablehlo.multiply %454, %295 : tensor<3x3x32x32xf32>
    %456 = stablehlo.subtract %arg12, %455 : tensor<3x3x32x32xf32>
    %cst_123 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %457 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<1x1x16x32xf32>
    %458 = stablehlo.multiply %457, %267 : tensor<1x1x16x32xf32>
    %459 = stablehlo.subtract %arg13, %458 : tensor<1x1x16x32xf32>
    %cst_124 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %460 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %461 = stablehlo.multiply %460, %238 : tensor<64xf32>
    %462 = stablehlo.subtract %arg14, %461 : tensor<64xf32>
    %cst_125 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %463 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %464 = stablehlo.multiply %463, %244 : tensor<64xf32>
    %465 = stablehlo.subtract %arg15, %464 : tensor<64xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %466 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %467 = stablehlo.multiply %466, %208 : tensor<64xf32>
    %468 = stablehlo.subtract %arg16, %467 : tensor<64xf32>
    %cst_127 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %469 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %470 = stablehlo.multiply %469, %214 : tensor<64xf32>
    %471 = stablehlo.subtract %arg17, %470 : tensor<64xf32>
    %cst_128 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<3x3x32x64xf32>
    %473 = stablehlo.multiply %472, %261 : tensor<3x3x32x64xf32>
    %474 = stablehlo.subtract %arg18, %473 : tensor<3x3x32x64xf32>
    %cst_129 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<3x3x64x64xf32>
    %476 = stablehlo.multiply %475, %231 : tensor<3x3x64x64xf32>
    %477 = stablehlo.subtract %arg19, %476 : tensor<3x3x64x64xf32>
    %cst_130 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<1x1x32x64xf32>
    %479 = stablehlo.multiply %478, %203 : tensor<1x1x32x64xf32>
    %480 = stablehlo.subtract %arg20, %479 : tensor<1x1x32x64xf32>
    %cst_131 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %481 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<3x3x3x16xf32>
    %482 = stablehlo.multiply %481, %417 : tensor<3x3x3x16xf32>
    %483 = stablehlo.subtract %arg21, %482 : tensor<3x3x3x16xf32>
    %cst_132 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %484 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %485 = stablehlo.multiply %484, %394 : tensor<16xf32>
    %486 = stablehlo.subtract %arg22, %485 : tensor<16xf32>
    %cst_133 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %487 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %488 = stablehlo.multiply %487, %400 : tensor<16xf32>
    %489 = stablehlo.subtract %arg23, %488 : tensor<16xf32>
    return %189, %420, %423, %426, %429, %432, %435, %438, %441, %444, %447, %450, %453, %456, %459, %462, %465, %468, %471, %474, %477, %480, %483, %486, %489 : tensor<f32>, tensor<64x10xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<3x3x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<3x3x16x32xf32>, tensor<3x3x32x32xf32>, tensor<1x1x16x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<3x3x32x64xf32>, tensor<3x3x64x64xf32>, tensor<1x1x32x64xf32>, tensor<3x3x3x16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @_var(%arg0: tensor<16x32x32x16xf32>, %arg1: tensor<i32>) -> (tensor<1x1x1x16xf32>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_0 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x16xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x32x32x16xf32>
    %6 = chlo.square %5 : tensor<16x32x32x16xf32> -> tensor<16x32x32x16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<16x32x32x16xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %14 = stablehlo.divide %12, %13 : tensor<1x1x1x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where(%15, %14, %cst_5) : (tensor<i1>, tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<1x1x1x16xf32>
    return %16, %8, %10, %15 : tensor<1x1x1x16xf32>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<1x1x1x16xf32>, %arg2: tensor<f32>) -> tensor<1x1x1x16xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x16xf32>
    return %2 : tensor<1x1x1x16xf32>
  }
  func.func private @relu(%arg0: tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x32x32x16xf32>
    return %1 : tensor<16x32x32x16xf32>
  }
  func.func private @_var_0(%arg0: tensor<16x16x16x32xf32>, %arg1: tensor<i32>) -> (tensor<1x1x1x32xf32>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x32xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x16x16x32xf32>
    %6 = chlo.square %5 : tensor<16x16x16x32xf32> -> tensor<16x16x16x32xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<16x16x16x32xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %14 = stablehlo.divide %12, %13 : tensor<1x1x1x32xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where_1(%15, %14, %cst_5) : (tensor<i1>, tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<1x1x1x32xf32>
    return %16, %8, %10, %15 : tensor<1x1x1x32xf32>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<1x1x1x32xf32>, %arg2: tensor<f32>) -> tensor<1x1x1x32xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x32xf32>
    return %2 : tensor<1x1x1x32xf32>
  }
  func.func private @relu_2(%arg0: tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x16x16x32xf32>
    return %1 : tensor<16x16x16x32xf32>
  }
  func.func private @_var_3(%arg0: tensor<16x8x8x64xf32>, %arg1: tensor<i32>) -> (tensor<1x1x1x64xf32>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x64xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x8x8x64xf32>
    %6 = chlo.square %5 : tensor<16x8x8x64xf32> -> tensor<16x8x8x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<16x8x8x64xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %14 = stablehlo.divide %12, %13 : tensor<1x1x1x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where_4(%15, %14, %cst_5) : (tensor<i1>, tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<1x1x1x64xf32>
    return %16, %8, %10, %15 : tensor<1x1x1x64xf32>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<1x1x1x64xf32>, %arg2: tensor<f32>) -> tensor<1x1x1x64xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x64xf32>
    return %2 : tensor<1x1x1x64xf32>
  }
  func.func private @relu_5(%arg0: tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x8x8x64xf32>
    return %1 : tensor<16x8x8x64xf32>
  }
  func.func private @log_softmax(%arg0: tensor<16x10xf32>) -> (tensor<16x10xf32>, tensor<16x10xf32>, tensor<16x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<16x10xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<16xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x10xf32>
    %6 = stablehlo.exponential %5 : tensor<16x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<16x10xf32>, tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %9 = stablehlo.log %8 : tensor<16x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<16x10xf32>
    return %11, %6, %8 : tensor<16x10xf32>, tensor<16x10xf32>, tensor<16x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<16x10xf32>, %arg1: tensor<16x1xi32>) -> (tensor<16x1xf32>, tensor<16x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<16x1xi32>, tensor<16x1xi32>) -> tensor<16x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<16x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<16x1xi1>, tensor<16x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<16x1xi32>) -> tensor<16x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<16x1x1xi32>, tensor<16x1x1xi32>) -> tensor<16x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<16x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<16x1x1xi32>, tensor<16x1x1xi32>) -> tensor<16x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<16x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<16x1x1xi1>, tensor<i1>) -> tensor<16x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<16x10xf32>, tensor<16x1x1xi32>) -> tensor<16x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<16x1xi1>, tensor<16x1xf32>
    return %15, %5 : tensor<16x1xf32>, tensor<16x1x1xi32>
  }
  func.func private @take_along_axis_6(%arg0: tensor<16x1x1xi32>, %arg1: tensor<16x1xf32>) -> tensor<16x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<16x10xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x10xf32>
    return %1 : tensor<16x10xf32>
  }
  func.func private @log_softmax_7(%arg0: tensor<16x10xf32>, %arg1: tensor<16x1xf32>, %arg2: tensor<16x10xf32>) -> tensor<16x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<16x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x10xf32>, tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.reshape %1 : (tensor<16xf32>) -> tensor<16x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<16x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<16xf32>) -> tensor<16x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<16x10xf32>
    return %7 : tensor<16x10xf32>
  }
  func.func private @_var_8(%arg0: tensor<16x8x8x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32> {
    %0 = call @_where_9(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %2 = stablehlo.divide %0, %1 : tensor<1x1x1x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<16x8x8x64xf32>
    %6 = stablehlo.negate %5 : tensor<16x8x8x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %8 = stablehlo.reshape %7 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_1 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %10 = stablehlo.divide %8, %9 : tensor<1x1x1x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %13 = stablehlo.add %5, %12 : tensor<16x8x8x64xf32>
    return %13 : tensor<16x8x8x64xf32>
  }
  func.func private @_where_9(%arg0: tensor<i1>, %arg1: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x64xf32>
    return %1 : tensor<1x1x1x64xf32>
  }
  func.func private @_var_10(%arg0: tensor<16x16x16x32xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32> {
    %0 = call @_where_11(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %2 = stablehlo.divide %0, %1 : tensor<1x1x1x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<16x16x16x32xf32>
    %6 = stablehlo.negate %5 : tensor<16x16x16x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %8 = stablehlo.reshape %7 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_1 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %10 = stablehlo.divide %8, %9 : tensor<1x1x1x32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %13 = stablehlo.add %5, %12 : tensor<16x16x16x32xf32>
    return %13 : tensor<16x16x16x32xf32>
  }
  func.func private @_where_11(%arg0: tensor<i1>, %arg1: tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x32xf32>
    return %1 : tensor<1x1x1x32xf32>
  }
  func.func private @_var_12(%arg0: tensor<16x32x32x16xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32> {
    %0 = call @_where_13(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %2 = stablehlo.divide %0, %1 : tensor<1x1x1x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<16x32x32x16xf32>
    %6 = stablehlo.negate %5 : tensor<16x32x32x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.reshape %7 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_1 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %10 = stablehlo.divide %8, %9 : tensor<1x1x1x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %13 = stablehlo.add %5, %12 : tensor<16x32x32x16xf32>
    return %13 : tensor<16x32x32x16xf32>
  }
  func.func private @_where_13(%arg0: tensor<i1>, %arg1: tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x16xf32>
    return %1 : tensor<1x1x1x16xf32>
  }
}
