module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64x64x3xf32>, %arg1: tensor<128x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<128xf32>, %arg6: tensor<128xf32>, %arg7: tensor<128xf32>, %arg8: tensor<128xf32>, %arg9: tensor<128x128xf32>, %arg10: tensor<128x384xf32>, %arg11: tensor<128x256xf32>, %arg12: tensor<256xf32>, %arg13: tensor<256x128xf32>, %arg14: tensor<128xf32>, %arg15: tensor<128xf32>, %arg16: tensor<128xf32>, %arg17: tensor<128xf32>, %arg18: tensor<128xf32>, %arg19: tensor<128x128xf32>, %arg20: tensor<128x384xf32>, %arg21: tensor<1x1x128xf32>, %arg22: tensor<128x10xf32>, %arg23: tensor<128xf32>, %arg24: tensor<128xf32>, %arg25: tensor<8x8x3x128xf32>, %arg26: tensor<1x65x128xf32>) -> (tensor<8x10xf32> {jax.result_info = "result[0]"}) {
    %0 = stablehlo.convolution(%arg0, %arg25) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [8, 8], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x64x64x3xf32>, tensor<8x8x3x128xf32>) -> tensor<8x8x8x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<8x8x8x128xf32>) -> tensor<8x64x128xf32>
    %2 = stablehlo.broadcast_in_dim %arg21, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x1x128xf32>
    %3 = stablehlo.concatenate %2, %1, dim = 1 : (tensor<8x1x128xf32>, tensor<8x64x128xf32>) -> tensor<8x65x128xf32>
    %4 = stablehlo.broadcast_in_dim %arg26, dims = [0, 1, 2] : (tensor<1x65x128xf32>) -> tensor<8x65x128xf32>
    %5 = stablehlo.add %3, %4 : tensor<8x65x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %9 = stablehlo.divide %7, %8 : tensor<8x65x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %10 = call @_var(%5, %c) : (tensor<8x65x128xf32>, tensor<i32>) -> tensor<8x65x1xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %12 = stablehlo.subtract %5, %11 : tensor<8x65x128xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<8x65x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<8x65x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<8x65x128xf32>
    %18 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<8x65x128xf32>
    %21 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %23 = stablehlo.add %20, %22 : tensor<8x65x128xf32>
    %24 = stablehlo.dot_general %23, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x384xf32>) -> tensor<8x65x384xf32>
    %25 = stablehlo.slice %24 [0:8, 0:65, 0:128] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %26 = stablehlo.slice %24 [0:8, 0:65, 128:256] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %27 = stablehlo.slice %24 [0:8, 0:65, 256:384] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %28 = stablehlo.reshape %25 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %29 = stablehlo.transpose %28, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %30 = stablehlo.reshape %26 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %31 = stablehlo.transpose %30, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %32 = stablehlo.reshape %27 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %33 = stablehlo.transpose %32, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %34 = stablehlo.dot_general %29, %31, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x65x32xf32>, tensor<8x4x65x32xf32>) -> tensor<8x4x65x65xf32>
    %cst_2 = stablehlo.constant dense<5.65685415> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x4x65x65xf32>
    %36 = stablehlo.divide %34, %35 : tensor<8x4x65x65xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %37 = stablehlo.reduce(%36 init: %cst_3) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x65x65xf32>, tensor<f32>) -> tensor<8x4x65xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x4x65xf32>
    %39 = stablehlo.maximum %38, %37 : tensor<8x4x65xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<8x4x65xf32>) -> tensor<8x4x65x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<8x4x65x1xf32>) -> tensor<8x4x65x65xf32>
    %42 = stablehlo.subtract %36, %41 : tensor<8x4x65x65xf32>
    %43 = stablehlo.exponential %42 : tensor<8x4x65x65xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_5) applies stablehlo.add across dimensions = [3] : (tensor<8x4x65x65xf32>, tensor<f32>) -> tensor<8x4x65xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2] : (tensor<8x4x65xf32>) -> tensor<8x4x65x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<8x4x65x1xf32>) -> tensor<8x4x65x65xf32>
    %47 = stablehlo.divide %43, %46 : tensor<8x4x65x65xf32>
    %48 = stablehlo.dot_general %47, %33, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x65x65xf32>, tensor<8x4x65x32xf32>) -> tensor<8x4x65x32xf32>
    %49 = stablehlo.transpose %48, dims = [0, 2, 1, 3] : (tensor<8x4x65x32xf32>) -> tensor<8x65x4x32xf32>
    %50 = stablehlo.reshape %49 : (tensor<8x65x4x32xf32>) -> tensor<8x65x128xf32>
    %51 = stablehlo.dot_general %50, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x128xf32>) -> tensor<8x65x128xf32>
    %52 = stablehlo.add %5, %51 : tensor<8x65x128xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_7 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %56 = stablehlo.divide %54, %55 : tensor<8x65x1xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %57 = call @_var(%52, %c_8) : (tensor<8x65x128xf32>, tensor<i32>) -> tensor<8x65x1xf32>
    %58 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %59 = stablehlo.subtract %52, %58 : tensor<8x65x128xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %61 = stablehlo.add %57, %60 : tensor<8x65x1xf32>
    %62 = stablehlo.rsqrt %61 : tensor<8x65x1xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %64 = stablehlo.multiply %59, %63 : tensor<8x65x128xf32>
    %65 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %67 = stablehlo.multiply %64, %66 : tensor<8x65x128xf32>
    %68 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %70 = stablehlo.add %67, %69 : tensor<8x65x128xf32>
    %71 = stablehlo.dot_general %70, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x256xf32>) -> tensor<8x65x256xf32>
    %72 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x65x256xf32>
    %74 = stablehlo.add %71, %73 : tensor<8x65x256xf32>
    %75 = stablehlo.multiply %74, %74 : tensor<8x65x256xf32>
    %76 = stablehlo.multiply %75, %74 : tensor<8x65x256xf32>
    %cst_10 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %78 = stablehlo.multiply %77, %76 : tensor<8x65x256xf32>
    %79 = stablehlo.add %74, %78 : tensor<8x65x256xf32>
    %cst_11 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %81 = stablehlo.multiply %80, %79 : tensor<8x65x256xf32>
    %82 = stablehlo.tanh %81 : tensor<8x65x256xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %84 = stablehlo.add %83, %82 : tensor<8x65x256xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %86 = stablehlo.multiply %85, %84 : tensor<8x65x256xf32>
    %87 = stablehlo.multiply %74, %86 : tensor<8x65x256xf32>
    %88 = stablehlo.dot_general %87, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x256xf32>, tensor<256x128xf32>) -> tensor<8x65x128xf32>
    %89 = stablehlo.add %52, %88 : tensor<8x65x128xf32>
    %90 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %92 = stablehlo.add %89, %91 : tensor<8x65x128xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.reduce(%92 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_15 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %96 = stablehlo.divide %94, %95 : tensor<8x65x1xf32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %97 = call @_var(%92, %c_16) : (tensor<8x65x128xf32>, tensor<i32>) -> tensor<8x65x1xf32>
    %98 = stablehlo.broadcast_in_dim %96, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %99 = stablehlo.subtract %92, %98 : tensor<8x65x128xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %101 = stablehlo.add %97, %100 : tensor<8x65x1xf32>
    %102 = stablehlo.rsqrt %101 : tensor<8x65x1xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %104 = stablehlo.multiply %99, %103 : tensor<8x65x128xf32>
    %105 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %107 = stablehlo.multiply %104, %106 : tensor<8x65x128xf32>
    %108 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %110 = stablehlo.add %107, %109 : tensor<8x65x128xf32>
    %111 = stablehlo.dot_general %110, %arg20, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x384xf32>) -> tensor<8x65x384xf32>
    %112 = stablehlo.slice %111 [0:8, 0:65, 0:128] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %113 = stablehlo.slice %111 [0:8, 0:65, 128:256] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %114 = stablehlo.slice %111 [0:8, 0:65, 256:384] : (tensor<8x65x384xf32>) -> tensor<8x65x128xf32>
    %115 = stablehlo.reshape %112 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %116 = stablehlo.transpose %115, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %117 = stablehlo.reshape %113 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %118 = stablehlo.transpose %117, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %119 = stablehlo.reshape %114 : (tensor<8x65x128xf32>) -> tensor<8x65x4x32xf32>
    %120 = stablehlo.transpose %119, dims = [0, 2, 1, 3] : (tensor<8x65x4x32xf32>) -> tensor<8x4x65x32xf32>
    %121 = stablehlo.dot_general %116, %118, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x65x32xf32>, tensor<8x4x65x32xf32>) -> tensor<8x4x65x65xf32>
    %cst_18 = stablehlo.constant dense<5.65685415> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x4x65x65xf32>
    %123 = stablehlo.divide %121, %122 : tensor<8x4x65x65xf32>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %124 = stablehlo.reduce(%123 init: %cst_19) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x65x65xf32>, tensor<f32>) -> tensor<8x4x65xf32>
    %cst_20 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x4x65xf32>
    %126 = stablehlo.maximum %125, %124 : tensor<8x4x65xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1, 2] : (tensor<8x4x65xf32>) -> tensor<8x4x65x1xf32>
    %128 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2, 3] : (tensor<8x4x65x1xf32>) -> tensor<8x4x65x65xf32>
    %129 = stablehlo.subtract %123, %128 : tensor<8x4x65x65xf32>
    %130 = stablehlo.exponential %129 : tensor<8x4x65x65xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.reduce(%130 init: %cst_21) applies stablehlo.add across dimensions = [3] : (tensor<8x4x65x65xf32>, tensor<f32>) -> tensor<8x4x65xf32>
    %132 = stablehlo.broadcast_in_dim %131, dims = [0, 1, 2] : (tensor<8x4x65xf32>) -> tensor<8x4x65x1xf32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2, 3] : (tensor<8x4x65x1xf32>) -> tensor<8x4x65x65xf32>
    %134 = stablehlo.divide %130, %133 : tensor<8x4x65x65xf32>
    %135 = stablehlo.dot_general %134, %120, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x65x65xf32>, tensor<8x4x65x32xf32>) -> tensor<8x4x65x32xf32>
    %136 = stablehlo.transpose %135, dims = [0, 2, 1, 3] : (tensor<8x4x65x32xf32>) -> tensor<8x65x4x32xf32>
    %137 = stablehlo.reshape %136 : (tensor<8x65x4x32xf32>) -> tensor<8x65x128xf32>
    %138 = stablehlo.dot_general %137, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x128xf32>) -> tensor<8x65x128xf32>
    %139 = stablehlo.add %92, %138 : tensor<8x65x128xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %140 = stablehlo.reduce(%139 init: %cst_22) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %141 = stablehlo.broadcast_in_dim %140, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_23 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %143 = stablehlo.divide %141, %142 : tensor<8x65x1xf32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %144 = call @_var(%139, %c_24) : (tensor<8x65x128xf32>, tensor<i32>) -> tensor<8x65x1xf32>
    %145 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %146 = stablehlo.subtract %139, %145 : tensor<8x65x128xf32>
    %cst_25 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %148 = stablehlo.add %144, %147 : tensor<8x65x1xf32>
    %149 = stablehlo.rsqrt %148 : tensor<8x65x1xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %151 = stablehlo.multiply %146, %150 : tensor<8x65x128xf32>
    %152 = stablehlo.broadcast_in_dim %arg18, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %154 = stablehlo.multiply %151, %153 : tensor<8x65x128xf32>
    %155 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %156 = stablehlo.broadcast_in_dim %155, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %157 = stablehlo.add %154, %156 : tensor<8x65x128xf32>
    %158 = stablehlo.dot_general %157, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x128xf32>, tensor<128x256xf32>) -> tensor<8x65x256xf32>
    %159 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x65x256xf32>
    %161 = stablehlo.add %158, %160 : tensor<8x65x256xf32>
    %162 = stablehlo.multiply %161, %161 : tensor<8x65x256xf32>
    %163 = stablehlo.multiply %162, %161 : tensor<8x65x256xf32>
    %cst_26 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %165 = stablehlo.multiply %164, %163 : tensor<8x65x256xf32>
    %166 = stablehlo.add %161, %165 : tensor<8x65x256xf32>
    %cst_27 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %168 = stablehlo.multiply %167, %166 : tensor<8x65x256xf32>
    %169 = stablehlo.tanh %168 : tensor<8x65x256xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %171 = stablehlo.add %170, %169 : tensor<8x65x256xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x65x256xf32>
    %173 = stablehlo.multiply %172, %171 : tensor<8x65x256xf32>
    %174 = stablehlo.multiply %161, %173 : tensor<8x65x256xf32>
    %175 = stablehlo.dot_general %174, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x256xf32>, tensor<256x128xf32>) -> tensor<8x65x128xf32>
    %176 = stablehlo.add %139, %175 : tensor<8x65x128xf32>
    %177 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %178 = stablehlo.broadcast_in_dim %177, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<8x65x128xf32>
    %179 = stablehlo.add %176, %178 : tensor<8x65x128xf32>
    %180 = stablehlo.slice %179 [0:8, 0:1, 0:128] : (tensor<8x65x128xf32>) -> tensor<8x1x128xf32>
    %181 = stablehlo.reshape %180 : (tensor<8x1x128xf32>) -> tensor<8x128xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %182 = stablehlo.reduce(%181 init: %cst_30) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
    %183 = stablehlo.broadcast_in_dim %182, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_31 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %184 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %185 = stablehlo.divide %183, %184 : tensor<8x1xf32>
    %c_32 = stablehlo.constant dense<0> : tensor<i32>
    %186 = call @_var_0(%181, %c_32) : (tensor<8x128xf32>, tensor<i32>) -> tensor<8x1xf32>
    %187 = stablehlo.broadcast_in_dim %185, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x128xf32>
    %188 = stablehlo.subtract %181, %187 : tensor<8x128xf32>
    %cst_33 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %190 = stablehlo.add %186, %189 : tensor<8x1xf32>
    %191 = stablehlo.rsqrt %190 : tensor<8x1xf32>
    %192 = stablehlo.broadcast_in_dim %191, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x128xf32>
    %193 = stablehlo.multiply %188, %192 : tensor<8x128xf32>
    %194 = stablehlo.broadcast_in_dim %arg24, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
    %195 = stablehlo.broadcast_in_dim %194, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %196 = stablehlo.multiply %193, %195 : tensor<8x128xf32>
    %197 = stablehlo.broadcast_in_dim %arg23, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
    %198 = stablehlo.broadcast_in_dim %197, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %199 = stablehlo.add %196, %198 : tensor<8x128xf32>
    %200 = stablehlo.dot_general %199, %arg22, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x10xf32>) -> tensor<8x10xf32>
    return %200 : tensor<8x10xf32>
  }
  func.func private @_var(%arg0: tensor<8x65x128xf32>, %arg1: tensor<i32>) -> tensor<8x65x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x65x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x128xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x65x128xf32>
    %6 = chlo.square %5 : tensor<8x65x128xf32> -> tensor<8x65x128xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x65x128xf32>, tensor<f32>) -> tensor<8x65xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<8x65x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65x1xf32>
    return %14 : tensor<8x65x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<8x65x1xf32>, %arg2: tensor<f32>) -> tensor<8x65x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<8x65x1xf32>
    return %2 : tensor<8x65x1xf32>
  }
  func.func private @_var_0(%arg0: tensor<8x128xf32>, %arg1: tensor<i32>) -> tensor<8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x128xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x128xf32>
    %6 = chlo.square %5 : tensor<8x128xf32> -> tensor<8x128xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<8x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where_1(%13, %12, %cst_4) : (tensor<i1>, tensor<8x1xf32>, tensor<f32>) -> tensor<8x1xf32>
    return %14 : tensor<8x1xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<8x1xf32>, %arg2: tensor<f32>) -> tensor<8x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<8x1xf32>
    return %2 : tensor<8x1xf32>
  }
}
