module @jit_transformer_block_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x24xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<16x8xf32>, %arg6: tensor<6x8xf32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8x24xf32> {jax.result_info = "result[2]"}, tensor<8x8xf32> {jax.result_info = "result[3]"}, tensor<8x16xf32> {jax.result_info = "result[4]"}, tensor<16x8xf32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg6 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %5 = stablehlo.subtract %arg6, %4 : tensor<6x8xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<6x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<6x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %12 = stablehlo.subtract %arg6, %11 : tensor<6x8xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<6x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<6x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<6x8xf32>
    %18 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<6x8xf32>
    %21 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %23 = stablehlo.add %20, %22 : tensor<6x8xf32>
    %24 = stablehlo.dot_general %23, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x24xf32>) -> tensor<6x24xf32>
    %25 = stablehlo.slice %24 [0:6, 0:8] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %26 = stablehlo.slice %24 [0:6, 8:16] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %27 = stablehlo.slice %24 [0:6, 16:24] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %28 = stablehlo.dot_general %25, %26, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x6xf32>
    %cst_4 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %30 = stablehlo.divide %28, %29 : tensor<6x6xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %31 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %32 = call @tril(%31) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %33:2 = call @_where(%32, %30, %cst_5) : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<f32>) -> (tensor<6x6xf32>, tensor<6x6xf32>)
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.reduce(%33#0 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %35 = stablehlo.reshape %34 : (tensor<6xf32>) -> tensor<6x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %37 = stablehlo.compare EQ, %33#0, %36, FLOAT : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xi1>
    %38 = stablehlo.convert %37 : (tensor<6x6xi1>) -> tensor<6x6xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %41 = stablehlo.maximum %40, %34 : tensor<6xf32>
    %42 = stablehlo.compare EQ, %34, %41, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %45 = stablehlo.select %42, %43, %44 : tensor<6xi1>, tensor<6xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %47 = stablehlo.compare EQ, %46, %41, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %50 = stablehlo.select %47, %48, %49 : tensor<6xi1>, tensor<6xf32>
    %51 = stablehlo.divide %45, %50 : tensor<6xf32>
    %52 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %54 = stablehlo.subtract %33#0, %53 : tensor<6x6xf32>
    %55 = stablehlo.exponential %54 : tensor<6x6xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_14) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %59 = stablehlo.divide %55, %58 : tensor<6x6xf32>
    %60 = stablehlo.multiply %57, %57 : tensor<6x1xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %62 = stablehlo.divide %61, %60 : tensor<6x1xf32>
    %63 = stablehlo.dot_general %59, %27, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %64 = stablehlo.dot_general %63, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x8xf32>) -> tensor<6x8xf32>
    %65 = stablehlo.add %arg6, %64 : tensor<6x8xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_16) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_17 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %69 = stablehlo.divide %67, %68 : tensor<6x1xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %71 = stablehlo.subtract %65, %70 : tensor<6x8xf32>
    %72 = stablehlo.multiply %71, %71 : tensor<6x8xf32>
    %cst_18 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %74 = stablehlo.multiply %73, %71 : tensor<6x8xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.reduce(%72 init: %cst_19) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_20 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %78 = stablehlo.divide %76, %77 : tensor<6x1xf32>
    %79 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %80 = stablehlo.subtract %65, %79 : tensor<6x8xf32>
    %cst_21 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %82 = stablehlo.add %78, %81 : tensor<6x1xf32>
    %83 = stablehlo.rsqrt %82 : tensor<6x1xf32>
    %84 = stablehlo.divide %83, %82 : tensor<6x1xf32>
    %cst_22 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %86 = stablehlo.multiply %85, %84 : tensor<6x1xf32>
    %87 = stablehlo.broadcast_in_dim %83, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %88 = stablehlo.multiply %80, %87 : tensor<6x8xf32>
    %89 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %91 = stablehlo.multiply %88, %90 : tensor<6x8xf32>
    %92 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %94 = stablehlo.add %91, %93 : tensor<6x8xf32>
    %95 = stablehlo.dot_general %94, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x16xf32>) -> tensor<6x16xf32>
    %96 = stablehlo.multiply %95, %95 : tensor<6x16xf32>
    %97 = stablehlo.multiply %96, %95 : tensor<6x16xf32>
    %98 = stablehlo.multiply %95, %95 : tensor<6x16xf32>
    %cst_23 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %100 = stablehlo.multiply %99, %98 : tensor<6x16xf32>
    %cst_24 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %102 = stablehlo.multiply %101, %97 : tensor<6x16xf32>
    %103 = stablehlo.add %95, %102 : tensor<6x16xf32>
    %cst_25 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %105 = stablehlo.multiply %104, %103 : tensor<6x16xf32>
    %106 = stablehlo.tanh %105 : tensor<6x16xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %108 = stablehlo.subtract %107, %106 : tensor<6x16xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %110 = stablehlo.add %109, %106 : tensor<6x16xf32>
    %cst_28 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %112 = stablehlo.multiply %111, %110 : tensor<6x16xf32>
    %113 = stablehlo.multiply %95, %112 : tensor<6x16xf32>
    %114 = stablehlo.dot_general %113, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
    %115 = stablehlo.add %65, %114 : tensor<6x8xf32>
    %116 = stablehlo.multiply %115, %115 : tensor<6x8xf32>
    %cst_29 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %118 = stablehlo.multiply %117, %115 : tensor<6x8xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%116 init: %cst_30) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_31 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %120 = stablehlo.divide %119, %cst_31 : tensor<f32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_33 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %121 = stablehlo.divide %cst_32, %cst_33 : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %121, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %123 = stablehlo.multiply %122, %118 : tensor<6x8xf32>
    %124 = stablehlo.dot_general %123, %113, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x16xf32>) -> tensor<8x16xf32>
    %125 = stablehlo.transpose %124, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %126 = stablehlo.dot_general %123, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<16x8xf32>) -> tensor<6x16xf32>
    %127 = stablehlo.multiply %95, %126 : tensor<6x16xf32>
    %128 = stablehlo.multiply %126, %112 : tensor<6x16xf32>
    %cst_34 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %130 = stablehlo.multiply %129, %127 : tensor<6x16xf32>
    %131 = stablehlo.multiply %130, %108 : tensor<6x16xf32>
    %132 = stablehlo.multiply %131, %106 : tensor<6x16xf32>
    %133 = stablehlo.add %131, %132 : tensor<6x16xf32>
    %cst_35 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %135 = stablehlo.multiply %134, %133 : tensor<6x16xf32>
    %136 = stablehlo.add %128, %135 : tensor<6x16xf32>
    %cst_36 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %138 = stablehlo.multiply %137, %135 : tensor<6x16xf32>
    %139 = stablehlo.multiply %138, %100 : tensor<6x16xf32>
    %140 = stablehlo.add %136, %139 : tensor<6x16xf32>
    %141 = stablehlo.dot_general %140, %94, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x16xf32>, tensor<6x8xf32>) -> tensor<16x8xf32>
    %142 = stablehlo.transpose %141, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %143 = stablehlo.dot_general %140, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x16xf32>, tensor<8x16xf32>) -> tensor<6x8xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %144 = stablehlo.reduce(%143 init: %cst_37) applies stablehlo.add across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %145 = stablehlo.reshape %144 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %146 = stablehlo.reduce(%145 init: %cst_38) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %147 = stablehlo.multiply %88, %143 : tensor<6x8xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %148 = stablehlo.reduce(%147 init: %cst_39) applies stablehlo.add across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %149 = stablehlo.reshape %148 : (tensor<8xf32>) -> tensor<1x8xf32>
    %150 = stablehlo.broadcast_in_dim %89, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %151 = stablehlo.multiply %143, %150 : tensor<6x8xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.reduce(%149 init: %cst_40) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %153 = stablehlo.multiply %80, %151 : tensor<6x8xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %154 = stablehlo.reduce(%153 init: %cst_41) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %155 = stablehlo.reshape %154 : (tensor<6xf32>) -> tensor<6x1xf32>
    %156 = stablehlo.broadcast_in_dim %83, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %157 = stablehlo.multiply %151, %156 : tensor<6x8xf32>
    %158 = stablehlo.multiply %155, %86 : tensor<6x1xf32>
    %159 = stablehlo.negate %157 : tensor<6x8xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %160 = stablehlo.reduce(%159 init: %cst_42) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %161 = stablehlo.reshape %160 : (tensor<6xf32>) -> tensor<6x1xf32>
    %162 = stablehlo.add %123, %157 : tensor<6x8xf32>
    %cst_43 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %164 = stablehlo.divide %158, %163 : tensor<6x1xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %165 = stablehlo.reduce(%164 init: %cst_44) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %166 = stablehlo.broadcast_in_dim %165, dims = [0] : (tensor<6xf32>) -> tensor<6x8xf32>
    %167 = stablehlo.multiply %166, %74 : tensor<6x8xf32>
    %168 = stablehlo.negate %167 : tensor<6x8xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %169 = stablehlo.reduce(%168 init: %cst_45) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %170 = stablehlo.reshape %169 : (tensor<6xf32>) -> tensor<6x1xf32>
    %171 = stablehlo.add %162, %167 : tensor<6x8xf32>
    %172 = stablehlo.add %161, %170 : tensor<6x1xf32>
    %cst_46 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %174 = stablehlo.divide %172, %173 : tensor<6x1xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %175 = stablehlo.reduce(%174 init: %cst_47) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %176 = stablehlo.broadcast_in_dim %175, dims = [0] : (tensor<6xf32>) -> tensor<6x8xf32>
    %177 = stablehlo.add %171, %176 : tensor<6x8xf32>
    %178 = stablehlo.dot_general %177, %63, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<8x8xf32>
    %179 = stablehlo.transpose %178, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %180 = stablehlo.dot_general %177, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x8xf32>) -> tensor<6x8xf32>
    %181 = stablehlo.dot_general %180, %59, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x6xf32>) -> tensor<8x6xf32>
    %182 = stablehlo.transpose %181, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
    %183 = stablehlo.dot_general %180, %27, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x6xf32>
    %184 = stablehlo.broadcast_in_dim %62, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %185 = stablehlo.multiply %183, %184 : tensor<6x6xf32>
    %186 = stablehlo.multiply %185, %55 : tensor<6x6xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.reduce(%186 init: %cst_48) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %188 = stablehlo.reshape %187 : (tensor<6xf32>) -> tensor<6x1xf32>
    %189 = stablehlo.negate %188 : tensor<6x1xf32>
    %190 = stablehlo.broadcast_in_dim %57, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %191 = stablehlo.divide %183, %190 : tensor<6x6xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %192 = stablehlo.reduce(%189 init: %cst_49) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [0] : (tensor<6xf32>) -> tensor<6x6xf32>
    %194 = stablehlo.add %191, %193 : tensor<6x6xf32>
    %195 = stablehlo.multiply %194, %55 : tensor<6x6xf32>
    %196 = call @_where_0(%32, %33#1, %195) : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
    %cst_50 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %198 = stablehlo.divide %196, %197 : tensor<6x6xf32>
    %199 = stablehlo.dot_general %198, %25, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %200 = stablehlo.dot_general %198, %26, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %201 = stablehlo.concatenate %200, %199, %182, dim = 1 : (tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x24xf32>
    %202 = stablehlo.dot_general %201, %23, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x24xf32>, tensor<6x8xf32>) -> tensor<24x8xf32>
    %203 = stablehlo.transpose %202, dims = [1, 0] : (tensor<24x8xf32>) -> tensor<8x24xf32>
    %204 = stablehlo.dot_general %201, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x24xf32>, tensor<8x24xf32>) -> tensor<6x8xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.reduce(%204 init: %cst_51) applies stablehlo.add across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %206 = stablehlo.reshape %205 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %207 = stablehlo.reduce(%206 init: %cst_52) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %208 = stablehlo.add %146, %207 : tensor<8xf32>
    %209 = stablehlo.multiply %17, %204 : tensor<6x8xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %210 = stablehlo.reduce(%209 init: %cst_53) applies stablehlo.add across dimensions = [0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %211 = stablehlo.reshape %210 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.reduce(%211 init: %cst_54) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %213 = stablehlo.add %152, %212 : tensor<8xf32>
    return %213, %208, %203, %179, %142, %125 : tensor<8xf32>, tensor<8xf32>, tensor<8x24xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>
  }
  func.func private @tril(%arg0: tensor<6x6xi1>) -> tensor<6x6xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xi1>
    return %6 : tensor<6x6xi1>
  }
  func.func private @_where(%arg0: tensor<6x6xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<f32>) -> (tensor<6x6xf32>, tensor<6x6xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<6x6xi1>, tensor<6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    return %2, %3 : tensor<6x6xf32>, tensor<6x6xf32>
  }
  func.func private @_where_0(%arg0: tensor<6x6xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<6x6xf32>) -> tensor<6x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<6x6xi1>, tensor<6x6xf32>
    return %1 : tensor<6x6xf32>
  }
}
