module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512xf32>, %arg1: tensor<128x10xf32>, %arg2: tensor<160x512xf32>, %arg3: tensor<32x16x32xf32>, %arg4: tensor<16xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<512xf32> {jax.result_info = "result[1]"}, tensor<128x10xf32> {jax.result_info = "result[2]"}, tensor<160x512xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x16x160xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<32x16x128xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %14:18 = stablehlo.while(%iterArg = %arg3, %iterArg_20 = %arg2, %iterArg_21 = %1, %iterArg_22 = %c, %iterArg_23 = %0, %iterArg_24 = %0, %iterArg_25 = %2, %iterArg_26 = %3, %iterArg_27 = %4, %iterArg_28 = %5, %iterArg_29 = %6, %iterArg_30 = %7, %iterArg_31 = %8, %iterArg_32 = %9, %iterArg_33 = %10, %iterArg_34 = %11, %iterArg_35 = %12, %iterArg_36 = %13) : tensor<32x16x32xf32>, tensor<160x512xf32>, tensor<1x512xf32>, tensor<i32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<32x16x160xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>
    cond {
      %c_37 = stablehlo.constant dense<32> : tensor<i32>
      %34 = stablehlo.compare LT, %iterArg_22, %c_37, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %34 : tensor<i1>
    } do {
      %34 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_22) : (tensor<32x16x32xf32>, tensor<i32>) -> tensor<16x32xf32>
      %35:14 = func.call @closed_call(%iterArg_20, %iterArg_21, %iterArg_23, %iterArg_24, %34) : (tensor<160x512xf32>, tensor<1x512xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x32xf32>) -> (tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x160xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>)
      %36 = func.call @dynamic_update_index_in_dim(%iterArg_25, %35#2, %iterArg_22) : (tensor<32x16x160xf32>, tensor<16x160xf32>, tensor<i32>) -> tensor<32x16x160xf32>
      %37 = func.call @dynamic_update_index_in_dim_0(%iterArg_26, %35#3, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %38 = func.call @dynamic_update_index_in_dim_0(%iterArg_27, %35#4, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %39 = func.call @dynamic_update_index_in_dim_0(%iterArg_28, %35#5, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %40 = func.call @dynamic_update_index_in_dim_0(%iterArg_29, %35#6, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %41 = func.call @dynamic_update_index_in_dim_0(%iterArg_30, %35#7, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %42 = func.call @dynamic_update_index_in_dim_0(%iterArg_31, %35#8, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %43 = func.call @dynamic_update_index_in_dim_0(%iterArg_32, %35#9, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %44 = func.call @dynamic_update_index_in_dim_0(%iterArg_33, %35#10, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %45 = func.call @dynamic_update_index_in_dim_0(%iterArg_34, %35#11, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %46 = func.call @dynamic_update_index_in_dim_0(%iterArg_35, %35#12, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %47 = func.call @dynamic_update_index_in_dim_0(%iterArg_36, %35#13, %iterArg_22) : (tensor<32x16x128xf32>, tensor<16x128xf32>, tensor<i32>) -> tensor<32x16x128xf32>
      %c_37 = stablehlo.constant dense<1> : tensor<i32>
      %48 = stablehlo.add %iterArg_22, %c_37 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_20, %iterArg_21, %48, %35#0, %35#1, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47 : tensor<32x16x32xf32>, tensor<160x512xf32>, tensor<1x512xf32>, tensor<i32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<32x16x160xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>
    }
    %15 = stablehlo.dot_general %14#4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x128xf32>, tensor<128x10xf32>) -> tensor<16x10xf32>
    %16:3 = call @log_softmax(%15) : (tensor<16x10xf32>) -> (tensor<16x10xf32>, tensor<16x10xf32>, tensor<16x1xf32>)
    %17 = stablehlo.broadcast_in_dim %arg4, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %18:2 = call @take_along_axis(%16#0, %17) : (tensor<16x10xf32>, tensor<16x1xi32>) -> (tensor<16x1xf32>, tensor<16x1x1xi32>)
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18#0 init: %cst_12) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_13 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %20 = stablehlo.divide %19, %cst_13 : tensor<f32>
    %21 = stablehlo.negate %20 : tensor<f32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.negate %cst_14 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %23 = stablehlo.divide %22, %cst_15 : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %25 = call @take_along_axis_1(%18#1, %24) : (tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x10xf32>
    %26 = call @log_softmax_2(%16#1, %16#2, %25) : (tensor<16x10xf32>, tensor<16x1xf32>, tensor<16x10xf32>) -> tensor<16x10xf32>
    %27 = stablehlo.dot_general %26, %14#4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x10xf32>, tensor<16x128xf32>) -> tensor<10x128xf32>
    %28 = stablehlo.transpose %27, dims = [1, 0] : (tensor<10x128xf32>) -> tensor<128x10xf32>
    %29 = stablehlo.dot_general %26, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x10xf32>, tensor<128x10xf32>) -> tensor<16x128xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<160x512xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %33:18 = stablehlo.while(%iterArg = %14#6, %iterArg_20 = %14#7, %iterArg_21 = %14#8, %iterArg_22 = %14#9, %iterArg_23 = %14#10, %iterArg_24 = %14#11, %iterArg_25 = %14#12, %iterArg_26 = %14#13, %iterArg_27 = %14#14, %iterArg_28 = %14#15, %iterArg_29 = %14#16, %iterArg_30 = %14#17, %iterArg_31 = %arg2, %iterArg_32 = %c_19, %iterArg_33 = %31, %iterArg_34 = %32, %iterArg_35 = %29, %iterArg_36 = %30) : tensor<32x16x160xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<160x512xf32>, tensor<i32>, tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>
    cond {
      %c_37 = stablehlo.constant dense<32> : tensor<i32>
      %34 = stablehlo.compare LT, %iterArg_32, %c_37, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %34 : tensor<i1>
    } do {
      %c_37 = stablehlo.constant dense<32> : tensor<i32>
      %34 = stablehlo.subtract %c_37, %iterArg_32 : tensor<i32>
      %c_38 = stablehlo.constant dense<1> : tensor<i32>
      %35 = stablehlo.subtract %34, %c_38 : tensor<i32>
      %36 = func.call @dynamic_index_in_dim_3(%iterArg, %35) : (tensor<32x16x160xf32>, tensor<i32>) -> tensor<16x160xf32>
      %37 = func.call @dynamic_index_in_dim_4(%iterArg_20, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %38 = func.call @dynamic_index_in_dim_4(%iterArg_21, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %39 = func.call @dynamic_index_in_dim_4(%iterArg_22, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %40 = func.call @dynamic_index_in_dim_4(%iterArg_23, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %41 = func.call @dynamic_index_in_dim_4(%iterArg_24, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %42 = func.call @dynamic_index_in_dim_4(%iterArg_25, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %43 = func.call @dynamic_index_in_dim_4(%iterArg_26, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %44 = func.call @dynamic_index_in_dim_4(%iterArg_27, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %45 = func.call @dynamic_index_in_dim_4(%iterArg_28, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %46 = func.call @dynamic_index_in_dim_4(%iterArg_29, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %47 = func.call @dynamic_index_in_dim_4(%iterArg_30, %35) : (tensor<32x16x128xf32>, tensor<i32>) -> tensor<16x128xf32>
      %48:4 = func.call @closed_call_5(%iterArg_31, %iterArg_33, %iterArg_34, %iterArg_35, %iterArg_36, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47) : (tensor<160x512xf32>, tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x160xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>) -> (tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>)
      %c_39 = stablehlo.constant dense<1> : tensor<i32>
      %49 = stablehlo.add %iterArg_32, %c_39 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_20, %iterArg_21, %iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %iterArg_26, %iterArg_27, %iterArg_28, %iterArg_29, %iterArg_30, %iterArg_31, %49, %48#0, %48#1, %48#2, %48#3 : tensor<32x16x160xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<32x16x128xf32>, tensor<160x512xf32>, tensor<i32>, tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>
    }
    return %21, %33#15, %28, %33#14 : tensor<f32>, tensor<512xf32>, tensor<128x10xf32>, tensor<160x512xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<32x16x32xf32>, %arg1: tensor<i32>) -> tensor<16x32xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 16, 32] : (tensor<32x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x16x32xf32>) -> tensor<16x32xf32>
    return %1 : tensor<16x32xf32>
  }
  func.func private @closed_call(%arg0: tensor<160x512xf32>, %arg1: tensor<1x512xf32>, %arg2: tensor<16x128xf32>, %arg3: tensor<16x128xf32>, %arg4: tensor<16x32xf32>) -> (tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x160xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>) {
    %0 = stablehlo.concatenate %arg4, %arg2, dim = 1 : (tensor<16x32xf32>, tensor<16x128xf32>) -> tensor<16x160xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x160xf32>, tensor<160x512xf32>) -> tensor<16x512xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<16x512xf32>
    %3 = stablehlo.add %1, %2 : tensor<16x512xf32>
    %4 = stablehlo.slice %3 [0:16, 0:128] : (tensor<16x512xf32>) -> tensor<16x128xf32>
    %5 = stablehlo.slice %3 [0:16, 128:256] : (tensor<16x512xf32>) -> tensor<16x128xf32>
    %6 = stablehlo.slice %3 [0:16, 256:384] : (tensor<16x512xf32>) -> tensor<16x128xf32>
    %7 = stablehlo.slice %3 [0:16, 384:512] : (tensor<16x512xf32>) -> tensor<16x128xf32>
    %8 = stablehlo.negate %5 : tensor<16x128xf32>
    %9 = stablehlo.exponential %8 : tensor<16x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %11 = stablehlo.add %10, %9 : tensor<16x128xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %13 = stablehlo.divide %12, %11 : tensor<16x128xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %15 = stablehlo.subtract %14, %13 : tensor<16x128xf32>
    %16 = stablehlo.multiply %13, %15 : tensor<16x128xf32>
    %17 = stablehlo.multiply %13, %arg3 : tensor<16x128xf32>
    %18 = stablehlo.negate %4 : tensor<16x128xf32>
    %19 = stablehlo.exponential %18 : tensor<16x128xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %21 = stablehlo.add %20, %19 : tensor<16x128xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %23 = stablehlo.divide %22, %21 : tensor<16x128xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %25 = stablehlo.subtract %24, %23 : tensor<16x128xf32>
    %26 = stablehlo.multiply %23, %25 : tensor<16x128xf32>
    %27 = stablehlo.tanh %6 : tensor<16x128xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %29 = stablehlo.subtract %28, %27 : tensor<16x128xf32>
    %30 = stablehlo.multiply %23, %27 : tensor<16x128xf32>
    %31 = stablehlo.add %17, %30 : tensor<16x128xf32>
    %32 = stablehlo.negate %7 : tensor<16x128xf32>
    %33 = stablehlo.exponential %32 : tensor<16x128xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %35 = stablehlo.add %34, %33 : tensor<16x128xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %37 = stablehlo.divide %36, %35 : tensor<16x128xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %39 = stablehlo.subtract %38, %37 : tensor<16x128xf32>
    %40 = stablehlo.multiply %37, %39 : tensor<16x128xf32>
    %41 = stablehlo.tanh %31 : tensor<16x128xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16x128xf32>
    %43 = stablehlo.subtract %42, %41 : tensor<16x128xf32>
    %44 = stablehlo.multiply %37, %41 : tensor<16x128xf32>
    return %44, %31, %0, %16, %arg3, %13, %26, %27, %29, %23, %40, %41, %43, %37 : tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x160xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<32x16x160xf32>, %arg1: tensor<16x160xf32>, %arg2: tensor<i32>) -> tensor<32x16x160xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<16x160xf32>) -> tensor<1x16x160xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x16x160xf32>, tensor<1x16x160xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x16x160xf32>
    return %1 : tensor<32x16x160xf32>
  }
  func.func private @dynamic_update_index_in_dim_0(%arg0: tensor<32x16x128xf32>, %arg1: tensor<16x128xf32>, %arg2: tensor<i32>) -> tensor<32x16x128xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<16x128xf32>) -> tensor<1x16x128xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x16x128xf32>, tensor<1x16x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x16x128xf32>
    return %1 : tensor<32x16x128xf32>
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
  func.func private @take_along_axis_1(%arg0: tensor<16x1x1xi32>, %arg1: tensor<16x1xf32>) -> tensor<16x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<16x10xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x10xf32>
    return %1 : tensor<16x10xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<16x10xf32>, %arg1: tensor<16x1xf32>, %arg2: tensor<16x10xf32>) -> tensor<16x10xf32> {
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
  func.func private @dynamic_index_in_dim_3(%arg0: tensor<32x16x160xf32>, %arg1: tensor<i32>) -> tensor<16x160xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 16, 160] : (tensor<32x16x160xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x160xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x16x160xf32>) -> tensor<16x160xf32>
    return %1 : tensor<16x160xf32>
  }
  func.func private @dynamic_index_in_dim_4(%arg0: tensor<32x16x128xf32>, %arg1: tensor<i32>) -> tensor<16x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 16, 128] : (tensor<32x16x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x16x128xf32>) -> tensor<16x128xf32>
    return %1 : tensor<16x128xf32>
  }
  func.func private @closed_call_5(%arg0: tensor<160x512xf32>, %arg1: tensor<160x512xf32>, %arg2: tensor<512xf32>, %arg3: tensor<16x128xf32>, %arg4: tensor<16x128xf32>, %arg5: tensor<16x160xf32>, %arg6: tensor<16x128xf32>, %arg7: tensor<16x128xf32>, %arg8: tensor<16x128xf32>, %arg9: tensor<16x128xf32>, %arg10: tensor<16x128xf32>, %arg11: tensor<16x128xf32>, %arg12: tensor<16x128xf32>, %arg13: tensor<16x128xf32>, %arg14: tensor<16x128xf32>, %arg15: tensor<16x128xf32>, %arg16: tensor<16x128xf32>) -> (tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>) {
    %0 = stablehlo.multiply %arg16, %arg3 : tensor<16x128xf32>
    %1 = stablehlo.multiply %arg3, %arg14 : tensor<16x128xf32>
    %2 = stablehlo.multiply %0, %arg15 : tensor<16x128xf32>
    %3 = stablehlo.add %arg4, %2 : tensor<16x128xf32>
    %4 = stablehlo.multiply %2, %arg14 : tensor<16x128xf32>
    %5 = stablehlo.add %3, %4 : tensor<16x128xf32>
    %6 = stablehlo.multiply %1, %arg13 : tensor<16x128xf32>
    %7 = stablehlo.multiply %arg12, %5 : tensor<16x128xf32>
    %8 = stablehlo.multiply %5, %arg10 : tensor<16x128xf32>
    %9 = stablehlo.multiply %7, %arg11 : tensor<16x128xf32>
    %10 = stablehlo.multiply %9, %arg10 : tensor<16x128xf32>
    %11 = stablehlo.add %9, %10 : tensor<16x128xf32>
    %12 = stablehlo.multiply %8, %arg9 : tensor<16x128xf32>
    %13 = stablehlo.multiply %arg8, %5 : tensor<16x128xf32>
    %14 = stablehlo.multiply %5, %arg7 : tensor<16x128xf32>
    %15 = stablehlo.multiply %14, %arg6 : tensor<16x128xf32>
    %16 = stablehlo.concatenate %12, %15, %11, %6, dim = 1 : (tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x512xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<16x512xf32>, tensor<f32>) -> tensor<512xf32>
    %18 = stablehlo.reshape %17 : (tensor<512xf32>) -> tensor<1x512xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<1x512xf32>, tensor<f32>) -> tensor<512xf32>
    %20 = stablehlo.add %arg2, %19 : tensor<512xf32>
    %21 = stablehlo.dot_general %16, %arg5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x512xf32>, tensor<16x160xf32>) -> tensor<512x160xf32>
    %22 = stablehlo.transpose %21, dims = [1, 0] : (tensor<512x160xf32>) -> tensor<160x512xf32>
    %23 = stablehlo.add %arg1, %22 : tensor<160x512xf32>
    %24 = stablehlo.dot_general %16, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x512xf32>, tensor<160x512xf32>) -> tensor<16x160xf32>
    %25 = stablehlo.slice %24 [0:16, 0:32] : (tensor<16x160xf32>) -> tensor<16x32xf32>
    %26 = stablehlo.slice %24 [0:16, 32:160] : (tensor<16x160xf32>) -> tensor<16x128xf32>
    return %23, %20, %26, %13 : tensor<160x512xf32>, tensor<512xf32>, tensor<16x128xf32>, tensor<16x128xf32>
  }
}
