module @jit_rnn_scan_forward_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<5x2x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1][0]"}, tensor<3x4xf32> {jax.result_info = "result[1][1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:7 = stablehlo.while(%iterArg = %arg3, %iterArg_18 = %arg0, %iterArg_19 = %arg1, %iterArg_20 = %arg2, %iterArg_21 = %c, %iterArg_22 = %0, %iterArg_23 = %1) : tensor<5x2x3xf32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<5xf32>
    cond {
      %c_24 = stablehlo.constant dense<5> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_21, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_21) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %28:2 = func.call @closed_call(%iterArg_18, %iterArg_19, %iterArg_20, %iterArg_22, %27) : (tensor<4x4xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<f32>)
      %29 = func.call @dynamic_update_index_in_dim(%iterArg_23, %28#1, %iterArg_21) : (tensor<5xf32>, tensor<f32>, tensor<i32>) -> tensor<5xf32>
      %c_24 = stablehlo.constant dense<1> : tensor<i32>
      %30 = stablehlo.add %iterArg_21, %c_24 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_18, %iterArg_19, %iterArg_20, %30, %28#0, %29 : tensor<5x2x3xf32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<5xf32>
    }
    %3 = stablehlo.multiply %2#5, %2#5 : tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%2#6 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %6 = stablehlo.add %4, %5 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5x2x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x2x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<5x2x4xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %13:10 = stablehlo.while(%iterArg = %arg3, %iterArg_18 = %arg0, %iterArg_19 = %arg1, %iterArg_20 = %8, %iterArg_21 = %c_8, %iterArg_22 = %7, %iterArg_23 = %9, %iterArg_24 = %10, %iterArg_25 = %11, %iterArg_26 = %12) : tensor<5x2x3xf32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<5xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>
    cond {
      %c_27 = stablehlo.constant dense<5> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_21, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_21) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %28:5 = func.call @closed_call_0(%iterArg_18, %iterArg_19, %iterArg_20, %iterArg_22, %27) : (tensor<4x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<f32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
      %29 = func.call @dynamic_update_index_in_dim(%iterArg_23, %28#1, %iterArg_21) : (tensor<5xf32>, tensor<f32>, tensor<i32>) -> tensor<5xf32>
      %30 = func.call @dynamic_update_index_in_dim_1(%iterArg_24, %28#2, %iterArg_21) : (tensor<5x2x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<5x2x4xf32>
      %31 = func.call @dynamic_update_index_in_dim_1(%iterArg_25, %28#3, %iterArg_21) : (tensor<5x2x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<5x2x4xf32>
      %32 = func.call @dynamic_update_index_in_dim_1(%iterArg_26, %28#4, %iterArg_21) : (tensor<5x2x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<5x2x4xf32>
      %c_27 = stablehlo.constant dense<1> : tensor<i32>
      %33 = stablehlo.add %iterArg_21, %c_27 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_18, %iterArg_19, %iterArg_20, %33, %28#0, %29, %30, %31, %32 : tensor<5x2x3xf32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<2x4xf32>, tensor<5xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>
    }
    %14 = stablehlo.multiply %13#5, %13#5 : tensor<2x4xf32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %16 = stablehlo.multiply %15, %13#5 : tensor<2x4xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%14 init: %cst_10) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%13#6 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %19 = stablehlo.add %17, %18 : tensor<f32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %23 = stablehlo.multiply %22, %16 : tensor<2x4xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %26:10 = stablehlo.while(%iterArg = %21, %iterArg_18 = %13#7, %iterArg_19 = %arg3, %iterArg_20 = %13#8, %iterArg_21 = %13#9, %iterArg_22 = %arg0, %iterArg_23 = %c_17, %iterArg_24 = %24, %iterArg_25 = %25, %iterArg_26 = %23) : tensor<5xf32>, tensor<5x2x4xf32>, tensor<5x2x3xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>
    cond {
      %c_27 = stablehlo.constant dense<5> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_23, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %c_27 = stablehlo.constant dense<5> : tensor<i32>
      %27 = stablehlo.subtract %c_27, %iterArg_23 : tensor<i32>
      %c_28 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.subtract %27, %c_28 : tensor<i32>
      %29 = func.call @dynamic_index_in_dim_2(%iterArg, %28) : (tensor<5xf32>, tensor<i32>) -> tensor<f32>
      %30 = func.call @dynamic_index_in_dim_3(%iterArg_18, %28) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %31 = func.call @dynamic_index_in_dim(%iterArg_19, %28) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %32 = func.call @dynamic_index_in_dim_3(%iterArg_20, %28) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %33 = func.call @dynamic_index_in_dim_3(%iterArg_21, %28) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %34:3 = func.call @closed_call_4(%iterArg_22, %iterArg_24, %iterArg_25, %iterArg_26, %29, %30, %31, %32, %33) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>, tensor<f32>, tensor<2x4xf32>, tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>)
      %c_29 = stablehlo.constant dense<1> : tensor<i32>
      %35 = stablehlo.add %iterArg_23, %c_29 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_18, %iterArg_19, %iterArg_20, %iterArg_21, %iterArg_22, %35, %34#0, %34#1, %34#2 : tensor<5xf32>, tensor<5x2x4xf32>, tensor<5x2x3xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>
    }
    return %6, %26#7, %26#8 : tensor<f32>, tensor<4x4xf32>, tensor<3x4xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2x3xf32>, %arg1: tensor<i32>) -> tensor<2x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 3] : (tensor<5x2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
  func.func private @closed_call(%arg0: tensor<4x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<2x4xf32>, %arg4: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<f32>) {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x4xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<2x4xf32>
    %5 = stablehlo.add %2, %4 : tensor<2x4xf32>
    %6 = stablehlo.tanh %5 : tensor<2x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
    return %6, %7 : tensor<2x4xf32>, tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<5xf32>, tensor<1xf32>, tensor<i32>) -> tensor<5xf32>
    return %1 : tensor<5xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<4x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<1x4xf32>, %arg3: tensor<2x4xf32>, %arg4: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<f32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x4xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<2x4xf32>
    %4 = stablehlo.add %2, %3 : tensor<2x4xf32>
    %5 = stablehlo.tanh %4 : tensor<2x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<2x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
    return %5, %8, %arg3, %5, %7 : tensor<2x4xf32>, tensor<f32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
  func.func private @dynamic_update_index_in_dim_1(%arg0: tensor<5x2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<i32>) -> tensor<5x2x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x2x4xf32>, tensor<1x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x2x4xf32>
    return %1 : tensor<5x2x4xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<5xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @dynamic_index_in_dim_3(%arg0: tensor<5x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 4] : (tensor<5x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func private @closed_call_4(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<2x4xf32>, %arg4: tensor<f32>, %arg5: tensor<2x4xf32>, %arg6: tensor<2x3xf32>, %arg7: tensor<2x4xf32>, %arg8: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.add %arg3, %0 : tensor<2x4xf32>
    %2 = stablehlo.multiply %1, %arg8 : tensor<2x4xf32>
    %3 = stablehlo.multiply %2, %arg7 : tensor<2x4xf32>
    %4 = stablehlo.add %2, %3 : tensor<2x4xf32>
    %5 = stablehlo.dot_general %4, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %6 = stablehlo.transpose %5, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x4xf32>
    %8 = stablehlo.dot_general %4, %arg5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
    %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %10 = stablehlo.add %arg1, %9 : tensor<4x4xf32>
    %11 = stablehlo.dot_general %4, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    return %10, %7, %11 : tensor<4x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>
  }
}
