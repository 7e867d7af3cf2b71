module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x64xf32>, %arg9: tensor<64x192xf32>, %arg10: tensor<64x256xf32>, %arg11: tensor<256xf32>, %arg12: tensor<256x64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64x64xf32>, %arg19: tensor<64x192xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<128x64xf32>, %arg23: tensor<256x64xf32>, %arg24: tensor<16x128xi32>, %arg25: tensor<16x128xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64x256xf32> {jax.result_info = "result[1]"}, tensor<256xf32> {jax.result_info = "result[2]"}, tensor<256x64xf32> {jax.result_info = "result[3]"}, tensor<64xf32> {jax.result_info = "result[4]"}, tensor<64xf32> {jax.result_info = "result[5]"}, tensor<64xf32> {jax.result_info = "result[6]"}, tensor<64xf32> {jax.result_info = "result[7]"}, tensor<64xf32> {jax.result_info = "result[8]"}, tensor<64x64xf32> {jax.result_info = "result[9]"}, tensor<64x192xf32> {jax.result_info = "result[10]"}, tensor<64x256xf32> {jax.result_info = "result[11]"}, tensor<256xf32> {jax.result_info = "result[12]"}, tensor<256x64xf32> {jax.result_info = "result[13]"}, tensor<64xf32> {jax.result_info = "result[14]"}, tensor<64xf32> {jax.result_info = "result[15]"}, tensor<64xf32> {jax.result_info = "result[16]"}, tensor<64xf32> {jax.result_info = "result[17]"}, tensor<64xf32> {jax.result_info = "result[18]"}, tensor<64x64xf32> {jax.result_info = "result[19]"}, tensor<64x192xf32> {jax.result_info = "result[20]"}, tensor<64xf32> {jax.result_info = "result[21]"}, tensor<64xf32> {jax.result_info = "result[22]"}, tensor<128x64xf32> {jax.result_info = "result[23]"}, tensor<256x64xf32> {jax.result_info = "result[24]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<64x256xf32>) -> tensor<64x256xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<256xf32>) -> tensor<256xbf16>
    %2 = stablehlo.convert %arg2 : (tensor<256x64xf32>) -> tensor<256x64xbf16>
    %3 = stablehlo.convert %arg3 : (tensor<64xf32>) -> tensor<64xbf16>
    %4 = stablehlo.convert %arg4 : (tensor<64xf32>) -> tensor<64xbf16>
    %5 = stablehlo.convert %arg5 : (tensor<64xf32>) -> tensor<64xbf16>
    %6 = stablehlo.convert %arg6 : (tensor<64xf32>) -> tensor<64xbf16>
    %7 = stablehlo.convert %arg7 : (tensor<64xf32>) -> tensor<64xbf16>
    %8 = stablehlo.convert %arg8 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %9 = stablehlo.convert %arg9 : (tensor<64x192xf32>) -> tensor<64x192xbf16>
    %10 = stablehlo.convert %arg10 : (tensor<64x256xf32>) -> tensor<64x256xbf16>
    %11 = stablehlo.convert %arg11 : (tensor<256xf32>) -> tensor<256xbf16>
    %12 = stablehlo.convert %arg12 : (tensor<256x64xf32>) -> tensor<256x64xbf16>
    %13 = stablehlo.convert %arg13 : (tensor<64xf32>) -> tensor<64xbf16>
    %14 = stablehlo.convert %arg14 : (tensor<64xf32>) -> tensor<64xbf16>
    %15 = stablehlo.convert %arg15 : (tensor<64xf32>) -> tensor<64xbf16>
    %16 = stablehlo.convert %arg16 : (tensor<64xf32>) -> tensor<64xbf16>
    %17 = stablehlo.convert %arg17 : (tensor<64xf32>) -> tensor<64xbf16>
    %18 = stablehlo.convert %arg18 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %19 = stablehlo.convert %arg19 : (tensor<64x192xf32>) -> tensor<64x192xbf16>
    %20 = stablehlo.convert %arg20 : (tensor<64xf32>) -> tensor<64xbf16>
    %21 = stablehlo.convert %arg21 : (tensor<64xf32>) -> tensor<64xbf16>
    %22 = stablehlo.convert %arg22 : (tensor<128x64xf32>) -> tensor<128x64xbf16>
    %23 = stablehlo.convert %arg23 : (tensor<256x64xf32>) -> tensor<256x64xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16x128xi32>
    %25 = stablehlo.compare LT, %arg25, %24, SIGNED : (tensor<16x128xi32>, tensor<16x128xi32>) -> tensor<16x128xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16x128xi32>
    %27 = stablehlo.add %arg25, %26 : tensor<16x128xi32>
    %28 = stablehlo.select %25, %27, %arg25 : tensor<16x128xi1>, tensor<16x128xi32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<16x128xi32>) -> tensor<16x128x1xi32>
    %30 = "stablehlo.gather"(%23, %29) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xbf16>, tensor<16x128x1xi32>) -> tensor<16x128x64xbf16>
    %31 = stablehlo.broadcast_in_dim %22, dims = [1, 2] : (tensor<128x64xbf16>) -> tensor<1x128x64xbf16>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x128x64xbf16>) -> tensor<16x128x64xbf16>
    %33 = stablehlo.add %30, %32 : tensor<16x128x64xbf16>
    %34 = stablehlo.convert %33 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %38 = stablehlo.divide %36, %37 : tensor<16x128x1xf32>
    %39 = stablehlo.convert %38 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %40:4 = call @_var(%33, %c_2) : (tensor<16x128x64xbf16>, tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %41 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %42 = stablehlo.subtract %33, %41 : tensor<16x128x64xbf16>
    %cst_3 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %43 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %44 = stablehlo.add %40#0, %43 : tensor<16x128x1xbf16>
    %45 = stablehlo.rsqrt %44 : tensor<16x128x1xbf16>
    %46 = stablehlo.divide %45, %44 : tensor<16x128x1xbf16>
    %cst_4 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %47 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %48 = stablehlo.multiply %47, %46 : tensor<16x128x1xbf16>
    %49 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %50 = stablehlo.multiply %42, %49 : tensor<16x128x64xbf16>
    %51 = stablehlo.broadcast_in_dim %5, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %53 = stablehlo.multiply %50, %52 : tensor<16x128x64xbf16>
    %54 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %56 = stablehlo.add %53, %55 : tensor<16x128x64xbf16>
    %57 = stablehlo.dot_general %56, %9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x192xbf16>) -> tensor<16x128x192xbf16>
    %58 = stablehlo.slice %57 [0:16, 0:128, 0:64] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %59 = stablehlo.slice %57 [0:16, 0:128, 64:128] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %60 = stablehlo.slice %57 [0:16, 0:128, 128:192] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %61 = stablehlo.reshape %58 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %62 = stablehlo.transpose %61, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %63 = stablehlo.reshape %59 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %64 = stablehlo.transpose %63, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %65 = stablehlo.reshape %60 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %66 = stablehlo.transpose %65, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %67 = stablehlo.dot_general %62, %64, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x128xbf16>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<bf16>
    %68 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %69 = stablehlo.divide %67, %68 : tensor<16x4x128x128xbf16>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %70 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %71 = call @tril(%70) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_7 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %72:2 = call @_where_0(%71, %69, %cst_7) : (tensor<128x128xi1>, tensor<16x4x128x128xbf16>, tensor<f32>) -> (tensor<16x4x128x128xbf16>, tensor<16x4x128x128xi1>)
    %cst_8 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %73 = stablehlo.reduce(%72#0 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<16x4x128x128xbf16>, tensor<bf16>) -> tensor<16x4x128xbf16>
    %cst_9 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %74 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<bf16>) -> tensor<16x4x128xbf16>
    %75 = stablehlo.maximum %74, %73 : tensor<16x4x128xbf16>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2] : (tensor<16x4x128xbf16>) -> tensor<16x4x128x1xbf16>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %78 = stablehlo.subtract %72#0, %77 : tensor<16x4x128x128xbf16>
    %79 = stablehlo.exponential %78 : tensor<16x4x128x128xbf16>
    %80 = stablehlo.convert %79 : (tensor<16x4x128x128xbf16>) -> tensor<16x4x128x128xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %83 = stablehlo.convert %82 : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x1xbf16>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %85 = stablehlo.divide %79, %84 : tensor<16x4x128x128xbf16>
    %86 = stablehlo.multiply %83, %83 : tensor<16x4x128x1xbf16>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %87 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<bf16>) -> tensor<16x4x128x1xbf16>
    %88 = stablehlo.divide %87, %86 : tensor<16x4x128x1xbf16>
    %89 = stablehlo.dot_general %85, %66, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %90 = stablehlo.transpose %89, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %91 = stablehlo.reshape %90 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %92 = stablehlo.dot_general %91, %8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x64xbf16>) -> tensor<16x128x64xbf16>
    %93 = stablehlo.add %33, %92 : tensor<16x128x64xbf16>
    %94 = stablehlo.convert %93 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %95 = stablehlo.reduce(%94 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_13 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %98 = stablehlo.divide %96, %97 : tensor<16x128x1xf32>
    %99 = stablehlo.convert %98 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %100:4 = call @_var(%93, %c_14) : (tensor<16x128x64xbf16>, tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %101 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %102 = stablehlo.subtract %93, %101 : tensor<16x128x64xbf16>
    %cst_15 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %103 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %104 = stablehlo.add %100#0, %103 : tensor<16x128x1xbf16>
    %105 = stablehlo.rsqrt %104 : tensor<16x128x1xbf16>
    %106 = stablehlo.divide %105, %104 : tensor<16x128x1xbf16>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %107 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %108 = stablehlo.multiply %107, %106 : tensor<16x128x1xbf16>
    %109 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %110 = stablehlo.multiply %102, %109 : tensor<16x128x64xbf16>
    %111 = stablehlo.broadcast_in_dim %7, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %113 = stablehlo.multiply %110, %112 : tensor<16x128x64xbf16>
    %114 = stablehlo.broadcast_in_dim %6, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %116 = stablehlo.add %113, %115 : tensor<16x128x64xbf16>
    %117 = stablehlo.dot_general %116, %0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x256xbf16>) -> tensor<16x128x256xbf16>
    %118 = stablehlo.broadcast_in_dim %1, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %119 = stablehlo.broadcast_in_dim %118, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<16x128x256xbf16>
    %120 = stablehlo.add %117, %119 : tensor<16x128x256xbf16>
    %121 = stablehlo.multiply %120, %120 : tensor<16x128x256xbf16>
    %122 = stablehlo.multiply %121, %120 : tensor<16x128x256xbf16>
    %123 = stablehlo.multiply %120, %120 : tensor<16x128x256xbf16>
    %cst_17 = stablehlo.constant dense<3.000000e+00> : tensor<bf16>
    %124 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %125 = stablehlo.multiply %124, %123 : tensor<16x128x256xbf16>
    %cst_18 = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %126 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %127 = stablehlo.multiply %126, %122 : tensor<16x128x256xbf16>
    %128 = stablehlo.add %120, %127 : tensor<16x128x256xbf16>
    %cst_19 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %129 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %130 = stablehlo.multiply %129, %128 : tensor<16x128x256xbf16>
    %131 = stablehlo.tanh %130 : tensor<16x128x256xbf16>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %132 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %133 = stablehlo.subtract %132, %131 : tensor<16x128x256xbf16>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %134 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %135 = stablehlo.add %134, %131 : tensor<16x128x256xbf16>
    %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %136 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %137 = stablehlo.multiply %136, %135 : tensor<16x128x256xbf16>
    %138 = stablehlo.multiply %120, %137 : tensor<16x128x256xbf16>
    %139 = stablehlo.dot_general %138, %2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<256x64xbf16>) -> tensor<16x128x64xbf16>
    %140 = stablehlo.add %93, %139 : tensor<16x128x64xbf16>
    %141 = stablehlo.broadcast_in_dim %3, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %142 = stablehlo.broadcast_in_dim %141, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %143 = stablehlo.add %140, %142 : tensor<16x128x64xbf16>
    %144 = stablehlo.convert %143 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.reduce(%144 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_24 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %148 = stablehlo.divide %146, %147 : tensor<16x128x1xf32>
    %149 = stablehlo.convert %148 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %c_25 = stablehlo.constant dense<0> : tensor<i32>
    %150:4 = call @_var(%143, %c_25) : (tensor<16x128x64xbf16>, tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %151 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %152 = stablehlo.subtract %143, %151 : tensor<16x128x64xbf16>
    %cst_26 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %153 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %154 = stablehlo.add %150#0, %153 : tensor<16x128x1xbf16>
    %155 = stablehlo.rsqrt %154 : tensor<16x128x1xbf16>
    %156 = stablehlo.divide %155, %154 : tensor<16x128x1xbf16>
    %cst_27 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %157 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %158 = stablehlo.multiply %157, %156 : tensor<16x128x1xbf16>
    %159 = stablehlo.broadcast_in_dim %155, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %160 = stablehlo.multiply %152, %159 : tensor<16x128x64xbf16>
    %161 = stablehlo.broadcast_in_dim %15, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %162 = stablehlo.broadcast_in_dim %161, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %163 = stablehlo.multiply %160, %162 : tensor<16x128x64xbf16>
    %164 = stablehlo.broadcast_in_dim %14, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %166 = stablehlo.add %163, %165 : tensor<16x128x64xbf16>
    %167 = stablehlo.dot_general %166, %19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x192xbf16>) -> tensor<16x128x192xbf16>
    %168 = stablehlo.slice %167 [0:16, 0:128, 0:64] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %169 = stablehlo.slice %167 [0:16, 0:128, 64:128] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %170 = stablehlo.slice %167 [0:16, 0:128, 128:192] : (tensor<16x128x192xbf16>) -> tensor<16x128x64xbf16>
    %171 = stablehlo.reshape %168 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %172 = stablehlo.transpose %171, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %173 = stablehlo.reshape %169 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %174 = stablehlo.transpose %173, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %175 = stablehlo.reshape %170 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %176 = stablehlo.transpose %175, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %177 = stablehlo.dot_general %172, %174, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x128xbf16>
    %cst_28 = stablehlo.constant dense<4.000000e+00> : tensor<bf16>
    %178 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %179 = stablehlo.divide %177, %178 : tensor<16x4x128x128xbf16>
    %c_29 = stablehlo.constant dense<true> : tensor<i1>
    %180 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %181 = call @tril(%180) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_30 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %182:2 = call @_where_0(%181, %179, %cst_30) : (tensor<128x128xi1>, tensor<16x4x128x128xbf16>, tensor<f32>) -> (tensor<16x4x128x128xbf16>, tensor<16x4x128x128xi1>)
    %cst_31 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %183 = stablehlo.reduce(%182#0 init: %cst_31) applies stablehlo.maximum across dimensions = [3] : (tensor<16x4x128x128xbf16>, tensor<bf16>) -> tensor<16x4x128xbf16>
    %cst_32 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %184 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<bf16>) -> tensor<16x4x128xbf16>
    %185 = stablehlo.maximum %184, %183 : tensor<16x4x128xbf16>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<16x4x128xbf16>) -> tensor<16x4x128x1xbf16>
    %187 = stablehlo.broadcast_in_dim %186, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %188 = stablehlo.subtract %182#0, %187 : tensor<16x4x128x128xbf16>
    %189 = stablehlo.exponential %188 : tensor<16x4x128x128xbf16>
    %190 = stablehlo.convert %189 : (tensor<16x4x128x128xbf16>) -> tensor<16x4x128x128xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %191 = stablehlo.reduce(%190 init: %cst_33) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %192 = stablehlo.broadcast_in_dim %191, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x1xf32>
    %193 = stablehlo.convert %192 : (tensor<16x4x128x1xf32>) -> tensor<16x4x128x1xbf16>
    %194 = stablehlo.broadcast_in_dim %193, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %195 = stablehlo.divide %189, %194 : tensor<16x4x128x128xbf16>
    %196 = stablehlo.multiply %193, %193 : tensor<16x4x128x1xbf16>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %197 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<bf16>) -> tensor<16x4x128x1xbf16>
    %198 = stablehlo.divide %197, %196 : tensor<16x4x128x1xbf16>
    %199 = stablehlo.dot_general %195, %176, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %200 = stablehlo.transpose %199, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %201 = stablehlo.reshape %200 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %202 = stablehlo.dot_general %201, %18, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x64xbf16>) -> tensor<16x128x64xbf16>
    %203 = stablehlo.add %143, %202 : tensor<16x128x64xbf16>
    %204 = stablehlo.convert %203 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.reduce(%204 init: %cst_35) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %206 = stablehlo.broadcast_in_dim %205, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_36 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %208 = stablehlo.divide %206, %207 : tensor<16x128x1xf32>
    %209 = stablehlo.convert %208 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %c_37 = stablehlo.constant dense<0> : tensor<i32>
    %210:4 = call @_var(%203, %c_37) : (tensor<16x128x64xbf16>, tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %211 = stablehlo.broadcast_in_dim %209, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %212 = stablehlo.subtract %203, %211 : tensor<16x128x64xbf16>
    %cst_38 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %213 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %214 = stablehlo.add %210#0, %213 : tensor<16x128x1xbf16>
    %215 = stablehlo.rsqrt %214 : tensor<16x128x1xbf16>
    %216 = stablehlo.divide %215, %214 : tensor<16x128x1xbf16>
    %cst_39 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %217 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %218 = stablehlo.multiply %217, %216 : tensor<16x128x1xbf16>
    %219 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %220 = stablehlo.multiply %212, %219 : tensor<16x128x64xbf16>
    %221 = stablehlo.broadcast_in_dim %17, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %222 = stablehlo.broadcast_in_dim %221, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %223 = stablehlo.multiply %220, %222 : tensor<16x128x64xbf16>
    %224 = stablehlo.broadcast_in_dim %16, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %225 = stablehlo.broadcast_in_dim %224, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %226 = stablehlo.add %223, %225 : tensor<16x128x64xbf16>
    %227 = stablehlo.dot_general %226, %10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x256xbf16>) -> tensor<16x128x256xbf16>
    %228 = stablehlo.broadcast_in_dim %11, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %229 = stablehlo.broadcast_in_dim %228, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<16x128x256xbf16>
    %230 = stablehlo.add %227, %229 : tensor<16x128x256xbf16>
    %231 = stablehlo.multiply %230, %230 : tensor<16x128x256xbf16>
    %232 = stablehlo.multiply %231, %230 : tensor<16x128x256xbf16>
    %233 = stablehlo.multiply %230, %230 : tensor<16x128x256xbf16>
    %cst_40 = stablehlo.constant dense<3.000000e+00> : tensor<bf16>
    %234 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %235 = stablehlo.multiply %234, %233 : tensor<16x128x256xbf16>
    %cst_41 = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %236 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %237 = stablehlo.multiply %236, %232 : tensor<16x128x256xbf16>
    %238 = stablehlo.add %230, %237 : tensor<16x128x256xbf16>
    %cst_42 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %239 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %240 = stablehlo.multiply %239, %238 : tensor<16x128x256xbf16>
    %241 = stablehlo.tanh %240 : tensor<16x128x256xbf16>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %242 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %243 = stablehlo.subtract %242, %241 : tensor<16x128x256xbf16>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %244 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %245 = stablehlo.add %244, %241 : tensor<16x128x256xbf16>
    %cst_45 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %246 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %247 = stablehlo.multiply %246, %245 : tensor<16x128x256xbf16>
    %248 = stablehlo.multiply %230, %247 : tensor<16x128x256xbf16>
    %249 = stablehlo.dot_general %248, %12, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<256x64xbf16>) -> tensor<16x128x64xbf16>
    %250 = stablehlo.add %203, %249 : tensor<16x128x64xbf16>
    %251 = stablehlo.broadcast_in_dim %13, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %253 = stablehlo.add %250, %252 : tensor<16x128x64xbf16>
    %254 = stablehlo.convert %253 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %255 = stablehlo.reduce(%254 init: %cst_46) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %256 = stablehlo.broadcast_in_dim %255, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_47 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %258 = stablehlo.divide %256, %257 : tensor<16x128x1xf32>
    %259 = stablehlo.convert %258 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %c_48 = stablehlo.constant dense<0> : tensor<i32>
    %260:4 = call @_var(%253, %c_48) : (tensor<16x128x64xbf16>, tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>)
    %261 = stablehlo.broadcast_in_dim %259, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %262 = stablehlo.subtract %253, %261 : tensor<16x128x64xbf16>
    %cst_49 = stablehlo.constant dense<1.001360e-05> : tensor<bf16>
    %263 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %264 = stablehlo.add %260#0, %263 : tensor<16x128x1xbf16>
    %265 = stablehlo.rsqrt %264 : tensor<16x128x1xbf16>
    %266 = stablehlo.divide %265, %264 : tensor<16x128x1xbf16>
    %cst_50 = stablehlo.constant dense<-5.000000e-01> : tensor<bf16>
    %267 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %268 = stablehlo.multiply %267, %266 : tensor<16x128x1xbf16>
    %269 = stablehlo.broadcast_in_dim %265, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %270 = stablehlo.multiply %262, %269 : tensor<16x128x64xbf16>
    %271 = stablehlo.broadcast_in_dim %21, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %272 = stablehlo.broadcast_in_dim %271, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %273 = stablehlo.multiply %270, %272 : tensor<16x128x64xbf16>
    %274 = stablehlo.broadcast_in_dim %20, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %275 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %276 = stablehlo.add %273, %275 : tensor<16x128x64xbf16>
    %277 = stablehlo.transpose %23, dims = [1, 0] : (tensor<256x64xbf16>) -> tensor<64x256xbf16>
    %278 = stablehlo.dot_general %276, %277, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x256xbf16>) -> tensor<16x128x256xbf16>
    %279 = stablehlo.convert %278 : (tensor<16x128x256xbf16>) -> tensor<16x128x256xf32>
    %280 = stablehlo.reshape %279 : (tensor<16x128x256xf32>) -> tensor<2048x256xf32>
    %281 = stablehlo.reshape %arg24 : (tensor<16x128xi32>) -> tensor<2048xi32>
    %282:3 = call @log_softmax(%280) : (tensor<2048x256xf32>) -> (tensor<2048x256xf32>, tensor<2048x256xf32>, tensor<2048x1xf32>)
    %283 = stablehlo.broadcast_in_dim %281, dims = [0] : (tensor<2048xi32>) -> tensor<2048x1xi32>
    %284:2 = call @take_along_axis(%282#0, %283) : (tensor<2048x256xf32>, tensor<2048x1xi32>) -> (tensor<2048x1xf32>, tensor<2048x1x1xi32>)
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %285 = stablehlo.reduce(%284#0 init: %cst_51) applies stablehlo.add across dimensions = [0, 1] : (tensor<2048x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_52 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %286 = stablehlo.divide %285, %cst_52 : tensor<f32>
    %287 = stablehlo.negate %286 : tensor<f32>
    %cst_53 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %288 = stablehlo.negate %cst_53 : tensor<f32>
    %cst_54 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %289 = stablehlo.divide %288, %cst_54 : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %289, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %291 = call @take_along_axis_1(%284#1, %290) : (tensor<2048x1x1xi32>, tensor<2048x1xf32>) -> tensor<2048x256xf32>
    %292 = call @log_softmax_2(%282#1, %282#2, %291) : (tensor<2048x256xf32>, tensor<2048x1xf32>, tensor<2048x256xf32>) -> tensor<2048x256xf32>
    %293 = stablehlo.reshape %292 : (tensor<2048x256xf32>) -> tensor<16x128x256xf32>
    %294 = stablehlo.convert %293 : (tensor<16x128x256xf32>) -> tensor<16x128x256xbf16>
    %295 = stablehlo.dot_general %294, %276, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<16x128x64xbf16>) -> tensor<256x64xbf16>
    %296 = stablehlo.transpose %295, dims = [1, 0] : (tensor<256x64xbf16>) -> tensor<64x256xbf16>
    %297 = stablehlo.dot_general %294, %277, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<64x256xbf16>) -> tensor<16x128x64xbf16>
    %298 = stablehlo.transpose %296, dims = [1, 0] : (tensor<64x256xbf16>) -> tensor<256x64xbf16>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %299 = stablehlo.reduce(%297 init: %cst_55) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %300 = stablehlo.reshape %299 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %301 = stablehlo.reduce(%300 init: %cst_56) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %302 = stablehlo.multiply %270, %297 : tensor<16x128x64xbf16>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %303 = stablehlo.reduce(%302 init: %cst_57) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %304 = stablehlo.reshape %303 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %305 = stablehlo.broadcast_in_dim %271, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %306 = stablehlo.multiply %297, %305 : tensor<16x128x64xbf16>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %307 = stablehlo.reduce(%304 init: %cst_58) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %308 = stablehlo.multiply %262, %306 : tensor<16x128x64xbf16>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %309 = stablehlo.reduce(%308 init: %cst_59) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %310 = stablehlo.reshape %309 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %311 = stablehlo.broadcast_in_dim %265, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %312 = stablehlo.multiply %306, %311 : tensor<16x128x64xbf16>
    %313 = stablehlo.multiply %310, %268 : tensor<16x128x1xbf16>
    %314 = stablehlo.negate %312 : tensor<16x128x64xbf16>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %315 = stablehlo.reduce(%314 init: %cst_60) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %316 = stablehlo.reshape %315 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %317 = call @_var_3(%260#1, %260#2, %260#3, %313) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %318 = stablehlo.add %312, %317 : tensor<16x128x64xbf16>
    %319 = stablehlo.convert %316 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %cst_61 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %321 = stablehlo.divide %319, %320 : tensor<16x128x1xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %322 = stablehlo.reduce(%321 init: %cst_62) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %323 = stablehlo.broadcast_in_dim %322, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %324 = stablehlo.convert %323 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    %325 = stablehlo.add %318, %324 : tensor<16x128x64xbf16>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %326 = stablehlo.reduce(%325 init: %cst_63) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %327 = stablehlo.reshape %326 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %328 = stablehlo.reduce(%327 init: %cst_64) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %329 = stablehlo.dot_general %325, %248, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<16x128x256xbf16>) -> tensor<64x256xbf16>
    %330 = stablehlo.transpose %329, dims = [1, 0] : (tensor<64x256xbf16>) -> tensor<256x64xbf16>
    %331 = stablehlo.dot_general %325, %12, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<256x64xbf16>) -> tensor<16x128x256xbf16>
    %332 = stablehlo.multiply %230, %331 : tensor<16x128x256xbf16>
    %333 = stablehlo.multiply %331, %247 : tensor<16x128x256xbf16>
    %cst_65 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %334 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %335 = stablehlo.multiply %334, %332 : tensor<16x128x256xbf16>
    %336 = stablehlo.multiply %335, %243 : tensor<16x128x256xbf16>
    %337 = stablehlo.multiply %336, %241 : tensor<16x128x256xbf16>
    %338 = stablehlo.add %336, %337 : tensor<16x128x256xbf16>
    %cst_66 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %339 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %340 = stablehlo.multiply %339, %338 : tensor<16x128x256xbf16>
    %341 = stablehlo.add %333, %340 : tensor<16x128x256xbf16>
    %cst_67 = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %342 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %343 = stablehlo.multiply %342, %340 : tensor<16x128x256xbf16>
    %344 = stablehlo.multiply %343, %235 : tensor<16x128x256xbf16>
    %345 = stablehlo.add %341, %344 : tensor<16x128x256xbf16>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %346 = stablehlo.reduce(%345 init: %cst_68) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x256xbf16>, tensor<bf16>) -> tensor<256xbf16>
    %347 = stablehlo.reshape %346 : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %348 = stablehlo.reduce(%347 init: %cst_69) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xbf16>, tensor<bf16>) -> tensor<256xbf16>
    %349 = stablehlo.dot_general %345, %226, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<16x128x64xbf16>) -> tensor<256x64xbf16>
    %350 = stablehlo.transpose %349, dims = [1, 0] : (tensor<256x64xbf16>) -> tensor<64x256xbf16>
    %351 = stablehlo.dot_general %345, %10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<64x256xbf16>) -> tensor<16x128x64xbf16>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %352 = stablehlo.reduce(%351 init: %cst_70) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %353 = stablehlo.reshape %352 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %354 = stablehlo.reduce(%353 init: %cst_71) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %355 = stablehlo.multiply %220, %351 : tensor<16x128x64xbf16>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %356 = stablehlo.reduce(%355 init: %cst_72) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %357 = stablehlo.reshape %356 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %358 = stablehlo.broadcast_in_dim %221, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %359 = stablehlo.multiply %351, %358 : tensor<16x128x64xbf16>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %360 = stablehlo.reduce(%357 init: %cst_73) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %361 = stablehlo.multiply %212, %359 : tensor<16x128x64xbf16>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %362 = stablehlo.reduce(%361 init: %cst_74) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %363 = stablehlo.reshape %362 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %364 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %365 = stablehlo.multiply %359, %364 : tensor<16x128x64xbf16>
    %366 = stablehlo.multiply %363, %218 : tensor<16x128x1xbf16>
    %367 = stablehlo.negate %365 : tensor<16x128x64xbf16>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %368 = stablehlo.reduce(%367 init: %cst_75) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %369 = stablehlo.reshape %368 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %370 = stablehlo.add %325, %365 : tensor<16x128x64xbf16>
    %371 = call @_var_3(%210#1, %210#2, %210#3, %366) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %372 = stablehlo.add %370, %371 : tensor<16x128x64xbf16>
    %373 = stablehlo.convert %369 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %cst_76 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %375 = stablehlo.divide %373, %374 : tensor<16x128x1xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %376 = stablehlo.reduce(%375 init: %cst_77) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %377 = stablehlo.broadcast_in_dim %376, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %378 = stablehlo.convert %377 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    %379 = stablehlo.add %372, %378 : tensor<16x128x64xbf16>
    %380 = stablehlo.dot_general %379, %201, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<16x128x64xbf16>) -> tensor<64x64xbf16>
    %381 = stablehlo.transpose %380, dims = [1, 0] : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %382 = stablehlo.dot_general %379, %18, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x64xbf16>) -> tensor<16x128x64xbf16>
    %383 = stablehlo.reshape %382 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %384 = stablehlo.transpose %383, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %385 = stablehlo.dot_general %384, %195, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x128xbf16>) -> tensor<16x4x16x128xbf16>
    %386 = stablehlo.transpose %385, dims = [0, 1, 3, 2] : (tensor<16x4x16x128xbf16>) -> tensor<16x4x128x16xbf16>
    %387 = stablehlo.dot_general %384, %176, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x128xbf16>
    %388 = stablehlo.broadcast_in_dim %198, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %389 = stablehlo.multiply %387, %388 : tensor<16x4x128x128xbf16>
    %390 = stablehlo.multiply %389, %189 : tensor<16x4x128x128xbf16>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %391 = stablehlo.reduce(%390 init: %cst_78) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xbf16>, tensor<bf16>) -> tensor<16x4x128xbf16>
    %392 = stablehlo.reshape %391 : (tensor<16x4x128xbf16>) -> tensor<16x4x128x1xbf16>
    %393 = stablehlo.negate %392 : tensor<16x4x128x1xbf16>
    %394 = stablehlo.broadcast_in_dim %193, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %395 = stablehlo.divide %387, %394 : tensor<16x4x128x128xbf16>
    %396 = stablehlo.convert %393 : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x1xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %397 = stablehlo.reduce(%396 init: %cst_79) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x1xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %398 = stablehlo.broadcast_in_dim %397, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x128xf32>
    %399 = stablehlo.convert %398 : (tensor<16x4x128x128xf32>) -> tensor<16x4x128x128xbf16>
    %400 = stablehlo.add %395, %399 : tensor<16x4x128x128xbf16>
    %401 = stablehlo.multiply %400, %189 : tensor<16x4x128x128xbf16>
    %402 = call @_where_5(%182#1, %401) : (tensor<16x4x128x128xi1>, tensor<16x4x128x128xbf16>) -> tensor<16x4x128x128xbf16>
    %cst_80 = stablehlo.constant dense<4.000000e+00> : tensor<bf16>
    %403 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %404 = stablehlo.divide %402, %403 : tensor<16x4x128x128xbf16>
    %405 = stablehlo.dot_general %404, %172, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %406 = stablehlo.dot_general %404, %174, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %407 = stablehlo.transpose %386, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %408 = stablehlo.reshape %407 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %409 = stablehlo.transpose %405, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %410 = stablehlo.reshape %409 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %411 = stablehlo.transpose %406, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %412 = stablehlo.reshape %411 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %413 = stablehlo.concatenate %412, %410, %408, dim = 2 : (tensor<16x128x64xbf16>, tensor<16x128x64xbf16>, tensor<16x128x64xbf16>) -> tensor<16x128x192xbf16>
    %414 = stablehlo.dot_general %413, %166, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xbf16>, tensor<16x128x64xbf16>) -> tensor<192x64xbf16>
    %415 = stablehlo.transpose %414, dims = [1, 0] : (tensor<192x64xbf16>) -> tensor<64x192xbf16>
    %416 = stablehlo.dot_general %413, %19, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xbf16>, tensor<64x192xbf16>) -> tensor<16x128x64xbf16>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %417 = stablehlo.reduce(%416 init: %cst_81) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %418 = stablehlo.reshape %417 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %419 = stablehlo.reduce(%418 init: %cst_82) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %420 = stablehlo.multiply %160, %416 : tensor<16x128x64xbf16>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %421 = stablehlo.reduce(%420 init: %cst_83) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %422 = stablehlo.reshape %421 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %423 = stablehlo.broadcast_in_dim %161, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %424 = stablehlo.multiply %416, %423 : tensor<16x128x64xbf16>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %425 = stablehlo.reduce(%422 init: %cst_84) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %426 = stablehlo.multiply %152, %424 : tensor<16x128x64xbf16>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %427 = stablehlo.reduce(%426 init: %cst_85) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %428 = stablehlo.reshape %427 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %429 = stablehlo.broadcast_in_dim %155, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %430 = stablehlo.multiply %424, %429 : tensor<16x128x64xbf16>
    %431 = stablehlo.multiply %428, %158 : tensor<16x128x1xbf16>
    %432 = stablehlo.negate %430 : tensor<16x128x64xbf16>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %433 = stablehlo.reduce(%432 init: %cst_86) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %434 = stablehlo.reshape %433 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %435 = stablehlo.add %379, %430 : tensor<16x128x64xbf16>
    %436 = call @_var_3(%150#1, %150#2, %150#3, %431) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %437 = stablehlo.add %435, %436 : tensor<16x128x64xbf16>
    %438 = stablehlo.convert %434 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %cst_87 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %440 = stablehlo.divide %438, %439 : tensor<16x128x1xf32>
    %cst_88 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %441 = stablehlo.reduce(%440 init: %cst_88) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %442 = stablehlo.broadcast_in_dim %441, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %443 = stablehlo.convert %442 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    %444 = stablehlo.add %437, %443 : tensor<16x128x64xbf16>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %445 = stablehlo.reduce(%444 init: %cst_89) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %446 = stablehlo.reshape %445 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_90 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %447 = stablehlo.reduce(%446 init: %cst_90) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %448 = stablehlo.dot_general %444, %138, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<16x128x256xbf16>) -> tensor<64x256xbf16>
    %449 = stablehlo.transpose %448, dims = [1, 0] : (tensor<64x256xbf16>) -> tensor<256x64xbf16>
    %450 = stablehlo.dot_general %444, %2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<256x64xbf16>) -> tensor<16x128x256xbf16>
    %451 = stablehlo.multiply %120, %450 : tensor<16x128x256xbf16>
    %452 = stablehlo.multiply %450, %137 : tensor<16x128x256xbf16>
    %cst_91 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %453 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %454 = stablehlo.multiply %453, %451 : tensor<16x128x256xbf16>
    %455 = stablehlo.multiply %454, %133 : tensor<16x128x256xbf16>
    %456 = stablehlo.multiply %455, %131 : tensor<16x128x256xbf16>
    %457 = stablehlo.add %455, %456 : tensor<16x128x256xbf16>
    %cst_92 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %458 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %459 = stablehlo.multiply %458, %457 : tensor<16x128x256xbf16>
    %460 = stablehlo.add %452, %459 : tensor<16x128x256xbf16>
    %cst_93 = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %461 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<bf16>) -> tensor<16x128x256xbf16>
    %462 = stablehlo.multiply %461, %459 : tensor<16x128x256xbf16>
    %463 = stablehlo.multiply %462, %125 : tensor<16x128x256xbf16>
    %464 = stablehlo.add %460, %463 : tensor<16x128x256xbf16>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %465 = stablehlo.reduce(%464 init: %cst_94) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x256xbf16>, tensor<bf16>) -> tensor<256xbf16>
    %466 = stablehlo.reshape %465 : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %467 = stablehlo.reduce(%466 init: %cst_95) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xbf16>, tensor<bf16>) -> tensor<256xbf16>
    %468 = stablehlo.dot_general %464, %116, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<16x128x64xbf16>) -> tensor<256x64xbf16>
    %469 = stablehlo.transpose %468, dims = [1, 0] : (tensor<256x64xbf16>) -> tensor<64x256xbf16>
    %470 = stablehlo.dot_general %464, %0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x256xbf16>, tensor<64x256xbf16>) -> tensor<16x128x64xbf16>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %471 = stablehlo.reduce(%470 init: %cst_96) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %472 = stablehlo.reshape %471 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %473 = stablehlo.reduce(%472 init: %cst_97) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %474 = stablehlo.multiply %110, %470 : tensor<16x128x64xbf16>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %475 = stablehlo.reduce(%474 init: %cst_98) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %476 = stablehlo.reshape %475 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %477 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %478 = stablehlo.multiply %470, %477 : tensor<16x128x64xbf16>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %479 = stablehlo.reduce(%476 init: %cst_99) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %480 = stablehlo.multiply %102, %478 : tensor<16x128x64xbf16>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %481 = stablehlo.reduce(%480 init: %cst_100) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %482 = stablehlo.reshape %481 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %483 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %484 = stablehlo.multiply %478, %483 : tensor<16x128x64xbf16>
    %485 = stablehlo.multiply %482, %108 : tensor<16x128x1xbf16>
    %486 = stablehlo.negate %484 : tensor<16x128x64xbf16>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %487 = stablehlo.reduce(%486 init: %cst_101) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %488 = stablehlo.reshape %487 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %489 = stablehlo.add %444, %484 : tensor<16x128x64xbf16>
    %490 = call @_var_3(%100#1, %100#2, %100#3, %485) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %491 = stablehlo.add %489, %490 : tensor<16x128x64xbf16>
    %492 = stablehlo.convert %488 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %cst_102 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %493 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %494 = stablehlo.divide %492, %493 : tensor<16x128x1xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %495 = stablehlo.reduce(%494 init: %cst_103) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %496 = stablehlo.broadcast_in_dim %495, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %497 = stablehlo.convert %496 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    %498 = stablehlo.add %491, %497 : tensor<16x128x64xbf16>
    %499 = stablehlo.dot_general %498, %91, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<16x128x64xbf16>) -> tensor<64x64xbf16>
    %500 = stablehlo.transpose %499, dims = [1, 0] : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %501 = stablehlo.dot_general %498, %8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x64xbf16>, tensor<64x64xbf16>) -> tensor<16x128x64xbf16>
    %502 = stablehlo.reshape %501 : (tensor<16x128x64xbf16>) -> tensor<16x128x4x16xbf16>
    %503 = stablehlo.transpose %502, dims = [0, 2, 1, 3] : (tensor<16x128x4x16xbf16>) -> tensor<16x4x128x16xbf16>
    %504 = stablehlo.dot_general %503, %85, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x128xbf16>) -> tensor<16x4x16x128xbf16>
    %505 = stablehlo.transpose %504, dims = [0, 1, 3, 2] : (tensor<16x4x16x128xbf16>) -> tensor<16x4x128x16xbf16>
    %506 = stablehlo.dot_general %503, %66, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x16xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x128xbf16>
    %507 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %508 = stablehlo.multiply %506, %507 : tensor<16x4x128x128xbf16>
    %509 = stablehlo.multiply %508, %79 : tensor<16x4x128x128xbf16>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %510 = stablehlo.reduce(%509 init: %cst_104) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x128xbf16>, tensor<bf16>) -> tensor<16x4x128xbf16>
    %511 = stablehlo.reshape %510 : (tensor<16x4x128xbf16>) -> tensor<16x4x128x1xbf16>
    %512 = stablehlo.negate %511 : tensor<16x4x128x1xbf16>
    %513 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x128xbf16>
    %514 = stablehlo.divide %506, %513 : tensor<16x4x128x128xbf16>
    %515 = stablehlo.convert %512 : (tensor<16x4x128x1xbf16>) -> tensor<16x4x128x1xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %516 = stablehlo.reduce(%515 init: %cst_105) applies stablehlo.add across dimensions = [3] : (tensor<16x4x128x1xf32>, tensor<f32>) -> tensor<16x4x128xf32>
    %517 = stablehlo.broadcast_in_dim %516, dims = [0, 1, 2] : (tensor<16x4x128xf32>) -> tensor<16x4x128x128xf32>
    %518 = stablehlo.convert %517 : (tensor<16x4x128x128xf32>) -> tensor<16x4x128x128xbf16>
    %519 = stablehlo.add %514, %518 : tensor<16x4x128x128xbf16>
    %520 = stablehlo.multiply %519, %79 : tensor<16x4x128x128xbf16>
    %521 = call @_where_5(%72#1, %520) : (tensor<16x4x128x128xi1>, tensor<16x4x128x128xbf16>) -> tensor<16x4x128x128xbf16>
    %cst_106 = stablehlo.constant dense<4.000000e+00> : tensor<bf16>
    %522 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %523 = stablehlo.divide %521, %522 : tensor<16x4x128x128xbf16>
    %524 = stablehlo.dot_general %523, %62, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %525 = stablehlo.dot_general %523, %64, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<16x4x128x128xbf16>, tensor<16x4x128x16xbf16>) -> tensor<16x4x128x16xbf16>
    %526 = stablehlo.transpose %505, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %527 = stablehlo.reshape %526 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %528 = stablehlo.transpose %524, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %529 = stablehlo.reshape %528 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %530 = stablehlo.transpose %525, dims = [0, 2, 1, 3] : (tensor<16x4x128x16xbf16>) -> tensor<16x128x4x16xbf16>
    %531 = stablehlo.reshape %530 : (tensor<16x128x4x16xbf16>) -> tensor<16x128x64xbf16>
    %532 = stablehlo.concatenate %531, %529, %527, dim = 2 : (tensor<16x128x64xbf16>, tensor<16x128x64xbf16>, tensor<16x128x64xbf16>) -> tensor<16x128x192xbf16>
    %533 = stablehlo.dot_general %532, %56, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xbf16>, tensor<16x128x64xbf16>) -> tensor<192x64xbf16>
    %534 = stablehlo.transpose %533, dims = [1, 0] : (tensor<192x64xbf16>) -> tensor<64x192xbf16>
    %535 = stablehlo.dot_general %532, %9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x128x192xbf16>, tensor<64x192xbf16>) -> tensor<16x128x64xbf16>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %536 = stablehlo.reduce(%535 init: %cst_107) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %537 = stablehlo.reshape %536 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %cst_108 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %538 = stablehlo.reduce(%537 init: %cst_108) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %539 = stablehlo.multiply %50, %535 : tensor<16x128x64xbf16>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %540 = stablehlo.reduce(%539 init: %cst_109) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %541 = stablehlo.reshape %540 : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %542 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<16x128x64xbf16>
    %543 = stablehlo.multiply %535, %542 : tensor<16x128x64xbf16>
    %cst_110 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %544 = stablehlo.reduce(%541 init: %cst_110) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xbf16>, tensor<bf16>) -> tensor<64xbf16>
    %545 = stablehlo.multiply %42, %543 : tensor<16x128x64xbf16>
    %cst_111 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %546 = stablehlo.reduce(%545 init: %cst_111) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %547 = stablehlo.reshape %546 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %548 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %549 = stablehlo.multiply %543, %548 : tensor<16x128x64xbf16>
    %550 = stablehlo.multiply %547, %48 : tensor<16x128x1xbf16>
    %551 = stablehlo.negate %549 : tensor<16x128x64xbf16>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %552 = stablehlo.reduce(%551 init: %cst_112) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<16x128xbf16>
    %553 = stablehlo.reshape %552 : (tensor<16x128xbf16>) -> tensor<16x128x1xbf16>
    %554 = stablehlo.add %498, %549 : tensor<16x128x64xbf16>
    %555 = call @_var_3(%40#1, %40#2, %40#3, %550) : (tensor<16x128x64xf32>, tensor<f32>, tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16>
    %556 = stablehlo.add %554, %555 : tensor<16x128x64xbf16>
    %557 = stablehlo.convert %553 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %cst_113 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %558 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %559 = stablehlo.divide %557, %558 : tensor<16x128x1xf32>
    %cst_114 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %560 = stablehlo.reduce(%559 init: %cst_114) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %561 = stablehlo.broadcast_in_dim %560, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %562 = stablehlo.convert %561 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    %563 = stablehlo.add %556, %562 : tensor<16x128x64xbf16>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %564 = stablehlo.reduce(%563 init: %cst_115) applies stablehlo.add across dimensions = [0] : (tensor<16x128x64xbf16>, tensor<bf16>) -> tensor<128x64xbf16>
    %565 = stablehlo.reshape %564 : (tensor<128x64xbf16>) -> tensor<1x128x64xbf16>
    %cst_116 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %566 = stablehlo.reduce(%565 init: %cst_116) applies stablehlo.add across dimensions = [0] : (tensor<1x128x64xbf16>, tensor<bf16>) -> tensor<128x64xbf16>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %567 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<bf16>) -> tensor<256x64xbf16>
    %568 = "stablehlo.scatter"(%567, %29, %563) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg26: tensor<bf16>, %arg27: tensor<bf16>):
      %666 = stablehlo.add %arg26, %arg27 : tensor<bf16>
      stablehlo.return %666 : tensor<bf16>
    }) : (tensor<256x64xbf16>, tensor<16x128x1xi32>, tensor<16x128x64xbf16>) -> tensor<256x64xbf16>
    %569 = stablehlo.add %298, %568 : tensor<256x64xbf16>
    %570 = stablehlo.convert %569 : (tensor<256x64xbf16>) -> tensor<256x64xf32>
    %571 = stablehlo.convert %566 : (tensor<128x64xbf16>) -> tensor<128x64xf32>
    %572 = stablehlo.convert %307 : (tensor<64xbf16>) -> tensor<64xf32>
    %573 = stablehlo.convert %301 : (tensor<64xbf16>) -> tensor<64xf32>
    %574 = stablehlo.convert %415 : (tensor<64x192xbf16>) -> tensor<64x192xf32>
    %575 = stablehlo.convert %381 : (tensor<64x64xbf16>) -> tensor<64x64xf32>
    %576 = stablehlo.convert %360 : (tensor<64xbf16>) -> tensor<64xf32>
    %577 = stablehlo.convert %354 : (tensor<64xbf16>) -> tensor<64xf32>
    %578 = stablehlo.convert %425 : (tensor<64xbf16>) -> tensor<64xf32>
    %579 = stablehlo.convert %419 : (tensor<64xbf16>) -> tensor<64xf32>
    %580 = stablehlo.convert %328 : (tensor<64xbf16>) -> tensor<64xf32>
    %581 = stablehlo.convert %330 : (tensor<256x64xbf16>) -> tensor<256x64xf32>
    %582 = stablehlo.convert %348 : (tensor<256xbf16>) -> tensor<256xf32>
    %583 = stablehlo.convert %350 : (tensor<64x256xbf16>) -> tensor<64x256xf32>
    %584 = stablehlo.convert %534 : (tensor<64x192xbf16>) -> tensor<64x192xf32>
    %585 = stablehlo.convert %500 : (tensor<64x64xbf16>) -> tensor<64x64xf32>
    %586 = stablehlo.convert %479 : (tensor<64xbf16>) -> tensor<64xf32>
    %587 = stablehlo.convert %473 : (tensor<64xbf16>) -> tensor<64xf32>
    %588 = stablehlo.convert %544 : (tensor<64xbf16>) -> tensor<64xf32>
    %589 = stablehlo.convert %538 : (tensor<64xbf16>) -> tensor<64xf32>
    %590 = stablehlo.convert %447 : (tensor<64xbf16>) -> tensor<64xf32>
    %591 = stablehlo.convert %449 : (tensor<256x64xbf16>) -> tensor<256x64xf32>
    %592 = stablehlo.convert %467 : (tensor<256xbf16>) -> tensor<256xf32>
    %593 = stablehlo.convert %469 : (tensor<64x256xbf16>) -> tensor<64x256xf32>
    %cst_118 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %594 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %595 = stablehlo.multiply %594, %593 : tensor<64x256xf32>
    %596 = stablehlo.subtract %arg0, %595 : tensor<64x256xf32>
    %cst_119 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %597 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %598 = stablehlo.multiply %597, %592 : tensor<256xf32>
    %599 = stablehlo.subtract %arg1, %598 : tensor<256xf32>
    %cst_120 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %600 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %601 = stablehlo.multiply %600, %591 : tensor<256x64xf32>
    %602 = stablehlo.subtract %arg2, %601 : tensor<256x64xf32>
    %cst_121 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %603 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %604 = stablehlo.multiply %603, %590 : tensor<64xf32>
    %605 = stablehlo.subtract %arg3, %604 : tensor<64xf32>
    %cst_122 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %606 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %607 = stablehlo.multiply %606, %589 : tensor<64xf32>
    %608 = stablehlo.subtract %arg4, %607 : tensor<64xf32>
    %cst_123 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %609 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %610 = stablehlo.multiply %609, %588 : tensor<64xf32>
    %611 = stablehlo.subtract %arg5, %610 : tensor<64xf32>
    %cst_124 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %612 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %613 = stablehlo.multiply %612, %587 : tensor<64xf32>
    %614 = stablehlo.subtract %arg6, %613 : tensor<64xf32>
    %cst_125 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %615 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %616 = stablehlo.multiply %615, %586 : tensor<64xf32>
    %617 = stablehlo.subtract %arg7, %616 : tensor<64xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %618 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %619 = stablehlo.multiply %618, %585 : tensor<64x64xf32>
    %620 = stablehlo.subtract %arg8, %619 : tensor<64x64xf32>
    %cst_127 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %621 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<64x192xf32>
    %622 = stablehlo.multiply %621, %584 : tensor<64x192xf32>
    %623 = stablehlo.subtract %arg9, %622 : tensor<64x192xf32>
    %cst_128 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %624 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %625 = stablehlo.multiply %624, %583 : tensor<64x256xf32>
    %626 = stablehlo.subtract %arg10, %625 : tensor<64x256xf32>
    %cst_129 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %627 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %628 = stablehlo.multiply %627, %582 : tensor<256xf32>
    %629 = stablehlo.subtract %arg11, %628 : tensor<256xf32>
    %cst_130 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %630 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %631 = stablehlo.multiply %630, %581 : tensor<256x64xf32>
    %632 = stablehlo.subtract %arg12, %631 : tensor<256x64xf32>
    %cst_131 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %633 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %634 = stablehlo.multiply %633, %580 : tensor<64xf32>
    %635 = stablehlo.subtract %arg13, %634 : tensor<64xf32>
    %cst_132 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %636 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %637 = stablehlo.multiply %636, %579 : tensor<64xf32>
    %638 = stablehlo.subtract %arg14, %637 : tensor<64xf32>
    %cst_133 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %639 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %640 = stablehlo.multiply %639, %578 : tensor<64xf32>
    %641 = stablehlo.subtract %arg15, %640 : tensor<64xf32>
    %cst_134 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %642 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %643 = stablehlo.multiply %642, %577 : tensor<64xf32>
    %644 = stablehlo.subtract %arg16, %643 : tensor<64xf32>
    %cst_135 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %645 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %646 = stablehlo.multiply %645, %576 : tensor<64xf32>
    %647 = stablehlo.subtract %arg17, %646 : tensor<64xf32>
    %cst_136 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %648 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %649 = stablehlo.multiply %648, %575 : tensor<64x64xf32>
    %650 = stablehlo.subtract %arg18, %649 : tensor<64x64xf32>
    %cst_137 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %651 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<64x192xf32>
    %652 = stablehlo.multiply %651, %574 : tensor<64x192xf32>
    %653 = stablehlo.subtract %arg19, %652 : tensor<64x192xf32>
    %cst_138 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %654 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %655 = stablehlo.multiply %654, %573 : tensor<64xf32>
    %656 = stablehlo.subtract %arg20, %655 : tensor<64xf32>
    %cst_139 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %657 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %658 = stablehlo.multiply %657, %572 : tensor<64xf32>
    %659 = stablehlo.subtract %arg21, %658 : tensor<64xf32>
    %cst_140 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %660 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
    %661 = stablehlo.multiply %660, %571 : tensor<128x64xf32>
    %662 = stablehlo.subtract %arg22, %661 : tensor<128x64xf32>
    %cst_141 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %663 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %664 = stablehlo.multiply %663, %570 : tensor<256x64xf32>
    %665 = stablehlo.subtract %arg23, %664 : tensor<256x64xf32>
    return %287, %596, %599, %602, %605, %608, %611, %614, %617, %620, %623, %626, %629, %632, %635, %638, %641, %644, %647, %650, %653, %656, %659, %662, %665 : tensor<f32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x192xf32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x192xf32>, tensor<64xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<256x64xf32>
  }
  func.func private @_var(%arg0: tensor<16x128x64xbf16>, %arg1: tensor<i32>) -> (tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>) {
    %0 = stablehlo.convert %arg0 : (tensor<16x128x64xbf16>) -> tensor<16x128x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<16x128x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<16x128x1xf32>) -> tensor<16x128x64xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<16x128x64xf32>
    %7 = chlo.square %6 : tensor<16x128x64xf32> -> tensor<16x128x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x64xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<16x128x64xf32>
    %10 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %11 = stablehlo.subtract %cst_2, %10 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %15 = stablehlo.divide %13, %14 : tensor<16x128x1xf32>
    %16 = stablehlo.convert %15 : (tensor<16x128x1xf32>) -> tensor<16x128x1xbf16>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.compare GT, %11, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = call @_where(%17, %16, %cst_5) : (tensor<i1>, tensor<16x128x1xbf16>, tensor<f32>) -> tensor<16x128x1xbf16>
    return %18, %9, %11, %17 : tensor<16x128x1xbf16>, tensor<16x128x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<16x128x1xbf16>, %arg2: tensor<f32>) -> tensor<16x128x1xbf16> {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<16x128x1xbf16>
    return %2 : tensor<16x128x1xbf16>
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
  func.func private @_where_0(%arg0: tensor<128x128xi1>, %arg1: tensor<16x4x128x128xbf16>, %arg2: tensor<f32>) -> (tensor<16x4x128x128xbf16>, tensor<16x4x128x128xi1>) {
    %0 = stablehlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<16x4x128x128xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<16x4x128x128xi1>, tensor<16x4x128x128xbf16>
    return %3, %1 : tensor<16x4x128x128xbf16>, tensor<16x4x128x128xi1>
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
  func.func private @_var_3(%arg0: tensor<16x128x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<16x128x1xbf16>) -> tensor<16x128x64xbf16> {
    %0 = call @_where_4(%arg2, %arg3) : (tensor<i1>, tensor<16x128x1xbf16>) -> tensor<16x128x1xbf16>
    %1 = stablehlo.convert %0 : (tensor<16x128x1xbf16>) -> tensor<16x128x1xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<16x128x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16x128x64xf32>
    %7 = stablehlo.negate %6 : tensor<16x128x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<16x128x64xf32>, tensor<f32>) -> tensor<16x128xf32>
    %9 = stablehlo.reshape %8 : (tensor<16x128xf32>) -> tensor<16x128x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128x1xf32>
    %11 = stablehlo.divide %9, %10 : tensor<16x128x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<16x128x1xf32>, tensor<f32>) -> tensor<16x128xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<16x128xf32>) -> tensor<16x128x64xf32>
    %14 = stablehlo.add %6, %13 : tensor<16x128x64xf32>
    %15 = stablehlo.convert %14 : (tensor<16x128x64xf32>) -> tensor<16x128x64xbf16>
    return %15 : tensor<16x128x64xbf16>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<16x128x1xbf16>) -> tensor<16x128x1xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<16x128x1xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<16x128x1xbf16>
    return %1 : tensor<16x128x1xbf16>
  }
  func.func private @_where_5(%arg0: tensor<16x4x128x128xi1>, %arg1: tensor<16x4x128x128xbf16>) -> tensor<16x4x128x128xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<16x4x128x128xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<16x4x128x128xi1>, tensor<16x4x128x128xbf16>
    return %1 : tensor<16x4x128x128xbf16>
  }
}
