module @jit_mlp_sgd_steps attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<5x8xf32>, %arg7: tensor<5xi32>) -> (tensor<8x16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16x16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16x4xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<5x16xf32>
    %4 = stablehlo.tanh %3 : tensor<5x16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %6 = stablehlo.subtract %5, %4 : tensor<5x16xf32>
    %7 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %8 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %10 = stablehlo.add %7, %9 : tensor<5x16xf32>
    %11 = stablehlo.tanh %10 : tensor<5x16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %13 = stablehlo.subtract %12, %11 : tensor<5x16xf32>
    %14 = stablehlo.dot_general %11, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %15 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %17 = stablehlo.add %14, %16 : tensor<5x4xf32>
    %18:3 = call @log_softmax(%17) : (tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x1xf32>)
    %19 = call @_one_hot(%arg7) : (tensor<5xi32>) -> tensor<5x4xf32>
    %20 = stablehlo.multiply %18#0, %19 : tensor<5x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %23 = stablehlo.divide %22, %cst_3 : tensor<f32>
    %24 = stablehlo.negate %23 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.negate %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %26 = stablehlo.divide %25, %cst_5 : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %29 = stablehlo.multiply %28, %19 : tensor<5x4xf32>
    %30 = call @log_softmax_0(%18#1, %18#2, %29) : (tensor<5x4xf32>, tensor<5x1xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    %32 = stablehlo.reshape %31 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %34 = stablehlo.dot_general %30, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
    %35 = stablehlo.transpose %34, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %36 = stablehlo.dot_general %30, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<16x4xf32>) -> tensor<5x16xf32>
    %37 = stablehlo.multiply %36, %13 : tensor<5x16xf32>
    %38 = stablehlo.multiply %37, %11 : tensor<5x16xf32>
    %39 = stablehlo.add %37, %38 : tensor<5x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %41 = stablehlo.reshape %40 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %43 = stablehlo.dot_general %39, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<16x16xf32>
    %44 = stablehlo.transpose %43, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %45 = stablehlo.dot_general %39, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %46 = stablehlo.multiply %45, %6 : tensor<5x16xf32>
    %47 = stablehlo.multiply %46, %4 : tensor<5x16xf32>
    %48 = stablehlo.add %46, %47 : tensor<5x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %50 = stablehlo.reshape %49 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %52 = stablehlo.dot_general %48, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x8xf32>) -> tensor<16x8xf32>
    %53 = stablehlo.transpose %52, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<8x16xf32>
    %56 = stablehlo.subtract %arg0, %55 : tensor<8x16xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %58 = stablehlo.multiply %57, %51 : tensor<16xf32>
    %59 = stablehlo.subtract %arg1, %58 : tensor<16xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %61 = stablehlo.multiply %60, %44 : tensor<16x16xf32>
    %62 = stablehlo.subtract %arg2, %61 : tensor<16x16xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %64 = stablehlo.multiply %63, %42 : tensor<16xf32>
    %65 = stablehlo.subtract %arg3, %64 : tensor<16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %67 = stablehlo.multiply %66, %35 : tensor<16x4xf32>
    %68 = stablehlo.subtract %arg4, %67 : tensor<16x4xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %70 = stablehlo.multiply %69, %33 : tensor<4xf32>
    %71 = stablehlo.subtract %arg5, %70 : tensor<4xf32>
    %72 = stablehlo.dot_general %arg6, %56, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %73 = stablehlo.broadcast_in_dim %59, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %75 = stablehlo.add %72, %74 : tensor<5x16xf32>
    %76 = stablehlo.tanh %75 : tensor<5x16xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %78 = stablehlo.subtract %77, %76 : tensor<5x16xf32>
    %79 = stablehlo.dot_general %76, %62, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %80 = stablehlo.broadcast_in_dim %65, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %82 = stablehlo.add %79, %81 : tensor<5x16xf32>
    %83 = stablehlo.tanh %82 : tensor<5x16xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %85 = stablehlo.subtract %84, %83 : tensor<5x16xf32>
    %86 = stablehlo.dot_general %83, %68, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %87 = stablehlo.broadcast_in_dim %71, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %89 = stablehlo.add %86, %88 : tensor<5x4xf32>
    %90:3 = call @log_softmax(%89) : (tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x1xf32>)
    %91 = call @_one_hot(%arg7) : (tensor<5xi32>) -> tensor<5x4xf32>
    %92 = stablehlo.multiply %90#0, %91 : tensor<5x4xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.reduce(%92 init: %cst_20) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %94 = stablehlo.reduce(%93 init: %cst_21) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_22 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %95 = stablehlo.divide %94, %cst_22 : tensor<f32>
    %96 = stablehlo.negate %95 : tensor<f32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %97 = stablehlo.negate %cst_23 : tensor<f32>
    %cst_24 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %98 = stablehlo.divide %97, %cst_24 : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %98, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %101 = stablehlo.multiply %100, %91 : tensor<5x4xf32>
    %102 = call @log_softmax_0(%90#1, %90#2, %101) : (tensor<5x4xf32>, tensor<5x1xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%102 init: %cst_25) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    %104 = stablehlo.reshape %103 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %105 = stablehlo.reduce(%104 init: %cst_26) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %106 = stablehlo.dot_general %102, %83, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
    %107 = stablehlo.transpose %106, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %108 = stablehlo.dot_general %102, %68, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<16x4xf32>) -> tensor<5x16xf32>
    %109 = stablehlo.multiply %108, %85 : tensor<5x16xf32>
    %110 = stablehlo.multiply %109, %83 : tensor<5x16xf32>
    %111 = stablehlo.add %109, %110 : tensor<5x16xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_27) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %113 = stablehlo.reshape %112 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %114 = stablehlo.reduce(%113 init: %cst_28) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %115 = stablehlo.dot_general %111, %76, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<16x16xf32>
    %116 = stablehlo.transpose %115, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %117 = stablehlo.dot_general %111, %62, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %118 = stablehlo.multiply %117, %78 : tensor<5x16xf32>
    %119 = stablehlo.multiply %118, %76 : tensor<5x16xf32>
    %120 = stablehlo.add %118, %119 : tensor<5x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.reduce(%120 init: %cst_29) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %122 = stablehlo.reshape %121 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.reduce(%122 init: %cst_30) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %124 = stablehlo.dot_general %120, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x8xf32>) -> tensor<16x8xf32>
    %125 = stablehlo.transpose %124, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %cst_31 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %127 = stablehlo.multiply %126, %125 : tensor<8x16xf32>
    %128 = stablehlo.subtract %56, %127 : tensor<8x16xf32>
    %cst_32 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %130 = stablehlo.multiply %129, %123 : tensor<16xf32>
    %131 = stablehlo.subtract %59, %130 : tensor<16xf32>
    %cst_33 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %133 = stablehlo.multiply %132, %116 : tensor<16x16xf32>
    %134 = stablehlo.subtract %62, %133 : tensor<16x16xf32>
    %cst_34 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %136 = stablehlo.multiply %135, %114 : tensor<16xf32>
    %137 = stablehlo.subtract %65, %136 : tensor<16xf32>
    %cst_35 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %139 = stablehlo.multiply %138, %107 : tensor<16x4xf32>
    %140 = stablehlo.subtract %68, %139 : tensor<16x4xf32>
    %cst_36 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %142 = stablehlo.multiply %141, %105 : tensor<4xf32>
    %143 = stablehlo.subtract %71, %142 : tensor<4xf32>
    %144 = stablehlo.dot_general %arg6, %128, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %145 = stablehlo.broadcast_in_dim %131, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %147 = stablehlo.add %144, %146 : tensor<5x16xf32>
    %148 = stablehlo.tanh %147 : tensor<5x16xf32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %150 = stablehlo.subtract %149, %148 : tensor<5x16xf32>
    %151 = stablehlo.dot_general %148, %134, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %152 = stablehlo.broadcast_in_dim %137, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<5x16xf32>
    %154 = stablehlo.add %151, %153 : tensor<5x16xf32>
    %155 = stablehlo.tanh %154 : tensor<5x16xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %157 = stablehlo.subtract %156, %155 : tensor<5x16xf32>
    %158 = stablehlo.dot_general %155, %140, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
    %159 = stablehlo.broadcast_in_dim %143, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %161 = stablehlo.add %158, %160 : tensor<5x4xf32>
    %162:3 = call @log_softmax(%161) : (tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x1xf32>)
    %163 = call @_one_hot(%arg7) : (tensor<5xi32>) -> tensor<5x4xf32>
    %164 = stablehlo.multiply %162#0, %163 : tensor<5x4xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %165 = stablehlo.reduce(%164 init: %cst_39) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%165 init: %cst_40) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_41 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %167 = stablehlo.divide %166, %cst_41 : tensor<f32>
    %168 = stablehlo.negate %167 : tensor<f32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %169 = stablehlo.negate %cst_42 : tensor<f32>
    %cst_43 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %170 = stablehlo.divide %169, %cst_43 : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %172 = stablehlo.broadcast_in_dim %171, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %173 = stablehlo.multiply %172, %163 : tensor<5x4xf32>
    %174 = call @log_softmax_0(%162#1, %162#2, %173) : (tensor<5x4xf32>, tensor<5x1xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %175 = stablehlo.reduce(%174 init: %cst_44) applies stablehlo.add across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
    %176 = stablehlo.reshape %175 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.reduce(%176 init: %cst_45) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %178 = stablehlo.dot_general %174, %155, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
    %179 = stablehlo.transpose %178, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %180 = stablehlo.dot_general %174, %140, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x4xf32>, tensor<16x4xf32>) -> tensor<5x16xf32>
    %181 = stablehlo.multiply %180, %157 : tensor<5x16xf32>
    %182 = stablehlo.multiply %181, %155 : tensor<5x16xf32>
    %183 = stablehlo.add %181, %182 : tensor<5x16xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %184 = stablehlo.reduce(%183 init: %cst_46) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %185 = stablehlo.reshape %184 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %186 = stablehlo.reduce(%185 init: %cst_47) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %187 = stablehlo.dot_general %183, %148, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<16x16xf32>
    %188 = stablehlo.transpose %187, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %189 = stablehlo.dot_general %183, %134, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<16x16xf32>) -> tensor<5x16xf32>
    %190 = stablehlo.multiply %189, %150 : tensor<5x16xf32>
    %191 = stablehlo.multiply %190, %148 : tensor<5x16xf32>
    %192 = stablehlo.add %190, %191 : tensor<5x16xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %193 = stablehlo.reduce(%192 init: %cst_48) applies stablehlo.add across dimensions = [0] : (tensor<5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %194 = stablehlo.reshape %193 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%194 init: %cst_49) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %196 = stablehlo.dot_general %192, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xf32>, tensor<5x8xf32>) -> tensor<16x8xf32>
    %197 = stablehlo.transpose %196, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %199 = stablehlo.multiply %198, %197 : tensor<8x16xf32>
    %200 = stablehlo.subtract %128, %199 : tensor<8x16xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %202 = stablehlo.multiply %201, %195 : tensor<16xf32>
    %203 = stablehlo.subtract %131, %202 : tensor<16xf32>
    %cst_52 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %205 = stablehlo.multiply %204, %188 : tensor<16x16xf32>
    %206 = stablehlo.subtract %134, %205 : tensor<16x16xf32>
    %cst_53 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %208 = stablehlo.multiply %207, %186 : tensor<16xf32>
    %209 = stablehlo.subtract %137, %208 : tensor<16xf32>
    %cst_54 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %211 = stablehlo.multiply %210, %179 : tensor<16x4xf32>
    %212 = stablehlo.subtract %140, %211 : tensor<16x4xf32>
    %cst_55 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %214 = stablehlo.multiply %213, %177 : tensor<4xf32>
    %215 = stablehlo.subtract %143, %214 : tensor<4xf32>
    return %200, %203, %206, %209, %212, %215 : tensor<8x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>
  }
  func.func private @log_softmax(%arg0: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x1xf32>) {
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
    return %11, %6, %8 : tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x1xf32>
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
  func.func private @log_softmax_0(%arg0: tensor<5x4xf32>, %arg1: tensor<5x1xf32>, %arg2: tensor<5x4xf32>) -> tensor<5x4xf32> {
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
