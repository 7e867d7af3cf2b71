module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x10xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<3x3x16x16xf32>, %arg6: tensor<3x3x16x16xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<32xf32>, %arg11: tensor<3x3x16x32xf32>, %arg12: tensor<3x3x32x32xf32>, %arg13: tensor<1x1x16x32xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<3x3x32x64xf32>, %arg19: tensor<3x3x64x64xf32>, %arg20: tensor<1x1x32x64xf32>, %arg21: tensor<3x3x3x16xf32>, %arg22: tensor<16xf32>, %arg23: tensor<16xf32>, %arg24: tensor<16x32x32x3xf32>, %arg25: tensor<16xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64x10xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<3x3x16x16xf32> {jax.result_info = "result[6]"}, tensor<3x3x16x16xf32> {jax.result_info = "result[7]"}, tensor<32xf32> {jax.result_info = "result[8]"}, tensor<32xf32> {jax.result_info = "result[9]"}, tensor<32xf32> {jax.result_info = "result[10]"}, tensor<32xf32> {jax.result_info = "result[11]"}, tensor<3x3x16x32xf32> {jax.result_info = "result[12]"}, tensor<3x3x32x32xf32> {jax.result_info = "result[13]"}, tensor<1x1x16x32xf32> {jax.result_info = "result[14]"}, tensor<64xf32> {jax.result_info = "result[15]"}, tensor<64xf32> {jax.result_info = "result[16]"}, tensor<64xf32> {jax.result_info = "result[17]"}, tensor<64xf32> {jax.result_info = "result[18]"}, tensor<3x3x32x64xf32> {jax.result_info = "result[19]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[20]"}, tensor<1x1x32x64xf32> {jax.result_info = "result[21]"}, tensor<3x3x3x16xf32> {jax.result_info = "result[22]"}, tensor<16xf32> {jax.result_info = "result[23]"}, tensor<16xf32> {jax.result_info = "result[24]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<64x10xf32>) -> tensor<64x10xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<16xf32>) -> tensor<16xbf16>
    %2 = stablehlo.convert %arg2 : (tensor<16xf32>) -> tensor<16xbf16>
    %3 = stablehlo.convert %arg3 : (tensor<16xf32>) -> tensor<16xbf16>
    %4 = stablehlo.convert %arg4 : (tensor<16xf32>) -> tensor<16xbf16>
    %5 = stablehlo.convert %arg5 : (tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xbf16>
    %6 = stablehlo.convert %arg6 : (tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xbf16>
    %7 = stablehlo.convert %arg7 : (tensor<32xf32>) -> tensor<32xbf16>
    %8 = stablehlo.convert %arg8 : (tensor<32xf32>) -> tensor<32xbf16>
    %9 = stablehlo.convert %arg9 : (tensor<32xf32>) -> tensor<32xbf16>
    %10 = stablehlo.convert %arg10 : (tensor<32xf32>) -> tensor<32xbf16>
    %11 = stablehlo.convert %arg11 : (tensor<3x3x16x32xf32>) -> tensor<3x3x16x32xbf16>
    %12 = stablehlo.convert %arg12 : (tensor<3x3x32x32xf32>) -> tensor<3x3x32x32xbf16>
    %13 = stablehlo.convert %arg13 : (tensor<1x1x16x32xf32>) -> tensor<1x1x16x32xbf16>
    %14 = stablehlo.convert %arg14 : (tensor<64xf32>) -> tensor<64xbf16>
    %15 = stablehlo.convert %arg15 : (tensor<64xf32>) -> tensor<64xbf16>
    %16 = stablehlo.convert %arg16 : (tensor<64xf32>) -> tensor<64xbf16>
    %17 = stablehlo.convert %arg17 : (tensor<64xf32>) -> tensor<64xbf16>
    %18 = stablehlo.convert %arg18 : (tensor<3x3x32x64xf32>) -> tensor<3x3x32x64xbf16>
    %19 = stablehlo.convert %arg19 : (tensor<3x3x64x64xf32>) -> tensor<3x3x64x64xbf16>
    %20 = stablehlo.convert %arg20 : (tensor<1x1x32x64xf32>) -> tensor<1x1x32x64xbf16>
    %21 = stablehlo.convert %arg21 : (tensor<3x3x3x16xf32>) -> tensor<3x3x3x16xbf16>
    %22 = stablehlo.convert %arg22 : (tensor<16xf32>) -> tensor<16xbf16>
    %23 = stablehlo.convert %arg23 : (tensor<16xf32>) -> tensor<16xbf16>
    %24 = stablehlo.convert %arg24 : (tensor<16x32x32x3xf32>) -> tensor<16x32x32x3xbf16>
    %25 = stablehlo.convolution(%24, %21) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x3xbf16>, tensor<3x3x3x16xbf16>) -> tensor<16x32x32x16xbf16>
    %26 = stablehlo.convert %25 : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_0 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %30 = stablehlo.divide %28, %29 : tensor<1x1x1x16xf32>
    %31 = stablehlo.convert %30 : (tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %32:4 = call @_var(%25, %c) : (tensor<16x32x32x16xbf16>, tensor<i32>) -> (tensor<1x1x1x16xbf16>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %34 = stablehlo.subtract %25, %33 : tensor<16x32x32x16xbf16>
    %cst_1 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %35 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %36 = stablehlo.add %32#0, %35 : tensor<1x1x1x16xbf16>
    %37 = stablehlo.rsqrt %36 : tensor<1x1x1x16xbf16>
    %38 = stablehlo.divide %37, %36 : tensor<1x1x1x16xbf16>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %39 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %40 = stablehlo.multiply %39, %38 : tensor<1x1x1x16xbf16>
    %41 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %42 = stablehlo.multiply %34, %41 : tensor<16x32x32x16xbf16>
    %43 = stablehlo.broadcast_in_dim %23, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %45 = stablehlo.multiply %42, %44 : tensor<16x32x32x16xbf16>
    %46 = stablehlo.broadcast_in_dim %22, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %48 = stablehlo.add %45, %47 : tensor<16x32x32x16xbf16>
    %49 = call @relu(%48) : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xbf16>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %50 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %51 = stablehlo.compare GT, %48, %50, FLOAT : (tensor<16x32x32x16xbf16>, tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xi1>
    %52 = stablehlo.convolution(%49, %5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<3x3x16x16xbf16>) -> tensor<16x32x32x16xbf16>
    %53 = stablehlo.convert %52 : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_5 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %57 = stablehlo.divide %55, %56 : tensor<1x1x1x16xf32>
    %58 = stablehlo.convert %57 : (tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xbf16>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %59:4 = call @_var(%52, %c_6) : (tensor<16x32x32x16xbf16>, tensor<i32>) -> (tensor<1x1x1x16xbf16>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %60 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %61 = stablehlo.subtract %52, %60 : tensor<16x32x32x16xbf16>
    %cst_7 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %62 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %63 = stablehlo.add %59#0, %62 : tensor<1x1x1x16xbf16>
    %64 = stablehlo.rsqrt %63 : tensor<1x1x1x16xbf16>
    %65 = stablehlo.divide %64, %63 : tensor<1x1x1x16xbf16>
    %cst_8 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %66 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %67 = stablehlo.multiply %66, %65 : tensor<1x1x1x16xbf16>
    %68 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %69 = stablehlo.multiply %61, %68 : tensor<16x32x32x16xbf16>
    %70 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %72 = stablehlo.multiply %69, %71 : tensor<16x32x32x16xbf16>
    %73 = stablehlo.broadcast_in_dim %1, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %75 = stablehlo.add %72, %74 : tensor<16x32x32x16xbf16>
    %76 = call @relu(%75) : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xbf16>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %77 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %78 = stablehlo.compare GT, %75, %77, FLOAT : (tensor<16x32x32x16xbf16>, tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xi1>
    %79 = stablehlo.convolution(%76, %6) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<3x3x16x16xbf16>) -> tensor<16x32x32x16xbf16>
    %80 = stablehlo.convert %79 : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst_10) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_11 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %84 = stablehlo.divide %82, %83 : tensor<1x1x1x16xf32>
    %85 = stablehlo.convert %84 : (tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xbf16>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %86:4 = call @_var(%79, %c_12) : (tensor<16x32x32x16xbf16>, tensor<i32>) -> (tensor<1x1x1x16xbf16>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>)
    %87 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %88 = stablehlo.subtract %79, %87 : tensor<16x32x32x16xbf16>
    %cst_13 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %89 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %90 = stablehlo.add %86#0, %89 : tensor<1x1x1x16xbf16>
    %91 = stablehlo.rsqrt %90 : tensor<1x1x1x16xbf16>
    %92 = stablehlo.divide %91, %90 : tensor<1x1x1x16xbf16>
    %cst_14 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %93 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %94 = stablehlo.multiply %93, %92 : tensor<1x1x1x16xbf16>
    %95 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %96 = stablehlo.multiply %88, %95 : tensor<16x32x32x16xbf16>
    %97 = stablehlo.broadcast_in_dim %4, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %99 = stablehlo.multiply %96, %98 : tensor<16x32x32x16xbf16>
    %100 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %102 = stablehlo.add %99, %101 : tensor<16x32x32x16xbf16>
    %103 = stablehlo.add %102, %49 : tensor<16x32x32x16xbf16>
    %104 = call @relu(%103) : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xbf16>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %105 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %106 = stablehlo.compare GT, %103, %105, FLOAT : (tensor<16x32x32x16xbf16>, tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xi1>
    %107 = stablehlo.convolution(%104, %11) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<3x3x16x32xbf16>) -> tensor<16x16x16x32xbf16>
    %108 = stablehlo.convert %107 : (tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%108 init: %cst_16) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_17 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %112 = stablehlo.divide %110, %111 : tensor<1x1x1x32xf32>
    %113 = stablehlo.convert %112 : (tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xbf16>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %114:4 = call @_var_0(%107, %c_18) : (tensor<16x16x16x32xbf16>, tensor<i32>) -> (tensor<1x1x1x32xbf16>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>)
    %115 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %116 = stablehlo.subtract %107, %115 : tensor<16x16x16x32xbf16>
    %cst_19 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %117 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %118 = stablehlo.add %114#0, %117 : tensor<1x1x1x32xbf16>
    %119 = stablehlo.rsqrt %118 : tensor<1x1x1x32xbf16>
    %120 = stablehlo.divide %119, %118 : tensor<1x1x1x32xbf16>
    %cst_20 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %121 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %122 = stablehlo.multiply %121, %120 : tensor<1x1x1x32xbf16>
    %123 = stablehlo.broadcast_in_dim %119, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %124 = stablehlo.multiply %116, %123 : tensor<16x16x16x32xbf16>
    %125 = stablehlo.broadcast_in_dim %8, dims = [3] : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %126 = stablehlo.broadcast_in_dim %125, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %127 = stablehlo.multiply %124, %126 : tensor<16x16x16x32xbf16>
    %128 = stablehlo.broadcast_in_dim %7, dims = [3] : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %129 = stablehlo.broadcast_in_dim %128, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %130 = stablehlo.add %127, %129 : tensor<16x16x16x32xbf16>
    %131 = call @relu_2(%130) : (tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xbf16>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %132 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<bf16>) -> tensor<16x16x16x32xbf16>
    %133 = stablehlo.compare GT, %130, %132, FLOAT : (tensor<16x16x16x32xbf16>, tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xi1>
    %134 = stablehlo.convolution(%131, %12) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<3x3x32x32xbf16>) -> tensor<16x16x16x32xbf16>
    %135 = stablehlo.convert %134 : (tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %136 = stablehlo.reduce(%135 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %137 = stablehlo.broadcast_in_dim %136, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_23 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %139 = stablehlo.divide %137, %138 : tensor<1x1x1x32xf32>
    %140 = stablehlo.convert %139 : (tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xbf16>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %141:4 = call @_var_0(%134, %c_24) : (tensor<16x16x16x32xbf16>, tensor<i32>) -> (tensor<1x1x1x32xbf16>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>)
    %142 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %143 = stablehlo.subtract %134, %142 : tensor<16x16x16x32xbf16>
    %cst_25 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %144 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %145 = stablehlo.add %141#0, %144 : tensor<1x1x1x32xbf16>
    %146 = stablehlo.rsqrt %145 : tensor<1x1x1x32xbf16>
    %147 = stablehlo.divide %146, %145 : tensor<1x1x1x32xbf16>
    %cst_26 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %148 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %149 = stablehlo.multiply %148, %147 : tensor<1x1x1x32xbf16>
    %150 = stablehlo.broadcast_in_dim %146, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %151 = stablehlo.multiply %143, %150 : tensor<16x16x16x32xbf16>
    %152 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %154 = stablehlo.multiply %151, %153 : tensor<16x16x16x32xbf16>
    %155 = stablehlo.broadcast_in_dim %9, dims = [3] : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %156 = stablehlo.broadcast_in_dim %155, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %157 = stablehlo.add %154, %156 : tensor<16x16x16x32xbf16>
    %158 = stablehlo.convolution(%104, %13) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<1x1x16x32xbf16>) -> tensor<16x16x16x32xbf16>
    %159 = stablehlo.add %157, %158 : tensor<16x16x16x32xbf16>
    %160 = call @relu_2(%159) : (tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xbf16>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %161 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<bf16>) -> tensor<16x16x16x32xbf16>
    %162 = stablehlo.compare GT, %159, %161, FLOAT : (tensor<16x16x16x32xbf16>, tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xi1>
    %163 = stablehlo.convolution(%160, %18) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<3x3x32x64xbf16>) -> tensor<16x8x8x64xbf16>
    %164 = stablehlo.convert %163 : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %165 = stablehlo.reduce(%164 init: %cst_28) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %166 = stablehlo.broadcast_in_dim %165, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_29 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %168 = stablehlo.divide %166, %167 : tensor<1x1x1x64xf32>
    %169 = stablehlo.convert %168 : (tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16>
    %c_30 = stablehlo.constant dense<0> : tensor<i32>
    %170:4 = call @_var_3(%163, %c_30) : (tensor<16x8x8x64xbf16>, tensor<i32>) -> (tensor<1x1x1x64xbf16>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>)
    %171 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %172 = stablehlo.subtract %163, %171 : tensor<16x8x8x64xbf16>
    %cst_31 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %173 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %174 = stablehlo.add %170#0, %173 : tensor<1x1x1x64xbf16>
    %175 = stablehlo.rsqrt %174 : tensor<1x1x1x64xbf16>
    %176 = stablehlo.divide %175, %174 : tensor<1x1x1x64xbf16>
    %cst_32 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %177 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %178 = stablehlo.multiply %177, %176 : tensor<1x1x1x64xbf16>
    %179 = stablehlo.broadcast_in_dim %175, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %180 = stablehlo.multiply %172, %179 : tensor<16x8x8x64xbf16>
    %181 = stablehlo.broadcast_in_dim %15, dims = [3] : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %182 = stablehlo.broadcast_in_dim %181, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %183 = stablehlo.multiply %180, %182 : tensor<16x8x8x64xbf16>
    %184 = stablehlo.broadcast_in_dim %14, dims = [3] : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %186 = stablehlo.add %183, %185 : tensor<16x8x8x64xbf16>
    %187 = call @relu_5(%186) : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xbf16>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %188 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<bf16>) -> tensor<16x8x8x64xbf16>
    %189 = stablehlo.compare GT, %186, %188, FLOAT : (tensor<16x8x8x64xbf16>, tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xi1>
    %190 = stablehlo.convolution(%187, %19) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xbf16>, tensor<3x3x64x64xbf16>) -> tensor<16x8x8x64xbf16>
    %191 = stablehlo.convert %190 : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %192 = stablehlo.reduce(%191 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_35 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %195 = stablehlo.divide %193, %194 : tensor<1x1x1x64xf32>
    %196 = stablehlo.convert %195 : (tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16>
    %c_36 = stablehlo.constant dense<0> : tensor<i32>
    %197:4 = call @_var_3(%190, %c_36) : (tensor<16x8x8x64xbf16>, tensor<i32>) -> (tensor<1x1x1x64xbf16>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>)
    %198 = stablehlo.broadcast_in_dim %196, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %199 = stablehlo.subtract %190, %198 : tensor<16x8x8x64xbf16>
    %cst_37 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %200 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %201 = stablehlo.add %197#0, %200 : tensor<1x1x1x64xbf16>
    %202 = stablehlo.rsqrt %201 : tensor<1x1x1x64xbf16>
    %203 = stablehlo.divide %202, %201 : tensor<1x1x1x64xbf16>
    %cst_38 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %204 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %205 = stablehlo.multiply %204, %203 : tensor<1x1x1x64xbf16>
    %206 = stablehlo.broadcast_in_dim %202, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %207 = stablehlo.multiply %199, %206 : tensor<16x8x8x64xbf16>
    %208 = stablehlo.broadcast_in_dim %17, dims = [3] : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %209 = stablehlo.broadcast_in_dim %208, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %210 = stablehlo.multiply %207, %209 : tensor<16x8x8x64xbf16>
    %211 = stablehlo.broadcast_in_dim %16, dims = [3] : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %212 = stablehlo.broadcast_in_dim %211, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %213 = stablehlo.add %210, %212 : tensor<16x8x8x64xbf16>
    %214 = stablehlo.convolution(%160, %20) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<1x1x32x64xbf16>) -> tensor<16x8x8x64xbf16>
    %215 = stablehlo.add %213, %214 : tensor<16x8x8x64xbf16>
    %216 = call @relu_5(%215) : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xbf16>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %217 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<bf16>) -> tensor<16x8x8x64xbf16>
    %218 = stablehlo.compare GT, %215, %217, FLOAT : (tensor<16x8x8x64xbf16>, tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xi1>
    %219 = stablehlo.convert %216 : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %220 = stablehlo.reduce(%219 init: %cst_40) applies stablehlo.add across dimensions = [1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<16x64xf32>
    %cst_41 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %222 = stablehlo.divide %220, %221 : tensor<16x64xf32>
    %223 = stablehlo.convert %222 : (tensor<16x64xf32>) -> tensor<16x64xbf16>
    %224 = stablehlo.dot_general %223, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x64xbf16>, tensor<64x10xbf16>) -> tensor<16x10xbf16>
    %225 = stablehlo.convert %224 : (tensor<16x10xbf16>) -> tensor<16x10xf32>
    %226:3 = call @log_softmax(%225) : (tensor<16x10xf32>) -> (tensor<16x10xf32>, tensor<16x10xf32>, tensor<16x1xf32>)
    %227 = stablehlo.broadcast_in_dim %arg25, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %228:2 = call @take_along_axis(%226#0, %227) : (tensor<16x10xf32>, tensor<16x1xi32>) -> (tensor<16x1xf32>, tensor<16x1x1xi32>)
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %229 = stablehlo.reduce(%228#0 init: %cst_42) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_43 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %230 = stablehlo.divide %229, %cst_43 : tensor<f32>
    %231 = stablehlo.negate %230 : tensor<f32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %232 = stablehlo.negate %cst_44 : tensor<f32>
    %cst_45 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %233 = stablehlo.divide %232, %cst_45 : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %233, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %235 = call @take_along_axis_6(%228#1, %234) : (tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x10xf32>
    %236 = call @log_softmax_7(%226#1, %226#2, %235) : (tensor<16x10xf32>, tensor<16x1xf32>, tensor<16x10xf32>) -> tensor<16x10xf32>
    %237 = stablehlo.convert %236 : (tensor<16x10xf32>) -> tensor<16x10xbf16>
    %238 = stablehlo.dot_general %237, %223, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x10xbf16>, tensor<16x64xbf16>) -> tensor<10x64xbf16>
    %239 = stablehlo.transpose %238, dims = [1, 0] : (tensor<10x64xbf16>) -> tensor<64x10xbf16>
    %240 = stablehlo.dot_general %237, %0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x10xbf16>, tensor<64x10xbf16>) -> tensor<16x64xbf16>
    %241 = stablehlo.convert %240 : (tensor<16x64xbf16>) -> tensor<16x64xf32>
    %cst_46 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16x64xf32>
    %243 = stablehlo.divide %241, %242 : tensor<16x64xf32>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 3] : (tensor<16x64xf32>) -> tensor<16x8x8x64xf32>
    %245 = stablehlo.convert %244 : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xbf16>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %246 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<bf16>) -> tensor<16x8x8x64xbf16>
    %247 = stablehlo.select %218, %245, %246 : tensor<16x8x8x64xi1>, tensor<16x8x8x64xbf16>
    %248 = stablehlo.convolution(%160, %247) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, -1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<16x8x8x64xbf16>) -> tensor<1x1x32x64xbf16>
    %249 = stablehlo.reverse %20, dims = [0, 1] : tensor<1x1x32x64xbf16>
    %250 = stablehlo.convolution(%247, %249) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<16x16x16x32xbf16>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %251 = stablehlo.reduce(%247 init: %cst_48) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %252 = stablehlo.reshape %251 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %253 = stablehlo.reduce(%252 init: %cst_49) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %254 = stablehlo.multiply %207, %247 : tensor<16x8x8x64xbf16>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %255 = stablehlo.reduce(%254 init: %cst_50) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %256 = stablehlo.reshape %255 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %257 = stablehlo.broadcast_in_dim %208, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %258 = stablehlo.multiply %247, %257 : tensor<16x8x8x64xbf16>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %259 = stablehlo.reduce(%256 init: %cst_51) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %260 = stablehlo.multiply %199, %258 : tensor<16x8x8x64xbf16>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %261 = stablehlo.reduce(%260 init: %cst_52) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %262 = stablehlo.reshape %261 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %263 = stablehlo.broadcast_in_dim %202, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %264 = stablehlo.multiply %258, %263 : tensor<16x8x8x64xbf16>
    %265 = stablehlo.multiply %262, %205 : tensor<1x1x1x64xbf16>
    %266 = stablehlo.negate %264 : tensor<16x8x8x64xbf16>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %267 = stablehlo.reduce(%266 init: %cst_53) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %268 = stablehlo.reshape %267 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %269 = call @_var_8(%197#1, %197#2, %197#3, %265) : (tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %270 = stablehlo.add %264, %269 : tensor<16x8x8x64xbf16>
    %271 = stablehlo.convert %268 : (tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xf32>
    %cst_54 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %272 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %273 = stablehlo.divide %271, %272 : tensor<1x1x1x64xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %274 = stablehlo.reduce(%273 init: %cst_55) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %276 = stablehlo.convert %275 : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xbf16>
    %277 = stablehlo.add %270, %276 : tensor<16x8x8x64xbf16>
    %278 = stablehlo.convolution(%187, %277) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xbf16>, tensor<16x8x8x64xbf16>) -> tensor<3x3x64x64xbf16>
    %279 = stablehlo.reverse %19, dims = [0, 1] : tensor<3x3x64x64xbf16>
    %280 = stablehlo.convolution(%277, %279) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xbf16>, tensor<3x3x64x64xbf16>) -> tensor<16x8x8x64xbf16>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %281 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<bf16>) -> tensor<16x8x8x64xbf16>
    %282 = stablehlo.select %189, %280, %281 : tensor<16x8x8x64xi1>, tensor<16x8x8x64xbf16>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %283 = stablehlo.reduce(%282 init: %cst_57) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %284 = stablehlo.reshape %283 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %285 = stablehlo.reduce(%284 init: %cst_58) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %286 = stablehlo.multiply %180, %282 : tensor<16x8x8x64xbf16>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %287 = stablehlo.reduce(%286 init: %cst_59) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %288 = stablehlo.reshape %287 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %289 = stablehlo.broadcast_in_dim %181, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %290 = stablehlo.multiply %282, %289 : tensor<16x8x8x64xbf16>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %291 = stablehlo.reduce(%288 init: %cst_60) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %292 = stablehlo.multiply %172, %290 : tensor<16x8x8x64xbf16>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %293 = stablehlo.reduce(%292 init: %cst_61) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %294 = stablehlo.reshape %293 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %295 = stablehlo.broadcast_in_dim %175, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %296 = stablehlo.multiply %290, %295 : tensor<16x8x8x64xbf16>
    %297 = stablehlo.multiply %294, %178 : tensor<1x1x1x64xbf16>
    %298 = stablehlo.negate %296 : tensor<16x8x8x64xbf16>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %299 = stablehlo.reduce(%298 init: %cst_62) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %300 = stablehlo.reshape %299 : (tensor<64xbf16>) -> tensor<1x1x1x64xbf16>
    %301 = call @_var_8(%170#1, %170#2, %170#3, %297) : (tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16>
    %302 = stablehlo.add %296, %301 : tensor<16x8x8x64xbf16>
    %303 = stablehlo.convert %300 : (tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xf32>
    %cst_63 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %305 = stablehlo.divide %303, %304 : tensor<1x1x1x64xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %306 = stablehlo.reduce(%305 init: %cst_64) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %307 = stablehlo.broadcast_in_dim %306, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %308 = stablehlo.convert %307 : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xbf16>
    %309 = stablehlo.add %302, %308 : tensor<16x8x8x64xbf16>
    %310 = stablehlo.convolution(%160, %309) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<16x8x8x64xbf16>) -> tensor<3x3x32x64xbf16>
    %311 = stablehlo.reverse %18, dims = [0, 1] : tensor<3x3x32x64xbf16>
    %312 = stablehlo.convolution(%309, %311) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x8x8x64xbf16>, tensor<3x3x32x64xbf16>) -> tensor<16x16x16x32xbf16>
    %313 = stablehlo.add %250, %312 : tensor<16x16x16x32xbf16>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %314 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<bf16>) -> tensor<16x16x16x32xbf16>
    %315 = stablehlo.select %162, %313, %314 : tensor<16x16x16x32xi1>, tensor<16x16x16x32xbf16>
    %316 = stablehlo.convolution(%104, %315) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, -1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<16x16x16x32xbf16>) -> tensor<1x1x16x32xbf16>
    %317 = stablehlo.reverse %13, dims = [0, 1] : tensor<1x1x16x32xbf16>
    %318 = stablehlo.convolution(%315, %317) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<1x1x16x32xbf16>) -> tensor<16x32x32x16xbf16>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %319 = stablehlo.reduce(%315 init: %cst_66) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %320 = stablehlo.reshape %319 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %321 = stablehlo.reduce(%320 init: %cst_67) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %322 = stablehlo.multiply %151, %315 : tensor<16x16x16x32xbf16>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %323 = stablehlo.reduce(%322 init: %cst_68) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %324 = stablehlo.reshape %323 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %325 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %326 = stablehlo.multiply %315, %325 : tensor<16x16x16x32xbf16>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %327 = stablehlo.reduce(%324 init: %cst_69) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %328 = stablehlo.multiply %143, %326 : tensor<16x16x16x32xbf16>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %329 = stablehlo.reduce(%328 init: %cst_70) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %330 = stablehlo.reshape %329 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %331 = stablehlo.broadcast_in_dim %146, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %332 = stablehlo.multiply %326, %331 : tensor<16x16x16x32xbf16>
    %333 = stablehlo.multiply %330, %149 : tensor<1x1x1x32xbf16>
    %334 = stablehlo.negate %332 : tensor<16x16x16x32xbf16>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %335 = stablehlo.reduce(%334 init: %cst_71) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %336 = stablehlo.reshape %335 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %337 = call @_var_10(%141#1, %141#2, %141#3, %333) : (tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %338 = stablehlo.add %332, %337 : tensor<16x16x16x32xbf16>
    %339 = stablehlo.convert %336 : (tensor<1x1x1x32xbf16>) -> tensor<1x1x1x32xf32>
    %cst_72 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %341 = stablehlo.divide %339, %340 : tensor<1x1x1x32xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %342 = stablehlo.reduce(%341 init: %cst_73) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %343 = stablehlo.broadcast_in_dim %342, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %344 = stablehlo.convert %343 : (tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xbf16>
    %345 = stablehlo.add %338, %344 : tensor<16x16x16x32xbf16>
    %346 = stablehlo.convolution(%131, %345) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<16x16x16x32xbf16>) -> tensor<3x3x32x32xbf16>
    %347 = stablehlo.reverse %12, dims = [0, 1] : tensor<3x3x32x32xbf16>
    %348 = stablehlo.convolution(%345, %347) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<3x3x32x32xbf16>) -> tensor<16x16x16x32xbf16>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %349 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<bf16>) -> tensor<16x16x16x32xbf16>
    %350 = stablehlo.select %133, %348, %349 : tensor<16x16x16x32xi1>, tensor<16x16x16x32xbf16>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %351 = stablehlo.reduce(%350 init: %cst_75) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %352 = stablehlo.reshape %351 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %353 = stablehlo.reduce(%352 init: %cst_76) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %354 = stablehlo.multiply %124, %350 : tensor<16x16x16x32xbf16>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %355 = stablehlo.reduce(%354 init: %cst_77) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %356 = stablehlo.reshape %355 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %357 = stablehlo.broadcast_in_dim %125, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %358 = stablehlo.multiply %350, %357 : tensor<16x16x16x32xbf16>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %359 = stablehlo.reduce(%356 init: %cst_78) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %360 = stablehlo.multiply %116, %358 : tensor<16x16x16x32xbf16>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %361 = stablehlo.reduce(%360 init: %cst_79) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %362 = stablehlo.reshape %361 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %363 = stablehlo.broadcast_in_dim %119, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %364 = stablehlo.multiply %358, %363 : tensor<16x16x16x32xbf16>
    %365 = stablehlo.multiply %362, %122 : tensor<1x1x1x32xbf16>
    %366 = stablehlo.negate %364 : tensor<16x16x16x32xbf16>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %367 = stablehlo.reduce(%366 init: %cst_80) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
    %368 = stablehlo.reshape %367 : (tensor<32xbf16>) -> tensor<1x1x1x32xbf16>
    %369 = call @_var_10(%114#1, %114#2, %114#3, %365) : (tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16>
    %370 = stablehlo.add %364, %369 : tensor<16x16x16x32xbf16>
    %371 = stablehlo.convert %368 : (tensor<1x1x1x32xbf16>) -> tensor<1x1x1x32xf32>
    %cst_81 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %372 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %373 = stablehlo.divide %371, %372 : tensor<1x1x1x32xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %374 = stablehlo.reduce(%373 init: %cst_82) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %375 = stablehlo.broadcast_in_dim %374, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %376 = stablehlo.convert %375 : (tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xbf16>
    %377 = stablehlo.add %370, %376 : tensor<16x16x16x32xbf16>
    %378 = stablehlo.convolution(%104, %377) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<16x16x16x32xbf16>) -> tensor<3x3x16x32xbf16>
    %379 = stablehlo.reverse %11, dims = [0, 1] : tensor<3x3x16x32xbf16>
    %380 = stablehlo.convolution(%377, %379) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x16x16x32xbf16>, tensor<3x3x16x32xbf16>) -> tensor<16x32x32x16xbf16>
    %381 = stablehlo.add %318, %380 : tensor<16x32x32x16xbf16>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %382 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %383 = stablehlo.select %106, %381, %382 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xbf16>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %384 = stablehlo.reduce(%383 init: %cst_84) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %385 = stablehlo.reshape %384 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %386 = stablehlo.reduce(%385 init: %cst_85) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %387 = stablehlo.multiply %96, %383 : tensor<16x32x32x16xbf16>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %388 = stablehlo.reduce(%387 init: %cst_86) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %389 = stablehlo.reshape %388 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %390 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %391 = stablehlo.multiply %383, %390 : tensor<16x32x32x16xbf16>
    %cst_87 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %392 = stablehlo.reduce(%389 init: %cst_87) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %393 = stablehlo.multiply %88, %391 : tensor<16x32x32x16xbf16>
    %cst_88 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %394 = stablehlo.reduce(%393 init: %cst_88) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %395 = stablehlo.reshape %394 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %396 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %397 = stablehlo.multiply %391, %396 : tensor<16x32x32x16xbf16>
    %398 = stablehlo.multiply %395, %94 : tensor<1x1x1x16xbf16>
    %399 = stablehlo.negate %397 : tensor<16x32x32x16xbf16>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %400 = stablehlo.reduce(%399 init: %cst_89) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %401 = stablehlo.reshape %400 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %402 = call @_var_12(%86#1, %86#2, %86#3, %398) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %403 = stablehlo.add %397, %402 : tensor<16x32x32x16xbf16>
    %404 = stablehlo.convert %401 : (tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xf32>
    %cst_90 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %405 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %406 = stablehlo.divide %404, %405 : tensor<1x1x1x16xf32>
    %cst_91 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %407 = stablehlo.reduce(%406 init: %cst_91) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %408 = stablehlo.broadcast_in_dim %407, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %409 = stablehlo.convert %408 : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xbf16>
    %410 = stablehlo.add %403, %409 : tensor<16x32x32x16xbf16>
    %411 = stablehlo.convolution(%76, %410) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<16x32x32x16xbf16>) -> tensor<3x3x16x16xbf16>
    %412 = stablehlo.reverse %6, dims = [0, 1] : tensor<3x3x16x16xbf16>
    %413 = stablehlo.convolution(%410, %412) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<3x3x16x16xbf16>) -> tensor<16x32x32x16xbf16>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %414 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %415 = stablehlo.select %78, %413, %414 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xbf16>
    %cst_93 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %416 = stablehlo.reduce(%415 init: %cst_93) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %417 = stablehlo.reshape %416 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %418 = stablehlo.reduce(%417 init: %cst_94) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %419 = stablehlo.multiply %69, %415 : tensor<16x32x32x16xbf16>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %420 = stablehlo.reduce(%419 init: %cst_95) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %421 = stablehlo.reshape %420 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %422 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %423 = stablehlo.multiply %415, %422 : tensor<16x32x32x16xbf16>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %424 = stablehlo.reduce(%421 init: %cst_96) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %425 = stablehlo.multiply %61, %423 : tensor<16x32x32x16xbf16>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %426 = stablehlo.reduce(%425 init: %cst_97) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %427 = stablehlo.reshape %426 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %428 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %429 = stablehlo.multiply %423, %428 : tensor<16x32x32x16xbf16>
    %430 = stablehlo.multiply %427, %67 : tensor<1x1x1x16xbf16>
    %431 = stablehlo.negate %429 : tensor<16x32x32x16xbf16>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %432 = stablehlo.reduce(%431 init: %cst_98) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %433 = stablehlo.reshape %432 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %434 = call @_var_12(%59#1, %59#2, %59#3, %430) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %435 = stablehlo.add %429, %434 : tensor<16x32x32x16xbf16>
    %436 = stablehlo.convert %433 : (tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xf32>
    %cst_99 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %437 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %438 = stablehlo.divide %436, %437 : tensor<1x1x1x16xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %439 = stablehlo.reduce(%438 init: %cst_100) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %440 = stablehlo.broadcast_in_dim %439, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %441 = stablehlo.convert %440 : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xbf16>
    %442 = stablehlo.add %435, %441 : tensor<16x32x32x16xbf16>
    %443 = stablehlo.convolution(%49, %442) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<16x32x32x16xbf16>) -> tensor<3x3x16x16xbf16>
    %444 = stablehlo.reverse %5, dims = [0, 1] : tensor<3x3x16x16xbf16>
    %445 = stablehlo.convolution(%442, %444) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x16xbf16>, tensor<3x3x16x16xbf16>) -> tensor<16x32x32x16xbf16>
    %446 = stablehlo.add %383, %445 : tensor<16x32x32x16xbf16>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %447 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %448 = stablehlo.select %51, %446, %447 : tensor<16x32x32x16xi1>, tensor<16x32x32x16xbf16>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %449 = stablehlo.reduce(%448 init: %cst_102) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %450 = stablehlo.reshape %449 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %451 = stablehlo.reduce(%450 init: %cst_103) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %452 = stablehlo.multiply %42, %448 : tensor<16x32x32x16xbf16>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %453 = stablehlo.reduce(%452 init: %cst_104) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %454 = stablehlo.reshape %453 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %455 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %456 = stablehlo.multiply %448, %455 : tensor<16x32x32x16xbf16>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %457 = stablehlo.reduce(%454 init: %cst_105) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %458 = stablehlo.multiply %34, %456 : tensor<16x32x32x16xbf16>
    %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %459 = stablehlo.reduce(%458 init: %cst_106) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %460 = stablehlo.reshape %459 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %461 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %462 = stablehlo.multiply %456, %461 : tensor<16x32x32x16xbf16>
    %463 = stablehlo.multiply %460, %40 : tensor<1x1x1x16xbf16>
    %464 = stablehlo.negate %462 : tensor<16x32x32x16xbf16>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %465 = stablehlo.reduce(%464 init: %cst_107) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xbf16>, tensor<bf16>) -> tensor<16xbf16>
    %466 = stablehlo.reshape %465 : (tensor<16xbf16>) -> tensor<1x1x1x16xbf16>
    %467 = call @_var_12(%32#1, %32#2, %32#3, %463) : (tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>, tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16>
    %468 = stablehlo.add %462, %467 : tensor<16x32x32x16xbf16>
    %469 = stablehlo.convert %466 : (tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xf32>
    %cst_108 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %470 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %471 = stablehlo.divide %469, %470 : tensor<1x1x1x16xf32>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %472 = stablehlo.reduce(%471 init: %cst_109) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %473 = stablehlo.broadcast_in_dim %472, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %474 = stablehlo.convert %473 : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xbf16>
    %475 = stablehlo.add %468, %474 : tensor<16x32x32x16xbf16>
    %476 = stablehlo.convolution(%24, %475) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<16x32x32x3xbf16>, tensor<16x32x32x16xbf16>) -> tensor<3x3x3x16xbf16>
    %477 = stablehlo.convert %457 : (tensor<16xbf16>) -> tensor<16xf32>
    %478 = stablehlo.convert %451 : (tensor<16xbf16>) -> tensor<16xf32>
    %479 = stablehlo.convert %476 : (tensor<3x3x3x16xbf16>) -> tensor<3x3x3x16xf32>
    %480 = stablehlo.convert %248 : (tensor<1x1x32x64xbf16>) -> tensor<1x1x32x64xf32>
    %481 = stablehlo.convert %278 : (tensor<3x3x64x64xbf16>) -> tensor<3x3x64x64xf32>
    %482 = stablehlo.convert %310 : (tensor<3x3x32x64xbf16>) -> tensor<3x3x32x64xf32>
    %483 = stablehlo.convert %259 : (tensor<64xbf16>) -> tensor<64xf32>
    %484 = stablehlo.convert %253 : (tensor<64xbf16>) -> tensor<64xf32>
    %485 = stablehlo.convert %291 : (tensor<64xbf16>) -> tensor<64xf32>
    %486 = stablehlo.convert %285 : (tensor<64xbf16>) -> tensor<64xf32>
    %487 = stablehlo.convert %316 : (tensor<1x1x16x32xbf16>) -> tensor<1x1x16x32xf32>
    %488 = stablehlo.convert %346 : (tensor<3x3x32x32xbf16>) -> tensor<3x3x32x32xf32>
    %489 = stablehlo.convert %378 : (tensor<3x3x16x32xbf16>) -> tensor<3x3x16x32xf32>
    %490 = stablehlo.convert %327 : (tensor<32xbf16>) -> tensor<32xf32>
    %491 = stablehlo.convert %321 : (tensor<32xbf16>) -> tensor<32xf32>
    %492 = stablehlo.convert %359 : (tensor<32xbf16>) -> tensor<32xf32>
    %493 = stablehlo.convert %353 : (tensor<32xbf16>) -> tensor<32xf32>
    %494 = stablehlo.convert %411 : (tensor<3x3x16x16xbf16>) -> tensor<3x3x16x16xf32>
    %495 = stablehlo.convert %443 : (tensor<3x3x16x16xbf16>) -> tensor<3x3x16x16xf32>
    %496 = stablehlo.convert %392 : (tensor<16xbf16>) -> tensor<16xf32>
    %497 = stablehlo.convert %386 : (tensor<16xbf16>) -> tensor<16xf32>
    %498 = stablehlo.convert %424 : (tensor<16xbf16>) -> tensor<16xf32>
    %499 = stablehlo.convert %418 : (tensor<16xbf16>) -> tensor<16xf32>
    %500 = stablehlo.convert %239 : (tensor<64x10xbf16>) -> tensor<64x10xf32>
    %cst_110 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %501 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<64x10xf32>
    %502 = stablehlo.multiply %501, %500 : tensor<64x10xf32>
    %503 = stablehlo.subtract %arg0, %502 : tensor<64x10xf32>
    %cst_111 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %504 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %505 = stablehlo.multiply %504, %499 : tensor<16xf32>
    %506 = stablehlo.subtract %arg1, %505 : tensor<16xf32>
    %cst_112 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %507 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %508 = stablehlo.multiply %507, %498 : tensor<16xf32>
    %509 = stablehlo.subtract %arg2, %508 : tensor<16xf32>
    %cst_113 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %510 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %511 = stablehlo.multiply %510, %497 : tensor<16xf32>
    %512 = stablehlo.subtract %arg3, %511 : tensor<16xf32>
    %cst_114 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %513 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %514 = stablehlo.multiply %513, %496 : tensor<16xf32>
    %515 = stablehlo.subtract %arg4, %514 : tensor<16xf32>
    %cst_115 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %516 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %517 = stablehlo.multiply %516, %495 : tensor<3x3x16x16xf32>
    %518 = stablehlo.subtract %arg5, %517 : tensor<3x3x16x16xf32>
    %cst_116 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %519 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %520 = stablehlo.multiply %519, %494 : tensor<3x3x16x16xf32>
    %521 = stablehlo.subtract %arg6, %520 : tensor<3x3x16x16xf32>
    %cst_117 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %522 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %523 = stablehlo.multiply %522, %493 : tensor<32xf32>
    %524 = stablehlo.subtract %arg7, %523 : tensor<32xf32>
    %cst_118 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %525 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %526 = stablehlo.multiply %525, %492 : tensor<32xf32>
    %527 = stablehlo.subtract %arg8, %526 : tensor<32xf32>
    %cst_119 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %528 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %529 = stablehlo.multiply %528, %491 : tensor<32xf32>
    %530 = stablehlo.subtract %arg9, %529 : tensor<32xf32>
    %cst_120 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %531 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %532 = stablehlo.multiply %531, %490 : tensor<32xf32>
    %533 = stablehlo.subtract %arg10, %532 : tensor<32xf32>
    %cst_121 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %534 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<3x3x16x32xf32>
    %535 = stablehlo.multiply %534, %489 : tensor<3x3x16x32xf32>
    %536 = stablehlo.subtract %arg11, %535 : tensor<3x3x16x32xf32>
    %cst_122 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %537 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<3x3x32x32xf32>
    %538 = stablehlo.multiply %537, %488 : tensor<3x3x32x32xf32>
    %539 = stablehlo.subtract %arg12, %538 : tensor<3x3x32x32xf32>
    %cst_123 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %540 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<1x1x16x32xf32>
    %541 = stablehlo.multiply %540, %487 : tensor<1x1x16x32xf32>
    %542 = stablehlo.subtract %arg13, %541 : tensor<1x1x16x32xf32>
    %cst_124 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %543 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %544 = stablehlo.multiply %543, %486 : tensor<64xf32>
    %545 = stablehlo.subtract %arg14, %544 : tensor<64xf32>
    %cst_125 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %546 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %547 = stablehlo.multiply %546, %485 : tensor<64xf32>
    %548 = stablehlo.subtract %arg15, %547 : tensor<64xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %549 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %550 = stablehlo.multiply %549, %484 : tensor<64xf32>
    %551 = stablehlo.subtract %arg16, %550 : tensor<64xf32>
    %cst_127 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %552 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %553 = stablehlo.multiply %552, %483 : tensor<64xf32>
    %554 = stablehlo.subtract %arg17, %553 : tensor<64xf32>
    %cst_128 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %555 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<3x3x32x64xf32>
    %556 = stablehlo.multiply %555, %482 : tensor<3x3x32x64xf32>
    %557 = stablehlo.subtract %arg18, %556 : tensor<3x3x32x64xf32>
    %cst_129 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %558 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<3x3x64x64xf32>
    %559 = stablehlo.multiply %558, %481 : tensor<3x3x64x64xf32>
    %560 = stablehlo.subtract %arg19, %559 : tensor<3x3x64x64xf32>
    %cst_130 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %561 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<1x1x32x64xf32>
    %562 = stablehlo.multiply %561, %480 : tensor<1x1x32x64xf32>
    %563 = stablehlo.subtract %arg20, %562 : tensor<1x1x32x64xf32>
    %cst_131 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %564 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<3x3x3x16xf32>
    %565 = stablehlo.multiply %564, %479 : tensor<3x3x3x16xf32>
    %566 = stablehlo.subtract %arg21, %565 : tensor<3x3x3x16xf32>
    %cst_132 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %567 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %568 = stablehlo.multiply %567, %478 : tensor<16xf32>
    %569 = stablehlo.subtract %arg22, %568 : tensor<16xf32>
    %cst_133 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %570 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %571 = stablehlo.multiply %570, %477 : tensor<16xf32>
    %572 = stablehlo.subtract %arg23, %571 : tensor<16xf32>
    return %231, %503, %506, %509, %512, %515, %518, %521, %524, %527, %530, %533, %536, %539, %542, %545, %548, %551, %554, %557, %560, %563, %566, %569, %572 : tensor<f32>, tensor<64x10xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<3x3x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<3x3x16x32xf32>, tensor<3x3x32x32xf32>, tensor<1x1x16x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<3x3x32x64xf32>, tensor<3x3x64x64xf32>, tensor<1x1x32x64xf32>, tensor<3x3x3x16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @_var(%arg0: tensor<16x32x32x16xbf16>, %arg1: tensor<i32>) -> (tensor<1x1x1x16xbf16>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>) {
    %0 = stablehlo.convert %arg0 : (tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_0 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x1x1x16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<16x32x32x16xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<16x32x32x16xf32>
    %7 = chlo.square %6 : tensor<16x32x32x16xf32> -> tensor<16x32x32x16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x32x32x16xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<16x32x32x16xf32>
    %10 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %11 = stablehlo.subtract %cst_2, %10 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %15 = stablehlo.divide %13, %14 : tensor<1x1x1x16xf32>
    %16 = stablehlo.convert %15 : (tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xbf16>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.compare GT, %11, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = call @_where(%17, %16, %cst_5) : (tensor<i1>, tensor<1x1x1x16xbf16>, tensor<f32>) -> tensor<1x1x1x16xbf16>
    return %18, %9, %11, %17 : tensor<1x1x1x16xbf16>, tensor<16x32x32x16xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<1x1x1x16xbf16>, %arg2: tensor<f32>) -> tensor<1x1x1x16xbf16> {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x16xbf16>
    return %2 : tensor<1x1x1x16xbf16>
  }
  func.func private @relu(%arg0: tensor<16x32x32x16xbf16>) -> tensor<16x32x32x16xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<16x32x32x16xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x32x32x16xbf16>
    return %1 : tensor<16x32x32x16xbf16>
  }
  func.func private @_var_0(%arg0: tensor<16x16x16x32xbf16>, %arg1: tensor<i32>) -> (tensor<1x1x1x32xbf16>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>) {
    %0 = stablehlo.convert %arg0 : (tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x1x1x32xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<16x16x16x32xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<16x16x16x32xf32>
    %7 = chlo.square %6 : tensor<16x16x16x32xf32> -> tensor<16x16x16x32xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x16x16x32xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<16x16x16x32xf32>
    %10 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %11 = stablehlo.subtract %cst_2, %10 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %15 = stablehlo.divide %13, %14 : tensor<1x1x1x32xf32>
    %16 = stablehlo.convert %15 : (tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xbf16>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.compare GT, %11, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = call @_where_1(%17, %16, %cst_5) : (tensor<i1>, tensor<1x1x1x32xbf16>, tensor<f32>) -> tensor<1x1x1x32xbf16>
    return %18, %9, %11, %17 : tensor<1x1x1x32xbf16>, tensor<16x16x16x32xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<1x1x1x32xbf16>, %arg2: tensor<f32>) -> tensor<1x1x1x32xbf16> {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x32xbf16>
    return %2 : tensor<1x1x1x32xbf16>
  }
  func.func private @relu_2(%arg0: tensor<16x16x16x32xbf16>) -> tensor<16x16x16x32xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<16x16x16x32xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x16x16x32xbf16>
    return %1 : tensor<16x16x16x32xbf16>
  }
  func.func private @_var_3(%arg0: tensor<16x8x8x64xbf16>, %arg1: tensor<i32>) -> (tensor<1x1x1x64xbf16>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>) {
    %0 = stablehlo.convert %arg0 : (tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %4 = stablehlo.divide %2, %3 : tensor<1x1x1x64xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<16x8x8x64xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<16x8x8x64xf32>
    %7 = chlo.square %6 : tensor<16x8x8x64xf32> -> tensor<16x8x8x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x8x8x64xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<16x8x8x64xf32>
    %10 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %11 = stablehlo.subtract %cst_2, %10 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %15 = stablehlo.divide %13, %14 : tensor<1x1x1x64xf32>
    %16 = stablehlo.convert %15 : (tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xbf16>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.compare GT, %11, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = call @_where_4(%17, %16, %cst_5) : (tensor<i1>, tensor<1x1x1x64xbf16>, tensor<f32>) -> tensor<1x1x1x64xbf16>
    return %18, %9, %11, %17 : tensor<1x1x1x64xbf16>, tensor<16x8x8x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<1x1x1x64xbf16>, %arg2: tensor<f32>) -> tensor<1x1x1x64xbf16> {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<1x1x1x64xbf16>
    return %2 : tensor<1x1x1x64xbf16>
  }
  func.func private @relu_5(%arg0: tensor<16x8x8x64xbf16>) -> tensor<16x8x8x64xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<16x8x8x64xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x8x8x64xbf16>
    return %1 : tensor<16x8x8x64xbf16>
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
  func.func private @_var_8(%arg0: tensor<16x8x8x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x64xbf16>) -> tensor<16x8x8x64xbf16> {
    %0 = call @_where_9(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16>
    %1 = stablehlo.convert %0 : (tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16x8x8x64xf32>
    %7 = stablehlo.negate %6 : tensor<16x8x8x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.reshape %8 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_1 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %11 = stablehlo.divide %9, %10 : tensor<1x1x1x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<64xf32>) -> tensor<16x8x8x64xf32>
    %14 = stablehlo.add %6, %13 : tensor<16x8x8x64xf32>
    %15 = stablehlo.convert %14 : (tensor<16x8x8x64xf32>) -> tensor<16x8x8x64xbf16>
    return %15 : tensor<16x8x8x64xbf16>
  }
  func.func private @_where_9(%arg0: tensor<i1>, %arg1: tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1x1x1x64xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x64xbf16>
    return %1 : tensor<1x1x1x64xbf16>
  }
  func.func private @_var_10(%arg0: tensor<16x16x16x32xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x32xbf16>) -> tensor<16x16x16x32xbf16> {
    %0 = call @_where_11(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x32xbf16>) -> tensor<1x1x1x32xbf16>
    %1 = stablehlo.convert %0 : (tensor<1x1x1x32xbf16>) -> tensor<1x1x1x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16x16x16x32xf32>
    %7 = stablehlo.negate %6 : tensor<16x16x16x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.reshape %8 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %cst_1 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %11 = stablehlo.divide %9, %10 : tensor<1x1x1x32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<32xf32>) -> tensor<16x16x16x32xf32>
    %14 = stablehlo.add %6, %13 : tensor<16x16x16x32xf32>
    %15 = stablehlo.convert %14 : (tensor<16x16x16x32xf32>) -> tensor<16x16x16x32xbf16>
    return %15 : tensor<16x16x16x32xbf16>
  }
  func.func private @_where_11(%arg0: tensor<i1>, %arg1: tensor<1x1x1x32xbf16>) -> tensor<1x1x1x32xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1x1x1x32xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x32xbf16>
    return %1 : tensor<1x1x1x32xbf16>
  }
  func.func private @_var_12(%arg0: tensor<16x32x32x16xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<1x1x1x16xbf16>) -> tensor<16x32x32x16xbf16> {
    %0 = call @_where_13(%arg2, %arg3) : (tensor<i1>, tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xbf16>
    %1 = stablehlo.convert %0 : (tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16x32x32x16xf32>
    %7 = stablehlo.negate %6 : tensor<16x32x32x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<16x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
    %9 = stablehlo.reshape %8 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_1 = stablehlo.constant dense<1.638400e+04> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %11 = stablehlo.divide %9, %10 : tensor<1x1x1x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<16xf32>) -> tensor<16x32x32x16xf32>
    %14 = stablehlo.add %6, %13 : tensor<16x32x32x16xf32>
    %15 = stablehlo.convert %14 : (tensor<16x32x32x16xf32>) -> tensor<16x32x32x16xbf16>
    return %15 : tensor<16x32x32x16xbf16>
  }
  func.func private @_where_13(%arg0: tensor<i1>, %arg1: tensor<1x1x1x16xbf16>) -> tensor<1x1x1x16xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1x1x1x16xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<1x1x1x16xbf16>
    return %1 : tensor<1x1x1x16xbf16>
  }
}
