module @jit_grad_through_scan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3:6 = stablehlo.while(%iterArg = %arg0, %iterArg_7 = %arg1, %iterArg_8 = %c, %iterArg_9 = %0, %iterArg_10 = %1, %iterArg_11 = %2) : tensor<5xf32>, tensor<5xf32>, tensor<i32>, tensor<5xf32>, tensor<5x5xf32>, tensor<5x5xf32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg_8, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %9 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_8) : (tensor<5xf32>, tensor<i32>) -> tensor<f32>
      %10:3 = func.call @closed_call(%iterArg_7, %iterArg_9, %9) : (tensor<5xf32>, tensor<5xf32>, tensor<f32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>)
      %11 = func.call @dynamic_update_index_in_dim(%iterArg_10, %10#1, %iterArg_8) : (tensor<5x5xf32>, tensor<5xf32>, tensor<i32>) -> tensor<5x5xf32>
      %12 = func.call @dynamic_update_index_in_dim(%iterArg_11, %10#2, %iterArg_8) : (tensor<5x5xf32>, tensor<5xf32>, tensor<i32>) -> tensor<5x5xf32>
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_8, %c_12 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_7, %13, %10#0, %11, %12 : tensor<5xf32>, tensor<5xf32>, tensor<i32>, tensor<5xf32>, tensor<5x5xf32>, tensor<5x5xf32>
    }
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3#3 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %8:6 = stablehlo.while(%iterArg = %3#4, %iterArg_7 = %3#5, %iterArg_8 = %arg1, %iterArg_9 = %c_6, %iterArg_10 = %7, %iterArg_11 = %6) : tensor<5x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<i32>, tensor<5xf32>, tensor<5xf32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg_9, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %9 = stablehlo.subtract %c_12, %iterArg_9 : tensor<i32>
      %c_13 = stablehlo.constant dense<1> : tensor<i32>
      %10 = stablehlo.subtract %9, %c_13 : tensor<i32>
      %11 = func.call @dynamic_index_in_dim_0(%iterArg, %10) : (tensor<5x5xf32>, tensor<i32>) -> tensor<5xf32>
      %12 = func.call @dynamic_index_in_dim_0(%iterArg_7, %10) : (tensor<5x5xf32>, tensor<i32>) -> tensor<5xf32>
      %13:2 = func.call @closed_call_1(%iterArg_8, %iterArg_10, %iterArg_11, %11, %12) : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>)
      %c_14 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_9, %c_14 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_7, %iterArg_8, %14, %13#0, %13#1 : tensor<5x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<i32>, tensor<5xf32>, tensor<5xf32>
    }
    return %8#4 : tensor<5xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @closed_call(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<f32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.add %0, %1 : tensor<5xf32>
    %3 = stablehlo.sine %2 : tensor<5xf32>
    %4 = stablehlo.cosine %2 : tensor<5xf32>
    return %3, %arg1, %4 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<i32>) -> tensor<5x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<5x5xf32>, tensor<1x5xf32>, tensor<i32>, tensor<i32>) -> tensor<5x5xf32>
    return %1 : tensor<5x5xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<5x5xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 5] : (tensor<5x5xf32>, tensor<i32>, tensor<i32>) -> tensor<1x5xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x5xf32>) -> tensor<5xf32>
    return %1 : tensor<5xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<5xf32>, %arg3: tensor<5xf32>, %arg4: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
    %0 = stablehlo.multiply %arg2, %arg4 : tensor<5xf32>
    %1 = stablehlo.multiply %arg3, %0 : tensor<5xf32>
    %2 = stablehlo.add %arg1, %1 : tensor<5xf32>
    %3 = stablehlo.multiply %0, %arg0 : tensor<5xf32>
    return %2, %3 : tensor<5xf32>, tensor<5xf32>
  }
}
