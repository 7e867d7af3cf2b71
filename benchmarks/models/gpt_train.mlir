module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x64xf32>, %arg9: tensor<64x192xf32>, %arg10: tensor<64x256xf32>, %arg11: tensor<256xf32>, %arg12: tensor<256x64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64x64xf32>, %arg19: tensor<64x192xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<128x64xf32>, %arg23: tensor<256x64xf32>, %arg24: tensor<16x128xi32>, %arg25: tensor<16x128xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64x256xf32> {jax.result_info = "result[1]"}, tensor<256xf32> {jax.result_info = "result[2]"}, tensor<256x64xf32> {jax.result_info = "result[3]"}, tensor<64xf32> {jax.result_info = "result[4]"}, tensor<64xf32> {jax.result_info = "result[5]"}, tensor<64xf32> {jax.result_info = "result[6]"}, tensor<64xf32> {jax.result_info = "result[7]"}, tensor<64xf32> {jax.result_info = "result[8]"}, tensor<64x64xf32> {jax.result_info = "result[9]"}, tensor<64x192xf32> {jax.result_info = "result[10]"}, tensor<64x256xf32> {jax.result_info = "result[11]"}, tensor<256xf32> {jax.result_info = "result[12]"}, tensor<256x64xf32> {jax.result_info = "result[13]"}, tensor<64xf32> {jax.result_info = "result[14]"}, tensor<64xf32> {jax.result_info = "result[15]"}, tensor<64xf32> {jax.result_info = "result[16]"}, tensor<64xf32> {jax.result_info = "result[17]"}, tensor<64xf32> {jax.result_info = "result[18]"}, tensor<64x64xf32> {jax.result_info = "result[19]"}, tensor<64x192xf32> {jax.result_info = "result[20]"}, tensor<64xf32> {jax.result_info = "result[21]"}, tensor<64xf32> {jax.result_info = "result[22]"}, tensor<128x64xf32> {jax.result_info = "result[23]"}, tensor<256x64xf32> {jax.result_info = "result[24]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16x128xi32>
    %1 = stablehlo.compare LT, %arg25, %0, SIGNED : (tensor<16x128xi32>, tensor<16x128xi32>) -> tensor<16x128xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16x128xi32>
    %3 = stablehlo.add %arg25, %2 : tensor<16x128xi32>
    %4 = stablehlo.select %1, %3, %arg25 : tensor<16x128xi1>, tensor<16x128xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<16x128xi32>) -> tensor<16x128x1xi32>
    %6 = "stablehlo.gather"(%arg23, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<16x128x1xi32>) -> tensor<16x128x64xf32>
    %7 = stablehlo.broadcast_in_dim %arg22, dims = [1, 2] : (tensor<128x64xf32>) -> tensor<1x128x64xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x128x64xf32>) -> tensor<16x128x64xf32>
    %9 = stablehlo.add %6, %8 : tensor<16x128x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %13 = stablehlo.divide %11, %12 : tensor<16x128x1xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %14:4 = call @_var(%9, %c_2) : (tensor<16x128x64xf32>, tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %16 = stablehlo.subtract %9, %15 : tensor<16x128x64xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %18 = stablehlo.add %14#0, %17 : tensor<16x128x1xf32>
    %19 = stablehlo.rsqrt %18 : tensor<16x128x1xf32>
    %20 = stablehlo.divide %19, %18 : tensor<16x128x1xf32>
    %cst_4 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %22 = stablehlo.multiply %21, %20 : tensor<16x128x1xf32>
    %23 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %24 = stablehlo.multiply %16, %23 : tensor<16x128x64xf32>
    %25 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %27 = stablehlo.multiply %24, %26 : tensor<16x128x64xf32>
    %28 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %30 = stablehlo.add %27, %29 : tensor<16x128x64xf32>
    %31 = stablehlo.dot_general %30, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x192xf32>) -> tensor<16x128x192xf32>
    %32 = stablehlo.slice %31 [0:16, 0:128, 0:64] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %33 = stablehlo.slice %31 [0:16, 0:128, 64:128] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %34 = stablehlo.slice %31 [0:16, 0:128, 128:192] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %35 = stablehlo.reshape %32 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %36 = stablehlo.transpose %35, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %37 = stablehlo.reshape %33 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %38 = stablehlo.transpose %37, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %39 = stablehlo.reshape %34 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %40 = stablehlo.transpose %39, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %41 = stablehlo.dot_general %36, %38, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x128xf32>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %43 = stablehlo.divide %41, %42 : tensor<16x4x128x128xf32>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %44 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %45 = call @tril(%44) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_7 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %46:2 = call @_where_0(%45, %43, %cst_7) : (tensor<128x128xi1>, tensor<16x4x128x128xf32>, tensor<f32>) -> (tensor<16x4x128x128xf32>, tensor<16x4x128x128xi1>)
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.reduce(%46#0 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16x4x128xf32>
    %49 = stablehlo.maximum %48, %47 : tensor<16x4x128xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %52 = stablehlo.subtract %46#0, %51 : tensor<16x4x128x128xf32>
    %53 = stablehlo.exponential %52 : tensor<16x4x128x128xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %57 = stablehlo.divide %53, %56 : tensor<16x4x128x128xf32>
    %58 = stablehlo.multiply %55, %55 : tensor<16x4x128x1xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16x4x128x1xf32>
    %60 = stablehlo.divide %59, %58 : tensor<16x4x128x1xf32>
    %61 = stablehlo.dot_general %57, %40, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %62 = stablehlo.transpose %61, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %63 = stablehlo.reshape %62 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %64 = stablehlo.dot_general %63, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x64xf32>) -> tensor<16x128x64xf32>
    %65 = stablehlo.add %9, %64 : tensor<16x128x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_13 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %69 = stablehlo.divide %67, %68 : tensor<16x128x1xf32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %70:4 = call @_var(%65, %c_14) : (tensor<16x128x64xf32>, tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %71 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %72 = stablehlo.subtract %65, %71 : tensor<16x128x64xf32>
    %cst_15 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %74 = stablehlo.add %70#0, %73 : tensor<16x128x1xf32>
    %75 = stablehlo.rsqrt %74 : tensor<16x128x1xf32>
    %76 = stablehlo.divide %75, %74 : tensor<16x128x1xf32>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %78 = stablehlo.multiply %77, %76 : tensor<16x128x1xf32>
    %79 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %80 = stablehlo.multiply %72, %79 : tensor<16x128x64xf32>
    %81 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %83 = stablehlo.multiply %80, %82 : tensor<16x128x64xf32>
    %84 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %86 = stablehlo.add %83, %85 : tensor<16x128x64xf32>
    %87 = stablehlo.dot_general %86, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x256xf32>) -> tensor<16x128x256xf32>
    %88 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<16x128x256xf32>
    %90 = stablehlo.add %87, %89 : tensor<16x128x256xf32>
    %91 = stablehlo.multiply %90, %90 : tensor<16x128x256xf32>
    %92 = stablehlo.multiply %91, %90 : tensor<16x128x256xf32>
    %93 = stablehlo.multiply %90, %90 : tensor<16x128x256xf32>
    %cst_17 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %95 = stablehlo.multiply %94, %93 : tensor<16x128x256xf32>
    %cst_18 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %97 = stablehlo.multiply %96, %92 : tensor<16x128x256xf32>
    %98 = stablehlo.add %90, %97 : tensor<16x128x256xf32>
    %cst_19 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %100 = stablehlo.multiply %99, %98 : tensor<16x128x256xf32>
    %101 = stablehlo.tanh %100 : tensor<16x128x256xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %103 = stablehlo.subtract %102, %101 : tensor<16x128x256xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %105 = stablehlo.add %104, %101 : tensor<16x128x256xf32>
    %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %107 = stablehlo.multiply %106, %105 : tensor<16x128x256xf32>
    %108 = stablehlo.multiply %90, %107 : tensor<16x128x256xf32>
    %109 = stablehlo.dot_general %108, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<256x64xf32>) -> tensor<16x128x64xf32>
    %110 = stablehlo.add %65, %109 : tensor<16x128x64xf32>
    %111 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %113 = stablehlo.add %110, %112 : tensor<16x128x64xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %114 = stablehlo.reduce(%113 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_24 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %117 = stablehlo.divide %115, %116 : tensor<16x128x1xf32>
    %c_25 = stablehlo.constant dense<0> : tensor<i32>
    %118:4 = call @_var(%113, %c_25) : (tensor<16x128x64xf32>, tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %119 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %120 = stablehlo.subtract %113, %119 : tensor<16x128x64xf32>
    %cst_26 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %122 = stablehlo.add %118#0, %121 : tensor<16x128x1xf32>
    %123 = stablehlo.rsqrt %122 : tensor<16x128x1xf32>
    %124 = stablehlo.divide %123, %122 : tensor<16x128x1xf32>
    %cst_27 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %126 = stablehlo.multiply %125, %124 : tensor<16x128x1xf32>
    %127 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %128 = stablehlo.multiply %120, %127 : tensor<16x128x64xf32>
    %129 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %131 = stablehlo.multiply %128, %130 : tensor<16x128x64xf32>
    %132 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %134 = stablehlo.add %131, %133 : tensor<16x128x64xf32>
    %135 = stablehlo.dot_general %134, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x192xf32>) -> tensor<16x128x192xf32>
    %136 = stablehlo.slice %135 [0:16, 0:128, 0:64] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %137 = stablehlo.slice %135 [0:16, 0:128, 64:128] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %138 = stablehlo.slice %135 [0:16, 0:128, 128:192] : (tensor<16x128x192xf32>) -> tensor<16x128x64xf32>
    %139 = stablehlo.reshape %136 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %140 = stablehlo.transpose %139, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %141 = stablehlo.reshape %137 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %142 = stablehlo.transpose %141, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %143 = stablehlo.reshape %138 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %144 = stablehlo.transpose %143, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %145 = stablehlo.dot_general %140, %142, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x128xf32>
    %cst_28 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %147 = stablehlo.divide %145, %146 : tensor<16x4x128x128xf32>
    %c_29 = stablehlo.constant dense<true> : tensor<i1>
    %148 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %149 = call @tril(%148) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_30 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %150:2 = call @_where_0(%149, %147, %cst_30) : (tensor<128x128xi1>, tensor<16x4x128x128xf32>, tensor<f32>) -> (tensor<16x4x128x128xf32>, tensor<16x4x128x128xi1>)
    %cst_31 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %151 = stablehlo.reduce(%150#0 init: %cst_31) applies stablehlo.maximum across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %cst_32 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<16x4x128xf32>
    %153 = stablehlo.maximum %152, %151 : tensor<16x4x128xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %156 = stablehlo.subtract %150#0, %155 : tensor<16x4x128x128xf32>
    %157 = stablehlo.exponential %156 : tensor<16x4x128x128xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_33) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %161 = stablehlo.divide %157, %160 : tensor<16x4x128x128xf32>
    %162 = stablehlo.multiply %159, %159 : tensor<16x4x128x1xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16x4x128x1xf32>
    %164 = stablehlo.divide %163, %162 : tensor<16x4x128x1xf32>
    %165 = stablehlo.dot_general %161, %144, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %166 = stablehlo.transpose %165, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %167 = stablehlo.reshape %166 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %168 = stablehlo.dot_general %167, %arg18, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x64xf32>) -> tensor<16x128x64xf32>
    %169 = stablehlo.add %113, %168 : tensor<16x128x64xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%169 init: %cst_35) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_36 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %173 = stablehlo.divide %171, %172 : tensor<16x128x1xf32>
    %c_37 = stablehlo.constant dense<0> : tensor<i32>
    %174:4 = call @_var(%169, %c_37) : (tensor<16x128x64xf32>, tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %175 = stablehlo.broadcast_in_dim %173, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %176 = stablehlo.subtract %169, %175 : tensor<16x128x64xf32>
    %cst_38 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %178 = stablehlo.add %174#0, %177 : tensor<16x128x1xf32>
    %179 = stablehlo.rsqrt %178 : tensor<16x128x1xf32>
    %180 = stablehlo.divide %179, %178 : tensor<16x128x1xf32>
    %cst_39 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %182 = stablehlo.multiply %181, %180 : tensor<16x128x1xf32>
    %183 = stablehlo.broadcast_in_dim %179, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %184 = stablehlo.multiply %176, %183 : tensor<16x128x64xf32>
    %185 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %187 = stablehlo.multiply %184, %186 : tensor<16x128x64xf32>
    %188 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %189 = stablehlo.broadcast_in_dim %188, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %190 = stablehlo.add %187, %189 : tensor<16x128x64xf32>
    %191 = stablehlo.dot_general %190, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x256xf32>) -> tensor<16x128x256xf32>
    %192 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<16x128x256xf32>
    %194 = stablehlo.add %191, %193 : tensor<16x128x256xf32>
    %195 = stablehlo.multiply %194, %194 : tensor<16x128x256xf32>
    %196 = stablehlo.multiply %195, %194 : tensor<16x128x256xf32>
    %197 = stablehlo.multiply %194, %194 : tensor<16x128x256xf32>
    %cst_40 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %199 = stablehlo.multiply %198, %197 : tensor<16x128x256xf32>
    %cst_41 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %201 = stablehlo.multiply %200, %196 : tensor<16x128x256xf32>
    %202 = stablehlo.add %194, %201 : tensor<16x128x256xf32>
    %cst_42 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %204 = stablehlo.multiply %203, %202 : tensor<16x128x256xf32>
    %205 = stablehlo.tanh %204 : tensor<16x128x256xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %207 = stablehlo.subtract %206, %205 : tensor<16x128x256xf32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %209 = stablehlo.add %208, %205 : tensor<16x128x256xf32>
    %cst_45 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %211 = stablehlo.multiply %210, %209 : tensor<16x128x256xf32>
    %212 = stablehlo.multiply %194, %211 : tensor<16x128x256xf32>
    %213 = stablehlo.dot_general %212, %arg12, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<256x64xf32>) -> tensor<16x128x64xf32>
    %214 = stablehlo.add %169, %213 : tensor<16x128x64xf32>
    %215 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %216 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %217 = stablehlo.add %214, %216 : tensor<16x128x64xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %218 = stablehlo.reduce(%217 init: %cst_46) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %219 = stablehlo.broadcast_in_dim %218, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_47 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %220 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %221 = stablehlo.divide %219, %220 : tensor<16x128x1xf32>
    %c_48 = stablehlo.constant dense<0> : tensor<i32>
    %222:4 = call @_var(%217, %c_48) : (tensor<16x128x64xf32>, tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %223 = stablehlo.broadcast_in_dim %221, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %224 = stablehlo.subtract %217, %223 : tensor<16x128x64xf32>
    %cst_49 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %226 = stablehlo.add %222#0, %225 : tensor<16x128x1xf32>
    %227 = stablehlo.rsqrt %226 : tensor<16x128x1xf32>
    %228 = stablehlo.divide %227, %226 : tensor<16x128x1xf32>
    %cst_50 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %230 = stablehlo.multiply %229, %228 : tensor<16x128x1xf32>
    %231 = stablehlo.broadcast_in_dim %227, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %232 = stablehlo.multiply %224, %231 : tensor<16x128x64xf32>
    %233 = stablehlo.broadcast_in_dim %arg21, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %234 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %235 = stablehlo.multiply %232, %234 : tensor<16x128x64xf32>
    %236 = stablehlo.broadcast_in_dim %arg20, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %237 = stablehlo.broadcast_in_dim %236, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %238 = stablehlo.add %235, %237 : tensor<16x128x64xf32>
    %239 = stablehlo.transpose %arg23, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %240 = stablehlo.dot_general %238, %239, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x256xf32>) -> tensor<16x128x256xf32>
    %241 = stablehlo.reshape %240 : (tensor<16x128x256xf32>) -> tensor<2048x256xf32>
    %242 = stablehlo.reshape %arg24 : (tensor<16x128xi32>) -> tensor<2048xi32>
    %243:3 = call @log_softmax(%241) : (tensor<2048x256xf32>) -> (tensor<2048x256xf32>, tensor<2048x256xf32>, tensor<2048x1xf32>)
    %244 = stablehlo.broadcast_in_dim %242, dims = [0] : (tensor<2048xi32>) -> tensor<2048x1xi32>
    %245:2 = call @take_along_axis(%243#0, %244) : (tensor<2048x256xf32>, tensor<2048x1xi32>) -> (tensor<2048x1xf32>, tensor<2048x1x1xi32>)
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %246 = stablehlo.reduce(%245#0 init: %cst_51) applies stablehlo.add across dimensions = [0, 1] : (tensor<2048x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_52 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %247 = stablehlo.divide %246, %cst_52 : tensor<f32>
    %248 = stablehlo.negate %247 : tensor<f32>
    %cst_53 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %249 = stablehlo.negate %cst_53 : tensor<f32>
    %cst_54 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %250 = stablehlo.divide %249, %cst_54 : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %250, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %252 = call @take_along_axis_1(%245#1, %251) : (tensor<2048x1x1xi32>, tensor<2048x1xf32>) -> tensor<2048x256xf32>
    %253 = call @log_softmax_2(%243#1, %243#2, %252) : (tensor<2048x256xf32>, tensor<2048x1xf32>, tensor<2048x256xf32>) -> tensor<2048x256xf32>
    %254 = stablehlo.reshape %253 : (tensor<2048x256xf32>) -> tensor<16x128x256xf32>
    %255 = stablehlo.dot_general %254, %238, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<16x128x64xf32>) -> tensor<256x64xf32>
    %256 = stablehlo.transpose %255, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %257 = stablehlo.dot_general %254, %239, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<64x256xf32>) -> tensor<16x128x64xf32>
    %258 = stablehlo.transpose %256, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %259 = stablehlo.reduce(%257 init: %cst_55) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %260 = stablehlo.reshape %259 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %261 = stablehlo.reduce(%260 init: %cst_56) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %262 = stablehlo.multiply %232, %257 : tensor<16x128x64xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %263 = stablehlo.reduce(%262 init: %cst_57) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %264 = stablehlo.reshape %263 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %265 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %266 = stablehlo.multiply %257, %265 : tensor<16x128x64xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %267 = stablehlo.reduce(%264 init: %cst_58) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %268 = stablehlo.multiply %224, %266 : tensor<16x128x64xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %269 = stablehlo.reduce(%268 init: %cst_59) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %270 = stablehlo.reshape %269 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %271 = stablehlo.broadcast_in_dim %227, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %272 = stablehlo.multiply %266, %271 : tensor<16x128x64xf32>
    %273 = stablehlo.multiply %270, %230 : tensor<16x128x1xf32>
    %274 = stablehlo.negate %272 : tensor<16x128x64xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %275 = stablehlo.reduce(%274 init: %cst_60) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %276 = stablehlo.reshape %275 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %277 = call @_var_3(%222#1, %222#2, %222#3, %273) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %278 = stablehlo.add %272, %277 : tensor<16x128x64xf32>
    %cst_61 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %280 = stablehlo.divide %276, %279 : tensor<16x128x1xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.reduce(%280 init: %cst_62) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %283 = stablehlo.add %278, %282 : tensor<16x128x64xf32>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %284 = stablehlo.reduce(%283 init: %cst_63) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %285 = stablehlo.reshape %284 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %286 = stablehlo.reduce(%285 init: %cst_64) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %287 = stablehlo.dot_general %283, %212, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<16x128x256xf32>) -> tensor<64x256xf32>
    %288 = stablehlo.transpose %287, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %289 = stablehlo.dot_general %283, %arg12, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<256x64xf32>) -> tensor<16x128x256xf32>
    %290 = stablehlo.multiply %194, %289 : tensor<16x128x256xf32>
    %291 = stablehlo.multiply %289, %211 : tensor<16x128x256xf32>
    %cst_65 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %292 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %293 = stablehlo.multiply %292, %290 : tensor<16x128x256xf32>
    %294 = stablehlo.multiply %293, %207 : tensor<16x128x256xf32>
    %295 = stablehlo.multiply %294, %205 : tensor<16x128x256xf32>
    %296 = stablehlo.add %294, %295 : tensor<16x128x256xf32>
    %cst_66 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %298 = stablehlo.multiply %297, %296 : tensor<16x128x256xf32>
    %299 = stablehlo.add %291, %298 : tensor<16x128x256xf32>
    %cst_67 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %300 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %301 = stablehlo.multiply %300, %298 : tensor<16x128x256xf32>
    %302 = stablehlo.multiply %301, %199 : tensor<16x128x256xf32>
    %303 = stablehlo.add %299, %302 : tensor<16x128x256xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %304 = stablehlo.reduce(%303 init: %cst_68) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %305 = stablehlo.reshape %304 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %306 = stablehlo.reduce(%305 init: %cst_69) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %307 = stablehlo.dot_general %303, %190, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<16x128x64xf32>) -> tensor<256x64xf32>
    %308 = stablehlo.transpose %307, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %309 = stablehlo.dot_general %303, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<64x256xf32>) -> tensor<16x128x64xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %310 = stablehlo.reduce(%309 init: %cst_70) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %311 = stablehlo.reshape %310 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %312 = stablehlo.reduce(%311 init: %cst_71) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %313 = stablehlo.multiply %184, %309 : tensor<16x128x64xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %314 = stablehlo.reduce(%313 init: %cst_72) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %315 = stablehlo.reshape %314 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %316 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %317 = stablehlo.multiply %309, %316 : tensor<16x128x64xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %318 = stablehlo.reduce(%315 init: %cst_73) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %319 = stablehlo.multiply %176, %317 : tensor<16x128x64xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %320 = stablehlo.reduce(%319 init: %cst_74) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %321 = stablehlo.reshape %320 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %322 = stablehlo.broadcast_in_dim %179, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %323 = stablehlo.multiply %317, %322 : tensor<16x128x64xf32>
    %324 = stablehlo.multiply %321, %182 : tensor<16x128x1xf32>
    %325 = stablehlo.negate %323 : tensor<16x128x64xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %326 = stablehlo.reduce(%325 init: %cst_75) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %327 = stablehlo.reshape %326 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %328 = stablehlo.add %283, %323 : tensor<16x128x64xf32>
    %329 = call @_var_3(%174#1, %174#2, %174#3, %324) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %330 = stablehlo.add %328, %329 : tensor<16x128x64xf32>
    %cst_76 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %331 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %332 = stablehlo.divide %327, %331 : tensor<16x128x1xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %333 = stablehlo.reduce(%332 init: %cst_77) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %334 = stablehlo.broadcast_in_dim %333, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %335 = stablehlo.add %330, %334 : tensor<16x128x64xf32>
    %336 = stablehlo.dot_general %335, %167, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<16x128x64xf32>) -> tensor<64x64xf32>
    %337 = stablehlo.transpose %336, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %338 = stablehlo.dot_general %335, %arg18, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x64xf32>) -> tensor<16x128x64xf32>
    %339 = stablehlo.reshape %338 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %340 = stablehlo.transpose %339, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %341 = stablehlo.dot_general %340, %161, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x128xf32>) -> tensor<16x4x16x128xf32>
    %342 = stablehlo.transpose %341, dims = [0, 1, 3, 2] : (tensor<16x4x16x128xf32>) -> tensor<16x4x128x16xf32>
    %343 = stablehlo.dot_general %340, %144, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x128xf32>
    %344 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %345 = stablehlo.multiply %343, %344 : tensor<16x4x128x128xf32>
    %346 = stablehlo.multiply %345, %157 : tensor<16x4x128x128xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %347 = stablehlo.reduce(%346 init: %cst_78) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %348 = stablehlo.reshape %347 : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %349 = stablehlo.negate %348 : tensor<16x4x128x1xf32>
    %350 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %351 = stablehlo.divide %343, %350 : tensor<16x4x128x128xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %352 = stablehlo.reduce(%349 init: %cst_79) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x1xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %353 = stablehlo.broadcast_in_dim %352, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x128xf32>
    %354 = stablehlo.add %351, %353 : tensor<16x4x128x128xf32>
    %355 = stablehlo.multiply %354, %157 : tensor<16x4x128x128xf32>
    %356 = call @_where_5(%150#1, %355) : (tensor<16x4x128x128xi1>, tensor<16x4x128x128xf32>) -> tensor<16x4x128x128xf32>
    %cst_80 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %358 = stablehlo.divide %356, %357 : tensor<16x4x128x128xf32>
    %359 = stablehlo.dot_general %358, %140, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %360 = stablehlo.dot_general %358, %142, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %361 = stablehlo.transpose %342, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %362 = stablehlo.reshape %361 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %363 = stablehlo.transpose %359, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %364 = stablehlo.reshape %363 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %365 = stablehlo.transpose %360, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %366 = stablehlo.reshape %365 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %367 = stablehlo.concatenate %366, %364, %362, dim = 2 : (tensor<16x128x64xf32>, tensor<16x128x64xf32>, tensor<16x128x64xf32>) -> tensor<16x128x192xf32>
    %368 = stablehlo.dot_general %367, %134, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xf32>, tensor<16x128x64xf32>) -> tensor<192x64xf32>
    %369 = stablehlo.transpose %368, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %370 = stablehlo.dot_general %367, %arg19, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xf32>, tensor<64x192xf32>) -> tensor<16x128x64xf32>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %371 = stablehlo.reduce(%370 init: %cst_81) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %372 = stablehlo.reshape %371 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %373 = stablehlo.reduce(%372 init: %cst_82) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %374 = stablehlo.multiply %128, %370 : tensor<16x128x64xf32>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %375 = stablehlo.reduce(%374 init: %cst_83) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %376 = stablehlo.reshape %375 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %377 = stablehlo.broadcast_in_dim %129, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %378 = stablehlo.multiply %370, %377 : tensor<16x128x64xf32>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %379 = stablehlo.reduce(%376 init: %cst_84) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %380 = stablehlo.multiply %120, %378 : tensor<16x128x64xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %381 = stablehlo.reduce(%380 init: %cst_85) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %382 = stablehlo.reshape %381 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %383 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %384 = stablehlo.multiply %378, %383 : tensor<16x128x64xf32>
    %385 = stablehlo.multiply %382, %126 : tensor<16x128x1xf32>
    %386 = stablehlo.negate %384 : tensor<16x128x64xf32>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %387 = stablehlo.reduce(%386 init: %cst_86) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %388 = stablehlo.reshape %387 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %389 = stablehlo.add %335, %384 : tensor<16x128x64xf32>
    %390 = call @_var_3(%118#1, %118#2, %118#3, %385) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %391 = stablehlo.add %389, %390 : tensor<16x128x64xf32>
    %cst_87 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %393 = stablehlo.divide %388, %392 : tensor<16x128x1xf32>
    %cst_88 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %394 = stablehlo.reduce(%393 init: %cst_88) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %395 = stablehlo.broadcast_in_dim %394, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %396 = stablehlo.add %391, %395 : tensor<16x128x64xf32>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %397 = stablehlo.reduce(%396 init: %cst_89) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %398 = stablehlo.reshape %397 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_90 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %399 = stablehlo.reduce(%398 init: %cst_90) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %400 = stablehlo.dot_general %396, %108, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<16x128x256xf32>) -> tensor<64x256xf32>
    %401 = stablehlo.transpose %400, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %402 = stablehlo.dot_general %396, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<256x64xf32>) -> tensor<16x128x256xf32>
    %403 = stablehlo.multiply %90, %402 : tensor<16x128x256xf32>
    %404 = stablehlo.multiply %402, %107 : tensor<16x128x256xf32>
    %cst_91 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %405 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %406 = stablehlo.multiply %405, %403 : tensor<16x128x256xf32>
    %407 = stablehlo.multiply %406, %103 : tensor<16x128x256xf32>
    %408 = stablehlo.multiply %407, %101 : tensor<16x128x256xf32>
    %409 = stablehlo.add %407, %408 : tensor<16x128x256xf32>
    %cst_92 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %411 = stablehlo.multiply %410, %409 : tensor<16x128x256xf32>
    %412 = stablehlo.add %404, %411 : tensor<16x128x256xf32>
    %cst_93 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %413 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<16x128x256xf32>
    %414 = stablehlo.multiply %413, %411 : tensor<16x128x256xf32>
    %415 = stablehlo.multiply %414, %95 : tensor<16x128x256xf32>
    %416 = stablehlo.add %412, %415 : tensor<16x128x256xf32>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %417 = stablehlo.reduce(%416 init: %cst_94) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %418 = stablehlo.reshape %417 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %419 = stablehlo.reduce(%418 init: %cst_95) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %420 = stablehlo.dot_general %416, %86, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<16x128x64xf32>) -> tensor<256x64xf32>
    %421 = stablehlo.transpose %420, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %422 = stablehlo.dot_general %416, %arg0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xf32>, tensor<64x256xf32>) -> tensor<16x128x64xf32>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %423 = stablehlo.reduce(%422 init: %cst_96) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %424 = stablehlo.reshape %423 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %425 = stablehlo.reduce(%424 init: %cst_97) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %426 = stablehlo.multiply %80, %422 : tensor<16x128x64xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %427 = stablehlo.reduce(%426 init: %cst_98) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %428 = stablehlo.reshape %427 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %429 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %430 = stablehlo.multiply %422, %429 : tensor<16x128x64xf32>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %431 = stablehlo.reduce(%428 init: %cst_99) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %432 = stablehlo.multiply %72, %430 : tensor<16x128x64xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %433 = stablehlo.reduce(%432 init: %cst_100) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %434 = stablehlo.reshape %433 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %435 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %436 = stablehlo.multiply %430, %435 : tensor<16x128x64xf32>
    %437 = stablehlo.multiply %434, %78 : tensor<16x128x1xf32>
    %438 = stablehlo.negate %436 : tensor<16x128x64xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %439 = stablehlo.reduce(%438 init: %cst_101) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %440 = stablehlo.reshape %439 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %441 = stablehlo.add %396, %436 : tensor<16x128x64xf32>
    %442 = call @_var_3(%70#1, %70#2, %70#3, %437) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %443 = stablehlo.add %441, %442 : tensor<16x128x64xf32>
    %cst_102 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %444 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %445 = stablehlo.divide %440, %444 : tensor<16x128x1xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %446 = stablehlo.reduce(%445 init: %cst_103) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %447 = stablehlo.broadcast_in_dim %446, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %448 = stablehlo.add %443, %447 : tensor<16x128x64xf32>
    %449 = stablehlo.dot_general %448, %63, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<16x128x64xf32>) -> tensor<64x64xf32>
    %450 = stablehlo.transpose %449, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %451 = stablehlo.dot_general %448, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xf32>, tensor<64x64xf32>) -> tensor<16x128x64xf32>
    %452 = stablehlo.reshape %451 : (tensor<16x128x64xf32>) -> tensor<16x128x4x16xf32>
    %453 = stablehlo.transpose %452, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xf32>) -> tensor<16x4x128x16xf32>
    %454 = stablehlo.dot_general %453, %57, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x128xf32>) -> tensor<16x4x16x128xf32>
    %455 = stablehlo.transpose %454, dims = [0, 1, 3, 2] : (tensor<16x4x16x128xf32>) -> tensor<16x4x128x16xf32>
    %456 = stablehlo.dot_general %453, %40, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x128xf32>
    %457 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %458 = stablehlo.multiply %456, %457 : tensor<16x4x128x128xf32>
    %459 = stablehlo.multiply %458, %53 : tensor<16x4x128x128xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %460 = stablehlo.reduce(%459 init: %cst_104) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %461 = stablehlo.reshape %460 : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %462 = stablehlo.negate %461 : tensor<16x4x128x1xf32>
    %463 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x128xf32>
    %464 = stablehlo.divide %456, %463 : tensor<16x4x128x128xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %465 = stablehlo.reduce(%462 init: %cst_105) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x1xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %466 = stablehlo.broadcast_in_dim %465, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x128xf32>
    %467 = stablehlo.add %464, %466 : tensor<16x4x128x128xf32>
    %468 = stablehlo.multiply %467, %53 : tensor<16x4x128x128xf32>
    %469 = call @_where_5(%46#1, %468) : (tensor<16x4x128x128xi1>, tensor<16x4x128x128xf32>) -> tensor<16x4x128x128xf32>
    %cst_106 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %470 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %471 = stablehlo.divide %469, %470 : tensor<16x4x128x128xf32>
    %472 = stablehlo.dot_general %471, %36, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %473 = stablehlo.dot_general %471, %38, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xf32>, tensor<16x4x128x16xf32>) -> tensor<16x4x128x16xf32>
    %474 = stablehlo.transpose %455, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %475 = stablehlo.reshape %474 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %476 = stablehlo.transpose %472, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %477 = stablehlo.reshape %476 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %478 = stablehlo.transpose %473, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xf32>) -> tensor<16x128x4x16xf32>
    %479 = stablehlo.reshape %478 : (tensor<16x128x4x16xf32>) -> tensor<16x128x64xf32>
    %480 = stablehlo.concatenate %479, %477, %475, dim = 2 : (tensor<16x128x64xf32>, tensor<16x128x64xf32>, tensor<16x128x64xf32>) -> tensor<16x128x192xf32>
    %481 = stablehlo.dot_general %480, %30, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xf32>, tensor<16x128x64xf32>) -> tensor<192x64xf32>
    %482 = stablehlo.transpose %481, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %483 = stablehlo.dot_general %480, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xf32>, tensor<64x192xf32>) -> tensor<16x128x64xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %484 = stablehlo.reduce(%483 init: %cst_107) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %485 = stablehlo.reshape %484 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_108 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %486 = stablehlo.reduce(%485 init: %cst_108) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %487 = stablehlo.multiply %24, %483 : tensor<16x128x64xf32>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %488 = stablehlo.reduce(%487 init: %cst_109) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<64xf32>
    %489 = stablehlo.reshape %488 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %490 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<16x128x64xf32>
    %491 = stablehlo.multiply %483, %490 : tensor<16x128x64xf32>
    %cst_110 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %492 = stablehlo.reduce(%489 init: %cst_110) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %493 = stablehlo.multiply %16, %491 : tensor<16x128x64xf32>
    %cst_111 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %494 = stablehlo.reduce(%493 init: %cst_111) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %495 = stablehlo.reshape %494 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %496 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %497 = stablehlo.multiply %491, %496 : tensor<16x128x64xf32>
    %498 = stablehlo.multiply %495, %22 : tensor<16x128x1xf32>
    %499 = stablehlo.negate %497 : tensor<16x128x64xf32>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %500 = stablehlo.reduce(%499 init: %cst_112) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %501 = stablehlo.reshape %500 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %502 = stablehlo.add %448, %497 : tensor<16x128x64xf32>
    %503 = call @_var_3(%14#1, %14#2, %14#3, %498) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %504 = stablehlo.add %502, %503 : tensor<16x128x64xf32>
    %cst_113 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %505 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %506 = stablehlo.divide %501, %505 : tensor<16x128x1xf32>
    %cst_114 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %507 = stablehlo.reduce(%506 init: %cst_114) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %508 = stablehlo.broadcast_in_dim %507, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %509 = stablehlo.add %504, %508 : tensor<16x128x64xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %510 = stablehlo.reduce(%509 init: %cst_115) applies stablehlo.add across dimensions = [0] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<128x64xf32>
    %511 = stablehlo.reshape %510 : (tensor<128x64xf32>) -> tensor<1x128x64xf32>
    %cst_116 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %512 = stablehlo.reduce(%511 init: %cst_116) applies stablehlo.add across dimensions = [0] : (tensor<1x128x64xf32>, tensor<f32>) -> tensor<128x64xf32>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %513 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %514 = "stablehlo.scatter"(%513, %5, %509) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %588 = stablehlo.add %arg26, %arg27 : tensor<f32>
      stablehlo.return %588 : tensor<f32>
    }) : (tensor<256x64xf32>, tensor<16x128x1xi32>, tensor<16x128x64xf32>) -> tensor<256x64xf32>
    %515 = stablehlo.add %258, %514 : tensor<256x64xf32>
    %cst_118 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %516 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %517 = stablehlo.multiply %516, %421 : tensor<64x256xf32>
    %518 = stablehlo.subtract %arg0, %517 : tensor<64x256xf32>
    %cst_119 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %519 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %520 = stablehlo.multiply %519, %419 : tensor<256xf32>
    %521 = stablehlo.subtract %arg1, %520 : tensor<256xf32>
    %cst_120 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %522 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %523 = stablehlo.multiply %522, %401 : tensor<256x64xf32>
    %524 = stablehlo.subtract %arg2, %523 : tensor<256x64xf32>
    %cst_121 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %525 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %526 = stablehlo.multiply %525, %399 : tensor<64xf32>
    %527 = stablehlo.subtract %arg3, %526 : tensor<64xf32>
    %cst_122 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %528 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %529 = stablehlo.multiply %528, %486 : tensor<64xf32>
    %530 = stablehlo.subtract %arg4, %529 : tensor<64xf32>
    %cst_123 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %531 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %532 = stablehlo.multiply %531, %492 : tensor<64xf32>
    %533 = stablehlo.subtract %arg5, %532 : tensor<64xf32>
    %cst_124 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %534 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %535 = stablehlo.multiply %534, %425 : tensor<64xf32>
    %536 = stablehlo.subtract %arg6, %535 : tensor<64xf32>
    %cst_125 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %537 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %538 = stablehlo.multiply %537, %431 : tensor<64xf32>
    %539 = stablehlo.subtract %arg7, %538 : tensor<64xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %540 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %541 = stablehlo.multiply %540, %450 : tensor<64x64xf32>
    %542 = stablehlo.subtract %arg8, %541 : tensor<64x64xf32>
    %cst_127 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %543 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<64x192xf32>
    %544 = stablehlo.multiply %543, %482 : tensor<64x192xf32>
    %545 = stablehlo.subtract %arg9, %544 : tensor<64x192xf32>
    %cst_128 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %546 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %547 = stablehlo.multiply %546, %308 : tensor<64x256xf32>
    %548 = stablehlo.subtract %arg10, %547 : tensor<64x256xf32>
    %cst_129 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %549 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %550 = stablehlo.multiply %549, %306 : tensor<256xf32>
    %551 = stablehlo.subtract %arg11, %550 : tensor<256xf32>
    %cst_130 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %552 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %553 = stablehlo.multiply %552, %288 : tensor<256x64xf32>
    %554 = stablehlo.subtract %arg12, %553 : tensor<256x64xf32>
    %cst_131 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %555 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %556 = stablehlo.multiply %555, %286 : tensor<64xf32>
    %557 = stablehlo.subtract %arg13, %556 : tensor<64xf32>
    %cst_132 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %558 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %559 = stablehlo.multiply %558, %373 : tensor<64xf32>
    %560 = stablehlo.subtract %arg14, %559 : tensor<64xf32>
    %cst_133 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %561 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %562 = stablehlo.multiply %561, %379 : tensor<64xf32>
    %563 = stablehlo.subtract %arg15, %562 : tensor<64xf32>
    %cst_134 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %564 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %565 = stablehlo.multiply %564, %312 : tensor<64xf32>
    %566 = stablehlo.subtract %arg16, %565 : tensor<64xf32>
    %cst_135 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %567 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %568 = stablehlo.multiply %567, %318 : tensor<64xf32>
    %569 = stablehlo.subtract %arg17, %568 : tensor<64xf32>
    %cst_136 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %570 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %571 = stablehlo.multiply %570, %337 : tensor<64x64xf32>
    %572 = stablehlo.subtract %arg18, %571 : tensor<64x64xf32>
    %cst_137 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %573 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<64x192xf32>
    %574 = stablehlo.multiply %573, %369 : tensor<64x192xf32>
    %575 = stablehlo.subtract %arg19, %574 : tensor<64x192xf32>
    %cst_138 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %576 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %577 = stablehlo.multiply %576, %261 : tensor<64xf32>
    %578 = stablehlo.subtract %arg20, %577 : tensor<64xf32>
    %cst_139 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %579 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %580 = stablehlo.multiply %579, %267 : tensor<64xf32>
    %581 = stablehlo.subtract %arg21, %580 : tensor<64xf32>
    %cst_140 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %582 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
    %583 = stablehlo.multiply %582, %512 : tensor<128x64xf32>
    %584 = stablehlo.subtract %arg22, %583 : tensor<128x64xf32>
    %cst_141 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %585 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %586 = stablehlo.multiply %585, %515 : tensor<256x64xf32>
    %587 = stablehlo.subtract %arg23, %586 : tensor<256x64xf32>
    return %248, %518, %521, %524, %527, %530, %533, %536, %539, %542, %545, %548, %551, %554, %557, %560, %563, %566, %569, %572, %575, %578, %581, %584, %587 : tensor<f32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x192xf32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x192xf32>, tensor<64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<256x64xf32>
  }
  func.func private @_var(%arg0: tensor<16x128x64xf32>, %arg1: tensor<i32>) -> (tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<16x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x128x64xf32>
    %6 = chlo.square %5 : tensor<16x128x64xf32> -> tensor<16x128x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x64xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<16x128x64xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<16x128x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where(%15, %14, %cst_5) : (tensor<i1>, tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128x1xf32>
    return %16, %8, %10, %15 : tensor<16x128x1xf32>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<16x128x1xf32>, %arg2: tensor<f32>) -> tensor<16x128x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<16x128x1xf32>
    return %2 : tensor<16x128x1xf32>
  }
  func.func private @tril(%arg0: tensor<128x128xi1>) -> tensor<128x128xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<128x128xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<128x128xi32>
    %2 = stablehlo.add %0, %1 : tensor<128x128xi32>
    %3 = stablehlo.iota dim = 1 : tensor<128x128xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<128x128xi1>, tensor<128x128xi1>
    return %6 : tensor<128x128xi1>
  }
  func.func private @_where_0(%arg0: tensor<128x128xi1>, %arg1: tensor<16x4x128x128xf32>, %arg2: tensor<f32>) -> (tensor<16x4x128x128xf32>, tensor<16x4x128x128xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<16x4x128x128xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<16x4x128x128xi1>, tensor<16x4x128x128xf32>
    return %3, %1 : tensor<16x4x128x128xf32>, tensor<16x4x128x128xi1>
  }
  func.func private @log_softmax(%arg0: tensor<2048x256xf32>) -> (tensor<2048x256xf32>, tensor<2048x256xf32>, tensor<2048x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2048x256xf32>, tensor<f32>) -> tensor<2048xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2048xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x256xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2048x256xf32>
    %6 = stablehlo.exponential %5 : tensor<2048x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2048x256xf32>, tensor<f32>) -> tensor<2048xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %9 = stablehlo.log %8 : tensor<2048x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x256xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2048x256xf32>
    return %11, %6, %8 : tensor<2048x256xf32>, tensor<2048x256xf32>, tensor<2048x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2048x256xf32>, %arg1: tensor<2048x1xi32>) -> (tensor<2048x1xf32>, tensor<2048x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2048x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2048x1xi32>, tensor<2048x1xi32>) -> tensor<2048x1xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2048x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2048x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2048x1xi1>, tensor<2048x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2048x1xi32>) -> tensor<2048x1x1xi32>
    %c_1 = stablehlo.constant dense<255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2048x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2048x1x1xi32>, tensor<2048x1x1xi32>) -> tensor<2048x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2048x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2048x1x1xi32>, tensor<2048x1x1xi32>) -> tensor<2048x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2048x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2048x1x1xi1>, tensor<i1>) -> tensor<2048x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<2048x256xf32>, tensor<2048x1x1xi32>) -> tensor<2048x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2048x1xi1>, tensor<2048x1xf32>
    return %15, %5 : tensor<2048x1xf32>, tensor<2048x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<2048x1x1xi32>, %arg1: tensor<2048x1xf32>) -> tensor<2048x256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2048x256xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2048x256xf32>, tensor<2048x1x1xi32>, tensor<2048x1xf32>) -> tensor<2048x256xf32>
    return %1 : tensor<2048x256xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<2048x256xf32>, %arg1: tensor<2048x1xf32>, %arg2: tensor<2048x256xf32>) -> tensor<2048x256xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2048x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2048x256xf32>, tensor<f32>) -> tensor<2048xf32>
    %2 = stablehlo.reshape %1 : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2048x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2048x1xf32>, tensor<f32>) -> tensor<2048xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2048xf32>) -> tensor<2048x256xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2048x256xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2048x256xf32>
    return %7 : tensor<2048x256xf32>
  }
  func.func private @_var_3(%arg0: tensor<16x128x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<16x128x1xf32>) -> tensor<16x128x64xf32> {
    %0 = call @_where_4(%arg2, %arg3) : (tensor<i1>, tensor<16x128x1xf32>) -> tensor<16x128x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<16x128x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<16x128x64xf32>
    %6 = stablehlo.negate %5 : tensor<16x128x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %8 = stablehlo.reshape %7 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<16x128x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %13 = stablehlo.add %5, %12 : tensor<16x128x64xf32>
    return %13 : tensor<16x128x64xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<16x128x1xf32>) -> tensor<16x128x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<16x128x1xf32>
    return %1 : tensor<16x128x1xf32>
  }
  func.func private @_where_5(%arg0: tensor<16x4x128x128xi1>, %arg1: tensor<16x4x128x128xf32>) -> tensor<16x4x128x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x4x128x128xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<16x4x128x128xi1>, tensor<16x4x128x128xf32>
    return %1 : tensor<16x4x128x128xf32>
  }
}
