module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<192xf32>, %arg1: tensor<64x1xf32>, %arg2: tensor<64x192xf32>, %arg3: tensor<16x192xf32>, %arg4: tensor<64x32x16xf32>, %arg5: tensor<64x32xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<192xf32> {jax.result_info = "result[1]"}, tensor<64x1xf32> {jax.result_info = "result[2]"}, tensor<64x192xf32> {jax.result_info = "result[3]"}, tensor<16x192xf32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<192xf32>) -> tensor<1x192xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x32x1xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64x32x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %13:18 = stablehlo.while(%iterArg = %arg4, %iterArg_22 = %arg3, %iterArg_23 = %1, %iterArg_24 = %arg2, %iterArg_25 = %arg1, %iterArg_26 = %c, %iterArg_27 = %0, %iterArg_28 = %2, %iterArg_29 = %3, %iterArg_30 = %4, %iterArg_31 = %5, %iterArg_32 = %6, %iterArg_33 = %7, %iterArg_34 = %8, %iterArg_35 = %9, %iterArg_36 = %10, %iterArg_37 = %11, %iterArg_38 = %12) : tensor<64x32x16xf32>, tensor<16x192xf32>, tensor<1x192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<i32>, tensor<32x64xf32>, tensor<64x32x1xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>
    cond {
      %c_39 = stablehlo.constant dense<64> : tensor<i32>
      %31 = stablehlo.compare LT, %iterArg_26, %c_39, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %31 : tensor<i1>
    } do {
      %31 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_26) : (tensor<64x32x16xf32>, tensor<i32>) -> tensor<32x16xf32>
      %32:12 = func.call @closed_call(%iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %iterArg_27, %31) : (tensor<16x192xf32>, tensor<1x192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>, tensor<32x16xf32>) -> (tensor<32x64xf32>, tensor<32x1xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>)
      %33 = func.call @dynamic_update_index_in_dim(%iterArg_28, %32#1, %iterArg_26) : (tensor<64x32x1xf32>, tensor<32x1xf32>, tensor<i32>) -> tensor<64x32x1xf32>
      %34 = func.call @dynamic_update_index_in_dim_0(%iterArg_29, %32#2, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %35 = func.call @dynamic_update_index_in_dim_0(%iterArg_30, %32#3, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %36 = func.call @dynamic_update_index_in_dim_0(%iterArg_31, %32#4, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %37 = func.call @dynamic_update_index_in_dim_0(%iterArg_32, %32#5, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %38 = func.call @dynamic_update_index_in_dim_0(%iterArg_33, %32#6, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %39 = func.call @dynamic_update_index_in_dim_0(%iterArg_34, %32#7, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %40 = func.call @dynamic_update_index_in_dim_0(%iterArg_35, %32#8, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %41 = func.call @dynamic_update_index_in_dim_0(%iterArg_36, %32#9, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %42 = func.call @dynamic_update_index_in_dim_0(%iterArg_37, %32#10, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %43 = func.call @dynamic_update_index_in_dim_0(%iterArg_38, %32#11, %iterArg_26) : (tensor<64x32x64xf32>, tensor<32x64xf32>, tensor<i32>) -> tensor<64x32x64xf32>
      %c_39 = stablehlo.constant dense<1> : tensor<i32>
      %44 = stablehlo.add %iterArg_26, %c_39 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %44, %32#0, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43 : tensor<64x32x16xf32>, tensor<16x192xf32>, tensor<1x192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<i32>, tensor<32x64xf32>, tensor<64x32x1xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>
    }
    %14 = stablehlo.reshape %13#7 : (tensor<64x32x1xf32>) -> tensor<64x32xf32>
    %15 = stablehlo.subtract %14, %arg5 : tensor<64x32xf32>
    %16 = stablehlo.multiply %15, %15 : tensor<64x32xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %18 = stablehlo.multiply %17, %15 : tensor<64x32xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%16 init: %cst_12) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_13 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %20 = stablehlo.divide %19, %cst_13 : tensor<f32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_15 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %21 = stablehlo.divide %cst_14, %cst_15 : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %23 = stablehlo.multiply %22, %18 : tensor<64x32xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<64x32xf32>) -> tensor<64x32x1xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16x192xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<192xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<64x192xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<64x1xf32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %30:20 = stablehlo.while(%iterArg = %24, %iterArg_22 = %arg4, %iterArg_23 = %13#8, %iterArg_24 = %13#9, %iterArg_25 = %13#10, %iterArg_26 = %13#11, %iterArg_27 = %13#12, %iterArg_28 = %13#13, %iterArg_29 = %13#14, %iterArg_30 = %13#15, %iterArg_31 = %13#16, %iterArg_32 = %13#17, %iterArg_33 = %arg2, %iterArg_34 = %arg1, %iterArg_35 = %c_21, %iterArg_36 = %26, %iterArg_37 = %27, %iterArg_38 = %28, %iterArg_39 = %29, %iterArg_40 = %25) : tensor<64x32x1xf32>, tensor<64x32x16xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<i32>, tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>
    cond {
      %c_41 = stablehlo.constant dense<64> : tensor<i32>
      %31 = stablehlo.compare LT, %iterArg_35, %c_41, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %31 : tensor<i1>
    } do {
      %c_41 = stablehlo.constant dense<64> : tensor<i32>
      %31 = stablehlo.subtract %c_41, %iterArg_35 : tensor<i32>
      %c_42 = stablehlo.constant dense<1> : tensor<i32>
      %32 = stablehlo.subtract %31, %c_42 : tensor<i32>
      %33 = func.call @dynamic_index_in_dim_1(%iterArg, %32) : (tensor<64x32x1xf32>, tensor<i32>) -> tensor<32x1xf32>
      %34 = func.call @dynamic_index_in_dim(%iterArg_22, %32) : (tensor<64x32x16xf32>, tensor<i32>) -> tensor<32x16xf32>
      %35 = func.call @dynamic_index_in_dim_2(%iterArg_23, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %36 = func.call @dynamic_index_in_dim_2(%iterArg_24, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %37 = func.call @dynamic_index_in_dim_2(%iterArg_25, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %38 = func.call @dynamic_index_in_dim_2(%iterArg_26, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %39 = func.call @dynamic_index_in_dim_2(%iterArg_27, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %40 = func.call @dynamic_index_in_dim_2(%iterArg_28, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %41 = func.call @dynamic_index_in_dim_2(%iterArg_29, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %42 = func.call @dynamic_index_in_dim_2(%iterArg_30, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %43 = func.call @dynamic_index_in_dim_2(%iterArg_31, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %44 = func.call @dynamic_index_in_dim_2(%iterArg_32, %32) : (tensor<64x32x64xf32>, tensor<i32>) -> tensor<32x64xf32>
      %45:5 = func.call @closed_call_3(%iterArg_33, %iterArg_34, %iterArg_36, %iterArg_37, %iterArg_38, %iterArg_39, %iterArg_40, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44) : (tensor<64x192xf32>, tensor<64x1xf32>, tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>, tensor<32x1xf32>, tensor<32x16xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> (tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>)
      %c_43 = stablehlo.constant dense<1> : tensor<i32>
      %46 = stablehlo.add %iterArg_35, %c_43 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %iterArg_26, %iterArg_27, %iterArg_28, %iterArg_29, %iterArg_30, %iterArg_31, %iterArg_32, %iterArg_33, %iterArg_34, %46, %45#0, %45#1, %45#2, %45#3, %45#4 : tensor<64x32x1xf32>, tensor<64x32x16xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x32x64xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<i32>, tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>
    }
    return %20, %30#16, %30#18, %30#17, %30#15 : tensor<f32>, tensor<192xf32>, tensor<64x1xf32>, tensor<64x192xf32>, tensor<16x192xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<64x32x16xf32>, %arg1: tensor<i32>) -> tensor<32x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 16] : (tensor<64x32x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x16xf32>) -> tensor<32x16xf32>
    return %1 : tensor<32x16xf32>
  }
  func.func private @closed_call(%arg0: tensor<16x192xf32>, %arg1: tensor<1x192xf32>, %arg2: tensor<64x192xf32>, %arg3: tensor<64x1xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<32x16xf32>) -> (tensor<32x64xf32>, tensor<32x1xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) {
    %0 = stablehlo.dot_general %arg5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x16xf32>, tensor<16x192xf32>) -> tensor<32x192xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x192xf32>) -> tensor<32x192xf32>
    %2 = stablehlo.add %0, %1 : tensor<32x192xf32>
    %3 = stablehlo.dot_general %arg4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x64xf32>, tensor<64x192xf32>) -> tensor<32x192xf32>
    %4 = stablehlo.slice %2 [0:32, 0:64] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %5 = stablehlo.slice %2 [0:32, 64:128] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %6 = stablehlo.slice %2 [0:32, 128:192] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %7 = stablehlo.slice %3 [0:32, 0:64] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %8 = stablehlo.slice %3 [0:32, 64:128] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %9 = stablehlo.slice %3 [0:32, 128:192] : (tensor<32x192xf32>) -> tensor<32x64xf32>
    %10 = stablehlo.add %4, %7 : tensor<32x64xf32>
    %11 = stablehlo.negate %10 : tensor<32x64xf32>
    %12 = stablehlo.exponential %11 : tensor<32x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %14 = stablehlo.add %13, %12 : tensor<32x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %16 = stablehlo.divide %15, %14 : tensor<32x64xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %18 = stablehlo.subtract %17, %16 : tensor<32x64xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<32x64xf32>
    %20 = stablehlo.add %5, %8 : tensor<32x64xf32>
    %21 = stablehlo.negate %20 : tensor<32x64xf32>
    %22 = stablehlo.exponential %21 : tensor<32x64xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %24 = stablehlo.add %23, %22 : tensor<32x64xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %26 = stablehlo.divide %25, %24 : tensor<32x64xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %28 = stablehlo.subtract %27, %26 : tensor<32x64xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<32x64xf32>
    %30 = stablehlo.multiply %16, %9 : tensor<32x64xf32>
    %31 = stablehlo.add %6, %30 : tensor<32x64xf32>
    %32 = stablehlo.tanh %31 : tensor<32x64xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %34 = stablehlo.subtract %33, %32 : tensor<32x64xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %36 = stablehlo.subtract %35, %26 : tensor<32x64xf32>
    %37 = stablehlo.multiply %36, %32 : tensor<32x64xf32>
    %38 = stablehlo.multiply %26, %arg4 : tensor<32x64xf32>
    %39 = stablehlo.add %37, %38 : tensor<32x64xf32>
    %40 = stablehlo.dot_general %39, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x64xf32>, tensor<64x1xf32>) -> tensor<32x1xf32>
    return %39, %40, %arg4, %19, %29, %9, %16, %32, %34, %36, %26, %39 : tensor<32x64xf32>, tensor<32x1xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<64x32x1xf32>, %arg1: tensor<32x1xf32>, %arg2: tensor<i32>) -> tensor<64x32x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<32x1xf32>) -> tensor<1x32x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x32x1xf32>, tensor<1x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x32x1xf32>
    return %1 : tensor<64x32x1xf32>
  }
  func.func private @dynamic_update_index_in_dim_0(%arg0: tensor<64x32x64xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<i32>) -> tensor<64x32x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<32x64xf32>) -> tensor<1x32x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x32x64xf32>, tensor<1x32x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x32x64xf32>
    return %1 : tensor<64x32x64xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<64x32x1xf32>, %arg1: tensor<i32>) -> tensor<32x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 1] : (tensor<64x32x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x1xf32>) -> tensor<32x1xf32>
    return %1 : tensor<32x1xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<64x32x64xf32>, %arg1: tensor<i32>) -> tensor<32x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 64] : (tensor<64x32x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x64xf32>) -> tensor<32x64xf32>
    return %1 : tensor<32x64xf32>
  }
  func.func private @closed_call_3(%arg0: tensor<64x192xf32>, %arg1: tensor<64x1xf32>, %arg2: tensor<16x192xf32>, %arg3: tensor<192xf32>, %arg4: tensor<64x192xf32>, %arg5: tensor<64x1xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32x1xf32>, %arg8: tensor<32x16xf32>, %arg9: tensor<32x64xf32>, %arg10: tensor<32x64xf32>, %arg11: tensor<32x64xf32>, %arg12: tensor<32x64xf32>, %arg13: tensor<32x64xf32>, %arg14: tensor<32x64xf32>, %arg15: tensor<32x64xf32>, %arg16: tensor<32x64xf32>, %arg17: tensor<32x64xf32>, %arg18: tensor<32x64xf32>) -> (tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>) {
    %0 = stablehlo.dot_general %arg7, %arg18, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x1xf32>, tensor<32x64xf32>) -> tensor<1x64xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<1x64xf32>) -> tensor<64x1xf32>
    %2 = stablehlo.add %arg5, %1 : tensor<64x1xf32>
    %3 = stablehlo.dot_general %arg7, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x1xf32>, tensor<64x1xf32>) -> tensor<32x64xf32>
    %4 = stablehlo.add %arg6, %3 : tensor<32x64xf32>
    %5 = stablehlo.multiply %arg17, %4 : tensor<32x64xf32>
    %6 = stablehlo.multiply %4, %arg9 : tensor<32x64xf32>
    %7 = stablehlo.multiply %arg16, %4 : tensor<32x64xf32>
    %8 = stablehlo.multiply %4, %arg14 : tensor<32x64xf32>
    %9 = stablehlo.negate %8 : tensor<32x64xf32>
    %10 = stablehlo.add %6, %9 : tensor<32x64xf32>
    %11 = stablehlo.multiply %7, %arg15 : tensor<32x64xf32>
    %12 = stablehlo.multiply %11, %arg14 : tensor<32x64xf32>
    %13 = stablehlo.add %11, %12 : tensor<32x64xf32>
    %14 = stablehlo.multiply %arg13, %13 : tensor<32x64xf32>
    %15 = stablehlo.multiply %13, %arg12 : tensor<32x64xf32>
    %16 = stablehlo.multiply %10, %arg11 : tensor<32x64xf32>
    %17 = stablehlo.multiply %15, %arg10 : tensor<32x64xf32>
    %18 = stablehlo.concatenate %17, %16, %14, dim = 1 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x192xf32>
    %19 = stablehlo.concatenate %17, %16, %13, dim = 1 : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x192xf32>
    %20 = stablehlo.dot_general %18, %arg9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x192xf32>, tensor<32x64xf32>) -> tensor<192x64xf32>
    %21 = stablehlo.transpose %20, dims = [1, 0] : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %22 = stablehlo.add %arg4, %21 : tensor<64x192xf32>
    %23 = stablehlo.dot_general %18, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x192xf32>, tensor<64x192xf32>) -> tensor<32x64xf32>
    %24 = stablehlo.add %5, %23 : tensor<32x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%19 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<32x192xf32>, tensor<f32>) -> tensor<192xf32>
    %26 = stablehlo.reshape %25 : (tensor<192xf32>) -> tensor<1x192xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<1x192xf32>, tensor<f32>) -> tensor<192xf32>
    %28 = stablehlo.add %arg3, %27 : tensor<192xf32>
    %29 = stablehlo.dot_general %19, %arg8, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x192xf32>, tensor<32x16xf32>) -> tensor<192x16xf32>
    %30 = stablehlo.transpose %29, dims = [1, 0] : (tensor<192x16xf32>) -> tensor<16x192xf32>
    %31 = stablehlo.add %arg2, %30 : tensor<16x192xf32>
    return %31, %28, %22, %2, %24 : tensor<16x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<64x1xf32>, tensor<32x64xf32>
  }
}
